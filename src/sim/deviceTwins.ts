/**
 * The host's devices in `sim --devices`, each on its twin under the product's own driver (principle 3:
 * real parts, simulated at the lowest layer): the all-in button's HID library (src/devices/hid/mock.ts)
 * under the AllinButton driver, the dealer keys' Firmata board (src/devices/keys/mock.ts) on a pty
 * under johnny-five and the DealerKeys driver, and the dealer panel's e-paper module
 * (src/devices/epaper/mock.ts) under the EpaperPanel driver. The simulated dealer pushes a key on the
 * twin; the driver reads it and submits it to the runtime, stamped by the runtime's clock, as at a
 * table. The keys' lights and digits and the panel show the table as `feltguard table` shows it.
 */
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Config } from "../config/configSchema.js";
import type { ButtonEvent, ButtonName } from "../contract/input.js";
import { AllinButton } from "../devices/hid/allin-button.js";
import { MOCK_PID, MOCK_VID, MockHid } from "../devices/hid/mock.js";
import { usbId } from "../devices/inventory.js";
import { EpaperPanel } from "../devices/epaper/panel.js";
import type { Screen } from "../devices/epaper/screen.js";
import { MockPanel } from "../devices/epaper/mock.js";
import { type DealerKeys, openDealerKeys } from "../devices/keys/dealer-keys.js";
import { FirmataTwin, openPtyPair } from "../devices/keys/mock.js";
import type { Runtime } from "../runtime/runtime.js";

/** Real milliseconds a key's driver may take to read a push before the run fails: a broken path, not a slow one. */
const KEY_READ_WITHIN_MS = 10_000;
/**
 * Real milliseconds a released key stays up before the next push: johnny-five debounces a pin for 7 ms
 * (src/devices/keys/dealer-keys.ts), so a release and a push closer than that would be one push.
 */
const KEY_UP_MS = 15;

/** The all-in button on its HID twin: `push` is a player's push (pressed, released). */
export interface AllinTwin {
  push(): void;
  close(): void;
  /** Pushes made, and pushes the driver read. */
  readonly pushed: number;
  readonly read: number;
}

/**
 * Opens the product's all-in button driver over the HID twin, with the configuration's USB ids (the
 * twin's own without one), and waits until it has found the button. A push reaches the runtime at once
 * (the twin's reports are delivered synchronously), stamped by the runtime's clock as at a table.
 */
export async function openAllinTwin(runtime: Runtime, config: Config): Promise<AllinTwin> {
  const hid = new MockHid();
  const vendorId = config.devices.hid ? usbId(config.devices.hid.vendorId) : MOCK_VID;
  const productId = config.devices.hid ? usbId(config.devices.hid.productId) : MOCK_PID;
  hid.plug("/dev/hidraw-sim", vendorId, productId);
  const button = new AllinButton({ hid, vendorId, productId, now: () => runtime.now() });
  let pushed = 0;
  let read = 0;
  button.on("button", (e) => {
    read += 1;
    runtime.submit(e);
  });
  const connected = once(button, "connected");
  button.start();
  await connected;
  return {
    push: () => {
      pushed += 1;
      hid.last?.report(1);
      hid.last?.report(0);
    },
    close: () => button.close(),
    get pushed() {
      return pushed;
    },
    get read() {
      return read;
    },
  };
}

/** The dealer keys on their Firmata twin: `push` resolves once the driver has read the push. */
export interface KeysTwin {
  /** The product's driver (its lights and digits are shown on the twin). */
  readonly driver: DealerKeys;
  /** Whether the configuration wires this key. */
  has(button: ButtonName): boolean;
  push(button: ButtonName): Promise<void>;
  close(): Promise<void>;
  readonly pushed: number;
  readonly read: number;
}

/**
 * Opens the dealer keys' driver on a pty whose far end is the Firmata twin (socat makes the pair), with
 * the configuration's pins; null when the configuration has no keys. The host waits for each push to be
 * read before it lets the emulator run on, so the push is stamped at the moment it was made.
 */
export async function openKeysTwin(runtime: Runtime, config: Config): Promise<KeysTwin | null> {
  const at = config.devices.keys;
  if (!at) return null;
  const dir = mkdtempSync(join(tmpdir(), "feltguard-sim-keys-"));
  const pty = await openPtyPair(dir);
  const twin = await FirmataTwin.open({ path: pty.device });
  const keys = await openDealerKeys({
    port: pty.host,
    buttons: at.buttons,
    seats: at.seats,
    ...(at.digits ? { digits: at.digits } : {}),
    now: () => runtime.now(),
  });
  let pushed = 0;
  let read = 0;
  const pins = at.buttons as Partial<Record<ButtonName, number | string>>;
  keys.on("button", (e) => {
    read += 1;
    runtime.submit(e);
  });
  return {
    driver: keys,
    has: (button) => typeof pins[button] === "number",
    async push(button) {
      const pin = pins[button];
      if (typeof pin !== "number") throw new Error(`sim --devices: the key ${button} is not wired`);
      pushed += 1;
      const heard = once(keys, "button", { signal: AbortSignal.timeout(KEY_READ_WITHIN_MS) }) as Promise<
        [ButtonEvent]
      >;
      twin.press(pin);
      const [event] = await heard;
      twin.release(pin);
      if (event.button !== button) throw new Error(`sim --devices: pushed ${button}, read ${event.button}`);
      await sleep(KEY_UP_MS);
    },
    async close() {
      keys.close();
      await twin.close();
      await pty.close();
      rmSync(dir, { recursive: true, force: true });
    },
    get pushed() {
      return pushed;
    },
    get read() {
      return read;
    },
  };
}

/**
 * The dealer panel on its e-paper twin: what the displays show on (the product's driver, counting the
 * screens asked for), and how many screens the driver drew. A drawing takes the module seconds in real
 * time, so `drawn` depends on how long the run took; `asked` on the hands alone.
 */
export interface PanelTwin {
  readonly display: { show(screen: Screen): void };
  readonly asked: number;
  readonly drawn: number;
  close(): Promise<void>;
}

/**
 * Opens the dealer panel's driver on the e-paper module's twin at the configuration's path (serialport's
 * mock binding; the twin answers each command after a module's delay, in real time); null without a
 * panel in the configuration. The panel only shows: what it draws never feeds the table.
 */
export async function openPanelTwin(config: Config): Promise<PanelTwin | null> {
  const at = config.devices.epaper;
  if (!at) return null;
  const twin = new MockPanel(at.path);
  const panel = new EpaperPanel({
    path: at.path,
    openPort: twin.openPort,
    ...(config.displays.epaper ? { minIntervalMs: config.displays.epaper.minRefreshMs } : {}),
  });
  let asked = 0;
  let drawn = 0;
  panel.on("drawn", () => (drawn += 1));
  // A screen that fails is retried by the driver; the simulated module does not fail unless told to.
  panel.on("fault", () => undefined);
  await panel.open();
  return {
    display: {
      show: (screen) => {
        asked += 1;
        panel.show(screen);
      },
    },
    get asked() {
      return asked;
    },
    get drawn() {
      return drawn;
    },
    close: () => panel.close(),
  };
}
