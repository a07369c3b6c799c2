/**
 * A card folded to the muck at a hand's end, collected, and dealt back to the same seat within the
 * bridge's K missed scans: the seat never stopped listing it, so it never arrived there again, and the
 * muck's report of it collected was the last the table heard of it. Found by the simulator only: three
 * readers, 5 missed scans, `--focus`, seed 75 at 700 ms rounds, hand 9394: seat 5 folded 3c and Qc as
 * the hand ended, 3c was dealt to seat 5 again 3.3 s later, and the deal was never whole (no preflop
 * street, then a false PREMATURE_FLOP and every later hand lost).
 *
 * At the press the reader notes the last hand's cards whose old seat still lists them after their move
 * (its `lingering` moves). When such a card leaves the antenna it moved to, it is on that seat if the seat
 * still lists it once a stale listing would have gone: the readers' lag after the move. Before that the
 * listing may be the fold's, K scans late (the card collected at once from the muck): judged then.
 */
import type { Card } from "../rules/cards.js";

/** A card the seat it moved from still listed at the press, and when that listing can no longer be stale. */
interface ListedOnItsSeat {
  seat: string;
  /** The move's time plus the readers' lag. */
  sure: number;
}

/** A card that left the antenna it moved to while its old seat listed it: on that seat if still listed at `sure`. */
export interface BackOnItsSeat extends ListedOnItsSeat {
  tag: string;
  card: Card;
  copy: number;
}

export class CardsBackOnTheirSeat {
  /** Noted at the press: the last hand's cards their old seat still listed. */
  private readonly listed = new Map<string, ListedOnItsSeat>();
  /** Cards that have left where they lay, waiting for their old seat's listing to be sure. */
  private readonly waiting = new Map<string, BackOnItsSeat>();

  /** The press: what the last hand left is forgotten; `moves` are its cards still listed where they lay before. */
  newHand(moves: Iterable<[tag: string, ListedOnItsSeat]>): void {
    this.listed.clear();
    this.waiting.clear();
    for (const [tag, listing] of moves) this.listed.set(tag, listing);
  }

  /**
   * A card of the last hand left the antenna it moved to at `t`. Returns it when its old seat's listing
   * is already sure (it is on that seat now); else it waits for {@link due}. `listedBy` is the seat's
   * latest report.
   */
  left(
    t: number,
    tag: string,
    card: Card,
    copy: number,
    listedBy: (seat: string) => boolean,
  ): BackOnItsSeat | null {
    const listing = this.listed.get(tag);
    this.listed.delete(tag);
    if (listing === undefined || !listedBy(listing.seat)) return null;
    const back = { ...listing, tag, card, copy };
    if (t >= listing.sure) return back;
    this.waiting.set(tag, back);
    return null;
  }

  /** The cards whose listing became sure by `t` (in no particular order); the caller checks each is still listed. */
  due(t: number): BackOnItsSeat[] {
    const out: BackOnItsSeat[] = [];
    for (const [tag, back] of this.waiting) {
      if (back.sure > t) continue;
      this.waiting.delete(tag);
      out.push(back);
    }
    return out;
  }

  nextDeadline(): number | null {
    let next: number | null = null;
    for (const back of this.waiting.values()) if (next === null || back.sure < next) next = back.sure;
    return next;
  }
}
