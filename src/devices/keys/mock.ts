/**
 * A twin of the dealer-keys microcontroller: a small Firmata device that answers the real protocol
 * (StandardFirmata 2.5) on a serial port, so the host's johnny-five, firmata.js and serialport 13 are
 * exercised byte for byte, as at the table. It answers the version, firmware, capability and
 * analog-mapping queries, records every pin mode and pin write, reports the keys' ports when the host
 * asks, and presses and releases keys on demand (a key switches its pin to ground against the
 * pull-up). Fault knobs stand in for what a real board does wrong: silence, garbage on the line,
 * dropped key reports, an unplug. Production code never imports it.
 *
 * Over 300 lines on purpose: it is one device's whole side of one protocol (the queries, the pin
 * state and the faults share the parser), which reads best in one place.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { SerialPort } from "serialport";

const REPORT_VERSION = 0xf9;
const START_SYSEX = 0xf0;
const END_SYSEX = 0xf7;
const SET_PIN_MODE = 0xf4;
const SET_DIGITAL_PIN_VALUE = 0xf5;
const DIGITAL_MESSAGE = 0x90;
const ANALOG_MESSAGE = 0xe0;
const REPORT_ANALOG = 0xc0;
const REPORT_DIGITAL = 0xd0;
const SYSTEM_RESET = 0xff;
const QUERY_FIRMWARE = 0x79;
const CAPABILITY_QUERY = 0x6b;
const CAPABILITY_RESPONSE = 0x6c;
const ANALOG_MAPPING_QUERY = 0x69;
const ANALOG_MAPPING_RESPONSE = 0x6a;
const PIN_STATE_QUERY = 0x6d;
const PIN_STATE_RESPONSE = 0x6e;

/** Firmata pin modes the twin offers on every digital pin. */
export const PinMode = { INPUT: 0, OUTPUT: 1, ANALOG: 2, PWM: 3, PULLUP: 0x0b } as const;

/** The StandardFirmata version the twin reports. */
const VERSION = [2, 5] as const;
/** The firmware name it reports (what `queryFirmware` shows). */
const FIRMWARE_NAME = "FeltguardKeysTwin";

export interface FirmataTwinOptions {
  /** The serial path the twin answers on (the far end of a pty pair). */
  path: string;
  /** Digital pins 0…pins-1 (default 54, an Arduino Mega's). */
  pins?: number;
  /** Pins from this one on also read analog (default 54: none). */
  firstAnalog?: number;
}

/** What the host did to one pin, in order. */
export type PinWrite = { pin: number; value: number };

/** Fault knobs: set them at any time. */
export interface TwinFaults {
  /** Answer nothing at all (a board without Firmata, or a wrong baud rate). */
  silent: boolean;
  /** Key reports to drop before sending again (a flaky cable eats them). */
  dropReports: number;
  /** Bytes of line noise sent before each key report (the host must resynchronise). */
  noiseBeforeReport: number[];
}

/** The Firmata device twin on a serial port; open it with {@link FirmataTwin.open}. */
export class FirmataTwin {
  readonly faults: TwinFaults = { silent: false, dropReports: 0, noiseBeforeReport: [] };
  /** Every digital write, in order (from digital-port messages: only the pins that changed). */
  readonly writes: PinWrite[] = [];
  /** Every query and command byte that opened a message, in order (to see the handshake). */
  readonly commands: number[] = [];
  private readonly modes: number[];
  /** Level on each pin: outputs as the host set them, inputs as the wire holds them. */
  private readonly levels: number[];
  private readonly reportedPorts = new Set<number>();
  /** Inputs whose pull-up is on (PULLUP mode, or a high write to an INPUT pin as on an AVR). */
  private readonly pullups = new Set<number>();
  private buffer: number[] = [];
  private readonly waiters: (() => void)[] = [];

  private constructor(
    private readonly port: SerialPort,
    private readonly pinCount: number,
    private readonly firstAnalog: number,
  ) {
    this.modes = Array.from({ length: pinCount }, () => PinMode.OUTPUT);
    // Outputs start low; an input floats high behind its pull-up once the host makes it one.
    this.levels = Array.from({ length: pinCount }, () => 0);
    port.on("data", (data: Buffer) => this.receive(data));
  }

  /** Opens the twin's end of the line. */
  static async open(options: FirmataTwinOptions): Promise<FirmataTwin> {
    const port = new SerialPort({ path: options.path, baudRate: 57600, autoOpen: false });
    await new Promise<void>((resolve, reject) => port.open((e) => (e ? reject(e) : resolve())));
    const pins = options.pins ?? 54;
    return new FirmataTwin(port, pins, options.firstAnalog ?? pins);
  }

