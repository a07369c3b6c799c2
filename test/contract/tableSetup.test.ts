/**
 * The contract's floor operations and names, black-box (events.md, "Names" and "Floor operations"):
 * the set-up ops a hand in play leaves for the next hand (level, unseat, stack), the dead button
 * (`sb: null`), the games by name, the decks in play (a hand's deck is its first card's; `decks: [A, B]`)
 * and the spec's example through the built command, `bin/feltguard.js` (dist/, which `npm ci` builds).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Config } from "../../src/config/config.js";
import { REPO_ROOT } from "../support/paths.js";
import {
  actionsOf,
  alertsOf,
  deal,
  exampleTable,
  floor,
  handDealt,
  key,
  type Line,
  type Out,
  replayLines,
  tags,
} from "./support.js";

/** Hand 1 folded round to the big blind (seat 3), with the floor's set-up sent while it is in play. */
const firstHandWithSetup = (): Line[] => [
  ...handDealt(),
  key(5000, "fold"),
  key(5500, "fold"),
  floor(5700, "level", { sb: 200, bb: 400 }),
  floor(5800, "unseat", { seat: 3 }),
  floor(5900, "stack", { seat: 1, stack: 15000 }),
  key(6000, "fold"),
  ...[1, 2, 3, 4].map((s) => tags(7000, `seat${s}`, [])),
  tags(7000, "bet2", []),
  tags(7000, "bet3", []),
];

describe("contract: the floor's set-up between hands", () => {
  it("level, unseat and stack sent during a hand change nothing in it, and all of them the next hand", () => {
    const out = replayLines([
      ...firstHandWithSetup(),
      key(8000, "shuffler"),
      // Seat 3 is empty: the deal goes 4, 1, 2; seats 1 and 2 fold to the big blind.
      ...[4, 1, 2, 4, 1, 2].map((s, i) =>
        tags(
          8100 + 300 * i,
          `seat${s}`,
          i < 3 ? [`card:A:${s + 1}c`] : [`card:A:${s + 1}c`, `card:A:${s + 1}d`],
        ),
      ),
      key(10000, "fold"),
      key(10500, "fold"),
    ]);
    const [end1, end2] = out.filter((e) => e.kind === "hand_end");
    // Hand 1 as it was dealt: blinds 100/200, seat 3 in it, seat 1's stack as before.
    expect(actionsOf(out).slice(0, 2)).toMatchObject([
      { seat: 2, action: "sb", amount: 100 },
      { seat: 3, action: "bb", amount: 200 },
    ]);
    expect(end1).toMatchObject({
      hand: 1,
      result: "complete",
      stacks: { 1: 20000, 2: 19900, 3: 20100, 4: 20000 },
    });
    // Hand 2: seat 3 gone, so the small blind is dead (sb: null) and the button moves to seat 2
    // under the dead-button rule; the big blind is the new level's; seat 1 has the floor's stack.
    expect(out.filter((e) => e.kind === "hand_start")[1]).toMatchObject({
      hand: 2,
      button: 2,
      sb: null,
      bb: 4,
      redeal: false,
    });
    expect(actionsOf(out).filter((a) => a.t === 8000)).toMatchObject([
      { seat: 4, action: "bb", amount: 400, to: 400 },
    ]);
    expect(end2).toMatchObject({ hand: 2, result: "complete", stacks: { 1: 15000, 2: 19900, 4: 20000 } });
    expect(Object.keys(end2?.stacks as object)).toEqual(["1", "2", "4"]);
  });

  it("antes and the big-blind ante: posted from the level as `ante` actions, the blinds after them", () => {
    const antes = replayLines([...exampleTable({ sb: 100, bb: 200, ante: 25 }), key(1000, "shuffler")]);
    expect(actionsOf(antes).map((a) => [a.seat, a.action, a.amount])).toEqual([
      [2, "ante", 25],
      [3, "ante", 25],
      [4, "ante", 25],
      [1, "ante", 25],
      [2, "sb", 100],
      [3, "bb", 200],
    ]);
    const bbAnte = replayLines([...exampleTable({ sb: 100, bb: 200, bbAnte: 200 }), key(1000, "shuffler")]);
    expect(actionsOf(bbAnte).map((a) => [a.seat, a.action, a.amount])).toEqual([
      [3, "ante", 200],
      [2, "sb", 100],
      [3, "bb", 200],
    ]);
  });

  it("the game op names the game of the next hand_start (limits where the game needs them)", () => {
    const games: [string, Record<string, unknown>][] = [
      ["nlhe", {}],
      ["plhe", {}],
      ["flhe", { smallBet: 200, bigBet: 400 }],
      ["plo", {}],
    ];
    for (const [game, limits] of games) {
      const lines = exampleTable().map((l) => (l.op === "game" ? { ...l, game, ...limits } : l));
      const out = replayLines([...lines, key(1000, "shuffler")]);
      expect(out[0], game).toMatchObject({ kind: "hand_start", hand: 1, game, button: 1, sb: 2, bb: 3 });
    }
  });
});

