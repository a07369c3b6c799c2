/**
 * Replays every scenario file (test/scenarios/*.jsonl, written by build.ts) through the core and
 * checks what the table said: each `expect` line must appear, in order, with the fields it gives;
 * no alert may carry a code named by an `absent` line (test/support/scenarioFiles.ts).
 */
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { InputEvent, type TableEvent } from "../../src/contract/index.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { checkScenario, expectPositiveAndNegative, scenarioFiles } from "../support/scenarioFiles.js";

const files = scenarioFiles(dirname(fileURLToPath(import.meta.url)));

function replay(lines: unknown[], over: Record<string, unknown> = {}): TableEvent[] {
  // A scenario may change the default configuration (e.g. two decks); `deck` follows `decks`.
  const base = loadConfig();
  const decks = Array.isArray(over.decks) ? (over.decks as string[]) : base.decks;
  const core = createTableFromConfig({ ...base, ...over, decks, deck: decks[0] ?? base.deck });
  const out: TableEvent[] = [];
  let lastT = 0;
  for (const line of lines) {
    const event = InputEvent.parse(line);
    out.push(...core.advanceTo(event.t), ...core.handle(event));
    lastT = event.t;
  }
  out.push(...core.finish(lastT));
  return out;
}

describe("scenarios: the alert catalogue, positive and negative", () => {
  it("has a scenario for every code of the hold'em catalogue", () => {
    expectPositiveAndNegative(files, [
      "RAKE_WRONG",
      "MISDEAL_FIRST_CARD",
      "MISDEAL_NOT_ENTITLED",
      "MISDEAL_DEALT_OUT",
      "MISDEAL_EXPOSED",
      "MISDEAL_CARD_COUNT",
      "HAND_DEAD",
      "FOUR_CARD_FLOP",
      "PREMATURE_FLOP",
      "PREMATURE_TURN",
      "PREMATURE_RIVER",
      "BURN_MISSING",
      "BURN_UNEXPECTED",
      "DUPLICATE_CARD",
      "FOREIGN_CARD",
      "DECK_NOT_COLLECTED",
      "ACTION_OUT_OF_TURN",
      "UNDERCALL",
      "UNDERRAISE",
      "ALLIN_TABLE_HANDS",
      "READER_OFFLINE",
      "BOARD_TOO_MANY",
      "CHIPS_TAKEN_BACK",
      "TAG_MISPLACED",
      "READ_CONFLICT",
      "STACK_MISMATCH",
    ]);
  });

  for (const file of files) {
    it(file.name, () => checkScenario(file, replay(file.inputs, file.config)));
  }
});
