/**
 * The Three Card Poker simulator: hands dealt at a simulated 7-box table, fed through the TCP table
 * as they happen, with errors injected; the report says, per alert code, how many were injected and
 * detected, every alert nobody caused, and the house's result over the run.
 *
 * The table is the product's, built from its configuration by the one assembly (src/runtime/assemble.ts)
 * as `sim` builds a hold'em table: the configuration adapted once (src/runtime/tableSettings.ts), the
 * runtime feeding the core on the simulator's clock. The hands are the dealer's (./dealer.ts), the
 * same the live table plays (./session.ts).
 */
import type { InputEvent, TableEvent } from "../../contract/index.js";
import type { TableConfig } from "../../runtime/assemble.js";
import { registryFromConfig } from "../../runtime/tableSettings.js";
import type { ScanRounds } from "../scanRounds.js";
import { TcpDealer, type TcpDealerOptions } from "./dealer.js";
import { MISDEALS, TCP_INJECTIONS, type TcpInjection } from "./inject.js";
import { SimulatedTable, tcpSimTableProblem } from "./table.js";

// What the simulated table needs of its configuration, with the rest of the table's side (./table.ts).
export { TCP_SIM_ANTENNAS, tcpSimTableProblem } from "./table.js";

export interface TcpSimOptions extends TcpDealerOptions {
  hands: number;
  /**
   * The readers scan in rounds (src/sim/scanRounds.ts, laid out from the same configuration); the
   * table reads with that configuration's round and K (`reading`). Absent: every change is reported
   * as it happens.
   */
  scan?: ScanRounds;
  /** Called with each hand's input and output (for tracing a hand the report counts as wrong). */
  onHand?: (hand: TcpHandTrace) => void;
}

/** One simulated hand as fed and answered, for tracing. */
export interface TcpHandTrace {
  n: number;
  injection: { kind: TcpInjection; box: number } | null;
  /** The input events as submitted to the table's runtime. */
  input: readonly InputEvent[];
  output: readonly TableEvent[];
}

export interface TcpCodeCount {
  injected: number;
  detected: number;
}

/** One pace profile's share of the run (random pace). */
export interface TcpProfileCount {
  hands: number;
  injected: number;
  detected: number;
  falseAlerts: number;
  wrongEnds: number;
}

export interface TcpSimReport {
  hands: number;
  seed: number;
  results: { complete: number; misdeal: number; void: number; unfinished: number };
  /** Per alert code: errors injected and the ones the table alerted in the same hand. */
  codes: Record<string, TcpCodeCount>;
  /** Alerts raised in hands where nothing caused them, by code. */
  falseAlerts: Record<string, number>;
  /** Hands with a misdeal injected that did not end as one, and clean hands that did not complete. */
  wrongEnds: number;
  /** The same, per pace profile (only `fixed` at fixed pace). */
  profiles: Record<string, TcpProfileCount>;
  house: {
    /** The house's net over the run, from `hand_end.house`. */
    net: number;
    /** What the simulator's own settlement says it should be. */
    expected: number;
    /** Chips wagered over the run. */
    staked: number;
    /** net / staked. */
    edge: number;
  };
  /**
   * The tray over the run (issue 18): its value as the table last read it, less its value at the
   * start and the cage's fills, is what the house won; chips palmed from it are what is missing.
   */
  tray: {
    /** The tray's last `tray` event's read, less the opening float and the fills. */
    moved: number;
    /** Chips the simulator palmed (ground truth) and the variances the table reported. */
    palmed: number;
    variance: number;
    /** The house's net over every hand the tray was judged after (complete hands), to compare. */
    house: number;
  };
}

/**
 * Runs the simulator on a table assembled from `config` (a Three Card Poker table's: config/tcp.yaml
 * or one like it); deterministic from the seed.
 */
export function runTcpSim(options: TcpSimOptions, config: TableConfig): TcpSimReport {
  const problem = tcpSimTableProblem(config);
  if (problem !== null) throw new Error(`the Three Card Poker simulator's table: ${problem}`);
  const seed = options.seed ?? 1;
  const dealer = new TcpDealer(options, config);
  const table = new SimulatedTable(config, registryFromConfig(config));
  const scan = options.scan;
  const report = emptyReport(options.hands, seed);
  for (const kind of dealer.kinds) report.codes[TCP_INJECTIONS[kind]] ??= { injected: 0, detected: 0 };
  for (let n = 0; n < options.hands; n++) {
    const dealt = dealer.hand();
    if (dealt === null) continue;
    // The readers go on scanning to the hand's last moment: what moved at its end is reported in it.
    const input = scan ? [...scan.push(dealt.events), ...scan.advanceTo(dealt.end)] : dealt.events;
    const { fed, out } = table.feed(input, dealt.end);
    options.onHand?.({ n, injection: dealt.injection, input: fed, output: out });
    score(report, out, dealt.injection, dealt.truth, dealer.pace.profile);
  }
  const tray = dealer.tray;
  report.tray.moved = report.tray.moved - dealer.opening - tray.filled + tray.credited;
  report.tray.palmed = tray.palmed;
  // The readers' last departures.
  if (scan) table.feed(scan.flush(), dealer.tl.t);
  table.stop();
  report.house.edge = report.house.staked === 0 ? 0 : report.house.net / report.house.staked;
  return report;
}

