/**
 * A Three Card Poker hand as an xstate v5 machine: betting (bets free) → dealing (bets locked,
 * three cards to each box and the dealer) → decisions (Play or fold) → over, with `held` while a
 * misdeal or a deck that is not whole waits for the floor. The context is plain data
 * ({@link TcpContext}); every action calls a pure function of this folder.
 */
import { assign, setup } from "xstate";
import type { ButtonName, RulingName } from "../../contract/input.js";
import { isAlertCode } from "../alerts.js";
import {
  ENDED_OR_HELD,
  HAND_INPUTS,
  type HandInput,
  heldState,
  HOLD_GUARDS,
  type StepParams,
  stepper,
  tookHold,
} from "../machineSession.js";
import { type Hold, TCP_MISDEAL_HOLDS, VOID_HOLDS } from "../hold.js";
import { clearAll } from "./alerts.js";
import type { TcpAlertCode, TcpContext } from "./context.js";
import { cardExposed, dealEnded, judgeBetsLocked, judgeDealEnd, judgeExposed } from "./deal.js";
import { foldBox, foldKey, readyToReveal } from "./decide.js";
import { judgeDeckCollected } from "../deck.js";
import { takeDue } from "../timers.js";
import { observe } from "./observe.js";
import { endHand, settleHand } from "./settle.js";

export type TcpMachineEvent = HandInput;

/** After any input: once every decision is made the dealer turns his cards and the hand is settled. */
function progress(h: TcpContext): void {
  if (h.result === null && readyToReveal(h)) settleHand(h);
}

function onKey(h: TcpContext, key: ButtonName): void {
  if (key === "fold") {
    dealEnded(h);
    foldKey(h);
  } else if (key === "exposed") cardExposed(h);
  // `ok`: the dealer says the deal is over (a short deal with no decision to reveal it).
  else if (key === "ok") dealEnded(h);
}

const isTcpCode = (code: string): code is TcpAlertCode =>
  isAlertCode(code) || code === "TCP_BET_INVALID" || code === "TCP_PLAYER_EXPOSED";

/** The floor's ruling on an open alert (the floor decides). */
function onRuling(h: TcpContext, ruling: RulingName, seat?: number, code?: string): void {
  switch (ruling) {
    case "continue":
      // (A held hand's `continue` is the chart's: see release.)
      if (code && isTcpCode(code)) {
        // The bets stand as the table holds them (a changed bet is not taken, an invalid one is).
        clearAll(h, code, seat);
      }
      break;
    case "misdeal":
      endHand(h, "misdeal", { ...h.stacksBefore });
      break;
    case "void":
      endHand(h, "void", { ...h.stacksBefore });
      break;
    case "dead":
      // A dead box is folded: it loses what a fold loses.
      if (seat !== undefined) {
        foldBox(h, seat);
        clearAll(h, "TCP_BET_AFTER_DEAL", seat);
      }
      break;
  }
}

/** The floor's `continue` on a hold: its alert is cleared and play goes on with the cards as they lie. */
function release(h: TcpContext, hold: Hold): void {
  clearAll(h, hold.code);
  // A hand the floor let stand counts as dealt.
  if (h.phase === "dealing" && h.dealerTags.length >= 3) {
    h.dealComplete = true;
    h.phase = "decisions";
  }
}

const step = stepper<TcpContext>(progress);

// Flat states, as in the hold'em machine: one level of eventless transitions per input.
export const tcpMachine = setup({
  types: {
    context: {} as { h: TcpContext },
    input: {} as { h: TcpContext },
    events: {} as TcpMachineEvent,
  },
  actions: {
    tick: assign({
      h: step((h, e) => {
        if (e.type !== "tick") return;
        for (const timer of takeDue(h, h.t)) {
          if (timer.kind === "deckCollected") judgeDeckCollected(h);
          else if (timer.kind === "betsLocked") judgeBetsLocked(h);
          else if (timer.kind === "dealEnd") judgeDealEnd(h);
          else if (timer.kind === "tcpExposed") judgeExposed(h);
        }
      }),
    }),
    observe: assign({ h: step((h, e) => e.type === "observed" && observe(h, e.observations)) }),
    key: assign({ h: step((h, e) => e.type === "key" && onKey(h, e.key)) }),
    ruling: assign({ h: step((h, e) => e.type === "ruling" && onRuling(h, e.ruling, e.seat, e.code)) }),
    // The state's hold is not given to the functions: the hand is released before they run.
    release: assign({
      h: (args, params: StepParams) => step((h) => params.held !== null && release(h, params.held))(args),
    }),
    tookHold: assign({ h: ({ context }) => tookHold(context.h) }),
  },
  guards: {
    ...HOLD_GUARDS,
    ended: ({ context }) => context.h.result !== null,
    drawn: ({ context }) => context.h.phase !== "betting",
    dealt: ({ context }) => context.h.phase === "decisions",
  },
}).createMachine({
  id: "tcp",
  context: ({ input }) => ({ h: input.h }),
  initial: "betting",
  states: {
    // Bets go on and come off freely; the first card drawn locks them.
    betting: { on: HAND_INPUTS, always: [...ENDED_OR_HELD, { guard: "drawn", target: "dealing" }] },
    // Three cards to each box and to the dealer; misdeals are judged here.
    dealing: { on: HAND_INPUTS, always: [...ENDED_OR_HELD, { guard: "dealt", target: "decisions" }] },
    // Play or fold; when all have decided the dealer turns his cards and the hand settles.
    decisions: { on: HAND_INPUTS, always: ENDED_OR_HELD },
    // Waiting for the floor: a misdeal, or a deck that is not whole. Cards and chips are still read.
    // Play resumes at the betting state, whose eventless transitions carry the hand on.
    held: heldState({ misdeal: TCP_MISDEAL_HOLDS, void: VOID_HOLDS }, "tcp", "betting"),
    over: { type: "final" },
  },
});
