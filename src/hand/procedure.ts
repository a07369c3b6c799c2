/**
 * The board procedures the dealer follows (RP-5's premature flop, turn and river; r.35's four-card
 * flop; the extra card of a turn or river dealt two at once) are the states of the hold'em chart's
 * `procedure` region, beside the round (dealing, betting, board, held). This module names them, gives
 * the region its shape and its guards (named after the rules that move the hand into and out of each
 * procedure), and is what the board's pure functions (./board.ts) share with the chart.
 *
 * The chart is the only memory of the procedure in force. While it handles an input it gives the
 * board's functions its state (`h.board.procedure`, one of {@link PROCEDURES}); a function that starts
 * or ends a procedure sets another, and the chart's region follows it when the input is done. Between
 * inputs `h.board.procedure` is null. What the procedure waits for (the cards to leave the board) is
 * data: `h.board.aside`.
 */
import type { HandContext } from "./context.js";

/** The procedures, by the name of their state in the chart. */
export const PROCEDURES = {
  /** No procedure: streets are dealt by the book (a burn before each). */
  none: { kind: "none" },
  /** RP-5 A: the flop came before the pre-flop round was complete; dealt again without a new burn. */
  prematureFlop: { kind: "premature", code: "PREMATURE_FLOP" },
  /** RP-5 B: the turn came before the flop round was complete; the river then comes without a burn. */
  prematureTurn: { kind: "premature", code: "PREMATURE_TURN" },
  /** RP-5 C: the river came before the turn round was complete; dealt again without a new burn. */
  prematureRiver: { kind: "premature", code: "PREMATURE_RIVER" },
  /** r.35: four cards on the flop; one of them goes to the burn, the turn comes without another. */
  fourCardFlop: { kind: "fourCardFlop" },
  /** Two cards for the turn: the extra one must leave the board (it is premature, RP-5). */
  tooManyTurn: { kind: "tooMany", street: "turn" },
  /** Two cards for the river: the extra one must leave the board. */
  tooManyRiver: { kind: "tooMany", street: "river" },
} as const;

export type ProcedureName = keyof typeof PROCEDURES;
export type BoardProcedure = (typeof PROCEDURES)[ProcedureName];
export type PrematureCode = Extract<BoardProcedure, { kind: "premature" }>["code"];

const NAMES = Object.keys(PROCEDURES) as ProcedureName[];

/** The premature-card procedure of each RP-5 alert. */
export const PREMATURE: Record<PrematureCode, BoardProcedure> = {
  PREMATURE_FLOP: PROCEDURES.prematureFlop,
  PREMATURE_TURN: PROCEDURES.prematureTurn,
  PREMATURE_RIVER: PROCEDURES.prematureRiver,
};

/** The procedure in force for the input being handled. */
export function procedureOf(h: HandContext): BoardProcedure {
  return h.board.procedure ?? PROCEDURES.none;
}

/**
 * The procedure in force in a hold'em chart's state value: its top-level state
 * (`{ prematureFlop: "on" }`, `{ prematureFlop: { held: … } }`), else none.
 */
export function procedureState(value: unknown): ProcedureName {
  const top = typeof value === "object" && value !== null ? Object.keys(value)[0] : value;
  return typeof top === "string" && top !== "none" && top in PROCEDURES ? (top as ProcedureName) : "none";
}

type Ctx = { context: { h: HandContext } };
/** Whether an input left procedure `name` for the chart (by value: undo puts back a copy of the context). */
function asked(h: HandContext, name: ProcedureName): boolean {
  const p = h.board.procedure;
  return p !== null && sameProcedure(p, PROCEDURES[name]);
}

function sameProcedure(a: BoardProcedure, b: BoardProcedure): boolean {
  if (a === b) return true;
  if (a.kind === "premature") return b.kind === "premature" && a.code === b.code;
  if (a.kind === "tooMany") return b.kind === "tooMany" && a.street === b.street;
  return a.kind === b.kind;
}

/**
 * The guards of the `procedure` region, named after the rules: each says which procedure the input's
 * board cards call for (the board's functions judged them, ./board.ts).
 */
