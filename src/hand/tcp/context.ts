/**
 * One Three Card Poker hand as plain data: the xstate machine holds it in its context and the pure
 * functions of this folder read and update it.
 *
 * How the table maps onto the game (the design decisions of issue 9):
 * - **Box N is seat N.** Its cards arrive on `seat<N>`, its wagers on `ante<N>`, `play<N>`,
 *   `pairplus<N>` and `prime<N>`; the dealer's cards on `dealer`; folds on `muck`.
 * - **One player, several boxes.** The floor seats a player by name (`floor seat`); a name seated on
 *   several seats is one player. Of his boxes that bet in the hand, the lowest-numbered is played
 *   open and every other one blind (digest: "any other hand … must be played blind").
 * - **Bets** are what the zones hold when the first card arrives on `seat<N>` or `dealer` (chips
 *   put down before the shuffler count); from then on they are locked (bets.ts).
 * - **The deal** is one card at a time, boxes in ascending order and the dealer last in each round:
 *   the dealer's third card, the first decision or the `ok` key end it (deal.ts).
 * - **The decision**: chips equal to the Ante arriving on `play<N>` after the first card are the
 *   Play bet; a fold is the box's cards arriving on `muck`, or the `fold` key for the lowest box
 *   still to decide. The `exposed` key during the deal is about the card just dealt; after it,
 *   about the dealer's cards.
 * - **The reveal**: once the deal is complete, every box has decided and no bet is in dispute, the
 *   dealer turns his cards (`street: showdown`, `board` = his hand) and the hand settles at once.
 * - **Stacks** are per seat, as the floor gave them; nothing is debited until settlement, so a
 *   misdeal or a void simply keeps the stacks from before the hand. `hand_end.house` (an added
 *   field) is the house's net; the `award` events are described in settle.ts.
 */
import type { HandTimer, ReadingWindows } from "../context.js";
import type { TableEvent } from "../../contract/output.js";
import type { Card } from "../../rules/cards.js";
import type { BetLimits, ThreeCardBets } from "../../rules/threeCard/bets.js";
import type { PayTable } from "../../rules/threeCard/payTable.js";
import type { HandOpening } from "../machineSession.js";
import type { AlertCode } from "../alerts.js";
import type { Hold } from "../hold.js";

/** Codes this game adds to the catalogue (the contract lets the project add codes). */
export type TcpExtraCode =
  /** A box's bets break the table limits or the bet rules when the cards are drawn. */
  | "TCP_BET_INVALID"
  /** A player's card was exposed by the dealer: not a misdeal, the deal goes on (info). */
  | "TCP_PLAYER_EXPOSED";

export type TcpAlertCode = AlertCode | TcpExtraCode;

/** Who holds a hand of cards: a box (its number) or the dealer. */
export type HandOwner = number | "dealer";

/** A box in the hand: it had a bet when the first card was drawn. */
export interface TcpBox {
  box: number;
  /** Played blind: its player has a lower-numbered box in this hand. */
  blind: boolean;
  /** The bets as locked when the first card was drawn, plus the Play bet once it is down. */
  bets: ThreeCardBets;
  /** A blind box with an Ante and no Play when the cards were drawn: its Play is still owed. */
  owesPlay: boolean;
  /** The last wrong Play the dealer was told of while the Play was owed (told once per amount). */
  playToldWrong?: number;
  folded: boolean;
  /** Card tags dealt to the box, in order, and their faces. */
  tags: string[];
  faces: Card[];
}

/** One settled line of a box, as its `award` event says it. */
export interface TcpLine {
  bet: TcpBet;
  stake: number;
  outcome: "win" | "lose" | "push" | "void";
  /** What the box gets back on this line: stake plus winnings on a win, the stake on a push or void. */
  amount: number;
  /** On a win: the payout the dealer puts beside the bet, and how the pay table gets there (issue 18). */
  payout?: { due: number; how: string };
}

/** The settled lines; the index is the `pot` field of the box's `award` events. */
export const TCP_BETS = ["ante", "play", "anteBonus", "pairPlus", "prime"] as const;
export type TcpBet = (typeof TCP_BETS)[number];

export interface TcpShowdown {
  dealer: { cards: Card[]; name: string; qualifies: boolean } | null;
  boxes: Record<number, { hand: string; lines: TcpLine[]; staked: number; paid: number }>;
}

