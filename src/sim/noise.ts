/**
 * Reader noise a real table produces, deterministic from the seed: a card that drops out of one report
 * and comes back (a lifted corner, RF noise), and the chips of one bet landing over two reports.
 */
import { chance, pick, randInt, type Rng } from "./random.js";
import type { Timeline } from "./timeline.js";

/** Which kinds of noise to add. */
export interface NoiseOptions {
  /** Now and then a hole or board card is missing from one report and back 100–200 ms later. */
  readonly flicker?: boolean;
  /** Chips of a bet sometimes arrive over two reports of the zone, 100–250 ms apart. */
  readonly splitBets?: boolean;
}

/** One card of one of `antennas` (seat or board antennas holding cards) drops out of a report and returns. */
export function flicker(tl: Timeline, rng: Rng, antennas: readonly string[]): void {
  const antenna = pick(
    rng,
    antennas.filter((a) => tl.read(a).length > 0),
  );
  if (antenna === undefined) return;
  const full = tl.read(antenna);
  const lost = pick(rng, full);
  // Not remembered: the card never left, the next report shows it again.
  tl.report(
    antenna,
    full.filter((tag) => tag !== lost),
    false,
  );
  tl.wait(randInt(rng, 100, 200)).report(antenna, full);
}

/** New chips land on a zone that already holds `before`; with `split`, some of them one report early. */
export function landChips(
  tl: Timeline,
  rng: Rng,
  zone: string,
  fresh: readonly string[],
  split: boolean,
): void {
  const before = tl.read(zone);
  if (split && fresh.length >= 2 && chance(rng, 0.5)) {
    const first = randInt(rng, 1, fresh.length - 1);
    tl.report(zone, [...before, ...fresh.slice(0, first)]);
    tl.wait(randInt(rng, 100, 250));
  }
  tl.report(zone, [...before, ...fresh]);
}
