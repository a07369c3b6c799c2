/**
 * The kill test: `feltguard run` SIGKILLed over two hundred times — aimed (held at a chosen input, after
 * it is journaled or between its anchor and its database write, at hand starts and checkpoints) and at
 * random moments — then left to finish. Every kill point is chosen by input number, never by how fast the
 * machine runs, so the verdict is the same on an idle machine and a loaded one.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { formatJsonLine } from "../../src/contract/jsonl.js";
import type { InputEvent } from "../../src/contract/input.js";
import { inputRows, openForReading } from "../../src/journal/db.js";
import { forCore } from "../../src/journal/recovery.js";
import { loadTableKey } from "../../src/journal/tableKey.js";
import { verifyJournal } from "../../src/journal/verify.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { numbered } from "../../src/table/numbered.js";
import { mulberry32, randInt } from "../../src/sim/random.js";
import { bundleCli, crashLane, type RunRecord } from "./crashRun.js";
import { pluribusFiles, straightReplay, tableInput } from "./tableInput.js";

const tmp = mkdtempSync(join(tmpdir(), "fg-crash-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Aim = { input: number; phase: "journaled" | "anchored" };

/** Aims for one lane: both phases at the input that causes `kind` for the first hands, and random inputs. */
function aims(
  perEvent: readonly { kind: string }[][],
  kind: string,
  hands: number,
  random: number,
  seed: number,
  upTo: number,
): Aim[] {
  const at: number[] = [];
  perEvent.forEach((out, i) => {
    if (out.some((e) => e.kind === kind) && at.length < hands) at.push(i + 1);
  });
  const rng = mulberry32(seed);
  const out: Aim[] = at.flatMap((input) => [
    { input, phase: "anchored" as const },
    { input, phase: "journaled" as const },
  ]);
  for (let i = 0; i < random; i++)
    out.push({ input: randInt(rng, 1, upTo), phase: rng() < 0.5 ? "anchored" : "journaled" });
  return out.sort((a, b) => a.input - b.input);
}

describe("crash recovery: SIGKILL, aimed and at random moments, across many hands", () => {
  it("loses no input, diverges nowhere, never reuses a seq, and says exactly what an uninterrupted run says", async () => {
    const inputs = tableInput(pluribusFiles(45));
    const inputFile = join(tmp, "input.jsonl");
    writeFileSync(inputFile, inputs.map((e) => formatJsonLine(e)).join(""));
    const reference = straightReplay(inputs);
    // The uninterrupted run, numbered as `run` numbers it, as the lines it writes.
    const refCore = numbered(createTableFromConfig(loadConfig()));
    const refLines = [
      ...inputs.flatMap((e) => [...refCore.advanceTo(e.t), ...refCore.handle(e)]),
      ...refCore.finish(inputs.at(-1)?.t ?? 0),
    ].map((e) => formatJsonLine(e));
    // Aims spread over the first three quarters: random kills move the journal on, and every aim must
    // still find an input ahead of it.
    const upTo = Math.floor(inputs.length * 0.75);
    const plans = [
      aims(reference.perEvent, "hand_end", 34, 37, 11, upTo),
      aims(reference.perEvent, "hand_start", 34, 37, 12, upTo),
    ];

    const cli = bundleCli();
    onTestFinished(() => rmSync(cli, { force: true }));
    const lanes = await Promise.all(
      plans.map((plan, i) => {
        const dir = join(tmp, `lane${i + 1}`);
        mkdirSync(dir, { recursive: true });
        return crashLane(cli, dir, inputFile, {
          aims: plan,
          seed: i + 1,
          paceMs: 25,
          startMs: 400,
          dealMs: 150,
          randomShare: 0.2,
        }).then((runs) => ({ dir, runs }));
      }),
    );

    const all = lanes.flatMap((l) => l.runs);
    const aimed = all.filter((r) => r.how === "aimed").length;
    const random = all.filter((r) => r.how === "random").length;
    const recoveries = all.flatMap((r) => (r.recovered ? [r.recovered] : []));
    const checkpoints = new Set(recoveries.map((r) => r.checkpointSeq));
    let lost = 0;
    let divergent = 0;
    let reused = 0;
    let repeated = 0;
    for (const { dir, runs } of lanes) {
      const path = join(dir, "journal.db");
      const db = openForReading(path);
      // (a) Every input is in the journal exactly once, in order: none lost, none twice.
      const journaled: InputEvent[] = [...inputRows(db)].map((r) => forCore(r.event));
      lost += inputs.length - journaled.length;
      expect(journaled).toEqual(inputs);
      expect(verifyJournal(db, { key: loadTableKey(`${path}.key`), path })).toMatchObject({ ok: true });
      // (b) Replaying the journal says what the uninterrupted replay says.
      const core = createTableFromConfig(loadConfig());
      const replayed = journaled.flatMap((e) => [...core.advanceTo(e.t), ...core.handle(e)]);
      const flat = [...reference.perEvent.flat(), ...reference.final];
      const again = [...replayed, ...core.finish(journaled.at(-1)?.t ?? 0)];
      divergent += again.filter((e, i) => JSON.stringify(e) !== JSON.stringify(flat[i])).length;
      expect(again).toEqual(flat);
      db.close();
      // (c) No seq names two different events; after dropping repeated seq, the runs' output is the
      // uninterrupted run's, line for line.
      const said = dedup(runs);
      reused += said.reused;
      repeated += said.repeated;
      expect(said.lines).toEqual(refLines);
    }
    console.log(
      `kill test: ${aimed + random} SIGKILLs (${aimed} aimed at hand starts, checkpoints and random inputs — ` +
        `half between the anchor and the database write — and ${random} at random moments); ` +
        `${recoveries.length} recoveries from ${checkpoints.size} different checkpoints, recovery ` +
        `${Math.max(...recoveries.map((r) => r.ms))} ms at most; ${divergent} divergent events, ${lost} lost inputs, ` +
        `${reused} seq reused for a different event, ${repeated} repeated lines dropped by seq`,
    );
    expect(aimed).toBeGreaterThanOrEqual(200);
    expect(checkpoints.size).toBeGreaterThan(10);
    expect([lost, divergent, reused]).toEqual([0, 0, 0]);
    expect(all.at(-1)?.killed).toBe(false);
  }, 900_000);
});

/** The runs' lines as a consumer keeps them: a line whose seq it has seen is dropped. */
function dedup(runs: readonly RunRecord[]): { lines: string[]; reused: number; repeated: number } {
  const bySeq = new Map<number, string>();
  const lines: string[] = [];
  let last = 0;
  let reused = 0;
  let repeated = 0;
  for (const run of runs) {
    for (const line of run.out.split("\n")) {
      if (line === "") continue;
      const { seq } = JSON.parse(line) as { seq: number };
      const seen = bySeq.get(seq);
      if (seen !== undefined && seen !== line) reused += 1;
      bySeq.set(seq, line);
      if (seq <= last) {
        repeated += 1;
        continue;
      }
      lines.push(`${line}\n`);
      last = seq;
    }
  }
  return { lines, reused, repeated };
}
