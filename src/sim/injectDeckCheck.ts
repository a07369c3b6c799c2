/**
 * The deck check (spec: `deckcheck`, then `ok`), with a fault the dealer does not know of: between
 * hands he spreads the deck he just collected on the board and burn antennas, one card missing, one
 * too many (a second copy of a face: 53 cards), one face twice in place of another (52 cards), or a
 * card of another deck among them. The ground truth is the exact result the table owes: the report
 * checks its `deck_check` event field by field, and its DECK_CHECK_RESULT alert in time. The dealer
 * reads the panel, acknowledges with `ok`, and collects the deck before the shuffler.
 */
import { type Card, fullDeck } from "../rules/cards.js";
import { cardTag } from "./deck.js";
import type { Injector } from "./hooks.js";
import { pick, type Rng } from "./random.js";
import type { DeckCheckTruth } from "./truth.js";

const FAULTS = ["missing", "extra", "duplicate", "foreign"] as const;

/** The deck's tags as spread, and what a check of them must find. */
export function spreadWithFault(
  deck: string,
  other: string,
  fault: (typeof FAULTS)[number],
  face: Card,
  instead: Card,
): { tags: string[]; truth: DeckCheckTruth } {
  const faces = fullDeck();
  const tags = faces.map((f) => cardTag(deck, f));
  const result = {
    deck,
    cards: 52,
    missing: [] as Card[],
    duplicates: [] as Card[],
    foreign: [] as string[],
  };
  if (fault === "missing") {
    tags.splice(faces.indexOf(face), 1);
    return { tags, truth: { ...result, cards: 51, missing: [face] } };
  }
  if (fault === "extra")
    return { tags: [...tags, cardTag(deck, face, 2)], truth: { ...result, cards: 53, duplicates: [face] } };
  if (fault === "duplicate") {
    tags.splice(faces.indexOf(instead), 1, cardTag(deck, face, 2));
    return { tags, truth: { ...result, missing: [instead], duplicates: [face] } };
  }
  const stranger = cardTag(other, face);
  return { tags: [...tags, stranger], truth: { ...result, foreign: [stranger] } };
}

/** A deck check between hands that finds the injected fault. */
export function deckCheck(rng: Rng): Injector {
  return {
    code: "DECK_CHECK_RESULT",
    onShuffle(d) {
      const felt = d.felt;
      if (felt.cardZonesInUse().length > 0 || felt.read("pot").length > 0)
        felt.clearAll().step("afterCollect");
      const fault = pick(rng, FAULTS) ?? "missing";
      const face = pick(rng, fullDeck()) ?? "As";
      const instead =
        pick(
          rng,
          fullDeck().filter((f) => f !== face),
        ) ?? "Ks";
      const { tags, truth } = spreadWithFault(felt.deck, felt.otherDeck(true), fault, face, instead);
      felt.tl.press("deckcheck");
      felt.pause(400, 900).add("board", ...tags.slice(0, 26));
      felt.pause(300, 800).add("burn", ...tags.slice(26));
      felt.pause(300, 700);
      const what = `deck check of deck ${truth.deck}: ${fault} (${fault === "duplicate" ? `${face} for ${instead}` : face})`;
      d.truth("DECK_CHECK_RESULT", what).deckCheck = truth;
      felt.tl.press("ok");
      // The dealer reads the panel, acknowledges the result, and collects the deck.
      felt.pause(1500, 2500).tl.press("ok");
      felt.pause(300, 600).clearAll().step("afterCollect");
      // The shuffler press (the dealer's usual path) closes the truth's window.
      return false;
    },
  };
}
