/** Where an injected error can step into the dealer's routine (see injection.ts). */
import type { AlertCode } from "../hand/alerts.js";
import type { Street } from "../rules/betting.js";
import type { RakeDue } from "../rules/rake.js";
import type { FlopDealer } from "./dealer.js";

/** One hole card of the deal: its place in the deal, the round (0 = first card to each seat), the seat. */
export interface DealStep {
  readonly index: number;
  readonly round: number;
  readonly seat: number;
}

/**
 * An error of the alert catalogue, made at the table. Each hook is called at its moment of the hand and
 * returns true when it did that step itself (wrongly, then by the correct procedure). The injector
 * records its ground truth with `dealer.truth()`; a misdeal or a void ends the deal through the dealer.
 */
export interface Injector {
  readonly code: AlertCode;
  /** Before the shuffler: the last hand's cards are still on the felt. */
  onShuffle?(d: FlopDealer): boolean;
  /** Before each hole card. */
  onDealCard?(d: FlopDealer, step: DealStep): boolean;
  /** After the last hole card, before the first action. */
  afterDeal?(d: FlopDealer): boolean;
  /** Before the seat to act acts. */
  beforeAction?(d: FlopDealer): boolean;
  /** Before the burn and the cards of a street. */
  onStreet?(d: FlopDealer, street: Street): boolean;
  /** A raked game, the pot awarded: the dealer puts the rake on the plate and drops it. */
  onRake?(d: FlopDealer, due: RakeDue): boolean;
}
