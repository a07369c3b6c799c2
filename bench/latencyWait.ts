/**
 * Where a tag's latency from the felt goes (issue 20: "find where the time comes from first"): the
 * emulator logs every inventory (--scan-log: start, end, reader, channel, focus or round-robin), and
 * for a tag that landed on a channel at a moment this splits the time to its report into what the
 * tag's reader was doing: the rest of the inventory under way when it landed, the round-robin turns and
 * the focus turns of other channels it waited behind, and the inventory that saw it.
 */
import type { Scan } from "../src/sim/scanLog.js";

/** What a tag that landed at `at` waited for, ms; the parts add up to the time to its inventory's end. */
export interface Wait {
  /** The inventory under way on its reader when it landed (it started before: it cannot see the tag). */
  underWay: { channel: number; focus: boolean; left: number } | null;
  /** Round-robin inventories of other channels that started after it landed and before its own. */
  roundRobin: number;
  roundRobinTurns: number;
  /** Focus inventories of other channels in the same span. */
  focus: number;
  focusTurns: number;
  /** The inventory that saw it (its own channel's), and whether it was a focus turn. */
  own: number;
  ownFocus: boolean;
}

/** The wait of a tag that landed on `channel` at `at`, or null if no inventory of it started after. */
export function waitOf(scans: readonly Scan[], channel: number, at: number): Wait | null {
  const own = scans.find((s) => s.channel === channel && s.begin >= at);
  if (own === undefined) return null;
  const mine = scans.filter((s) => s.reader === own.reader && s.end > at && s.begin < own.begin);
  const w: Wait = {
    underWay: null,
    roundRobin: 0,
    roundRobinTurns: 0,
    focus: 0,
    focusTurns: 0,
    own: own.end - own.begin,
    ownFocus: own.focus,
  };
  for (const s of mine) {
    if (s.begin < at) w.underWay = { channel: s.channel, focus: s.focus, left: s.end - at };
    else if (s.focus) {
      w.focus += s.end - s.begin;
      w.focusTurns += 1;
    } else {
      w.roundRobin += s.end - s.begin;
      w.roundRobinTurns += 1;
    }
  }
  return w;
}

/** One line for a report: "134 ms rest of pot (rr) + 3 rr turns 52 ms + 1 focus turn 14 ms + own 30 ms (focus)". */
export function describeWait(w: Wait, names: Readonly<Record<number, string>>): string {
  const parts: string[] = [];
  if (w.underWay)
    parts.push(
      `${w.underWay.left} ms rest of ${names[w.underWay.channel] ?? w.underWay.channel} (${w.underWay.focus ? "focus" : "rr"})`,
    );
  if (w.roundRobinTurns > 0) parts.push(`${w.roundRobinTurns} rr turns ${w.roundRobin} ms`);
  if (w.focusTurns > 0) parts.push(`${w.focusTurns} focus turns ${w.focus} ms`);
  parts.push(`own ${w.own} ms (${w.ownFocus ? "focus" : "rr"})`);
  return parts.join(" + ");
}

/** Mean of each part over many waits, as one line: where the time goes on average. */
export function meanWait(waits: readonly Wait[]): string {
  const n = Math.max(1, waits.length);
  const avg = (f: (w: Wait) => number) => (waits.reduce((s, w) => s + f(w), 0) / n).toFixed(0);
  const focusOwn = waits.filter((w) => w.ownFocus).length;
  return (
    `mean: under way ${avg((w) => w.underWay?.left ?? 0)} ms, rr turns ${avg((w) => w.roundRobin)} ms, ` +
    `other focus turns ${avg((w) => w.focus)} ms, own inventory ${avg((w) => w.own)} ms; ` +
    `seen by a focus turn ${focusOwn}/${waits.length}`
  );
}
