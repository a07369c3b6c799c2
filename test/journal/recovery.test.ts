import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runTable } from "../../src/app/commands/run.js";
import { DEFAULT_CONFIG_PATH, loadConfig } from "../../src/config/config.js";
import { assembleTable, noTimer } from "../../src/runtime/assemble.js";
import { Runtime } from "../../src/runtime/runtime.js";
import type { TableEvent } from "../../src/contract/output.js";
import { inputRows, openForReading } from "../../src/journal/db.js";
import { HAND_RECOVERED } from "../../src/journal/faults.js";
import { Journal } from "../../src/journal/journal.js";
import {
  DEFAULT_MAX_DOWNTIME_MS,
  recover,
  recoveredNotice,
  resumedClock,
  resumedT,
  resumption,
} from "../../src/journal/recovery.js";
import { createTableFromConfig, registryFromConfig } from "../../src/runtime/tableSettings.js";
import { sessionInPlayForTests } from "../../src/table/sessionForTests.js";
import { numbered } from "../../src/table/numbered.js";
import { memoryLogger, readTableEvents, tempDir, writeInputs } from "./support.js";
import { pluribusFiles, straightReplay, tableInput } from "./tableInput.js";

const config = loadConfig();
const registry = registryFromConfig(config);
const makeCore = (cp?: Parameters<typeof createTableFromConfig>[2]) =>
  createTableFromConfig(config, registry, cp);
const inputs = tableInput(pluribusFiles(3));
const reference = straightReplay(inputs);
const causing = (kind: "hand_start" | "hand_end", hand: number) =>
  reference.perEvent.findIndex((out) => out.some((e) => e.kind === kind && e.hand === hand));
/** How many events the journal holds when the table stops in the middle of hand 2 (after its deal). */
const midHand2 = causing("hand_start", 2) + 15;
/** The uninterrupted run, numbered. */
const refCore = numbered(makeCore(undefined));
const numberedRef = [
  ...inputs.flatMap((e) => [...refCore.advanceTo(e.t), ...refCore.handle(e)]),
  ...refCore.finish(inputs.at(-1)?.t ?? 0),
];

async function run(dir: string, count: number, out: string, file = inputs.slice(0, count)) {
  const input = writeInputs(join(dir, `input-${count}.jsonl`), file);
  const { logger, lines } = memoryLogger();
  await runTable({
    journal: join(dir, "journal.db"),
    input,
    out: join(dir, out),
    config: DEFAULT_CONFIG_PATH,
    paceMs: 0,
    logger,
  });
  return lines();
}

