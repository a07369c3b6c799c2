/**
 * The runtime: the one place where the live world meets the deterministic core. Drivers submit
 * input events; each is stamped with the monotonic clock and the wall clock, journaled, then fed to
 * the core; the table events go to every output. Delayed behaviour (settle windows) runs on a timer
 * armed at the core's next deadline — the same `advanceTo` that replay drives from the log. Events
 * the runtime says itself (journal notices) take the next numbers and are journaled where they were said.
 */
import type { InputEvent } from "../contract/input.js";
import type { TableEvent } from "../contract/output.js";
import type { TableCore } from "../table/core.js";
import { NumberedCore } from "../table/numbered.js";
import {
  type InputJournal,
  type MonotonicClock,
  processClock,
  type SetTimer,
  type TableOutput,
} from "../ports/ports.js";

// The ports are declared below the runtime (src/ports/), where the journal and the outputs implement them.
export {
  type InputJournal,
  type MonotonicClock,
  processClock,
  type SetTimer,
  type TableOutput,
} from "../ports/ports.js";

export interface RuntimeOptions {
  core: TableCore;
  clock?: MonotonicClock;
  journal?: InputJournal;
  outputs?: TableOutput[];
  /** Arms a timer; injected so tests can run on fake timers. */
  setTimer?: SetTimer;
  /** The `t` of the last journaled event: no new event is stamped before it (after a restart). */
  startT?: number;
  /** The wall clock stamped on each input as `wall` (injected by tests). */
  wallClock?: () => Date;
}

const defaultTimer = (ms: number, run: () => void) => {
  const handle = setTimeout(run, ms);
  return { cancel: () => clearTimeout(handle) };
};

export class Runtime {
  readonly core: TableCore;
  private readonly clock: MonotonicClock;
  private readonly journal: InputJournal | undefined;
  private readonly outputs: TableOutput[];
  private readonly observers: ((core: TableCore) => void)[] = [];
  private readonly inputObservers: ((event: InputEvent, out: readonly TableEvent[]) => void)[] = [];
  private readonly setTimer: NonNullable<RuntimeOptions["setTimer"]>;
  private timer: { cancel(): void } | null = null;
  private lastT: number;
  private readonly wallClock: () => Date;

  constructor(options: RuntimeOptions) {
    // Every table event leaves the runtime numbered (shared/spec/events.md); a core recovered from the
    // journal comes numbered already, with its counter where the journal left it.
    this.core = options.core instanceof NumberedCore ? options.core : new NumberedCore(options.core);
    this.lastT = options.startT ?? 0;
    this.wallClock = options.wallClock ?? (() => new Date());
    this.clock = options.clock ?? processClock;
    this.journal = options.journal;
    this.outputs = options.outputs ?? [];
    this.setTimer = options.setTimer ?? defaultTimer;
  }

  /** Adds an output (e.g. the floor page once it listens). */
  addOutput(output: TableOutput): void {
    this.outputs.push(output);
  }

  /**
   * Adds an observer, called with the core after every input and every timer, whether or not it said
   * anything: some state changes say nothing publicly (a hole card dealt) yet move what the bridges
   * should scan first (display/focus.ts).
   */
  addObserver(observer: (core: TableCore) => void): void {
    this.observers.push(observer);
  }

  /**
   * Adds an observer of every input taken, with what the core said to it: the simulated dealer hears
   * the floor's rulings this way, whoever sent them (the floor page, the feed's inbox).
   */
  addInputObserver(observer: (event: InputEvent, out: readonly TableEvent[]) => void): void {
    this.inputObservers.push(observer);
  }

  /** The time for a new input event: the clock, never behind the last event. */
  now(): number {
    this.lastT = Math.max(this.lastT, this.clock());
    return this.lastT;
  }

  /**
   * Takes one input event from a driver or the floor. Without `t`, it is stamped now. The event is
   * journaled before the core sees it, so a crash after this line loses nothing.
   */
  submit(event: InputEvent): TableEvent[] {
    const t = Math.max(event.t, this.lastT);
    this.lastT = t;
    const { wall: _sent, ...rest } = event;
    const forCore = (t === event.t ? rest : { ...rest, t }) as InputEvent;
    this.journal?.append({ ...forCore, wall: this.wallClock().toISOString() });
    const out = [...this.core.advanceTo(t), ...this.core.handle(forCore)];
    this.emit(out);
    this.observe();
    // The journal's notices come after the core's events: a replay of the journal numbers them so too.
    const notices = this.announceNotices();
    this.arm();
    for (const observer of this.inputObservers) observer(forCore, out);
    return [...out, ...notices];
  }

  /** Shows events already numbered (the replayed hand after a restart) on every output. */
  show(events: readonly TableEvent[]): void {
    this.emit(events);
  }

  /**
   * Says events that did not come from the core (journal notices, the recovered-hand notice): they take
   * the next numbers and are journaled where they are said.
   */
  announce(events: readonly TableEvent[]): TableEvent[] {
    const first = events[0];
    if (first === undefined) return [];
    // Windows due by the notice's time run first and take the numbers before it, as recovery replays a
    // notice row (src/journal/recovery.ts): a timer's event never changes its number across a restart.
    const due = this.core.advanceTo(first.t);
    const said = this.core instanceof NumberedCore ? this.core.number(events) : [...events];
    // Journaled before anything is said: the row's time brings the windows' events back too.
    this.journal?.notice?.(said);
    if (due.length > 0) {
      this.emit(due);
      this.observe();
      this.arm();
    }
    this.emit(said);
    // Journaling the notice may itself raise or clear a journal fault.
    return [...due, ...said, ...this.announceNotices()];
  }

  /** The journal's own alerts (a fault, its clearing), said now. */
  announceNotices(): TableEvent[] {
    const alerts = this.journal?.takeAlerts?.() ?? [];
    return alerts.length === 0 ? [] : this.announce(alerts);
  }

  /**
   * Runs windows that are due now (called by the timer). What they say is journaled as the time they
   * ran to before it is said (a replay says it again under the same numbers, at the same `t`).
   */
  tick(): TableEvent[] {
    const t = this.now();
    const out = this.core.advanceTo(t);
    if (out.length > 0) this.journal?.reached?.(t);
    this.emit(out);
    this.observe();
    this.arm();
    return [...out, ...this.announceNotices()];
  }

  /** Stops the timer. */
  stop(): void {
    this.timer?.cancel();
    this.timer = null;
  }

  private observe(): void {
    for (const observer of this.observers) observer(this.core);
  }

  private emit(events: readonly TableEvent[]): void {
    if (events.length === 0) return;
    for (const output of this.outputs) output(events, this.core);
  }

  private arm(): void {
    this.timer?.cancel();
    this.timer = null;
    const deadline = this.core.nextDeadline();
    if (deadline === null) return;
    this.timer = this.setTimer(Math.max(0, deadline - this.clock()), () => {
      this.timer = null;
      this.tick();
    });
  }
}
