/**
 * A simulated Waveshare e-paper module behind serialport's mock binding: it parses what the
 * host writes with the production frame decoder, records each command and answers
 * "OK" / "Error:N", after a per-command delay (a full refresh takes seconds). Knobs are plain fields.
 */
import { SerialPortMock } from "serialport";
import { Cmd, decodeFrame } from "../../../src/devices/epaper/frame.js";
import type { PortFactory } from "../../../src/devices/epaper/panel.js";

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
  binding: MockPortBinding | null = null;
  serial: SerialPortMock | null = null;
  private buffer = Buffer.alloc(0);

  /** The port factory to give the driver. */
  readonly openPort: PortFactory = (path, baudRate) => {
    const serial = new SerialPortMock({ path, baudRate, autoOpen: false });
    serial.on("open", () => this.attach(serial));
    this.serial = serial;
    return serial;
  };

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
      if (this.autoReply) this.answer(frame.cmd);
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
