/**
 * A restart under a wrong wall clock. A Pi has no battery-backed clock: it may boot at 1970 before NTP
 * sets it, NTP may set it back, or an RTC may be years ahead. Table time resumes by the wall clock
 * (src/journal/recovery.ts resumedT), but whatever the wall clock says, table time never goes back
 * and a number (`seq`) is never given to a second event: a floor-feed consumer drops every `seq` it has
 * seen, so a reused number loses an event and a number said again with another event misleads it.
 *
 * The table of each life is assembled as `feltguard table` does it (the process clock going on from
 * where time resumes, the wall clock stamped on each input), with the clocks moved by the test.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { InputEvent } from "../../src/contract/input.js";
import type { TableEvent } from "../../src/contract/output.js";
import { journalBacklog } from "../../src/app/tableFeed.js";
import { CLOCK_JUMP, HAND_RECOVERED } from "../../src/journal/faults.js";
import { Journal } from "../../src/journal/journal.js";
import { clockJumpNotice, DEFAULT_MAX_DOWNTIME_MS, recoveredNotice } from "../../src/journal/recovery.js";
import { verifyJournal } from "../../src/journal/verify.js";
import { openForReading } from "../../src/journal/db.js";
import { loadTableKey } from "../../src/journal/tableKey.js";
import { assembleTable, noTimer } from "../../src/runtime/assemble.js";
import { createTableFromConfig, registryFromConfig } from "../../src/runtime/tableSettings.js";
import { numbered } from "../../src/table/numbered.js";
import { memoryLogger, tempDir } from "./support.js";
import { pluribusFiles, straightReplay, tableInput } from "./tableInput.js";

const config = loadConfig();
const registry = registryFromConfig(config);
const inputs = tableInput(pluribusFiles(3));
const reference = straightReplay(inputs);
const causing = (kind: "hand_start" | "hand_end", hand: number) =>
  reference.perEvent.findIndex((out) => out.some((e) => e.kind === kind && e.hand === hand));

/** The first input in hand 2 after which a window's deadline says something before the next input. */
const timed = reference.perEvent.findIndex((_, i) => {
  if (i <= causing("hand_start", 2) || i >= causing("hand_end", 2)) return false;
  const core = numbered(createTableFromConfig(config, registry));
  for (const e of inputs.slice(0, i + 1)) {
    core.advanceTo(e.t);
    core.handle(e);
  }
  const due = core.nextDeadline();
  return due !== null && due < (inputs[i + 1]?.t ?? 0) && core.advanceTo(due).length > 0;
});

/**
 * Where the second life is killed, mid-hand again: after the next input that completes an action (a
 * restart between a seat's cards leaving and their landing in the muck is a story of its own).
 */
const midway =
  reference.perEvent.findIndex((out, i) => i > timed + 1 && out.some((e) => e.kind === "action")) + 1;

const W0 = Date.parse("2026-11-26T20:00:00.000Z");
/** How long after a restart the dealer's next move comes (a restart takes seconds). */
const RESTART_MS = 3000;
const YEAR = 365 * 24 * 3600 * 1000;

/** One process of the table on the journal at `path`: its clocks are the test's. */
function lifeOn(path: string, clocks: { now: number; wall: number }) {
  const journal = Journal.open(path, { logger: memoryLogger().logger });
  const said: TableEvent[] = [];
  const { runtime, recovered, clockJumpedMs } = assembleTable(config, {
    journal,
    registry,
    clock: (resumeAt) => {
      clocks.now = resumeAt; // a new process: its clock starts where table time resumes
      return () => clocks.now;
    },
    resume: "wall-clock",
    wallClock: () => new Date(clocks.wall),
    setTimer: noTimer,
    outputs: [(e) => void said.push(...e), (e, core) => journal.record(e, core, journal.lastSeq)],
  });
  const r = recovered!;
  // As feltguard table starts: the replayed hand shown under its numbers, then the notice.
  runtime.show(r.replayed);
  if (clockJumpedMs !== null)
    runtime.announce(clockJumpNotice(clockJumpedMs, DEFAULT_MAX_DOWNTIME_MS, runtime.now()));
  runtime.announce(recoveredNotice(r, runtime.now()));
  /**
   * Plays `events` at their pace (their `t` shifted to begin `gap` ms from now at the earliest), and
   * each window when it runs out.
   */
  const play = (events: readonly InputEvent[], gap = 0) => {
    const shift = Math.max(0, clocks.now + gap - (events[0]?.t ?? 0));
    for (const e of events) {
      const at = e.t + shift;
      for (
        let due = runtime.core.nextDeadline();
        due !== null && due < at;
        due = runtime.core.nextDeadline()
      ) {
        clocks.wall += due - clocks.now;
        clocks.now = due;
        runtime.tick();
      }
      clocks.wall += at - clocks.now;
      clocks.now = at;
      runtime.submit({ ...e, t: at });
    }
  };
  /** The window open after the last input runs out: the table says what it says, then is killed. */
  const windowRunsOut = () => {
    const due = runtime.core.nextDeadline();
    if (due === null) return [];
    clocks.wall += due - clocks.now;
    clocks.now = due;
    return runtime.tick();
  };
  return { journal, said, runtime, play, windowRunsOut, kill: () => journal.close() };
}

