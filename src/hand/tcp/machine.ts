/**
 * A Three Card Poker hand as an xstate v5 machine: betting (bets free) → dealing (bets locked,
 * three cards to each box and the dealer) → decisions (Play or fold) → over, with `held` while a
 * misdeal or a deck that is not whole waits for the floor. The context is plain data
 * ({@link TcpContext}); every action calls a pure function of this folder.
 */
import { assign, setup } from "xstate";
import type { ButtonName } from "../../contract/input.js";
import { isAlertCode } from "../alerts.js";
import {
  ENDED_OR_HELD,
  type HandInput,
  heldState,
  HOLD_GUARDS,
  RULING_GUARDS,
  rulingCode,
  type StepParams,
  stepper,
  tookHold,
} from "../machineSession.js";
import { clearRuledOn, type Hold, TCP_MISDEAL_HOLDS, VOID_HOLDS } from "../hold.js";
import { acknowledged } from "../emit.js";
import { clearAll, tcpSay } from "./alerts.js";
import type { TcpAlertCode, TcpContext } from "./context.js";
import {
  cardExposed,
  dealEnded,
  judgeBetsLocked,
  judgeDealEnd,
  judgeCountsOnceCollected,
  judgeExposed,
  strayCardsDiscarded,
  tooManyCards,
} from "./deal.js";
import { foldBox, foldKey, readyToReveal } from "./decide.js";
import { playStandsAsRuled } from "./bets.js";
import { judgeDeckCollected } from "../deck.js";
import { takeDue } from "../timers.js";
import { observe } from "./observe.js";
import { endHand, settleHand } from "./settle.js";

export type TcpMachineEvent = HandInput;

/** After any input: once every decision is made the dealer turns his cards and the hand is settled. */
function progress(h: TcpContext): void {
  if (h.result === null && readyToReveal(h)) settleHand(h);
}

/** The `fold` key: the deal is over by then, and the lowest box still to decide folds. */
function foldLowestBox(h: TcpContext): void {
  dealEnded(h);
  foldKey(h);
}

const isTcpCode = (code: string): code is TcpAlertCode =>
  isAlertCode(code) || code === "TCP_BET_INVALID" || code === "TCP_PLAYER_EXPOSED";

/** The floor's `continue` on an alert that does not hold the hand. */
function continueAsRuled(h: TcpContext, seat?: number, code?: string): void {
  // The bets stand as the table holds them (a changed bet is not taken, an invalid one is).
  if (code && isTcpCode(code)) clearAll(h, code, seat);
  if (code === "TCP_BET_AFTER_DEAL" && seat !== undefined) playStandsAsRuled(h, seat);
}

/**
 * The floor's `misdeal` or `void`: the hand ends and nothing is settled (the stacks as before the hand).
 * After a misdeal the chips stay on the zones (the alert's steps: "the bets stay") and are the bets of
 * the hand dealt again, read at its press like any bets placed before it (lifecycle.ts); after a void
 * the dealer gives them back.
 */
function endAsRuled(h: TcpContext, result: "misdeal" | "void", code?: string): void {
  clearRuledOn(h, code);
  endHand(h, result, { ...h.stacksBefore });
}

/** The floor's `dead`: a dead box is folded, and loses what a fold loses. */
function killBox(h: TcpContext, seat?: number): void {
  if (seat === undefined) return;
  foldBox(h, seat);
  clearAll(h, "TCP_BET_AFTER_DEAL", seat);
}

/**
 * The floor's `continue` on a hold while a hand holds a card too many: the rules make that a misdeal,
 * and the hand cannot be played with the cards as they lie, so the table refuses it (FLOOR_OP_REJECTED,
 * the product's refusal of a floor operation, with the rule and the rulings it takes) and stays held.
 * Before, it was taken: the box (or, for the dealer's, every box) got its bets back and the hand ended
 * "complete", a misdeal under another name.
 */
function refuseContinue(h: TcpContext): void {
  const wrong = tooManyCards(h);
  if (wrong !== null) h.out.push(tcpSay.continueRefused(h.t, wrong.owner, wrong.cards));
}