export const PROCEDURE_GUARDS = {
  /** An input started or ended a procedure. */
  procedureChanged: ({ context }: Ctx) => context.h.board.procedure !== null,
  /** The procedure is done: the cards it waited for left the board, or were dealt again as the street. */
  boardByTheBook: ({ context }: Ctx) => asked(context.h, "none"),
  /** RP-5 A: premature flop cards. */
  rp5aPrematureFlop: ({ context }: Ctx) => asked(context.h, "prematureFlop"),
  /** RP-5 B: a premature turn card. */
  rp5bPrematureTurn: ({ context }: Ctx) => asked(context.h, "prematureTurn"),
  /** RP-5 C: a premature river card. */
  rp5cPrematureRiver: ({ context }: Ctx) => asked(context.h, "prematureRiver"),
  /** r.35: four cards on the flop. */
  r35FourCardFlop: ({ context }: Ctx) => asked(context.h, "fourCardFlop"),
  /** A card too many dealt for the turn (RP-5: the extra one is premature). */
  tooManyForTheTurn: ({ context }: Ctx) => asked(context.h, "tooManyTurn"),
  /** A card too many dealt for the river. */
  tooManyForTheRiver: ({ context }: Ctx) => asked(context.h, "tooManyRiver"),
};

const ENTERED_BY: Record<ProcedureName, keyof typeof PROCEDURE_GUARDS> = {
  none: "boardByTheBook",
  prematureFlop: "rp5aPrematureFlop",
  prematureTurn: "rp5bPrematureTurn",
  prematureRiver: "rp5cPrematureRiver",
  fourCardFlop: "r35FourCardFlop",
  tooManyTurn: "tooManyForTheTurn",
  tooManyRiver: "tooManyForTheRiver",
};

/**
 * Where a procedure's states are in the hold'em chart: each procedure is a top-level state beside the
 * round's (dealing, betting, board), with two children: `on`, which takes the inputs as the round's
 * states do (the round goes on in the context's betting state), and `held`, the holds for the floor
 * while the procedure is in force (a hold does not end it). No procedure is the round's states and
 * the top-level `held`. (Flat states, not a parallel region: a region of its own doubled xstate's work
 * on every input, bench/replay.)
 */
export function procedurePath(name: ProcedureName, leaf: "on" | "held"): string {
  if (name === "none") return leaf === "on" ? "dealing" : "held";
  return `${name}.${leaf}`;
}

/**
 * The eventless transitions of a hold's state while procedure `from` is in force: a card that leaves
 * the board (or the burn) while the hand is held may end the procedure or start another; the hand stays
 * held for the same alert, in the procedure the board now calls for.
 */
export function procedureMovesWhileHeld(machineId: string, from: ProcedureName) {
  return (leaf: string) =>
    NAMES.filter((name) => name !== from).map((name) => ({
      guard: ENTERED_BY[name],
      target: `#${machineId}.${procedurePath(name, "held")}.${leaf}`,
      actions: "tookProcedure" as const,
    }));
}

/**
 * The procedures' states: `inputs`, `inPlay` are the round states' inputs and eventless transitions
 * (`inPlay` leads to `judged` when the board's cards started or ended a procedure), `held` builds the
 * hold states of a procedure. Needs the action `tookProcedure` and {@link PROCEDURE_GUARDS}.
 */
export function procedureStates<I, A extends readonly unknown[], H>(
  inputs: I,
  inPlay: A,
  held: (name: Exclude<ProcedureName, "none">) => H,
) {
  const procedure = (name: Exclude<ProcedureName, "none">) =>
    ({
      initial: "on",
      states: { on: { on: inputs, always: inPlay }, held: held(name) },
    }) as const;
  const names = NAMES.filter((n): n is Exclude<ProcedureName, "none"> => n !== "none");
  return {
    ...(Object.fromEntries(names.map((name) => [name, procedure(name)])) as Record<
      Exclude<ProcedureName, "none">,
      ReturnType<typeof procedure>
    >),
    // Transient: the procedure the input's board called for (none: the deal, whose eventless
    // transitions carry the hand on to its round).
    judged: {
      always: NAMES.map((name) => ({
        guard: ENTERED_BY[name],
        target: procedurePath(name, "on"),
        actions: "tookProcedure" as const,
      })),
    },
  } as const;
}

/** Entering a procedure's state: the chart keeps it (between inputs the context does not). */
export function tookProcedure(h: HandContext): HandContext {
  h.board.procedure = null;
  return h;
}

/** The chart gives the board's functions its procedure at the start of an input. */
export function giveProcedure(h: HandContext, value: unknown): BoardProcedure {
  const given = PROCEDURES[procedureState(value)];
  h.board.procedure = given;
  return given;
}

/** At the end of an input: what did not change goes back to the chart; a change is left for it. */
export function takeBackProcedure(h: HandContext, given: BoardProcedure): void {
  const now = h.board.procedure;
  if (now !== null && sameProcedure(now, given)) h.board.procedure = null;
}