export type TcpPhase = "betting" | "dealing" | "decisions" | "over";

export type TcpResult = "complete" | "misdeal" | "void";

export interface TcpContext extends HandOpening {
  limits: BetLimits;
  payTable: PayTable;
  /** Seat → player name (who plays which boxes). */
  players: Record<number, string>;
  stacksBefore: Record<number, number>;
  /** Chips on every Three Card Poker zone as last settled: antenna → total. */
  zones: Record<string, number>;
  phase: TcpPhase;
  /** Boxes in the hand, by box number; filled when the first card is drawn. */
  boxes: Record<number, TcpBox>;
  /** Card tags on seats of boxes that are not in the hand (each holds the hand for the floor). */
  strays: Record<number, string[]>;
  /** Such cards the floor let the deal stand over (`continue`): no hand's, on their way to the discard. */
  discarded: Record<number, string[]>;
  dealerTags: string[];
  dealerFaces: Card[];
  /** Face → tag of every card in play: a second tag of a face is a duplicate (IPC 29). */
  faces: Map<Card, string>;
  cardsDealt: number;
  /** The chart's hold while it handles an input, null between inputs (see ../hold.ts). */
  held: Hold | null;
  /** When the last card that voided the hand was read (see ../hold.ts). */
  voidCardAt: number | null;
  /** Alerts raised and not yet cleared, as `CODE` or `CODE:seat`. */
  open: string[];
  /** Card tags of the last hand still on the table when this one started. */
  stale: string[];
  /** Where each of them lay. */
  staleWhere: Record<string, string>;
  /** The reading's windows: every judgement of order allows one scan round (events.md, "Reading at any pace"). */
  reading: ReadingWindows;
  /**
   * Cards drawn while the bets are not yet locked: the first card locks them one scan round after it
   * is reported (chips placed just before it may be reported after it), and the cards of that round
   * are dealt to the boxes then, in the order they came.
   */
  early: { owner: HandOwner; tag: string; face: Card }[];
  /** Whether the bets are locked (the first card's scan round is over). */
  locked: boolean;
  /** When the first card was drawn (reported), null before it. */
  drawnAt: number | null;
  /** Judgements waiting for the readers: the last hand's cards collected, the lock, the deal's end, an exposed card. */
  timers: HandTimer[];
  result: TcpResult | null;
  finalStacks: Record<number, number> | null;
  /** The house's net over the hand (chips it won; negative when it paid out more). */
  house: number;
  /** Filled when the dealer turns his cards: his hand and every box's result. */
  showdown: TcpShowdown | null;
  /** Table events produced by the input being handled; drained by the session. */
  out: TableEvent[];
}

/** The antenna of one wager zone of a box. */
export const ZONE_PREFIX = { ante: "ante", play: "play", pairPlus: "pairplus", prime: "prime" } as const;

/** Box number and wager of a Three Card Poker chip zone, or null for any other antenna. */
export function wagerZone(antenna: string): { box: number; wager: keyof ThreeCardBets } | null {
  const m = /^(ante|play|pairplus|prime)([1-9]\d*)$/.exec(antenna);
  if (!m) return null;
  const wager = m[1] === "pairplus" ? "pairPlus" : (m[1] as "ante" | "play" | "prime");
  return { box: Number(m[2]), wager };
}

/** What the chips on a box's zones say its bets are now. */
export function betsOnZones(h: TcpContext, box: number): ThreeCardBets {
  const z = (w: keyof typeof ZONE_PREFIX) => h.zones[`${ZONE_PREFIX[w]}${box}`] ?? 0;
  return { ante: z("ante"), play: z("play"), pairPlus: z("pairPlus"), prime: z("prime") };
}

/** The boxes in the hand, lowest first. */
export function boxesInOrder(h: TcpContext): TcpBox[] {
  return Object.values(h.boxes).sort((a, b) => a.box - b.box);
}

/**
 * Whether the deal is complete: the decisions have begun (or the hand is over). The phase says it; the
 * hand keeps no flag of its own that could say otherwise.
 */
export function dealComplete(h: TcpContext): boolean {
  return h.phase === "decisions" || h.phase === "over";
}

/** Whether a box still owes its Play bet or its fold (open boxes decide, blind ones owe it from before). */
export function awaitsPlay(box: TcpBox): boolean {
  return !box.folded && box.bets.ante > 0 && box.bets.play === 0;
}
