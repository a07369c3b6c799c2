import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyAction,
  type BettingAction,
  type BettingState,
  dealNextStreet,
  handContributions,
  handPots,
  legalActions,
  startHand,
  totalPot,
} from "../../src/rules/betting.js";
import { flhe, nlhe, plo } from "../../src/rules/games.js";
import { totalOf } from "../../src/rules/pots.js";

const tableArb = fc.record({
  stacks: fc.array(fc.integer({ min: 1, max: 3000 }), {
    minLength: 2,
    maxLength: 7,
  }),
  game: fc.constantFrom(nlhe, plo, flhe),
  bb: fc.integer({ min: 2, max: 200 }),
  anteKind: fc.constantFrom("none", "ante", "bbAnte"),
  bbAnteOrder: fc.constantFrom("blind-first" as const, "ante-first" as const),
  deadSb: fc.boolean(),
  choices: fc.array(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), {
    minLength: 200,
    maxLength: 200,
  }),
});

type Table = typeof tableArb extends fc.Arbitrary<infer T> ? T : never;

function deal(t: Table): BettingState {
  const n = t.stacks.length;
  const sb = Math.floor(t.bb / 2);
  return startHand({
    game: t.game,
    seats: t.stacks.map((stack, i) => ({ seat: i + 1, stack })),
    button: n,
    sbSeat: n === 2 ? (t.deadSb ? null : 2) : t.deadSb ? null : 1,
    bbSeat: n === 2 ? 1 : 2,
    level: {
      sb,
      bb: t.bb,
      ante: t.anteKind === "ante" ? Math.ceil(t.bb / 4) : 0,
      bbAnte: t.anteKind === "bbAnte" ? t.bb : 0,
    },
    bbAnteOrder: t.bbAnteOrder,
  });
}

/** A random action among those `legalActions` offers. */
function pick(state: BettingState, r: number): BettingAction {
  const legal = legalActions(state)!;
  const seat = legal.seat;
  const options: BettingAction[] = [{ seat, type: legal.canCheck ? "check" : "call" }];
  if (!legal.canCheck) options.push({ seat, type: "fold" });
  if (legal.canRaise && legal.minTo !== null && legal.maxTo !== null) {
    const span = legal.maxTo - legal.minTo;
    options.push({
      seat,
      type: legal.raiseType,
      to: legal.minTo + Math.floor(((r * 7) % 1) * (span + 1)),
    });
    options.push({ seat, type: legal.raiseType, to: legal.maxTo });
  }
  return options[Math.floor(r * options.length)]!;
}

const chipsOf = (s: BettingState) => s.seats.reduce((sum, x) => sum + x.stack, 0) + totalPot(s);

describe("betting engine properties", () => {
  it("chips are conserved in every random legal hand, and the pots add up to the contributions", () => {
    fc.assert(
      fc.property(tableArb, (t) => {
        let state = deal(t);
        const chips = t.stacks.reduce((a, b) => a + b, 0);
        let i = 0;
        while (state.phase !== "showdown" && state.phase !== "uncontested") {
          const r = t.choices[i++ % t.choices.length]!;
          const result =
            state.phase === "betting" ? applyAction(state, pick(state, r)) : dealNextStreet(state);
          if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
          state = result.state;
          expect(chipsOf(state)).toBe(chips);
        }
        const { contribs, deadMoney } = handContributions(state);
        expect(contribs.reduce((sum, c) => sum + c.amount, 0) + deadMoney).toBe(totalPot(state));
        const pots = handPots(state);
        expect(totalOf(pots)).toBe(totalPot(state));
        const live = new Set(state.seats.filter((s) => !s.folded).map((s) => s.seat));
        for (const pot of pots.pots) for (const seat of pot.eligible) expect(live.has(seat)).toBe(true);
        if (state.phase === "showdown") expect(state.street).toBe("river");
        expect(JSON.parse(JSON.stringify(state))).toEqual(state);
      }),
      { numRuns: 400 },
    );
  });

  it("an action legalActions does not offer is refused with a reason", () => {
    fc.assert(
      fc.property(tableArb, (t) => {
        const state = deal(t);
        const legal = legalActions(state);
        if (legal === null) return;
        if (!legal.canRaise) {
          const r = applyAction(state, {
            seat: legal.seat,
            type: legal.raiseType,
            to: state.currentBet * 2 + 1,
          });
          expect(r.ok).toBe(false);
          if (!r.ok) expect(r.error.message.length).toBeGreaterThan(10);
        }
        if (!legal.canCheck) expect(applyAction(state, { seat: legal.seat, type: "check" }).ok).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
