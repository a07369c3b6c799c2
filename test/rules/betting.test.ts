import { describe, expect, it } from "vitest";
import {
  applyAction,
  dealNextStreet,
  defaultBlindSeats,
  handContributions,
  isAllInRunout,
  legalActions,
  startHand,
  totalPot,
} from "../../src/rules/betting.js";
import { DEFAULT_RAISE_CAP, flhe, gameDef, limitSizes, nlhe, plo } from "../../src/rules/games.js";
import { play, type Step, seatOf, table } from "./bettingHelpers.js";

/** Five players who all limp pre-flop and reach the flop; seat 1 (small blind) acts first there. */
function limpedToFlop(stacks: number[], bb = 100) {
  const s = table({ stacks, button: stacks.length, level: { sb: bb / 2, bb } });
  const n = stacks.length;
  const steps: Step[] = [];
  for (let seat = 3; seat <= n; seat++) steps.push([seat, "call"]);
  steps.push([1, "call"], [2, "check"], "deal");
  return play(s, steps);
}

describe("action order", () => {
  it("TDA 2: pre-flop the first player left of the big blind acts first, post-flop the first left of the button", () => {
    const s = table({
      stacks: [1000, 1000, 1000, 1000],
      button: 4,
      level: { sb: 5, bb: 10 },
    });
    expect(s.toAct).toBe(3);
    expect(seatOf(s, 1).bet).toBe(5);
    expect(seatOf(s, 2).bet).toBe(10);
    const flop = play(s, [[3, "call"], [4, "fold"], [1, "call"], [2, "check"], "deal"]);
    expect(flop.street).toBe("flop");
    expect(flop.toAct).toBe(1);
    expect(flop.collected).toBe(30);
  });

  it("TDA 32: heads-up the button posts the small blind, acts first pre-flop and last after the flop", () => {
    const s = table({ stacks: [500, 500], button: 2, level: { sb: 1, bb: 2 } });
    expect(seatOf(s, 2).bet).toBe(1);
    expect(seatOf(s, 1).bet).toBe(2);
    expect(s.toAct).toBe(2);
    const flop = play(s, [[2, "call"], [1, "check"], "deal"]);
    expect(flop.toAct).toBe(1);
  });

  it("TDA 30: with a dead small blind the big blind posts alone and the player after him acts first", () => {
    const s = table({
      stacks: [1000, 1000, 1000, 1000],
      button: 4,
      sbSeat: null,
      bbSeat: 2,
      level: { sb: 5, bb: 10 },
    });
    expect(s.seats.reduce((sum, x) => sum + x.bet, 0)).toBe(10);
    expect(s.toAct).toBe(3);
  });

  it("the button may be an empty seat (dead button): dealing order starts left of it", () => {
    const s = startHand({
      game: nlhe,
      seats: [1, 2, 4].map((seat) => ({ seat, stack: 1000 })),
      button: 3,
      sbSeat: 4,
      bbSeat: 1,
      level: { sb: 5, bb: 10, ante: 0, bbAnte: 0 },
    });
    expect(s.seats.map((x) => x.seat)).toEqual([4, 1, 2]);
    expect(s.toAct).toBe(2);
    const flop = play(s, [[2, "call"], [4, "call"], [1, "check"], "deal"]);
    expect(flop.toAct).toBe(4);
  });
});

describe("game definitions and blind seats", () => {
  it("the flop games: structure, hole cards and hand reading", () => {
    expect(gameDef("nlhe")).toMatchObject({ structure: "no-limit", holeCards: 2, evaluation: "holdem" });
    expect(gameDef("plhe")).toMatchObject({ structure: "pot-limit", holeCards: 2 });
    expect(gameDef("flhe")).toMatchObject({ structure: "limit", holeCards: 2 });
    expect(gameDef("plo")).toMatchObject({ structure: "pot-limit", holeCards: 4, evaluation: "omaha" });
    expect(gameDef("tcp")).toBeUndefined();
    expect(limitSizes(2)).toEqual({ smallBet: 2, bigBet: 4, cap: DEFAULT_RAISE_CAP });
  });

  it("the blinds are the two seats after the button; heads-up the button has the small blind", () => {
    expect(defaultBlindSeats([1, 3, 5, 8], 5)).toEqual({ sbSeat: 8, bbSeat: 1 });
    expect(defaultBlindSeats([2, 7], 7)).toEqual({ sbSeat: 7, bbSeat: 2 });
  });
});

