import { describe, expect, it } from "vitest";
import type { AlertEvent, TableEvent } from "../../src/contract/output.js";
import { DetectionLedger, formatReport, readingLatencyMs } from "../../src/sim/report.js";
import type { Truth } from "../../src/sim/truth.js";

const WINDOWS = { scanRoundMs: 200, missedScans: 3, settleWindowMs: 400 };

const alert = (t: number, code: AlertEvent["code"]): TableEvent => ({
  t,
  kind: "alert",
  code,
  rule: "r.21",
  severity: "dealer",
  text: code,
  steps: [],
});

function ledgerWith(latencyMs: number, alertAt: number, profile = "fixed"): DetectionLedger {
  const truth: Truth = { code: "DECK_NOT_COLLECTED", hand: 1, from: 1000, to: 2000, what: "cards left" };
  const ledger = new DetectionLedger(latencyMs);
  ledger.expect([truth], [{ hand: 1, result: "complete", stacks: {} }], profile);
  ledger.observe([
    { t: 1000, kind: "hand_start", hand: 1, game: "nlhe", button: 1, sb: 2, bb: 3, redeal: false },
  ]);
  ledger.observe([alert(alertAt, "DECK_NOT_COLLECTED")]);
  ledger.observe([{ t: 9000, kind: "hand_end", hand: 1, result: "complete", stacks: {} }]);
  ledger.settle();
  return ledger;
}

describe("the detection ledger with scan rounds", () => {
  it("allows (K + 2) rounds + the settle window + one deferred round, and nothing more", () => {
    const latency = readingLatencyMs(WINDOWS);
    expect(latency).toBe(5 * 200 + 400 + 200);
    // An alert at the end of the allowance detects the error; one ms later it is a miss and a false alert.
    const inTime = ledgerWith(latency, 2000 + latency);
    expect(inTime.count("DECK_NOT_COLLECTED")).toEqual({ injected: 1, detected: 1, falseAlerts: 0 });
    const late = ledgerWith(latency, 2001 + latency);
    expect(late.count("DECK_NOT_COLLECTED")).toEqual({ injected: 1, detected: 0, falseAlerts: 1 });
    // Without scan rounds the situation's own end is the limit, as before.
    expect(ledgerWith(0, 2001).count("DECK_NOT_COLLECTED").detected).toBe(0);
  });

  it("keeps an error open until its latency has passed (a later hand's alert may still detect it)", () => {
    const truth: Truth = { code: "BURN_MISSING", hand: 1, from: 1000, to: 2000, what: "no burn" };
    const ledger = new DetectionLedger(1600);
    ledger.expect([truth], []);
    ledger.settle(2500);
    ledger.observe([alert(3000, "BURN_MISSING")]);
    ledger.settle(4000);
    expect(ledger.count("BURN_MISSING")).toEqual({ injected: 1, detected: 1, falseAlerts: 0 });
  });

  it("an optional truth explains its code's alerts up to its end + the latency, and is never owed", () => {
    const optional = (alertAt: number | null): DetectionLedger => {
      const truth: Truth = {
        code: "ALLIN_TABLE_HANDS",
        hand: 1,
        from: 1000,
        to: 2000,
        what: "x",
        optional: true,
      };
      const ledger = new DetectionLedger(1600);
      ledger.expect([truth], []);
      if (alertAt !== null) ledger.observe([alert(alertAt, "ALLIN_TABLE_HANDS")]);
      ledger.settle();
      return ledger;
    };
    // Told at the end of the allowance: explained, and nothing injected; 1 ms later: a false alert.
    expect(optional(3600).count("ALLIN_TABLE_HANDS")).toEqual({ injected: 0, detected: 0, falseAlerts: 0 });
    expect(optional(3601).count("ALLIN_TABLE_HANDS")).toEqual({ injected: 0, detected: 0, falseAlerts: 1 });
    // Never told: not a miss.
    expect(optional(null).missedCount).toBe(0);
    expect(optional(null).clean).toBe(true);
  });

  it("reports one block per pace profile, then all paces", () => {
    const ledger = ledgerWith(0, 5000, "quick");
    const text = formatReport(ledger, ["DECK_NOT_COLLECTED"], "test");
    expect(text).toMatch(/pace quick: 1 hands, 1 missed, 0 stack or result mismatches/);
    expect(text).toMatch(/all paces:/);
    // At fixed pace the report is as it always was: no blocks.
    expect(formatReport(ledgerWith(0, 1500), ["DECK_NOT_COLLECTED"], "test")).not.toMatch(/pace |all paces/);
  });
});
