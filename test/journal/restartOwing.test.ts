/**
 * A restart while a hand's debts wait the readers' lag after the shuffler press
 * (src/table/owedAtThePress.ts): the press ended the hand owing and started none (the floor had called
 * a break), so the journal took a checkpoint at the hand's end, inside the window. The table recovered
 * from it still owes what it owed: the floor is told at the end of the lag unless the rest reaches the
 * pot within it, as by the table that was never down (test/table/checkpoint.test.ts, without a journal).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { InputEvent, type TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { lifeOn } from "./restartLife.js";
import { tempDir } from "./support.js";

const config = loadConfig();
const LAG = (config.reading.missedScans + 1) * config.reading.scanRoundMs;

/** Seat 4's undercall pulled short, the showdown waiting for its 100; a break called; the press; the 100 `gap` ms later. */
const pressThenRest = (gap: number): InputEvent[] =>
  new Scene("")
    .setup()
    .standardDeal()
    .shortCallCheckedDown()
    .floor({ op: "break" })
    .key("shuffler")
    .after(gap)
    .toPot("chip:100:90")
    .lines.flatMap((l) => ("expect" in l || "absent" in l || "config" in l ? [] : [InputEvent.parse(l)]));

const owing = (said: readonly TableEvent[]) =>
  said.filter((e) => e.kind === "alert" && e.code === "HAND_ENDED_OWING");

describe("a restart inside the readers' lag after a press that ended a hand owing", () => {
  for (const [side, gap, told] of [
    ["the rest reported within the lag pays the debt: nothing is told", LAG - 1, 0],
    ["past the lag the floor is told (HAND_ENDED_OWING)", LAG + 1, 1],
  ] as const)
    it(`killed at the press, recovered from the checkpoint at the hand's end: ${side}`, () => {
      const inputs = pressThenRest(gap);
      // The press that ends the hand (the first started it).
      const press = inputs.findLastIndex((e) => e.kind === "button" && e.button === "shuffler");
      const path = join(tempDir(), "journal.db");
      const clock = { now: 0 };
      const first = lifeOn(config, path, clock);
      for (const e of inputs.slice(0, press + 1)) first.submit(e);
      expect(first.said.find((e) => e.kind === "hand_end")).toMatchObject({ hand: 1 });
      expect(first.said.some((e) => e.kind === "hand_start" && e.hand === 2)).toBe(false);
      first.kill();
      const second = lifeOn(config, path, clock);
      // Recovered from the checkpoint the journal took at the hand's end, inside the window.
      expect(second.recovered.checkpointSeq).toBeGreaterThan(0);
      expect(second.recovered.handInProgress).toBeNull();
      for (const e of inputs.slice(press + 1)) second.submit(e);
      second.kill();
      expect(owing(second.said)).toHaveLength(told);
      if (told > 0) expect(owing(second.said)[0]).toMatchObject({ seat: 4, severity: "floor" });
    });
});
