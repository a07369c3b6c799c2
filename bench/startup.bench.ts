/**
 * Start-up and recovery of `feltguard run` (the built CLI, as installed): from process start to its
 * "ready" log line, first with an empty journal, then after a SIGKILL in the middle of a hand with a
 * journal of 10,000 hands behind it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pino } from "pino";
import { loadConfig } from "../src/config/config.js";
import { assembleTable, noTimer } from "../src/runtime/assemble.js";
import { InputEvent } from "../src/contract/index.js";
import { readJsonLines } from "../src/contract/jsonl.js";
import { Journal } from "../src/journal/journal.js";
import type { BenchFigure } from "./figure.js";
import { writeReplayLog } from "./replayLog.js";

const ROOT = join(import.meta.dirname, "..");
const CLI = join(ROOT, "bin/feltguard.js");
const HANDS = 10_000;
const STARTS = 5;

export async function run(): Promise<BenchFigure[]> {
  if (!existsSync(join(ROOT, "dist/app/main.js"))) throw new Error("dist/ is missing: run npm run build");
  const dir = mkdtempSync(join(tmpdir(), "feltguard-startup-"));
  try {
    // ~48 events a hand: enough lines for 10,000 hands and the one that is killed.
    const input = join(dir, "input.jsonl");
    await writeReplayLog(input, 50 * (HANDS + 50));

    const empty: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const start = await startRun(join(dir, `empty-${i}.db`), input, dir);
      empty.push(start.ms);
      await start.stop();
    }

    const journal = join(dir, "journal.db");
    const built = buildJournal(journal, input, HANDS);
    // A table that was playing hand 10,001 when it was killed: start it, wait for that hand, SIGKILL.
    const playing = await startRun(journal, input, dir, 10);
    await playing.waitFor(`"kind":"hand_start","hand":${HANDS + 1}`);
    await sleep(150);
    await playing.stop();
    const recoveries: { ms: number; recovered: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const start = await startRun(journal, input, dir);
      recoveries.push({ ms: start.ms, recovered: start.recovered });
      await start.stop();
    }
    const recovery = median(recoveries.map((r) => r.ms));
    const startup = median(empty);
    const detail = /"replayed":(\d+).*"hand":(\d+|null)/.exec(recoveries[0]!.recovered);
    return [
      {
        name: "start-up to ready, empty journal",
        value: Math.round(startup),
        unit: "ms",
        target: "≤ 1 s",
        met: startup <= 1000,
        note: `feltguard run (dist/, node ${process.version}) from spawn to its "ready" log line; median of ${STARTS} (${empty.map((m) => Math.round(m)).join(", ")} ms)`,
      },
      {
        name: "recovery to ready after SIGKILL mid-hand, 10,000-hand journal",
        value: Math.round(recovery),
        unit: "ms",
        target: "≤ 1 s",
        met: recovery <= 1000,
        note:
          `journal of ${built.hands.toLocaleString("en-US")} hands (${built.events.toLocaleString("en-US")} events), ` +
          `killed during hand ${HANDS + 1}; restart recovered ${detail ? `hand ${detail[2]} by replaying ${detail[1]} events after the last checkpoint` : "?"}; ` +
          `median of 3 restarts (${recoveries.map((r) => Math.round(r.ms)).join(", ")} ms)`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Started {
  ms: number;
  /** The "recovered" log line. */
  recovered: string;
  waitFor(text: string): Promise<void>;
  /** SIGKILL, and wait for the exit. */
  stop(): Promise<void>;
}

/** Spawns `feltguard run` and resolves once it logs "ready". */
async function startRun(journal: string, input: string, dir: string, paceMs = 0): Promise<Started> {
  const out = join(dir, "out.jsonl");
  const started = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [CLI, "run", "-j", journal, "-i", input, "-o", out, "--pace-ms", String(paceMs)],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  let stderr = "";
  let ready = 0;
  child.stderr!.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
    if (ready === 0 && stderr.includes('"msg":"ready"')) ready = performance.now();
  });
  const stop = async () => {
    child.kill("SIGKILL");
    await exited;
  };
  const deadline = started + 30_000;
  while (ready === 0) {
    if (child.exitCode !== null || performance.now() > deadline) {
      await stop();
      throw new Error(`feltguard run did not get ready: ${stderr.slice(-2000)}`);
    }
    await sleep(1);
  }
  return {
    ms: ready - started,
    recovered: stderr.split("\n").find((l) => l.includes('"msg":"recovered"')) ?? "",
    async waitFor(text) {
      const until = performance.now() + 60_000;
      while (!(existsSync(out) && readFileSync(out, "utf8").includes(text))) {
        if (child.exitCode !== null || performance.now() > until) throw new Error(`never saw ${text}`);
        await sleep(20);
      }
    },
    stop,
  };
}

/**
 * Journals the log's events up to the end of hand `hands`, through the core as `feltguard run` does. The
 * disk is not synced on every row here (synchronous=OFF): it is the same file, written in a few seconds.
 */
function buildJournal(path: string, input: string, hands: number): { hands: number; events: number } {
  const config = loadConfig();
  const journal = Journal.open(path, { logger: pino({ level: "silent" }) });
  journal.database!.pragma("synchronous = OFF");
  let now = 0;
  let ended = 0;
  const { runtime } = assembleTable(config, { journal, clock: () => () => now, setTimer: noTimer });
  runtime.addOutput((events, core) => {
    journal.record(events, core, journal.lastSeq);
    ended += events.filter((e) => e.kind === "hand_end").length;
  });
  for (const r of readJsonLines(readFileSync(input, "utf8"), input, InputEvent)) {
    if (!r.ok) throw r.error;
    now = r.value.t;
    runtime.submit(r.value);
    if (ended >= hands) break;
  }
  runtime.stop();
  const events = journal.lastSeq;
  journal.close();
  if (ended < hands) throw new Error(`the log holds only ${ended} hands`);
  return { hands: ended, events };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}
