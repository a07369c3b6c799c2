/**
 * A restart while the dealer sweeps: the table goes down after the big blind's check closed the
 * pre-flop betting, the dealer sweeps the bets into the pot while it is down, and the bridge's snapshot
 * burst shows the pot holding the blinds' chips, which no zone ever showed (the blinds were posted by
 * the table at the press). They are the blinds, swept in (src/hand/postedUnseen.ts): no POT_CHIPS_UNREAD.
 * A player's chip swept in with them was never read anywhere, and is still asked about.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { InputEvent } from "../../src/contract/input.js";
import type { TableEvent } from "../../src/contract/output.js";
import { sweptHand, type SweptHandOptions } from "../support/sweptHand.js";
import { antennasAfter, burst, channelOrder, lifeOn } from "./restartLife.js";
import { tempDir } from "./support.js";

const config = loadConfig();

/** Two lives on one journal: down after `inputs[downAfter]`, back (its burst) after `inputs[backAt]`. */
function acrossARestart(inputs: readonly InputEvent[], downAfter: number, backAt: number): TableEvent[] {
  const path = join(tempDir(), "journal.db");
  const clock = { now: 0 };
  const first = lifeOn(config, path, clock);
  for (const e of inputs.slice(0, downAfter + 1)) first.submit(e);
  first.kill();
  const back = inputs[backAt]!.t + 3000;
  const second = lifeOn(config, path, clock);
  const order = channelOrder(config);
  for (const e of burst(config, antennasAfter(inputs, backAt), back, order, second.recovered.antennas))
    second.submit(e);
  for (const e of inputs.slice(backAt + 1)) second.submit({ ...e, t: e.t + back - inputs[backAt]!.t });
  second.kill();
  return second.said;
}

const unread = (said: readonly TableEvent[]) =>
  said.flatMap((e) => (e.kind === "alert" && e.code === "POT_CHIPS_UNREAD" ? [e.text] : []));

describe("a restart across the sweep of blinds no reader showed", () => {
  const run = (o: SweptHandOptions) => {
    const hand = sweptHand(o);
    return acrossARestart(hand.inputs, hand.bbChecks, hand.sweep);
  };

  it("back after the sweep: the blinds in the pot are swept in, no POT_CHIPS_UNREAD, the flop is played", () => {
    const said = run({});
    expect(unread(said)).toEqual([]);
    // (The second life's events begin with the hand as replayed from the journal: pre-flop, the check.)
    expect(said.flatMap((e) => (e.kind === "street" ? [e.street] : []))).toEqual(["preflop", "flop"]);
    expect(said.filter((e) => e.kind === "action" && e.action === "check")).toHaveLength(3);
  });

  it("a player's chip swept in with them is still asked about, for its value alone", () => {
    expect(unread(run({ extra: ["chip:25:9"] }))).toEqual([expect.stringContaining("gained 25 ")]);
  });

  it("antes never seen, swept in with the blinds while down: no POT_CHIPS_UNREAD", () => {
    expect(unread(run({ ante: 5 }))).toEqual([]);
  });
});
