/**
 * The dealer panel's health as the floor hears it: the e-paper driver reports faults and a closed port,
 * but has no notion of "lost" or "back", and cannot reopen itself. This follows it, reopens it, and
 * turns each change into one journaled `reader` event (`panel`), like the other devices' losses.
 */
import type { EpaperPanel } from "../devices/epaper/panel.js";
import type { Logger } from "./log.js";
import { CHECK_DEVICE, type DeviceStatus } from "./readerHealth.js";

/**
 * How often a lost dealer panel's port is tried again. The module has no hot-plug notice and opening a
 * missing port is cheap; 5 s brings it back within a street without a log line per second.
 */
export const PANEL_REOPEN_MS = 5_000;

/**
 * Follows the dealer panel: a closed port or a module that stopped answering (a command timed out) is
 * lost, a screen drawn again or a port reopened is back; each change is reported once, as a journaled
 * `reader` event. A port that closed or would not open is tried again every {@link PANEL_REOPEN_MS}.
 * `opened` settles after the first attempt; `stop` ends the retries.
 */
export function watchPanel(
  panel: EpaperPanel,
  path: string,
  to: {
    set: (state: DeviceStatus["state"], detail?: string) => void;
    report: (status: "online" | "offline") => void;
    log: Logger;
  },
): { opened: Promise<void>; stop: () => void } {
  let online = false;
  let ever = false;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const up = () => {
    to.set("online");
    if (!online && ever) to.report("online");
    online = ever = true;
  };
  const down = (detail: string) => {
    to.set("offline", detail);
    if (online) to.report("offline");
    online = false;
  };
  const open = (first: boolean) =>
    panel.open().then(up, (e: Error) => {
      if (first) {
        to.set("not-opened", e.message);
        to.log.error(
          { device: "panel", path, error: e.message, hint: CHECK_DEVICE },
          `dealer panel not opened: tried again every ${PANEL_REOPEN_MS / 1000} s`,
        );
      }
      retry();
    });
  const retry = () => {
    if (stopped) return;
    timer = setTimeout(() => void open(false), PANEL_REOPEN_MS);
  };
  panel.on("fault", (e) => {
    to.log.warn({ device: "panel", error: e.message }, "dealer panel fault");
    if (e.reason === "timeout") down(e.message);
  });
  panel.on("drawn", () => {
    if (!online) up();
  });
  panel.on("closed", () => {
    down("the port closed");
    retry();
  });
  return {
    opened: open(true),
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