/** Injections about the dealer's hand: their alert names no box. */
const DEALER_ERRORS: ReadonlySet<TcpInjection> = new Set([
  "dealer-extra-card",
  "dealer-short",
  "dealer-exposed",
  "tray-palmed",
]);

function score(
  report: TcpSimReport,
  out: TableEvent[],
  injection: { kind: TcpInjection; box: number } | null,
  truth: { misdeal: boolean; house: number; staked: number },
  profileName: string,
): void {
  const kind = injection?.kind ?? null;
  const expected = kind === null ? null : TCP_INJECTIONS[kind];
  const codes = new Set(out.flatMap((e) => (e.kind === "alert" ? [e.code] : [])));
  const profile = (report.profiles[profileName] ??= {
    hands: 0,
    injected: 0,
    detected: 0,
    falseAlerts: 0,
    wrongEnds: 0,
  });
  profile.hands += 1;
  if (injection !== null && expected !== null) {
    const c = (report.codes[expected] ??= { injected: 0, detected: 0 });
    c.injected += 1;
    profile.injected += 1;
    // Detected: the right code, about the right box (or about no box, for the dealer's hand).
    const seat = DEALER_ERRORS.has(injection.kind) ? undefined : injection.box;
    if (out.some((e) => e.kind === "alert" && e.code === expected && e.seat === seat)) {
      c.detected += 1;
      profile.detected += 1;
    }
  }
  for (const code of codes) {
    if (code === expected) continue;
    report.falseAlerts[code] = (report.falseAlerts[code] ?? 0) + 1;
    profile.falseAlerts += 1;
  }
  const end = out.find((e) => e.kind === "hand_end");
  if (!end || end.kind !== "hand_end") {
    report.results.unfinished += 1;
    return;
  }
  report.results[end.result] += 1;
  const misdealt = kind !== null && MISDEALS.has(kind);
  if ((end.result === "misdeal") !== misdealt || end.result === "void") {
    report.wrongEnds += 1;
    profile.wrongEnds += 1;
  }
  // The tray's last read is what it holds now; the house's net counts over the hands it was judged after.
  for (const e of out) {
    if (e.kind !== "tray") continue;
    report.tray.moved = e.read;
    report.tray.variance += e.variance;
  }
  if (end.result === "complete") {
    report.tray.house += (end as { house?: number }).house ?? 0;
    report.house.net += (end as { house?: number }).house ?? 0;
    report.house.expected += truth.house;
    report.house.staked += truth.staked;
  }
}

function emptyReport(hands: number, seed: number): TcpSimReport {
  return {
    hands,
    seed,
    results: { complete: 0, misdeal: 0, void: 0, unfinished: 0 },
    codes: {},
    falseAlerts: {},
    wrongEnds: 0,
    profiles: {},
    house: { net: 0, expected: 0, staked: 0, edge: 0 },
    tray: { moved: 0, palmed: 0, variance: 0, house: 0 },
  };
}

/** The house's result equals the tray's movement plus the chips palmed, and the variances reported are those chips. */
export function trayBalanced(r: TcpSimReport): boolean {
  const t = r.tray;
  return t.moved + t.palmed === t.house && t.variance === -t.palmed;
}

/** The report as the command prints it. */
export function formatTcpReport(r: TcpSimReport): string {
  const lines = [
    `Three Card Poker: ${r.hands} hands, seed ${r.seed}`,
    `hands: ${r.results.complete} complete, ${r.results.misdeal} misdeal, ${r.results.void} void, ${r.results.unfinished} unfinished; ${r.wrongEnds} ended wrongly`,
    "code                        injected  detected",
  ];
  for (const [code, c] of Object.entries(r.codes).sort()) {
    lines.push(`${code.padEnd(28)}${String(c.injected).padStart(8)}${String(c.detected).padStart(10)}`);
  }
  const paces = Object.entries(r.profiles).filter(([name]) => name !== "fixed");
  for (const [name, p] of paces.sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(
      `pace ${name}: ${p.hands} hands, ${p.injected} injected, ${p.detected} detected, ` +
        `${p.injected - p.detected} missed, ${p.falseAlerts} false alerts, ${p.wrongEnds} ended wrongly`,
    );
  }
  const falses = Object.entries(r.falseAlerts);
  lines.push(
    falses.length === 0
      ? "false alerts: none"
      : `false alerts: ${falses.map(([code, n]) => `${code} ×${n}`).join(", ")}`,
  );
  const pct = (r.house.edge * 100).toFixed(2);
  lines.push(
    `house result: ${r.house.net} chips on ${r.house.staked} wagered (${pct}%); simulator's own settlement: ${r.house.expected}`,
  );
  const t = r.tray;
  const balanced = trayBalanced(r);
  lines.push(
    `tray: moved ${t.moved} (last read, less the opening float and fills, plus credits), ${t.palmed} palmed, ` +
      `variances reported ${t.variance}; house result ${t.house}: ${balanced ? "equal to the tray's movement and the palmed chips" : "DIFFERS from the tray's movement"}`,
  );
  return lines.join("\n");
}
