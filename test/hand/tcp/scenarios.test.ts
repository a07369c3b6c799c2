/**
 * Replays every Three Card Poker scenario (test/hand/tcp/scenarios/*.jsonl, written by build.ts)
 * and checks what the table said (test/support/scenarioFiles.ts).
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, it } from "vitest";
import { checkScenario, expectPositiveAndNegative, scenarioFiles } from "../../support/scenarioFiles.js";
import { replayTcp } from "./replay.js";

const files = scenarioFiles(join(dirname(fileURLToPath(import.meta.url)), "scenarios"));

describe("Three Card Poker scenarios", () => {
  it("has a positive and a negative scenario for every TCP code", () => {
    expectPositiveAndNegative(files, [
      "MISDEAL_CARD_COUNT",
      "TCP_DEALER_EXPOSED",
      "TCP_BLIND_PLAY_MISSING",
      "TCP_BET_AFTER_DEAL",
      "TCP_BET_INVALID",
      "PAYOUT_WRONG",
      "LOSING_BET_LEFT",
      "TRAY_VARIANCE",
    ]);
  });

  for (const file of files) {
    it(file.name, () => checkScenario(file, replayTcp(file.inputs)));
  }
});
