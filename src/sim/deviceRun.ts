/**
 * The simulated table over the device path (`feltguard sim --devices`). Real parts, simulated at the
 * lowest layer: only the far end of the serial port is simulated. The tags of the simulated hands are
 * the bridge emulator's felt (the bridge firmware's core built for this machine, scanning a scripted
 * felt); what it reports goes over a pseudo-terminal into the real serialport binding, the bridge driver,
 * the runtime and the core — the path of `feltguard table`. The dealer's keys and the floor's operations
 * do not go through the bridge at a table either: the dealer's keys and the all-in button are pushed on
 * their twins under the product's own drivers (src/sim/deviceTwins.ts), the floor's operations are
 * submitted by the host itself, on the same schedule.
 *
 * The simulated dealer never looks at what the controller says, so the hands are dealt up front: the
 * emulator loads its whole script before the board powers up.
 *
 * Time is the emulator's, not the wall clock's: the emulator runs on a virtual clock that the host
 * moves forward (to each key press or floor operation, and in steps between them), its frames carry
 * their virtual time, and the runtime's clock and timers (settle windows, departures) follow that time.
 * A busy machine makes a run take longer; it cannot stretch a gap between two reports or shorten a
 * window, so the verdict is the same at any machine speed. `speed` only caps the pace, for watching.
 */
import { channelMap, DEFAULT_BRIDGE } from "../runtime/tableDevices.js";
import { focusObserver } from "../display/focus.js";
import type { Config } from "../config/configSchema.js";
import type { Runtime, RuntimeOptions, TableOutput } from "../runtime/runtime.js";
import { assembleTable } from "../runtime/assemble.js";
import type { InputEventIn } from "../contract/input.js";
import type { BridgeCounters } from "../devices/bridge/index.js";
import { createRegistry } from "../reading/registry.js";
import { BridgeScriptWriter } from "./bridgeScript.js";
import { setTimeout as sleep } from "node:timers/promises";
import { createDisplayOutputs } from "../display/outputs.js";
import {
  type AllinTwin,
  type KeysTwin,
  openAllinTwin,
  openKeysTwin,
  openPanelTwin,
  type PanelTwin,
} from "./deviceTwins.js";
import { InputEvent } from "../contract/input.js";
import {
  type EmulatedBridge,
  EmulatorUnavailable,
  ensureEmulator,
  monotonicUs,
  openEmulatedBridge,
  VIRTUAL_SCAN_MS,
} from "./emulator.js";
import { VirtualClock } from "./virtualClock.js";
import type { DetectionLedger } from "./report.js";
import type { HandSource, SimSummary } from "./run.js";

export interface DeviceSimRun {
  readonly config: Config;
  readonly source: HandSource;
  /** Hands to deal (up front, into the emulator's script). */
  readonly hands: number;
  /** At most this many simulated milliseconds per real millisecond (Infinity: as fast as it goes). */
  readonly speed: number;
  readonly ledger?: DetectionLedger;
  readonly outputs?: readonly TableOutput[];
  readonly signal?: AbortSignal;
  /** Called with the runtime once it exists (e.g. to start the floor page on it). */
  readonly onRuntime?: (runtime: Runtime) => Promise<void> | void;
  /** The emulator binary (default: built if needed; throws EmulatorUnavailable if it cannot be). */
  readonly emulator?: string;
  /**
   * Tell the bridge where the next tags should land (FOCUS after every table change, as `feltguard
   * table` does). Default true; false scans round-robin only. The emulator applies the host's frames
   * when it is told to run on, so a FOCUS takes effect at the next step (at most STEP_MS later): the
   * same moment on any machine, if later than at a table.
   */
  readonly focus?: boolean;
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
  /** All-in pushes made on the button's HID twin, and the pushes its driver read and submitted. */
  readonly allin: { pushed: number; read: number };
  /** Dealer key pushes made on the keys board's Firmata twin, and those its driver read (0, 0 without one). */
  readonly keys: { pushed: number; read: number };
  /** Screens the displays asked the dealer panel for, and those its driver drew on the e-paper twin. */
  readonly panel: { asked: number; drawn: number };
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

/** Virtual milliseconds before the first event: the board's boot and the driver's reconciliation. */
const LEAD_MS = 500;
/**
 * The longest virtual step the host lets the emulator take between two host events. Each step is a
 * round trip between two processes, which a busy machine makes slow (a scheduler slice each way), so
 * steps are long; one bounds the bytes in flight on the pty (the emulator waits when its buffer is
 * full, and a second of a hand's frames is a few kilobytes) and keeps heartbeats flowing to the
 * driver's real-time watchdog however long a stretch without keys is.
 */
const STEP_MS = 1000;
/** Real milliseconds to wait for the driver to reconcile the board after its HELLO. */
const ONLINE_WITHIN_MS = 5000;

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
  const roundMs = Object.keys(channels).length * VIRTUAL_SCAN_MS;
  // Script times are virtual milliseconds: simulated time plus the lead, one for one.
  const writer = new BridgeScriptWriter({ channels, speed: 1, leadMs: LEAD_MS, scanRoundMs: roundMs });
  writer.addAll(events);
  // The last tags are reported within a few scan rounds; the host stops there, before the script's end.
  const drainMs = 100 + 3 * roundMs;
  const plan = writer.finish(lastT + drainMs + 5000);

