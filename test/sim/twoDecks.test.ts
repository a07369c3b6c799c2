/**
 * Two decks through the shuffler (`decks: [A, B]`): the simulator alternates them hand by hand, as a
 * two-deck shuffler does; the table takes each hand's deck from its first card dealt, and a card of
 * the other deck inside a hand is FOREIGN_CARD.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { InputEventIn } from "../../src/contract/input.js";
import { CATALOGUE_CODES } from "../../src/sim/injection.js";
import { DetectionLedger, formatReport, readingLatencyMs } from "../../src/sim/report.js";
import { runSim, withScanRounds } from "../../src/sim/run.js";
import { ScanRounds, scanLayout } from "../../src/sim/scanRounds.js";
import { FlopSession, type FlopSessionOptions } from "../../src/sim/session.js";

const base = loadConfig();
const twoDecks = { ...base, deck: "A", decks: ["A", "B"] };

function session(over: Partial<FlopSessionOptions>): FlopSession {
  return new FlopSession({
    seed: 1,
    noise: true,
    inject: [],
    game: "nlhe",
    seatCount: base.table.seats,
    deck: "A",
    decks: ["A", "B"],
    chips: base.chips,
    bbAnteOrder: base.house.bbAnteOrder,
    pace: "random",
    ...over,
  });
}

/**
 * A run as `feltguard sim --noise --pace random --scan-ms 200 --report` plays it: the readers scan in
 * rounds (reports in channel order within a round), and alerts may come as late as the reading allows.
 */
async function report(over: Partial<FlopSessionOptions>, hands: number, config = twoDecks) {
  const ledger = new DetectionLedger(
    readingLatencyMs({ ...config.reading, settleWindowMs: config.settleWindowMs }),
  );
  const scan = new ScanRounds({
    roundMs: config.reading.scanRoundMs,
    missedScans: config.reading.missedScans,
    antennas: scanLayout(config),
  });
  await runSim({ source: withScanRounds(session(over), scan), hands, ledger }, config);
  return { ledger, text: formatReport(ledger, CATALOGUE_CODES, "test") };
}

/** The deck of each hand's first card dealt, hand by hand. */
function handDecks(events: readonly InputEventIn[]): string[] {
  const decks: string[] = [];
  let waiting = false;
  for (const e of events) {
    if (e.kind === "button" && e.button === "shuffler") waiting = true;
    else if (waiting && e.kind === "tags" && /^seat\d+$/.test(e.antenna)) {
      const deck = /^card:([^:]+):/.exec(e.tags.at(-1) ?? "")?.[1];
      if (deck !== undefined) {
        decks.push(deck);
        waiting = false;
      }
    }
  }
  return decks;
}

describe("two decks (decks: [A, B])", () => {
  it("the simulator alternates the decks hand by hand", () => {
    const s = session({ noise: false });
    const events = Array.from({ length: 12 }, () => s.nextHand().events).flat();
    const decks = handDecks(events);
    expect(decks.length).toBeGreaterThanOrEqual(10);
    decks.slice(1).forEach((d, i) => expect(d).not.toBe(decks[i]));
  });

  it("1,000 hands alternating two decks, with noise, at random pace, in scan rounds: no false alert", async () => {
    const { ledger, text } = await report({}, 1000);
    expect(ledger.hands, text).toBe(1000);
    expect(ledger.falseAlerts, text).toEqual([]);
    expect(ledger.counts.get("FOREIGN_CARD"), text).toBeUndefined();
    expect(ledger.clean, text).toBe(true);
  });

  it("the same hands on a table configured for one deck are caught as foreign (the check can fail)", async () => {
    const { ledger } = await report({}, 20, { ...base, deck: "A", decks: ["A"] });
    expect(ledger.counts.get("FOREIGN_CARD")?.falseAlerts ?? 0).toBeGreaterThan(0);
    expect(ledger.clean).toBe(false);
  });

  it("the injected foreign card is mostly of the other deck in play (a mixed-deck hand)", () => {
    const s = session({ inject: ["FOREIGN_CARD"], rate: 1 });
    const whats = Array.from({ length: 60 }, () => s.nextHand().truths)
      .flat()
      .filter((t) => t.code === "FOREIGN_CARD")
      .map((t) => t.what);
    const mixed = whats.filter((w) => /card of deck [AB] /.test(w)).length;
    expect(mixed).toBeGreaterThan(whats.length / 2);
  });

  it("a mixed-deck hand (a card of the other deck) is caught, every time, with no false alert", async () => {
    const { ledger, text } = await report({ inject: ["FOREIGN_CARD"], rate: 0.3 }, 300);
    const c = ledger.counts.get("FOREIGN_CARD");
    expect(c?.injected, text).toBeGreaterThan(20);
    expect(c?.detected, text).toBe(c?.injected);
    expect(ledger.falseAlerts, text).toEqual([]);
    expect(ledger.clean, text).toBe(true);
  });
});
