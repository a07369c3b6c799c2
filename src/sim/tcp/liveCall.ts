/**
 * How the live Three Card Poker table (./session.ts) deals one batch it hands out, on a given dealer
 * (./dealer.ts: his table, tray, chips and seeded generators): a hand, or the cards and bets collected
 * after the floor ended one. Apart from the session, which decides which dealer a batch is dealt on: the
 * one in play, or a copy of him as he stood before the batch, when the floor rules during it.
 */
import type { FloorEnding, HandBatch } from "../session.js";
import { type FloorWord, FloorWords } from "../floorWords.js";
import type { TcpDealer } from "./dealer.js";

/**
 * A batch the session handed out, as it was asked for, with what the floor said during it: dealing the
 * same call on the dealer as he stood before gives the same events (nothing here reads a clock).
 */
export type Call = (
  | { readonly kind: "hand" }
  | {
      readonly kind: "follow";
      readonly t: number;
      readonly result: "misdeal" | "void";
      readonly felt: ReadonlyMap<string, readonly string[]>;
    }
) & { readonly words: readonly FloorWord[] };

/** The call that collects the felt after the floor ended the hand at `ending.t`. */
export function followCall(ending: FloorEnding, felt: ReadonlyMap<string, readonly string[]>): Call {
  return { kind: "follow", t: ending.t, result: ending.result, felt: new Map(felt), words: [] };
}

/**
 * Hands before the seed's dealer gives up on finding one with a bet (a player plan with no box is drawn
 * now and then; hundreds in a row would be a broken plan, not a quiet table).
 */
const MAX_EMPTY_PLANS = 1000;

/**
 * Deals one call's batch on `dealer`'s table, following the words said during it; with the words as
 * the deal left them (those it never came to are `unheard`).
 */
export function dealCall(dealer: TcpDealer, call: Call): { batch: HandBatch; words: FloorWords } {
  const words = new FloorWords(call.words);
  if (call.kind === "follow") {
    // What the script had him do after he stopped never happened: he collects the felt as it lies, once
    // the hand is over (`felt` is what the readers reported up to then).
    const events = dealer.collect(call.t, call.felt, call.result);
    return { batch: { events, truths: [], ends: [], profile: dealer.pace.profile }, words };
  }
  for (let i = 0; i < MAX_EMPTY_PLANS; i++) {
    const dealt = dealer.hand(words);
    if (dealt !== null)
      return { batch: { events: dealt.events, truths: [], ends: [], profile: dealer.pace.profile }, words };
  }
  throw new Error(`the simulated Three Card Poker table: nobody bet in ${MAX_EMPTY_PLANS} hands`);
}
