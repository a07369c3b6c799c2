/**
 * On a two-deck table, a card of the last hand's deck dealt to a seat in a hand of the other deck is
 * FOREIGN_CARD (IPC 29), even while the bridge still lists it where it lay in the last hand. Found by
 * the simulator (decks [A, B], reading.missedScans 5, `--focus` seed 50 at 600 ms rounds, hands 1570 and
 * 1858): the river card of a deck-B hand, collected after the press and still listed on the board, was
 * dealt to seat 8 in the deck-A hand after it; read as the last hand's card being collected, no alert
 * was told. A card of the last hand reaching the muck is still its collection, not an alert; nor is one
 * read again on the seat where it lay, beside that seat's first card of the new hand (the same run's hand
 * 13: a voided deal's lone card, listed late, read as dealt again there).
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

const base = loadConfig();
const config = { ...base, deck: "A", decks: ["A", "B"] };

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Hand 1, deck B (button 1): seats 2 and 3 check to the river (board 2s Tc 6c As Td), and seat 2's
 * kings win. The shuffler is pressed with the board still out (the bridge lists it on); hand 2, deck A,
 * is dealt from seat 3, and the board's Td goes to `where` with the deal's second round.
 */
function boardCardOfDeckBThen(where: "seat3" | "muck"): Scene {
  const s = new Scene("")
    .setup({ seats: [1, 2, 3] })
    .fromDeck("B")
    .key("shuffler");
  s.chips(2, 100).chips(3, 100, 100);
  s.deal([
    [2, "Kh"],
    [3, "7d"],
    [1, "9s"],
    [2, "Kd"],
    [3, "2h"],
    [1, "9h"],
  ]);
  s.fold(1).chips(2, 100).key("check").pull();
  s.burn("3s").board("2s", "Tc", "6c").key("check").key("check");
  s.burn("4s").board("As").key("check").key("check");
  s.burn("5s").board("Td").key("check").key("check");
  s.clear("seat2", "seat3", "muck", "burn", "pot").key("shuffler");
  s.fromDeck("A").chips(3, 100).chips(1, 100, 100);
  s.deal([
    [3, "Ac"],
    [1, "Kc"],
    [2, "Qc"],
  ]);
  if (where === "seat3") s.addTo("seat3", "card:B:Td");
  else s.addTo("muck", "card:B:Td");
  return s
    .deal([
      [1, "Jc"],
      [2, "Tc"],
    ])
    .wait();
}

describe("a card of the last hand's deck, still listed where it lay, dealt in a hand of the other deck", () => {
  const hand2 = (events: TableEvent[]) =>
    events.slice(events.findIndex((e) => e.kind === "hand_start" && e.hand === 2));

  it("dealt to a seat: FOREIGN_CARD, the hand held for the floor", () => {
    const events = hand2(play(boardCardOfDeckBThen("seat3")));
    expect(codes(events)).toContain("FOREIGN_CARD");
    expect(events.find((e) => e.kind === "alert" && e.code === "FOREIGN_CARD")).toMatchObject({
      text: expect.stringContaining("card of deck B, this hand is dealt from deck A"),
    });
  });

  it("put on the muck: the last hand's collection, no alert", () => {
    expect(codes(hand2(play(boardCardOfDeckBThen("muck"))))).not.toContain("FOREIGN_CARD");
  });

  it("read again on the seat where it lay, beside the seat's first card of the new deck: no alert", () => {
    // Hand 1 (deck B) voided in its first round, seat 3's card still listed when hand 2 (deck A) is dealt.
    const s = new Scene("")
      .setup({ seats: [1, 2, 3] })
      .fromDeck("B")
      .key("shuffler");
    s.chips(2, 100)
      .chips(3, 100, 100)
      .deal([
        [2, "Kh"],
        [3, "7d"],
      ]);
    s.floor({ op: "voidHand", reason: "the wrong deck" }).clear("seat2", "bet2", "bet3").key("shuffler");
    s.fromDeck("A").chips(3, 100).chips(1, 100, 100);
    s.deal([[2, "Ac"]])
      .after(40)
      .addTo("seat3", "card:A:Kc")
      .after(40)
      .deal([[1, "Qc"]]);
    s.report("seat3", "card:A:Kc").deal([
      [2, "Jc"],
      [3, "Tc"],
      [1, "9c"],
    ]);
    const events = hand2(play(s.wait()));
    expect(codes(events)).not.toContain("FOREIGN_CARD");
    expect(events.some((e) => e.kind === "street" && e.street === "preflop")).toBe(true);
  });
});