  /** The mode the host set on a pin (OUTPUT until it sets one). */
  modeOf(pin: number): number {
    return this.modes[pin] ?? PinMode.OUTPUT;
  }

  /** The level the host last wrote to an output pin. */
  levelOf(pin: number): number {
    return this.levels[pin] ?? 0;
  }

  /** True when the pin is an input with its pull-up on (how a key is wired). */
  hasPullup(pin: number): boolean {
    return this.pullups.has(pin);
  }

  /** True once the host asked for reports of the pin's port (johnny-five's digitalRead). */
  isReported(pin: number): boolean {
    return this.reportedPorts.has(pin >> 3);
  }

  /** Resolves once `ok()` holds, re-checked on every message from the host; rejects after `ms`. */
  async until(ok: () => boolean, ms: number, what: string): Promise<void> {
    const deadline = Date.now() + ms;
    while (!ok()) {
      if (Date.now() > deadline) throw new Error(`firmata twin: ${what} did not happen within ${ms} ms`);
      await Promise.race([new Promise<void>((resolve) => this.waiters.push(resolve)), sleep(100)]);
    }
  }

  /** The key on `pin` goes down: the pin reads low (switch to ground). */
  press(pin: number): void {
    this.setInput(pin, 0);
  }

  /** The key on `pin` comes up: the pull-up reads high again. */
  release(pin: number): void {
    this.setInput(pin, 1);
  }

  /** Pulls the cable: the line closes under the host. */
  async unplug(): Promise<void> {
    if (this.port.isOpen) await new Promise<void>((resolve) => this.port.close(() => resolve()));
  }

  /** Closes the twin's end (same as an unplug). */
  close(): Promise<void> {
    return this.unplug();
  }

  private setInput(pin: number, level: number): void {
    this.levels[pin] = level;
    const port = pin >> 3;
    if (!this.reportedPorts.has(port) || this.faults.silent) return;
    if (this.faults.dropReports > 0) {
      this.faults.dropReports--;
      return;
    }
    if (this.faults.noiseBeforeReport.length > 0) this.send(this.faults.noiseBeforeReport);
    this.sendPort(port);
  }

  private sendPort(port: number): void {
    let bits = 0;
    for (let i = 0; i < 8; i++) {
      const pin = port * 8 + i;
      // As StandardFirmata does, a port report carries only its input pins; the others read low.
      const input = this.modes[pin] === PinMode.INPUT || this.modes[pin] === PinMode.PULLUP;
      if (pin < this.pinCount && input && this.levels[pin] === 1) bits |= 1 << i;
    }
    this.send([DIGITAL_MESSAGE | port, bits & 0x7f, (bits >> 7) & 0x7f]);
  }

  private send(bytes: readonly number[]): void {
    if (this.port.isOpen) this.port.write(Buffer.from(bytes));
  }

  private receive(data: Buffer): void {
    for (const byte of data) {
      if (this.buffer.length === 0 && byte < 0x80) continue; // out of sync: wait for a command byte
      if (byte >= 0x80 && byte !== END_SYSEX && this.buffer[0] !== START_SYSEX) this.buffer = [];
      this.buffer.push(byte);
      this.tryMessage();
    }
  }

  private tryMessage(): void {
    const b = this.buffer;
    const first = b[0]!;
    if (first === START_SYSEX) {
      if (b.at(-1) === END_SYSEX) this.done(() => this.sysex(b.slice(1, -1)));
      return;
    }
    const command = first < 0xf0 ? first & 0xf0 : first;
    if (command === REPORT_VERSION || command === SYSTEM_RESET) {
      this.done(() => {
        if (command === REPORT_VERSION) this.send([REPORT_VERSION, ...VERSION]);
      });
      return;
    }
    // Reporting switches are two bytes; every other channel message is three.
    if (b.length < (command === REPORT_DIGITAL || command === REPORT_ANALOG ? 2 : 3)) return;
    this.done(() => {
      switch (command) {
        case SET_PIN_MODE:
          this.modes[b[1]!] = b[2]!;
          if (b[2] === PinMode.PULLUP) this.pullups.add(b[1]!);
          else this.pullups.delete(b[1]!);
          if (b[2] === PinMode.PULLUP || b[2] === PinMode.INPUT) this.levels[b[1]!] = 1;
          break;
        case SET_DIGITAL_PIN_VALUE:
          if (this.modes[b[1]!] === PinMode.INPUT) this.setPullup(b[1]!, b[2]! === 1);
          else this.write(b[1]!, b[2]! ? 1 : 0);
          break;
        case DIGITAL_MESSAGE: {
          const port = first & 0x0f;
          const bits = b[1]! | (b[2]! << 7);
          for (let i = 0; i < 8; i++) {
            const pin = port * 8 + i;
            if (pin >= this.pinCount) continue;
            const level = (bits >> i) & 1;
            if (this.modes[pin] === PinMode.INPUT) this.setPullup(pin, level === 1);
            if (this.modes[pin] !== PinMode.OUTPUT) continue;
            if (this.levels[pin] !== level) this.write(pin, level);
          }
          break;
        }
        case REPORT_DIGITAL: {
          const port = first & 0x0f;
          if (b[1]) {
            this.reportedPorts.add(port);
            this.sendPort(port); // StandardFirmata reports the port's state at once
          } else this.reportedPorts.delete(port);
          break;
        }
        case REPORT_ANALOG:
        case ANALOG_MESSAGE:
          break;
      }
    });
  }

