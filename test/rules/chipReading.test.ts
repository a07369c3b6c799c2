import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type BettingContext,
  type ChipPush,
  minimumTo,
  readPushedChips,
} from "../../src/rules/chipReading.js";
import { readUnclearAmount } from "../../src/rules/chipReadingUnclear.js";

/** No-limit, blinds 100-200, post-flop with nobody in yet, unless told otherwise. */
function nl(over: Partial<BettingContext> = {}): BettingContext {
  return {
    structure: "no-limit",
    currentBet: 0,
    seatStreetTotal: 0,
    stackBehind: 100_000,
    lastFullRaise: 0,
    bigBlind: 200,
    facing: { headsUp: false, openingBet: false },
    raiseOpen: true,
    ...over,
  };
}

/** Facing a bet or raise to `currentBet` whose full size was `lastFullRaise`. */
function facing(
  currentBet: number,
  lastFullRaise: number,
  over: Partial<BettingContext> = {},
): BettingContext {
  return nl({ currentBet, lastFullRaise, ...over });
}

const silently = (...chips: number[]): ChipPush => ({ chips });
const saying = (declared: ChipPush["declared"], ...chips: number[]): ChipPush => ({ chips, declared });

describe("TDA 41 methods of calling", () => {
  it('TDA 41 calling: saying "call" facing 600 is a call to 600, chips to follow', () => {
    const r = readPushedChips(saying("call"), facing(600, 600));
    expect(r).toMatchObject({ action: "call", ruledTo: 600, to: 0, owed: 600, change: 0, rule: "TDA 51" });
    expect(r.correction).toBeUndefined();
  });

  it("TDA 41 calling: chips equal to the call are a call", () => {
    const r = readPushedChips(silently(500, 100), facing(600, 600));
    expect(r).toMatchObject({ action: "call", ruledTo: 600, to: 600, amount: 600, change: 0, owed: 0 });
  });

  it("TDA 41 calling: one silent overchip is a call and the excess is change", () => {
    const r = readPushedChips(silently(1000), facing(600, 600));
    expect(r).toMatchObject({
      action: "call",
      ruledTo: 600,
      to: 600,
      amount: 600,
      change: 400,
      rule: "TDA 44",
    });
  });

  it("TDA 41 calling: several chips all needed for the call are a call", () => {
    const r = readPushedChips(silently(500, 100, 100), facing(650, 650));
    expect(r).toMatchObject({ action: "call", ruledTo: 650, change: 50, rule: "TDA 45" });
  });

  it("TDA 41 calling: one 1k chip against a 50k raise at 2k-4k is left to the floor, a full call by default", () => {
    const r = readPushedChips(silently(1000), facing(50_000, 46_000, { bigBlind: 4000 }));
    expect(r).toMatchObject({ action: "call", ruledTo: 50_000, to: 1000, owed: 49_000, rule: "TDA 51" });
    expect(r.correction).toMatchObject({
      code: "UNDERCALL",
      rule: "2019 r.51",
      bringTo: 50_000,
      floorDecides: true,
    });
  });
});

describe("TDA 42 methods of raising", () => {
  it("TDA 42 raising: the full amount pushed in one motion is a raise (600 bet, 1600 pushed)", () => {
    const r = readPushedChips(silently(1000, 500, 100), facing(600, 600));
    expect(r).toMatchObject({ action: "raise", ruledTo: 1600, to: 1600, amount: 1600, change: 0, owed: 0 });
    expect(r.correction).toBeUndefined();
  });
});

