/**
 * Forced bets the table posted at the press whose chips no reader showed, swept into the pot
 * (src/hand/postedUnseen.ts): between rounds nobody is to act, and the pot's gain from no zone is asked
 * about (POT_CHIPS_UNREAD) only beyond them. The scene through the core; the same hand across a restart
 * is test/journal/restartBlindsSwept.test.ts.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/output.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { sweptHand, type SweptHandOptions } from "../support/sweptHand.js";

const config = loadConfig();

function play(o: SweptHandOptions): TableEvent[] {
  const core = createTableFromConfig(config);
  const { inputs } = sweptHand(o);
  const out = inputs.flatMap((e) => [...core.advanceTo(e.t), ...core.handle(e)]);
  return [...out, ...core.finish(inputs.at(-1)!.t)];
}

const unread = (out: readonly TableEvent[]) =>
  out.flatMap((e) => (e.kind === "alert" && e.code === "POT_CHIPS_UNREAD" ? [e.text] : []));

describe("forced bets swept into the pot before any reader showed them", () => {
  it("the blinds' chips never on their zones, swept in with the call: no POT_CHIPS_UNREAD, the hand plays on", () => {
    const out = play({});
    expect(unread(out)).toEqual([]);
    expect(out.filter((e) => e.kind === "street")).toHaveLength(2);
  });

  it("a player's chips swept in with them were never read: POT_CHIPS_UNREAD for those alone", () => {
    const out = play({ extra: ["chip:25:9"] });
    expect(unread(out)).toEqual([expect.stringContaining("gained 25 ")]);
  });

  it("blinds shown on their zones are no cover for chips from no zone of the same value: POT_CHIPS_UNREAD", () => {
    expect(unread(play({ blindsShown: true }))).toEqual([]);
    const out = play({ blindsShown: true, extra: ["chip:100:9", "chip:25:10", "chip:25:11"] });
    expect(unread(out)).toEqual([expect.stringContaining("gained 150 ")]);
  });

  it("antes never put in before the deal, swept in with the bets: no POT_CHIPS_UNREAD; put in before it, chips of their value swept in are asked about", () => {
    expect(unread(play({ ante: 5 }))).toEqual([]);
    const extra = [1, 2, 3, 4].map((i) => `chip:5:${200 + i}`);
    expect(unread(play({ ante: 5, antesBeforeDeal: true }))).toEqual([]);
    expect(unread(play({ ante: 5, antesBeforeDeal: true, extra }))).toEqual([
      expect.stringContaining("gained 20 "),
    ]);
  });
});
