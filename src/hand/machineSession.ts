/**
 * A hand held as a running xstate actor: the table core feeds it what the readers saw, the dealer's
 * keys and the floor's rulings, and takes back the table events each input caused. Hold'em and Three
 * Card Poker hands share this shape, so the core can hold either.
 */
import type { ButtonName, RulingName } from "../contract/input.js";
import type { TableEvent } from "../contract/output.js";
import { say } from "./alerts.js";
import { type AlertLedger, raise } from "./emit.js";
import type { Observation } from "../reading/observations.js";
import type { HandTimer } from "./context.js";
import { nextDue, nextSince } from "./timers.js";

/** The inputs every hand machine takes. */
export type HandInput =
  | { type: "observed"; t: number; observations: Observation[] }
  | { type: "key"; t: number; key: ButtonName }
  | { type: "ruling"; t: number; ruling: RulingName; seat?: number; code?: string }
  /** The table's clock reached a judgement that waited for the readers (timers.ts). */
  | { type: "tick"; t: number };

/** What the session needs of an xstate actor whose context is `{ h }`. */
export interface HandActor<C> {
  send(event: HandInput): void;
  getSnapshot(): { context: { h: C }; value: unknown };
}

export abstract class MachineSession<C extends { out: TableEvent[]; timers: HandTimer[] }> {
  protected constructor(private readonly actor: HandActor<C>) {}

  /** What the table reader saw. */
  observed(t: number, observations: Observation[]): TableEvent[] {
    if (observations.length === 0) return [];
    this.actor.send({ type: "observed", t, observations });
    return this.drain();
  }

  /** A dealer key. */
  key(t: number, key: ButtonName): TableEvent[] {
    this.actor.send({ type: "key", t, key });
    return this.drain();
  }

  /** A floor ruling. */
  ruling(t: number, ruling: RulingName, seat?: number, code?: string): TableEvent[] {
    this.actor.send({
      type: "ruling",
      t,
      ruling,
      ...(seat === undefined ? {} : { seat }),
      ...(code === undefined ? {} : { code }),
    });
    return this.drain();
  }

  /** Runs the judgements due at `t` (the core calls it at {@link nextDue}). */
  tick(t: number): TableEvent[] {
    this.actor.send({ type: "tick", t });
    return this.drain();
  }

  /** Since when the next waiting judgement waited, if it tells (see timers.nextSince). */
  get nextSince(): number | null {
    return nextSince(this.context);
  }

  /** When the next waiting judgement is due, or null. */
  get nextDue(): number | null {
    return nextDue(this.context);
  }

  /** The hand's plain data (read-only use). */
  get context(): C {
    return this.actor.getSnapshot().context.h;
  }

  /** Where the machine is, e.g. `"betting"` or `"held"`. */
  get state(): unknown {
    return this.actor.getSnapshot().value;
  }

  /** The table events the last input produced, taken out of the context. */
  protected drain(): TableEvent[] {
    return this.context.out.splice(0);
  }
}

/**
 * The shape of every hand machine's actions: stamp the input's time on the context, let `handle` do
 * the work with pure functions, then let `progress` move the hand on (end of a round, settlement).
 */
export function stepper<C extends AlertLedger & { hold: { kind: "misdeal" | "void"; code: string } | null }>(
  progress: (h: C) => void,
) {
  return (handle: (h: C, e: HandInput) => void) =>
    ({ context, event }: { context: { h: C }; event: HandInput }): C => {
      const h = context.h;
      h.t = event.t;
      try {
        handle(h, event);
        progress(h);
      } catch (e) {
        // A defect, or a situation the hand's functions do not know, must not stop the table (an
        // error thrown inside an xstate action would end the process): the floor decides instead.
        if (raise(h, say.inputNotApplied(h.t, (e as Error).message)) && h.hold === null) {
          h.hold = { kind: "void", code: "INPUT_NOT_APPLIED" };
        }
      }
      return h;
    };
}

/** Every state of play takes the same inputs; the hand's functions decide what an input means now. */
export const HAND_INPUTS = {
  tick: { actions: "tick" },
  observed: { actions: "observe" },
  key: { actions: "key" },
  ruling: { actions: "ruling" },
} as const;

/** Checked after every input while a hand is in play: it has ended, or it waits for the floor. */
export const ENDED_OR_HELD = [
  { guard: "ended", target: "over" },
  { guard: "held", target: "held" },
] as const;
