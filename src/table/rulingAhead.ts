/**
 * A floor ruling of misdeal or void that comes before the alert it answers: the supervisor saw the
 * error at the table while the table still waits for the readers to judge it (a deal's order a scan
 * round late; a card of a face already in play, DUPLICATE_CARD, the readers' lag after the press while
 * the card in play may be the last hand's, collected). Refused at once, the ruling was lost and the
 * floor's word never reached the hand. Found by the simulator only: three readers, 5 missed scans,
 * `--focus`, seed 78 at 600 ms rounds, hand 6560: the void ruled 1.4 s after a second Qs was dealt,
 * DUPLICATE_CARD told 0.3 s later, and every later hand lost.
 *
 * So while the hand has such a judgement pending and no open alert answers the ruling, the ruling waits
 * for the judgement. It is given to the desk the moment the hand has none pending: it then answers the
 * alert the judgement raised, or is refused as it would have been (FLOOR_OP_REJECTED), at that moment.
 * The ruling's own input stays in the journal at its time, with who sent it.
 */
import type { FloorEvent } from "../contract/input.js";
import type { LiveHand } from "../hand/lifecycle.js";

type Ruling = Extract<FloorEvent, { op: "ruling" }>;

export class RulingAhead {
  private waiting: Ruling | null = null;

  /**
   * Whether `event` waits for the hand's judgement (held here): a misdeal or void that no open alert
   * answers (`answered`), while the hand judges what may hold it. One at a time: a second is the desk's.
   */
  hold(event: FloorEvent, hand: LiveHand | null, answered: (code?: string) => boolean): boolean {
    if (event.op !== "ruling" || (event.ruling !== "misdeal" && event.ruling !== "void")) return false;
    if (this.waiting !== null || hand === null || !hand.judgingAHold() || answered(event.code)) return false;
    this.waiting = event;
    return true;
  }

  /** The held ruling, to be given to the desk at `t`, once the hand judges nothing that may hold it. */
  release(t: number, hand: LiveHand | null): Ruling | null {
    const held = this.waiting;
    if (held === null || (hand !== null && hand.judgingAHold())) return null;
    this.waiting = null;
    return { ...held, t };
  }
}
