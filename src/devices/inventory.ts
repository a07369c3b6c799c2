/**
 * `feltguard devices`: which configured devices are plugged in, and what else is.
 * Pure: the caller lists serial ports (`@serialport/bindings-cpp` `list()`) and HID devices
 * (node-hid `devices()`), and resolves udev symlinks (fs.realpath) when it wants them matched.
 */

/** A serial port as `list()` reports it; ids are hex strings such as "2341". */
export interface SerialPortInfo {
  path: string;
  manufacturer?: string | undefined;
  serialNumber?: string | undefined;
  pnpId?: string | undefined;
  locationId?: string | undefined;
  vendorId?: string | undefined;
  productId?: string | undefined;
}

/** A HID interface as node-hid's `devices()` reports it. */
export interface HidInfo {
  vendorId: number;
  productId: number;
  path?: string | undefined;
  product?: string | undefined;
  manufacturer?: string | undefined;
  serialNumber?: string | undefined;
}

/** A USB id: a number, or a hex string as lsusb prints it ("2341", "0x2341"). */
export type UsbId = number | string;

/** How a serial device is recognised: every given field must match. */
export interface SerialMatch {
  path?: string;
  vendorId?: UsbId;
  productId?: UsbId;
  serialNumber?: string;
}

export interface DevicesConfig {
  bridge?: SerialMatch;
  keys?: SerialMatch;
  hid?: { vendorId: UsbId; productId: UsbId };
  epaper?: { path: string };
}

export type DeviceName = "bridge" | "keys" | "hid" | "epaper";

export interface InventoryEntry {
  device: DeviceName;
  /** `ambiguous`: several devices match; pin it down with a path or serial number. */
  status: "found" | "missing" | "ambiguous" | "not-configured";
  /** What the configuration asks for, readable. */
  wanted: string;
  /** Paths of the matching ports or HID devices. */
  paths: string[];
}

export interface Inventory {
  devices: InventoryEntry[];
  /** USB serial ports and HID devices no configured device claims. */
  unexpected: { serial: SerialPortInfo[]; hid: HidInfo[] };
}

/** Matches the configured devices against what is plugged in. `realPaths` maps a configured path (e.g. a udev symlink) to the device node it points at. */
export function inventory(
  ports: readonly SerialPortInfo[],
  hids: readonly HidInfo[],
  config: DevicesConfig,
  realPaths: Readonly<Record<string, string>> = {},
): Inventory {
  const claimedPorts = new Set<string>();
  const claimedHid = new Set<HidInfo>();
  const devices: InventoryEntry[] = [];

  const serial = (device: DeviceName, match: SerialMatch | undefined) => {
    const wanted = match ? describeSerial(match) : "";
    if (!match || wanted === "") {
      devices.push({ device, status: "not-configured", wanted: "", paths: [] });
      return;
    }
    const found = ports.filter((port) => serialMatches(port, match, realPaths));
    for (const port of found) claimedPorts.add(port.path);
    devices.push({
      device,
      status: statusOf(found.length),
      wanted,
      paths: found.map((p) => p.path),
    });
  };

  serial("bridge", config.bridge);
  serial("keys", config.keys);

  if (config.hid) {
    const vendorId = usbId(config.hid.vendorId);
    const productId = usbId(config.hid.productId);
    const found = hids.filter((h) => h.vendorId === vendorId && h.productId === productId);
    for (const h of found) claimedHid.add(h);
    const paths = unique(found.map((h) => h.path ?? "(no path)"));
    devices.push({
      device: "hid",
      // One button exposes several HID interfaces: any of them means it is there.
      status: found.length > 0 ? "found" : "missing",
      wanted: `usb ${hex4(vendorId)}:${hex4(productId)}`,
      paths,
    });
  } else {
    devices.push({
      device: "hid",
      status: "not-configured",
      wanted: "",
      paths: [],
    });
  }

  serial("epaper", config.epaper ? { path: config.epaper.path } : undefined);

  const unexpectedSerial = ports.filter((p) => !claimedPorts.has(p.path) && p.vendorId !== undefined);
  const seenHidPaths = new Set<string>();
  const unexpectedHid = hids.filter((h) => {
    if (claimedHid.has(h)) return false;
    const key = h.path ?? `${h.vendorId}:${h.productId}`;
    if (seenHidPaths.has(key)) return false;
    seenHidPaths.add(key);
    return true;
  });
  return {
    devices,
    unexpected: { serial: unexpectedSerial, hid: unexpectedHid },
  };
}

function serialMatches(
  port: SerialPortInfo,
  match: SerialMatch,
  realPaths: Readonly<Record<string, string>>,
) {
  if (match.path !== undefined && port.path !== match.path && port.path !== realPaths[match.path])
    return false;
  if (match.vendorId !== undefined && usbIdOrNull(port.vendorId) !== usbId(match.vendorId)) return false;
  if (match.productId !== undefined && usbIdOrNull(port.productId) !== usbId(match.productId)) return false;
  if (match.serialNumber !== undefined && port.serialNumber !== match.serialNumber) return false;
  return true;
}

function statusOf(count: number): InventoryEntry["status"] {
  return count === 0 ? "missing" : count === 1 ? "found" : "ambiguous";
}

function describeSerial(match: SerialMatch): string {
  const parts: string[] = [];
  if (match.path !== undefined) parts.push(match.path);
  if (match.vendorId !== undefined || match.productId !== undefined) {
    const vid = match.vendorId === undefined ? "*" : hex4(usbId(match.vendorId));
    const pid = match.productId === undefined ? "*" : hex4(usbId(match.productId));
    parts.push(`usb ${vid}:${pid}`);
  }
  if (match.serialNumber !== undefined) parts.push(`serial ${match.serialNumber}`);
  return parts.join(" ");
}

/** A configured USB id as a number; throws on something that is not one. */
export function usbId(id: UsbId): number {
  const value = typeof id === "number" ? id : Number.parseInt(id.replace(/^0x/i, ""), 16);
  if (
    !Number.isInteger(value) ||
    value < 0 ||
    value > 0xffff ||
    (typeof id === "string" && !/^(0x)?[0-9a-f]{1,4}$/i.test(id))
  ) {
    throw new RangeError(`not a USB id: ${JSON.stringify(id)}`);
  }
  return value;
}

/** A reported id (from the OS) as a number; null when absent or malformed. */
function usbIdOrNull(id: string | undefined): number | null {
  if (id === undefined) return null;
  try {
    return usbId(id);
  } catch {
    return null;
  }
}

function hex4(value: number): string {
  return value.toString(16).padStart(4, "0");
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
