/**
 * The bridge's twin: a board on the other end of serialport's MockBinding. Whoever drives it (a test, a
 * benchmark) speaks for the firmware with the real codec, so everything above the binding is the
 * product's own. The binding wrapper adds what MockBinding lacks: pulling the cable (reads fail with a
 * non-cancel error, as bindings-cpp does on EIO, and opens fail until the cable is back).
 *
 * Fault knobs are plain: `dropFrames` (the line eats the board's next frames), `fault()` (a reader chip
 * reports an error), `unplug()` / `replug()`. The firmware's own core runs in the emulator
 * (src/sim/emulator.ts); this twin is for the cases a test must script byte by byte.
 * Production code never imports it: it is the devices' test double, shipped beside the driver.
 */
import { SerialPortMock } from "serialport";
import type { SerialBinding } from "./index.js";
import {
  type DeviceMessage,
  decodeMessage,
  encodeMessage,
  FrameDecoder,
  type HelloMessage,
  type HostMessage,
} from "./index.js";

// Reached through "serialport": @serialport/binding-mock's own types are invisible to NodeNext resolution.
const MockBinding = SerialPortMock.binding;
type MockPortBinding = Awaited<ReturnType<typeof MockBinding.open>>;
type PortOf<B> = B extends { open(o: never): Promise<infer P> } ? P : never;
type BindingPort = PortOf<SerialBinding>;
type Read = Awaited<ReturnType<BindingPort["read"]>>;

/** A port that can be unplugged: pending and later reads reject like a USB disconnect. */
class UnpluggablePort {
  private unplugReject: ((e: Error) => void) | undefined;
  readonly unplugged: Promise<never>;
  constructor(readonly inner: MockPortBinding) {
    this.unplugged = new Promise<never>((_, reject) => {
      this.unplugReject = reject;
    });
    this.unplugged.catch(() => undefined);
  }
  get openOptions() {
    return this.inner.openOptions;
  }
  get isOpen() {
    return this.inner.isOpen;
  }
  pull(): void {
    // Like bindings-cpp: the port stays "open" until the stream closes it after the failed read.
    this.unplugReject?.(Object.assign(new Error("EIO: i/o error, read"), { code: "EIO" }));
  }
  read(buffer: Buffer, offset: number, length: number): Promise<Read> {
    const r = this.inner.read(buffer, offset, length);
    r.catch(() => undefined);
    return Promise.race([r, this.unplugged]);
  }
  close = () => (this.inner.isOpen ? this.inner.close() : Promise.resolve());
  write = (b: Buffer) => this.inner.write(b);
  update = (o: { baudRate: number }) => this.inner.update(o);
  set = (o: object) => this.inner.set(o);
  get = () => this.inner.get();
  getBaudRate = () => this.inner.getBaudRate();
  flush = () => this.inner.flush();
  drain = () => this.inner.drain();
}

const BOARD: HelloMessage = {
  type: "HELLO",
  seq: 0,
  fwMajor: 1,
  fwMinor: 0,
  fwPatch: 0,
  boardId: "E66038B7134F2A2C",
  bootCounter: 1,
  channels: 4,
  k: 3,
  heartbeatMs: 250,
  maxTags: 48,
  window: 32,
  reason: 0,
};

/** The simulated board plus the binding the transport opens it through. */
export class MockDevice {
  readonly path: string;
  plugged = true;
  port: UnpluggablePort | undefined;
  seq = 0;
  bootCounter = 1;
  /** Fault knob: the board's next this many frames are lost on the line (the host must ask again). */
  dropFrames = 0;
  /** What the host has written, decoded, since the last take(). */
  private received: HostMessage[] = [];
  private decoder = new FrameDecoder();
  private seen = 0;

  constructor(path = `/dev/mock-bridge-${Math.random().toString(36).slice(2)}`) {
    this.path = path;
    MockBinding.createPort(path, { record: true });
  }

  readonly binding: SerialBinding = {
    list: () => MockBinding.list(),
    open: async (options) => {
      if (!this.plugged)
        throw Object.assign(new Error(`ENOENT: no such file ${options.path}`), {
          code: "ENOENT",
        });
      const inner = await MockBinding.open(options);
      this.port = new UnpluggablePort(inner);
      this.seen = 0;
      this.decoder = new FrameDecoder();
      return this.port as unknown as BindingPort;
    },
  };

  /** Raw bytes from the board to the host. */
  emit(bytes: Buffer): void {
    this.port?.inner.emitData(bytes);
  }

  /** Sends a device message; sequenced ones take the next seq unless one is given. */
  send(m: DistributiveOmit<DeviceMessage, "seq"> & { seq?: number }): Buffer {
    let seq = m.seq;
    if (seq === undefined) seq = m.type === "HEARTBEAT" ? (this.seq - 1) & 0xffff : this.seq++ & 0xffff;
    const wire = encodeMessage({ ...m, seq } as DeviceMessage);
    if (this.dropFrames > 0) this.dropFrames--;
    else this.emit(wire);
    return wire;
  }

  /** Boots: HELLO (seq 0) and a snapshot per channel. */
  hello(snapshots: Record<number, string[]> = {}, extra: Partial<HelloMessage> = {}): void {
    this.seq = 0;
    this.send({ ...BOARD, bootCounter: this.bootCounter, ...extra, seq: 0 });
    this.seq = 1;
    const channels = extra.channels ?? BOARD.channels;
    for (let ch = 0; ch < channels; ch++)
      this.send({
        type: "SNAPSHOT",
        channel: ch,
        status: 0,
        tags: snapshots[ch] ?? [],
      });
  }

  heartbeat(): void {
    this.send({
      type: "HEARTBEAT",
      uptimeMs: 1000,
      hostSeq: 0,
      k: 3,
      heartbeatMs: 250,
    });
  }

  /** Fault knob: reader chip `channel` reports error `code` (active), or that it is clear again. */
  fault(channel: number, code: number, active = true): void {
    this.send({ type: "READER_FAULT", channel, active, code });
  }

  /** Host messages written since the last call. */
  take(): HostMessage[] {
    const rec = this.port?.inner.recording ?? Buffer.alloc(0);
    for (const f of this.decoder.push(rec.subarray(this.seen))) {
      const r = decodeMessage(f);
      if (r.ok) this.received.push(r.message as HostMessage);
    }
    this.seen = rec.length;
    const out = this.received;
    this.received = [];
    return out;
  }

  /** Pulls the USB cable. */
  unplug(): void {
    this.plugged = false;
    this.port?.pull();
  }

  replug(): void {
    this.plugged = true;
    this.bootCounter++;
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
