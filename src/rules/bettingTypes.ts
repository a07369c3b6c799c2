/**
 * The betting state of one hand as plain, immutable, JSON-serialisable data: an xstate machine keeps it in
 * its context, and replay-based recovery rebuilds it from the journal.
 */
import type { BettingStructure } from "./games.js";

export const STREETS = ["preflop", "flop", "turn", "river"] as const;
export type Street = (typeof STREETS)[number];

/**
 * Where the hand stands:
 * - `betting`: a betting round is open and `toAct` is the seat to act;
 * - `dealing`: the round is over, bets are collected; the next street is dealt and bet;
 * - `runout`: no more betting is possible (all-in and all action complete): the rest of the board is dealt
 *   without betting, and all live hands are tabled at once (§8);
 * - `showdown`: the board is complete and the betting is over;
 * - `uncontested`: all but one player folded; that player takes the pot without a showdown.
 */
export type HandPhase = "betting" | "dealing" | "runout" | "showdown" | "uncontested";

/** When the big blind cannot pay both the big blind and a big-blind ante, which one is paid first. */
export type BbAnteOrder = "blind-first" | "ante-first";

/**
 * When the limit raise cap is lifted (TDA 48): `heads-up-play` when the hand was dealt to two players only
 * (the 2019 text: the cap holds "even when heads-up until the event is down to 2 players"); `two-left`
 * when only two players remain in the hand (a common cash-game custom).
 */
export type CapLift = "heads-up-play" | "two-left";

/** The betting rules of the hand, fixed when it begins. */
export interface BettingRules {
  readonly structure: BettingStructure;
  /** The smallest opening bet and the first minimum raise increment (no-limit, pot-limit): the big blind. */
  readonly minBet: number;
  /** Limit only: the bet size pre-flop and on the flop. */
  readonly smallBet: number;
  /** Limit only: the bet size on the turn and the river. */
  readonly bigBet: number;
  /** Limit only: bets plus raises allowed per street, `null` for none. */
  readonly cap: number | null;
  readonly capLift: CapLift;
}

/** One seat dealt into the hand. */
export interface SeatInHand {
  readonly seat: number;
  /** Chips behind, not yet put in. */
  readonly stack: number;
  /** Chips in front of the player on this street (blinds included pre-flop). */
  readonly bet: number;
  /** Ante paid this hand (per-player ante or big-blind ante). */
  readonly ante: number;
  /** Blinds and bets of earlier streets, uncalled chips already returned. */
  readonly invested: number;
  readonly folded: boolean;
  /** Has acted voluntarily on this street: decides whether a short all-in re-opens the betting to him (TDA 47). */
  readonly acted: boolean;
  /** Still owes an action in this round (everyone does at the start, and again after any bet or raise). */
  readonly mustAct: boolean;
}

/** The betting state of a hand. */
export interface BettingState {
  readonly rules: BettingRules;
  readonly button: number;
  readonly sbSeat: number | null;
  readonly bbSeat: number;
  /** The big-blind ante is dead money for the main pot rather than a matched contribution. */
  readonly anteIsBbAnte: boolean;
  /** Seats in dealing order: clockwise from the first seat left of the button. */
  readonly seats: readonly SeatInHand[];
  readonly street: Street;
  readonly phase: HandPhase;
  /** The seat to act while `phase` is `betting`, else `null`. */
  readonly toAct: number | null;
  /** The amount to match on this street (pre-flop at least the full big blind, even when the blind is short). */
  readonly currentBet: number;
  /** The largest full bet or raise of the street (TDA 42); the minimum raise increment. */
  readonly lastFullRaise: number;
  /** Limit: the last level reached by a full bet or raise (or an all-in of at least half a bet, TDA 47-B). */
  readonly fullBetLevel: number;
  /** Full bets and raises made on this street (the pre-flop big blind counts as the bet), for the limit cap. */
  readonly raiseCount: number;
  /** Pot-limit, pre-flop: chips a short all-in blind did not post, still counted in the pot (TDA 54-B). */
  readonly shortBlindCredit: number;
  /** Chips collected from earlier streets and antes (not counting bets in front of the players). */
  readonly collected: number;
  /** The last seat to bet or raise on the current street, else `null` (shows first at showdown, §8). */
  readonly lastAggressor: number | null;
}

export type ActionType = "fold" | "check" | "call" | "bet" | "raise";

/** A player's action. `to` is the total of his bet on this street after a bet or raise. */
export interface BettingAction {
  readonly seat: number;
  readonly type: ActionType;
  readonly to?: number;
}

/** What the seat to act may do, with the amounts. */
export interface LegalActions {
  readonly seat: number;
  readonly canFold: boolean;
  readonly canCheck: boolean;
  /** Chips a call puts in (less than the bet to match when the call is all-in); 0 when checking. */
  readonly callAmount: number;
  /** Whether betting (no bet to match) or raising is possible at all. */
  readonly canRaise: boolean;
  /** `bet` when nobody has bet on this street, else `raise`. */
  readonly raiseType: "bet" | "raise";
  /** Smallest legal bet or raise-to; an all-in below it is also legal. `null` when raising is not possible. */
  readonly minTo: number | null;
  /** Largest legal bet or raise-to. */
  readonly maxTo: number | null;
  /** Why raising is not possible, when it is not. */
  readonly raiseBlockedBy: BettingError | null;
}

export type BettingErrorCode =
  | "HAND_NOT_BETTING"
  | "NOT_IN_TURN"
  | "UNKNOWN_SEAT"
  | "CANNOT_CHECK"
  | "NOTHING_TO_CALL"
  | "BET_FACING_BET"
  | "NOTHING_TO_RAISE"
  | "NO_AMOUNT"
  | "NOT_WHOLE_CHIPS"
  | "NOT_ENOUGH_CHIPS"
  | "BELOW_MINIMUM"
  | "ABOVE_MAXIMUM"
  | "LIMIT_SIZE"
  | "CAP_REACHED"
  | "NOT_REOPENED"
  | "NO_OPPONENT_TO_RAISE"
  | "NOT_DEALING";

/** Why an operation is illegal, in words a dealer can read. */
export interface BettingError {
  readonly code: BettingErrorCode;
  readonly message: string;
}

/** The result of an operation: the new state, or why it was refused. */
export type BettingResult =
  { readonly ok: true; readonly state: BettingState } | { readonly ok: false; readonly error: BettingError };
