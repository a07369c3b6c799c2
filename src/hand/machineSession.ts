/**
 * A hand held as a running xstate actor: the table core feeds it what the readers saw, the dealer's
 * keys and the floor's rulings, and takes back the table events each input caused. Hold'em and Three
 * Card Poker hands share this shape, so the core can hold either.
 */
import type { ButtonName, RulingName } from "../contract/input.js";
import type { TableEvent } from "../contract/output.js";
import { say } from "./alerts.js";
import { raise } from "./emit.js";
import type { Observation } from "../reading/observations.js";
import type { HandTimer } from "./context.js";
import { nextDue, nextSince } from "./timers.js";
import { askHold, type Hold, type HoldLedger, type MisdealHold, type VoidHold } from "./hold.js";

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

  /** Where the machine is, e.g. `"betting"` or `{ held: { misdeal: "firstCard" } }`. */
  get state(): unknown {
    return this.actor.getSnapshot().value;
  }

  /** The floor's call the hand is held for (the chart's `held.misdeal.*` or `held.void.*`), or null. */
  get held(): Hold["kind"] | null {
    const value = this.actor.getSnapshot().value;
    if (typeof value !== "object" || value === null || !("held" in value)) return null;
    const held: unknown = value.held;
    if (typeof held !== "object" || held === null) return null;
    return "misdeal" in held ? "misdeal" : "void" in held ? "void" : null;
  }

  /** The table events the last input produced, taken out of the context. */
  protected drain(): TableEvent[] {
    return this.context.out.splice(0);
  }
}

/** What a state gives its actions: the hold it is (a `held.*` state), or none. */
export interface StepParams {
  held: Hold | null;
}

function isStepParams(params: unknown): params is StepParams {
  return typeof params === "object" && params !== null && "held" in params;
}

/**
 * The shape of every hand machine's actions: stamp the input's time on the context, tell the hand's
 * functions the state's hold, let `handle` do the work with pure functions, then let `progress` move
 * the hand on (end of a round, settlement). A hold asked for by this input stays in `h.held` for the
 * chart to take (see ./hold.ts); the state's own hold is taken back when the input is done.
 */
export function stepper<C extends HoldLedger>(progress: (h: C) => void) {
  return (handle: (h: C, e: HandInput) => void) =>
    ({ context, event }: { context: { h: C }; event: HandInput }, params?: StepParams | unknown): C => {
      const h = context.h;
      const given = isStepParams(params) ? params.held : null;
      h.t = event.t;
      h.held = given;
      try {
        handle(h, event);
        progress(h);
      } catch (e) {
        // A defect, or a situation the hand's functions do not know, must not stop the table (an
        // error thrown inside an xstate action would end the process): the floor decides instead.
        if (raise(h, say.inputNotApplied(h.t, (e as Error).message)))
          askHold(h, { kind: "void", code: "INPUT_NOT_APPLIED" });
      }
      if (given !== null) h.held = null;
      return h;
    };
}

/** Entering a hold's state: the input that asked for it is done, and the chart keeps the hold. */
export function tookHold<C extends HoldLedger>(h: C): C {
  h.held = null;
  return h;
}

/** Every state of play takes the same inputs; the hand's functions decide what an input means now. */
export const HAND_INPUTS = {
  tick: { actions: "tick" },
  observed: { actions: "observe" },
  key: { actions: "key" },
  ruling: { actions: "ruling" },
} as const;

/** Checked after every input while a hand is in play: it has ended, or an alert asked for a hold. */
export const ENDED_OR_HELD = [
  { guard: "ended", target: "over" },
  { guard: "holdAsked", target: "held" },
] as const;

/** The guards of the hold states, shared by every hand machine (their names are the rules'). */
export const HOLD_GUARDS = {
  /** An alert of this input asked for a hold (the first hold stands: see hold.ts). */
  holdAsked: ({ context }: { context: { h: HoldLedger } }) => context.h.held !== null,
  /** The hold asked for is this one. */
  askedFor: ({ context }: { context: { h: HoldLedger } }, params: { code: string }) =>
    context.h.held?.code === params.code,
  /** The floor lets the hand go on as it lies (the floor decides). */
  floorContinues: ({ event }: { event: HandInput }) => event.type === "ruling" && event.ruling === "continue",
};

/**
 * The `held` state of a hand machine: one state per alert that holds the hand, under `misdeal` or
 * `void` (the floor's call it waits for). Entered from any state of play when an input asked for a
 * hold; cards and chips are still read while held. The floor's `continue` releases the hand through
 * the `release` action to `released` (whose eventless transitions carry the hand on to where it is);
 * `misdeal` and `void` end it. Needs the actions `tick`, `observe`, `key`, `ruling`, `release` (a
 * stepper's, given the hold as {@link StepParams}) and `tookHold`, and {@link HOLD_GUARDS} and `ended`.
 */
export function heldState(
  holds: { misdeal: Record<string, MisdealHold>; void: Record<string, VoidHold> },
  machineId: string,
  released: string,
) {
  const leaf = (kind: "misdeal" | "void", code: string) => {
    const params = { held: { kind, code } as Hold };
    return {
      entry: "tookHold",
      on: {
        tick: { actions: { type: "tick", params } },
        observed: { actions: { type: "observe", params } },
        key: { actions: { type: "key", params } },
        ruling: [
          {
            guard: "floorContinues",
            target: `#${machineId}.${released}`,
            actions: { type: "release", params },
          },
          { actions: { type: "ruling", params } },
        ],
      },
      always: { guard: "ended", target: `#${machineId}.over` },
    } as const;
  };
  // (Entered only through `asked`; xstate asks every compound state for an initial one.)
  const group = (kind: "misdeal" | "void") => ({
    initial: Object.keys(holds[kind])[0],
    states: Object.fromEntries(Object.entries(holds[kind]).map(([name, code]) => [name, leaf(kind, code)])),
  });
  const choose = (kind: "misdeal" | "void") =>
    Object.entries(holds[kind]).map(([name, code]) => ({
      guard: { type: "askedFor", params: { code } } as const,
      target: `${kind}.${name}`,
    }));
  return {
    initial: "asked",
    states: {
      // Transient: which hold this input asked for.
      asked: { always: [...choose("misdeal"), ...choose("void")] },
      misdeal: group("misdeal"),
      void: group("void"),
    },
  } as const;
}