describe("TDA 43 raise amounts and the 50% standard", () => {
  // NLHE 100-200: A bets 600, B raises to 1600 (+1000), C re-raises to 3600 (+2000).
  const dToAct = facing(3600, 2000);

  it("TDA 43 raise amounts: after 600, 1600 and 3600, D's minimum re-raise is to 5600", () => {
    expect(minimumTo(dToAct)).toBe(5600);
    const r = readPushedChips(silently(5000, 500, 100), dToAct);
    expect(r).toMatchObject({ action: "raise", ruledTo: 5600, to: 5600, owed: 0 });
    expect(r.correction).toBeUndefined();
  });

  it("TDA 43 50% standard: D pushing 4600 (half the last raise) must complete the raise to 5600", () => {
    const r = readPushedChips(silently(1000, 1000, 1000, 1000, 500, 100), dToAct);
    expect(r).toMatchObject({ action: "raise", ruledTo: 5600, to: 4600, owed: 1000, change: 0 });
    expect(r.correction).toMatchObject({
      code: "UNDERRAISE",
      rule: "2019 r.43",
      bringTo: 5600,
      floorDecides: false,
    });
  });

  it("TDA 43 50% standard: D pushing 4500 (under half the last raise) is a call with 900 change", () => {
    const r = readPushedChips(silently(1000, 1000, 1000, 1000, 500), dToAct);
    expect(r).toMatchObject({ action: "call", ruledTo: 3600, to: 3600, amount: 3600, change: 900, owed: 0 });
    expect(r.correction).toBeUndefined();
  });

  it("TDA 43 50% standard: 1400 pushed silently against an opening 1000 is a call", () => {
    const r = readPushedChips(silently(1000, 200, 200), facing(1000, 1000));
    expect(r).toMatchObject({ action: "call", ruledTo: 1000, change: 400 });
  });

  it('TDA 43 50% standard: "raise" declared first makes the same 1400 a raise brought up to 2000', () => {
    const r = readPushedChips(saying("raise", 1000, 200, 200), facing(1000, 1000));
    expect(r).toMatchObject({ action: "raise", ruledTo: 2000, to: 1400, owed: 600, rule: "TDA 43" });
    expect(r.correction).toMatchObject({ code: "UNDERRAISE", rule: "2019 r.52", bringTo: 2000 });
  });

  it('TDA 43-B raise amounts: "raise, eight thousand" over an opening 2000 is a total bet of 8000', () => {
    const push: ChipPush = { chips: [5000, 1000, 1000, 1000], declared: "raise", declaredTo: 8000 };
    const r = readPushedChips(push, facing(2000, 2000));
    expect(r).toMatchObject({ action: "raise", ruledTo: 8000, to: 8000, owed: 0, change: 0 });
    const spokenFirst = readPushedChips(
      { chips: [], declared: "raise", declaredTo: 8000 },
      facing(2000, 2000),
    );
    expect(spokenFirst).toMatchObject({ action: "raise", ruledTo: 8000, to: 0, owed: 8000 });
  });

  it('TDA 43-B raise amounts: "raise, three thousand" with a 5000 chip gives 2000 change', () => {
    const push: ChipPush = { chips: [5000], declared: "raise", declaredTo: 3000 };
    const r = readPushedChips(push, facing(1000, 1000));
    expect(r).toMatchObject({ action: "raise", ruledTo: 3000, to: 3000, change: 2000 });
  });
});

