/**
 * Starting and ending a hand live with its game (src/hand/lifecycle.ts, src/hand/tcp/lifecycle.ts):
 * each game places its hand, says what level it needs, starts it from the table at the press, and
 * tells the table how it ended and what a shuffler press in its middle means.
 */
import { describe, expect, it } from "vitest";
import { type HandPress, holdem, type Seating } from "../../src/hand/lifecycle.js";
import { HandSession } from "../../src/hand/session.js";
import { TcpSession } from "../../src/hand/tcp/session.js";
import { threeCardPoker } from "../../src/hand/tcp/lifecycle.js";
import type { ChipTag } from "../../src/reading/observations.js";

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
    expect(hand.session).toBeInstanceOf(HandSession);
    expect(hand.inPlay()).toEqual({ number: 7, game: "holdem", chart: "dealing", held: null });
    expect(hand.view()).toMatchObject({ game: "holdem", holdem: { hand: 7, sb: 1, bb: 2, held: false } });
    expect(hand.ending()).toBeNull();
    expect(hand.viewAfterEnd()).toBeNull();
    expect(hand.pressDuringHand()).toBe("void");
    hand.ruling(2000, "void");
    expect(hand.ending()).toMatchObject({ result: "void", redeal: null });
  });

  it("a misdeal's ending carries the hand to deal again as it was", () => {
    const { hand } = holdem.start(press({}));
    hand.ruling(2000, "misdeal");
    const ending = hand.ending();
    expect(ending?.result).toBe("misdeal");
    expect(ending?.redeal).toEqual({
      positions: { button: 1, sb: 1, bb: 2, sbPos: 1 },
      level: { sb: 50, bb: 100, ante: 0, bbAnte: 0 },
      game: { game: "nlhe", cap: 4 },
    });
  });

  it("chips on a bet zone since before the last hand ended are that hand's (read at the press)", () => {
    const zones = {
      chipsOn: (a: string): ChipTag[] => (a === "bet2" ? [{ tag: "chip:100:1", denomination: 100 }] : []),
      chipsBefore: (a: string, t: number): string[] => (a === "bet2" && t === 900 ? ["chip:100:1"] : []),
    };
    const { hand } = holdem.start(press({ zones, lastHandEnd: 900 }));
    expect((hand.session as HandSession).context.lastHandsChips.tags).toEqual(["chip:100:1"]);
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
    expect(hand.session).toBeInstanceOf(TcpSession);
    expect((hand.session as TcpSession).context.zones).toEqual({ ante1: 25 });
    expect(hand.inPlay()).toMatchObject({ number: 7, game: "threeCard", held: null });
    expect(hand.view()).toMatchObject({ game: "threeCard", threeCard: { hand: 7, held: false } });
    // The dealer pays from a Three Card Poker hand after it ends; a hold'em hand is not shown then.
    expect(hand.viewAfterEnd()).toMatchObject({ game: "threeCard" });
    expect(hand.privateView()).toEqual({ hole: {}, holeFaces: [] });
    expect(hand.pressDuringHand()).toBe("void");
  });
});
