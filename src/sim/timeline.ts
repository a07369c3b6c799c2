/** The event stream being written: a clock that only moves forward and what each antenna reads now. */
import type { ButtonName, InputEventIn } from "../contract/input.js";

/** An input event without its time (the timeline stamps it). */
export type Unstamped = InputEventIn extends infer E ? (E extends unknown ? Omit<E, "t"> : never) : never;

/** Builds input events in time order and remembers the last full set reported on every antenna. */
export class Timeline {
  readonly events: InputEventIn[] = [];
  private readonly sets = new Map<string, readonly string[]>();

  constructor(public t: number) {}

  /** Moves the clock forward by `ms`. */
  wait(ms: number): this {
    this.t += Math.max(0, Math.round(ms));
    return this;
  }

  /** A full-set report of one antenna; `remember: false` for a flicker that must not change the true set. */
  report(antenna: string, tags: readonly string[], remember = true): this {
    this.events.push({ t: this.t, kind: "tags", antenna, tags: [...tags] });
    if (remember) this.sets.set(antenna, [...tags]);
    return this;
  }

  /** A press of a button or dealer key. */
  press(button: ButtonName): this {
    this.events.push({ t: this.t, kind: "button", button });
    return this;
  }

  /** A floor or other event, stamped now. */
  push(event: Unstamped): this {
    this.events.push({ t: this.t, ...event });
    return this;
  }

  /**
   * Takes the felt back to what the readers last reported at `t` (the script after it was not played:
   * the floor ended the hand there, src/sim/floorFollower.ts); events not yet handed out are dropped.
   */
  restore(t: number, sets: ReadonlyMap<string, readonly string[]>): this {
    this.t = t;
    this.events.length = 0;
    this.sets.clear();
    for (const [antenna, tags] of sets) this.sets.set(antenna, [...tags]);
    return this;
  }

  /** What the antenna reads now (its last remembered report). */
  read(antenna: string): readonly string[] {
    return this.sets.get(antenna) ?? [];
  }
}
