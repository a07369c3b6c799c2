/**
 * The far end of the bridge emulator's virtual clock, at the lowest layer: a serialport binding that
 * wraps the real one and takes the emulator's time marks (frames of type 0x7F that no board sends;
 * firmware-bridge/PROTOCOL.md, "The emulator's virtual clock") out of the byte stream. Everything else
 * reaches the bridge driver untouched, through the real binding and the real driver. A mark is applied
 * only once every byte before it has been handed to the driver, so the driver stamps each frame with
 * the virtual millisecond at which the emulated board wrote it.
 */
import type { SerialBinding } from "../devices/bridge/index.js";
import { cobsDecode, crc16, PROTOCOL_VERSION } from "../devices/bridge/index.js";

/** The frame type of the emulator's time marks. */
export const EMULATOR_TIME_TYPE = 0x7f;

/** A time mark: frames after it were written at `ms`; `done` says the emulator has reached `ms`. */
export interface TimeMark {
  readonly ms: number;
  readonly done: boolean;
}

type Item = { bytes: Buffer } | { mark: TimeMark };

/** Reads a COBS segment (between two 0x00) as a time mark, or undefined if it is anything else. */
export function readTimeMark(segment: Uint8Array): TimeMark | undefined {
  const raw = cobsDecode(segment);
  // version, type, seq16, ms u32, done u8, crc16
  if (raw === undefined || raw.length !== 11) return undefined;
  if (raw[0] !== PROTOCOL_VERSION || raw[1] !== EMULATOR_TIME_TYPE) return undefined;
  if (crc16(raw.subarray(0, 9)) !== raw.readUInt16BE(9)) return undefined;
  return { ms: raw.readUInt32BE(4), done: raw[8] === 1 };
}

/**
 * Splits a byte stream into bytes and time marks. A segment is held back until its closing 0x00: only
 * then is it known whether it is a mark.
 */
export class MarkSplitter {
  private held: number[] = [];

  /** The items of one chunk, in stream order. */
  push(chunk: Uint8Array): Item[] {
    const out: Item[] = [];
    let plain: number[] = [];
    const flush = () => {
      if (plain.length > 0) out.push({ bytes: Buffer.from(plain) });
      plain = [];
    };
    for (const byte of chunk) {
      if (byte !== 0) {
        this.held.push(byte);
        continue;
      }
      // A 0x00 that ends nothing is the gap between two delimiters: it carries nothing (PROTOCOL.md).
      if (this.held.length === 0) continue;
      const mark = readTimeMark(Uint8Array.from(this.held));
      if (mark !== undefined) {
        flush();
        out.push({ mark });
      } else {
        plain.push(0, ...this.held, 0);
      }
      this.held = [];
    }
    flush();
    return out;
  }
}

type Port = Awaited<ReturnType<SerialBinding["open"]>>;

/**
 * `binding` with the emulator's time marks taken out: `onMark` hears each one when every byte written
 * before it has been read by the port's user (it runs before the next read resolves).
 */
export function markedBinding(binding: SerialBinding, onMark: (mark: TimeMark) => void): SerialBinding {
  return {
    list: () => binding.list(),
    async open(options) {
      const port: Port = await binding.open(options);
      const splitter = new MarkSplitter();
      const queue: Item[] = [];
      const scratch = Buffer.alloc(4096);
      const read: Port["read"] = async (buffer, offset, length) => {
        for (;;) {
          const item = queue[0];
          if (item === undefined) {
            const r = await port.read(scratch, 0, scratch.length);
            queue.push(...splitter.push(scratch.subarray(0, r.bytesRead)));
            continue;
          }
          if ("mark" in item) {
            queue.shift();
            onMark(item.mark);
            continue;
          }
          const n = Math.min(length, item.bytes.length);
          item.bytes.copy(buffer, offset, 0, n);
          if (n === item.bytes.length) queue.shift();
          else queue[0] = { bytes: item.bytes.subarray(n) };
          return { buffer, bytesRead: n };
        }
      };
      // The port's own methods read its state through `this`: call them on it.
      return new Proxy(port, {
        get(target, key) {
          if (key === "read") return read;
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
        set(target, key, value) {
          return Reflect.set(target, key, value, target);
        },
      });
    },
  };
}
