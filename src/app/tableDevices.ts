/**
 * Wires the table's hardware to the runtime: the RFID bridge's tag and reader events go in as input
 * events. Bindings are injected so that tests and the simulator swap only the lowest layer.
 */
import { BridgeTransport, type SerialBinding } from "../devices/bridge/index.js";
import type { Config } from "./configSchema.js";
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
