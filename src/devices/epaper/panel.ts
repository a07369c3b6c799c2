/**
 * The dealer's e-paper panel (Waveshare 4.3" UART module) over serialport.
 * One command in flight, each answered OK / Error:N or timed out. A full refresh takes
 * seconds, so screens are coalesced: only the latest pending screen is drawn, and never
 * sooner than `minIntervalMs` after the previous refresh ended.
 */
import { EventEmitter } from "node:events";
import { SerialPort } from "serialport";
import { Cmd, frames, Storage } from "./frame.js";
import { type Reply, ReplyParser } from "./reply.js";
import { checkScreen, type Screen, screenFrames } from "./screen.js";

/** The byte stream the panel needs: serialport's `SerialPort` and `SerialPortMock` both are one. */
export interface EpaperPort {
  open(callback: (error: Error | null) => void): void;
  write(data: Buffer, callback: (error: Error | null | undefined) => void): boolean;
  close(callback?: (error: Error | null) => void): void;
  on(event: "data", listener: (chunk: Buffer) => void): unknown;
  on(event: "close" | "error", listener: (error?: Error) => void): unknown;
  removeAllListeners(): unknown;
}

/** Creates the (not yet opened) port; the seam where tests put serialport's mock binding. */
export type PortFactory = (path: string, baudRate: number) => EpaperPort;

export type EpaperFailure = "timeout" | "device" | "write" | "closed";

/** Every failure of the panel: `reason` says which; `deviceCode` is N of the module's "Error:N". */
export class EpaperError extends Error {
  constructor(
    readonly reason: EpaperFailure,
    message: string,
    readonly deviceCode?: number,
  ) {
    super(message);
    this.name = "EpaperError";
  }
}

/** True for errors raised by the e-paper driver. */
export function isEpaperError(error: unknown): error is EpaperError {
  return error instanceof EpaperError;
}

export interface EpaperOptions {
  path: string;
  /** The module's power-on rate (default 115200). */
  baudRate?: number;
  openPort?: PortFactory;
  /** Least time between the end of one refresh and the start of the next drawing (default 2 s). */
  minIntervalMs?: number;
  /** Answer timeouts: ordinary commands (default 1 s) and the full refresh (default 10 s). */
  timeouts?: { commandMs?: number; refreshMs?: number };
  /** Quiet time after which a trailing "Error:N" is taken as complete (default 20 ms). */
  replyGapMs?: number;
}

export interface EpaperEvents {
  /** A screen is on the panel. */
  drawn: [Screen];
  /** A command failed; a screen that failed to draw is retried after the interval. */
  fault: [EpaperError];
  /** The serial port closed under the driver. */
  closed: [];
}

interface Job {
  frame: Buffer;
  timeoutMs: number;
  resolve: () => void;
  reject: (error: EpaperError) => void;
  timer?: NodeJS.Timeout;
}

const defaultPort: PortFactory = (path, baudRate) => new SerialPort({ path, baudRate, autoOpen: false });