describe("TDA 44 oversized chip", () => {
  it("TDA 44 oversized chip: one 5000 chip facing 1000 is a call with 4000 change", () => {
    const r = readPushedChips(silently(5000), facing(1000, 1000));
    expect(r).toMatchObject({
      action: "call",
      ruledTo: 1000,
      to: 1000,
      amount: 1000,
      change: 4000,
      allin: false,
    });
    expect(r.rule).toBe("TDA 44");
  });

  it("TDA 44 oversized chip: the player's last chip is a call too, not an all-in", () => {
    const r = readPushedChips(silently(5000), facing(1000, 1000, { stackBehind: 0 }));
    expect(r).toMatchObject({ action: "call", ruledTo: 1000, change: 4000, allin: false });
  });

  it("TDA 44 oversized chip: facing the big blind, a silent 1000 chip is a call", () => {
    const r = readPushedChips(
      silently(1000),
      facing(200, 200, { facing: { headsUp: false, openingBet: true } }),
    );
    expect(r).toMatchObject({ action: "call", ruledTo: 200, change: 800 });
  });

  it('TDA 44 oversized chip: "raise" declared before it lands, no amount, is the most the chip allows', () => {
    const r = readPushedChips(saying("raise", 5000), facing(1000, 1000));
    expect(r).toMatchObject({ action: "raise", ruledTo: 5000, to: 5000, change: 0, owed: 0, rule: "TDA 44" });
  });

  it('TDA 44 oversized chip: "raise" with a chip short of a full raise is brought up to the minimum', () => {
    const r = readPushedChips(saying("raise", 1000), facing(600, 600));
    expect(r).toMatchObject({ action: "raise", ruledTo: 1200, to: 1000, owed: 200 });
    expect(r.correction).toMatchObject({ code: "UNDERRAISE", bringTo: 1200 });
  });

  it("TDA 44 oversized chip: facing no bet, a silent chip is a bet of its full value", () => {
    const r = readPushedChips(silently(5000), nl());
    expect(r).toMatchObject({ action: "bet", ruledTo: 5000, to: 5000, change: 0, rule: "TDA 44" });
  });
});

describe("TDA 45 multiple chips", () => {
  it("TDA 45 multiple chips: 500+1000 facing 1100 is a call", () => {
    // A opens 400, B raises to 1100 (a 700 raise), C silently pushes one 500 and one 1000.
    const r = readPushedChips(silently(500, 1000), facing(1100, 700));
    expect(r).toMatchObject({ action: "call", ruledTo: 1100, to: 1100, change: 400, rule: "TDA 45" });
  });

  it("TDA 45 multiple chips: last two 1000s facing 1050 at 25-50 are a call, not an all-in", () => {
    const r = readPushedChips(silently(1000, 1000), facing(1050, 1050, { bigBlind: 50, stackBehind: 0 }));
    expect(r).toMatchObject({ action: "call", ruledTo: 1050, change: 950, allin: false });
  });

  it("TDA 45 multiple chips: the same last two 1000s after the all-in button are an all-in raise to 2000", () => {
    const push: ChipPush = { chips: [1000, 1000], allinButton: true };
    const r = readPushedChips(push, facing(1050, 1050, { bigBlind: 50, stackBehind: 0 }));
    expect(r).toMatchObject({ action: "raise", ruledTo: 2000, to: 2000, change: 0, allin: true });
    expect(r.correction).toBeUndefined();
  });

  it('TDA 45 multiple chips: "raise" declared first makes two 1000s facing 1050 a raise, completed to 2100', () => {
    const r = readPushedChips(saying("raise", 1000, 1000), facing(1050, 1050, { bigBlind: 50 }));
    expect(r).toMatchObject({ action: "raise", ruledTo: 2100, owed: 100 });
    expect(r.correction).toMatchObject({ code: "UNDERRAISE", bringTo: 2100 });
  });

  it("TDA 45-B multiple chips: last chips not all needed are an all-in even below the 50% threshold", () => {
    const r = readPushedChips(silently(1000, 100, 100), facing(1000, 1000, { stackBehind: 0 }));
    expect(r).toMatchObject({
      action: "raise",
      ruledTo: 1200,
      to: 1200,
      change: 0,
      allin: true,
      rule: "TDA 45",
    });
    expect(r.correction).toBeUndefined();
  });

  it("TDA 45-B multiple chips: the same chips with chips behind fall to the 50% standard, a call", () => {
    const r = readPushedChips(silently(1000, 100, 100), facing(1000, 1000));
    expect(r).toMatchObject({ action: "call", ruledTo: 1000, change: 200, allin: false });
  });
});