  // The registry maps the script's UIDs to the cards and chips they stand for, as a registry file would.
  const registry = createRegistry({
    deck: config.deck,
    chips: config.chips,
    simulated: false,
    uids: plan.uids,
  });
  // Simulated time 0 is the end of the script's lead (the runtime's clock reads 0 until then).
  const clock = new VirtualClock();
  const ledger = run.ledger;
  let handsEnded = 0;
  const count: TableOutput = (out) => {
    for (const e of out) if (e.kind === "hand_end") handsEnded += 1;
  };
  const outputs = [count, ...(run.outputs ?? [])];
  const { core, runtime } = assembleTable(config, {
    registry,
    clock: () => () => Math.max(0, clock.now() - LEAD_MS),
    setTimer: (ms, fire) => clock.setTimer(ms, fire),
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
  let allin: AllinTwin | null = null;
  let keys: KeysTwin | null = null;
  let panel: PanelTwin | null = null;
  const started = monotonicUs();
  try {
    link = await openEmulatedBridge(runtime, config, { script: plan.script, tickUs: 1000, emulator, clock });
    const bridge = link.bridge;
    if (run.focus ?? true)
      runtime.addObserver(focusObserver(new Map([[DEFAULT_BRIDGE, bridge]]), config.antennas));
    await online(link, abort.signal);
    const pace = async (ms: number) => {
      if (!Number.isFinite(speed)) return;
      const wait = ms / speed - (monotonicUs() - started) / 1000;
      if (wait > 0) await sleep(wait, undefined, { signal: abort.signal }).catch(() => undefined);
    };
    const go = async (to: number) => {
      while (!abort.signal.aborted && clock.now() < to) {
        const next = Math.min(to, clock.now() + STEP_MS);
        await pace(next);
        // The emulator reads the host's frames when it is told to run on: a FOCUS must be on the pty by
        // then, so that it takes effect at the same virtual moment however fast this process writes.
        await bridge.written();
        await link!.runTo(next);
      }
    };
    allin = await openAllinTwin(runtime, config);
    keys = await openKeysTwin(runtime, config);
    panel = await openPanelTwin(config);
    // The keys' lights and digits and the dealer panel show the table, as `feltguard table` wires them.
    const shown = createDisplayOutputs({
      tableName: config.table.name,
      ...(keys ? { keys: keys.driver } : {}),
      ...(panel ? { panel: panel.display } : {}),
    });
    runtime.addOutput(shown.output);
    for (const { at, event } of plan.host) {
      await go(at);
      if (abort.signal.aborted) break;
      if (event.kind === "button" && event.button === "allin") allin.push();
      else if (event.kind === "button" && keys?.has(event.button)) await keys.push(event.button);
      else runtime.submit(InputEvent.parse({ ...event, t: runtime.now() }));
    }
    await go(writer.realMs(lastT) + drainMs);
  } finally {
    abort.abort();
    run.signal?.removeEventListener("abort", stop);
    allin?.close();
    await keys?.close();
    await panel?.close();
    await link?.close();
    runtime.stop();
  }
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
    allin: { pushed: allin?.pushed ?? 0, read: allin?.read ?? 0 },
    keys: { pushed: keys?.pushed ?? 0, read: keys?.read ?? 0 },
    panel: { asked: panel?.asked ?? 0, drawn: panel?.drawn ?? 0 },
    seconds: (monotonicUs() - started) / 1e6,
  };
}

/** Waits (real time, bounded) for the driver to have reconciled the board's snapshots. */
async function online(link: EmulatedBridge, signal: AbortSignal): Promise<void> {
  const until = performance.now() + ONLINE_WITHIN_MS;
  while (link.bridge.state !== "online" && !signal.aborted) {
    if (performance.now() > until)
      throw new EmulatorUnavailable(
        `the bridge driver did not reconcile the board within ${ONLINE_WITHIN_MS} ms`,
      );
    await sleep(2);
  }
}
