/**
 * The hand as an xstate v5 machine. The states say where the hand is — the deal, a betting round,
 * waiting for the board, a board procedure the dealer follows (RP-5, r.35: ./procedure.ts), held for
 * the floor (a misdeal, a void: ./hold.ts), over — and which inputs each accepts; the context is plain
 * data ({@link HandContext}) and every action calls a pure function of this folder, given the chart's
 * hold and procedure for the input (machineSession.ts stepper).
 */
import { assign, setup } from "xstate";
import { announceAllIn } from "./act.js";
import { afterRoundClosed } from "./board.js";
import { readWaitingPushes, replayDeferredKeys } from "./chips.js";
import { afterAction } from "./turn.js";
import type { HandContext } from "./context.js";
import { clear, clearCode, raise } from "./emit.js";
import { exposedKey, KEY_GUARDS, otherKey, playerKey, takeBackKey } from "./keys.js";
import { isAlertCode, say } from "./alerts.js";
import { observe } from "./observe.js";
import { runDueJudgements } from "./judgements.js";
import {
  type HandInput,
  heldState,
  rulingCode,
  HOLD_GUARDS,
  RULING_GUARDS,
  type StepParams,
  stepper,
  tookHold,
} from "./machineSession.js";
import { clearRuledOn, type Hold, isHeld, MISDEAL_HOLDS, VOID_HOLDS } from "./hold.js";
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
import { tellProcedureSteps } from "./procedureSteps.js";
import { endHand, settleHand } from "./settle.js";
import { movedOn } from "./undo.js";
import { foldDeadHands, killInRunout, showdownWaitsForTheFloor } from "./tabledHands.js";
import { shortAtTheShowdown } from "./shortCalls.js";

export type HandMachineEvent = HandInput;

/**
 * After any input: what the end of a betting round sets in motion, and the end of the hand; then how far
 * the dealer is through the open procedures' steps.
 */
function progress(h: HandContext): void {
  moveOn(h);
  if (h.result === null) tellProcedureSteps(h);
}

function moveOn(h: HandContext): void {
  if (h.result !== null) return;
  foldDeadHands(h);
  const phase = h.betting.phase;
  // Rule 14 asks for the hands face up: not before they are dealt (an all-in from the forced bets).
  // Also in a held hand: the last call may be read just after the card that holds it (see potGained).
  if (phase === "runout" && h.dealComplete) announceAllIn(h);
  if (isHeld(h)) return;
  if (phase === "dealing" || phase === "runout") afterRoundClosed(h);
  replayDeferredKeys(h);
  if (h.betting.phase === "uncontested") settleHand(h);
  else if (h.betting.phase === "showdown" && !showdownWaitsForTheFloor(h) && !shortAtTheShowdown(h))
    settleHand(h);
}

/**
 * Before any ruling of the floor: a push waiting (short of the call, or beside voided chips) was out before it, and
 * the dealer's last key is no longer his to take back.
 */
function beforeRuling(h: HandContext): void {
  readWaitingPushes(h);
  h.undoable = null;
}

/** The floor's `continue` on an alert that does not hold the hand: it is cleared, play goes on. */
function continueAsRuled(h: HandContext, code?: string): void {
  beforeRuling(h);
  if (code && isAlertCode(code)) clearCode(h, code);
  afterAction(h);
}

/** The floor's `misdeal` (r.33) or `void` (IPC 29): the hand ends, the stacks as they were before it. */
function endAs(h: HandContext, result: "misdeal" | "void", code?: string): void {
  beforeRuling(h);
  clearRuledOn(h, code);
  endHand(h, result, { ...h.stacksBefore });
}

/**
 * The floor's `dead`: the seat's hand is dead, and folds when the action reaches it. Ruled with no
 * HAND_DEAD open, the catalogue's alert is still told ("or the floor rules it dead": the displays and
 * the feed say whose hand is dead and what the dealer does), answered at once by the ruling.
 */
function killHand(h: HandContext, seat?: number): void {
  beforeRuling(h);
  if (seat !== undefined && !h.dead.includes(seat)) {
    h.dead.push(seat);
    raise(h, say.handRuledDead(h.t, seat));
    clear(h, "HAND_DEAD", seat);
    if (!killInRunout(h, seat)) afterAction(h);
  }
}