  /** Ends the message in the buffer: records it, runs it unless the twin is silent, wakes waiters. */
  private done(run: () => void): void {
    const command = this.buffer[0] === START_SYSEX ? (this.buffer[1] ?? START_SYSEX) : this.buffer[0]!;
    this.commands.push(command);
    this.buffer = [];
    if (!this.faults.silent) run();
    for (const wake of this.waiters.splice(0)) wake();
  }

  private setPullup(pin: number, on: boolean): void {
    if (on) this.pullups.add(pin);
    else this.pullups.delete(pin);
  }

  private write(pin: number, level: number): void {
    this.levels[pin] = level;
    this.writes.push({ pin, value: level });
  }

  private sysex(body: number[]): void {
    switch (body[0]) {
      case QUERY_FIRMWARE: {
        const name = [...FIRMWARE_NAME].flatMap((c) => [c.charCodeAt(0) & 0x7f, c.charCodeAt(0) >> 7]);
        this.send([START_SYSEX, QUERY_FIRMWARE, ...VERSION, ...name, END_SYSEX]);
        break;
      }
      case CAPABILITY_QUERY: {
        const out = [START_SYSEX, CAPABILITY_RESPONSE];
        for (let pin = 0; pin < this.pinCount; pin++) {
          out.push(PinMode.INPUT, 1, PinMode.OUTPUT, 1, PinMode.PULLUP, 1);
          if (pin >= this.firstAnalog) out.push(PinMode.ANALOG, 10);
          out.push(0x7f);
        }
        out.push(END_SYSEX);
        this.send(out);
        break;
      }
      case ANALOG_MAPPING_QUERY: {
        const out = [START_SYSEX, ANALOG_MAPPING_RESPONSE];
        for (let pin = 0; pin < this.pinCount; pin++) {
          out.push(pin >= this.firstAnalog ? pin - this.firstAnalog : 0x7f);
        }
        out.push(END_SYSEX);
        this.send(out);
        break;
      }
      case PIN_STATE_QUERY: {
        const pin = body[1]!;
        this.send([START_SYSEX, PIN_STATE_RESPONSE, pin, this.modeOf(pin), this.levels[pin] ?? 0, END_SYSEX]);
        break;
      }
    }
  }
}

/** A pseudo-terminal pair made by socat: the host opens `host`, the twin opens `device`. */
export interface PtyPair {
  readonly host: string;
  readonly device: string;
  close(): Promise<void>;
}

/** Links a pty pair into `dir` with socat (Debian's socat package); resolves once both ends exist. */
export async function openPtyPair(dir: string, name = "keys"): Promise<PtyPair> {
  const host = join(dir, `${name}-host`);
  const device = join(dir, `${name}-device`);
  const child: ChildProcess = spawn(
    "socat",
    [`pty,raw,echo=0,link=${host}`, `pty,raw,echo=0,link=${device}`],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let said = "";
  child.stderr?.on("data", (d: Buffer) => (said += d.toString()));
  let gone: string | null = null;
  const exited = new Promise<void>((resolve) => {
    child.on("error", (e) => ((gone = e.message), resolve()));
    child.on("exit", (code) => ((gone = `socat exited (${code})`), resolve()));
  });
  const deadline = Date.now() + 10_000;
  while (!(existsSync(host) && existsSync(device))) {
    if (gone !== null) throw new Error(`pty pair: ${gone} ${said.trim()}`);
    if (Date.now() > deadline) throw new Error("pty pair: socat made no ptys within 10 s");
    await sleep(10);
  }
  return {
    host,
    device,
    async close() {
      if (gone === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
