/**
 * The dealer panel's twin: a simulated Waveshare e-paper module behind serialport's mock binding. It
 * parses what the host writes with the production frame decoder, records each command and answers
 * "OK" / "Error:N", after a per-command delay (a full refresh takes seconds). Fault knobs are plain
 * fields and calls: `autoReply = false` (hung), `dropFrames` (the next frames are lost unanswered),
 * `errorFor` (answer a command "Error:N"), `unplug()` (the port closes under the driver) and `plugged`
 * (opens fail while false). Production code never imports it.
 */
import { SerialPortMock } from "serialport";
import { Cmd, decodeFrame } from "./frame.js";
import type { PortFactory } from "./panel.js";

/** The mock binding's open port (its package exports no types to ESM importers). */
type MockPortBinding = NonNullable<SerialPortMock["port"]>;

export class MockPanel {
  /** Commands received, in order. */
  readonly received: { cmd: number; data: Buffer }[] = [];
  /** Answer each frame (off: the module is hung). */
  autoReply = true;
  /** Commands answered with "Error:N" instead of "OK". */
  readonly errorFor = new Map<number, number>();
  /** Milliseconds before the answer, per command. */
  readonly delayFor = new Map<number, number>([[Cmd.refresh, 3000]]);
  /** Fault knob: the next this many frames are lost (no answer: the driver times out). */
  dropFrames = 0;
  /** Fault knob: while false the module is not on the bus (opening its port fails). */
  plugged = true;
  binding: MockPortBinding | null = null;
  serial: SerialPortMock | null = null;
  private buffer = Buffer.alloc(0);

  /** With a path, the mock binding's port is created there (a test that resets the binding creates its own). */
  constructor(path?: string) {
    if (path !== undefined) SerialPortMock.binding.createPort(path, { record: true });
  }

  /** The port factory to give the driver. */
  readonly openPort: PortFactory = (path, baudRate) => {
    const serial = new SerialPortMock({ path, baudRate, autoOpen: false });
    if (!this.plugged) {
      // What the real binding says for a missing device node.
      const open = (callback: (error: Error | null) => void) =>
        process.nextTick(() => callback(new Error(`Error: No such file or directory, cannot open ${path}`)));
      return Object.assign(serial, { open });
    }
    serial.on("open", () => this.attach(serial));
    this.serial = serial;
    this.buffer = Buffer.alloc(0);
    return serial;
  };

  /** Fault knob: pulls the cable: the port closes under the driver and opens fail until `replug()`. */
  unplug(): void {
    this.plugged = false;
    const serial = this.serial;
    this.serial = null;
    this.binding = null;
    if (serial?.isOpen) serial.close();
  }

  /** Puts the cable back: the next open succeeds. */
  replug(): void {
    this.plugged = true;
  }

  /** Commands received, as their codes. */
  get commands(): number[] {
    return this.received.map((f) => f.cmd);
  }

  /** Sends raw bytes to the host as if the module had written them. */
  say(text: string | Buffer): void {
    this.binding!.emitData(text);
  }

  private attach(serial: SerialPortMock): void {
    const binding = serial.port!;
    this.binding = binding;
    const write = binding.write.bind(binding);
    binding.write = async (data: Buffer) => {
      await write(data);
      this.receive(data);
    };
  }

  private receive(data: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, data]);
    while (this.buffer.length >= 3) {
      const length = this.buffer.readUInt16BE(1);
      if (this.buffer.length < length) return;
      const frame = decodeFrame(this.buffer.subarray(0, length));
      this.buffer = this.buffer.subarray(length);
      this.received.push(frame);
      if (this.dropFrames > 0) this.dropFrames--;
      else if (this.autoReply) this.answer(frame.cmd);
    }
  }

  private answer(cmd: number): void {
    const code = this.errorFor.get(cmd);
    const text = code === undefined ? "OK" : `Error:${code}`;
    const delay = this.delayFor.get(cmd) ?? 0;
    const reply = () => {
      if (this.binding?.isOpen) this.binding.emitData(text);
    };
    if (delay === 0) process.nextTick(reply);
    else setTimeout(reply, delay);
  }
}
