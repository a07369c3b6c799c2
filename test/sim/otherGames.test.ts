import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { InputEventIn } from "../../src/contract/input.js";
import type { AlertCode } from "../../src/hand/alerts.js";
import { applyAction, type BettingState, startHand } from "../../src/rules/betting.js";
import type { Card } from "../../src/rules/cards.js";
import { type FlopGameName, GAME_DEFS, limitSizes } from "../../src/rules/games.js";
import { cardTag } from "../../src/sim/deck.js";
import { CATALOGUE_CODES, FLOP_INJECTORS } from "../../src/sim/injection.js";
import { limitsAt } from "../../src/sim/limits.js";
import { DetectionLedger, formatReport } from "../../src/sim/report.js";
import { runSim } from "../../src/sim/run.js";
import { FlopSession, type FlopSessionOptions } from "../../src/sim/session.js";
import { settleStacks } from "../../src/sim/settle.js";

const config = loadConfig();
const ALL = Object.keys(FLOP_INJECTORS) as AlertCode[];
const LEVEL = { sb: 100, bb: 200, ante: 0, bbAnte: 0 };

function session(game: FlopGameName, over: Partial<FlopSessionOptions> = {}): FlopSession {
  return new FlopSession({
    seed: 1,
    noise: true,
    inject: ALL,
    game,
    seatCount: config.table.seats,
    deck: config.deck,
    chips: config.chips,
    bbAnteOrder: config.house.bbAnteOrder,
    ...over,
  });
}

/** Applies actions to a fresh hand of `game` (three players, button 1, blinds 100/200). */
function hand(game: FlopGameName, stacks: number[], ...actions: Parameters<typeof applyAction>[1][]) {
  const def = GAME_DEFS[game];
  let state: BettingState = startHand({
    game: def,
    seats: stacks.map((stack, i) => ({ seat: i + 1, stack })),
    button: 1,
    sbSeat: stacks.length === 2 ? 1 : 2,
    bbSeat: stacks.length === 2 ? 2 : 3,
    level: LEVEL,
    bbAnteOrder: "blind-first",
    ...(def.structure === "limit" ? { limit: limitSizes(200, 400, 4) } : {}),
  });
  for (const a of actions) {
    const r = applyAction(state, a);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  }
  return state;
}

describe.each(["plo", "flhe", "plhe"] as const)("the virtual table deals %s", (game) => {
  it("detects every injected error, with noise, with no false alert and every hand paid as dealt", async () => {
    const ledger = new DetectionLedger();
    await runSim({ source: session(game), hands: 150, ledger }, config);
    const text = formatReport(ledger, CATALOGUE_CODES, `${game}, 150 hands`);
    for (const code of ALL) {
      const c = ledger.counts.get(code);
      expect(c?.injected, `${code} injected\n${text}`).toBeGreaterThan(0);
      expect(c?.detected, `${code}\n${text}`).toBe(c?.injected);
    }
    for (const [code, c] of ledger.counts) expect(c.falseAlerts, `${code}\n${text}`).toBe(0);
    expect(ledger.missedCount, text).toBe(0);
    expect(ledger.mismatchCount, text).toBe(0);
    expect(ledger.hands, text).toBeGreaterThanOrEqual(150);
    expect(ledger.clean, text).toBe(true);
  });
});

describe("the rules of each game at the simulated table", () => {
  it("deals four hole cards in Omaha and two in hold'em", () => {
    const holes = (game: FlopGameName) => {
      const events = session(game, { inject: [], noise: false }).nextHand().events;
      const last = new Map<string, number>();
      for (const e of events) {
        if (e.kind === "tags" && e.antenna.startsWith("seat")) last.set(e.antenna, e.tags.length);
      }
      return Math.max(...last.values());
    };
    expect(holes("plo")).toBe(4);
    expect(holes("plhe")).toBe(2);
    expect(holes("flhe")).toBe(2);
  });

  it("pays an Omaha showdown with exactly two hole cards and three board cards", () => {
    // Pre-flop checked down, heads-up: a pot of 400.
    const state = hand("plo", [10000, 10000], { seat: 1, type: "call" }, { seat: 2, type: "check" });
    const tags = (...faces: Card[]) => faces.map((f) => cardTag("A", f));
    const input = {
      board: tags("Ah", "Kh", "Qh", "2h", "3c"),
      // Seat 1 holds one heart: a flush in hold'em, none in Omaha. Seat 2 makes three aces either way.
      hole: (seat: number) => (seat === 1 ? tags("Jh", "9c", "9d", "7s") : tags("As", "Ad", "7c", "8c")),
      button: 1,
      seatCount: 10,
      oddChipUnit: 1,
    };
    expect(settleStacks(state, { ...input, game: GAME_DEFS.plo })).toEqual({ 1: 9800, 2: 10200 });
    // Hold'em reads any five of seven: the same heart makes seat 1 a flush.
    const twoCards = (seat: number) => input.hole(seat).slice(0, 2);
    expect(settleStacks(state, { ...input, hole: twoCards, game: GAME_DEFS.plhe })).toEqual({
      1: 10200,
      2: 9800,
    });
  });

  it("has the floor announce limits that follow the blind level in fixed limit", () => {
    const s = session("flhe", { inject: [], noise: false });
    const events: InputEventIn[] = [];
    for (let i = 0; i < 45; i++) events.push(...s.nextHand().events);
    const games = events.filter((e) => e.kind === "floor" && e.op === "game");
    expect(games).toEqual([
      expect.objectContaining({ game: "flhe", smallBet: 200, bigBet: 400, cap: 4 }),
      expect.objectContaining({ game: "flhe", smallBet: 300, bigBet: 600, cap: 4 }),
    ]);
    // The new limits come with the new level, before the next shuffle.
    const level = events.findIndex((e) => e.kind === "floor" && e.op === "level" && e.bb === 300);
    expect(events.indexOf(games[1]!)).toBe(level + 1);
    expect(limitsAt(limitSizes(200, 400, 4), { ...LEVEL, sb: 300, bb: 600 })).toEqual({
      smallBet: 600,
      bigBet: 1200,
      cap: 4,
    });
  });
});
