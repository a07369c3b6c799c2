/**
 * Wires the table's hardware to the runtime: each RFID bridge's tag and reader events and the dealer's
 * keys go in as input events; seat LEDs, digits and the dealer panel come out of the display outputs.
 * Bindings are injected so that tests and the simulator swap only the lowest layer. A device that is
 * missing is logged and left out: the table runs without it, and its health says so (`health()`
 * reads the drivers' own state, never a guess). A device lost or back is a journaled `reader` event
 * (named `keys`, `allin` or `panel`): the core raises READER_OFFLINE for it and clears it when it is
 * back, so the floor page shows it and a replay says the same.
 */
import { BridgeTransport, type SerialBinding } from "../devices/bridge/index.js";
import { EpaperPanel, type PortFactory } from "../devices/epaper/panel.js";
import { AllinButton, type HidApi } from "../devices/hid/allin-button.js";
import { usbId } from "../devices/inventory.js";
import { type DealerKeys, openDealerKeys } from "../devices/keys/dealer-keys.js";
import {
  type AntennaStatus,
  CHECK_DEVICE,
  type DeviceStatus,
  type LinkState,
  type LiveHealth,
} from "./readerHealth.js";
import type { Config } from "../config/configSchema.js";
import type { Logger } from "./log.js";
import type { Runtime } from "./runtime.js";
import { watchPanel } from "./panelWatch.js";

export { PANEL_REOPEN_MS } from "./panelWatch.js";

/** The bridge an antenna names when it names none (the single-bridge form of the configuration). */
export const DEFAULT_BRIDGE = "bridge";

/** Channel number → antenna name, from the configuration's antenna map, for one bridge. */
export function channelMap(config: Config, reader = DEFAULT_BRIDGE): Record<number, string> {
  const map: Record<number, string> = {};
  for (const [name, antenna] of Object.entries(config.antennas)) {
    if (antenna.reader === reader) map[antenna.channel] = name;
  }
  return map;
}

/** Every bridge the table opens: name → where (devices.bridge is "bridge"; devices.bridges the others). */
export function bridgePaths(config: Config): Record<string, string> {
  const out: Record<string, string> = {};
  if (config.devices.bridge) out[DEFAULT_BRIDGE] = config.devices.bridge.path;
  for (const [name, at] of Object.entries(config.devices.bridges ?? {})) out[name] = at.path;
  return out;
}

/** Starts the transport of bridge `reader` on `path`, feeding the runtime. */
export function connectBridge(
  runtime: Runtime,
  config: Config,
  path: string,
  binding: SerialBinding,
  reader = DEFAULT_BRIDGE,
  hooks: {
    onEvent?: (event: Parameters<Runtime["submit"]>[0]) => void;
    log?: Logger;
    /** Antenna → what the core last heard it list (see BridgeTransportOptions.known). */
    known?: Readonly<Record<string, readonly string[]>>;
  } = {},
): BridgeTransport {
  const log = hooks.log;
  // A bridge that stays unplugged retries every few seconds: the first of a run of the same line is
  // info, the repeats debug, so the log says what changed without a line per retry.
  let last = "";
  const onLog = (message: string) => {
    const key = message.replace(/\d+/g, "#");
    const repeat = key === last;
    last = key;
    // A port that will not open is the engineer's business (cable, udev name), not the table's.
    if (message.startsWith("link down: open failed") && !repeat) {
      log?.warn({ bridge: reader, path, hint: CHECK_DEVICE }, `${message}; retrying`);
      return;
    }
    log?.[repeat ? "debug" : "info"]({ bridge: reader, path }, message);
  };
  const bridge = new BridgeTransport({
    path,
    binding,
    antennas: channelMap(config, reader),
    ...(hooks.known === undefined ? {} : { known: hooks.known }),
    now: () => runtime.now(),
    onEvent: (event) => {
      hooks.onEvent?.(event);
      runtime.submit(event);
    },
    ...(log ? { onLog } : {}),
  });
  bridge.start();
  return bridge;
}

export interface TableDevices {
  bridges: ReadonlyMap<string, BridgeTransport>;
  keys: DealerKeys | null;
  allin: AllinButton | null;
  panel: EpaperPanel | null;
  /** The drivers' state now, for the floor page and /api/health (the journal's part is the caller's). */
  health(): Omit<LiveHealth, "journal">;
  stop(): Promise<void>;
}

