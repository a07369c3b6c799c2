/**
 * What a hand starts from, read off the table at the shuffler press: the seats' stacks, the chips
 * already on their zones, and which of those are the last hand's (its chips still listed by the bridge,
 * reported late, or still to come from the key that ended it). Both games start from it.
 */
import type { ChipTag } from "../reading/observations.js";
import type { HandPress } from "./lifecycle.js";
import type { HandInit } from "./session.js";

/** What every game's hand starts from (hold'em's whole init; Three Card Poker adds its own). */
export function handInit(press: HandPress): HandInit {
  // One pass over the seats dealt in, not Object.keys + fromEntries + flatMap: a hand starts at every
  // shuffler press (bench/replay).
  const chipsOnZones: Record<number, ChipTag[]> = {};
  const lastHandsChips: string[] = [];
  for (const key in press.stacks) {
    const zone = `bet${key}`;
    const chips = (chipsOnZones[Number(key)] = press.zones.chipsOn(zone));
    const before = press.zones.chipsBefore(zone, press.lastHandEnd + press.reading.scanRoundMs);
    for (const tag of before) lastHandsChips.push(tag);
    const toCome = press.lastHandsChipsToCome[Number(key)] ?? 0;
    if (toCome > 0) lastHandsChips.push(...stillToCome(chips, before, toCome));
  }
  return {
    t: press.t,
    hand: press.hand,
    game: press.game,
    positions: press.positions,
    level: press.level,
    redeal: press.redeal,
    seatCount: press.seatCount,
    stacks: press.stacks,
    oddChipUnit: press.oddChipUnit,
    bbAnteOrder: press.bbAnteOrder,
    leftovers: press.leftovers,
    chipsOnZones,
    reading: press.reading,
    lastHandsChips,
    ...(press.rake ? { rake: press.rake } : {}),
  };
}

/**
 * Of the chips a zone lists at the press, those that came after the last hand ended, as they are
 * listed, while they add up to no more than the chips that hand still had to come on it.
 */
function stillToCome(chips: readonly ChipTag[], before: readonly string[], toCome: number): string[] {
  const tags: string[] = [];
  let left = toCome;
  for (const c of chips) {
    if (before.includes(c.tag) || c.denomination > left) continue;
    tags.push(c.tag);
    left -= c.denomination;
  }
  return tags;
}
