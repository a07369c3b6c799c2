import { join } from "node:path";
import { expect, it } from "vitest";
import { InputEvent } from "../../src/contract/input.js";
import { readPhhFile } from "../../src/rules/phh/read.js";
import { phhToInputEvents } from "../../src/sim/phhScript.js";
import { phhStreetTotals, tagProblems, zoneTotals } from "../sim/phhStreams.js";
import { deviceFailures, eligibleHands, PHH_ROOT, RANDOM_200, summary } from "./phhDeviceRun.js";

it("converts every eligible PHH hand to valid device events that put in the recorded amounts", () => {
  const hands = eligibleHands();
  const wrong = hands.flatMap((e, i) => {
    const hand = readPhhFile(join(PHH_ROOT, e.path));
    const { events } = phhToInputEvents(hand, { seed: i + 1, noise: { flicker: true, splitBets: true } });
    const got = JSON.stringify([...zoneTotals(events)].sort());
    const amountsRight = got === JSON.stringify([...phhStreetTotals(hand)].sort());
    const valid = events.every((ev) => InputEvent.safeParse(ev).success) && tagProblems(events).length === 0;
    return amountsRight && valid ? [] : [e.path];
  });
  console.log(`PHH device conversion: ${hands.length} hands, ${wrong.length} invalid or with wrong amounts`);
  expect(wrong.slice(0, 15)).toEqual([]);
});

it("deals every eligible PHH hand on the simulated table to its recorded stacks, clean and with noise", () => {
  const hands = eligibleHands();
  const failures = deviceFailures(hands);
  console.log(`PHH device full corpus: ${hands.length} hands, ${summary(failures, hands.length * 2)}`);
  expect(hands.length).toBeGreaterThan(10_000);
  expect(failures.slice(0, 15)).toEqual([]);
});

it("deals every eligible PHH hand to its recorded stacks at random pace with 200 ms scan rounds, clean and with noise", () => {
  const hands = eligibleHands();
  const started = performance.now();
  const failures = deviceFailures(hands, RANDOM_200);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    `PHH device full corpus, random pace, 200 ms scan rounds: ${hands.length} hands in ${seconds} s, ${summary(failures, hands.length * 2)}`,
  );
  expect(failures.slice(0, 15)).toEqual([]);
});
