/**
 * Runs `feltguard run` as a child process and SIGKILLs it at random moments until it finishes. The CLI
 * is bundled once with esbuild (the same sources; node_modules stay external) because starting it
 * through tsx costs ~0.55 s of CPU per start, and two hundred starts must fit a minute on two cores.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import Database from "better-sqlite3";
import { join } from "node:path";
import { mulberry32, randInt } from "../../src/sim/random.js";
import { REPO_ROOT } from "../support/paths.js";

/** Bundles src/app/main.ts into node_modules/.cache (so its imports of node_modules resolve). */
export function bundleCli(): string {
  const dir = join(REPO_ROOT, "node_modules/.cache/feltguard-journal-test");
  mkdirSync(dir, { recursive: true });
  const out = join(dir, `main-${process.pid}.mjs`);
  const r = spawnSync(
    join(REPO_ROOT, "node_modules/.bin/esbuild"),
    [
      join(REPO_ROOT, "src/app/main.ts"),
      "--bundle",
      "--platform=node",
      "--format=esm",
      "--packages=external",
      `--outfile=${out}`,
      "--log-level=error",
    ],
    { encoding: "utf8" },
  );
  if (r.status !== 0 || !existsSync(out)) throw new Error(`esbuild failed: ${r.stderr}`);
  return out;
}

export interface RunRecord {
  killed: boolean;
  /** How it was stopped: held at an input and killed there (aimed), killed at a random moment, or not. */
  how: "aimed" | "random" | "finished";
  /** The table events this run wrote (complete lines only). */
  out: string;
  /** The checkpoint it recovered from and how long recovery took, when it got that far. */
  recovered: { checkpointSeq: number; replayed: number; ms: number } | null;
}

/**
 * When to kill: held at input n (after it is journaled and its events written, or between its anchor
 * and its database write) — an order, not a time; or at a random moment after the start or after
 * recovery (the kill then lands wherever the machine's speed puts it: the checks must hold anyway).
 */
export type KillPlan =
  | { hold: { input: number; phase: "journaled" | "anchored" } }
  | { after: "start" | "recovered"; ms: number }
  | null;

/** One start of `feltguard run`, killed as planned (or left to finish when the plan is null). */
export function runOnce(
  cli: string,
  args: { journal: string; input: string; out: string; paceMs: number },
  plan: KillPlan,
): Promise<RunRecord> {
  const hold = plan !== null && "hold" in plan ? plan.hold : null;
  const child = spawn(
    process.execPath,
    [
      cli,
      "run",
      "-c",
      join(REPO_ROOT, "config/default.yaml"),
      "-j",
      args.journal,
      "-i",
      args.input,
      "-o",
      args.out,
      "--pace-ms",
      String(hold === null ? args.paceMs : 0),
      ...(hold === null ? [] : ["--hold-at", `${hold.input}${hold.phase === "anchored" ? ":anchored" : ""}`]),
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  let killed = false;
  let timer: NodeJS.Timeout | null = null;
  const kill = () => (killed = child.kill("SIGKILL"));
  const arm = (ms: number) => (timer = setTimeout(kill, ms));
  if (plan !== null && "after" in plan && plan.after === "start") arm(plan.ms);
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
    if (
      plan !== null &&
      "after" in plan &&
      plan.after === "recovered" &&
      timer === null &&
      stderr.includes('"msg":"recovered"')
    )
      arm(plan.ms);
    if (hold !== null && !killed && /^hold \d+/m.test(stderr)) kill();
  });
  return new Promise((resolve, reject) => {
    child.on("exit", (code, signal) => {
      if (timer) clearTimeout(timer);
      if (signal === null && code !== 0) reject(new Error(`feltguard run exited ${code}: ${stderr}`));
      const text = existsSync(args.out) ? readFileSync(args.out, "utf8") : "";
      // A kill can cut the last line short: only whole lines were written.
      const out = text.slice(0, text.lastIndexOf("\n") + 1);
      const wasKilled = killed && signal === "SIGKILL";
      resolve({
        killed: wasKilled,
        how: !wasKilled ? "finished" : hold !== null ? "aimed" : "random",
        out,
        recovered: recoveredLine(stderr),
      });
    });
  });
}

function recoveredLine(stderr: string): RunRecord["recovered"] {
  for (const line of stderr.split("\n")) {
    if (!line.includes('"msg":"recovered"')) continue;
    const j = JSON.parse(line) as { checkpointSeq: number; replayed: number; ms: number };
    return { checkpointSeq: j.checkpointSeq, replayed: j.replayed, ms: j.ms };
  }
  return null;
}

/** How many inputs the journal holds now (0 before it exists). */
function journaledInputs(journal: string): number {
  if (!existsSync(journal)) return 0;
  const db = new Database(journal, { readonly: true });
  try {
    const n = db.prepare("SELECT max(input) AS n FROM events").get() as { n: number | null };
    return n.n ?? 0;
  } catch {
    return 0;
  } finally {
    db.close();
  }
}

/**
 * Kills the table at each aimed input of `aims` (in order; an aim the journal has already passed moves
 * on to the next input not yet journaled), with a random-moment kill after some of them, then lets it
 * finish; returns every run in order.
 */
export async function crashLane(
  cli: string,
  dir: string,
  input: string,
  options: {
    aims: readonly { input: number; phase: "journaled" | "anchored" }[];
    seed: number;
    paceMs: number;
    startMs: number;
    dealMs: number;
    randomShare: number;
  },
): Promise<RunRecord[]> {
  const rng = mulberry32(options.seed);
  const journal = join(dir, "journal.db");
  const runs: RunRecord[] = [];
  const next = () => join(dir, `out-${runs.length}.jsonl`);
  for (const aim of options.aims) {
    // An anchored hold leaves the next input to be written back at recovery: aim past it.
    const held = journaledInputs(journal) + 1;
    const target = { ...aim, input: Math.max(aim.input, held + 1) };
    runs.push(await runOnce(cli, { journal, input, out: next(), paceMs: 0 }, { hold: target }));
    if (rng() < options.randomShare) {
      const plan: KillPlan =
        rng() < 0.33
          ? { after: "start", ms: randInt(rng, 0, options.startMs) }
          : { after: "recovered", ms: randInt(rng, 0, options.dealMs) };
      runs.push(await runOnce(cli, { journal, input, out: next(), paceMs: options.paceMs }, plan));
    }
  }
  runs.push(await runOnce(cli, { journal, input, out: next(), paceMs: 0 }, null));
  return runs;
}
