/**
 * The contract's two named windows, each on both sides (events.md, "How the table reads" and "Reading
 * at any pace"): the settle window (`settleWindowMs`, default 400) after which a bet zone is read, and
 * the scan round (`reading.scanRoundMs`, default 200) that judgements of order allow for — the first
 * card, burn before board, the exposed card. Logs written as an outside suite writes them.
 *
 * The product's reading of "steady for the settle window": a zone is reported only at its slot of
 * each scan round, so it counts steadiness on the felt, the window and one round more (600 ms with
 * the defaults; src/reading/tableReader.ts); with rounds of 1 ms the window is the figure itself.
 * "Allow for one scan round": the reports of one round lie less than a round apart; a report exactly
 * one round later is the next round's (the same antenna's slot again), so it is judged as later
 * (src/hand/timers.ts says why: counting it in lost hands at 600 ms rounds).
 */
import { describe, expect, it } from "vitest";
import type { Config } from "../../src/config/config.js";
import {
  actionsOf,
  alertsOf,
  deal,
  exampleTable,
  handDealt,
  key,
  type Line,
  replayLines,
  tags,
} from "./support.js";

const withReading = (reading: Partial<Config["reading"]>, settleWindowMs?: number) => (c: Config) => ({
  ...c,
  reading: { ...c.reading, ...reading },
  ...(settleWindowMs === undefined ? {} : { settleWindowMs }),
});

/** Seat 4 (first to act) puts 200 on its zone at 5000, and `gap` ms later 200 more. */
const pushedTwice = (gap: number): Line[] => [
  ...handDealt(),
  tags(5000, "bet4", ["chip:100:4", "chip:100:5"]),
  tags(5000 + gap, "bet4", ["chip:100:4", "chip:100:5", "chip:100:6", "chip:100:7"]),
];

describe("contract: the settle window on both sides", () => {
  const cases: [string, (c: Config) => Config, number, number][] = [
    ["the defaults (400 ms, rounds of 200 ms: steady 600 ms on the felt)", (c) => c, 599, 601],
    ["settleWindowMs 400 with rounds of 1 ms", withReading({ scanRoundMs: 1 }), 399, 401],
    ["settleWindowMs 200 with rounds of 200 ms", withReading({}, 200), 399, 401],
  ];
  for (const [name, config, inside, outside] of cases) {
    it(`${name}: chips added ${inside} ms later are one bet; ${outside} ms later the first chips were read`, () => {
      expect(actionsOf(replayLines(pushedTwice(inside), config)).slice(2)).toMatchObject([
        { seat: 4, action: "raise", amount: 400, to: 400, allin: false },
      ]);
      const out = replayLines(pushedTwice(outside), config);
      expect(actionsOf(out).slice(2)).toMatchObject([{ seat: 4, action: "call", amount: 200, to: 200 }]);
      // The chips after the read are put out by a seat that is not to act (seat 1 is).
      expect(alertsOf(out)).toMatchObject([{ code: "ACTION_OUT_OF_TURN", seat: 4, severity: "dealer" }]);
    });
  }

  it("with the defaults the bet is read 600 ms after its zone last changed, not before", () => {
    // A report of another antenna 599 ms after the push (an unchanged board) comes before the read.
    const out = replayLines([...pushedTwice(100).slice(0, -1), tags(5599, "board", [])]);
    expect(actionsOf(out).at(-1)).toMatchObject({ seat: 4, action: "call", t: 5600 });
  });
});

/** Seat 3's first card reported `gap` ms before seat 2's (seat 2 is dealt first). */
const firstCardsSwapped = (gap: number, scanRoundMs?: number): [Line[], (c: Config) => Config] => [
  [
    ...exampleTable(),
    key(1000, "shuffler"),
    tags(2000, "seat3", ["card:A:7d"]),
    tags(2000 + gap, "seat2", ["card:A:Kh"]),
    ...deal(2000).slice(2),
  ],
  scanRoundMs === undefined ? (c) => c : withReading({ scanRoundMs }),
];

