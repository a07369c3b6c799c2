/**
 * Runs a simulated table through the real controller: each hand's input events go to the runtime
 * (journal → core → outputs) in time order, either as fast as possible on a simulated clock, or paced
 * in real time for a live table (`npm start`). The ledger, if given, checks every alert and hand end
 * against the dealer's ground truth.
 */
import { InputEvent, type InputEventIn } from "../contract/input.js";
import type { Runtime, TableOutput } from "../runtime/runtime.js";
import { assembleTable, noTimer, type TableConfig } from "../runtime/assemble.js";
import type { DetectionLedger } from "./report.js";
import type { ScanRounds } from "./scanRounds.js";
import type { HandBatch } from "./session.js";

/** Something that deals hand after hand (the flop-game session, or another game's). */
export interface HandSource {
  nextHand(): HandBatch;
  /** Events still owed once the last hand is dealt (the readers' last departures). */
  finish?(): InputEventIn[];
}

/** The hands of `source` as a bridge scanning in rounds reports them (src/sim/scanRounds.ts). */
export function withScanRounds(source: HandSource, scan: ScanRounds): HandSource {
  return {
    nextHand: () => {
      const batch = source.nextHand();
      return { ...batch, events: scan.push(batch.events) };
    },
    finish: () => [...(source.finish?.() ?? []), ...scan.flush()],
  };
}

export interface SimRun {
  readonly source: HandSource;
  /** Hands to play; null plays until `signal` aborts. */
  readonly hands: number | null;
  readonly ledger?: DetectionLedger;
  readonly outputs?: readonly TableOutput[];
  /** Real-time pacing (`speed` sim-seconds per second); absent: as fast as possible. */
  readonly pace?: { readonly speed: number };
  readonly signal?: AbortSignal;
  /** Called with the runtime once it exists (e.g. to start the floor page on it). */
  readonly onRuntime?: (runtime: Runtime) => Promise<void> | void;
}

export interface SimSummary {
  readonly hands: number;
  readonly inputEvents: number;
  readonly lastT: number;
}

/** A contract input event from a simulated one (floor operations get their defaults). */
export function toInputEvent(e: InputEventIn): InputEvent {
  return e.kind === "floor" ? InputEvent.parse(e) : (e as InputEvent);
}

/** Plays the run on a table assembled from `config`; resolves when the hands are done or the signal aborts. */
export async function runSim(run: SimRun, config: TableConfig): Promise<SimSummary> {
  let simNow = 0;
  let wallStart = 0;
  let simStart = 0;
  const paced = run.pace !== undefined;
  const speed = run.pace?.speed ?? 1;
  const clock = paced ? () => Math.floor(simStart + (performance.now() - wallStart) * speed) : () => simNow;
  const ledger = run.ledger;
  const check: TableOutput[] = ledger ? [(events) => ledger.observe(events)] : [];
  const { core, runtime } = assembleTable(config, {
    clock: () => clock,
    outputs: [...check, ...(run.outputs ?? [])],
    // Off the live clock, windows run when the next event advances the core (as in replay).
    ...(paced ? {} : { setTimer: noTimer }),
  });
  await run.onRuntime?.(runtime);
  let hands = 0;
  let inputEvents = 0;
  try {
    while ((run.hands === null || hands < run.hands) && !run.signal?.aborted) {
      const batch = run.source.nextHand();
      run.ledger?.expect(batch.truths, batch.ends, batch.profile);
      const first = batch.events[0]?.t ?? simNow;
      if (paced && hands === 0) {
        simStart = first;
        wallStart = performance.now();
      }
      for (const e of batch.events) {
        if (run.signal?.aborted) break;
        if (paced) await sleep((e.t - clock()) / speed, run.signal);
        simNow = Math.max(simNow, e.t);
        runtime.submit(toInputEvent(e));
        inputEvents += 1;
      }
      hands += 1;
      run.ledger?.settle(first);
    }
    for (const e of run.signal?.aborted ? [] : (run.source.finish?.() ?? [])) {
      if (paced) await sleep((e.t - clock()) / speed, run.signal);
      simNow = Math.max(simNow, e.t);
      runtime.submit(toInputEvent(e));
      inputEvents += 1;
    }
  } finally {
    runtime.stop();
  }
  const tail = core.finish(simNow);
  run.ledger?.observe(tail);
  for (const output of run.outputs ?? []) if (tail.length > 0) output(tail, core);
  run.ledger?.settle();
  return { hands, inputEvents, lastT: simNow };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
