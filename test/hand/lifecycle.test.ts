/**
 * Starting and ending a hand live with its game (src/hand/lifecycle.ts, src/hand/holdemLifecycle.ts,
 * src/hand/tcp/lifecycle.ts): each game places its hand, says what level it needs, starts it from the
 * table at the press, and tells the table how it ended, what the dealer must do after it, and what a
 * shuffler press in its middle means.
 */
import { describe, expect, it } from "vitest";
import { holdem, holdemDealerWork } from "../../src/hand/holdemLifecycle.js";
import { type HandPress, type LiveHand, type Seating, SessionHand } from "../../src/hand/lifecycle.js";
import { HandSession } from "../../src/hand/session.js";
import type { TcpLine, TcpShowdown } from "../../src/hand/tcp/context.js";
import { TcpSession } from "../../src/hand/tcp/session.js";
import { tcpDealerWork, threeCardPoker } from "../../src/hand/tcp/lifecycle.js";
import type { ChipTag } from "../../src/reading/observations.js";
import { parseCards } from "../../src/rules/cards.js";

/** The machine session under a live hand (not part of LiveHand: the table never reads it). */
function sessionOf(hand: LiveHand): HandSession | TcpSession {
  if (!(hand instanceof SessionHand)) throw new Error("not a session hand");
  return hand.session;
}

const noChips = { chipsOn: (): ChipTag[] => [], chipsBefore: (): string[] => [] };

function press(over: Partial<HandPress>): HandPress {
  return {
    t: 1000,
    hand: 7,
    game: { game: "nlhe", cap: 4 },
    positions: { button: 1, sb: 1, bb: 2, sbPos: 1 },
    level: { sb: 50, bb: 100, ante: 0, bbAnte: 0 },
    redeal: false,
    seatCount: 6,
    stacks: { 1: 10_000, 2: 10_000 },
    players: { 1: "Ann", 2: "Bob" },
    antennas: ["seat1", "seat2", "bet1", "bet2", "board", "burn", "muck"],
    zones: noChips,
    lastHandEnd: Number.NEGATIVE_INFINITY,
    lastHandsChipsToCome: {},
    leftovers: [],
    reading: { scanRoundMs: 200, lagMs: 600, departMs: 500 },
    oddChipUnit: 25,
    bbAnteOrder: "blind-first",
    ...over,
  };
}

const seating = (over: Partial<Seating>): Seating => ({
  inGame: [2, 4, 6],
  seatCount: 6,
  placedButton: null,
  lastPositions: null,
  ...over,
});