describe("TDA 46 prior bet chips not pulled in", () => {
  it("TDA 46-C1 prior bet: an overchip added to a prior 200 facing a raise to 1000 is a call", () => {
    const r = readPushedChips(silently(1000), facing(1000, 800, { seatStreetTotal: 200 }));
    expect(r).toMatchObject({ action: "call", ruledTo: 1000, to: 1000, amount: 800, change: 200 });
  });

  it("TDA 46-C1 prior bet: several new chips meet the 50% standard counted with the prior chips", () => {
    const r = readPushedChips(silently(500, 500, 500), facing(1000, 800, { seatStreetTotal: 200 }));
    expect(r).toMatchObject({ action: "raise", ruledTo: 1800, to: 1700, amount: 1500, owed: 100 });
    expect(r.correction).toMatchObject({ code: "UNDERRAISE", rule: "2019 r.43", bringTo: 1800 });
  });

  it("TDA 46-C2 prior chips cover the call: the big blind adding under half a raise is a check", () => {
    const r = readPushedChips(silently(25, 25, 25), facing(200, 200, { seatStreetTotal: 200 }));
    expect(r).toMatchObject({
      action: "check",
      ruledTo: 200,
      to: 200,
      amount: 0,
      change: 75,
      rule: "TDA 46",
    });
  });

  it("TDA 46-C2 prior chips cover the call: the big blind adding a 1000 chip raises to 1200", () => {
    const r = readPushedChips(silently(1000), facing(200, 200, { seatStreetTotal: 200 }));
    expect(r).toMatchObject({ action: "raise", ruledTo: 1200, to: 1200, amount: 1000, change: 0 });
  });
});

describe("TDA 47 re-opening the bet", () => {
  // NLHE 50-100: A bets 100, B all-in 125, C calls 125, D all-in 200, E calls 200.
  const cAgain = facing(200, 100, { bigBlind: 100, seatStreetTotal: 125, raiseOpen: false });

  it("TDA 47 re-opening: C, facing only 75 more, pushing 200 is a call with 125 change", () => {
    const r = readPushedChips(silently(100, 100), cAgain);
    expect(r).toMatchObject({ action: "call", ruledTo: 200, to: 200, amount: 75, change: 125 });
    expect(r.correction).toBeUndefined();
  });

  it('TDA 47 re-opening: "raise" declared by C is read as a call and the dealer is told', () => {
    const r = readPushedChips(saying("raise", 100, 100), cAgain);
    expect(r).toMatchObject({ action: "call", ruledTo: 200, change: 125 });
    expect(r.correction).toMatchObject({ code: "RAISE_CLOSED", rule: "2019 r.47", bringTo: 200 });
  });

  it("TDA 47 re-opening: A, facing a full raise of 100 more, may raise", () => {
    const aAgain = facing(200, 100, { bigBlind: 100, seatStreetTotal: 100 });
    const r = readPushedChips(silently(100, 100, 100), aAgain);
    expect(r).toMatchObject({ action: "raise", ruledTo: 400, to: 400 });
  });
});

