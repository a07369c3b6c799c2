/**
 * The physical floor of a tag's latency from the felt (issue 20: "if the target stays out of reach, say
 * with figures why"): what a reader would achieve if it did nothing but scan the one antenna where the
 * tag lands, back to back, with the emulator's own time model (PROTOCOL.md, "Inventory time" and
 * "Probes"). The tag lands just after a scan of that antenna started (a scan sees the felt as it starts),
 * so it waits for that scan and then for the one that sees it. No scheduler sharing a reader between
 * antennas can do better; the benchmark sets the measured figures beside it.
 */

/** The time model: a 16-slot inventory's base and per-tag cost, a 1-slot probe's silent and answered cost (ms). */
export interface TimeModel {
  base: number;
  perTag: number;
  probeSilent: number;
  probeAnswered: number;
}

/** emulator/world.h: kProbeSilentMs, kProbeAnsweredMs; the inventory figures are the benchmark's. */
export const PROBE_MS = { silent: 3.4, answered: 7.0 } as const;

/** The emulator counts each turn in whole virtual milliseconds, rounded up. */
const turn = (ms: number) => Math.ceil(ms);

/**
 * The floor for `added` tags landing on an antenna that holds `before`: the scan under way, then the one
 * that reads them. An antenna with at most one tag is probed (a probe stands for its inventory); with two
 * or more a probe would collide, so it is inventoried (ISO 15693 has no cheaper "anything new?" there:
 * PROTOCOL.md "Probes"). Inventories of more than 16 tags (more rounds) are not among the events.
 */
export function floorMs(before: number, added: number, m: TimeModel): number {
  const inventory = (n: number) => turn(m.base + m.perTag * n);
  const after = before + added;
  if (before <= 1) {
    const underWay = turn(before === 0 ? m.probeSilent : m.probeAnswered);
    // One tag alone answers the probe cleanly; more collide, and the inventory follows in the same turn.
    const own = after === 1 ? turn(m.probeAnswered) : turn(m.probeAnswered + m.base + m.perTag * after);
    return underWay + own;
  }
  return inventory(before) + inventory(after);
}
