/**
 * The simulated table over the device path (`feltguard sim --devices`). Real parts, simulated at the
 * lowest layer: only the far end of the serial port is simulated. The tags of the simulated hands are
 * the bridge emulator's felt (the bridge firmware's core built for this machine, scanning a scripted
 * felt); what it reports goes over a pseudo-terminal into the real serialport binding, the bridge driver,
 * the runtime and the core — the path of `feltguard table`. The dealer's keys and the floor's operations
 * do not go through the bridge at a table either: the host submits them itself, on the same schedule.
 *
 * The simulated dealer never looks at what the controller says, so the hands are dealt up front: the
 * emulator loads its whole script before the board powers up. Time is compressed by `speed`; the
 * runtime's clock (and its timers) run that much faster, so settle windows and departures keep their
 * meaning while the hands play faster than real time.
 */
import { channelMap } from "../runtime/tableDevices.js";
import type { Config } from "../config/configSchema.js";
import { Runtime, type RuntimeOptions, type TableOutput } from "../runtime/runtime.js";
import type { InputEventIn } from "../contract/input.js";
import type { BridgeCounters } from "../devices/bridge/index.js";
import { createTableFromConfig } from "../table/core.js";
import { createRegistry } from "../reading/registry.js";
import { BridgeScriptWriter } from "./bridgeScript.js";
import {
  type EmulatedBridge,
  ensureEmulator,
  monotonicUs,
  openEmulatedBridge,
  playHostSchedule,
  scanRoundMs,
  tickForSpeed,
  untilScriptTime,
} from "./emulator.js";
import type { DetectionLedger } from "./report.js";
import type { HandSource, SimSummary } from "./run.js";

export interface DeviceSimRun {
  readonly config: Config;
  readonly source: HandSource;
  /** Hands to deal (up front, into the emulator's script). */
  readonly hands: number;
  /** Simulated milliseconds per real millisecond. */
  readonly speed: number;
  readonly ledger?: DetectionLedger;
  readonly outputs?: readonly TableOutput[];
  readonly signal?: AbortSignal;
  /** Called with the runtime once it exists (e.g. to start the floor page on it). */
  readonly onRuntime?: (runtime: Runtime) => Promise<void> | void;
  /** The emulator binary (default: built if needed; throws EmulatorUnavailable if it cannot be). */
  readonly emulator?: string;
  /** The emulator's loop tick in µs (default: {@link tickForSpeed}). */
  readonly tickUs?: number;
}

export interface DeviceSimSummary extends SimSummary {
  /** Hands the controller ended (a misdeal's re-deal is a hand of its own). */
  readonly handsEnded: number;
  /** The run was stopped (`signal`) before its last event. */
  readonly stopped: boolean;
  /** Tag commands in the emulator's script (place/remove/clear). */
  readonly tagCommands: number;
  /** Keys and floor operations the host submitted itself. */
  readonly hostEvents: number;
  /** Reports with more tags on one antenna than the bridge inventories. */
  readonly overCapacity: number;
  /** The bridge driver's counters at the end (frames, resends, reconnects). */
  readonly bridge: BridgeCounters;
  /** Real seconds from the board's power-up to the end. */
  readonly seconds: number;
}

/**
 * A runtime clock `speed` times faster than real time, counting from CLOCK_MONOTONIC `zeroUs` (0 before
 * it, or while it is unknown), and timers that fire after the matching real time: settle windows and
 * departures keep their simulated length while everything runs faster.
 */
export function scaledTime(
  speed: number,
  zeroUs: () => number | null,
): Required<Pick<RuntimeOptions, "clock" | "setTimer">> {
  return {
    clock: () => {
      const zero = zeroUs();
      return zero === null ? 0 : Math.max(0, Math.floor(((monotonicUs() - zero) / 1000) * speed));
    },
    setTimer: (ms, fire) => {
      const handle = setTimeout(fire, ms / speed);
      return { cancel: () => clearTimeout(handle) };
    },
  };
}

/** Real milliseconds before the first event: the driver has reconciled the board's snapshots by then. */
const LEAD_MS = 500;

