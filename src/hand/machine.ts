/**
 * The hand as an xstate v5 machine. The states say where the hand is — the deal, a betting round,
 * waiting for the board, a board procedure the dealer follows (RP-5, r.35: ./procedure.ts), held for
 * the floor (a misdeal, a void: ./hold.ts), over — and which inputs each accepts; the context is plain
 * data ({@link HandContext}) and every action calls a pure function of this folder, given the chart's
 * hold and procedure for the input (machineSession.ts stepper).
 */
import { assign, setup } from "xstate";
import type { ButtonName, RulingName } from "../contract/input.js";
import { announceAllIn } from "./act.js";
import { afterRoundClosed, boardSettledByAction } from "./board.js";
import { readShortPush, replayDeferredKeys } from "./chips.js";
import { actionKey, afterAction } from "./turn.js";
import type { HandContext } from "./context.js";
import { cardExposed } from "./deal.js";
import { clear, clearCode } from "./emit.js";
import { isAlertCode } from "./alerts.js";
import { observe } from "./observe.js";
import { runDueJudgements } from "./judgements.js";
import {
  HAND_INPUTS,
  type HandInput,
  heldState,
  HOLD_GUARDS,
  type StepParams,
  stepper,
  tookHold,
} from "./machineSession.js";
import { type Hold, isHeld, MISDEAL_HOLDS, VOID_HOLDS } from "./hold.js";
import {
  type BoardProcedure,
  giveProcedure,
  PROCEDURE_GUARDS,
  procedureMovesWhileHeld,
  type ProcedureName,
  procedurePath,
  procedureStates,
  takeBackProcedure,
  tookProcedure,
} from "./procedure.js";
import { endHand, settleHand } from "./settle.js";
import { beforeKey, movedOn, undoKey } from "./undo.js";

export type HandMachineEvent = HandInput;

/** After any input: what the end of a betting round sets in motion, and the end of the hand. */
function progress(h: HandContext): void {
  if (h.result !== null) return;
  const phase = h.betting.phase;
  // Rule 14 asks for the hands face up: not before they are dealt (an all-in from the forced bets).
  // Also in a held hand: the last call may be read just after the card that holds it (see potGained).
  if (phase === "runout" && h.dealComplete) announceAllIn(h);
  if (isHeld(h)) return;
  if (phase === "dealing" || phase === "runout") afterRoundClosed(h);
  replayDeferredKeys(h);
  if (h.betting.phase === "showdown" || h.betting.phase === "uncontested") settleHand(h);
}

function onKey(h: HandContext, key: ButtonName): void {
  // A push short of the call waiting for the pot was out before the key was pressed.
  readShortPush(h);
  if (key === "undo") return undoKey(h);
  beforeKey(h, key);
  if (key === "check" || key === "fold" || key === "raise" || key === "allin") boardSettledByAction(h);
  if (key === "check" || key === "fold" || key === "raise" || key === "allin") actionKey(h, key);
  else if (key === "exposed") cardExposed(h);
}

/** The floor's ruling on an open alert (rule 1: the floor decides). */
function onRuling(h: HandContext, ruling: RulingName, seat?: number, code?: string): void {
  readShortPush(h);
  h.undoable = null;
  switch (ruling) {
    case "continue":
      // (A held hand's `continue` is the chart's: see release.)
      if (code && isAlertCode(code)) clearCode(h, code);
      afterAction(h);
      break;
    case "misdeal":
      endHand(h, "misdeal", { ...h.stacksBefore });
      break;
    case "void":
      endHand(h, "void", { ...h.stacksBefore });
      break;
    case "dead":
      if (seat !== undefined && !h.dead.includes(seat)) {
        h.dead.push(seat);
        clear(h, "HAND_DEAD", seat);
        afterAction(h);
      }
      break;
  }
}

