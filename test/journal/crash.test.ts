import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { loadConfig } from "../../src/app/config.js";
import { formatJsonLine } from "../../src/contract/jsonl.js";
import { type TableEvent, TableEvent as TableEventSchema } from "../../src/contract/output.js";
import { eventRows, openForReading, parseEventRow } from "../../src/journal/db.js";
import { HAND_RECOVERED } from "../../src/journal/faults.js";
import { verifyJournal } from "../../src/journal/verify.js";
import { createTableFromConfig } from "../../src/table/core.js";
import { bundleCli, crashLane, type RunRecord } from "./crashRun.js";
import { pluribusFiles, straightReplay, tableInput } from "./tableInput.js";

const tmp = mkdtempSync(join(tmpdir(), "fg-crash-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The journal's own notices are not the table's reading of the game: left out of the comparison. */
const isNotice = (e: TableEvent) =>
  (e.kind === "alert" || e.kind === "alert_clear") && e.code === HAND_RECOVERED;

function parseOut(text: string): TableEvent[] {
  return text
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => TableEventSchema.parse(JSON.parse(l)))
    .filter((e) => !isNotice(e));
}

describe("crash recovery: SIGKILL at random moments across many hands", () => {
  it("loses no journaled event and says exactly what an uninterrupted run says", async () => {
    const inputs = tableInput(pluribusFiles(45));
    const inputFile = join(tmp, "input.jsonl");
    writeFileSync(inputFile, inputs.map((e) => formatJsonLine(e)).join(""));
    const reference = straightReplay(inputs);
    const flat = [...reference.perEvent.flat(), ...reference.final];
    // Where the table events caused by input seq s+1 begin: a run recovering from seq s starts there.
    const offset = [0];
    reference.perEvent.forEach((out, i) => offset.push((offset[i] ?? 0) + out.length));

    const cli = bundleCli();
    onTestFinished(() => rmSync(cli, { force: true }));
    const lanes = await Promise.all(
      [1, 2].map((seed) => {
        const dir = join(tmp, `lane${seed}`);
        rmSync(dir, { recursive: true, force: true });
        mkdirp(dir);
        return crashLane(cli, dir, inputFile, {
          kills: 100,
          seed,
          paceMs: 3,
          startMs: 350,
          dealMs: 150,
        }).then((runs) => ({
          dir,
          runs,
        }));
      }),
    );

    const kills = lanes.reduce((n, l) => n + l.runs.filter((r) => r.killed).length, 0);
    const recoveries = lanes.flatMap((l) => l.runs.flatMap((r) => (r.recovered ? [r.recovered] : [])));
    const handsAtKill = new Set(recoveries.map((r) => r.checkpointSeq));
    console.log(
      `crash test: ${kills} kills, ${recoveries.length} recoveries from ${handsAtKill.size} different checkpoints, ` +
        `recovery ${Math.max(...recoveries.map((r) => r.ms))} ms at most (median ${median(recoveries.map((r) => r.ms))} ms)`,
    );
    expect(kills).toBeGreaterThanOrEqual(200);
    expect(handsAtKill.size).toBeGreaterThan(10);

    for (const { dir, runs } of lanes) {
      const db = openForReading(join(dir, "journal.db"));
      // (a) Every input event is in the journal exactly once, in order: none lost, none twice.
      const journaled = [...eventRows(db)].map(parseEventRow);
      expect(journaled).toEqual(inputs);
      expect(verifyJournal(db).ok).toBe(true);
      // (b) Replaying the journal says what the uninterrupted replay says.
      const core = createTableFromConfig(loadConfig());
      const replayed = journaled.flatMap((e) => [...core.advanceTo(e.t), ...core.handle(e)]);
      expect([...replayed, ...core.finish(journaled.at(-1)?.t ?? 0)]).toEqual(flat);
      db.close();
      // (c) Each restarted run said exactly the uninterrupted run's events from its checkpoint on, and
      // together the runs said all of them.
      expectRunsCoverReference(runs, flat, offset);
    }
  }, 180_000);
});

function expectRunsCoverReference(
  runs: readonly RunRecord[],
  flat: readonly TableEvent[],
  offset: readonly number[],
) {
  let covered = 0;
  runs.forEach((run, i) => {
    const said = parseOut(run.out);
    if (run.recovered === null) {
      expect(said, `run ${i} wrote before recovering`).toEqual([]);
      return;
    }
    const start = offset[run.recovered.checkpointSeq] ?? -1;
    expect(said, `run ${i} (from checkpoint ${run.recovered.checkpointSeq})`).toEqual(
      flat.slice(start, start + said.length),
    );
    expect(start, `run ${i} starts after a gap`).toBeLessThanOrEqual(covered);
    covered = Math.max(covered, start + said.length);
  });
  expect(covered).toBe(flat.length);
  expect(runs.at(-1)?.killed).toBe(false);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

function mkdirp(dir: string) {
  mkdirSync(dir, { recursive: true });
}
