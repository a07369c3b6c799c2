/**
 * The simulated Three Card Poker players: who sits where (two of them play two boxes each), what
 * they bet each hand, and how they decide (the usual "Play Q-6-4 or better" strategy).
 */
import type { Card } from "../../rules/cards.js";
import type { ThreeCardBets } from "../../rules/threeCard/bets.js";
import { evaluateThreeCard } from "../../rules/threeCard/hand.js";
import { chance, pick, type Rng } from "../random.js";

/** Seat → player name on the 7-box table: Ana plays boxes 2 and 5, Ben boxes 6 and 7. */
export const TCP_SEATING: Readonly<Record<number, string>> = {
  1: "Cai",
  2: "Ana",
  3: "Dov",
  4: "Eli",
  5: "Ana",
  6: "Ben",
  7: "Ben",
};

/** One box's bets as the player puts them down before the deal. */
export interface BoxPlan {
  box: number;
  blind: boolean;
  bets: ThreeCardBets;
}

const AMOUNTS = [5, 10, 25, 50, 100, 200, 500, 1000];

/** Bets for this hand: each box plays with some chance; a player's higher boxes are blind. */
export function planBets(rng: Rng, limits: { min: number; max: number }): BoxPlan[] {
  const amounts = AMOUNTS.filter((a) => a >= limits.min && a <= limits.max);
  const amount = () => pick(rng, amounts) ?? limits.min;
  const seen = new Set<string>();
  const out: BoxPlan[] = [];
  for (const [seat, player] of Object.entries(TCP_SEATING)) {
    if (!chance(rng, 0.8)) continue;
    const blind = seen.has(player);
    seen.add(player);
    let ante = chance(rng, 0.85) ? amount() : 0;
    const pairPlus = chance(rng, 0.45) ? amount() : 0;
    if (ante === 0 && pairPlus === 0) ante = amount();
    const prime = chance(rng, 0.3) ? amount() : 0;
    // A blind box with an Ante puts its equal Play down before the deal (digest).
    out.push({ box: Number(seat), blind, bets: { ante, play: blind ? ante : 0, pairPlus, prime } });
  }
  return out;
}

const QUEEN_SIX_FOUR = evaluateThreeCard(["Qc", "6d", "4h"]).score;

/** The open player's decision: Play with queen-six-four or better, else fold. */
export function playsHand(cards: readonly Card[]): boolean {
  return evaluateThreeCard(cards).score >= QUEEN_SIX_FOUR;
}