describe("contract: one scan round on both sides (judgements of order)", () => {
  it("first card: the first seat's card reported 199 ms after another's is first; 200 ms after (the next round), a misdeal", () => {
    const within = replayLines(...firstCardsSwapped(199));
    expect(alertsOf(within)).toEqual([]);
    expect(within.at(-1)).toMatchObject({ kind: "street", street: "preflop" });
    expect(alertsOf(replayLines(...firstCardsSwapped(200)))).toMatchObject([
      { code: "MISDEAL_FIRST_CARD", seat: 3, severity: "floor", rule: "2013 r.33-A2", t: 2200 },
    ]);
  });

  it("the round is the configured one: reading.scanRoundMs 400 allows 399 ms, not 400", () => {
    expect(alertsOf(replayLines(...firstCardsSwapped(399, 400)))).toEqual([]);
    expect(alertsOf(replayLines(...firstCardsSwapped(400, 400)))).toMatchObject([
      { code: "MISDEAL_FIRST_CARD" },
    ]);
  });

  /** The pre-flop round played to the flop; the flop at 9500, its burn reported `gap` ms later. */
  const flopBeforeBurn = (gap: number): Line[] => [
    ...handDealt(),
    tags(5000, "bet4", ["chip:100:4", "chip:100:5"]),
    tags(6000, "seat1", []),
    tags(6100, "muck", ["card:A:Ac", "card:A:Td"]),
    tags(7000, "bet2", ["chip:100:1", "chip:100:6"]),
    key(8000, "check"),
    tags(9000, "bet2", []),
    tags(9000, "bet3", []),
    tags(9000, "bet4", []),
    tags(9100, "pot", ["chip:100:1", "chip:100:2", "chip:100:3", "chip:100:4", "chip:100:5", "chip:100:6"]),
    tags(9500, "board", ["card:A:Qs", "card:A:Jd", "card:A:4h"]),
    tags(9500 + gap, "burn", ["card:A:2c"]),
  ];

  it("burn before board: a burn reported 199 ms after the flop came before it; 200 ms after (the next round), BURN_MISSING", () => {
    const within = replayLines(flopBeforeBurn(199));
    expect(alertsOf(within)).toEqual([]);
    expect(within.at(-1)).toMatchObject({ kind: "street", street: "flop", board: ["Qs", "Jd", "4h"] });
    // Past the round the flop had no burn; the burn reported after BURN_MISSING's "do not burn now", with
    // the flop still being bet a round later, is one placed where none is due (BURN_UNEXPECTED: put it
    // back on the stub), judged a round after it came (the round's last chips may still be on their way).
    expect(alertsOf(replayLines(flopBeforeBurn(200)))).toMatchObject([
      { code: "BURN_MISSING", severity: "dealer", rule: "burn procedure", t: 9700 },
      { code: "BURN_UNEXPECTED", severity: "dealer", t: 9900 },
    ]);
  });

  /**
   * The flop dealt with no burn (BURN_MISSING at 9700); seat 4 bets, seat 2 folds, seat 3 calls with
   * chips at 12000. The dealer burns at 12050 and sweeps the zones at 12100; the pot reports the chips
   * `gap` ms after the burn, in a later slot of the round.
   */
  const burnThenLastCallToPot = (gap: number): Line[] => [
    ...flopBeforeBurn(Number.NaN).slice(0, -1),
    key(10000, "check"),
    key(10500, "check"),
    tags(11000, "bet4", ["chip:100:20", "chip:100:21"]),
    tags(11800, "seat2", []),
    tags(11800, "muck", ["card:A:Ac", "card:A:Td", "card:A:Kh", "card:A:Kd"]),
    tags(12000, "bet3", ["chip:100:22", "chip:100:23"]),
    tags(12050, "burn", ["card:A:2c"]),
    tags(12100, "bet3", []),
    tags(12100, "bet4", []),
    tags(12050 + gap, "pot", [
      ...["1", "2", "3", "4", "5", "6"].map((n) => `chip:100:${n}`),
      ...["20", "21", "22", "23"].map((n) => `chip:100:${n}`),
    ]),
  ];

  it("late burn: a burn placed while the last call is swept is the turn's if the call reaches the pot 199 ms after it; 200 ms after (the next round), BURN_UNEXPECTED", () => {
    const within = replayLines(burnThenLastCallToPot(199));
    expect(alertsOf(within)).toMatchObject([{ code: "BURN_MISSING", t: 9700 }]);
    expect(actionsOf(within).at(-1)).toMatchObject({ seat: 3, action: "call", amount: 200, t: 12249 });
    const after = replayLines(burnThenLastCallToPot(200));
    expect(alertsOf(after)).toMatchObject([
      { code: "BURN_MISSING", t: 9700 },
      { code: "BURN_UNEXPECTED", severity: "dealer", t: 12250 },
    ]);
    expect(actionsOf(after).at(-1)).toMatchObject({ seat: 3, action: "call", amount: 200, t: 12250 });
  });

  /** Two cards dealt, the `exposed` key at 2800, the third card reported `gap` ms after the key. */
  const exposedThenCard = (gap: number): Line[] => {
    const cards = deal(2000);
    return [
      ...exampleTable(),
      key(1000, "shuffler"),
      ...cards.slice(0, 2),
      key(2800, "exposed"),
      { ...cards[2]!, t: 2800 + gap },
      ...cards.slice(3).map((c) => ({ ...c, t: c.t + 1000 })),
    ];
  };

  it("exposed card: a card reported 199 ms after the key is the one exposed (the third: no misdeal); 200 ms after (the next round), the second was", () => {
    const within = replayLines(exposedThenCard(199));
    expect(alertsOf(within)).toEqual([]);
    expect(within.at(-1)).toMatchObject({ kind: "street", street: "preflop" });
    expect(alertsOf(replayLines(exposedThenCard(200)))).toMatchObject([
      { code: "MISDEAL_EXPOSED", severity: "floor", rule: "r.33-A1, A6", t: 3000 },
    ]);
  });
});