describe("contract: the floor's rulings", () => {
  it("dead with no alert open (HAND_DEAD: 'or the floor rules it dead'): told for the seat, answered, the seat folds", () => {
    const out = replayLines([...handDealt(), floor(5000, "ruling", { ruling: "dead", seat: 4 })]);
    expect(out.filter((e) => e.t === 5000)).toMatchObject([
      { kind: "alert", code: "HAND_DEAD", seat: 4, severity: "floor", rule: "r.33-D, 2017 addendum" },
      { kind: "alert_clear", code: "HAND_DEAD", seat: 4 },
      { kind: "action", seat: 4, action: "fold", amount: 0 },
    ]);
  });
});

describe("contract: a hand ruled dead", () => {
  it("its cards put in the muck as HAND_DEAD's step says are not a fold out of turn; it folds when the action reaches it", () => {
    // Seat 2 (the small blind) is ruled dead while seat 4 is to act; the dealer mucks its cards.
    const out = replayLines([
      ...handDealt(),
      floor(5000, "ruling", { ruling: "dead", seat: 2 }),
      tags(5500, "seat2", []),
      tags(5500, "muck", ["card:A:Kh", "card:A:Kd"]),
      tags(6500, "bet4", ["chip:100:4", "chip:100:5"]),
      key(8000, "fold"),
    ]);
    // Before: ACTION_OUT_OF_TURN for seat 2 at the muck, the step the floor's ruling asked for.
    expect(alertsOf(out).map((a) => a.code)).toEqual(["HAND_DEAD"]);
    expect(actionsOf(out).filter((a) => a.action !== "sb" && a.action !== "bb")).toMatchObject([
      { seat: 4, action: "call" },
      { seat: 1, action: "fold" },
      { seat: 2, action: "fold", amount: 0 },
    ]);
  });
});

describe("contract: a misdeal alert holds the hand; continue and play goes on", () => {
  it("chips put out while held are read when the floor rules continue, in the order of play", () => {
    // The first card goes to seat 3 (MISDEAL_FIRST_CARD); the deal goes on and completes; seat 4, first
    // to act, calls while the floor is on its way; the floor lets the hand go on; seat 1 then calls.
    const cards = deal(2000);
    const out = replayLines([
      ...exampleTable(),
      key(1000, "shuffler"),
      tags(1500, "bet2", ["chip:100:1"]),
      tags(1500, "bet3", ["chip:100:2", "chip:100:3"]),
      { ...cards[1]!, t: 1700 },
      cards[0]!,
      ...cards.slice(2),
      tags(5000, "bet4", ["chip:100:4", "chip:100:5"]),
      floor(6000, "ruling", { ruling: "continue" }),
      tags(7000, "bet1", ["chip:100:6", "chip:100:7"]),
    ]);
    expect(alertsOf(out)).toMatchObject([{ code: "MISDEAL_FIRST_CARD", seat: 3 }]);
    // Held, nothing is read as an action; the floor's continue clears the alert and reads seat 4's call.
    expect(actionsOf(out).filter((a) => a.t > 1000 && a.t < 6000)).toEqual([]);
    expect(out.filter((e) => e.t >= 6000)).toMatchObject([
      { kind: "alert_clear", code: "MISDEAL_FIRST_CARD", seat: 3, t: 6000 },
      { kind: "action", seat: 4, action: "call", amount: 200, to: 200, t: 6000 },
      { kind: "action", seat: 1, action: "call", amount: 200, to: 200, t: 7600 },
    ]);
  });
});