describe("TDA 51 undercalls", () => {
  it("TDA 51 undercall: heads-up, 500 pushed facing 1000 is a mandatory full call", () => {
    const r = readPushedChips(
      silently(500),
      facing(1000, 1000, { facing: { headsUp: true, openingBet: false } }),
    );
    expect(r).toMatchObject({ action: "call", ruledTo: 1000, to: 500, owed: 500, change: 0, rule: "TDA 51" });
    expect(r.correction).toMatchObject({
      code: "UNDERCALL",
      rule: "2019 r.51",
      bringTo: 1000,
      floorDecides: false,
    });
  });

  it("TDA 51 undercall: multi-way against the opening bet of the round is a mandatory full call", () => {
    const r = readPushedChips(
      silently(100, 100),
      facing(600, 600, { facing: { headsUp: false, openingBet: true } }),
    );
    expect(r.correction).toMatchObject({ code: "UNDERCALL", bringTo: 600, floorDecides: false });
  });

  it("TDA 51 undercall: pre-flop the posted big blind is the opening bet", () => {
    const preflop = facing(200, 200, { facing: { headsUp: false, openingBet: true } });
    const r = readPushedChips(silently(100), preflop);
    expect(r).toMatchObject({ action: "call", ruledTo: 200, owed: 100 });
    expect(r.correction).toMatchObject({ code: "UNDERCALL", floorDecides: false });
  });

  it("TDA 51 undercall: multi-way against a raise the floor decides", () => {
    const r = readPushedChips(silently(500, 500), facing(1600, 1000));
    expect(r).toMatchObject({ action: "call", ruledTo: 1600, to: 1000, owed: 600 });
    expect(r.correction).toMatchObject({ code: "UNDERCALL", bringTo: 1600, floorDecides: true });
  });

  it('TDA 51 binding declaration: "call" with too few chips is a full call, not an undercall', () => {
    const r = readPushedChips(saying("call", 500), facing(1000, 1000));
    expect(r).toMatchObject({ action: "call", ruledTo: 1000, to: 500, owed: 500 });
    expect(r.correction).toBeUndefined();
  });

  it("TDA 51 undercall: a mandatory full call with too few chips behind is brought to all-in", () => {
    const ctx = facing(1000, 1000, { stackBehind: 300, facing: { headsUp: true, openingBet: false } });
    const r = readPushedChips(silently(500), ctx);
    expect(r).toMatchObject({ action: "call", ruledTo: 800, allin: true, owed: 300 });
    expect(r.correction).toMatchObject({ code: "UNDERCALL", bringTo: 800 });
  });

  it("TDA 51 undercall: last chips short of the call are an all-in call, not an undercall", () => {
    const r = readPushedChips(silently(500, 100), facing(1000, 1000, { stackBehind: 0 }));
    expect(r).toMatchObject({ action: "call", ruledTo: 600, to: 600, owed: 0, allin: true, rule: "TDA 45" });
    expect(r.correction).toBeUndefined();
  });
});

describe("TDA 52 underbets and underraises", () => {
  it("TDA 52 underraise: NLHE 100-200, a raise to 1000 over an opening 600 is brought up to 1200", () => {
    const r = readPushedChips(saying("raise", 500, 500), facing(600, 600));
    expect(r).toMatchObject({ action: "raise", ruledTo: 1200, to: 1000, owed: 200 });
    expect(r.correction).toMatchObject({
      code: "UNDERRAISE",
      rule: "2019 r.52",
      bringTo: 1200,
      floorDecides: false,
    });
  });

  it("TDA 52 underbet: an opening bet of 100 at 100-200 is brought up to 200", () => {
    const r = readPushedChips(silently(100), nl());
    expect(r).toMatchObject({ action: "bet", ruledTo: 200, to: 100, owed: 100 });
    expect(r.correction).toMatchObject({ code: "UNDERRAISE", rule: "2019 r.52", bringTo: 200 });
  });

  it("TDA 52 underbet: an opening all-in below the big blind stands", () => {
    const r = readPushedChips(silently(100), nl({ stackBehind: 0 }));
    expect(r).toMatchObject({ action: "bet", ruledTo: 100, allin: true });
    expect(r.correction).toBeUndefined();
  });
});

