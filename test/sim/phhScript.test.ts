import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputEvent, type InputEventIn } from "../../src/contract/input.js";
import { type PhhHand, readPhhFile } from "../../src/rules/phh/read.js";
import { chipValue, makeChange } from "../../src/sim/chips.js";
import { type NoiseOptions, phhToInputEvents } from "../../src/sim/phhScript.js";
import { mulberry32 } from "../../src/sim/random.js";
import { facesSeen, phhStreetTotals, tagProblems, zoneTotals } from "./phhStreams.js";

import { PHH_ROOT } from "../support/paths.js";
const FILES = [
  "pluribus/100/1.phh", // NT, six-handed
  "wsop/2023/43/5/30.phh", // PO with a showdown
  "wsop/2023/43/5/34.phh", // FT
  "wsop/2023/43/5/1.phh", // NT with a big-blind ante
  "side-pots/sp02_nlhe_4way_allin_tie_odd_chips.phh",
  "side-pots/sp04_nlhe_bb_ante_short_allin.phh",
  "side-pots/sp05_plo_3way_side_pot.phh",
  "side-pots/sp06_flhe_short_allin_side_pot.phh",
  "side-pots/sp07_nlhe_headsup_uncalled.phh",
];
const NOISES: Record<string, NoiseOptions> = {
  clean: {},
  flicker: { flicker: true },
  split: { splitBets: true },
  both: { flicker: true, splitBets: true },
};

const load = (path: string): PhhHand => readPhhFile(join(PHH_ROOT, path));

function holeCount(hand: PhhHand): number {
  return hand.startingStacks.length * hand.game.holeCards;
}

describe.each(FILES)("phhToInputEvents(%s)", (path) => {
  const hand = load(path);
  const n = hand.startingStacks.length;

  it.each(Object.entries(NOISES))("writes a valid, time-ordered stream (%s)", (_name, noise) => {
    for (const seed of [1, 7, 42]) {
      const { events } = phhToInputEvents(hand, { seed, noise, startT: 5000 });
      for (const e of events) expect(() => InputEvent.parse(e)).not.toThrow();
      expect(events[0]?.t).toBe(5000);
      events.slice(1).forEach((e, i) => expect(e.t).toBeGreaterThanOrEqual(events[i]?.t ?? 0));
      expect(tagProblems(events)).toEqual([]);
    }
  });

  it.each(Object.entries(NOISES))("puts in the PHH amounts per street and seat (%s)", (_name, noise) => {
    const { events } = phhToInputEvents(hand, { seed: 3, noise });
    expect(Object.fromEntries(zoneTotals(events))).toEqual(Object.fromEntries(phhStreetTotals(hand)));
  });

  it("uses each card face once: the hole cards, the board and one burn per street", () => {
    const { events } = phhToInputEvents(hand, { seed: 11 });
    const boardCards = hand.actions.flatMap((a) => (a.kind === "deal-board" ? a.cards : []));
    const streets = hand.actions.filter((a) => a.kind === "deal-board").length;
    expect(facesSeen(events).size).toBe(holeCount(hand) + boardCards.length + streets);
    const burns = events.filter((e) => e.kind === "tags" && e.antenna === "burn");
    expect(burns.map((e) => (e.kind === "tags" ? e.tags.length : 0))).toEqual(
      Array.from({ length: streets }, (_, i) => i + 1),
    );
  });

  it("sets up the floor: game, level, a seat per player, the button, then the shuffler", () => {
    const { events, seats, expectedStacks } = phhToInputEvents(hand);
    const floor = events.filter((e) => e.kind === "floor");
    expect(floor.map((e) => (e.kind === "floor" ? e.op : ""))).toEqual([
      "game",
      "level",
      ...seats.map(() => "seat"),
      "button",
    ]);
    expect(seats).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(floor).toContainEqual({ t: 0, kind: "floor", op: "button", seat: n === 2 ? 2 : n });
    expect(events[floor.length]).toMatchObject({ kind: "button", button: "shuffler" });
    expect(Object.values(expectedStacks)).toEqual(hand.finishingStacks);
  });

  it("deals one card per seat per round from the first seat left of the button", () => {
    const { events } = phhToInputEvents(hand);
    const deal = events
      .filter((e) => e.kind === "tags" && /^seat\d+$/.test(e.antenna))
      .slice(0, holeCount(hand));
    expect(deal.map((e) => (e.kind === "tags" ? [e.antenna, e.tags.length] : []))).toEqual(
      Array.from({ length: holeCount(hand) }, (_, i) => [`seat${(i % n) + 1}`, Math.floor(i / n) + 1]),
    );
  });

  it("pays every push in exact change, never a chip bigger than needed", () => {
    const { events } = phhToInputEvents(hand, { noise: { splitBets: true } });
    const last = new Map<string, readonly string[]>();
    for (const e of events) {
      if (e.kind !== "tags" || !/^bet\d+$/.test(e.antenna)) continue;
      const before = new Set(last.get(e.antenna) ?? []);
      last.set(e.antenna, e.tags);
      const fresh = e.tags.filter((tag) => !before.has(tag)).map((tag) => chipValue(tag) ?? 0);
      const sum = fresh.reduce((a, b) => a + b, 0);
      if (e.tags.length > 0 && before.size < e.tags.length) {
        // A split push shows its chips in two parts: each part is still greedy change of its own sum.
        expect(fresh).toEqual(makeChange(sum));
      }
    }
  });

  it("is deterministic, and noise never changes the cards or the chips", () => {
    const a = phhToInputEvents(hand, { seed: 5, noise: { flicker: true, splitBets: true } });
    const b = phhToInputEvents(hand, { seed: 5, noise: { flicker: true, splitBets: true } });
    expect(a.events).toEqual(b.events);
    const clean = phhToInputEvents(hand, { seed: 5 });
    expect(facesSeen(a.events)).toEqual(facesSeen(clean.events));
    expect(zoneTotals(a.events)).toEqual(zoneTotals(clean.events));
  });
});