describe("forced bets", () => {
  it("per-player antes are posted by every seat and go to the middle", () => {
    const s = table({
      stacks: [1000, 1000, 1000],
      button: 3,
      level: { sb: 50, bb: 100, ante: 10 },
    });
    expect(s.collected).toBe(30);
    expect(seatOf(s, 1).stack).toBe(1000 - 10 - 50);
  });

  it("TDA 2019: a short big blind pays the blind before the big-blind ante (house default blind-first)", () => {
    const s = table({
      stacks: [5000, 350, 5000, 5000],
      button: 4,
      level: { sb: 100, bb: 200, bbAnte: 200 },
    });
    expect(seatOf(s, 2).bet).toBe(200);
    expect(s.seats.find((x) => x.seat === 2)?.ante).toBe(150);
  });

  it("house setting ante-first: the big-blind ante is paid before a short big blind", () => {
    const s = table({
      stacks: [5000, 350, 5000, 5000],
      button: 4,
      level: { sb: 100, bb: 200, bbAnte: 200 },
      extra: { bbAnteOrder: "ante-first" },
    });
    expect(seatOf(s, 2).bet).toBe(150);
    expect(s.seats.find((x) => x.seat === 2)?.ante).toBe(200);
    // Callers still owe the full big blind.
    expect(legalActions(s)?.callAmount).toBe(200);
  });

  it("the big-blind ante is dead money for the main pot, not a matched contribution", () => {
    const s = table({
      stacks: [5000, 5000, 5000],
      button: 3,
      level: { sb: 100, bb: 200, bbAnte: 200 },
    });
    const c = handContributions(s);
    expect(c.deadMoney).toBe(200);
    expect(c.contribs.find((x) => x.seat === 2)?.amount).toBe(200);
  });
});