describe("TDA 55 invalid bet declarations", () => {
  it('TDA 55 invalid declarations: "call" with no bet is a check and the chips go back', () => {
    const r = readPushedChips(saying("call", 500), nl());
    expect(r).toMatchObject({ action: "check", ruledTo: 0, to: 0, amount: 0, change: 500, rule: "TDA 55" });
  });

  it('TDA 55 invalid declarations: "raise" with no bet is at least a minimum bet', () => {
    expect(readPushedChips(saying("raise"), nl())).toMatchObject({ action: "bet", ruledTo: 200, owed: 200 });
    const short = readPushedChips(saying("raise", 100), nl());
    expect(short).toMatchObject({ action: "bet", ruledTo: 200, owed: 100, rule: "TDA 55" });
    expect(short.correction).toMatchObject({ code: "UNDERRAISE", bringTo: 200 });
  });

  it('TDA 55 invalid declarations: "raise" with no bet and chips above the minimum bets the chips', () => {
    expect(readPushedChips(saying("raise", 500), nl())).toMatchObject({
      action: "bet",
      ruledTo: 500,
      owed: 0,
    });
  });

  it('TDA 55 invalid declarations: "check" facing a bet, then chips, is a call and never a raise', () => {
    const r = readPushedChips(saying("check", 5000), facing(1000, 1000));
    expect(r).toMatchObject({ action: "call", ruledTo: 1000, change: 4000 });
  });
});

describe("TDA 57 unclear betting", () => {
  it('TDA 57 unclear amounts: "bet five" with 4900 in the pot is 500', () => {
    expect(readUnclearAmount(5, 4900)).toBe(500);
  });

  it('TDA 57 unclear amounts: "bet five" with 5100 in the pot is 5000', () => {
    expect(readUnclearAmount(5, 5100)).toBe(5000);
  });
});

describe("TDA 61 over-betting expecting change", () => {
  it("TDA 61 over-betting for change: 500+25 against a 325 bet is a raise to 650", () => {
    const r = readPushedChips(silently(500, 25), facing(325, 325, { bigBlind: 50 }));
    expect(r).toMatchObject({ action: "raise", ruledTo: 650, to: 525, change: 0, owed: 125, rule: "TDA 45" });
    expect(r.correction).toMatchObject({ code: "UNDERRAISE", bringTo: 650 });
  });
});

describe("all-in edges", () => {
  it("all-in button: 1400 facing 1000 is an all-in raise short of a full raise, which stands", () => {
    const push: ChipPush = { chips: [1000, 200, 200], allinButton: true };
    const r = readPushedChips(push, facing(1000, 1000, { stackBehind: 0 }));
    expect(r).toMatchObject({ action: "raise", ruledTo: 1400, allin: true, rule: "TDA 45" });
    expect(r.correction).toBeUndefined();
  });

  it("all-in button before all chips are out: the whole stack is owed", () => {
    const r = readPushedChips({ chips: [1000], allinButton: true }, facing(600, 600, { stackBehind: 4000 }));
    expect(r).toMatchObject({ action: "raise", ruledTo: 5000, to: 1000, owed: 4000, allin: true });
  });

  it("all-in button with less than the call is an all-in call", () => {
    const r = readPushedChips({ chips: [500], allinButton: true }, facing(1000, 1000, { stackBehind: 0 }));
    expect(r).toMatchObject({ action: "call", ruledTo: 500, allin: true });
  });
});

