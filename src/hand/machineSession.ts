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
import type { GameSettings, Level } from "../rules/games.js";
import type { Positions } from "../rules/positions.js";
import { nextDue, nextSince } from "./timers.js";
import { askHold, type Hold, type HoldLedger, type MisdealHold, type VoidHold } from "./hold.js";

/** The table's facts every hand opens with, whichever the game (at the press, then in its context). */
export interface HandOpening {
  t: number;
  hand: number;
  game: GameSettings;
  positions: Positions;
  level: Level;
  redeal: boolean;
  seatCount: number;
}

/** The inputs every hand machine takes. */
export type HandInput =
  | { type: "observed"; t: number; observations: Observation[] }
  /** `acknowledged`: the alert `ok` cleared (the desk says which): the hand forgets it, so that what
   * waits on it goes on and a follow-up does not tell it again. */
  | { type: "key"; t: number; key: ButtonName; acknowledged?: Acknowledged }
  | { type: "ruling"; t: number; ruling: RulingName; seat?: number; code?: string }
  /** The clock reached a judgement waiting for the readers (timers.ts); `inputEnded`: a replayed log's end,
   * where one waiting for more reports (the deal going on) is made on what there is, or it never ends. */
  | { type: "tick"; t: number; inputEnded?: boolean };

/** An alert the dealer's `ok` cleared. */
export interface Acknowledged {
  code: string;
  seat?: number;
}

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

  /** A dealer key (`ok` with the alert it acknowledged, if any). */
  key(t: number, key: ButtonName, acknowledged?: Acknowledged): TableEvent[] {
    this.actor.send({ type: "key", t, key, ...(acknowledged === undefined ? {} : { acknowledged }) });
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

  /** Runs the judgements due at `t` (the core calls it at {@link nextDue}); `inputEnded`: see HandInput. */
  tick(t: number, inputEnded = false): TableEvent[] {
    this.actor.send(inputEnded ? { type: "tick", t, inputEnded } : { type: "tick", t });
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
    return heldIn(this.actor.getSnapshot().value);
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

/**
 * More of the chart's state that a machine gives its functions for the length of an input (beside
 * the hold): `give` puts it in the context from the state value, `takeBack` takes it out again unless
 * the input changed it, which the chart then follows (hold'em's board procedure: ./procedure.ts).
 */
export interface ChartView<C, G> {
  give(h: C, value: unknown): G;
  takeBack(h: C, given: G): void;
}

function isStepParams(params: unknown): params is StepParams {
  return typeof params === "object" && params !== null && "held" in params;
}

/** The hold in a state value: its `held` state, at any depth (hold'em's is in its round region). */
function heldIn(value: unknown): Hold["kind"] | null {
  if (typeof value !== "object" || value === null) return null;
  if ("held" in value) {
    const held: unknown = value.held;
    if (typeof held !== "object" || held === null) return null;
    return "misdeal" in held ? "misdeal" : "void" in held ? "void" : null;
  }
  for (const inner of Object.values(value)) {
    const found = heldIn(inner);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The shape of every hand machine's actions: stamp the input's time on the context, tell the hand's
 * functions the state's hold, let `handle` do the work with pure functions, then let `progress` move
 * the hand on (end of a round, settlement). A hold asked for by this input stays in `h.held` for the
 * chart to take (see ./hold.ts); the state's own hold is taken back when the input is done.
 */
export function stepper<C extends HoldLedger, G = null>(progress: (h: C) => void, chart?: ChartView<C, G>) {
  return (handle: (h: C, e: HandInput) => void) =>
    (
      {
        context,
        event,
        self,
      }: { context: { h: C }; event: HandInput; self: { getSnapshot(): { value: unknown } } },
      params?: StepParams | unknown,
    ): C => {
      const h = context.h;
      const given = isStepParams(params) ? params.held : null;
      h.t = event.t;
      h.held = given;
      // The snapshot is the chart's state as the input arrived (xstate sets the next one when the
      // input's transitions are done).
      const view = chart?.give(h, self.getSnapshot().value);
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
      if (chart && view !== undefined) chart.takeBack(h, view);
      return h;
    };
}

/** The alert code a floor ruling names, if the input is a ruling that names one. */
export function rulingCode(e: HandInput): string | undefined {
  return e.type === "ruling" ? e.code : undefined;
}

/** Entering a hold's state: the input that asked for it is done, and the chart keeps the hold. */
export function tookHold<C extends HoldLedger>(h: C): C {
  h.held = null;
  return h;
}

/** Checked after every input while a hand is in play: it has ended, or an alert asked for a hold. */
export const ENDED_OR_HELD = [
  { guard: "ended", target: "over" },
  { guard: "holdAsked", target: "held" },
] as const;

type Ruled = { event: HandInput };
const ruled = (event: HandInput, ruling: RulingName) => event.type === "ruling" && event.ruling === ruling;

/** The guards of the hold states, shared by every hand machine (their names are the rules'). */
export const HOLD_GUARDS = {
  /** An alert of this input asked for a hold (the first hold stands: see hold.ts). */
  holdAsked: ({ context }: { context: { h: HoldLedger } }) => context.h.held !== null,
  /** The hold asked for is this one. */
  askedFor: ({ context }: { context: { h: HoldLedger } }, params: { code: string }) =>
    context.h.held?.code === params.code,
};

/**
 * The floor's rulings, one guard each (rule 1: the floor decides; poker-rules.md §1): every hand
 * machine takes each ruling on a transition of its own, so the chart says what each call does.
 */
export const RULING_GUARDS = {
  /** The floor lets the hand go on as it lies (a hold released, an alert cleared). */
  floorContinues: ({ event }: Ruled) => ruled(event, "continue"),
  /** The floor calls a misdeal (r.33): the hand ends, the stacks as they were, dealt again. */
  floorCallsMisdeal: ({ event }: Ruled) => ruled(event, "misdeal"),
  /** The floor voids the hand (IPC 29): it ends, every chip back where it was. */
  floorVoids: ({ event }: Ruled) => ruled(event, "void"),
  /** The floor rules a hand dead (hold'em: it folds when the action reaches it; TCP: the box folds). */
  floorKills: ({ event }: Ruled) => ruled(event, "dead"),
};

/**
 * The `held` state of a hand machine: one state per alert that holds the hand, under `misdeal` or
 * `void` (the floor's call it waits for). Entered from any state of play when an input asked for a
 * hold. The floor's `continue` releases the hand through the `release` action to `released` (whose
 * eventless transitions carry the hand on to where it is); its `misdeal` and `void` end it; `dead`
 * kills a hand (or box) and the hand stays held. Needs the actions `tick`, `observe`, `release`,
 * `endAsMisdeal`, `endAsVoid`, `kill` and `tookHold` (a stepper's, given the hold as
 * {@link StepParams}) and those `keys` names, and {@link HOLD_GUARDS}, {@link RULING_GUARDS} and `ended`.
 */
export function heldState<K, G extends string = never, A extends string = never, R = never>(
  holds: { misdeal: Record<string, MisdealHold>; void: Record<string, VoidHold> },
  machineId: string,
  released: string,
  /** The dealer's keys a held hand still takes (each machine says which, and why), given the hold. */
  keys: (params: StepParams) => K,
  /** More eventless transitions of each hold's state, given its path below `held` (e.g. "misdeal.firstCard"). */
  moves: (leaf: string) => readonly { guard: G; target: string; actions?: A }[] = () => [],
  refusals: (params: StepParams) => readonly R[] = () => [], // a game's, tried first: the hand stays held
) {
  const over = `#${machineId}.over`;
  const leaf = (kind: "misdeal" | "void", name: string, code: string) => {
    const params: StepParams = { held: { kind, code } as Hold };
    return {
      entry: "tookHold",
      on: {
        // The judgements that waited for the readers still fall due while the floor is called.
        tick: { actions: { type: "tick", params } },
        // Cards and chips are still tracked while held, only to record them: the floor rules on the
        // table as it lies, and play resumes from it (a hold asked for then does not replace this one).
        observed: { actions: { type: "observe", params } },
        key: keys(params),
        ruling: [
          ...refusals(params),
          {
            guard: "floorContinues",
            target: `#${machineId}.${released}`,
            actions: { type: "release", params },
          },
          { guard: "floorCallsMisdeal", target: over, actions: { type: "endAsMisdeal", params } },
          { guard: "floorVoids", target: over, actions: { type: "endAsVoid", params } },
          { guard: "floorKills", actions: { type: "kill", params } },
        ],
      },
      always: [{ guard: "ended", target: over }, ...moves(`${kind}.${name}`)],
    } as const;
  };
  // (Entered only through `asked`; xstate asks every compound state for an initial one.)
  const group = (kind: "misdeal" | "void") => ({
    initial: Object.keys(holds[kind])[0],
    states: Object.fromEntries(
      Object.entries(holds[kind]).map(([name, code]) => [name, leaf(kind, name, code)]),
    ),
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
