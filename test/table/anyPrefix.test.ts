/**
 * A journal can end anywhere: at a power cut, or where a dealer stopped in the middle of a deal. Replaying
 * any prefix of a table's input log must end (at the end of input the windows run out, events.md) and
 * give the same table events each time. A log that ended during a deal, with a seat still listing a lone
 * card of the last hand, never finished replaying (test/app/replayEnds): this looks for more such ends.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { InputEvent, type TableEvent } from "../../src/contract/index.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { flopGame } from "../../src/sim/games.js";
import { parseInject } from "../../src/sim/injection.js";
import { withScanRounds } from "../../src/sim/run.js";
import { ScanRounds, scanLayout } from "../../src/sim/scanRounds.js";
import { FlopSession } from "../../src/sim/session.js";

const base = loadConfig();
const ROUND = 600;
const config = { ...base, reading: { ...base.reading, scanRoundMs: ROUND } };

/** 40 hands of a simulated table with every dealer error injected, reader noise and a random pace. */
function tableLog(seed: number): InputEvent[] {
  const game = flopGame("nlhe", false)!;
  const source = withScanRounds(
    new FlopSession({
      seed,
      noise: true,
      inject: parseInject("all", game.injectable),
      game: game.name,
      seatCount: config.table.seats,
      deck: config.deck,
      decks: config.decks,
      chips: config.chips,
      bbAnteOrder: config.house.bbAnteOrder,
      pace: "random",
    }),
    new ScanRounds({ roundMs: ROUND, missedScans: config.reading.missedScans, antennas: scanLayout(config) }),
  );
  const events = [...Array.from({ length: 40 }, () => source.nextHand().events).flat(), ...source.finish!()];
  return events.map((e) => InputEvent.parse(e));
}

/**
 * Replays `events` to their end. A window that keeps putting itself off would make the end of input
 * loop for ever: more deadlines than any log this size has is a failure, not a hang.
 */
function replay(events: readonly InputEvent[]): TableEvent[] {
  const core = createTableFromConfig(config);
  const next = core.nextDeadline.bind(core);
  let asked = 0;
  core.nextDeadline = () => {
    asked += 1;
    if (asked > 50 * (events.length + 100))
      throw new Error(`the end of input did not end (${asked} deadlines)`);
    return next();
  };
  const out: TableEvent[] = [];
  for (const e of events) out.push(...core.advanceTo(e.t), ...core.handle(e));
  out.push(...core.finish(events.at(-1)?.t ?? 0));
  return out;
}

describe("replaying a log cut anywhere", () => {
  const logs = [11, 12].map((seed) => tableLog(seed));

  it("ends, and gives the same table events twice, wherever the log is cut", () => {
    for (const log of logs) expect(log.length).toBeGreaterThan(1000);
    fc.assert(
      fc.property(fc.constantFrom(0, 1), fc.double({ min: 0, max: 1, noNaN: true }), (which, at) => {
        const log = logs[which]!;
        const prefix = log.slice(0, Math.max(1, Math.round(at * log.length)));
        const once = replay(prefix);
        expect(replay(prefix)).toEqual(once);
      }),
      { numRuns: 60, seed: 15 },
    );
  });
});
