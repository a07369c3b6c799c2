import { expect, it } from "vitest";
import { replayAll, replayableHands } from "./phhCorpus.js";

it("replays every eligible PHH hand (NT, PO, FT with integer finishing stacks) to its finishing stacks", () => {
  const hands = replayableHands();
  const failures = replayAll(hands);
  console.log(`PHH replay: checked ${hands.length} hands, ${hands.length - failures.length} matched`);
  expect(failures).toEqual([]);
  expect(hands.length).toBeGreaterThan(10_000);
});
