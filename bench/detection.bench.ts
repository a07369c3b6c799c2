/**
 * The detection report on long runs (issues 6 and 9): every injected error detected, no false alert.
 * Hold'em: `feltguard sim --hands 10000 --seed 1 --inject all --noise --report`; Three Card Poker:
 * `feltguard sim --game tcp --hands 10000 --inject all --noise --report` with the house result.
 * Issue 13: hold'em and Three Card Poker again at random pace with 200 ms scan rounds.
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

/** The hold'em report's totals (the last "total" row: all paces, after the per-profile blocks). */
function holdemFigures(extra: string[], what: string): BenchFigure[] {
  const holdem = sim(["--hands", "10000", "--seed", "1", "--inject", "all", "--noise", "--report", ...extra]);
  const total = [...holdem.out.matchAll(/^total\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/gm)].at(-1);
  const mismatches = /stack or result mismatches: (\d+)$/m.exec(holdem.out);
  if (!total || !mismatches) throw new Error(`unexpected report:\n${holdem.out.slice(-2000)}`);
  const [injected, detected, , falseAlerts] = total.slice(1).map(Number) as [number, number, number, number];
  return [
    {
      name: `hold'em: errors detected / injected (10,000 hands, seed 1, all codes, noise${what})`,
      value: detected,
      unit: `of ${injected}`,
      target: "all",
      met: detected === injected && holdem.code === 0,
      note: `${holdem.seconds.toFixed(1)} s; ${mismatches[1]} stack or result mismatches`,
    },
    {
      name: `hold'em: false alerts${what}`,
      value: falseAlerts,
      unit: "",
      target: "0",
      met: falseAlerts === 0,
    },
  ];
}

/** Runs the reports and turns their totals into figures. */
export async function run(): Promise<BenchFigure[]> {
  const anyPace = ["--pace", "random", "--scan-ms", "200"];
  const tcpArgs = [
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
  ];
  const tcp = sim(tcpArgs);
  const tcpAnyPace = sim([...tcpArgs, ...anyPace]);
  const tcpAnyPaceClean = /false alerts: none/.test(tcpAnyPace.out) && /RESULT: clean/.test(tcpAnyPace.out);
  const codes = [...tcp.out.matchAll(/^(MISDEAL_CARD_COUNT|TCP_\w+)\s+(\d+)\s+(\d+)$/gm)];
  const tcpInjected = codes.reduce((n, m) => n + Number(m[2]), 0);
  const tcpDetected = codes.reduce((n, m) => n + Number(m[3]), 0);
  const house = /house result: (-?\d+) chips on (\d+) wagered \(([-\d.]+)%\)/.exec(tcp.out);
  const tcpClean = /false alerts: none/.test(tcp.out) && /RESULT: clean/.test(tcp.out);
  return [
    ...holdemFigures([], ""),
    ...holdemFigures(anyPace, ", random pace, 200 ms scan rounds"),
    // #20: the bridges scanning where the table expects the next tag (FOCUS) must not change a verdict.
    ...holdemFigures([...anyPace, "--focus"], ", random pace, 200 ms scan rounds, with focus"),
    {
      name: "Three Card Poker: errors detected / injected (10,000 hands, all codes, noise)",
      value: tcpDetected,
      unit: `of ${tcpInjected}`,
      target: "all, no false alert",
      met: tcpDetected === tcpInjected && tcpClean,
      note: `${tcp.seconds.toFixed(1)} s`,
    },
    {
      name: "Three Card Poker at random pace, 200 ms scan rounds: clean (no miss, no false alert)",
      value: tcpAnyPaceClean ? 1 : 0,
      unit: "",
      target: "1",
      met: tcpAnyPaceClean,
      note: `${tcpAnyPace.seconds.toFixed(1)} s`,
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
