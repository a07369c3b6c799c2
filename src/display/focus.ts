/**
 * Expectation-driven scanning beside the displays (issue 20): after every input and timer, the antennas
 * where the next card or chips should land (src/devices/bridge/focus.ts, a pure function of the public
 * view) go to each bridge that serves them, as FOCUS, only when they change. It lives with the displays
 * because it reads what they read — the public view, never a hole card — and because both `feltguard
 * table` and `sim --devices` add it beside them.
 */
import { FocusFollower } from "../devices/bridge/focus.js";
import type { TableReadModel } from "../table/core.js";
import { tableView } from "./view.js";

/** A bridge that can be told where tags are expected next (BridgeTransport.focus). */
export interface FocusTarget {
  focus(channels: readonly number[]): void;
}

/**
 * A runtime observer (Runtime.addObserver: after every input and timer, since a hole card dealt says
 * nothing publicly yet moves the focus) that keeps every bridge's focus on the antennas it serves (the
 * configuration's antennas, each naming its bridge and channel). Nothing is sent while it stays the same.
 */
export function focusObserver(
  bridges: ReadonlyMap<string, FocusTarget>,
  antennas: Readonly<Record<string, { readonly reader: string; readonly channel: number }>>,
): (core: TableReadModel) => void {
  const followers = [...bridges].map(([name, bridge]) => {
    const channelOf: Record<string, number> = {};
    for (const [antenna, at] of Object.entries(antennas))
      if (at.reader === name) channelOf[antenna] = at.channel;
    return new FocusFollower((channels) => bridge.focus(channels), channelOf);
  });
  return (core) => {
    // Alerts and offline readers do not move the focus; only the hand's public state does.
    const view = tableView(core, { tableName: "", alerts: [], readersOffline: [] });
    for (const follower of followers) follower.update(view);
  };
}