/** The floor's `continue` on a hold: its alert is cleared and play goes on from where it is. */
function release(h: HandContext, hold: Hold): void {
  beforeRuling(h);
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

/**
 * What a state of play (the deal, a betting round, the board, a procedure's `on`) does with each input.
 * Each matters in each of them: a judgement that waited for the readers may fall due in any (a burn, a
 * premature card standing, a push short of the call); cards and chips make the deal, the action and the
 * board; and every key does something in every one — a player's key acts or waits for the street
 * (between rounds), `exposed` is judged during the deal (r.33) and, like the player's keys, may be taken
 * back by `undo`, and any key ends the undo window and reads a short push as it stood. The floor's
 * rulings each have a transition: `misdeal` and `void` end the hand.
 */
const PLAY_INPUTS = {
  tick: { actions: "tick" },
  observed: { actions: "observe" },
  key: [
    { guard: "dealerTakesBack", actions: "takeBackKey" },
    { guard: "dealerActsForTheSeat", actions: "playerKey" },
    { guard: "dealerExposedACard", actions: "exposedKey" },
    { actions: "otherKey" },
  ],
  ruling: [
    { guard: "floorContinues", actions: "continueAsRuled" },
    { guard: "floorCallsMisdeal", target: "#hand.over", actions: "endAsMisdeal" },
    { guard: "floorVoids", target: "#hand.over", actions: "endAsVoid" },
    { guard: "floorKills", actions: "kill" },
  ],
} as const;

/**
 * The dealer's keys while held: a player's key does not act (nothing bets while the floor is called,
 * turn.ts canBet), but every key still closes the undo window and reads a short push as it stood, and
 * `exposed` during the deal is still judged a round later (a second exposed card, r.33).
 */
const keysWhileHeld = (params: StepParams) =>
  [
    { guard: "dealerTakesBack", actions: { type: "takeBackKey", params } },
    { guard: "dealerActsForTheSeat", actions: { type: "playerKey", params } },
    { guard: "dealerExposedACard", actions: { type: "exposedKey", params } },
    { actions: { type: "otherKey", params } },
  ] as const;

/** The holds while procedure `name` is in force (or none): released to where play was. */
function heldIn(name: ProcedureName) {
  // (Entered from another procedure's hold when the board's cards ended or changed it: see ./procedure.ts.)
  return heldState(
    { misdeal: MISDEAL_HOLDS, void: VOID_HOLDS },
    "hand",
    procedurePath(name, "on"),
    keysWhileHeld,
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
    tick: assign({ h: step((h, e) => e.type === "tick" && runDueJudgements(h, e.inputEnded === true)) }),
    observe: assign({
      h: step((h, e) => {
        if (e.type !== "observed") return;
        movedOn(h, e.observations);
        observe(h, e.observations);
      }),
    }),
    takeBackKey: assign({ h: step((h) => takeBackKey(h)) }),
    playerKey: assign({ h: step((h, e) => e.type === "key" && playerKey(h, e.key)) }),
    exposedKey: assign({ h: step((h) => exposedKey(h)) }),
    otherKey: assign({ h: step((h, e) => e.type === "key" && otherKey(h, e.key, e.acknowledged)) }),
    continueAsRuled: assign({ h: step((h, e) => e.type === "ruling" && continueAsRuled(h, e.code)) }),
    endAsMisdeal: assign({ h: step((h, e) => endAs(h, "misdeal", rulingCode(e))) }),
    endAsVoid: assign({ h: step((h, e) => endAs(h, "void", rulingCode(e))) }),
    kill: assign({ h: step((h, e) => e.type === "ruling" && killHand(h, e.seat)) }),
    // The state's hold is not given to the functions: the hand is released before they run.
    release: assign({
      h: (args, params: StepParams) => step((h) => params.held !== null && release(h, params.held))(args),
    }),
    tookHold: assign({ h: ({ context }) => tookHold(context.h) }),
    tookProcedure: assign({ h: ({ context }) => tookProcedure(context.h) }),
  },
  guards: {
    ...HOLD_GUARDS,
    ...RULING_GUARDS,
    ...KEY_GUARDS,
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
    dealing: { on: PLAY_INPUTS, always: [...IN_PLAY, { guard: "dealt", target: "betting" }] },
    // A betting round: chips, keys and the muck are actions of the seat to act.
    betting: { on: PLAY_INPUTS, always: [...IN_PLAY, { guard: "betweenRounds", target: "board" }] },
    // Between rounds (or an all-in run-out): burn and board cards make the next street.
    board: { on: PLAY_INPUTS, always: [...IN_PLAY, { guard: "betting", target: "betting" }] },
    // The board procedures (RP-5, r.35, a card too many for a street: see ./procedure.ts), in force
    // through betting rounds and between them, and through a hold.
    ...procedureStates(PLAY_INPUTS, IN_PLAY, (name) => heldIn(name)),
    // Waiting for the floor: a misdeal (r.33) or a deck that is not whole (IPC 29), one state per
    // alert. Cards are still tracked. Play resumes at the deal, whose eventless transitions carry the
    // hand on to where it is.
    held: heldIn("none"),
    over: { type: "final" },
  },
});
