/** Frames on the wire: 0x00 | COBS(version | type | seq16 | body | crc16) | 0x00 (PROTOCOL.md, "Framing"). */
import { cobsDecode, cobsEncode } from "./cobs.js";
import { crc16 } from "./crc16.js";
import {
  type FrameError,
  HEADER_SIZE,
  MAX_BODY,
  MAX_ENCODED,
  MIN_FRAME,
  PROTOCOL_VERSION,
} from "./protocol.js";

/** A CRC-checked frame; the body is not yet interpreted. */
export interface Frame {
  type: number;
  seq: number;
  body: Buffer;
}

/** Dropped input by reason, plus the frames that passed. */
export interface DecodeCounters {
  frames: number;
  crc: number;
  cobs: number;
  short: number;
  version: number;
  oversize: number;
  /** Bytes that belonged to no valid frame (garbage and rejected frames). */
  droppedBytes: number;
}

/** Builds the wire form of one frame, delimiters included. */
export function encodeFrame(type: number, seq: number, body: Uint8Array = Buffer.alloc(0)): Buffer {
  if (body.length > MAX_BODY) throw new RangeError(`frame body of ${body.length} bytes exceeds ${MAX_BODY}`);
  const raw = Buffer.alloc(MIN_FRAME + body.length);
  raw[0] = PROTOCOL_VERSION;
  raw[1] = type;
  raw.writeUInt16BE(seq & 0xffff, 2);
  raw.set(body, HEADER_SIZE);
  raw.writeUInt16BE(crc16(raw, 0, raw.length - 2), raw.length - 2);
  // The leading 0x00 confines noise before the frame to a segment of its own (PROTOCOL.md).
  return Buffer.concat([Buffer.of(0), cobsEncode(raw), Buffer.of(0)]);
}

/** Checks one delimited segment (COBS-encoded, without the 0x00s). */
export function decodeSegment(segment: Uint8Array): Frame | FrameError {
  const raw = cobsDecode(segment);
  if (raw === undefined) return "cobs";
  if (raw.length < MIN_FRAME) return "short";
  if (crc16(raw, 0, raw.length - 2) !== raw.readUInt16BE(raw.length - 2)) return "crc";
  if (raw[0] !== PROTOCOL_VERSION) return "version";
  return {
    type: raw[1]!,
    seq: raw.readUInt16BE(2),
    body: raw.subarray(HEADER_SIZE, raw.length - 2),
  };
}

/** Splits a byte stream into frames. Never throws on input: bad bytes are dropped and counted. */
export class FrameDecoder {
  readonly counters: DecodeCounters = {
    frames: 0,
    crc: 0,
    cobs: 0,
    short: 0,
    version: 0,
    oversize: 0,
    droppedBytes: 0,
  };
  private readonly buf = Buffer.alloc(MAX_ENCODED);
  private len = 0;
  /** An oversize segment is skipped up to the next 0x00. */
  private dropping = false;

  /** Feeds a chunk; returns the frames it completed, in order. */
  push(chunk: Uint8Array): Frame[] {
    const frames: Frame[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (b !== 0) {
        if (this.dropping) {
          this.counters.droppedBytes++;
        } else if (this.len === MAX_ENCODED) {
          this.counters.oversize++;
          this.counters.droppedBytes += this.len + 1;
          this.dropping = true;
          this.len = 0;
        } else {
          this.buf[this.len++] = b;
        }
        continue;
      }
      this.dropping = false;
      if (this.len === 0) continue; // an empty segment between two delimiters is normal
      const result = decodeSegment(this.buf.subarray(0, this.len));
      if (typeof result === "string") {
        this.counters[result]++;
        this.counters.droppedBytes += this.len;
      } else {
        this.counters.frames++;
        frames.push(result); // its body lives in a fresh buffer, not in this.buf
      }
      this.len = 0;
    }
    return frames;
  }

  /** Forgets a partial frame (after reopening the port). */
  reset(): void {
    this.len = 0;
    this.dropping = false;
  }
}
