import { describe, expect, it } from "vitest";
import { type HidInfo, inventory, type SerialPortInfo, usbId } from "../../src/devices/inventory.js";

const bridgePort: SerialPortInfo = {
  path: "/dev/ttyACM0",
  manufacturer: "Raspberry Pi",
  serialNumber: "E6614C311B4A",
  vendorId: "2e8a",
  productId: "000a",
};
const keysPort: SerialPortInfo = {
  path: "/dev/ttyACM1",
  manufacturer: "Arduino",
  vendorId: "2341",
  productId: "0042",
};
const uart: SerialPortInfo = { path: "/dev/ttyAMA0" };
const strayPort: SerialPortInfo = {
  path: "/dev/ttyUSB0",
  vendorId: "1a86",
  productId: "7523",
};
const button: HidInfo[] = [
  { vendorId: 0x1209, productId: 0xa11e, path: "/dev/hidraw2" },
  { vendorId: 0x1209, productId: 0xa11e, path: "/dev/hidraw3" },
];
const keyboard: HidInfo[] = [
  { vendorId: 0x046d, productId: 0xc31c, path: "/dev/hidraw0" },
  { vendorId: 0x046d, productId: 0xc31c, path: "/dev/hidraw0" },
];

const config = {
  bridge: { path: "/dev/feltguard-bridge" },
  keys: { vendorId: "2341", productId: 0x42 },
  hid: { vendorId: 0x1209, productId: "a11e" },
  epaper: { path: "/dev/ttyAMA0" },
};

describe("device inventory", () => {
  it("finds every configured device, following a udev symlink for the bridge", () => {
    const result = inventory([bridgePort, keysPort, uart], button, config, {
      "/dev/feltguard-bridge": "/dev/ttyACM0",
    });
    expect(result.devices).toEqual([
      {
        device: "bridge",
        status: "found",
        wanted: "/dev/feltguard-bridge",
        paths: ["/dev/ttyACM0"],
      },
      {
        device: "keys",
        status: "found",
        wanted: "usb 2341:0042",
        paths: ["/dev/ttyACM1"],
      },
      {
        device: "hid",
        status: "found",
        wanted: "usb 1209:a11e",
        paths: ["/dev/hidraw2", "/dev/hidraw3"],
      },
      {
        device: "epaper",
        status: "found",
        wanted: "/dev/ttyAMA0",
        paths: ["/dev/ttyAMA0"],
      },
    ]);
    expect(result.unexpected).toEqual({ serial: [], hid: [] });
  });

  it("reports what is missing", () => {
    const result = inventory([uart], [], config);
    expect(result.devices.map((d) => [d.device, d.status])).toEqual([
      ["bridge", "missing"],
      ["keys", "missing"],
      ["hid", "missing"],
      ["epaper", "found"],
    ]);
  });

  it("lists unclaimed USB serial ports and HID devices (once per HID path), not on-board UARTs", () => {
    const result = inventory([keysPort, strayPort, uart, { path: "/dev/ttyS0" }], [...keyboard, ...button], {
      keys: config.keys,
      hid: config.hid,
    });
    expect(result.unexpected.serial).toEqual([strayPort]);
    expect(result.unexpected.hid).toEqual([keyboard[0]]);
    expect(result.devices.find((d) => d.device === "bridge")?.status).toBe("not-configured");
  });

  it("two boards with the same ids are ambiguous until a serial number pins one down", () => {
    const twin = { ...keysPort, path: "/dev/ttyACM2", serialNumber: "B" };
    const one = { ...keysPort, serialNumber: "A" };
    expect(inventory([one, twin], [], { keys: config.keys }).devices[1]).toMatchObject({
      status: "ambiguous",
      paths: ["/dev/ttyACM1", "/dev/ttyACM2"],
    });
    expect(
      inventory([one, twin], [], {
        keys: { ...config.keys, serialNumber: "B" },
      }).devices[1],
    ).toMatchObject({
      status: "found",
      paths: ["/dev/ttyACM2"],
    });
  });

  it("USB ids are read as hex strings or numbers; anything else is refused", () => {
    expect(usbId("2341")).toBe(0x2341);
    expect(usbId("0x2E8A")).toBe(0x2e8a);
    expect(usbId(0x1209)).toBe(0x1209);
    expect(() => usbId("arduino")).toThrow(RangeError);
    expect(() => usbId(0x10000)).toThrow(RangeError);
  });
});
