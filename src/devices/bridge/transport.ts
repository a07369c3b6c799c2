/**
 * The bridge over a serial port: open, wait for HELLO (opening may reset the board), keep the session
 * fed, watch the heartbeat, and reopen with backoff when the board goes away. The binding is injected:
 * `SerialPort.binding` from "serialport" in production, MockBinding or a pty in tests.
 *
 * Just over 300 lines: the port's life (open, HELLO, heartbeat, backoff) and the focus it repeats after
 * every HELLO share one connection state.
 */
import { SerialPortStream } from "@serialport/stream";
import { type DecodeCounters, FrameDecoder } from "./frame.js";
import {
  decodeMessage,
  encodeMessage,
  type HelloMessage,
  type HostMessage,
  isDeviceMessage,
} from "./messages.js";
import { MAX_FOCUS } from "./protocol.js";
import { type BridgeEvent, BridgeSession, type SessionCounters } from "./session.js";

/**
 * A serialport binding (the bindings-interface contract). Taken from the stream's own signature because
 * @serialport/bindings-interface ships no types that NodeNext resolution can see.
 */
export type SerialBinding = ConstructorParameters<typeof SerialPortStream>[0]["binding"];

export interface BridgeTransportOptions {
  /** Serial device path, e.g. /dev/feltguard-bridge (a udev symlink) or a pty. */
  path: string;
  binding: SerialBinding;
  /** Channel number → antenna name, from the table configuration. */
  antennas: Record<number, string>;
  /** Antenna → what the core last heard it list, after a restart (see SessionOptions.known). */
  known?: Readonly<Record<string, readonly string[]>>;
  /** The runtime's monotonic clock in ms: stamps every event. */
  now: () => number;
  /** Receives every `tags` and `reader` input event, in order. */
  onEvent: (event: BridgeEvent) => void;
  /** Diagnostics (connects, timeouts); optional. */
  onLog?: (message: string) => void;
  baudRate?: number;
  /** Wait this long for HELLO after opening before sending SYNC. Default 2000. */
  helloTimeoutMs?: number;
  /** SYNCs sent before the connection is given up and reopened. Default 3. */
  syncAttempts?: number;
  /**
   * No valid frame for this long, while the host was listening, means the link is dead. Default
   * max(1000, 4 × heartbeat): four heartbeats lost in a row is no longer noise on the line.
   */
  watchdogMs?: number;
  /** Least time between two RESEND_FROM for the same gap. Default 200. */
  resendTimeoutMs?: number;
  /** Reconnect delays: initialMs doubling up to maxMs. Default 250 → 5000. */
  backoff?: { initialMs: number; maxMs: number };
  /** Board settings to enforce with SET_CONFIG after each HELLO. */
  config?: { k?: number; heartbeatMs?: number };
}

/** The watchdog's window is judged in this many ticks (see armWatchdog). */
const WATCHDOG_QUARTERS = 4;

export type BridgeState = "stopped" | "connecting" | "handshake" | "online";

/** Everything counted so far: framing drops, protocol anomalies, link events. */
export interface BridgeCounters extends DecodeCounters, SessionCounters {
  bodyErrors: number;
  unknownTypes: number;
  opens: number;
  openFailures: number;
  /** Every close of an open port, whatever the cause (unplug, watchdog, failed handshake). */
  disconnects: number;
  watchdogTimeouts: number;
  helloTimeouts: number;
  syncRequests: number;
  /** Host-type messages received (a loopback); ignored. */
  unexpected: number;
}