/** The floor's `continue` on a hold: its alert is cleared and play goes on with the cards as they lie. */
function release(h: TcpContext, hold: Hold): void {
  clearAll(h, hold.code);
  strayCardsDiscarded(h);
  // A hand the floor let stand counts as dealt.
  if (h.phase === "dealing" && h.dealerTags.length >= 3) h.phase = "decisions";
}

type Keyed = { event: TcpMachineEvent };
const pressed = (event: TcpMachineEvent, key: ButtonName) => event.type === "key" && event.key === key;

/**
 * The dealer's keys the game has a use for, one guard each (rules/three-card-poker.md). Three Card
 * Poker has no action keys, no `undo`: the chart takes no other key (none would change the hand).
 */
const KEY_GUARDS = {
  /** "A player either folds": the `fold` key folds the lowest box still to decide. */
  dealerFolds: ({ event }: Keyed) => pressed(event, "fold"),
  /** The `ok` key: the dealer says the deal is over (a short deal with no decision to reveal it). */
  dealerEndsTheDeal: ({ event }: Keyed) => pressed(event, "ok"),
  /** The `exposed` key: an exposed dealer card is a misdeal, a player's is not (judged a round later). */
  dealerExposedACard: ({ event }: Keyed) => pressed(event, "exposed"),
  /** The `ok` key acknowledged a dealer alert (the table's ruling desk cleared it and said so). */
  dealerAcknowledged: ({ event }: Keyed) =>
    pressed(event, "ok") && event.type === "key" && !!event.acknowledged,
};

/**
 * Each state's inputs. Ticks and what the readers saw matter in every state (the judgements that
 * waited for the readers: the last hand's cards, the lock, the deal's end, an exposed card; cards and
 * bets). The keys and rulings that matter differ: see each state.
 */
const EXPOSED = { guard: "dealerExposedACard", actions: "exposedKey" } as const;
const FOLD = { guard: "dealerFolds", actions: "foldKey" } as const;
const DEAL_OVER = { guard: "dealerEndsTheDeal", actions: "dealOverKey" } as const;
/**
 * An `ok` the table's desk took as the dealer's word on the oldest dealer alert (it cleared it) is that,
 * in every state: the hand forgets the alert, or it would clear it a second time when put right and
 * never tell it again. Only that: during the deal it does not also end the deal (a dealer acknowledging
 * TCP_BLIND_PLAY_MISSING after the second card got a false MISDEAL_CARD_COUNT, every box short then);
 * an `ok` with no alert to acknowledge does.
 */
const ACKNOWLEDGED = { guard: "dealerAcknowledged", actions: "acknowledgeKey" } as const;
const CONTINUE = { guard: "floorContinues", actions: "continueAsRuled" } as const;
const MISDEAL = { guard: "floorCallsMisdeal", target: "#tcp.over", actions: "endAsMisdeal" } as const;
const VOID = { guard: "floorVoids", target: "#tcp.over", actions: "endAsVoid" } as const;
const KILL = { guard: "floorKills", actions: "kill" } as const;
const SEEN = { tick: { actions: "tick" }, observed: { actions: "observe" } } as const;

/**
 * The keys while held: the floor rules on the table as it lies, and a fold, the deal's end or an
 * exposed card still happened (each is judged as in play; nothing is revealed while held).
 */
const keysWhileHeld = (params: StepParams) =>
  [
    { ...FOLD, actions: { type: "foldKey", params } },
    { ...ACKNOWLEDGED, actions: { type: "acknowledgeKey", params } },
    { ...DEAL_OVER, actions: { type: "dealOverKey", params } },
    { ...EXPOSED, actions: { type: "exposedKey", params } },
  ] as const;

