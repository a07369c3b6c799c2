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
import type { InputEvent } from "../../src/contract/input.js";
import type { TableEvent } from "../../src/contract/output.js";
import { HAND_RECOVERED } from "../../src/journal/faults.js";
import { Journal } from "../../src/journal/journal.js";
import { recoveredNotice } from "../../src/journal/recovery.js";
import { BridgeSession } from "../../src/devices/bridge/session.js";
import { assembleTable, noTimer } from "../../src/runtime/assemble.js";
import { channelMap } from "../../src/runtime/tableDevices.js";
import { registryFromConfig } from "../../src/runtime/tableSettings.js";
import { memoryLogger, tempDir } from "./support.js";
import { pluribusFiles, straightReplay, tableInput } from "./tableInput.js";

const config = loadConfig();
const registry = registryFromConfig(config);
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
/** The antennas in channel order, as the bridge sends its snapshots. */
const channelOrder = Object.entries(config.antennas)
  .filter(([, a]) => (a.reader ?? "bridge") === "bridge")
  .sort(([, a], [, b]) => a.channel - b.channel)
  .map(([name]) => name);

/** What every antenna lists after `inputs[0..i]`. */
function antennasAfter(i: number): Map<string, string[]> {
  const now = new Map<string, string[]>();
  for (const e of inputs.slice(0, i + 1)) if (e.kind === "tags") now.set(e.antenna, e.tags);
  return now;
}

/** One life of the table on the journal at `path`, its clock the test's. */
function lifeOn(path: string, clock: { now: number }) {
  const journal = Journal.open(path, { logger: memoryLogger().logger });
  const said: TableEvent[] = [];
  const { runtime, recovered } = assembleTable(config, {
    journal,
    registry,
    clock: (resumeAt) => {
      clock.now = Math.max(clock.now, resumeAt);
      return () => clock.now;
    },
    setTimer: noTimer,
    outputs: [(e) => void said.push(...e), (e, core) => journal.record(e, core, journal.lastSeq)],
  });
  runtime.show(recovered!.replayed);
  runtime.announce(recoveredNotice(recovered!, runtime.now()));
  const submit = (e: InputEvent) => {
    clock.now = Math.max(clock.now, e.t);
    runtime.submit({ ...e, t: clock.now });
  };
  return { said, submit, runtime, recovered: recovered!, kill: () => journal.close() };
}

/**
 * The bridge's burst after the restart, as the driver makes it (src/devices/bridge/session.ts): the
 * board's HELLO, each channel's snapshot in `order`, reported against what the recovered core knew
 * (`known`, as feltguard table passes it), then the antennas online.
 */
function burst(
  at: Map<string, string[]>,
  t: number,
  order: readonly string[],
  known: Record<string, string[]>,
): InputEvent[] {
  const map = channelMap(config);
  const channelOf = new Map(Object.entries(map).map(([ch, antenna]) => [antenna, Number(ch)]));
  const session = new BridgeSession({ antennas: map, resendTimeoutMs: 200, known });
  const channels = Math.max(...channelOf.values()) + 1;
  session.receive(
    {
      type: "HELLO",
      seq: 0,
      fwMajor: 1,
      fwMinor: 0,
      fwPatch: 0,
      boardId: "E66038B7134F2A2C",
      bootCounter: 1,
      channels,
      k: 3,
      heartbeatMs: 250,
      maxTags: 48,
      window: 16,
      reason: 0,
    },
    t,
  );
  const events: InputEvent[] = [];
  let seq = 1;
  for (const antenna of order) {
    session.receive(
      {
        type: "SNAPSHOT",
        seq: seq++,
        channel: channelOf.get(antenna)!,
        status: 0,
        tags: at.get(antenna) ?? [],
      },
      t,
    );
    // One read per antenna: the reports come one by one, in this order.
    events.push(...session.flush(t).events);
  }
  return events;
}

const alertsOf = (events: readonly TableEvent[]) =>
  events.flatMap((e) => (e.kind === "alert" ? [e.code] : []));

describe("a restart mid-deal", () => {
  it("the test's hand is dealt with a first action after the deal", () => {
    expect(holeCards.length).toBeGreaterThanOrEqual(8);
    expect(firstAction).toBeGreaterThan(holeCards.at(-1)!);
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
    ] as const) {
      it(`${name}, the snapshots ${orderName}: nothing is judged out of order from the burst, the hand plays on as it did`, () => {
        const path = join(tempDir(), "journal.db");
        const clock = { now: 0 };
        const first = lifeOn(path, clock);
        for (const e of inputs.slice(0, downFrom() + 1)) first.submit(e);
        first.kill();

        const back = inputs[backAt()]!.t + 3000;
        const second = lifeOn(path, clock);
        for (const e of burst(antennasAfter(backAt()), back, order, second.recovered.antennas))
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
