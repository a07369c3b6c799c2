/**
 * `npm run bench`: runs every benchmark (bench/*.bench.ts) on this machine and writes
 * bench/results.md — the machine, the date, and every figure beside its target.
 * `npm run bench -- rules replay` runs only those.
 */
import { readdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import type { BenchFigure, BenchRun } from "./figure.js";

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const modules = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();

const sections: { name: string; figures: BenchFigure[]; seconds: number; error?: string }[] = [];
for (const file of modules) {
  const name = file.replace(/\.bench\.ts$/, "");
  process.stderr.write(`bench: ${name}…\n`);
  const started = performance.now();
  try {
    const mod = (await import(join(dir, file))) as { run: BenchRun };
    const figures = await mod.run();
    sections.push({ name, figures, seconds: (performance.now() - started) / 1000 });
    for (const f of figures)
      process.stderr.write(
        `  ${f.name}: ${format(f.value)} ${f.unit} ${f.target ? `(target ${f.target}: ${f.met ? "met" : "NOT met"})` : ""}\n`,
      );
  } catch (e) {
    sections.push({
      name,
      figures: [],
      seconds: (performance.now() - started) / 1000,
      error: (e as Error).stack ?? String(e),
    });
    process.stderr.write(`  failed: ${(e as Error).message}\n`);
  }
}

function format(v: number): string {
  if (Number.isInteger(v)) return v.toLocaleString("en-US");
  return v >= 100 ? Math.round(v).toLocaleString("en-US") : v.toPrecision(3);
}

const cpu = cpus()[0]?.model ?? "unknown CPU";
const lines = [
  "# Benchmark results",
  "",
  `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.`,
  "",
];
for (const s of sections) {
  lines.push(`## ${s.name} (${s.seconds.toFixed(1)} s)`, "");
  if (s.error) {
    lines.push("The benchmark failed:", "", "```", s.error, "```", "");
    continue;
  }
  lines.push("| figure | value | target | met |", "| --- | ---: | --- | --- |");
  for (const f of s.figures) {
    lines.push(
      `| ${f.name} | ${format(f.value)} ${f.unit} | ${f.target || "—"} | ${f.met === null ? "—" : f.met ? "yes" : "**no**"} |`,
    );
  }
  const notes = s.figures.filter((f) => f.note);
  if (notes.length > 0) lines.push("", ...notes.map((f) => `- ${f.name}: ${f.note}`));
  lines.push("");
}
if (only.length === 0) writeFileSync(join(dir, "results.md"), lines.join("\n"));
else process.stdout.write(lines.join("\n"));
process.exitCode = sections.some((s) => s.error) ? 1 : 0;
