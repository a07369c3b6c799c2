/**
 * node-hid as the all-in button's `HidApi`. Loaded on first use: node-hid's native binding
 * needs libusb/hidraw at load time, which tests with a fake device must not require.
 */
import type { HidApi } from "./allin-button.js";

/** Loads node-hid (hidraw driver on Linux) and adapts its async API to `HidApi`. */
export async function loadNodeHid(): Promise<HidApi> {
  // node-hid is CommonJS: its `module.exports` is the ESM default export.
  const hid = (await import("node-hid")).default;
  // hidraw sees usage pages and works with a plain udev rule; libusb would detach the kernel driver.
  if (process.platform === "linux") hid.setDriverType("hidraw");
  return {
    // The async variants enumerate off the event loop: enumeration is slow (README, "Cost of").
    devices: () => hid.devicesAsync(),
    open: (path) => hid.HIDAsync.open(path),
  };
}
