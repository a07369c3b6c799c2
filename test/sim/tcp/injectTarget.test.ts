/**
 * Which box an injected error is made at (src/sim/tcp/inject.ts targetBox): errors that need the hand
 * still to be waiting for a decision are made only in hands that have one. With nothing to decide, the
 * dealer turns his cards as the deal ends, and what comes after is not that error.
 */
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../../src/sim/random.js";
import { targetBox } from "../../../src/sim/tcp/inject.js";
import type { BoxPlan } from "../../../src/sim/tcp/players.js";

const sideOnly: BoxPlan = { box: 2, blind: false, bets: { ante: 0, play: 0, pairPlus: 5, prime: 25 } };
const blindPlayed: BoxPlan = { box: 3, blind: true, bets: { ante: 100, play: 100, pairPlus: 0, prime: 0 } };
const deciding: BoxPlan = { box: 5, blind: false, bets: { ante: 100, play: 0, pairPlus: 5, prime: 0 } };

describe("the box an injected Three Card Poker error is made at", () => {
  // TCP seed 55 at 200 ms rounds: a chip put on Pair Plus after a deal with nothing to decide lay beside
  // a bet already settled, and the table read it as an underpaid payout (a false PAYOUT_WRONG).
  for (const kind of ["bet-after-deal", "box-extra-card", "dealer-extra-card"] as const) {
    it(`${kind}: none in a hand with nothing to decide, some box in a hand with a decision`, () => {
      for (let seed = 1; seed <= 20; seed++) {
        expect(targetBox(kind, [sideOnly, blindPlayed], mulberry32(seed))).toBeNull();
        expect(targetBox(kind, [sideOnly, blindPlayed, deciding], mulberry32(seed))).not.toBeNull();
      }
    });
  }
});
