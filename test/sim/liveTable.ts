/**
 * A paced simulated flop-game table with its floor page, as npm start runs it, stepped by the test
 * (SteppedTime): shared by the tests of the dealer following the floor. Order, not speed.
 */
import { afterEach } from "vitest";
import { type Config, loadConfig } from "../../src/config/config.js";
import type { InputEventIn } from "../../src/contract/input.js";
import type { TableEvent } from "../../src/contract/output.js";
import type { AlertCode } from "../../src/hand/alerts.js";
import { type HandSource, runSim, withScanRounds } from "../../src/sim/run.js";
import { ScanRounds, scanLayout } from "../../src/sim/scanRounds.js";
import { FlopSession } from "../../src/sim/session.js";
import { startFloorPage } from "../../src/web/start.js";
import { until } from "../feed/brokers.js";
import { SteppedTime } from "./steppedTime.js";
import { shadowFocus } from "../../src/sim/scanFocus.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const TOKEN = "a-floor-token-for-tests";

export interface Table {
  events: TableEvent[];
  inputs: InputEventIn[];
  /** Steps real (= table) time by `ms`, in 50 ms steps, until `done` says so. */
  playUntil(done: () => boolean, limitMs?: number): Promise<void>;
  play(ms: number): Promise<void>;
  rule(op: Record<string, unknown>): Promise<number>;
}

/** A paced simulated table with its floor page, as npm start runs it (scan rounds of `scanMs` if given). */
export async function liveTable(
  inject: readonly AlertCode[],
  seed: number,
  scanMs?: number,
  focus = false,
): Promise<Table> {
  const config = withScanRound(loadConfig("config/default.yaml"), scanMs);
  const session = new FlopSession({
    seed,
    noise: false,
    inject,
    game: "nlhe",
    seatCount: config.table.seats,
    deck: config.deck,
    chips: config.chips,
    bbAnteOrder: config.house.bbAnteOrder,
  });
  return liveTableOf(scanned(session, config, scanMs, focus), config);
}

/** The configuration with scan rounds of `scanMs`, if given. */
export function withScanRound(base: Config, scanMs: number | undefined): Config {
  return scanMs === undefined ? base : { ...base, reading: { ...base.reading, scanRoundMs: scanMs } };
}

/** The source as the readers report it in scan rounds of `scanMs` (with the host's focus if asked), if given. */
export function scanned(source: HandSource, config: Config, scanMs?: number, focus = false): HandSource {
  if (scanMs === undefined) return source;
  return withScanRounds(
    source,
    new ScanRounds({
      roundMs: scanMs,
      missedScans: config.reading.missedScans,
      antennas: scanLayout(config),
      ...(focus ? { focus: shadowFocus(config) } : {}),
    }),
  );
}

/** Any game's simulated source played live on a table assembled from `config`, its floor page served. */
export async function liveTableOf(source: HandSource, config: Config): Promise<Table> {
  const time = new SteppedTime();
  const abort = new AbortController();
  const events: TableEvent[] = [];
  const inputs: InputEventIn[] = [];
  let url: string | null = null;
  const run = runSim(
    {
      source,
      hands: null,
      pace: { speed: 1, pacer: time },
      signal: abort.signal,
      outputs: [(es) => void events.push(...es)],
      onInput: (e) => void inputs.push(e),
      onRuntime: async (runtime) => {
        url = await startFloorPage(
          runtime,
          { ...config, displays: { ...config.displays, web: { host: "127.0.0.1", port: 0 } } },
          { signal: abort.signal, env: { FELTGUARD_FLOOR_TOKEN: TOKEN } },
        );
      },
    },
    config,
  );
  cleanups.push(async () => {
    abort.abort();
    await run;
  });
  await until(() => url !== null, "the floor page");
  let now = 0;
  const table: Table = {
    events,
    inputs,
    async playUntil(done, limitMs = 20 * 60_000) {
      const end = now + limitMs;
      while (!done() && now < end) {
        now += 50;
        await time.advance(now);
      }
      if (!done()) throw new Error("the table never got there");
    },
    async play(ms) {
      for (const end = now + ms; now < end;) {
        now += 250;
        await time.advance(now);
      }
    },
    async rule(op) {
      const r = await fetch(`${url}api/floor`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify(op),
      });
      return r.status;
    },
  };
  return table;
}

export const alertCodes = (events: readonly TableEvent[]) =>
  events.flatMap((e) => (e.kind === "alert" && e.severity !== "info" ? [e.code] : []));

/** The events of hand `hand`, from its start to its end. */
export function handEvents(events: readonly TableEvent[], hand: number): TableEvent[] {
  const from = events.findIndex((e) => e.kind === "hand_start" && e.hand === hand);
  const to = events.findIndex((e, i) => i > from && e.kind === "hand_end");
  return from < 0 ? [] : events.slice(from, to < 0 ? undefined : to + 1);
}

export const currentHand = (events: readonly TableEvent[]): number => {
  const start = events.filter((e) => e.kind === "hand_start").at(-1);
  if (start?.kind !== "hand_start") throw new Error("no hand");
  return start.hand;
};