describe("contract: decks in play and foreign cards", () => {
  const twoDecks = (c: Config): Config => ({ ...c, decks: ["A", "B"], deck: "A" });

  it("a card of another deck is foreign (FOREIGN_CARD, floor, IPC 29) at a one-deck table", () => {
    const out = replayLines([...exampleTable(), key(1000, "shuffler"), ...deal(2000, "B")]);
    expect(alertsOf(out)).toMatchObject([
      { code: "FOREIGN_CARD", severity: "floor", rule: "IPC 29", t: 2000 },
    ]);
  });

  it("decks: [A, B]: a hand's deck is its first card's; the other deck's card is foreign in it, not in the next", () => {
    const fromB = deal(2000, "B");
    // Seat 4's second card comes from deck A in hand 1 (dealt from B).
    fromB[6] = tags(fromB[6]!.t, "seat4", ["card:B:9s", "card:A:9h"]);
    const out = replayLines(
      [
        ...exampleTable(),
        key(1000, "shuffler"),
        ...fromB,
        floor(5000, "ruling", { ruling: "void", code: "FOREIGN_CARD" }),
        ...[1, 2, 3, 4].map((s) => tags(5500, `seat${s}`, [])),
        key(6000, "shuffler"),
        // The button moved on (to seat 2): the deal begins at seat 3.
        ...deal(7000, "A", 3),
      ],
      twoDecks,
    );
    expect(alertsOf(out)).toMatchObject([{ code: "FOREIGN_CARD", severity: "floor", t: 3800 }]);
    expect(String(alertsOf(out)[0]?.text)).toMatch(/deck A.*deck B/);
    expect(out.find((e) => e.kind === "hand_end")).toMatchObject({ hand: 1, result: "void" });
    // Hand 2, dealt from deck A, is clean: re-deal false (a void is no misdeal), the deal completes.
    expect(out.filter((e) => e.kind === "hand_start")[1]).toMatchObject({
      hand: 2,
      button: 2,
      redeal: false,
    });
    expect(out.at(-1)).toMatchObject({ kind: "street", street: "preflop" });
  });

  it("card:A:As/2 is a second physical As: DUPLICATE_CARD (floor, IPC 29) holds the hand until the floor rules", () => {
    const dealt = handDealt();
    const out = replayLines([
      ...dealt,
      tags(4500, "burn", ["card:A:Ac/2"]),
      // Seat 4's call while the hand is held is not read as an action.
      tags(5000, "bet4", ["chip:100:4", "chip:100:5"]),
      floor(6000, "ruling", { ruling: "void" }),
    ]);
    expect(alertsOf(out)).toMatchObject([
      { code: "DUPLICATE_CARD", severity: "floor", rule: "IPC 29", t: 4500 },
    ]);
    expect(actionsOf(out).filter((a) => a.t > 4500)).toEqual([]);
    expect(out.slice(-2)).toMatchObject([
      { kind: "alert_clear", code: "DUPLICATE_CARD", t: 6000 },
      { kind: "hand_end", hand: 1, result: "void", stacks: { 1: 20000, 2: 20000, 3: 20000, 4: 20000 } },
    ]);
  });
});

describe("contract: the built command", () => {
  const bin = join(REPO_ROOT, "bin/feltguard.js");
  const built = join(REPO_ROOT, "dist/app/main.js");
  const run = (...args: string[]) => {
    expect(existsSync(built), "dist/ is missing: npm run build (npm ci builds it)").toBe(true);
    return spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", cwd: REPO_ROOT });
  };
  const parse = (stdout: string) =>
    stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Out);

  it("feltguard replay gives the example's lines exactly, seq added, and nothing the example does not imply", () => {
    const r = run("replay", join(REPO_ROOT, "test/contract/logs/spec-example.jsonl"));
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines).toEqual([
      '{"t":1000,"kind":"hand_start","hand":1,"game":"nlhe","button":1,"sb":2,"bb":3,"redeal":false,"seq":1}',
      '{"t":1000,"kind":"action","seat":2,"action":"sb","amount":100,"to":100,"allin":false,"seq":2}',
      '{"t":1000,"kind":"action","seat":3,"action":"bb","amount":200,"to":200,"allin":false,"seq":3}',
      '{"t":4100,"kind":"street","street":"preflop","board":[],"seq":4}',
      '{"t":9300,"kind":"alert","code":"PREMATURE_FLOP","rule":"RP-5A","severity":"floor","text":"Premature flop: pre-flop betting is not complete","steps":["Leave the burn card where it is","Return the three flop cards to the stub and reshuffle the stub","Finish the pre-flop betting","Deal the flop again without burning"],"seq":5}',
    ]);
  }, 60_000);

  it("feltguard replay --config takes a table's decks: a deck-B hand at a two-deck table is clean", () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-decks-"));
    const config = join(dir, "table.yaml");
    writeFileSync(
      config,
      readFileSync(join(REPO_ROOT, "config/default.yaml"), "utf8").replace(/^deck: A$/m, "decks: [A, B]"),
    );
    const log = join(dir, "in.jsonl");
    writeFileSync(
      log,
      [...exampleTable(), key(1000, "shuffler"), ...deal(2000, "B")].map((l) => JSON.stringify(l)).join("\n"),
    );
    const two = run("replay", "--config", config, log);
    expect(two.status, two.stderr).toBe(0);
    expect(parse(two.stdout).filter((e) => e.kind === "alert")).toEqual([]);
    expect(parse(two.stdout).at(-1)).toMatchObject({ kind: "street", street: "preflop" });
    const one = run("replay", "--config", join(REPO_ROOT, "config/default.yaml"), log);
    expect(parse(one.stdout).filter((e) => e.kind === "alert")).toMatchObject([{ code: "FOREIGN_CARD" }]);
  }, 60_000);
});
