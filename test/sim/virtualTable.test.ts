import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { InputEvent, type InputEventIn } from "../../src/contract/input.js";
import type { AlertCode } from "../../src/hand/alerts.js";
import { totalPot } from "../../src/rules/betting.js";
import { FlopDealer } from "../../src/sim/dealer.js";
import { CATALOGUE_CODES, FLOP_INJECTORS, parseInject } from "../../src/sim/injection.js";
import { mulberry32 } from "../../src/sim/random.js";
import { DetectionLedger, formatReport } from "../../src/sim/report.js";
import { runSim } from "../../src/sim/run.js";
import { Seating } from "../../src/sim/seating.js";
import { FlopSession, type FlopSessionOptions } from "../../src/sim/session.js";
import { Felt } from "../../src/sim/table.js";
import { GAME_DEFS } from "../../src/rules/games.js";

const config = loadConfig();
const ALL = Object.keys(FLOP_INJECTORS) as AlertCode[];

function session(over: Partial<FlopSessionOptions> = {}): FlopSession {
  return new FlopSession({
    seed: 1,
    noise: false,
    inject: [],
    game: "nlhe",
    seatCount: config.table.seats,
    deck: config.deck,
    chips: config.chips,
    bbAnteOrder: config.house.bbAnteOrder,
    ...over,
  });
}

function hands(s: FlopSession, n: number): InputEventIn[] {
  return Array.from({ length: n }, () => s.nextHand().events).flat();
}

async function report(over: Partial<FlopSessionOptions>, n: number): Promise<DetectionLedger> {
  const ledger = new DetectionLedger();
  await runSim({ source: session(over), hands: n, ledger }, config);
  return ledger;
}

describe("the simulated dealer", () => {
  it("plays legal hands: chips are neither made nor lost (stacks + pot constant)", () => {
    const felt = new Felt(10, "A", config.chips, mulberry32(3), true);
    const seating = new Seating(10, mulberry32(4));
    for (const e of seating.opening()) felt.tl.push(e);
    const dealer = new FlopDealer(
      felt,
      seating,
      { game: GAME_DEFS.nlhe, bbAnteOrder: "blind-first", oddChipUnit: 1 },
      { cards: mulberry32(5), play: mulberry32(6), inject: mulberry32(7) },
    );
    const sum = (stacks: Record<number, number>) => Object.values(stacks).reduce((a, b) => a + b, 0);
    for (let i = 0; i < 200; i++) {
      dealer.playHand(null);
      const end = dealer.ends.at(-1)!;
      const total = sum(dealer.stacksBefore);
      // During the hand: stacks behind plus the pot and the bets; after it: the stacks paid.
      expect(dealer.betting.seats.reduce((a, s) => a + s.stack, 0) + totalPot(dealer.betting)).toBe(total);
      expect(sum(end.stacks)).toBe(total);
      expect(Object.values(end.stacks).every((s) => s >= 0)).toBe(true);
    }
  });

  it("writes valid, time-ordered input events", () => {
    const events = hands(session({ noise: true, inject: ALL }), 60);
    for (const e of events) expect(() => InputEvent.parse(e)).not.toThrow();
    events.slice(1).forEach((e, i) => expect(e.t).toBeGreaterThanOrEqual(events[i]!.t));
  });

  it("is deterministic: the same seed gives the same input events, another seed others", () => {
    const a = hands(session({ seed: 9, noise: true, inject: ALL }), 40);
    const b = hands(session({ seed: 9, noise: true, inject: ALL }), 40);
    const c = hands(session({ seed: 10, noise: true, inject: ALL }), 40);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });
});

describe("the detection report", () => {
  it("plays clean hands with no alert but rule 14's, and every hand paid as dealt", async () => {
    const ledger = await report({ noise: true }, 200);
    expect(ledger.clean).toBe(true);
    expect([...ledger.counts.keys()]).toEqual(["ALLIN_TABLE_HANDS"]);
    expect(ledger.hands).toBe(200);
  });

  it("detects every injected error of every code, with noise, and no false alert (300 hands, seed 1)", async () => {
    const ledger = await report({ noise: true, inject: ALL }, 300);
    const text = formatReport(ledger, CATALOGUE_CODES, "test");
    for (const code of [...ALL, "ALLIN_TABLE_HANDS"]) {
      const c = ledger.counts.get(code);
      expect(c?.injected, `${code} injected\n${text}`).toBeGreaterThan(0);
      expect(c?.detected, `${code}\n${text}`).toBe(c?.injected);
      expect(c?.falseAlerts, `${code}\n${text}`).toBe(0);
    }
    expect(ledger.falseAlerts, text).toEqual([]);
    expect(ledger.mismatchCount, text).toBe(0);
    expect(ledger.clean).toBe(true);
    expect(text).toContain("RESULT: clean");
  });

  it("counts a missed error and a false alert", () => {
    const ledger = new DetectionLedger();
    ledger.expect([{ code: "UNDERCALL", hand: 1, from: 100, to: 200, what: "x" }], []);
    ledger.observe([
      { t: 300, kind: "alert", code: "UNDERCALL", rule: "r", severity: "dealer", text: "late", steps: [] },
      { t: 300, kind: "alert", code: "UNKNOWN_TAG", rule: "—", severity: "info", text: "info", steps: [] },
    ]);
    ledger.settle();
    expect(ledger.counts.get("UNDERCALL")).toEqual({ injected: 1, detected: 0, falseAlerts: 1 });
    expect(ledger.clean).toBe(false);
  });

  it("parses --inject", () => {
    expect(parseInject("all", ALL)).toEqual(ALL);
    expect(parseInject("none", ALL)).toEqual([]);
    expect(parseInject("undercall, HAND_DEAD", ALL)).toEqual(["UNDERCALL", "HAND_DEAD"]);
    expect(() => parseInject("NOPE", ALL)).toThrow(/not an alert code/);
    expect(() => parseInject("TCP_BET_AFTER_DEAL", ALL)).toThrow(/cannot be injected/);
  });
});
