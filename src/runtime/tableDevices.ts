/**
 * Wires the table's hardware to the runtime: the RFID bridge's tag and reader events and the dealer's
 * keys go in as input events; seat LEDs, digits and the dealer panel come out of the display outputs.
 * Bindings are injected so that tests and the simulator swap only the lowest layer. A device that is
 * missing is reported and left out: the table runs without it (the floor page shows the readers).
 */
import { BridgeTransport, type SerialBinding } from "../devices/bridge/index.js";
import { EpaperPanel } from "../devices/epaper/panel.js";
import { AllinButton } from "../devices/hid/allin-button.js";
import { usbId } from "../devices/inventory.js";
import { type DealerKeys, openDealerKeys } from "../devices/keys/dealer-keys.js";
import type { Config } from "../config/configSchema.js";
import type { Runtime } from "./runtime.js";

/** Channel number → antenna name, from the configuration's antenna map (one bridge). */
export function channelMap(config: Config, reader = "bridge"): Record<number, string> {
  const map: Record<number, string> = {};
  for (const [name, antenna] of Object.entries(config.antennas)) {
    if (antenna.reader === reader) map[antenna.channel] = name;
  }
  return map;
}

/** Starts the bridge transport on `path`, feeding the runtime. */
export function connectBridge(
  runtime: Runtime,
  config: Config,
  path: string,
  binding: SerialBinding,
): BridgeTransport {
  const bridge = new BridgeTransport({
    path,
    binding,
    antennas: channelMap(config),
    now: () => runtime.now(),
    onEvent: (event) => {
      runtime.submit(event);
    },
  });
  bridge.start();
  return bridge;
}

export interface TableDevices {
  bridge: BridgeTransport | null;
  keys: DealerKeys | null;
  allin: AllinButton | null;
  panel: EpaperPanel | null;
  stop(): Promise<void>;
}

/** Opens every configured device of the real table; `say` hears what is missing and why. */
export async function openTableDevices(
  runtime: Runtime,
  config: Config,
  say: (line: string) => void,
): Promise<TableDevices> {
  const { bridge: bridgeAt, keys: keysAt, hid, epaper } = config.devices;
  let bridge: BridgeTransport | null = null;
  if (bridgeAt) {
    const { SerialPort } = await import("serialport");
    bridge = connectBridge(runtime, config, bridgeAt.path, SerialPort.binding);
  }
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
      keys.on("button", (e) => runtime.submit(e));
      // johnny-five cannot reopen a lost board: the service restarts and the journal brings the table back.
      keys.on("lost", (e) => say(`dealer keys lost (${e.message}): restart the service to reconnect`));
    } catch (e) {
      say(`dealer keys not opened at ${keysAt.path}: ${(e as Error).message}`);
    }
  }
  let allin: AllinButton | null = null;
  if (hid) {
    try {
      const { loadNodeHid } = await import("../devices/hid/node-hid.js");
      allin = new AllinButton({
        hid: await loadNodeHid(),
        vendorId: usbId(hid.vendorId),
        productId: usbId(hid.productId),
        now: () => runtime.now(),
      });
      allin.on("button", (e) => runtime.submit(e));
      allin.start();
    } catch (e) {
      say(`all-in button not available: ${(e as Error).message}`);
    }
  }
  let panel: EpaperPanel | null = null;
  if (epaper) {
    panel = new EpaperPanel({
      path: epaper.path,
      ...(config.displays.epaper ? { minIntervalMs: config.displays.epaper.minRefreshMs } : {}),
    });
    panel.on("fault", (e) => say(`dealer panel: ${e.message}`));
    await panel.open().catch((e: Error) => say(`dealer panel not opened at ${epaper.path}: ${e.message}`));
  }
  return {
    bridge,
    keys,
    allin,
    panel,
    async stop() {
      await bridge?.stop();
      allin?.close();
      await panel?.close();
      keys?.close();
    },
  };
}
