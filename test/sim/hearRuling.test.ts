/**
 * A hand dealt again after a ruling (FlopSession.hearRuling) is the same up to the ruling: the follower
 * (src/sim/floorFollower.ts) keeps the events it played and takes the rest from the new script, so
 * every event at or before the ruling's moment must be what was played, in the same order. Where nobody
 * rules, the session's stream is what it always was (the --report path).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { FloorWord } from "../../src/sim/floorWords.js";
import { FlopSession } from "../../src/sim/session.js";
import { FLOP_INJECTORS } from "../../src/sim/injection.js";
import type { AlertCode } from "../../src/hand/alerts.js";

const config = loadConfig("config/default.yaml");
const INJECTED = Object.keys(FLOP_INJECTORS) as AlertCode[];
const session = (seed: number) =>
  new FlopSession({
    seed,
    noise: true,
    inject: INJECTED,
    game: "nlhe",
    seatCount: config.table.seats,
    deck: config.deck,
    chips: config.chips,
    bbAnteOrder: config.house.bbAnteOrder,
    pace: "random",
  });

describe("a hand dealt again after a ruling", () => {
  it("is the same events up to the ruling, whatever the ruling and its moment (property)", () => {
    let dealtAgain = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 5 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.oneof(
          fc.constant<"continue" | "wait">("continue"),
          fc.constant<"continue" | "wait">("wait"),
          fc.integer({ min: 1, max: 10 }),
        ),
        (seed, before, at, said) => {
          const s = session(seed);
          for (let i = 0; i < before; i++) s.nextHand();
          const hand = s.nextHand().events;
          const first = hand[0]!.t;
          const t = Math.floor(first + at * (hand.at(-1)!.t - first));
          const word: FloorWord =
            typeof said === "number" ? { t, ruling: "dead", seat: said } : { t, ruling: said };
          const again = s.hearRuling(word);
          if (again === null) return;
          dealtAgain += 1;
          const played = hand.filter((e) => e.t <= t);
          expect(again.events.slice(0, played.length)).toEqual(played);
        },
      ),
      { numRuns: 150 },
    );
    // Most rulings fall in the hand and change it (the rest: a seat not dealt in, a continue with no
    // misdeal to keep): the property is not vacuous.
    expect(dealtAgain).toBeGreaterThan(50);
  });

  it("where nobody rules, the hands are as a session that was never asked (the --report stream)", () => {
    const asked = session(7);
    const never = session(7);
    for (let i = 0; i < 40; i++) {
      const a = asked.nextHand();
      // A word said after the hand is over changes nothing, and is not kept.
      expect(asked.hearRuling({ t: a.events.at(-1)!.t + 60_000, ruling: "continue" })).toBeNull();
      expect(a.events).toEqual(never.nextHand().events);
    }
  });
});