/** Drives one bridge board; construct, call start(), receive events through onEvent. */
export class BridgeTransport {
  private readonly session: BridgeSession;
  private readonly decoder = new FrameDecoder();
  private readonly link = {
    bodyErrors: 0,
    unknownTypes: 0,
    opens: 0,
    openFailures: 0,
    disconnects: 0,
    watchdogTimeouts: 0,
    helloTimeouts: 0,
    syncRequests: 0,
    unexpected: 0,
  };
  private port: SerialPortStream | undefined;
  private _state: BridgeState = "stopped";
  /** The last write not yet handed to the binding (written() waits for it). */
  private lastWrite: Promise<void> | null = null;
  /** The last focus asked for (sent again after every HELLO). */
  private lastFocus: readonly number[] = [];
  private attempts = 0;
  private helloTimer: NodeJS.Timeout | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  /** A frame arrived since the watchdog's last tick. */
  private heard = false;
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: BridgeTransportOptions) {
    this.session = new BridgeSession({
      antennas: opts.antennas,
      resendTimeoutMs: opts.resendTimeoutMs ?? 200,
      desired: opts.config,
      ...(opts.known === undefined ? {} : { known: opts.known }),
    });
  }

  /** Where the link stands. */
  get state(): BridgeState {
    return this._state;
  }

  /** The board's last HELLO on the current connection. */
  get device(): HelloMessage | undefined {
    return this.session.device;
  }

  /** A snapshot of every counter. */
  get counters(): BridgeCounters {
    return { ...this.decoder.counters, ...this.session.counters, ...this.link };
  }

  /** Opens the port and keeps it open until stop(). */
  start(): void {
    if (this._state !== "stopped") return;
    this.connect();
  }

  /** Closes the port for good; no more events. */
  async stop(): Promise<void> {
    this._state = "stopped";
    this.clearTimers();
    clearTimeout(this.reconnectTimer);
    const port = this.port;
    this.port = undefined;
    if (port?.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
  }

  /**
   * Tells the board where tags are expected next (channels, most likely first; at most MAX_FOCUS, none
   * clears it): its scheduler scans them between its round-robin turns. Sent at once if the link is up;
   * a board starts every session without a focus, so the last one is sent again after each HELLO.
   */
  focus(channels: readonly number[]): void {
    this.lastFocus = channels.slice(0, MAX_FOCUS);
    this.session.command({ type: "FOCUS", channels: [...this.lastFocus] });
    this.writeOut(this.session.flush(this.opts.now()).send);
  }

  /** Resolves once everything written so far has been handed to the operating system. */
  async written(): Promise<void> {
    const port = this.port;
    if (!port?.isOpen) return;
    // The stream queues a write while another is under way, and its drain() waits only for the one
    // under way: wait for the last write's own callback first (writes complete in order).
    if (this.lastWrite !== null) await this.lastWrite;
    await new Promise<void>((resolve) => port.drain(() => resolve()));
  }

  /** Asks the board for a heartbeat now (a liveness probe). */
  ping(): void {
    this.session.command({ type: "PING" });
    this.writeOut(this.session.flush(this.opts.now()).send);
  }

  private connect(): void {
    this._state = "connecting";
    this.decoder.reset();
    const port = new SerialPortStream({
      binding: this.opts.binding,
      path: this.opts.path,
      baudRate: this.opts.baudRate ?? 115200,
      autoOpen: false,
    });
    this.port = port;
    port.on("error", (err: Error) => this.log(`port error: ${err.message}`));
    port.open((err) => {
      if (port !== this.port) return;
      if (err) {
        this.link.openFailures++;
        this.linkDown(`open failed: ${err.message}`);
        return;
      }
      this.link.opens++;
      this._state = "handshake";
      this.session.connectionOpened();
      port.on("data", (chunk: Buffer) => this.onData(port, chunk));
      port.on("close", () => {
        if (port !== this.port) return;
        this.link.disconnects++;
        this.linkDown("port closed");
      });
      this.armHello(0);
    });
  }

  private onData(port: SerialPortStream, chunk: Buffer): void {
    if (port !== this.port) return;
    const t = this.opts.now();
    const frames = this.decoder.push(chunk);
    let hello = false;
    for (const frame of frames) {
      const r = decodeMessage(frame);
      if (!r.ok) {
        if (r.error === "type") this.link.unknownTypes++;
        else this.link.bodyErrors++;
        continue;
      }
      if (!isDeviceMessage(r.message)) {
        this.link.unexpected++; // a host message coming back: a loopback or a crossed cable
        continue;
      }
      if (r.message.type === "HELLO") {
        this.onHello(r.message);
        hello = true;
      }
      this.session.receive(r.message, t);
    }
    if (frames.length > 0 && this.session.device !== undefined) this.armWatchdog();
    const out = this.session.flush(t);
    this.writeOut(out.send);
    // A new session (boot, reset, SYNC) forgot the focus: the board hears it again.
    if (hello && this.lastFocus.length > 0) this.focus(this.lastFocus);
    if (this.session.linkUp && this._state === "handshake") {
      this._state = "online";
      this.attempts = 0;
    }
    for (const e of out.events) this.opts.onEvent(e);
  }

  private onHello(m: HelloMessage): void {
    clearTimeout(this.helloTimer);
    this.log(`HELLO board ${m.boardId} boot ${m.bootCounter} reason ${m.reason}`);
  }

  private armHello(attempt: number): void {
    clearTimeout(this.helloTimer);
    this.helloTimer = setTimeout(() => {
      if (this.session.device !== undefined) return;
      if (attempt >= (this.opts.syncAttempts ?? 3)) {
        this.link.helloTimeouts++;
        this.dropLink("no HELLO");
        return;
      }
      // The board did not reset on open (or its HELLO was lost): ask for a new session.
      this.link.syncRequests++;
      this.session.command({ type: "SYNC" });
      this.writeOut(this.session.flush(this.opts.now()).send);
      this.armHello(attempt + 1);
    }, this.opts.helloTimeoutMs ?? 2000);
  }

  /**
   * The heartbeat watchdog counts silence in quarters of its window, on a ticker, and a quarter in which
   * the host heard nothing counts once however late its tick ran. A host that stalls (a long journal
   * audit on a loaded machine) then runs its timers before it reads the frames that arrived meanwhile:
   * one plain timeout would take that stall for a dead board, and would raise READER_OFFLINE at a live
   * table. So the board is dead only after four quarters in which the host itself was listening.
   */
  private armWatchdog(): void {
    this.heard = true;
    if (this.watchdog !== undefined) return;
    const hb = this.session.device?.heartbeatMs ?? 250;
    const windowMs = this.opts.watchdogMs ?? Math.max(1000, 4 * hb);
    let silentQuarters = 0;
    this.watchdog = setInterval(() => {
      silentQuarters = this.heard ? 0 : silentQuarters + 1;
      this.heard = false;
      if (silentQuarters < WATCHDOG_QUARTERS) return;
      clearInterval(this.watchdog);
      this.watchdog = undefined;
      this.link.watchdogTimeouts++;
      this.dropLink("heartbeat watchdog");
    }, windowMs / WATCHDOG_QUARTERS);
  }

  /** Closes a live port on purpose; its close event then takes the linkDown path. */
  private dropLink(why: string): void {
    this.log(`dropping link: ${why}`);
    const port = this.port;
    if (port?.isOpen) port.close();
    else this.linkDown(why);
  }

  private linkDown(why: string): void {
    if (this._state === "stopped") return;
    this.log(`link down: ${why}`);
    this.clearTimers();
    this.port = undefined;
    for (const e of this.session.linkLost(this.opts.now())) this.opts.onEvent(e);
    const { initialMs, maxMs } = this.opts.backoff ?? {
      initialMs: 250,
      maxMs: 5000,
    };
    const delay = Math.min(maxMs, initialMs * 2 ** this.attempts++);
    this._state = "connecting";
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private writeOut(messages: readonly HostMessage[]): void {
    const port = this.port;
    if (!port?.isOpen) return;
    for (const m of messages) {
      const done = new Promise<void>((resolve) => port.write(encodeMessage(m), () => resolve()));
      this.lastWrite = done;
      void done.then(() => {
        if (this.lastWrite === done) this.lastWrite = null;
      });
    }
  }

  private clearTimers(): void {
    clearTimeout(this.helloTimer);
    clearInterval(this.watchdog);
    this.watchdog = undefined;
  }

  private log(message: string): void {
    this.opts.onLog?.(message);
  }
}
