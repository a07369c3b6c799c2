import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { readPhhFile } from "../../src/rules/phh/read.js";
import { phhToInputEvents } from "../../src/sim/phhScript.js";
import { deviceFailures, eligibleHands, PHH_ROOT, RANDOM_200, runCore, summary } from "./phhDeviceRun.js";

/** The side-pot hands, every televised WSOP hand and every 50th Pluribus hand (about 200). */
function sample() {
  const hands = eligibleHands();
  const pluribus = hands.filter((e) => e.path.startsWith("pluribus/")).filter((_, i) => i % 50 === 0);
  return [...hands.filter((e) => !e.path.startsWith("pluribus/")), ...pluribus];
}

describe("PHH hands dealt on the simulated table (device events through the core)", () => {
  it("ends each sampled hand with the recorded stacks and no alert but ALLIN_TABLE_HANDS, clean and with noise", () => {
    const hands = sample();
    const failures = deviceFailures(hands);
    console.log(`PHH device sample: ${hands.length} hands, ${summary(failures, hands.length * 2)}`);
    expect(hands.length).toBeGreaterThan(220);
    expect(failures.slice(0, 15)).toEqual([]);
  });

  it("ends each sampled hand with the recorded stacks and no alert, at random pace with 200 ms scan rounds", () => {
    const hands = sample();
    const failures = deviceFailures(hands, RANDOM_200);
    console.log(
      `PHH device sample, random pace, 200 ms scan rounds: ${hands.length} hands, ${summary(failures, hands.length * 2)}`,
    );
    expect(failures.slice(0, 15)).toEqual([]);
  });

  it("is not vacuous: the same hand with its burn cards left out is caught (BURN_MISSING)", () => {
    const { events } = phhToInputEvents(readPhhFile(join(PHH_ROOT, "pluribus/100/1.phh")));
    const out = runCore(events.filter((e) => !(e.kind === "tags" && e.antenna === "burn")));
    expect(out.filter((e) => e.kind === "alert").map((e) => (e.kind === "alert" ? e.code : ""))).toContain(
      "BURN_MISSING",
    );
    expect(runCore(events).filter((e) => e.kind === "alert")).toEqual([]);
  });
});
