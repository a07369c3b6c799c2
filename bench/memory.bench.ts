/** Peak RSS of the simulated table over 10,000 hands (`feltguard sim --report`, the built CLI). */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { BenchFigure } from "./figure.js";

const ROOT = join(import.meta.dirname, "..");
const ARGS = ["sim", "--hands", "10000", "--seed", "1", "--inject", "all", "--noise", "--report"];
/** Preloaded into the child: its own peak RSS (getrusage), written to stderr as it exits. */
const REPORT_RSS =
  "data:text/javascript,process.on('exit',()=>process.stderr.write(`maxrss ${process.resourceUsage().maxRSS}\\n`))";

export async function run(): Promise<BenchFigure[]> {
  if (!existsSync(join(ROOT, "dist/app/main.js"))) throw new Error("dist/ is missing: run npm run build");
  const started = performance.now();
  // As the service runs it (hardware.md): V8 sized for memory rather than throughput.
  const r = spawnSync(
    process.execPath,
    ["--optimize-for-size", `--import=${REPORT_RSS}`, join(ROOT, "bin/feltguard.js"), ...ARGS],
    {
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
    },
  );
  const seconds = (performance.now() - started) / 1000;
  const kb = /maxrss (\d+)/.exec(r.stderr)?.[1];
  // The report's exit code says whether detection was clean; the memory figure stands either way.
  if (kb === undefined) throw new Error(`feltguard sim failed (${r.status}): ${r.stderr.slice(-2000)}`);
  // getrusage reports KiB; the target is in MB (10^6 bytes), so it is compared in MB.
  const mb = (Number(kb) * 1024) / 1e6;
  const result = /RESULT: .*|\d+ input events in [\d.]+ s/.exec(r.stdout)?.[0] ?? "";
  return [
    {
      name: "peak RSS, 10,000-hand simulated run",
      value: Math.round(mb),
      unit: "MB",
      target: "≤ 120 MB",
      met: mb <= 120,
      note:
        `node --optimize-for-size bin/feltguard.js ${ARGS.join(" ")} (as the service runs; no journal: the sim drives the runtime and core directly); ` +
        `getrusage maxRSS of the process; ${seconds.toFixed(1)} s${result ? `; ${result}` : ""}`,
    },
  ];
}