/** An event as JSON with its keys in order: the same event said again may list them otherwise. */
const canonical = (e: TableEvent): string =>
  JSON.stringify(e, (_, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/** What a consumer that drops every `seq` it has seen keeps of the lives' events, and what it saw twice. */
function consumer(lives: readonly (readonly TableEvent[])[]) {
  const kept: TableEvent[] = [];
  const first = new Map<number, TableEvent>();
  const changed: string[] = [];
  for (const events of lives)
    for (const e of events) {
      const seq = e.seq ?? 0;
      const before = first.get(seq);
      if (before === undefined) first.set(seq, e);
      else if (canonical(before) !== canonical(e))
        changed.push(`seq ${seq}: ${JSON.stringify(before)} then ${JSON.stringify(e)}`);
      if (seq > (kept.at(-1)?.seq ?? 0)) kept.push(e);
    }
  const backwards = kept.flatMap((e, i) =>
    i > 0 && e.t < (kept[i - 1]?.t ?? 0) ? [`seq ${e.seq} at t ${e.t} after t ${kept[i - 1]?.t}`] : [],
  );
  return { kept, changed, backwards };
}

const restarts: [string, (wallAtKill: number) => number][] = [
  ["set back an hour (an NTP correction)", (w) => w - 3600_000],
  ["at 1970 (a Pi without a clock, before NTP)", () => 0],
  ["jumped forward by 30 years", (w) => w + 30 * YEAR],
];

describe("a restart whatever the wall clock says", () => {
  it("the test's hand has a window that says something after its last input", () => {
    expect(timed).toBeGreaterThan(causing("hand_start", 2));
    expect(midway).toBeGreaterThan(timed + 1);
    expect(midway).toBeLessThan(causing("hand_end", 2));
  });

  for (const [name, wallAfter] of restarts) {
    it(`the wall clock ${name}: table time never goes back, no number is said twice, the notice is seen`, () => {
      const path = join(tempDir(), "journal.db");
      const clocks = { now: 0, wall: W0 };
      const live = lifeOn(path, clocks);
      live.play(inputs.slice(0, timed + 1));
      expect(live.windowRunsOut().length).toBeGreaterThan(0);
      live.kill(); // kill -9: nothing after the window's events reached the journal

      clocks.wall = wallAfter(clocks.wall);
      const second = lifeOn(path, clocks);
      second.play(inputs.slice(timed + 1, midway), RESTART_MS);
      second.windowRunsOut();
      second.kill();

      // NTP puts the clock right (or another restart, at the right time).
      clocks.wall = W0 + 3_600_000;
      const third = lifeOn(path, clocks);
      third.play(inputs.slice(midway, causing("hand_end", 2) + 1), RESTART_MS);
      third.kill();

      const feed = consumer([live.said, second.said, third.said]);
      expect(feed.changed).toEqual([]);
      expect(feed.backwards).toEqual([]);
      const notices = feed.kept.filter((e) => e.kind === "alert" && e.code === HAND_RECOVERED);
      expect(notices).toHaveLength(2);
      // A clock set forward counts at most journal.maxDowntimeMs into table time, and says so; a clock
      // set back counts nothing and says nothing. (Before: a jump of 30 years put every later t 30 years
      // on.) Each story has one forward jump: the second restart's 30 years, or the third restart's
      // clock put right after a restart that had it set back.
      const gaps = feed.kept.map((e, i) => e.t - (feed.kept[i - 1]?.t ?? e.t));
      expect(Math.max(...gaps)).toBeLessThanOrEqual(DEFAULT_MAX_DOWNTIME_MS + RESTART_MS);
      const jumps = feed.kept.filter((e) => e.kind === "alert" && e.code === CLOCK_JUMP);
      expect(jumps).toHaveLength(1);
      // The hand plays on to its end, as the uninterrupted table's did, and nothing is judged out of
      // order for it (a table resumed before what it had said took the next move for an earlier one).
      expect(feed.kept.some((e) => e.kind === "hand_end" && e.hand === 2)).toBe(true);
      const codes = new Set(reference.perEvent.flat().flatMap((e) => (e.kind === "alert" ? [e.code] : [])));
      expect(
        feed.kept.filter(
          (e) =>
            e.kind === "alert" && e.code !== HAND_RECOVERED && e.code !== CLOCK_JUMP && !codes.has(e.code),
        ),
      ).toEqual([]);
      const db = openForReading(path);
      expect(verifyJournal(db, { key: loadTableKey(`${path}.key`), path })).toMatchObject({ ok: true });
      // What the floor feed publishes from the journal after a broker outage is what the consumer kept.
      const backlog = journalBacklog(db, () => createTableFromConfig(config, registry), 0, 1000);
      db.close();
      expect(backlog.map(canonical)).toEqual(feed.kept.map(canonical));
    });
  }
});
