/** Cards as the contract names them: rank `2…9 T J Q K A`, suit `c d h s`, e.g. `As`, `Td`. */

export const RANKS = "23456789TJQKA" as const;
export const SUITS = "cdhs" as const;

export type Rank = (typeof RANKS)[number];
export type Suit = (typeof SUITS)[number];
/** A card face such as `As`. Validated by {@link isCard}. */
export type Card = `${Rank}${Suit}`;

const CARD_RE = /^[2-9TJQKA][cdhs]$/;

/** True when `s` is a card face such as `Kh`. */
export function isCard(s: string): s is Card {
  return CARD_RE.test(s);
}

/** Parses a card face, throwing a readable error for anything else. */
export function parseCard(s: string): Card {
  if (!isCard(s))
    throw new Error(`not a card: ${JSON.stringify(s)} (expected rank 2-9TJQKA and suit cdhs, e.g. "As")`);
  return s;
}

/** Splits a run of faces such as `AcKd7h` into cards. */
export function parseCards(s: string): Card[] {
  if (s.length % 2 !== 0) throw new Error(`not a run of cards: ${JSON.stringify(s)}`);
  const out: Card[] = [];
  for (let i = 0; i < s.length; i += 2) out.push(parseCard(s.slice(i, i + 2)));
  return out;
}

/** 0 for a deuce … 12 for an ace. */
export function rankIndex(card: Card): number {
  return RANKS.indexOf(card[0] as Rank);
}

/** 0 clubs, 1 diamonds, 2 hearts, 3 spades. */
export function suitIndex(card: Card): number {
  return SUITS.indexOf(card[1] as Suit);
}

/** A dense index 0…51 (rank-major), handy for bitsets and lookup tables. */
export function cardIndex(card: Card): number {
  return rankIndex(card) * 4 + suitIndex(card);
}

/** The 52 faces of a standard deck, in a fixed order. */
export function fullDeck(): Card[] {
  const out: Card[] = [];
  for (const r of RANKS) for (const s of SUITS) out.push(`${r}${s}` as Card);
  return out;
}

const RANK_WORDS = [
  "deuce",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "jack",
  "queen",
  "king",
  "ace",
];

/** A rank as a dealer says it, by index (0 deuce … 12 ace): "king". */
export function rankName(rank: number): string {
  return RANK_WORDS[rank] ?? "?";
}

/** The plural a dealer says: "kings", "sixes". */
export function rankPlural(rank: number): string {
  const word = rankName(rank);
  return word === "six" ? "sixes" : `${word}s`;
}
