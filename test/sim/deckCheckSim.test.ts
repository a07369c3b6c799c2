/**
 * The simulator's deck check: the dealer spreads the deck with one fault (missing, extra, duplicate,
 * foreign) and the report holds the table to the exact result.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { CATALOGUE_CODES } from "../../src/sim/injection.js";
import { spreadWithFault } from "../../src/sim/injectDeckCheck.js";
import { DetectionLedger, formatReport, readingLatencyMs } from "../../src/sim/report.js";
import { runSim, withScanRounds } from "../../src/sim/run.js";
import { ScanRounds, scanLayout } from "../../src/sim/scanRounds.js";
import { FlopSession } from "../../src/sim/session.js";

const base = loadConfig();

describe("the simulator's deck check", () => {
  it("spreads each fault with the result it must give", () => {
    expect(spreadWithFault("A", "B", "missing", "7h", "2c").truth).toMatchObject({
      cards: 51,
      missing: ["7h"],
    });
    const extra = spreadWithFault("A", "B", "extra", "7h", "2c");
    expect(extra.tags).toHaveLength(53);
    expect(extra.truth).toMatchObject({ cards: 53, duplicates: ["7h"], missing: [] });
    expect(spreadWithFault("A", "B", "duplicate", "7h", "2c").truth).toMatchObject({
      cards: 52,
      duplicates: ["7h"],
      missing: ["2c"],
    });
    expect(spreadWithFault("A", "B", "foreign", "7h", "2c").truth).toMatchObject({
      cards: 52,
      foreign: ["card:B:7h"],
    });
  });

  for (const decks of [["A"], ["A", "B"]]) {
    it(`injected deck-check faults are found exactly, with noise in scan rounds (decks ${decks.join(", ")})`, async () => {
      const config = { ...base, deck: "A", decks };
      const ledger = new DetectionLedger(
        readingLatencyMs({ ...config.reading, settleWindowMs: config.settleWindowMs }),
      );
      const session = new FlopSession({
        seed: 4,
        noise: true,
        inject: ["DECK_CHECK_RESULT"],
        game: "nlhe",
        seatCount: config.table.seats,
        deck: "A",
        decks,
        chips: config.chips,
        bbAnteOrder: config.house.bbAnteOrder,
        pace: "random",
        rate: 0.4,
      });
      const scan = new ScanRounds({ roundMs: 200, missedScans: 3, antennas: scanLayout(config) });
      await runSim({ source: withScanRounds(session, scan), hands: 120, ledger }, config);
      const text = formatReport(ledger, CATALOGUE_CODES, "test");
      const c = ledger.counts.get("DECK_CHECK_RESULT");
      expect(c?.injected, text).toBeGreaterThan(20);
      expect(c?.detected, text).toBe(c?.injected);
      expect(ledger.mismatchCount, text).toBe(0);
      expect(ledger.clean, text).toBe(true);
    });
  }
});