/** Plays `hands` hands over the emulated bridge; resolves when every event has reached the core. */
export async function runDeviceSim(run: DeviceSimRun): Promise<DeviceSimSummary> {
  const { config, speed } = run;
  const emulator = run.emulator ?? ensureEmulator();
  const events: InputEventIn[] = [];
  for (let i = 0; i < run.hands; i++) {
    const batch = run.source.nextHand();
    run.ledger?.expect(batch.truths, batch.ends);
    for (const e of batch.events) events.push(e);
  }
  const lastT = events.at(-1)?.t ?? 0;
  const channels = Object.fromEntries(
    Object.entries(channelMap(config)).map(([ch, antenna]) => [antenna, Number(ch)]),
  );
  const tickUs = run.tickUs ?? tickForSpeed(speed, Object.keys(channels).length);
  const roundMs = scanRoundMs(Object.keys(channels).length, tickUs);
  const writer = new BridgeScriptWriter({ channels, speed, leadMs: LEAD_MS, scanRoundMs: roundMs });
  writer.addAll(events);
  // The last tags are reported within a few scan rounds; the host stops listening after that, and the
  // script ends well after, so the board never goes away under a listening host (READER_OFFLINE).
  const drainMs = 100 + Math.ceil(3 * roundMs);
  const plan = writer.finish(lastT + (drainMs + 5000) * speed);

  // The registry maps the script's UIDs to the cards and chips they stand for, as a registry file would.
  const registry = createRegistry({
    deck: config.deck,
    chips: config.chips,
    simulated: false,
    uids: plan.uids,
  });
  const core = createTableFromConfig(config, registry);
  // Simulated time 0 is the end of the script's lead (the clock reads 0 until the board is up).
  let zeroUs: number | null = null;
  const ledger = run.ledger;
  let handsEnded = 0;
  const count: TableOutput = (out) => {
    for (const e of out) if (e.kind === "hand_end") handsEnded += 1;
  };
  const outputs = [count, ...(run.outputs ?? [])];
  const runtime = new Runtime({
    core,
    ...scaledTime(speed, () => zeroUs),
    outputs: [...(ledger ? [(out: Parameters<TableOutput>[0]) => ledger.observe(out)] : []), ...outputs],
  });
  await run.onRuntime?.(runtime);

  const abort = new AbortController();
  let stopped = false;
  const stop = () => {
    stopped = true;
    abort.abort();
  };
  run.signal?.addEventListener("abort", stop, { once: true });
  let link: EmulatedBridge | null = null;
  let lost: string | null = null;
  try {
    link = await openEmulatedBridge(runtime, config, { script: plan.script, tickUs, emulator });
    zeroUs = link.startUs + LEAD_MS * 1000;
    const emu = link.emulator;
    void emu.exited.then((code) => {
      if (abort.signal.aborted) return;
      lost = `the bridge emulator exited during the run (${code}): ${emu.output().trim()}`;
      abort.abort();
    });
    await playHostSchedule(plan.host, link.startUs, (e) => runtime.submit({ ...e, t: runtime.now() }), {
      signal: abort.signal,
      simulated: { now: () => runtime.now(), speed },
    });
    await untilScriptTime(link.startUs, writer.realMs(lastT) + drainMs, abort.signal);
  } finally {
    abort.abort();
    run.signal?.removeEventListener("abort", stop);
    await link?.close();
    runtime.stop();
  }
  if (lost !== null) throw new Error(lost);
  if (link === null) throw new Error("unreachable: the bridge was not opened");
  const end = runtime.now();
  const tail = core.finish(end);
  ledger?.observe(tail);
  if (tail.length > 0) for (const output of outputs) output(tail, core);
  ledger?.settle();
  return {
    hands: run.hands,
    handsEnded,
    stopped,
    inputEvents: events.length,
    lastT: end,
    tagCommands: plan.tagCommands,
    hostEvents: plan.host.length,
    overCapacity: plan.overCapacity,
    bridge: link.bridge.counters,
    seconds: (monotonicUs() - link.startUs) / 1e6,
  };
}
