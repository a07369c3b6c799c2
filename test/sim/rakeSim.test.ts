/** A raked hold'em cash game in the simulator (issue 18, `sim --rake`): stacks as the pot less the rake, RAKE_WRONG. */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { DetectionLedger } from "../../src/sim/report.js";
import { runSim } from "../../src/sim/run.js";
import { FlopSession } from "../../src/sim/session.js";
import { SIM_RAKE } from "../../src/sim/injectRake.js";

describe("sim --rake", () => {
  it("300 hands of raked no-limit: every wrong rake detected, no false alert, every stack the pot less the rake", async () => {
    const base = loadConfig();
    const config = {
      ...base,
      rake: SIM_RAKE,
      antennas: { ...base.antennas, rake: { reader: "bridge", channel: 24 } },
    };
    const session = new FlopSession({
      seed: 2,
      noise: true,
      inject: ["RAKE_WRONG", "PREMATURE_FLOP"],
      game: "nlhe",
      seatCount: config.table.seats,
      deck: config.deck,
      chips: config.chips,
      bbAnteOrder: config.house.bbAnteOrder,
      rake: SIM_RAKE,
    });
    const ledger = new DetectionLedger(0);
    await runSim({ source: session, hands: 300, ledger }, config);
    expect(ledger.clean).toBe(true);
    const rake = ledger.counts.get("RAKE_WRONG");
    expect(rake?.injected).toBeGreaterThan(0);
    expect(rake?.detected).toBe(rake?.injected);
  });
});
