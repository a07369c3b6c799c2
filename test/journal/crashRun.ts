/**
 * Runs `feltguard run` as a child process and SIGKILLs it at random moments until it finishes. The CLI
 * is bundled once with esbuild (the same sources; node_modules stay external) because starting it
 * through tsx costs ~0.55 s of CPU per start, and two hundred starts must fit a minute on two cores.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
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
  /** The table events this run wrote (complete lines only). */
  out: string;
  /** The checkpoint it recovered from and how long recovery took, when it got that far. */
  recovered: { checkpointSeq: number; replayed: number; ms: number } | null;
}

/** When to kill: so long after the start (while it starts and recovers), or after it has recovered. */
export type KillPlan = { after: "start" | "recovered"; ms: number } | null;

/** One start of `feltguard run`, killed as planned (or left to finish when the plan is null). */
export function runOnce(
  cli: string,
  args: { journal: string; input: string; out: string; paceMs: number },
  plan: KillPlan,
): Promise<RunRecord> {
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
      String(args.paceMs),
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  let killed = false;
  let timer: NodeJS.Timeout | null = null;
  const arm = (ms: number) => (timer = setTimeout(() => (killed = child.kill("SIGKILL")), ms));
  if (plan?.after === "start") arm(plan.ms);
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
    if (plan?.after === "recovered" && timer === null && stderr.includes('"msg":"recovered"')) arm(plan.ms);
  });
  return new Promise((resolve, reject) => {
    child.on("exit", (code, signal) => {
      if (timer) clearTimeout(timer);
      if (signal === null && code !== 0) reject(new Error(`feltguard run exited ${code}: ${stderr}`));
      const text = existsSync(args.out) ? readFileSync(args.out, "utf8") : "";
      // A kill can cut the last line short: only whole lines were written.
      const out = text.slice(0, text.lastIndexOf("\n") + 1);
      resolve({ killed: killed && signal === "SIGKILL", out, recovered: recoveredLine(stderr) });
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

/** Kills the table `kills` times at random moments, then lets it finish; returns every run in order. */
export async function crashLane(
  cli: string,
  dir: string,
  input: string,
  options: { kills: number; seed: number; paceMs: number; startMs: number; dealMs: number },
): Promise<RunRecord[]> {
  const rng = mulberry32(options.seed);
  const journal = join(dir, "journal.db");
  const runs: RunRecord[] = [];
  let kills = 0;
  while (kills < options.kills) {
    const run = await runOnce(
      cli,
      { journal, input, out: join(dir, `out-${runs.length}.jsonl`), paceMs: options.paceMs },
      // A third of the kills land while it starts and recovers, the rest while it deals.
      rng() < 0.33
        ? { after: "start", ms: randInt(rng, 0, options.startMs) }
        : { after: "recovered", ms: randInt(rng, 0, options.dealMs) },
    );
    runs.push(run);
    if (run.killed) kills += 1;
    else break;
  }
  runs.push(
    await runOnce(cli, { journal, input, out: join(dir, `out-${runs.length}.jsonl`), paceMs: 0 }, null),
  );
  return runs;
}