/** Opens every configured device of the real table. */
export async function openTableDevices(
  runtime: Runtime,
  config: Config,
  log: Logger,
  options: {
    binding?: SerialBinding;
    /** The HID library under the all-in button (default node-hid; tests: src/devices/hid/mock.ts). */
    hid?: HidApi;
    /** Opens the dealer panel's port (default serialport; tests: src/devices/epaper/mock.ts). */
    panelPort?: PortFactory;
    /** Antenna → what the core last heard it list (a restarted table: Recovered.antennas). */
    known?: Readonly<Record<string, readonly string[]>>;
  } = {},
): Promise<TableDevices> {
  const { keys: keysAt, hid, epaper } = config.devices;
  const bridges = new Map<string, BridgeTransport>();
  /** Per bridge, per antenna: the bridge's last `reader` word on it. */
  const antennaWord = new Map<string, Map<string, "online" | "offline">>();
  const paths = bridgePaths(config);
  const binding = options.binding ?? (await import("serialport")).SerialPort.binding;
  for (const [name, path] of Object.entries(paths)) {
    const words = new Map<string, "online" | "offline">();
    antennaWord.set(name, words);
    const bridge = connectBridge(runtime, config, path, binding, name, {
      log,
      ...(options.known === undefined ? {} : { known: options.known }),
      onEvent: (e) => {
        if (e.kind === "reader") words.set(e.reader, e.status);
      },
    });
    bridges.set(name, bridge);
  }
  const devices = new Map<DeviceStatus["device"], DeviceStatus>();
  const set = (device: DeviceStatus["device"], state: DeviceStatus["state"], detail?: string) =>
    devices.set(device, { device, state, ...(detail === undefined ? {} : { detail }) });
  /** A device lost or back is an input event: journaled, and the floor hears it as READER_OFFLINE. */
  const report = (reader: string, status: "online" | "offline") =>
    runtime.submit({ t: runtime.now(), kind: "reader", reader, status });

  let keys: DealerKeys | null = null;
  if (keysAt) {
    try {
      keys = await openDealerKeys({
        port: keysAt.path,
        buttons: keysAt.buttons,
        seats: keysAt.seats,
        ...(keysAt.digits ? { digits: keysAt.digits } : {}),
        now: () => runtime.now(),
      });
      set("keys", "online");
      keys.on("button", (e) => runtime.submit(e));
      // johnny-five cannot reopen a lost board: the service restarts and the journal brings the table back.
      keys.on("lost", (e) => {
        set("keys", "offline", e.message);
        log.error(
          { device: "keys", path: keysAt.path, error: e.message },
          "dealer keys lost: restart the service to reconnect",
        );
        report("keys", "offline");
      });
    } catch (e) {
      set("keys", "not-opened", (e as Error).message);
      // johnny-five opens a board once: plugged in later, it is found at the service's next start.
      log.error(
        { device: "keys", path: keysAt.path, error: (e as Error).message, hint: CHECK_DEVICE },
        "dealer keys not opened: the table plays on without the keys, seat lights and digits; restart the service once the board is plugged in",
      );
    }
  }
  let allin: AllinButton | null = null;
  if (hid) {
    // Not online until the driver has found and opened it (it looks again every few seconds).
    set("allin", "offline", `not found on the USB bus (${String(hid.vendorId)}:${String(hid.productId)})`);
    try {
      const { loadNodeHid } = await import("../devices/hid/node-hid.js");
      allin = new AllinButton({
        hid: options.hid ?? (await loadNodeHid()),
        vendorId: usbId(hid.vendorId),
        productId: usbId(hid.productId),
        now: () => runtime.now(),
      });
      let seen = false;
      allin.on("button", (e) => runtime.submit(e));
      allin.on("connected", () => {
        set("allin", "online");
        if (seen) report("allin", "online");
        seen = true;
      });
      allin.on("disconnected", (e) => {
        set("allin", "offline", e.message);
        log.warn({ device: "allin", error: e.message }, "all-in button lost");
        report("allin", "offline");
      });
      allin.on("fault", (e) => {
        if (!seen) set("allin", "offline", e.message);
        log.warn({ device: "allin", error: e.message }, "all-in button not found");
      });
      allin.start();
    } catch (e) {
      set("allin", "not-opened", (e as Error).message);
      log.error({ device: "allin", error: (e as Error).message }, "all-in button not available");
    }
  }
  let panel: EpaperPanel | null = null;
  let stopPanel = () => {};
  if (epaper) {
    panel = new EpaperPanel({
      path: epaper.path,
      ...(config.displays.epaper ? { minIntervalMs: config.displays.epaper.minRefreshMs } : {}),
      ...(options.panelPort ? { openPort: options.panelPort } : {}),
    });
    const watched = watchPanel(panel, epaper.path, {
      set: (state, detail) => set("panel", state, detail),
      report: (status) => report("panel", status),
      log,
    });
    stopPanel = watched.stop;
    await watched.opened;
  }
  return {
    bridges,
    keys,
    allin,
    panel,
    health() {
      return {
        readers: [...bridges].map(([reader, bridge]) => ({
          reader,
          path: paths[reader] ?? "",
          state: linkState(bridge),
          antennas: antennaStates(
            channelMap(config, reader),
            antennaWord.get(reader),
            bridge.state === "online",
          ),
        })),
        devices: [...devices.values()].map((d) => ({ ...d })),
      };
    },
    async stop() {
      for (const bridge of bridges.values()) await bridge.stop();
      allin?.close();
      stopPanel();
      await panel?.close();
      keys?.close();
    },
  };
}

/**
 * A bridge's link in the floor's words: past its handshake is online; retrying after a failed open or
 * a lost link is offline (the transport keeps trying with backoff); only the first attempt is connecting.
 */
export function linkState(bridge: BridgeTransport): LinkState {
  if (bridge.state === "online") return "online";
  const c = bridge.counters;
  if (bridge.state === "stopped" || c.openFailures > 0 || c.disconnects > 0) return "offline";
  return "connecting";
}

/** Each antenna of a bridge: its last word, and offline whatever it was while the link is down. */
function antennaStates(
  channels: Record<number, string>,
  words: ReadonlyMap<string, "online" | "offline"> | undefined,
  linkUp: boolean,
): AntennaStatus[] {
  return Object.values(channels).map((antenna) => {
    const word = words?.get(antenna);
    const state = word === undefined ? (linkUp ? "unknown" : "offline") : linkUp ? word : "offline";
    return { antenna, state };
  });
}
