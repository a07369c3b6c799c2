/**
 * The live Three Card Poker table's hands (`sim --game tcp` without `--report`): the report's dealer
 * (./dealer.ts) handing out one hand at a time to the runtime in real time (src/sim/run.ts runSim), so
 * that a supervisor on the floor page can rule in the middle of a hand and the dealer follows
 * (src/sim/floorFollower.ts), as at the flop games' live table (src/sim/session.ts):
 *
 * - at a misdeal hold (a card too many or too few, the dealer's card exposed) he stops and waits for a
 *   supervisor, up to FLOOR_WAIT_MS; not ruled by then, the house's stand-in floor calls the misdeal;
 * - `continue` on it: the deal stands and the hand is played on with the cards as they lie (a hand short
 *   made whole; on a card too many the table refuses `continue`, and he waits on for a misdeal or void);
 * - a misdeal or void the supervisor rules: he waits while it can be undone, then collects every card;
 *   after a misdeal the bets stay and the hand is dealt again on them, after a void every bet goes back
 *   (./dealer.ts collect).
 *
 * The hands are dealt from the seed and the calls made so far, and nothing else (nothing here reads a
 * clock): a ruling is heard by dealing the hand in play again on a copy of the dealer as he stood before
 * it (./liveCall.ts, src/sim/copyState.ts), the same up to the ruling as dealing every hand since the
 * seed again, at the cost of one hand however long the table has run.
 */
import type { TableConfig } from "../../runtime/assemble.js";
import { copyState } from "../copyState.js";
import type { HandSource } from "../run.js";
import type { FloorEnding, HandBatch } from "../session.js";
import type { FloorWord } from "../floorWords.js";
import { TcpDealer, type TcpDealerOptions } from "./dealer.js";
import { type Call, dealCall, followCall } from "./liveCall.js";

export class TcpSession implements HandSource {
  private dealer: TcpDealer;
  /**
   * The last batch handed out, as it was asked for, and a copy of the dealer as he stood before it
   * (never dealt on itself: each ruling deals on a copy of it).
   */
  private last: { readonly call: Call; readonly before: TcpDealer } | null = null;

  constructor(options: TcpDealerOptions, config: TableConfig) {
    this.dealer = new TcpDealer(options, config);
  }

  nextHand(): HandBatch {
    return this.handOut({ kind: "hand", words: [] });
  }

  followRuling(ending: FloorEnding, felt: ReadonlyMap<string, readonly string[]>): HandBatch {
    return this.handOut(followCall(ending, felt));
  }

  /**
   * A supervisor ruled `word` (at its script time) during the last batch handed out: the batch dealt
   * again from its start on the dealer as he stood before it, following the ruling from its moment on.
   * Null when the ruling changes nothing he does (the deal never came to it).
   */
  hearRuling(word: FloorWord): HandBatch | null {
    const last = this.last;
    if (last === null) return null;
    const dealer = copyState(last.before);
    const again: Call = { ...last.call, words: [...last.call.words, word] };
    const { batch, words } = dealCall(dealer, again);
    if (words.unheard.length > 0) return null;
    this.dealer = dealer;
    this.last = { call: again, before: last.before };
    return batch;
  }

  /** Deals `call` with the dealer in play, keeping a copy of him as he was before it. */
  private handOut(call: Call): HandBatch {
    this.last = { call, before: copyState(this.dealer) };
    return dealCall(this.dealer, call).batch;
  }
}
