/** Ground truth: what the simulated table did wrong, when, and which alert the controller owes for it. */
import type { AlertCode } from "../hand/alerts.js";

/** One error made at the table (or one situation the rules say must be alerted, such as rule 14). */
export interface Truth {
  readonly code: AlertCode;
  /** The controller's hand number when it happened. */
  readonly hand: number;
  /** From the wrong move until the situation is over (the procedure done, the hand ended or re-dealt). */
  readonly from: number;
  to: number;
  /** How it was made, for the report (e.g. "the first card to seat 4"). */
  readonly what: string;
  /**
   * A situation the controller may alert but is not owed an alert for: it explains an alert of its code
   * told while it lasts (plus the reading latency), and is never counted injected or missed.
   */
  readonly optional?: true;
  /** Set by the report when the controller alerted the code in time. */
  detected?: boolean;
  /** A deck check: the result the controller owes (its `deck_check` event must say exactly this). */
  deckCheck?: DeckCheckTruth;
  /** DECK_NOT_COLLECTED: the antennas the last hand's cards were left on (src/sim/scannedSource.ts). */
  leftOn?: readonly string[];
}

/** What a deck check must find. */
export interface DeckCheckTruth {
  readonly deck: string;
  readonly cards: number;
  readonly missing: readonly string[];
  readonly duplicates: readonly string[];
  readonly foreign: readonly string[];
}

/** What the controller must report at the end of a hand. */
export interface ExpectedEnd {
  readonly hand: number;
  readonly result: "complete" | "misdeal" | "void";
  readonly stacks: Record<number, number>;
}
