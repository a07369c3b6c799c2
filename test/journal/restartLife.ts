/**
 * A table's lives on one journal, for the restart tests: a life runs until it is killed (the journal
 * closed, nothing flushed beyond it), the next recovers from the journal, and the bridge's snapshot
 * burst after the restart is made as the real driver makes it (src/devices/bridge/session.ts). Shared by
 * the hold'em (restartMidDeal) and Three Card Poker (restartTcpHand) restart tests.
 */
import type { Config } from "../../src/config/config.js";
import type { InputEvent } from "../../src/contract/input.js";
import type { TableEvent } from "../../src/contract/output.js";
import { BridgeSession } from "../../src/devices/bridge/session.js";
import { Journal } from "../../src/journal/journal.js";
import { recoveredNotice } from "../../src/journal/recovery.js";
import { assembleTable, noTimer } from "../../src/runtime/assemble.js";
import { channelMap } from "../../src/runtime/tableDevices.js";
import { registryFromConfig } from "../../src/runtime/tableSettings.js";
import { memoryLogger } from "./support.js";

/** One life of the table on the journal at `path`, its clock the test's. */
export function lifeOn(config: Config, path: string, clock: { now: number }) {
  const journal = Journal.open(path, { logger: memoryLogger().logger });
  const said: TableEvent[] = [];
  const { runtime, recovered } = assembleTable(config, {
    journal,
    registry: registryFromConfig(config),
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

/** The antennas of one bridge (`reader`) in channel order, as it sends its snapshots. */
export function channelOrder(config: Config, reader = "bridge"): string[] {
  return Object.entries(config.antennas)
    .filter(([, a]) => (a.reader ?? "bridge") === reader)
    .sort(([, a], [, b]) => a.channel - b.channel)
    .map(([name]) => name);
}

/** What every antenna lists after `inputs[0..i]`. */
export function antennasAfter(inputs: readonly InputEvent[], i: number): Map<string, string[]> {
  const now = new Map<string, string[]>();
  for (const e of inputs.slice(0, i + 1)) if (e.kind === "tags") now.set(e.antenna, e.tags);
  return now;
}

/**
 * One bridge's burst after the restart, as the driver makes it: the board's HELLO, each channel's
 * snapshot in `order`, reported against what the recovered core knew (`known`, as feltguard table
 * passes it), then the antennas online.
 */
export function burst(
  config: Config,
  at: Map<string, string[]>,
  t: number,
  order: readonly string[],
  known: Record<string, string[]>,
  reader = "bridge",
): InputEvent[] {
  const map = channelMap(config, reader);
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

/** The codes of the alerts among `events`. */
export const alertsOf = (events: readonly TableEvent[]): string[] =>
  events.flatMap((e) => (e.kind === "alert" ? [e.code] : []));