describe("hold'em places and starts its own hands", () => {
  it("the first hand's button is the first player in seat order; a placed button wins", () => {
    expect(holdem.positions(seating({}))?.button).toBe(2);
    expect(holdem.positions(seating({ placedButton: 4 }))?.button).toBe(4);
  });

  it("the button moves on from the last hand's positions (TDA dead button)", () => {
    const last = holdem.positions(seating({}));
    expect(last).not.toBeNull();
    expect(holdem.positions(seating({ lastPositions: last }))?.button).toBe(4);
  });

  it("fewer than two players: no positions; no floor level: no level", () => {
    expect(holdem.positions(seating({ inGame: [] }))).toBeNull();
    expect(holdem.level(null)).toBeNull();
  });

  it("starts with hand_start and the blinds, is in play, and a never-dealt hand is voided at the press", () => {
    const { hand, events } = holdem.start(press({}));
    expect(events.map((e) => e.kind)).toEqual(["hand_start", "action", "action"]);
    expect(hand.number).toBe(7);
    expect(sessionOf(hand)).toBeInstanceOf(HandSession);
    expect(hand.inPlay()).toEqual({ number: 7, game: "holdem", chart: "dealing", held: null });
    expect(hand.view()).toMatchObject({ game: "holdem", holdem: { hand: 7, sb: 1, bb: 2, held: false } });
    expect(hand.ending()).toBeNull();
    expect(hand.viewAfterEnd()).toBeNull();
    expect(hand.pressDuringHand()).toBe("void");
    hand.ruling(2000, "void");
    expect(hand.ending()).toMatchObject({ result: "void", redeal: null, work: { kind: "none" } });
  });

  it("a misdeal's ending carries the hand to deal again as it was", () => {
    const { hand } = holdem.start(press({}));
    hand.ruling(2000, "misdeal");
    const ending = hand.ending();
    expect(ending?.result).toBe("misdeal");
    expect(ending?.work).toEqual({ kind: "none" });
    expect(ending?.redeal).toEqual({
      positions: { button: 1, sb: 1, bb: 2, sbPos: 1 },
      level: { sb: 50, bb: 100, ante: 0, bbAnte: 0 },
      game: { game: "nlhe", cap: 4 },
    });
  });

  it("chips on a bet zone reported less than one scan round after the last hand ended are that hand's (read at the press)", () => {
    // The last hand ended at 900; rounds of 200 ms. A report comes up to a round after the chips landed.
    const arrived: Record<string, number> = { "chip:25:1": 1099, "chip:25:2": 1100 };
    const zones = (tags: string[]) => ({
      chipsOn: (a: string): ChipTag[] => (a === "bet2" ? tags.map((tag) => ({ tag, denomination: 25 })) : []),
      chipsBefore: (a: string, t: number): string[] =>
        a === "bet2" ? tags.filter((tag) => arrived[tag]! < t) : [],
    });
    const lastHands = (tags: string[]) =>
      (sessionOf(holdem.start(press({ zones: zones(tags), lastHandEnd: 900 })).hand) as HandSession).context
        .lastHandsChips.tags;
    expect(lastHands(["chip:25:1"])).toEqual(["chip:25:1"]);
    // A round after the end: landed after it, this hand's (seat 2 posts its big blind of 100, and 25 is within it).
    expect(lastHands(["chip:25:2"])).toEqual([]);
  });

  it("chips still to come from the allin key that ended the last hand are that hand's, however late, up to what it counted", () => {
    const chips = (tags: [string, number][]) => ({
      chipsOn: (a: string): ChipTag[] =>
        a === "bet2" ? tags.map(([tag, denomination]) => ({ tag, denomination })) : [],
      chipsBefore: (): string[] => [],
    });
    const lastHands = (tags: [string, number][], toCome: Record<number, number>) =>
      (
        sessionOf(
          holdem.start(press({ zones: chips(tags), lastHandEnd: 900, lastHandsChipsToCome: toCome })).hand,
        ) as HandSession
      ).context.lastHandsChips.tags;
    const listed: [string, number][] = [
      ["chip:100:1", 100],
      ["chip:25:2", 25],
      ["chip:100:3", 100],
    ];
    // Seat 2 called all-in for 125 with the key: 125 of what its zone lists is that call.
    expect(lastHands(listed, { 2: 125 })).toEqual(["chip:100:1", "chip:25:2"]);
    // Nothing to come on seat 2 (another seat's call): its chip is its big blind.
    expect(lastHands(listed.slice(2), { 1: 125 })).toEqual([]);
    // Without it, the three are more than seat 2 posts: not this hand's, as before.
    expect(lastHands(listed, { 1: 125 })).toEqual(["chip:100:1", "chip:25:2", "chip:100:3"]);
  });
});

describe("hold'em says what the dealer does after its hand", () => {
  const rake = { percent: 5, cap: 500, noFlopNoDrop: true, minPot: 0, unit: 1 };

  it("a raked hand played out: the rake on the plate, as the schedule took it (no flop, no drop: 0)", () => {
    const { hand } = holdem.start(press({ rake }));
    const h = (sessionOf(hand) as HandSession).context;
    // Ended before the flop: the plate is still read, for a rake of 0.
    expect(holdemDealerWork({ ...h, result: "complete" })).toEqual({
      kind: "rake",
      rake: { due: 0, how: "no flop, no drop: no rake" },
    });
  });

  it("no flop, no drop: a flop is dealt when the betting reaches it, not when cards lie on the board (a premature flop returned, its departure not yet reported)", () => {
    const { hand } = holdem.start(press({ rake }));
    const h = (sessionOf(hand) as HandSession).context;
    const flop = parseCards("QsJd4h");
    const board = { ...h.board, cards: flop, tags: ["card:A:Qs", "card:A:Jd", "card:A:4h"] };
    expect(holdemDealerWork({ ...h, board, result: "complete" })).toMatchObject({
      kind: "rake",
      rake: { due: 0, how: "no flop, no drop: no rake" },
    });
    const onTheFlop = {
      ...h,
      board,
      betting: { ...h.betting, street: "flop" as const },
      result: "complete" as const,
    };
    const work = holdemDealerWork(onTheFlop);
    expect(work.kind === "rake" ? work.rake.due : null).toBeGreaterThan(0);
  });

  it("a raked hand misdealt or voided, or any hand of an unraked game: nothing", () => {
    const raked = holdem.start(press({ rake })).hand;
    raked.ruling(2000, "misdeal");
    expect(raked.ending()?.work).toEqual({ kind: "none" });
    const { hand } = holdem.start(press({}));
    const h = (sessionOf(hand) as HandSession).context;
    expect(holdemDealerWork({ ...h, result: "complete" })).toEqual({ kind: "none" });
  });
});

