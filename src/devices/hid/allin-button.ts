/**
 * The USB HID all-in button. Finds the device by vendor/product id, turns its reports into
 * `button` input events, and reopens it when it is unplugged and plugged back in.
 * The HID library is injected (`HidApi`): node-hid in production, a fake in tests.
 */
import { EventEmitter } from "node:events";
import { z } from "zod";
import type { ButtonEvent, ButtonName } from "../../contract/input.js";
import { isPressReport, PressFilter, type ReportMatch } from "./report.js";

/** One entry of the HID device list, as node-hid's `devices()` returns it. */
export interface HidDeviceInfo {
  vendorId: number;
  productId: number;
  path?: string | undefined;
  interface?: number | undefined;
  usagePage?: number | undefined;
  usage?: number | undefined;
  product?: string | undefined;
  manufacturer?: string | undefined;
  serialNumber?: string | undefined;
}

/** An opened HID device: emits input reports as "data" and failures (unplug) as "error". */
export interface HidDevice {
  on(event: "data", listener: (report: Buffer) => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  removeAllListeners(): unknown;
  close(): unknown;
}

/** The part of a HID library the driver needs. */
export interface HidApi {
  devices(): HidDeviceInfo[] | Promise<HidDeviceInfo[]>;
  open(path: string): HidDevice | Promise<HidDevice>;
}

export interface AllinButtonOptions {
  hid: HidApi;
  vendorId: number;
  productId: number;
  /** When the device exposes several interfaces, the one that carries the button. */
  interface?: number;
  /** Which report bits mean pressed (default: byte 0 non-zero). */
  report?: ReportMatch;
  /** Pushes and repeats closer than this are one push (default 150 ms). */
  bounceMs?: number;
  /** The event name a push produces (default "allin"). */
  button?: ButtonName;
  /** The runtime's monotonic clock, in milliseconds. */
  now: () => number;
  /** Retry delays while the device is absent: doubling from `initialMs` up to `maxMs`. */
  retry?: { initialMs?: number; maxMs?: number };
}

export interface AllinButtonEvents {
  button: [ButtonEvent];
  connected: [HidDeviceInfo];
  disconnected: [Error];
  /** A failed look-up or open; the driver keeps retrying. */
  fault: [Error];
}

const DeviceInfo = z.object({
  vendorId: z.number().int().nonnegative(),
  productId: z.number().int().nonnegative(),
  path: z.string().min(1),
  interface: z.number().int().optional(),
});

/** The all-in button driver. Call `start()`; it retries on its own until `close()`. */
export class AllinButton extends EventEmitter<AllinButtonEvents> {
  private readonly filter: PressFilter;
  private device: HidDevice | null = null;
  private timer: NodeJS.Timeout | null = null;
  private delayMs: number;
  private closed = false;
  private started = false;

  constructor(private readonly options: AllinButtonOptions) {
    super();
    this.filter = new PressFilter(options.bounceMs ?? 150);
    this.delayMs = this.initialDelay;
  }

  /** True while the device is open. */
  get isConnected(): boolean {
    return this.device !== null;
  }

  /** Looks for the device now, and keeps looking (with backoff) until it is found. */
  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    void this.attempt();
  }

  /** Stops retrying and closes the device. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.release();
  }

  private get initialDelay(): number {
    return this.options.retry?.initialMs ?? 250;
  }

  private async attempt(): Promise<void> {
    this.timer = null;
    if (this.closed || this.device) return;
    try {
      const match = this.find(await this.options.hid.devices());
      if (match) {
        const device = await this.options.hid.open(match.path);
        if (this.closed) {
          closeQuietly(device);
          return;
        }
        this.attach(device, match);
        return;
      }
    } catch (cause) {
      this.emit("fault", asError(cause, "all-in button: HID look-up or open failed"));
    }
    this.retryLater();
  }

  /** The configured device among those listed; entries that do not look like devices are skipped. */
  private find(list: unknown): (HidDeviceInfo & { path: string }) | undefined {
    if (!Array.isArray(list)) return undefined;
    const { vendorId, productId } = this.options;
    const wanted = this.options.interface;
    for (const entry of list) {
      const parsed = DeviceInfo.safeParse(entry);
      if (!parsed.success) continue;
      const info = parsed.data;
      if (info.vendorId !== vendorId || info.productId !== productId) continue;
      if (wanted !== undefined && info.interface !== wanted) continue;
      return { ...(entry as HidDeviceInfo), path: info.path };
    }
    return undefined;
  }

  private attach(device: HidDevice, info: HidDeviceInfo): void {
    this.device = device;
    this.delayMs = this.initialDelay;
    this.filter.reset();
    device.on("data", (report) => this.onReport(report));
    device.on("error", (error) => this.onLost(device, error));
    this.emit("connected", info);
  }

  private onReport(report: unknown): void {
    if (!(report instanceof Uint8Array)) return;
    const t = this.options.now();
    if (!this.filter.feed(isPressReport(report, this.options.report), t)) return;
    this.emit("button", {
      t,
      kind: "button",
      button: this.options.button ?? "allin",
    });
  }

  private onLost(device: HidDevice, error: Error): void {
    if (this.device !== device) return;
    this.release();
    this.emit("disconnected", asError(error, "all-in button: device error"));
    // The device usually disappears from the list a moment after the read error: do not
    // reopen at once, start the slow look-up cycle.
    this.retryLater();
  }

  private release(): void {
    const device = this.device;
    this.device = null;
    if (device) closeQuietly(device);
  }

  private retryLater(): void {
    if (this.closed || this.timer) return;
    const delay = this.delayMs;
    this.delayMs = Math.min(delay * 2, this.options.retry?.maxMs ?? 5000);
    this.timer = setTimeout(() => void this.attempt(), delay);
  }
}

function closeQuietly(device: HidDevice): void {
  device.removeAllListeners();
  // A device torn away by an unplug may fail to close; it is gone either way.
  device.on("error", () => {});
  try {
    const closing = device.close();
    if (closing instanceof Promise) closing.catch(() => {});
  } catch {
    // Already closed by the unplug.
  }
}

function asError(cause: unknown, message: string): Error {
  return cause instanceof Error ? cause : new Error(message, { cause });
}
