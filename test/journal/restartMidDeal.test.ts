/**
 * A restart mid-deal: the dealer keeps dealing (and the players betting) while the table is down. When it
 * comes back, the bridge reports every antenna as it stands (its snapshots, in channel order): what
 * arrived meanwhile has no order the table can know, so it must not judge the deal's or the betting's
 * order from that burst, and its recovered-hand notice asks the dealer and the floor to check what it
 * could not see.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/output.js";
import { HAND_RECOVERED } from "../../src/journal/faults.js";
import { alertsOf, antennasAfter as after, burst, channelOrder as orderOf, lifeOn } from "./restartLife.js";
import { tempDir } from "./support.js";
import { pluribusFiles, straightReplay, tableInput } from "./tableInput.js";

const config = loadConfig();
const inputs = tableInput(pluribusFiles(2));
const reference = straightReplay(inputs);
const causing = (pred: (e: TableEvent) => boolean) => reference.perEvent.findIndex((out) => out.some(pred));
const start2 = causing((e) => e.kind === "hand_start" && e.hand === 2);
const end2 = causing((e) => e.kind === "hand_end" && e.hand === 2);
/** Hand 2's hole-card reports, in the order the dealer dealt them. */
const holeCards = inputs.flatMap((e, i) =>
  i > start2 && i < end2 && e.kind === "tags" && /^seat\d+$/.test(e.antenna) && e.tags.length > 0 ? [i] : [],
);
/** The input that causes hand 2's first action after the blinds. */
const firstAction = reference.perEvent.findIndex(
  (out, i) => i > start2 && out.some((e) => e.kind === "action" && !["sb", "bb", "ante"].includes(e.action)),
);
/**
 * Hand 1's big blind calling the raise: the input that puts its call on its zone beside its posted blind
 * (the call is read a moment later, when the sweep begins).
 */
const start1 = causing((e) => e.kind === "hand_start" && e.hand === 1);
const bbCalls = causing((e) => e.kind === "action" && e.action === "call" && e.seat === 2) - 1;
const channelOrder = orderOf(config);
const antennasAfter = (i: number) => after(inputs, i);

describe("a restart mid-deal", () => {
  it("hand 1's big blind puts its call beside its blind before the sweep", () => {
    expect(inputs[bbCalls]).toMatchObject({ kind: "tags", antenna: "bet2" });
    expect(inputs[bbCalls]?.kind === "tags" && inputs[bbCalls].tags.length).toBeGreaterThan(1);
  });

  it("the test's hand is dealt with a first action after the deal, a fold: the seat's report empties, then the muck's", () => {
    expect(holeCards.length).toBeGreaterThanOrEqual(8);
    expect(firstAction).toBeGreaterThan(holeCards.at(-1)!);
    const [left, landed] = [inputs[firstAction - 1]!, inputs[firstAction]!];
    expect(left).toMatchObject({ kind: "tags", tags: [] });
    expect(left.kind === "tags" && left.antenna).toMatch(/^seat\d+$/);
    expect(landed).toMatchObject({ kind: "tags", antenna: "muck" });
  });

  const orders = [
    ["in channel order", channelOrder],
    ["in the reverse order (seats wired the other way round)", [...channelOrder].reverse()],
  ] as const;
  for (const [orderName, order] of orders)
    for (const [name, downFrom, backAt] of [
      ["the kill after the blinds, the whole deal while down", () => start2, () => holeCards.at(-1)!],
      [
        "two cards dealt before the kill, the rest of the deal while down",
        () => holeCards[1]!,
        () => holeCards.at(-1)!,
      ],
      [
        "the kill mid-deal, seats dealt and folded while down (their cards first seen in the muck)",
        () => holeCards[2]!,
        () => firstAction + 2,
      ],
      [
        "the deal done before the kill, the first actions while down",
        () => holeCards.at(-1)!,
        () => firstAction + 3,
      ],
      [
        "the first fold in the air at the kill (the seat reported empty, the muck not yet), in the muck when back",
        () => firstAction - 1,
        () => firstAction,
      ],
      [
        "the kill at the press: the blinds, the deal and the betting to the big blind's call (its blind and call seen at once) while down",
        () => start1,
        () => bbCalls,
      ],
      [
        "the first fold in the air at the kill, the next seats folding while down",
        () => firstAction - 1,
        () => firstAction + 4,
      ],
    ] as const) {
      it(`${name}, the snapshots ${orderName}: nothing is judged out of order from the burst, the hand plays on as it did`, () => {
        const path = join(tempDir(), "journal.db");
        const clock = { now: 0 };
        const first = lifeOn(config, path, clock);
        for (const e of inputs.slice(0, downFrom() + 1)) first.submit(e);
        first.kill();

        const back = inputs[backAt()]!.t + 3000;
        const second = lifeOn(config, path, clock);
        for (const e of burst(config, antennasAfter(backAt()), back, order, second.recovered.antennas))
          second.submit(e);
        // The dealer's next move after the burst comes as long after it as it came after the last move.
        const shift = back - inputs[backAt()]!.t;
        for (const e of inputs.slice(backAt() + 1)) second.submit({ ...e, t: e.t + shift });
        second.kill();

        const expected = new Set(alertsOf(reference.perEvent.flat()));
        const unexpected = alertsOf(second.said).filter((c) => c !== HAND_RECOVERED && !expected.has(c));
        expect(unexpected).toEqual([]);
        const notice = second.said.find((e) => e.kind === "alert" && e.code === HAND_RECOVERED);
        expect(notice?.kind === "alert" && notice.steps.join(" ")).toMatch(/while the table was down/);
        const endRef = reference.perEvent.flat().find((e) => e.kind === "hand_end" && e.hand === 2);
        const end = second.said.find((e) => e.kind === "hand_end" && e.hand === 2);
        expect(end).toMatchObject({
          result: "complete",
          stacks: endRef?.kind === "hand_end" ? endRef.stacks : {},
        });
      });
    }
});