describe("Three Card Poker places and starts its own hands", () => {
  it("the first box in the game stands in for the button; no blinds", () => {
    expect(threeCardPoker.positions(seating({}))).toEqual({ button: 2, sb: null, bb: 2, sbPos: 2 });
    expect(threeCardPoker.positions(seating({ inGame: [] }))).toBeNull();
  });

  it("needs no level: without one from the floor it plays at none", () => {
    expect(threeCardPoker.level(null)).toEqual({ sb: 0, bb: 0, ante: 0, bbAnte: 0 });
  });

  it("its bets are what lies on its wager zones at the press; a bet zone is not one", () => {
    const zones = {
      chipsOn: (a: string): ChipTag[] =>
        a === "ante1" || a === "bet1" ? [{ tag: `chip:25:${a}`, denomination: 25 }] : [],
      chipsBefore: (): string[] => [],
    };
    const { hand, events } = threeCardPoker.start(
      press({
        game: { game: "tcp" },
        positions: { button: 1, sb: null, bb: 1, sbPos: 1 },
        antennas: ["seat1", "ante1", "play1", "pairplus1", "bet1", "dealer", "muck"],
        zones,
      }),
    );
    expect(events[0]).toMatchObject({ kind: "hand_start", game: "tcp", sb: null, bb: null });
    expect(sessionOf(hand)).toBeInstanceOf(TcpSession);
    expect((sessionOf(hand) as TcpSession).context.zones).toEqual({ ante1: 25 });
    expect(hand.inPlay()).toMatchObject({ number: 7, game: "threeCard", held: null });
    expect(hand.view()).toMatchObject({ game: "threeCard", threeCard: { hand: 7, held: false } });
    // The dealer pays from a Three Card Poker hand after it ends; a hold'em hand is not shown then.
    expect(hand.viewAfterEnd()).toMatchObject({ game: "threeCard" });
    expect(hand.privateView()).toEqual({ hole: {}, holeFaces: [] });
    expect(hand.pressDuringHand()).toBe("void");
  });
});

describe("Three Card Poker says what the dealer does after its hand", () => {
  const tcpPress = () =>
    press({
      game: { game: "tcp" },
      positions: { button: 1, sb: null, bb: 1, sbPos: 1 },
      antennas: ["seat1", "ante1", "play1", "pairplus1", "dealer", "muck"],
    });

  it("a hand that was never settled (voided at the press) leaves nothing to pay", () => {
    const { hand } = threeCardPoker.start(tcpPress());
    hand.ruling(2000, "void");
    expect(hand.ending()).toMatchObject({ result: "void", work: { kind: "none" } });
  });

  it("a settled hand leaves its pay-out: per wager zone the stake, whether lost, what is owed", () => {
    const { hand } = threeCardPoker.start(tcpPress());
    const h = (sessionOf(hand) as TcpSession).context;
    const win = (bet: TcpLine["bet"], stake: number, due: number, how: string): TcpLine => ({
      bet,
      stake,
      outcome: "win",
      amount: stake + due,
      payout: { due, how },
    });
    const showdown: TcpShowdown = {
      dealer: null,
      boxes: {
        1: {
          hand: "straight",
          staked: 225,
          paid: 500,
          lines: [
            win("ante", 100, 100, "100 × 1"),
            win("play", 100, 100, "100 × 1"),
            // The Ante bonus is paid on the Ante's zone, after the Ante's own win.
            win("anteBonus", 0, 100, "100 × 1"),
            { bet: "pairPlus", stake: 25, outcome: "lose", amount: 0 },
          ],
        },
      },
    };
    expect(tcpDealerWork({ ...h, result: "complete", showdown })).toEqual({
      kind: "pay",
      plan: {
        t: h.t,
        hand: 7,
        zones: [
          {
            antenna: "ante1",
            box: 1,
            stake: 100,
            lost: false,
            owed: [
              { bet: "ante", due: 100, how: "100 × 1" },
              { bet: "bonus", due: 100, how: "100 × 1" },
            ],
          },
          {
            antenna: "play1",
            box: 1,
            stake: 100,
            lost: false,
            owed: [{ bet: "play", due: 100, how: "100 × 1" }],
          },
          { antenna: "pairplus1", box: 1, stake: 25, lost: true, owed: [] },
        ],
      },
    });
  });
});