/** The e-paper panel driver: `open()`, then `show(screen)` as often as the view changes. */
export class EpaperPanel extends EventEmitter<EpaperEvents> {
  private port: EpaperPort | null = null;
  private readonly parser = new ReplyParser();
  private readonly queue: Job[] = [];
  private inFlight: Job | null = null;
  private gapTimer: NodeJS.Timeout | null = null;
  private pending: Screen | null = null;
  /** JSON of the screen on (or being put on) the panel; null when unknown. */
  private latest: string | null = null;
  /** The screen last asked to be on the panel: drawn again when a lost port is opened again. */
  private current: Screen | null = null;
  private drawing = false;
  private coolTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: EpaperOptions) {
    super();
  }

  /**
   * Opens the port and checks the module answers (handshake), fonts from internal flash. After the port
   * closed under it, opening again redraws the screen it last had.
   */
  async open(): Promise<void> {
    this.parser.reset();
    const port = (this.options.openPort ?? defaultPort)(this.options.path, this.options.baudRate ?? 115_200);
    await new Promise<void>((resolve, reject) => port.open((error) => (error ? reject(error) : resolve())));
    port.on("data", (chunk) => this.onData(chunk));
    port.on("close", () => this.onClosed());
    port.on("error", (error) => this.emit("fault", new EpaperError("write", error?.message ?? "port error")));
    this.port = port;
    await this.send(frames.handshake());
    await this.send(frames.setStorage(Storage.nand));
    // A screen asked for before the port was open is drawn now.
    this.kick();
  }

  /** Asks for `screen` to be shown; a newer call before it is drawn replaces it. */
  show(screen: Screen): void {
    checkScreen(screen);
    const key = JSON.stringify(screen);
    this.pending = key === this.latest ? null : screen;
    this.kick();
  }

  /** Sends one frame when the commands before it are answered; resolves on OK. */
  send(frame: Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      if (!this.port) {
        reject(new EpaperError("closed", "e-paper: port not open"));
        return;
      }
      const timeouts = this.options.timeouts;
      const timeoutMs =
        frame[3] === Cmd.refresh ? (timeouts?.refreshMs ?? 10_000) : (timeouts?.commandMs ?? 1_000);
      this.queue.push({ frame, timeoutMs, resolve, reject });
      this.pump();
    });
  }

  /** Drops what is queued and closes the port. */
  async close(): Promise<void> {
    const port = this.port;
    this.shutDown("e-paper: closed");
    if (port) await new Promise<void>((resolve) => port.close(() => resolve()));
  }

  private pump(): void {
    if (this.inFlight || !this.port) return;
    const job = this.queue.shift();
    if (!job) return;
    this.inFlight = job;
    job.timer = setTimeout(() => {
      // A late answer would otherwise be taken for the next command's.
      this.parser.reset();
      this.finish(job, new EpaperError("timeout", `e-paper: no answer to command 0x${hex(job.frame[3]!)}`));
    }, job.timeoutMs);
    this.port.write(job.frame, (error) => {
      if (error) this.finish(job, new EpaperError("write", error.message));
    });
  }

  private finish(job: Job, error?: EpaperError): void {
    if (this.inFlight !== job) return;
    clearTimeout(job.timer);
    this.inFlight = null;
    if (error) job.reject(error);
    else job.resolve();
    this.pump();
  }

  private onData(chunk: Buffer): void {
    if (this.gapTimer) clearTimeout(this.gapTimer);
    this.gapTimer = null;
    this.answer(this.parser.push(chunk));
    if (this.parser.holding) {
      this.gapTimer = setTimeout(() => this.answer(this.parser.flush()), this.options.replyGapMs ?? 20);
    }
  }

  private answer(replies: Reply[]): void {
    for (const reply of replies) {
      const job = this.inFlight;
      if (!job) continue; // unsolicited or late: nothing waits for it
      if (reply.ok) this.finish(job);
      else {
        const message = `e-paper: command 0x${hex(job.frame[3]!)} answered Error:${reply.code}`;
        this.finish(job, new EpaperError("device", message, reply.code));
      }
    }
  }

  private kick(): void {
    if (!this.port || this.drawing || this.coolTimer || !this.pending) return;
    const screen = this.pending;
    this.pending = null;
    void this.draw(screen);
  }

  private async draw(screen: Screen): Promise<void> {
    this.drawing = true;
    this.current = screen;
    this.latest = JSON.stringify(screen);
    try {
      for (const frame of screenFrames(screen)) await this.send(frame);
      await this.send(frames.refresh());
      this.emit("drawn", screen);
    } catch (cause) {
      this.latest = null;
      this.pending ??= screen;
      const error = isEpaperError(cause) ? cause : new EpaperError("write", String(cause));
      this.emit("fault", error);
    } finally {
      this.drawing = false;
    }
    if (!this.port) return;
    this.coolTimer = setTimeout(() => {
      this.coolTimer = null;
      this.kick();
    }, this.options.minIntervalMs ?? 2_000);
  }

  private onClosed(): void {
    if (!this.port) return;
    this.shutDown("e-paper: port closed");
    // What was on the panel (or on its way) is drawn again once the port is back.
    this.pending ??= this.current;
    this.latest = null;
    this.emit("closed");
  }

  private shutDown(reason: string): void {
    this.port?.removeAllListeners();
    // A port being torn down may still report an error; nobody is left to handle it.
    this.port?.on("error", () => {});
    this.port = null;
    for (const timer of [this.gapTimer, this.coolTimer]) if (timer) clearTimeout(timer);
    this.gapTimer = this.coolTimer = null;
    const jobs = [...(this.inFlight ? [this.inFlight] : []), ...this.queue.splice(0)];
    this.inFlight = null;
    for (const job of jobs) {
      clearTimeout(job.timer);
      job.reject(new EpaperError("closed", reason));
    }
  }
}

function hex(byte: number): string {
  return byte.toString(16).padStart(2, "0");
}
