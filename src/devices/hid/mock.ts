/**
 * The all-in button's twin: a HID library (`HidApi`) whose device list can change (plug, unplug) and
 * whose devices are EventEmitters emitting "data" and "error" as node-hid's do. The driver above it is
 * the product's own; only the library under it is simulated.
 *
 * Fault knobs are plain: `dropReports` (the next reports are lost), `failOpen` (opening answers with an
 * error, as hidraw does without the udev rule's permission), `unplug()` (the device errors and leaves
 * the list, as a pulled cable does). Production code never imports it.
 */
import { EventEmitter } from "node:events";
import type { HidApi, HidDevice, HidDeviceInfo } from "./allin-button.js";

/** The button's USB ids in the default configuration (pid.codes test range). */
export const MOCK_VID = 0x1209;
export const MOCK_PID = 0xa11e;

/** One opened device: `report()` sends an input report to the host. */
export class MockHidDevice extends EventEmitter implements HidDevice {
  closed = false;
  constructor(
    readonly path: string,
    private readonly owner: MockHid,
  ) {
    super();
  }
  close(): void {
    this.closed = true;
  }
  /** An input report from the button (byte 0 non-zero: pressed, by default). */
  report(...bytes: number[]): void {
    if (this.closed) return;
    if (this.owner.dropReports > 0) {
      this.owner.dropReports--;
      return;
    }
    this.emit("data", Buffer.from(bytes));
  }
  /** The device's read fails, as node-hid reports a pulled cable. */
  fail(message = "could not read from HID device"): void {
    this.emit("error", new Error(message));
  }
}

/** The HID bus with the button on it (or not). */
export class MockHid implements HidApi {
  list: HidDeviceInfo[] = [];
  readonly opened: MockHidDevice[] = [];
  /** Fault knob: the next this many reports are lost. */
  dropReports = 0;
  /** Fault knob: while set, opening fails with this message (e.g. "EACCES"). */
  failOpen: string | null = null;

  devices(): HidDeviceInfo[] {
    return this.list.map((d) => ({ ...d }));
  }
  open(path: string): HidDevice {
    if (this.failOpen !== null) throw new Error(this.failOpen);
    if (!this.list.some((d) => d.path === path)) throw new Error(`cannot open device with path ${path}`);
    const device = new MockHidDevice(path, this);
    this.opened.push(device);
    return device;
  }
  /** A device appears on the bus. */
  plug(path = "/dev/hidraw3", vendorId = MOCK_VID, productId = MOCK_PID): void {
    this.list.push({ vendorId, productId, path, release: 1, interface: 0 } as HidDeviceInfo);
  }
  /** Every device leaves the bus, without an error on the open one (see `unplug`). */
  unplugAll(): void {
    this.list = [];
  }
  /** Fault knob: pulls the cable: the devices leave the list and the open one errors. */
  unplug(): void {
    this.unplugAll();
    this.last?.fail();
  }
  /** The last device opened. */
  get last(): MockHidDevice | undefined {
    return this.opened.at(-1);
  }
}
