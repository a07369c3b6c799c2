/**
 * The holds for the floor (a misdeal, r.33; a void for a deck that is not whole, IPC 29; an input the
 * table could not apply) are states of the hand's chart (`held.misdeal.*`, `held.void.*`). This module
 * is what the hand's pure functions and the chart share about them: which alert holds the hand in which
 * state, how a function asks the chart for a hold, and whether the input being handled is held.
 *
 * The chart is the only memory of a hold. While it handles an input it tells the functions its hold
 * (`h.held`, given by the state's actions and taken back when the input is done), and a function that
 * raises a holding alert asks for the hold by setting it: the chart then enters the hold's state. Between
 * inputs `h.held` is always null, so nothing in the context mirrors the chart's state.
 */
import { type AlertLedger, clearCode } from "./emit.js";

/** Alerts that hold the hand for the floor to call a misdeal (r.33, poker-rules.md §3). */
export const MISDEAL_HOLDS = {
  firstCard: "MISDEAL_FIRST_CARD",
  notEntitled: "MISDEAL_NOT_ENTITLED",
  dealtOut: "MISDEAL_DEALT_OUT",
  exposed: "MISDEAL_EXPOSED",
  cardCount: "MISDEAL_CARD_COUNT",
} as const;

/** Three Card Poker's misdeals: a hand with a card too many or too few, the dealer's card exposed. */
export const TCP_MISDEAL_HOLDS = {
  cardCount: "MISDEAL_CARD_COUNT",
  dealerExposed: "TCP_DEALER_EXPOSED",
} as const;

/** Alerts that hold the hand for the floor to void it (IPC 29), or to rule on an input not applied. */
export const VOID_HOLDS = {
  foreignCard: "FOREIGN_CARD",
  duplicateCard: "DUPLICATE_CARD",
  inputNotApplied: "INPUT_NOT_APPLIED",
} as const;

export type MisdealHold =
  | (typeof MISDEAL_HOLDS)[keyof typeof MISDEAL_HOLDS]
  | (typeof TCP_MISDEAL_HOLDS)[keyof typeof TCP_MISDEAL_HOLDS];
export type VoidHold = (typeof VOID_HOLDS)[keyof typeof VOID_HOLDS];

/** A hold, as the chart's state names it: the floor's call it waits for, and the alert that asked. */
export type Hold = { kind: "misdeal"; code: MisdealHold } | { kind: "void"; code: VoidHold };

/** What a hand's context carries for its holds. */
export interface HoldLedger extends AlertLedger {
  /**
   * The chart's hold while it handles an input (null between inputs). A function that asks for a hold
   * sets it; the chart enters the hold's state when the input is done.
   */
  held: Hold | null;
  /**
   * When the last card that voided the hand (a duplicate, a foreign card) was read, or null: chips the
   * pot reports within a scan round of it went in before it (hold'em's potGained).
   */
  voidCardAt: number | null;
}

/** Asks the chart to hold the hand, unless the input is already held (the first hold stands). */
export function askHold(h: HoldLedger, hold: Hold, cardAt: number | null = null): void {
  if (h.held !== null) return;
  h.held = hold;
  if (hold.kind === "void") h.voidCardAt = cardAt;
}

/** Whether the input being handled is held for the floor (by the chart's state, or by this input). */
export function isHeld(h: HoldLedger): boolean {
  return h.held !== null;
}

/**
 * The floor ends the hand (`misdeal`, `void`): the alert that held it, and the one the ruling names, are
 * answered before the hand ends (events.md: `alert_clear` when "the floor ruled"), so a consumer that
 * follows alerts by their clears does not keep them open past the hand.
 */
export function clearRuledOn(h: HoldLedger, code?: string): void {
  if (h.held !== null) clearCode(h, h.held.code);
  if (code !== undefined) clearCode(h, code);
}