/** The rulings a hold refuses (tried before the shared ones, see machineSession.ts heldState). */
const refusalsWhileHeld = (params: StepParams) =>
  [{ guard: "cardsCannotStand", actions: { type: "refuseContinue", params } }] as const;

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
          if (timer.kind === "deckCollected") {
            judgeDeckCollected(h);
            judgeCountsOnceCollected(h);
          } else if (timer.kind === "betsLocked") judgeBetsLocked(h);
          else if (timer.kind === "dealEnd") judgeDealEnd(h, timer.since);
          else if (timer.kind === "tcpExposed") judgeExposed(h);
        }
      }),
    }),
    observe: assign({ h: step((h, e) => e.type === "observed" && observe(h, e.observations)) }),
    foldKey: assign({ h: step((h) => foldLowestBox(h)) }),
    // `ok`: the dealer says the deal is over.
    dealOverKey: assign({ h: step((h) => dealEnded(h)) }),
    exposedKey: assign({ h: step((h) => cardExposed(h)) }),
    acknowledgeKey: assign({
      h: step(
        (h, e) =>
          e.type === "key" && e.acknowledged && acknowledged(h, e.acknowledged.code, e.acknowledged.seat),
      ),
    }),
    continueAsRuled: assign({
      h: step((h, e) => e.type === "ruling" && continueAsRuled(h, e.seat, e.code)),
    }),
    endAsMisdeal: assign({ h: step((h, e) => endAsRuled(h, "misdeal", rulingCode(e))) }),
    endAsVoid: assign({ h: step((h, e) => endAsRuled(h, "void", rulingCode(e))) }),
    kill: assign({ h: step((h, e) => e.type === "ruling" && killBox(h, e.seat)) }),
    // The state's hold is not given to the functions: the hand is released before they run.
    release: assign({
      h: (args, params: StepParams) => step((h) => params.held !== null && release(h, params.held))(args),
    }),
    tookHold: assign({ h: ({ context }) => tookHold(context.h) }),
    refuseContinue: assign({ h: step((h) => refuseContinue(h)) }),
  },
  guards: {
    ...HOLD_GUARDS,
    ...RULING_GUARDS,
    ...KEY_GUARDS,
    ended: ({ context }) => context.h.result !== null,
    drawn: ({ context }) => context.h.phase !== "betting",
    dealt: ({ context }) => context.h.phase === "decisions",
    /** "An incorrect number of cards dealt to the dealer or to any player is a misdeal": no `continue`. */
    cardsCannotStand: ({ context, event }) =>
      event.type === "ruling" && event.ruling === "continue" && tooManyCards(context.h) !== null,
  },
}).createMachine({
  id: "tcp",
  context: ({ input }) => ({ h: input.h }),
  initial: "betting",
  states: {
    // Bets go on and come off freely; the first card drawn locks them. Of the keys `exposed` matters
    // (the card it is about may be reported a round after it, and is then judged), and `ok` only as the
    // acknowledgement of an alert; `fold` has no box and `ok` no deal to act on yet, nor has `dead`.
    betting: {
      on: { ...SEEN, key: [EXPOSED, ACKNOWLEDGED], ruling: [CONTINUE, MISDEAL, VOID] },
      always: [...ENDED_OR_HELD, { guard: "drawn", target: "dealing" }],
    },
    // Three cards to each box and to the dealer; misdeals are judged here. `fold` and a Play bet end
    // the deal as `ok` does (a box short is then a misdeal, after the readers' lag); an `ok` that
    // acknowledged an alert is only that.
    dealing: {
      on: { ...SEEN, key: [FOLD, ACKNOWLEDGED, DEAL_OVER, EXPOSED], ruling: [CONTINUE, MISDEAL, VOID, KILL] },
      always: [...ENDED_OR_HELD, { guard: "dealt", target: "decisions" }],
    },
    // Play or fold; when all have decided the dealer turns his cards and the hand settles. The deal
    // is over: `ok` has nothing left to end (it acknowledges an alert); `exposed` is now about the dealer's cards.
    decisions: {
      on: { ...SEEN, key: [FOLD, EXPOSED, ACKNOWLEDGED], ruling: [CONTINUE, MISDEAL, VOID, KILL] },
      always: ENDED_OR_HELD,
    },
    // Waiting for the floor: a misdeal, or a deck that is not whole. Cards and chips are still read.
    // Play resumes at the betting state, whose eventless transitions carry the hand on.
    held: heldState(
      { misdeal: TCP_MISDEAL_HOLDS, void: VOID_HOLDS },
      "tcp",
      "betting",
      keysWhileHeld,
      undefined,
      refusalsWhileHeld,
    ),
    over: { type: "final" },
  },
});