/** The floor's `continue` on a hold: its alert is cleared and play goes on from where it is. */
function release(h: HandContext, hold: Hold): void {
  readShortPush(h);
  h.undoable = null;
  clearCode(h, hold.code);
  afterAction(h);
}

const step = stepper<HandContext, BoardProcedure>(progress, {
  give: giveProcedure,
  takeBack: takeBackProcedure,
});

/**
 * Checked after every input while a hand is in play: it has ended, an alert asked for a hold, or the
 * board's cards started or ended a procedure. (The round's states are flat at the top and a
 * procedure's one level down: every input runs the eventless transitions of the active state and its
 * parents, bench/replay; a parallel region for the procedure doubled xstate's work per input.)
 */
const IN_PLAY = [
  { guard: "ended", target: "#hand.over" },
  { guard: "holdAsked", target: "held" },
  { guard: "procedureChanged", target: "#hand.judged" },
] as const;

/** The holds while procedure `name` is in force (or none): released to where play was. */
function heldIn(name: ProcedureName) {
  // (Entered from another procedure's hold when the board's cards ended or changed it: see ./procedure.ts.)
  return heldState(
    { misdeal: MISDEAL_HOLDS, void: VOID_HOLDS },
    "hand",
    procedurePath(name, "on"),
    procedureMovesWhileHeld("hand", name),
  );
}

export const handMachine = setup({
  types: {
    context: {} as { h: HandContext },
    input: {} as { h: HandContext },
    events: {} as HandMachineEvent,
  },
  actions: {
    tick: assign({ h: step((h, e) => e.type === "tick" && runDueJudgements(h)) }),
    observe: assign({
      h: step((h, e) => {
        if (e.type !== "observed") return;
        movedOn(h, e.observations);
        observe(h, e.observations);
      }),
    }),
    key: assign({ h: step((h, e) => e.type === "key" && onKey(h, e.key)) }),
    ruling: assign({ h: step((h, e) => e.type === "ruling" && onRuling(h, e.ruling, e.seat, e.code)) }),
    // The state's hold is not given to the functions: the hand is released before they run.
    release: assign({
      h: (args, params: StepParams) => step((h) => params.held !== null && release(h, params.held))(args),
    }),
    tookHold: assign({ h: ({ context }) => tookHold(context.h) }),
    tookProcedure: assign({ h: ({ context }) => tookProcedure(context.h) }),
  },
  guards: {
    ...HOLD_GUARDS,
    ...PROCEDURE_GUARDS,
    ended: ({ context }) => context.h.result !== null,
    dealt: ({ context }) => context.h.dealComplete,
    betting: ({ context }) => context.h.betting.phase === "betting",
    betweenRounds: ({ context }) => context.h.betting.phase !== "betting",
  },
}).createMachine({
  id: "hand",
  context: ({ input }) => ({ h: input.h }),
  initial: "dealing",
  states: {
    // The deal: hole cards in order; misdeals are judged here.
    dealing: { on: HAND_INPUTS, always: [...IN_PLAY, { guard: "dealt", target: "betting" }] },
    // A betting round: chips, keys and the muck are actions of the seat to act.
    betting: { on: HAND_INPUTS, always: [...IN_PLAY, { guard: "betweenRounds", target: "board" }] },
    // Between rounds (or an all-in run-out): burn and board cards make the next street.
    board: { on: HAND_INPUTS, always: [...IN_PLAY, { guard: "betting", target: "betting" }] },
    // The board procedures (RP-5, r.35, a card too many for a street: see ./procedure.ts), in force
    // through betting rounds and between them, and through a hold.
    ...procedureStates(HAND_INPUTS, IN_PLAY, (name) => heldIn(name)),
    // Waiting for the floor: a misdeal (r.33) or a deck that is not whole (IPC 29), one state per
    // alert. Cards are still tracked. Play resumes at the deal, whose eventless transitions carry the
    // hand on to where it is.
    held: heldIn("none"),
    over: { type: "final" },
  },
});
