/**
 * The Three Card Poker simulator: every injected error detected, no false alert, the house's result;
 * on a table assembled from config/tcp.yaml, as `feltguard sim --game tcp` assembles it.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config/config.js";
import { ScanRounds, scanLayout } from "../../../src/sim/scanRounds.js";
import { parseInjections, TCP_INJECTION_KINDS } from "../../../src/sim/tcp/inject.js";
import {
  formatTcpReport,
  runTcpSim,
  TCP_SIM_ANTENNAS,
  tcpSimTableProblem,
  trayBalanced,
} from "../../../src/sim/tcp/run.js";
import { REPO_ROOT } from "../../support/paths.js";

const tcp = loadConfig(join(REPO_ROOT, "config/tcp.yaml"));

/** `hands` at random pace with reader noise, one code injected, read through the table's own scan rounds. */
function scannedRun(config: typeof tcp, hands: number, seed: number, inject: string) {
  const { scanRoundMs: roundMs, missedScans } = config.reading;
  const scan = new ScanRounds({ roundMs, missedScans, antennas: scanLayout(config) });
  return runTcpSim({ hands, seed, inject, noise: true, pace: "random", scan }, config);
}

describe("Three Card Poker simulator", () => {
  it("300 hands with every error injected and reader noise: all detected, no false alert", () => {
    const r = runTcpSim({ hands: 300, seed: 11, inject: "all", noise: true }, tcp);
    expect(Object.keys(r.codes).sort()).toEqual([
      "LOSING_BET_LEFT",
      "MISDEAL_CARD_COUNT",
      "PAYOUT_WRONG",
      "TCP_BET_AFTER_DEAL",
      "TCP_BET_INVALID",
      "TCP_BLIND_PLAY_MISSING",
      "TCP_DEALER_EXPOSED",
      "TCP_PLAYER_EXPOSED",
      "TRAY_VARIANCE",
    ]);
    for (const [code, c] of Object.entries(r.codes)) {
      expect(c.injected, code).toBeGreaterThan(0);
      expect(c.detected, code).toBe(c.injected);
    }
    expect(r.falseAlerts).toEqual({});
    expect(r.wrongEnds).toBe(0);
    expect(r.results.unfinished).toBe(0);
    expect(r.house.net).toBe(r.house.expected);
    expect(formatTcpReport(r)).toContain("false alerts: none");
    // Issue 18: the tray moved by the house's result, less the chips palmed, which the variances name.
    expect(r.tray.palmed).toBeGreaterThan(0);
    expect(trayBalanced(r)).toBe(true);
  });

  // events.md, "Reading at any pace": every judgement of order allows one scan round. The readers of
  // config/tcp.yaml scan in rounds (channel order, K missed scans) and the dealer's pace is drawn per
  // hand and action; the same table reads it all with no false alert and no error missed.
  for (const roundMs of [200, 600]) {
    it(`reading at any pace: 1000 hands at random pace through ${roundMs} ms scan rounds, clean`, () => {
      const config = { ...tcp, reading: { ...tcp.reading, scanRoundMs: roundMs } };
      const { missedScans } = config.reading;
      const scan = new ScanRounds({ roundMs, missedScans, antennas: scanLayout(config) });
      const r = runTcpSim({ hands: 1000, seed: 4, inject: "all", noise: true, pace: "random", scan }, config);
      for (const [code, c] of Object.entries(r.codes)) {
        expect(c.injected, code).toBeGreaterThan(0);
        expect(c.detected, code).toBe(c.injected);
      }
      expect(r.falseAlerts).toEqual({});
      expect(r.wrongEnds).toBe(0);
      expect(r.results.unfinished).toBe(0);
      expect(r.house.net).toBe(r.house.expected);
      expect(trayBalanced(r)).toBe(true);
    });
  }

  // With K = 5 missed scans at 600 ms rounds a short deal is judged 3.6 s after its last card: the
  // simulated floor comes no sooner (it came after 3-6 s, and a ruling before the alert was refused).
  it("a short deal read with K = 5 at 600 ms rounds: the floor rules once the table has alerted", () => {
    const config = { ...tcp, reading: { ...tcp.reading, scanRoundMs: 600, missedScans: 5 } };
    const r = scannedRun(config, 300, 50, "MISDEAL_CARD_COUNT");
    expect(r.codes.MISDEAL_CARD_COUNT!.injected).toBeGreaterThan(30);
    expect(r.codes.MISDEAL_CARD_COUNT!.detected).toBe(r.codes.MISDEAL_CARD_COUNT!.injected);
    expect(r.falseAlerts).toEqual({});
    expect(r.wrongEnds).toBe(0);
  });

  // A house's longer settle window (900 ms) and fewer missed scans (2) at 400 ms rounds: a chip reads as
  // a bet only once its zone has settled, so the simulated dealer takes back a bet put down after the
  // first card no sooner than that (he took it back after 0.6-0.9 s, tuned to the default 400 ms window).
  it("a late bet under a 900 ms settle window and K = 2: the table reads it, the dealer takes it back after", () => {
    const reading = { ...tcp.reading, scanRoundMs: 400, missedScans: 2 };
    const r = scannedRun({ ...tcp, settleWindowMs: 900, reading }, 200, 52, "TCP_BET_AFTER_DEAL");
    expect(r.codes.TCP_BET_AFTER_DEAL!.injected).toBeGreaterThan(20);
    expect(r.codes.TCP_BET_AFTER_DEAL!.detected).toBe(r.codes.TCP_BET_AFTER_DEAL!.injected);
    expect(r.falseAlerts).toEqual({});
  });

  it("clean hands raise no alert at all and settle as the simulator's own settlement says", () => {
    const r = runTcpSim({ hands: 200, seed: 5, inject: "none", noise: true }, tcp);
    expect(r.falseAlerts).toEqual({});
    expect(r.results).toEqual({ complete: 200, misdeal: 0, void: 0, unfinished: 0 });
    expect(r.house.net).toBe(r.house.expected);
    expect(r.house.staked).toBeGreaterThan(0);
    expect(r.tray).toMatchObject({ palmed: 0, variance: 0 });
    expect(r.tray.moved).toBe(r.house.net);
  });

  it("is deterministic from the seed", () => {
    const a = runTcpSim({ hands: 50, seed: 3, inject: "all" }, tcp);
    const b = runTcpSim({ hands: 50, seed: 3, inject: "all" }, tcp);
    expect(a).toEqual(b);
  });

  it("plays on the table of its configuration, numbered as every assembled table's events are", () => {
    const seqs: number[] = [];
    runTcpSim(
      { hands: 20, seed: 3, inject: "all", onHand: (h) => seqs.push(...h.output.map((e) => e.seq ?? 0)) },
      tcp,
    );
    expect(seqs.length).toBeGreaterThan(100);
    // The runtime numbers every event (events.md); the simulator feeds no table but the assembled one.
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  });

  it("config/tcp.yaml has the simulated table; a configuration without its zones is refused, naming them", () => {
    expect(tcpSimTableProblem(tcp)).toBeNull();
    expect(TCP_SIM_ANTENNAS.every((a) => a in tcp.antennas)).toBe(true);
    const { prime3: _gone, ...antennas } = tcp.antennas;
    const without = { ...tcp, antennas };
    expect(tcpSimTableProblem(without)).toBe(
      "antennas: the simulated table deals on prime3, which are missing",
    );
    expect(() => runTcpSim({ hands: 1 }, without)).toThrow(/prime3/);
    expect(tcpSimTableProblem({ ...tcp, chips: [5, 25, 100] })).toMatch(/^chips: 1, 500, 1000/);
    expect(tcpSimTableProblem({ ...tcp, registry: { simulated: false } })).toMatch(/registry.simulated/);
  });

  it("--inject takes all, none, kinds or codes", () => {
    expect(parseInjections("all")).toEqual(TCP_INJECTION_KINDS);
    expect(parseInjections("none")).toEqual([]);
    expect(parseInjections("MISDEAL_CARD_COUNT,dealer-exposed")).toEqual([
      "box-extra-card",
      "box-short",
      "dealer-extra-card",
      "dealer-short",
      "dealer-exposed",
    ]);
    expect(() => parseInjections("nonsense")).toThrow(/unknown injection/);
  });
});