describe("limit and pot-limit", () => {
  const limit = (over: Partial<BettingContext> = {}): BettingContext =>
    nl({ structure: "limit", limitBet: 200, bigBlind: 200, ...over });

  it("limit: a silent push of two bets facing one is a raise of the fixed size", () => {
    const r = readPushedChips(silently(100, 100, 100, 100), limit({ currentBet: 200, lastFullRaise: 200 }));
    expect(r).toMatchObject({ action: "raise", ruledTo: 400, to: 400, change: 0 });
  });

  it("limit: a push past the fixed raise is reduced to it, the rest is change", () => {
    const r = readPushedChips(silently(500, 100, 100), limit({ currentBet: 200, lastFullRaise: 200 }));
    expect(r).toMatchObject({ action: "raise", ruledTo: 400, change: 300 });
    expect(r.correction).toMatchObject({ code: "OVER_MAXIMUM", rule: "fixed limit", bringTo: 400 });
  });

  it("limit: half a bet more than the call is a raise completed to the fixed size", () => {
    const r = readPushedChips(silently(100, 100, 100), limit({ currentBet: 200, lastFullRaise: 200 }));
    expect(r).toMatchObject({ action: "raise", ruledTo: 400, owed: 100 });
    expect(r.correction).toMatchObject({ code: "UNDERRAISE", bringTo: 400 });
  });

  it("limit: less than half a bet more than the call is a call", () => {
    const r = readPushedChips(silently(100, 100, 25, 25), limit({ currentBet: 200, lastFullRaise: 200 }));
    expect(r).toMatchObject({ action: "call", ruledTo: 200, change: 50 });
  });

  it("limit: an opening bet below the fixed size is brought up to it (r.52 applies to limit)", () => {
    const r = readPushedChips(silently(100), limit());
    expect(r).toMatchObject({ action: "bet", ruledTo: 200, owed: 100 });
    expect(r.correction).toMatchObject({ code: "UNDERRAISE", rule: "2019 r.52", bringTo: 200 });
  });

  it("limit: the raise cap reached leaves only a call", () => {
    const r = readPushedChips(silently(100, 100, 100, 100), limit({ currentBet: 800, raiseOpen: false }));
    expect(r).toMatchObject({ action: "call", ruledTo: 800, change: 0 });
    const over = readPushedChips(silently(500, 500), limit({ currentBet: 800, raiseOpen: false }));
    expect(over).toMatchObject({ action: "call", ruledTo: 800, change: 200 });
  });

  it("pot-limit: a bet above the pot maximum is reduced to the maximum and the dealer is told", () => {
    const ctx = nl({ structure: "pot-limit", currentBet: 300, lastFullRaise: 300, potLimitMaxTo: 1500 });
    const r = readPushedChips(silently(1000, 1000), ctx);
    expect(r).toMatchObject({ action: "raise", ruledTo: 1500, to: 1500, change: 500, owed: 0 });
    expect(r.correction).toMatchObject({ code: "OVER_MAXIMUM", rule: "pot limit", bringTo: 1500 });
  });

  it("pot-limit: the all-in button with more than the pot is a pot-size raise, not an all-in", () => {
    const ctx = nl({ structure: "pot-limit", currentBet: 300, lastFullRaise: 300, potLimitMaxTo: 1500 });
    const r = readPushedChips({ chips: [], allinButton: true }, { ...ctx, stackBehind: 10_000 });
    expect(r).toMatchObject({ action: "raise", ruledTo: 1500, allin: false, owed: 1500 });
    expect(r.correction).toMatchObject({ code: "OVER_MAXIMUM", bringTo: 1500 });
  });

  it("pot-limit: an all-in bet within the pot maximum needs no correction", () => {
    const ctx = nl({ structure: "pot-limit", potLimitMaxTo: 1500, stackBehind: 0 });
    const r = readPushedChips(silently(1000), ctx);
    expect(r).toMatchObject({ action: "bet", ruledTo: 1000, allin: true });
    expect(r.correction).toBeUndefined();
  });
});

describe("input the reader refuses", () => {
  it("nothing pushed and nothing said facing a bet has no action to read", () => {
    expect(() => readPushedChips(silently(), facing(600, 600))).toThrow(RangeError);
    expect(() => readPushedChips(saying("check"), facing(600, 600))).toThrow(RangeError);
  });

  it("nothing pushed and nothing said facing no bet is a check", () => {
    expect(readPushedChips(silently(), nl())).toMatchObject({ action: "check", ruledTo: 0, amount: 0 });
  });

  it("bad denominations, a seat above the current bet, and missing structure sizes are refused", () => {
    expect(() => readPushedChips(silently(0), nl())).toThrow(RangeError);
    expect(() => readPushedChips(silently(100), nl({ seatStreetTotal: 300, currentBet: 200 }))).toThrow(
      RangeError,
    );
    expect(() => readPushedChips(silently(100), nl({ structure: "pot-limit" }))).toThrow(RangeError);
    expect(() => readPushedChips(silently(100), nl({ structure: "limit" }))).toThrow(RangeError);
    expect(() => readPushedChips({ chips: [100], declaredTo: 500 }, nl())).toThrow(RangeError);
  });
});

