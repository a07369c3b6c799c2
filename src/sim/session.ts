/**
 * A simulated flop-game table over many hands: the floor's set-up, then one hand after another, each
 * as the input events the readers, keys and floor would produce, with its ground truth. When a
 * supervisor rules during a batch, the batch is dealt again from a copy of the table as it stood before
 * it (./flopTable.ts, ./copyState.ts): the same events as dealing every batch since the seed again, at
 * the cost of one batch however long the table has run.
 */
import { copyState } from "./copyState.js";
import {
  type Call,
  dealCall,
  type FloorEnding,
  type FlopSessionOptions,
  type FlopTable,
  freshTable,
  type HandBatch,
} from "./flopTable.js";
import type { FloorWord } from "./floorWords.js";

export type { FloorEnding, FlopSessionOptions, HandBatch } from "./flopTable.js";

export class FlopSession {
  private table: FlopTable;
  /**
   * The last batch handed out, as it was asked for, and a copy of the table as it stood before it
   * (never dealt on itself: each ruling deals on a copy of it).
   */
  private last: { readonly call: Call; readonly before: FlopTable } | null = null;

  constructor(private readonly options: FlopSessionOptions) {
    this.table = freshTable(options);
  }

  /**
   * The floor ended deal `ending.hand` at the table at `ending.t` (table time) while the felt read
   * `felt`: the rest of the hand's script is not played; the dealer does what the ruling means from
   * there (src/sim/dealer.ts followFloor). The events that follow: the collection and, after a misdeal,
   * the re-deal; after a void the next {@link nextHand} deals on as usual.
   */
  followRuling(ending: FloorEnding, felt: ReadonlyMap<string, readonly string[]>): HandBatch {
    return this.handOut({ kind: "follow", ending, felt: new Map(felt), words: [] });
  }

  /** The next hand (the first one starts with the floor's set-up of the table). */
  nextHand(): HandBatch {
    return this.handOut({ kind: "hand", words: [] });
  }

  /**
   * A supervisor ruled `word` (at its script time) during the last batch handed out: the batch dealt
   * again from its start on the table as it stood before it, the dealer following the ruling from its
   * moment on (what he did before it is the same events, in the same order). Null when the ruling
   * changes nothing he does (said after the deal was over, or once the cards of a misdeal were being
   * collected).
   */
  hearRuling(word: FloorWord): HandBatch | null {
    const last = this.last;
    if (last === null) return null;
    const table = copyState(last.before);
    const again: Call = { ...last.call, words: [...last.call.words, word] };
    const batch = dealCall(this.options, table, again);
    if (table.dealer.floorWords.unheard.length > 0) return null;
    this.table = table;
    this.last = { call: again, before: last.before };
    return batch;
  }

  /** Deals `call` on the table in play, keeping a copy of the table as it was before it. */
  private handOut(call: Call): HandBatch {
    this.last = { call, before: copyState(this.table) };
    return dealCall(this.options, this.table, call);
  }
}
