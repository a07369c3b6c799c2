/**
 * Runs a simulated table through the real controller: each hand's input events go to the runtime
 * (journal → core → outputs) in time order, either as fast as possible on a simulated clock, or paced
 * in real time for a live table (`npm start`). The ledger, if given, checks every alert and hand end
 * against the dealer's ground truth.
 */
import { InputEvent, type InputEventIn } from "../contract/input.js";
import type { Runtime, SetTimer, TableOutput } from "../runtime/runtime.js";
import { assembleTable, noTimer, type TableConfig } from "../runtime/assemble.js";
import type { DetectionLedger } from "./report.js";
import { FloorFollower } from "./floorFollower.js";
import type { FloorEnding, HandBatch } from "./session.js";
import type { FloorWord } from "./floorWords.js";

export { withScanRounds } from "./scannedSource.js";

/** Something that deals hand after hand (the flop-game session, or another game's). */
export interface HandSource {
  nextHand(): HandBatch;
  /**
   * The floor ended a deal at the table (src/sim/floorFollower.ts): the dealer's events from the felt
   * as it stands, instead of the rest of the script. Absent: the source cannot follow a ruling.
   */
  followRuling?(ending: FloorEnding, felt: ReadonlyMap<string, readonly string[]>): HandBatch;
  /**
   * A supervisor's `continue` or `dead` during the last batch (src/sim/floorWords.ts): that batch dealt
   * again, the same up to the ruling, the dealer following it after; null when it changes nothing.
   */
  hearRuling?(word: FloorWord): HandBatch | null;
  /** Events still owed once the last hand is dealt (the readers' last departures). */
  finish?(): InputEventIn[];
}

export interface SimRun {
  readonly source: HandSource;
  /** Hands to play; null plays until `signal` aborts. */
  readonly hands: number | null;
  readonly ledger?: DetectionLedger;
  readonly outputs?: readonly TableOutput[];
  /** Real-time pacing (`speed` sim-seconds per second); absent: as fast as possible. */
  readonly pace?: { readonly speed: number; readonly pacer?: Pacer };
  readonly signal?: AbortSignal;
  /** Called with the runtime once it exists (e.g. to start the floor page on it). */
  readonly onRuntime?: (runtime: Runtime) => Promise<void> | void;
  /** Sees every input the simulator plays, in table time (tests). */
  readonly onInput?: (event: InputEventIn) => void;
}

/**
 * Real time for a paced run: the machine's (performance.now and setTimeout) unless a test steps its own,
 * so that what a supervisor does in the middle of a hand lands at a known moment of the table's time.
 */
export interface Pacer {
  now(): number;
  /** Waits `ms`, or less when aborted or `interrupt` settles first. */
  sleep(ms: number, signal?: AbortSignal, interrupt?: Promise<void>): Promise<void>;
  /** The runtime's timer (the table's windows); absent: the runtime's own (setTimeout). */
  readonly setTimer?: SetTimer;
}

const REAL_TIME: Pacer = { now: () => performance.now(), sleep };

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
  const pacer = run.pace?.pacer ?? REAL_TIME;
  const clock = paced ? () => Math.floor(simStart + (pacer.now() - wallStart) * speed) : () => simNow;
  const ledger = run.ledger;
  const check: TableOutput[] = ledger ? [(events) => ledger.observe(events)] : [];
  const { core, runtime } = assembleTable(config, {
    clock: () => clock,
    outputs: [...check, ...(run.outputs ?? [])],
    // Off the live clock, windows run when the next event advances the core (as in replay).
    ...(paced ? (pacer.setTimer ? { setTimer: pacer.setTimer } : {}) : { setTimer: noTimer }),
  });
  await run.onRuntime?.(runtime);
  let hands = 0;
  let inputEvents = 0;
  const submit = (e: InputEventIn) => {
    simNow = Math.max(simNow, e.t);
    run.onInput?.(e);
    runtime.submit(toInputEvent(e));
    inputEvents += 1;
  };
  try {
    if (paced) {
      hands = await playFollowingTheFloor(run, runtime, {
        submit,
        clock,
        start: (t) => {
          simStart = t;
          wallStart = pacer.now();
        },
        speed,
        pacer,
      });
    } else {
      // Off the live clock nobody can rule while a hand is dealt: the script plays as it was dealt.
      while ((run.hands === null || hands < run.hands) && !run.signal?.aborted) {
        const batch = run.source.nextHand();
        run.ledger?.expect(batch.truths, batch.ends, batch.profile);
        const first = batch.events[0]?.t ?? simNow;
        for (const e of batch.events) {
          if (run.signal?.aborted) break;
          submit(e);
        }
        hands += 1;
        run.ledger?.settle(first);
      }
    }
    for (const e of run.signal?.aborted ? [] : (run.source.finish?.() ?? [])) {
      if (paced) await pacer.sleep((e.t - clock()) / speed, run.signal);
      submit(e);
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

interface PacedPlay {
  submit(e: InputEventIn): void;
  clock(): number;
  /** The first event's time: the pace starts from it. */
  start(t: number): void;
  speed: number;
  pacer: Pacer;
}

/**
 * In real time, where a supervisor can rule on the floor page: the script plays through a
 * {@link FloorFollower}, so the dealer waits while a misdeal or void is pending and follows the floor's
 * ruling. Returns the hands dealt.
 */
async function playFollowingTheFloor(run: SimRun, runtime: Runtime, play: PacedPlay): Promise<number> {
  let hands = 0;
  let started = false;
  const follower = new FloorFollower(run.source, (batch, kind) => {
    if (kind === "hand") hands += 1;
    // A hand dealt again after a ruling owes what it owed when first dealt (expected then).
    if (kind !== "ruling") run.ledger?.expect(batch.truths, batch.ends, batch.profile);
  });
  follower.attach(runtime);
  while (!run.signal?.aborted) {
    const step = follower.peek(run.hands === null || hands < run.hands);
    if (step.kind === "done") break;
    if (step.kind === "held") {
      await follower.changed(run.signal);
      continue;
    }
    if (!started) {
      started = true;
      play.start(step.event.t);
    }
    const wait = step.event.t - play.clock();
    if (wait > 0) {
      // The floor may rule while the dealer waits for this moment: look again after any wait.
      await play.pacer.sleep(wait / play.speed, run.signal, follower.changed());
      continue;
    }
    follower.play(play.submit);
  }
  return hands;
}

/** Waits `ms`, or less when aborted or `interrupt` settles first. */
function sleep(ms: number, signal?: AbortSignal, interrupt?: Promise<void>): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
    void interrupt?.then(done);
  });
}
