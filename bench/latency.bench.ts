/**
 * Latency from a bridge frame to the display output it causes. The bridge emulator plays Pluribus hands
 * on a pseudo-terminal and logs the monotonic time of every frame it writes (--trace); the host reads
 * them through the real serialport binding, the bridge driver, the SQLite journal and the core, and
 * times each event's first pin write (seat LEDs, digits) and WebSocket message (latencyTable.ts).
 */
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { loadConfig } from "../src/config/config.js";
import { channelMap } from "../src/runtime/tableDevices.js";
import { type EmulatedBridge, openEmulatedBridge, playHostSchedule } from "../src/sim/emulator.js";
import type { BenchFigure } from "./figure.js";
import { latencyPlan } from "./latencyPlan.js";
import { openLatencyTable, type TimedEvent } from "./latencyTable.js";

/** Tag commands in the script: at least 10,000 frames (the minimum); FELTGUARD_LATENCY_FRAMES for a quick try. */
const TAG_COMMANDS = Number(process.env.FELTGUARD_LATENCY_FRAMES ?? 10_200);
/**
 * Simulated milliseconds per real millisecond, and the emulator's loop tick: it scans one of its 24
 * channels per tick, ~7 ms a round, so a tag is reported within ~0.2 simulated seconds at this pace
 * (a real bridge: 8 channels of ~25 ms, K = 3 for departures).
 */
const SPEEDUP = 30;
const TICK_US = 250;

/** A tag frame the emulator wrote: when, its type, channel and UIDs. */
interface TracedFrame {
  us: number;
  type: number;
  channel: number;
  uids: string[];
}

export async function run(): Promise<BenchFigure[]> {
  const config = loadConfig();
  const channels = Object.fromEntries(
    Object.entries(channelMap(config)).map(([ch, name]) => [name, Number(ch)]),
  );
  const plan = latencyPlan(TAG_COMMANDS, SPEEDUP, channels);
  const table = await openLatencyTable(config, plan.uids, SPEEDUP);
  let link: EmulatedBridge | null = null;
  try {
    // The emulator (built if needed) on its pty, the bridge driver on the real serialport binding.
    link = await openEmulatedBridge(table.runtime, config, { script: plan.script, tickUs: TICK_US, k: 1 });
    // The dealer's keys and the floor, on the script's clock.
    await playHostSchedule(plan.host, link.startUs, (event) => table.submit(event));
    await link.emulator.exited;
    await sleep(300); // the last WebSocket messages
    return figures(parseTrace(readFileSync(link.trace, "utf8")), table.timed, table.events, plan);
  } finally {
    await link?.close();
    await table.close();
  }
}

const TAG_ARRIVED = 4;
const TAG_DEPARTED = 5;

function parseTrace(text: string): TracedFrame[] {
  const frames: TracedFrame[] = [];
  for (const line of text.split("\n")) {
    const [us, what, type, , channel, ...uids] = line.split(" ");
    if (what !== "frame" || uids.length === 0) continue;
    frames.push({ us: Number(us), type: Number(type), channel: Number(channel), uids });
  }
  return frames;
}

/** Matches each tag frame to the bridge event that carried its UIDs, and sums up. */
function figures(
  frames: TracedFrame[],
  timed: TimedEvent[],
  events: readonly { kind: string; code?: string; result?: string }[],
  plan: ReturnType<typeof latencyPlan>,
): BenchFigure[] {
  const config = loadConfig();
  const antennaOf = channelMap(config);
  const carriers = new Map<string, TimedEvent[]>();
  for (const e of timed) {
    for (const [type, uids] of [
      [TAG_ARRIVED, e.added],
      [TAG_DEPARTED, e.removed],
    ] as const) {
      for (const uid of uids) {
        const key = `${type}:${e.antenna}:${uid}`;
        const list = carriers.get(key) ?? [];
        list.push(e);
        carriers.set(key, list);
      }
    }
  }
  const toDone: number[] = [];
  const toOutput: number[] = [];
  const toWs: number[] = [];
  let unmatched = 0;
  const toTaken: number[] = [];
  const inRuntime: number[] = [];
  for (const f of frames) {
    // Every UID of the frame consumes its carrier, so a stack placed at once stays in step.
    const found = f.uids.map((uid) => carriers.get(`${f.type}:${antennaOf[f.channel]}:${uid}`)?.shift());
    const e = found[0];
    if (!e) {
      unmatched += 1;
      continue;
    }
    toDone.push(e.done - f.us);
    toTaken.push(e.taken - f.us);
    inRuntime.push(e.done - e.taken);
    const first = Math.min(e.pin ?? Infinity, e.ws ?? Infinity);
    if (first !== Infinity) toOutput.push(first - f.us);
    if (e.ws !== null) toWs.push(e.ws - f.us);
  }
  const hands = events.filter((e) => e.kind === "hand_end").length;
  const complete = events.filter((e) => e.kind === "hand_end" && e.result === "complete").length;
  // The readers go offline when the emulator exits at the end of its script: not the hands' alerts.
  const codes = new Map<string, number>();
  for (const e of events) {
    if (e.kind === "alert" && e.code !== "READER_OFFLINE") codes.set(e.code!, (codes.get(e.code!) ?? 0) + 1);
  }
  const alerts = [...codes].map(([code, n]) => `${code} ×${n}`).join(", ") || "none";

  const context =
    `${frames.length.toLocaleString("en-US")} tag frames (${unmatched} unmatched) over ${plan.hands} Pluribus hands ` +
    `(${complete}/${hands} ended complete; alerts: ${alerts}), played ${SPEEDUP}× faster than real time ` +
    `(the runtime's clock too) in ${(plan.durationMs / 1000).toFixed(0)} s; emulator on a pty, real serialport ` +
    "binding, SQLite journal, johnny-five on mock-firmata, e-paper panel on a mock port, one WebSocket client " +
    "in the same process; other work on the 2 shared cores makes the tail noisy";
  const ms = (us: number) => us / 1000;
  const quantiles = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) => ms(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN);
    return `p50 ${at(0.5).toFixed(2)} / p99 ${at(0.99).toFixed(2)} ms`;
  };
  const stat = (name: string, values: number[], target: string, note: string): BenchFigure[] => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) => ms(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN);
    const p99 = at(0.99);
    return [
      { name: `${name}: p50`, value: at(0.5), unit: "ms", target: "", met: null },
      {
        name: `${name}: p99`,
        value: p99,
        unit: "ms",
        target,
        met: target === "" ? null : p99 <= 5,
        note: `${values.length.toLocaleString("en-US")} frames; ${note}`,
      },
      { name: `${name}: max`, value: ms(sorted.at(-1) ?? NaN), unit: "ms", target: "", met: null },
    ];
  };
  return [
    ...stat(
      "frame → first display output (pin write or WebSocket message)",
      toOutput,
      "≤ 5 ms",
      `the frames whose event changed a display at once; a bet's chips show after the settle window (a timer), not counted here. ${context}`,
    ),
    ...stat(
      "frame → event journaled, through the core and every output",
      toDone,
      "",
      `every tag frame, including those that change no display. Of which: frame → the runtime takes the event (pty, serialport, bridge driver) ${quantiles(toTaken)}; the runtime (journal insert with synchronous=FULL, core, displays, floor page) ${quantiles(inRuntime)}`,
    ),
    ...stat(
      "frame → WebSocket message received",
      toWs,
      "",
      "the floor page's client, in the benchmark's process",
    ),
  ];
}