describe("chip reading properties", () => {
  const denominations = fc.constantFrom(5, 25, 100, 500, 1000, 5000, 25_000);
  const scenario = fc
    .record({
      structure: fc.constantFrom("no-limit" as const, "pot-limit" as const, "limit" as const),
      currentBet: fc.integer({ min: 0, max: 20_000 }),
      seatShare: fc.double({ min: 0, max: 1, noNaN: true }),
      stackBehind: fc.integer({ min: 0, max: 50_000 }),
      lastFullRaise: fc.integer({ min: 0, max: 10_000 }),
      bigBlind: fc.integer({ min: 1, max: 1000 }),
      potExtra: fc.integer({ min: 0, max: 30_000 }),
      limitBet: fc.integer({ min: 1, max: 2000 }),
      headsUp: fc.boolean(),
      openingBet: fc.boolean(),
      raiseOpen: fc.boolean(),
      chips: fc.array(denominations, { maxLength: 7 }),
      declared: fc.constantFrom(undefined, "check" as const, "call" as const, "raise" as const),
      declaredTo: fc.option(fc.integer({ min: 1, max: 60_000 }), { nil: undefined }),
      allinButton: fc.boolean(),
    })
    .map((s) => {
      const ctx: BettingContext = {
        structure: s.structure,
        currentBet: s.currentBet,
        seatStreetTotal: Math.floor(s.currentBet * s.seatShare),
        stackBehind: s.stackBehind,
        lastFullRaise: s.lastFullRaise,
        bigBlind: s.bigBlind,
        potLimitMaxTo: s.currentBet + s.potExtra,
        limitBet: s.limitBet,
        facing: { headsUp: s.headsUp, openingBet: s.openingBet },
        raiseOpen: s.raiseOpen,
      };
      const push: ChipPush = {
        chips: s.chips,
        declared: s.declared,
        declaredTo: s.declared === "raise" ? s.declaredTo : undefined,
        allinButton: s.allinButton,
      };
      return { ctx, push };
    })
    .filter(({ ctx, push }) => {
      // The two pushes that are no action yet (the reader refuses them, tested above).
      const nothing = push.chips.length === 0 && !push.allinButton && ctx.seatStreetTotal < ctx.currentBet;
      return !(nothing && (push.declared === undefined || push.declared === "check"));
    });

  it("the returned to never exceeds the chips on the table, and amount + change is the pushed total", () => {
    fc.assert(
      fc.property(scenario, ({ ctx, push }) => {
        const r = readPushedChips(push, ctx);
        const pushed = push.chips.reduce((a, b) => a + b, 0);
        expect(r.to).toBeLessThanOrEqual(ctx.seatStreetTotal + pushed);
        expect(r.amount + r.change).toBe(pushed);
      }),
      { numRuns: 2000 },
    );
  });

  it("the ruling stays within the player's chips, and change and owed never both arise", () => {
    fc.assert(
      fc.property(scenario, ({ ctx, push }) => {
        const r = readPushedChips(push, ctx);
        const allinTo = ctx.seatStreetTotal + push.chips.reduce((a, b) => a + b, 0) + ctx.stackBehind;
        expect(r.to).toBe(ctx.seatStreetTotal + r.amount);
        expect(r.owed).toBe(r.ruledTo - r.to);
        expect(r.change === 0 || r.owed === 0).toBe(true);
        expect(r.ruledTo).toBeGreaterThanOrEqual(ctx.seatStreetTotal);
        expect(r.ruledTo).toBeLessThanOrEqual(allinTo);
        if (r.allin) expect(r.ruledTo).toBe(allinTo);
        if (r.action === "bet" || r.action === "raise") expect(r.ruledTo).toBeGreaterThan(ctx.currentBet);
      }),
      { numRuns: 2000 },
    );
  });
});
