/**
 * The detection report on long runs (issues 6 and 9): every injected error detected, no false alert.
 * Hold'em: `feltguard sim --hands 10000 --seed 1 --inject all --noise --report`; Three Card Poker:
 * `feltguard sim --game tcp --hands 10000 --inject all --noise --report` with the house result.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import type { BenchFigure } from "./figure.js";

const ROOT = join(import.meta.dirname, "..");

function sim(args: string[]): { out: string; seconds: number; code: number | null } {
  const started = performance.now();
  const r = spawnSync(process.execPath, [join(ROOT, "bin/feltguard.js"), "sim", ...args], {
    encoding: "utf8",
  });
  return { out: `${r.stdout}\n${r.stderr}`, seconds: (performance.now() - started) / 1000, code: r.status };
}

/** Runs both reports and turns their totals into figures. */
export async function run(): Promise<BenchFigure[]> {
  const holdem = sim(["--hands", "10000", "--seed", "1", "--inject", "all", "--noise", "--report"]);
  const total = /^total\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/m.exec(holdem.out);
  const mismatches = /stack or result mismatches: (\d+)/.exec(holdem.out);
  if (!total || !mismatches) throw new Error(`unexpected report:\n${holdem.out.slice(-2000)}`);
  const [injected, detected, , falseAlerts] = total.slice(1).map(Number) as [number, number, number, number];
  const tcp = sim([
    "--game",
    "tcp",
    "--hands",
    "10000",
    "--seed",
    "1",
    "--inject",
    "all",
    "--noise",
    "--report",
  ]);
  const codes = [...tcp.out.matchAll(/^(MISDEAL_CARD_COUNT|TCP_\w+)\s+(\d+)\s+(\d+)$/gm)];
  const tcpInjected = codes.reduce((n, m) => n + Number(m[2]), 0);
  const tcpDetected = codes.reduce((n, m) => n + Number(m[3]), 0);
  const house = /house result: (-?\d+) chips on (\d+) wagered \(([-\d.]+)%\)/.exec(tcp.out);
  const tcpClean = /false alerts: none/.test(tcp.out) && /RESULT: clean/.test(tcp.out);
  return [
    {
      name: "hold'em: errors detected / injected (10,000 hands, seed 1, all codes, noise)",
      value: detected,
      unit: `of ${injected}`,
      target: "all",
      met: detected === injected && holdem.code === 0,
      note: `${holdem.seconds.toFixed(1)} s; ${mismatches[1]} stack or result mismatches`,
    },
    { name: "hold'em: false alerts", value: falseAlerts, unit: "", target: "0", met: falseAlerts === 0 },
    {
      name: "Three Card Poker: errors detected / injected (10,000 hands, all codes, noise)",
      value: tcpDetected,
      unit: `of ${tcpInjected}`,
      target: "all, no false alert",
      met: tcpDetected === tcpInjected && tcpClean,
      note: `${tcp.seconds.toFixed(1)} s`,
    },
    {
      name: "Three Card Poker: house result over the run",
      value: Number(house?.[1] ?? Number.NaN),
      unit: "chips",
      target: "",
      met: null,
      note: house ? `on ${Number(house[2]).toLocaleString("en-US")} wagered (${house[3]}%)` : "not reported",
    },
  ];
}
