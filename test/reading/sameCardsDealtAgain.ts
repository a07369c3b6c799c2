/**
 * The scene of a seat's last hand collected and dealt to it again, the same two cards, within the
 * readers' lag (hold'em seed 119 at 600 ms rounds, hand 10423): shared by atAnyPace's test of the deal
 * and sameCardsDealtAgainShowdown's of the hand played on.
 */
import { Scene } from "../scenarios/dsl.js";

/**
 * Hand 1 (seats 1–4, button 1): seats 4, 1 and 2 fold and the big blind (seat 3, 7d 2h) wins. The dealer
 * collects, presses the shuffler and deals at once: the blinds (seats 3 and 4), then seat 3 its 7d 2h
 * again, unseen, and the others their cards from seat 4, the first `firstCardAt` after the press.
 */
export function sameCardsDealtAgain(firstCardAt: number): Scene {
  const s = new Scene("").setup().standardDeal().fold(4).fold(1).fold(2).wait();
  s.clear("muck", "bet2", "bet3").key("shuffler");
  s.after(50)
    .chips(3, 100)
    .after(50)
    .chips(4, 100, 100)
    .after(firstCardAt - 100);
  const cards: [number, string][] = [
    [4, "Ah"],
    [1, "Kc"],
    [2, "Qd"],
    [4, "Jh"],
    [1, "Tc"],
    [2, "8s"],
  ];
  cards.forEach(([seat, face], i) => (i === 0 ? s : s.after(50)).addTo(`seat${seat}`, `card:A:${face}`));
  return s;
}
