/**
 * The hands of a simulated table as a bridge scanning in rounds reports them (`sim --scan-ms`,
 * src/sim/scanRounds.ts), with the dealer still following the floor (src/sim/floorFollower.ts). The
 * bridge model is a stream with memory: when the floor changes what the dealer does from a moment on,
 * the model goes back to where the hand began (a copy kept then) and hears the felt again, the same up to
 * the ruling and the dealer's new moves after it, so its reports are what a bridge would have sent.
 */
import type { InputEventIn } from "../contract/input.js";
import type { FloorWord } from "./floorWords.js";
import type { HandSource } from "./run.js";
import type { ScanRounds } from "./scanRounds.js";
import type { FloorEnding, HandBatch } from "./session.js";
import type { Truth } from "./truth.js";

/**
 * `source`'s hands through `scan`. Rulings are followed where the source follows them and the model can
 * be copied (with the host's focus too: its shadow table is copied with it, src/sim/scanFocus.ts).
 */
export function withScanRounds(source: HandSource, scan: ScanRounds): HandSource {
  let model = scan;
  /** The model as the batch in play began, and that batch's true-felt events. */
  let atStart: ScanRounds | null = null;
  let felt: readonly InputEventIn[] = [];
  const through = (batch: HandBatch): HandBatch => {
    atStart = model.copy();
    felt = batch.events;
    const before = model.felt();
    const events = model.push(batch.events);
    return { ...batch, events, truths: leftoversSeenAsCollected(batch.truths, before, events, model.lagMs) };
  };
  const follows = model.copy() !== null;
  return {
    nextHand: () => through(source.nextHand()),
    finish: () => [...(source.finish?.() ?? []), ...model.flush()],
    ...(follows && source.followRuling
      ? {
          followRuling(ending: FloorEnding) {
            // The felt as it truly lay when the dealer stopped (the reports may lag it by rounds; what
            // the script had him do after that never happened): he collects what is there.
            const replayed = atStart?.copy() ?? model;
            replayed.push(felt.filter((e) => e.t <= (ending.playedTo ?? ending.t)));
            model = replayed;
            return through(source.followRuling!(ending, model.felt()));
          },
        }
      : {}),
    ...(follows && source.hearRuling
      ? {
          hearRuling(word: FloorWord) {
            const again = source.hearRuling!(word);
            const replayed = atStart?.copy();
            if (again === null || replayed === undefined || replayed === null) return null;
            // The whole batch heard again: the same reports up to the ruling, the new moves after it.
            model = replayed;
            felt = again.events;
            const before = model.felt();
            const events = model.push(again.events);
            return {
              ...again,
              events,
              truths: leftoversSeenAsCollected(again.truths, before, events, model.lagMs),
            };
          },
        }
      : {}),
  };
}

/**
 * DECK_NOT_COLLECTED is owed only where the table can tell it. The table judges the last hand's cards at
 * the press plus the readers' lag: cards collected just before the press are listed up to that long.
 * Cards the dealer collected after the press but that the bridge reported gone within that lag (with the
 * host's focus on the seats, K missed scans pass in less than K rounds) read exactly like cards collected
 * before it: such a truth explains the alert if it comes, and is not owed (six seats, reading.missedScans
 * 5, settleWindowMs 900, `--focus` seed 40 at 600 ms rounds, hand 3964: collected 2.5 s after the press,
 * reported gone 3.1 s after it, the lag 3.6 s).
 */
export function leftoversSeenAsCollected(
  truths: readonly Truth[],
  feltBefore: ReadonlyMap<string, readonly string[]>,
  reports: readonly InputEventIn[],
  lagMs: number,
): Truth[] {
  return truths.map((truth) => {
    if (truth.leftOn === undefined || truth.optional) return truth;
    const goneAt = truth.leftOn.map((antenna) => {
      const left = feltBefore.get(antenna) ?? [];
      const gone = reports.find(
        (e) =>
          e.kind === "tags" &&
          e.antenna === antenna &&
          e.t >= truth.from &&
          !left.some((tag) => e.tags.includes(tag)),
      );
      return gone?.t ?? Number.POSITIVE_INFINITY;
    });
    // Judged before the reports of its own moment (windows run first): a report at the lag's end is late.
    return Math.max(...goneAt) < truth.from + lagMs ? { ...truth, optional: true } : truth;
  });
}