describe("dealer keys", () => {
  const keys = (events: readonly InputEventIn[]) =>
    events.flatMap((e) => (e.kind === "button" && e.button !== "shuffler" ? [e.button] : []));

  it("presses raise before a raise, all-in before a shove or an all-in call (sp07, heads-up)", () => {
    const { events } = phhToInputEvents(load("side-pots/sp07_nlhe_headsup_uncalled.phh"));
    // p2 (button) raises to 6, p1 shoves 500, p2 calls all-in for 120.
    expect(keys(events)).toEqual(["raise", "allin", "allin"]);
    const bets = events.filter((e) => e.kind === "tags" && /^bet/.test(e.antenna) && e.tags.length > 0);
    // Heads-up the button posts the small blind.
    expect(bets.slice(0, 2).map((e) => (e.kind === "tags" ? e.antenna : ""))).toEqual(["bet2", "bet1"]);
  });

  it("presses check for a check, and moves a folded hand from its seat to the muck", () => {
    const { events } = phhToInputEvents(load("pluribus/100/1.phh"));
    expect(keys(events)).toContain("check");
    const fold = events.findIndex((e) => e.kind === "tags" && /^seat/.test(e.antenna) && e.tags.length === 0);
    expect(events[fold + 1]).toMatchObject({ kind: "tags", antenna: "muck" });
  });

  it("pulls the bets into the pot before each burn", () => {
    const { events } = phhToInputEvents(load("wsop/2023/43/5/30.phh"));
    const burn = events.findIndex((e) => e.kind === "tags" && e.antenna === "burn");
    const zones = new Map<string, number>();
    for (const e of events.slice(0, burn)) if (e.kind === "tags") zones.set(e.antenna, e.tags.length);
    for (const [antenna, count] of zones) if (antenna.startsWith("bet")) expect(count).toBe(0);
    expect(zones.get("pot")).toBeGreaterThan(0);
  });
});

describe("helpers", () => {
  it("makes change greedily from the chip set", () => {
    expect(makeChange(150)).toEqual([100, 25, 25]);
    expect(makeChange(9876)).toEqual([5000, 1000, 1000, 1000, 1000, 500, 100, 100, 100, 25, 25, 25, 1]);
    expect(makeChange(0)).toEqual([]);
  });

  it("mulberry32 is reproducible from its seed", () => {
    const a = mulberry32(9);
    const b = mulberry32(9);
    const xs = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});
