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
 * - a misdeal or void the supervisor rules: he waits while it can be undone, then collects every card,
 *   gives every bet back and deals the next hand.
 *
 * The hands are dealt from the seed and the calls made so far, and nothing else: a ruling is heard by
 * dealing the hand in play again on a fresh table, the same up to the ruling (nothing here reads a clock).
 */
import type { TableConfig } from "../../runtime/assemble.js";
import type { HandSource } from "../run.js";
import type { FloorEnding, HandBatch } from "../session.js";
import { type FloorWord, FloorWords } from "../floorWords.js";
import { TcpDealer, type TcpDealerOptions } from "./dealer.js";

/** A batch handed out, with what the floor said during it: dealt again the same on a fresh table. */
type Call = (
  | { readonly kind: "hand" }
  | { readonly kind: "follow"; readonly t: number; readonly felt: ReadonlyMap<string, readonly string[]> }
) & { readonly words: readonly FloorWord[] };

/**
 * Hands before the seed's dealer gives up on finding one with a bet (a player plan with no box is drawn
 * now and then; hundreds in a row would be a broken plan, not a quiet table).
 */
const MAX_EMPTY_PLANS = 1000;

export class TcpSession implements HandSource {
  private dealer: TcpDealer;
  private readonly calls: Call[] = [];

  constructor(
    private readonly options: TcpDealerOptions,
    private readonly config: TableConfig,
  ) {
    this.dealer = new TcpDealer(options, config);
  }

  nextHand(): HandBatch {
    const call: Call = { kind: "hand", words: [] };
    this.calls.push(call);
    return this.deal(this.dealer, call).batch;
  }

  followRuling(ending: FloorEnding, felt: ReadonlyMap<string, readonly string[]>): HandBatch {
    // What the script had him do after he stopped never happened: he collects the felt as it lies, once
    // the hand is over (`felt` is what the readers reported up to then).
    const call: Call = { kind: "follow", t: ending.t, felt: new Map(felt), words: [] };
    this.calls.push(call);
    return this.deal(this.dealer, call).batch;
  }

  hearRuling(word: FloorWord): HandBatch | null {
    const last = this.calls.at(-1);
    if (last === undefined) return null;
    const dealer = new TcpDealer(this.options, this.config);
    for (const call of this.calls.slice(0, -1)) this.deal(dealer, call);
    const again: Call = { ...last, words: [...last.words, word] };
    const { batch, words } = this.deal(dealer, again);
    if (words.unheard.length > 0) return null;
    this.dealer = dealer;
    this.calls[this.calls.length - 1] = again;
    return batch;
  }

  /** Deals one call's batch on `dealer`'s table, following the words said during it. */
  private deal(dealer: TcpDealer, call: Call): { batch: HandBatch; words: FloorWords } {
    const words = new FloorWords(call.words);
    if (call.kind === "follow") {
      const events = dealer.collect(call.t, call.felt);
      return { batch: { events, truths: [], ends: [], profile: dealer.pace.profile }, words };
    }
    for (let i = 0; i < MAX_EMPTY_PLANS; i++) {
      const dealt = dealer.hand(words);
      if (dealt !== null)
        return { batch: { events: dealt.events, truths: [], ends: [], profile: dealer.pace.profile }, words };
    }
    throw new Error(`the simulated Three Card Poker table: nobody bet in ${MAX_EMPTY_PLANS} hands`);
  }
}
