/**
 * The all-in button driver against its twin (src/devices/hid/mock.ts): a device list that can change
 * (plug, unplug) and devices that are EventEmitters emitting "data" and "error" like node-hid's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ButtonEvent } from "../../../src/contract/input.js";
import {
  AllinButton,
  type AllinButtonOptions,
  type HidDeviceInfo,
} from "../../../src/devices/hid/allin-button.js";
import { MOCK_PID as PID, MOCK_VID as VID, MockHid } from "../../../src/devices/hid/mock.js";

/** The twin, with `last` asserted present (every test opens a device before it reads it). */
class FakeHid extends MockHid {
  override get last() {
    return super.last!;
  }
}

function setup(overrides: Partial<AllinButtonOptions> = {}) {
  const hid = new FakeHid();
  const presses: ButtonEvent[] = [];
  const button = new AllinButton({
    hid,
    vendorId: VID,
    productId: PID,
    now: () => Date.now(),
    retry: { initialMs: 100, maxMs: 800 },
    ...overrides,
  });
  button.on("button", (event) => presses.push(event));
  return { hid, button, presses };
}

describe("all-in HID button", () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ["setTimeout", "clearTimeout", "Date"],
      now: 10_000,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a report with a non-zero first byte is an allin press stamped by the clock; the release is not", async () => {
    const { hid, button, presses } = setup();
    hid.plug();
    button.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(button.isConnected).toBe(true);
    hid.last.report(1, 0, 0, 0);
    vi.advanceTimersByTime(50);
    hid.last.report(0, 0, 0, 0);
    expect(presses).toEqual([{ t: 10_000, kind: "button", button: "allin" }]);
  });

  it("contact bounce and keyboard auto-repeat within the window are one press", async () => {
    const { hid, button, presses } = setup({ bounceMs: 150 });
    hid.plug();
    button.start();
    await vi.advanceTimersByTimeAsync(0);
    const device = hid.last;
    device.report(1);
    vi.advanceTimersByTime(20);
    device.report(0); // bounce: released and pressed again 40 ms after the push
    vi.advanceTimersByTime(20);
    device.report(1);
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(50); // held for a second: auto-repeat every 50 ms
      device.report(1);
    }
    device.report(0);
    vi.advanceTimersByTime(500);
    device.report(1); // a second, deliberate push
    expect(presses.map((p) => p.t)).toEqual([10_000, 11_540]);
  });

  it("a configured byte and mask select the button bit", async () => {
    const { hid, button, presses } = setup({ report: { byte: 2, mask: 0x04 } });
    hid.plug();
    button.start();
    await vi.advanceTimersByTimeAsync(0);
    hid.last.report(0xff, 0, 0x03); // other keys
    hid.last.report(0x00, 0, 0x04);
    expect(presses).toHaveLength(1);
  });

  it("unplugged (error event), it reports disconnected and reopens when the device comes back", async () => {
    const { hid, button, presses } = setup();
    const seen: string[] = [];
    button.on("connected", () => seen.push("connected"));
    button.on("disconnected", () => seen.push("disconnected"));
    hid.plug();
    button.start();
    await vi.advanceTimersByTimeAsync(0);
    const first = hid.last;

    hid.unplugAll();
    first.fail();
    expect(first.closed).toBe(true);
    expect(button.isConnected).toBe(false);
    await vi.advanceTimersByTimeAsync(2000); // polls with backoff while absent
    expect(hid.opened).toHaveLength(1);

    hid.plug("/dev/hidraw5");
    await vi.advanceTimersByTimeAsync(800); // at most the longest backoff step
    expect(button.isConnected).toBe(true);
    expect(hid.last.path).toBe("/dev/hidraw5");
    hid.last.report(1);
    expect(presses).toHaveLength(1);
    expect(seen).toEqual(["connected", "disconnected", "connected"]);
  });

  it("polls with a doubling backoff capped at the maximum while the device is absent", async () => {
    const { hid, button } = setup();
    const devices = vi.spyOn(hid, "devices");
    button.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(devices).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100 + 200 + 400 + 800 + 800);
    expect(devices).toHaveBeenCalledTimes(6);
  });

  it("a device with another vendor or product id is not opened", async () => {
    const { hid, button } = setup();
    hid.plug("/dev/hidraw0", 0x046d, PID);
    hid.plug("/dev/hidraw1", VID, 0x0001);
    button.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(hid.opened).toHaveLength(0);
    expect(button.isConnected).toBe(false);
  });

  it("entries without a path are skipped rather than opened", async () => {
    const { hid, button } = setup();
    hid.list.push({ vendorId: VID, productId: PID } as HidDeviceInfo);
    button.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(hid.opened).toHaveLength(0);
  });

  it("a failing open is a fault, and the driver keeps trying", async () => {
    const { hid, button } = setup();
    const faults: Error[] = [];
    button.on("fault", (e) => faults.push(e));
    hid.plug();
    hid.failOpen = "EACCES"; // the twin's knob: hidraw without the udev rule's permission
    button.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(faults.map((e) => e.message)).toEqual(["EACCES"]);
    expect(button.isConnected).toBe(false);
    hid.failOpen = null;
    await vi.advanceTimersByTimeAsync(100);
    expect(button.isConnected).toBe(true);
  });

  it("a report the cable lost is no press; the next one is", async () => {
    const { hid, button, presses } = setup();
    hid.plug();
    button.start();
    await vi.advanceTimersByTimeAsync(0);
    hid.dropReports = 2; // the push and its release are lost
    hid.last.report(1);
    hid.last.report(0);
    expect(presses).toEqual([]);
    vi.advanceTimersByTime(500);
    hid.last.report(1);
    expect(presses).toHaveLength(1);
  });

  it("the twin's unplug is the driver's disconnected", async () => {
    const { hid, button } = setup();
    const lost: Error[] = [];
    button.on("disconnected", (e) => lost.push(e));
    hid.plug();
    button.start();
    await vi.advanceTimersByTimeAsync(0);
    hid.unplug();
    expect(lost).toHaveLength(1);
    expect(button.isConnected).toBe(false);
  });

  it("close() stops retrying and closes the device", async () => {
    const { hid, button } = setup();
    hid.plug();
    button.start();
    await vi.advanceTimersByTimeAsync(0);
    const device = hid.last;
    button.close();
    expect(device.closed).toBe(true);
    const devices = vi.spyOn(hid, "devices");
    await vi.advanceTimersByTimeAsync(5000);
    expect(devices).not.toHaveBeenCalled();
  });
});
