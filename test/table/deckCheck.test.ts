import { describe, expect, it } from "vitest";
import { createRegistry } from "../../src/reading/registry.js";
import { fullDeck } from "../../src/rules/cards.js";
import { deckCheckResult, deckIsWhole } from "../../src/table/deckCheck.js";

const registry = createRegistry({ deck: "A", decks: ["A", "B"], chips: [100, 500], simulated: true });
const deckOf = (d: string) => fullDeck().map((f) => `card:${d}:${f}`);

describe("deck check result", () => {
  it("a whole deck: 52 cards, nothing missing, twice or foreign", () => {
    const r = deckCheckResult(5, deckOf("B"), registry, ["A", "B"]);
    expect(r).toEqual({
      t: 5,
      kind: "deck_check",
      deck: "B",
      cards: 52,
      missing: [],
      duplicates: [],
      foreign: [],
    });
    expect(deckIsWhole(r)).toBe(true);
  });

  it("names the deck most cards belong to; the other deck's cards, unknown and foreign tags are foreign; chips are ignored", () => {
    const tags = [
      ...deckOf("A").filter((t) => t !== "card:A:2c" && t !== "card:A:Ah"),
      "card:A:Ts/2",
      "card:B:Qd",
      "card:C:4s",
      "E004015012345678",
      "chip:500:3",
    ];
    const r = deckCheckResult(9, tags, registry, ["A", "B"]);
    expect(r).toMatchObject({
      deck: "A",
      cards: 51,
      missing: ["2c", "Ah"],
      duplicates: ["Ts"],
      foreign: ["E004015012345678", "card:B:Qd", "card:C:4s"],
    });
    expect(deckIsWhole(r)).toBe(false);
  });

  it("nothing read: the first configured deck, every card missing", () => {
    const r = deckCheckResult(0, [], registry, ["B", "A"]);
    expect(r.deck).toBe("B");
    expect(r.missing).toHaveLength(52);
  });
});
