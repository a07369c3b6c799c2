/**
 * The errors the Three Card Poker simulator makes at the table, each with the alert the controller
 * owes for it. A player's exposed card is injected too: the table must say so (info) and must not
 * call it a misdeal.
 */
import type { TcpAlertCode } from "../../hand/tcp/context.js";
import { PAYING_INJECTIONS } from "./paying.js";
import { pick, type Rng } from "../random.js";
import type { BoxPlan } from "./players.js";

export const TCP_INJECTIONS = {
  /** A fourth card to a box after the deal. */
  "box-extra-card": "MISDEAL_CARD_COUNT",
  /** A box gets only two cards; the dealer's third card ends the deal. */
  "box-short": "MISDEAL_CARD_COUNT",
  /** A fourth card to the dealer. */
  "dealer-extra-card": "MISDEAL_CARD_COUNT",
  /** The dealer deals himself two cards and presses `ok`. */
  "dealer-short": "MISDEAL_CARD_COUNT",
  /** One of the dealer's cards is exposed during the deal. */
  "dealer-exposed": "TCP_DEALER_EXPOSED",
  /** A player's card is exposed during the deal: not a misdeal. */
  "player-exposed": "TCP_PLAYER_EXPOSED",
  /** A blind box with an Ante has no Play when the first card is drawn; the player then puts it down. */
  "blind-play-missing": "TCP_BLIND_PLAY_MISSING",
  /** Chips added to a box's Pair Plus after the first card, then taken back. */
  "bet-after-deal": "TCP_BET_AFTER_DEAL",
  /** An Ante below the table minimum; the floor lets it stand. */
  "bet-outside-limits": "TCP_BET_INVALID",
  ...PAYING_INJECTIONS,
} as const satisfies Record<string, TcpAlertCode>;

export type TcpInjection = keyof typeof TCP_INJECTIONS;
export const TCP_INJECTION_KINDS = Object.keys(TCP_INJECTIONS) as TcpInjection[];

/** The injections that end the hand as a misdeal. */
export const MISDEALS: ReadonlySet<TcpInjection> = new Set([
  "box-extra-card",
  "box-short",
  "dealer-extra-card",
  "dealer-short",
  "dealer-exposed",
]);

/** The paying errors (issue 18): the box is the one the cards choose, after the reveal. */
export const PAYING: ReadonlySet<TcpInjection> = new Set(Object.keys(PAYING_INJECTIONS) as TcpInjection[]);

/** Parses `--inject`: `all`, `none`, or a comma list of kinds or codes. */
export function parseInjections(spec: string): TcpInjection[] {
  if (spec === "all") return [...TCP_INJECTION_KINDS];
  if (spec === "none" || spec === "") return [];
  const out = new Set<TcpInjection>();
  for (const word of spec.split(",").map((w) => w.trim())) {
    const kinds = TCP_INJECTION_KINDS.filter((k) => k === word || TCP_INJECTIONS[k] === word);
    if (kinds.length === 0)
      throw new Error(`unknown injection "${word}" (kinds: ${TCP_INJECTION_KINDS.join(", ")})`);
    for (const k of kinds) out.add(k);
  }
  return [...out];
}

/** The box an injection acts on, or null when this hand has none it can use. */
export function targetBox(kind: TcpInjection, boxes: readonly BoxPlan[], rng: Rng): number | null {
  // A card too many, or a bet changed after the first card, comes while decisions are pending: in a
  // hand with nothing to decide (Pair Plus and Prime only, or blind boxes) the dealer turns his cards as
  // the deal ends, and a card after that is no misdeal; a chip put beside a bet after that lies beside
  // a settled bet, where the table reads payouts (TCP seed 55 at 200 ms: a false PAYOUT_WRONG).
  // A paying error's box is chosen once the cards are known (./paying.ts).
  if (PAYING.has(kind)) return boxes[0]?.box ?? null;
  const pending = kind === "box-extra-card" || kind === "dealer-extra-card" || kind === "bet-after-deal";
  if (pending && !boxes.some((b) => !b.blind && b.bets.ante > 0 && b.bets.play === 0)) return null;
  const fits = boxes.filter((b) => {
    if (kind === "blind-play-missing") return b.blind && b.bets.ante > 0;
    if (kind === "bet-outside-limits") return !b.blind && b.bets.ante > 0;
    return true;
  });
  return pick(rng, fits)?.box ?? null;
}