describe("recovery: the last checkpoint and a replay of the hand in progress", () => {
  it("a restart in the middle of hand 2 shows hand 2 again under its original numbers, then goes on after them", async () => {
    expect(causing("hand_end", 2)).toBeGreaterThan(midHand2);
    const dir = tempDir();
    // The first run stops mid-hand (its input ends there); the journal then holds exactly those events.
    await run(dir, midHand2, "first.jsonl");
    const log = await run(dir, inputs.length, "second.jsonl");
    const recovered = log.find((l) => l.msg === "recovered") as unknown as {
      checkpointSeq: number;
      hand: number;
    };
    expect(recovered).toMatchObject({ hand: 2 });
    expect(recovered.checkpointSeq).toBe(causing("hand_end", 1) + 1);
    const first = readTableEvents(join(dir, "first.jsonl"));
    const second = readTableEvents(join(dir, "second.jsonl"));
    const replayed = reference.perEvent.slice(recovered.checkpointSeq, midHand2).flat().length;
    // The displays are given the hand so far, each event under the number it was first said with.
    expect(second.slice(0, replayed)).toEqual(first.slice(first.length - replayed));
    // A consumer that drops the numbers it has seen gets the uninterrupted run, line for line.
    const last = first.at(-1)?.seq ?? 0;
    const kept = [...first, ...second.filter((e) => (e.seq ?? 0) > last)];
    expect(kept).toEqual(numberedRef);
  });

  it("the recovered-hand notice takes the next number, is journaled, and is said again under it after another restart", async () => {
    const dir = tempDir();
    await run(dir, midHand2, "first.jsonl");
    const path = join(dir, "journal.db");
    const said: TableEvent[] = [];
    const restart = () => {
      const journal = Journal.open(path, { logger: memoryLogger().logger });
      const r = recover(journal, makeCore);
      const runtime = new Runtime({
        core: r.core,
        journal,
        clock: () => r.lastT,
        startT: r.lastT,
        setTimer: () => ({ cancel: () => undefined }),
        outputs: [(e) => void said.push(...e), (e, core) => journal.record(e, core, journal.lastSeq)],
      });
      return { journal, r, runtime };
    };
    const a = restart();
    const notice = a.runtime.announce(recoveredNotice(a.r));
    expect(notice).toHaveLength(1);
    expect(notice[0]).toMatchObject({ code: HAND_RECOVERED, seq: a.r.core.lastEventSeq });
    for (const e of inputs.slice(midHand2, midHand2 + 5)) a.runtime.submit(e);
    a.journal.close();
    const afterNotice = said.filter((e) => (e.seq ?? 0) > (notice[0]?.seq ?? 0));
    expect(afterNotice.length).toBeGreaterThan(0);
    // Another restart: the notice comes back under its number, and every event after it under its own.
    const b = restart();
    b.journal.close();
    const again = b.r.replayed;
    expect(again).toContainEqual(notice[0]);
    for (const e of afterNotice) expect(again).toContainEqual(e);
    const seqs = again.map((e) => e.seq ?? 0);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
  });

  // Found putting a table into service (svc9): an event a window's timer says after the last journaled
  // input (a bet read when its zone settled) is said live under number N. After a kill and a restart the
  // recovered core had not reached that deadline (its clock went on from the journal's last t), so the
  // recovered-hand notice took N and the bet was said again under N + 1: a floor feed consumer that
  // keeps each number once had the bet twice and never the notice. Now table time resumes after the
  // downtime (by the wall clock), the windows due by a notice's time run before it is said, and
  // recovery replays a notice row the same way.
  it("an event a timer said after the last journaled input keeps its number after a restart, and after another", () => {
    // An input in hand 2 after which a window's deadline says something before the next input.
    const timed = reference.perEvent.findIndex(
      (_, i) =>
        i > causing("hand_start", 2) &&
        i < causing("hand_end", 2) &&
        (() => {
          const core = numbered(makeCore(undefined));
          for (const e of inputs.slice(0, i + 1)) {
            core.advanceTo(e.t);
            core.handle(e);
          }
          const due = core.nextDeadline();
          return due !== null && due < (inputs[i + 1]?.t ?? 0) && core.advanceTo(due).length > 0;
        })(),
    );
    expect(timed).toBeGreaterThan(0);
    const path = join(tempDir(), "journal.db");
    // Table time as the process clock gives it, and the wall clock, both moved by the test.
    let now = 0;
    const W0 = Date.parse("2026-11-26T20:00:00.000Z");
    let wall = W0;
    const start = () => {
      const journal = Journal.open(path, { logger: memoryLogger().logger });
      const said: TableEvent[] = [];
      const { runtime, recovered } = assembleTable(config, {
        journal,
        registry,
        // The process clock starts again at 0 in a new process and goes on from where time resumes.
        clock: (resumeAt) => {
          now = resumeAt;
          return () => now;
        },
        resume: "wall-clock",
        wallClock: () => new Date(wall),
        setTimer: noTimer,
        outputs: [(e) => void said.push(...e), (e, core) => journal.record(e, core, journal.lastSeq)],
      });
      return { journal, r: recovered!, runtime, said };
    };
    // The first process: the inputs up to `timed` (stamped on the wall at their table time), then its
    // window runs out and the table says it.
    const live = start();
    for (const e of inputs.slice(0, timed + 1)) {
      wall = W0 + e.t;
      live.runtime.submit(e);
    }
    now = live.runtime.core.nextDeadline()!;
    wall = W0 + now;
    const byTimer = live.runtime.tick();
    expect(byTimer.length).toBeGreaterThan(0);
    live.journal.close(); // killed: nothing after the last input reached the journal
    // The restart 5 s later, as feltguard table does it: the replayed hand, then the notice.
    wall += 5_000;
    const again = start();
    expect(again.runtime.now()).toBeGreaterThanOrEqual(byTimer.at(-1)!.t);
    again.runtime.show(again.r.replayed);
    const notice = again.runtime.announce(recoveredNotice(again.r, again.runtime.now()));
    again.journal.close();
    const sameEvent = (list: TableEvent[], e: TableEvent) =>
      list.find((x) => x.kind === e.kind && x.t === e.t);
    for (const e of byTimer) expect(sameEvent(again.said, e)?.seq).toBe(e.seq);
    const recoveredAlert = notice.find((e) => e.kind === "alert" && e.code === HAND_RECOVERED);
    expect(recoveredAlert?.seq).toBe((byTimer.at(-1)?.seq ?? 0) + 1);
    // Another restart: recovery says the bet again before the journaled notice, each under its number.
    wall += 5_000;
    const third = start();
    third.journal.close();
    for (const e of byTimer) expect(sameEvent(third.r.replayed, e)?.seq).toBe(e.seq);
    expect(third.r.replayed).toContainEqual(recoveredAlert);
    const seqs = third.r.replayed.map((e) => e.seq ?? 0);
    expect(seqs).toEqual([...new Set(seqs)].sort((x, y) => x - y));
  });

  it("table time resumes after the downtime by the wall clock; a clock set back, or no stamp, counts none", () => {
    const r = { lastT: 90_000, lastWall: "2026-11-26T20:00:00.000Z" };
    expect(resumedT(r, new Date("2026-11-26T20:00:05.250Z"))).toBe(95_250);
    expect(resumedT(r, new Date("2026-11-26T19:59:00.000Z"))).toBe(90_000);
    expect(resumedT({ lastT: 90_000, lastWall: null }, new Date("2026-11-26T20:00:05.000Z"))).toBe(90_000);
    // A wall clock that claims more than journal.maxDowntimeMs (default an hour) of downtime was set
    // forward: table time counts the cap, not months (both sides of the cap).
    const at = (ms: number) => new Date(Date.parse("2026-11-26T20:00:00.000Z") + ms);
    expect(resumption(r, at(DEFAULT_MAX_DOWNTIME_MS))).toEqual({
      t: 90_000 + DEFAULT_MAX_DOWNTIME_MS,
      jumpedMs: null,
    });
    expect(resumption(r, at(DEFAULT_MAX_DOWNTIME_MS + 1))).toEqual({
      t: 90_000 + DEFAULT_MAX_DOWNTIME_MS,
      jumpedMs: DEFAULT_MAX_DOWNTIME_MS + 1,
    });
    expect(resumption(r, at(600_000), 600_000)).toEqual({ t: 690_000, jumpedMs: null });
    expect(resumption(r, at(600_001), 600_000)).toEqual({ t: 690_000, jumpedMs: 600_001 });
    expect(resumedT(r, at(90 * 24 * 3600_000))).toBe(90_000 + DEFAULT_MAX_DOWNTIME_MS);
  });

  it("rebuilds the same table state as the uninterrupted core, from the journal alone", async () => {
    const dir = tempDir();
    await run(dir, midHand2, "out.jsonl");
    const journal = Journal.open(join(dir, "journal.db"), { logger: memoryLogger().logger });
    const r = recover(journal, makeCore);
    journal.close();
    const straight = createTableFromConfig(config);
    for (const e of inputs.slice(0, midHand2)) {
      straight.advanceTo(e.t);
      straight.handle(e);
    }
    expect(r.core.snapshot()).toEqual(straight.snapshot());
    // White-box: the hand in progress has the same data, not only the same views.
    expect(r.core.live).not.toBeNull();
    expect(r.core.live).toEqual(straight.live);
    expect(r.core.view()).toEqual(straight.view());
    expect(sessionInPlayForTests(r.core)?.context).toEqual(sessionInPlayForTests(straight)?.context);
    expect(r.lastSeq).toBe(midHand2);
    expect(r.lastT).toBe(inputs[midHand2 - 1]?.t);
  });

  it("run refuses to resume with an input file that disagrees with the journal's inputs", async () => {
    const dir = tempDir();
    await run(dir, midHand2, "first.jsonl");
    const other = tableInput(pluribusFiles(3, 7));
    await expect(run(dir, other.length, "second.jsonl", other)).rejects.toThrow(
      /input 13 differs from the journal's input 13 .*refusing to resume/,
    );
    // Nothing was added to the journal.
    const journal = Journal.open(join(dir, "journal.db"), { logger: memoryLogger().logger });
    expect(journal.inputCount).toBe(midHand2);
    journal.close();
  });

  it("the clock goes on from the journal's last t after a restart: no event is stamped before it", async () => {
    let now = 5;
    const clock = resumedClock(90_000, () => now);
    expect(clock()).toBe(90_000);
    now = 1_505;
    expect(clock()).toBe(91_500);
    const dir = tempDir();
    await run(dir, midHand2, "first.jsonl");
    const journal = Journal.open(join(dir, "journal.db"), { logger: memoryLogger().logger });
    const r = recover(journal, makeCore);
    const runtime = new Runtime({
      core: r.core,
      journal,
      clock: () => 0,
      startT: r.lastT,
      setTimer: () => ({ cancel: () => undefined }),
    });
    expect(runtime.now()).toBe(r.lastT);
    runtime.submit({ t: 0, kind: "button", button: "check" });
    journal.close();
    const again = Journal.open(join(dir, "journal.db"), { logger: memoryLogger().logger });
    expect(again.checkpoint).not.toBeNull();
    const rows = [...again.rowsAfterCheckpoint()];
    expect(rows.at(-1)?.t).toBe(r.lastT);
    again.close();
  });

  it("each input is journaled with its wall-clock time (ISO 8601, UTC) and a floor event with who issued it", () => {
    const dir = tempDir();
    const journal = Journal.open(join(dir, "journal.db"), { logger: memoryLogger().logger });
    const r = recover(journal, makeCore);
    const walls = ["2026-11-23T22:14:05.000Z", "2026-11-23T22:14:06.500Z"];
    const runtime = new Runtime({
      core: r.core,
      journal,
      clock: () => 0,
      setTimer: () => ({ cancel: () => undefined }),
      wallClock: () => new Date(walls.shift() ?? ""),
    });
    // A client's own wall is replaced by the runtime's; `by` is kept as the runtime was given it.
    runtime.submit({ t: 0, kind: "floor", op: "game", game: "nlhe", wall: "1999-01-01T00:00:00.000Z" });
    runtime.submit({ t: 5, kind: "floor", op: "stack", seat: 1, stack: 500, by: "floor:ana" });
    journal.close();
    const db = openForReading(join(dir, "journal.db"));
    const rows = [...inputRows(db)].map((x) => x.event);
    db.close();
    expect(rows).toEqual([
      { t: 0, kind: "floor", op: "game", game: "nlhe", wall: "2026-11-23T22:14:05.000Z" },
      {
        t: 5,
        kind: "floor",
        op: "stack",
        seat: 1,
        stack: 500,
        by: "floor:ana",
        wall: "2026-11-23T22:14:06.500Z",
      },
    ]);
  });
});