describe("TDA 42: minimum raise is the largest prior full bet or raise", () => {
  it("digest example: A bets 600, B raises to 1600, C to 3600; D's minimum re-raise is 2000 more, to 5600", () => {
    const s = limpedToFlop([10000, 10000, 10000, 10000, 10000], 200);
    const d = play(s, [
      [1, "bet", 600],
      [2, "raise", 1600],
      [3, "raise", 3600],
    ]);
    expect(legalActions(d)).toMatchObject({
      seat: 4,
      minTo: 5600,
      canRaise: true,
    });
    const under = applyAction(d, { seat: 4, type: "raise", to: 5599 });
    expect(under.ok).toBe(false);
    if (!under.ok) {
      expect(under.error.code).toBe("BELOW_MINIMUM");
      expect(under.error.message).toContain("TDA 42");
    }
    expect(applyAction(d, { seat: 4, type: "raise", to: 5600 }).ok).toBe(true);
  });

  it("the opening bet must be at least the big blind; pre-flop the minimum raise is to two big blinds", () => {
    const s = table({
      stacks: [1000, 1000, 1000],
      button: 3,
      level: { sb: 5, bb: 10 },
    });
    expect(legalActions(s)).toMatchObject({
      raiseType: "raise",
      minTo: 20,
      maxTo: 1000,
    });
    const flop = play(s, [[3, "call"], [1, "call"], [2, "check"], "deal"]);
    expect(legalActions(flop)).toMatchObject({ raiseType: "bet", minTo: 10 });
  });

  it("TDA 52 digest example: A bets 600, B's raise to 1000 is an underraise; the minimum is 1200", () => {
    const s = limpedToFlop([10000, 10000, 10000, 10000, 10000], 200);
    const r = applyAction(play(s, [[1, "bet", 600]]), {
      seat: 2,
      type: "raise",
      to: 1000,
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain("to 1200");
  });

  it("TDA 43-B: raise and an amount is the total bet", () => {
    const s = limpedToFlop([20000, 20000, 20000, 20000, 20000], 200);
    const r = play(s, [
      [1, "bet", 2000],
      [2, "raise", 8000],
    ]);
    expect(seatOf(r, 2).bet).toBe(8000);
    expect(legalActions(r)).toMatchObject({ seat: 3, callAmount: 8000, minTo: 14000 });
  });

  it("an all-in for less than the minimum raise is allowed", () => {
    // Seat 3 has 700 behind on the flop: facing 600, his all-in to 700 is a raise of only 100.
    const short = limpedToFlop([10000, 10000, 900, 10000, 10000], 200);
    const r = applyAction(play(short, [[1, "bet", 600]]), {
      seat: 2,
      type: "call",
    });
    expect(r.ok).toBe(true);
    if (r.ok) expect(applyAction(r.state, { seat: 3, type: "raise", to: 700 }).ok).toBe(true);
  });
});

describe("TDA 47: a short all-in does not re-open the betting", () => {
  it("digest example: A bets 100, B all-in 125, C calls, D all-in 200, E calls: A may raise, C may only call or fold", () => {
    // Everybody put 100 in pre-flop; B has 125 left and D 200 left on the flop.
    const flop = limpedToFlop([10000, 225, 10000, 300, 10000], 100);
    const s = play(flop, [
      [1, "bet", 100],
      [2, "raise", 125],
      [3, "call"],
      [4, "raise", 200],
      [5, "call"],
    ]);
    const a = legalActions(s);
    expect(a).toMatchObject({
      seat: 1,
      callAmount: 100,
      canRaise: true,
      minTo: 300,
    });
    const afterA = play(s, [[1, "call"]]);
    const c = legalActions(afterA);
    expect(c).toMatchObject({ seat: 3, callAmount: 75, canRaise: false });
    expect(c?.raiseBlockedBy?.code).toBe("NOT_REOPENED");
    expect(c?.raiseBlockedBy?.message).toContain("TDA 47");
    const refused = applyAction(afterA, { seat: 3, type: "raise", to: 400 });
    expect(refused.ok).toBe(false);
  });

  it("several short all-ins that add up to a full raise re-open the betting", () => {
    const flop = limpedToFlop([10000, 10000, 150 + 100, 210 + 100, 10000], 100);
    const s = play(flop, [
      [1, "bet", 100],
      [2, "call"],
      [3, "raise", 150],
      [4, "raise", 210],
      [5, "call"],
    ]);
    // A faces 110 more, at least a full raise of 100: re-opened; the minimum raise stays the last full bet.
    expect(legalActions(s)).toMatchObject({
      seat: 1,
      canRaise: true,
      minTo: 310,
    });
  });

  it("a player facing a full raise after a short all-in may re-raise", () => {
    const flop = limpedToFlop([10000, 10000, 10000, 10000, 10000], 100);
    const s = play(flop, [
      [1, "bet", 100],
      [2, "raise", 300],
      [3, "fold"],
      [4, "fold"],
      [5, "fold"],
    ]);
    expect(legalActions(s)).toMatchObject({
      seat: 1,
      canRaise: true,
      minTo: 500,
    });
  });

  it("47-B limit: an all-in of half a bet or more re-opens the betting, less does not", () => {
    const lim = {
      game: flhe,
      limit: limitSizes(20, 40),
      level: { sb: 10, bb: 20 },
    };
    const reach = (bStack: number) =>
      play(table({ ...lim, stacks: [1000, bStack, 1000], button: 3 }), [
        [3, "call"],
        [1, "call"],
        [2, "check"],
        "deal",
      ]);
    const half = play(reach(20 + 30), [
      [1, "bet", 20],
      [2, "raise", 30],
      [3, "call"],
    ]);
    expect(legalActions(half)).toMatchObject({
      seat: 1,
      canRaise: true,
      minTo: 50,
    });
    const less = play(reach(20 + 25), [
      [1, "bet", 20],
      [2, "raise", 25],
    ]);
    // The next raise completes the short one: a full bet above the last full level.
    expect(legalActions(less)).toMatchObject({
      seat: 3,
      canRaise: true,
      minTo: 40,
    });
    const back = play(less, [[3, "call"]]);
    expect(legalActions(back)).toMatchObject({
      seat: 1,
      canRaise: false,
      callAmount: 5,
    });
  });
});

describe("TDA 48: limit caps raises until heads-up", () => {
  const lim = {
    game: flhe,
    limit: limitSizes(2, 4, 4),
    level: { sb: 1, bb: 2 },
  };

  it("pre-flop the big blind is the first bet: three raises cap the betting", () => {
    const s = play(table({ ...lim, stacks: [100, 100, 100, 100], button: 4 }), [
      [3, "raise", 4],
      [4, "raise", 6],
      [1, "raise", 8],
    ]);
    expect(legalActions(s)).toMatchObject({
      seat: 2,
      canRaise: false,
      callAmount: 6,
    });
    expect(legalActions(s)?.raiseBlockedBy?.code).toBe("CAP_REACHED");
  });

  it("limit bets are fixed: small bet pre-flop and on the flop, big bet on the turn and the river", () => {
    let s = play(table({ ...lim, stacks: [100, 100, 100], button: 3 }), [
      [3, "call"],
      [1, "call"],
      [2, "check"],
      "deal",
    ]);
    expect(legalActions(s)).toMatchObject({ minTo: 2, maxTo: 2 });
    const wrong = applyAction(s, { seat: 1, type: "bet", to: 3 });
    expect(!wrong.ok && wrong.error.code).toBe("LIMIT_SIZE");
    s = play(s, [[1, "check"], [2, "check"], [3, "check"], "deal"]);
    expect(legalActions(s)).toMatchObject({ minTo: 4, maxTo: 4 });
  });

  it("a hand dealt heads-up has no cap", () => {
    const s = play(table({ ...lim, stacks: [100, 100], button: 2 }), [
      [2, "raise", 4],
      [1, "raise", 6],
      [2, "raise", 8],
      [1, "raise", 10],
    ]);
    expect(legalActions(s)).toMatchObject({
      seat: 2,
      canRaise: true,
      minTo: 12,
    });
  });

  it("house setting two-left: the cap is lifted once only two players remain in the hand", () => {
    const start = table({
      ...lim,
      stacks: [100, 100, 100],
      button: 3,
      extra: { capLift: "two-left" },
    });
    const s = play(start, [
      [3, "fold"],
      [1, "raise", 4],
      [2, "raise", 6],
      [1, "raise", 8],
    ]);
    expect(legalActions(s)).toMatchObject({
      seat: 2,
      canRaise: true,
      minTo: 10,
    });
    // The TDA default keeps the cap in a heads-up pot at a three-handed table.
    const tda = play(table({ ...lim, stacks: [100, 100, 100], button: 3 }), [
      [3, "fold"],
      [1, "raise", 4],
      [2, "raise", 6],
      [1, "raise", 8],
    ]);
    expect(legalActions(tda)?.canRaise).toBe(false);
  });
});

describe("TDA 54: pot-limit maximum", () => {
  it("the pot-limit maximum is a call plus the pot after the call", () => {
    const s = table({
      game: plo,
      stacks: [1000, 1000, 1000],
      button: 3,
      level: { sb: 5, bb: 10 },
    });
    expect(legalActions(s)).toMatchObject({ seat: 3, maxTo: 35 });
    const sb = play(s, [[3, "raise", 35]]);
    expect(legalActions(sb)).toMatchObject({ seat: 1, maxTo: 115 });
    const over = applyAction(sb, { seat: 1, type: "raise", to: 116 });
    expect(!over.ok && over.error.code).toBe("ABOVE_MAXIMUM");
  });

  it("a short all-in blind pre-flop does not change the pot-limit maximum; later bets use the actual pot", () => {
    const s = table({
      game: plo,
      stacks: [1000, 120, 1000, 1000],
      button: 4,
      level: { sb: 100, bb: 200 },
    });
    // As if the big blind were whole: 200 to call + pot of 100 + 200 + 200 = 700.
    expect(legalActions(s)).toMatchObject({
      seat: 3,
      callAmount: 200,
      maxTo: 700,
    });
    const flop = play(s, [[3, "call"], [4, "call"], [1, "call"], "deal"]);
    // Actual pot: three times 200 plus the big blind's 120.
    expect(totalPot(flop)).toBe(720);
    expect(legalActions(flop)).toMatchObject({ seat: 1, maxTo: 720 });
  });
});

describe("rounds, streets and the end of the hand", () => {
  it("an uncalled bet goes back and the hand ends when all but one fold", () => {
    const s = play(
      table({
        stacks: [1000, 1000, 1000],
        button: 3,
        level: { sb: 5, bb: 10 },
      }),
      [
        [3, "raise", 30],
        [1, "fold"],
        [2, "fold"],
      ],
    );
    expect(s.phase).toBe("uncontested");
    // 30 against a big blind of 10: the 20 nobody called goes back.
    expect(seatOf(s, 3).stack).toBe(990);
    expect(totalPot(s)).toBe(25);
  });

  it("TDA 53: action out of turn is refused and names the seat to act", () => {
    const s = table({
      stacks: [1000, 1000, 1000],
      button: 3,
      level: { sb: 5, bb: 10 },
    });
    const r = applyAction(s, { seat: 1, type: "call" });
    expect(!r.ok && r.error.code).toBe("NOT_IN_TURN");
    expect(!r.ok && r.error.message).toContain("seat 3 is to act");
  });

  it("TDA 55: a check facing a bet is refused; so is a call with nothing to call", () => {
    const s = table({
      stacks: [1000, 1000, 1000],
      button: 3,
      level: { sb: 5, bb: 10 },
    });
    expect(applyAction(s, { seat: 3, type: "check" }).ok).toBe(false);
    const bb = play(s, [
      [3, "call"],
      [1, "call"],
    ]);
    const r = applyAction(bb, { seat: 2, type: "call" });
    expect(!r.ok && r.error.code).toBe("NOTHING_TO_CALL");
  });

  it("TDA 58: folding in turn with no bet to face is allowed (and binding)", () => {
    const s = play(
      table({
        stacks: [1000, 1000, 1000],
        button: 3,
        level: { sb: 5, bb: 10 },
      }),
      [
        [3, "call"],
        [1, "call"],
        [2, "fold"],
      ],
    );
    expect(seatOf(s, 2).folded).toBe(true);
  });

  it("the big blind keeps his option when everybody limps", () => {
    const s = play(
      table({
        stacks: [1000, 1000, 1000],
        button: 3,
        level: { sb: 5, bb: 10 },
      }),
      [
        [3, "call"],
        [1, "call"],
      ],
    );
    expect(legalActions(s)).toMatchObject({
      seat: 2,
      canCheck: true,
      canRaise: true,
    });
  });

  it("§8: all-in with callers who still have chips is not yet a run-out; it is once betting is impossible", () => {
    // A all-in pre-flop for 700, B and C call with chips behind: keep betting.
    const s = play(
      table({
        stacks: [700, 5000, 5000],
        button: 3,
        level: { sb: 50, bb: 100 },
      }),
      [
        [3, "call"],
        [1, "raise", 700],
        [2, "call"],
        [3, "call"],
      ],
    );
    expect(s.phase).toBe("dealing");
    expect(isAllInRunout(s)).toBe(false);
    const turn = play(s, ["deal", [2, "check"], [3, "check"], "deal"]);
    const allIn = play(turn, [
      [2, "bet", 4300],
      [3, "call"],
    ]);
    expect(isAllInRunout(allIn)).toBe(true);
    const river = dealNextStreet(allIn);
    expect(river.ok && river.state.phase).toBe("showdown");
  });

  it("heads-up all-in and call pre-flop runs the board out without betting", () => {
    const s = play(table({ stacks: [500, 120], button: 2, level: { sb: 1, bb: 2 } }), [
      [2, "raise", 6],
      [1, "raise", 500],
      [2, "call"],
    ]);
    expect(s.phase).toBe("runout");
    // The 380 nobody could call went back to the big blind.
    expect(seatOf(s, 1).stack).toBe(380);
    const end = play(s, ["deal", "deal", "deal"]);
    expect(end.phase).toBe("showdown");
    expect(end.street).toBe("river");
  });

  it("raising against players who are all all-in is refused", () => {
    const s = play(table({ stacks: [1000, 1000, 50], button: 3, level: { sb: 5, bb: 10 } }), [
      [3, "raise", 50],
      [1, "fold"],
    ]);
    expect(legalActions(s)).toMatchObject({
      seat: 2,
      canRaise: false,
      callAmount: 40,
    });
    expect(legalActions(s)?.raiseBlockedBy?.code).toBe("NO_OPPONENT_TO_RAISE");
  });

  it("the betting state survives a JSON round trip", () => {
    const s = play(
      table({
        stacks: [1000, 1000, 1000],
        button: 3,
        level: { sb: 5, bb: 10 },
      }),
      [[3, "raise", 30]],
    );
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });
});
