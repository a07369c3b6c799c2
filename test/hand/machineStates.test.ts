/**
 * The hand machines' states, input by input: where each chart is after every input of a scenario.
 * The states are what the chart promises (deal → betting round → board → … → over, held while the
 * floor decides), so a change to the chart's shape that loses a state shows here, not only in speed.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { InputEvent } from "../../src/contract/index.js";
import { type TableCore } from "../../src/table/core.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { changesThrough } from "../support/changesThrough.js";
import { scenarioInputs } from "../support/scenarioFiles.js";
import { tcpTable } from "./tcp/replay.js";

const inputsOf = (file: string): InputEvent[] =>
  scenarioInputs(fileURLToPath(new URL(file, import.meta.url)));

/**
 * The chart's state after each input (the core's `live.chart`, a dotted path such as
 * "held.misdeal.firstCard"), consecutive repeats folded; "none" between hands.
 */
const statesThrough = (core: TableCore, inputs: InputEvent[]): unknown[] =>
  changesThrough(core, inputs, (c) => c.live?.chart ?? "none");

describe("hold'em hand machine states", () => {
  it("walks a clean hand: the deal, four betting rounds with the board between them, then the end", () => {
    const core = createTableFromConfig(loadConfig());
    const states = statesThrough(core, inputsOf("../scenarios/clean-hand-to-showdown.jsonl"));
    expect(states).toEqual([
      "none",
      "dealing",
      "betting",
      "board",
      "betting",
      "board",
      "betting",
      "board",
      "betting",
      "none",
    ]);
  });

  it("follows RP-5 A in its own state: premature flop cards during the pre-flop betting, until they leave", () => {
    const core = createTableFromConfig(loadConfig());
    const states = statesThrough(core, inputsOf("../scenarios/premature-flop-procedure-followed.jsonl"));
    // The premature cards leave the board during the round: the procedure is done (its alert clears
    // when the flop is dealt again, without a burn).
    expect(states).toEqual(["none", "dealing", "betting", "prematureFlop.on", "betting", "board", "betting"]);
  });

  it("is held for the floor on a misdeal, and back in the deal when the floor rules continue", () => {
    const core = createTableFromConfig(loadConfig());
    const states = statesThrough(core, inputsOf("../scenarios/misdeal-ruled-continue.jsonl"));
    expect(states).toEqual(["none", "dealing", "held.misdeal.firstCard", "dealing"]);
  });
});

describe("Three Card Poker hand machine states", () => {
  it("walks a hand: bets, the deal, the decisions, then the end", () => {
    const core = tcpTable();
    const states = statesThrough(core, inputsOf("./tcp/scenarios/dealer-qualifies-player-wins.jsonl"));
    expect(states).toEqual(["none", "betting", "dealing", "decisions", "none"]);
  });

  it("is held for the floor on a wrong card count", () => {
    const core = tcpTable();
    const states = statesThrough(core, inputsOf("./tcp/scenarios/misdeal-card-count-box.jsonl"));
    expect(states).toContain("held.misdeal.cardCount");
    expect(states.indexOf("held.misdeal.cardCount")).toBeGreaterThan(states.indexOf("dealing"));
  });
});
