/**
 * A deck check whose `ok` comes before the readers' lag after the key has run out: a card of the last
 * hand collected just before the key, left out of the spread, may still be listed K scans late one
 * scan round after `ok`. Found by the simulator (reading.missedScans 5, seed 207, 600 ms rounds, hand
 * 442): the dealer collected the hand's board and pressed deckcheck at once; Kc (the turn) was not in
 * the spread. The board listed Kc until 2.6 s after the key; the check ended one round after `ok`,
 * 33 ms before that report, and read the deck whole (52 cards) instead of Kc missing.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { DeckCheckEvent, TableEvent } from "../../src/contract/index.js";
import { fullDeck } from "../../src/rules/cards.js";
import { Scene } from "../scenarios/dsl.js";
import { playScene } from "../scenarios/playScene.js";

const config = loadConfig();
const ROUND = config.reading.scanRoundMs;
const LAG = (config.reading.missedScans + 1) * ROUND;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

const DECK = fullDeck().map((f) => `card:A:${f}`);
const SPREAD = DECK.filter((t) => t !== "card:A:7d");

/**
 * Seat 3 (the big blind) wins as everyone folds to it, holding 7d 2h. The dealer collects and presses
 * deckcheck at once (the bridge still lists 7d 2h on seat 3), spreads the deck without 7d on the board
 * and burn (100 ms apart) and presses ok 100 ms later. Seat 3 reports its cards gone `gone` ms after the
 * key (undefined: never; they lay there through the check).
 */
const checkRightAfterTheHand = (gone: number | undefined) => {
  const s = new Scene("").setup().standardDeal().fold(4).fold(1).fold(2).wait(1000);
  s.clear("muck").after(100).key("deckcheck");
  s.after(100).addTo("board", ...SPREAD.slice(0, 26));
  s.after(100).addTo("burn", ...SPREAD.slice(26));
  s.after(100).key("ok");
  if (gone === undefined) return s.wait(LAG + 1000);
  return s
    .after(gone - 300)
    .report("seat3")
    .wait();
};

const result = (events: TableEvent[]): DeckCheckEvent | undefined =>
  events.find((e): e is DeckCheckEvent => e.kind === "deck_check");

describe("a deck check's ok within the readers' lag after the key", () => {
  it("a card listed at the key, reported gone more than a round after ok but within the lag after the key, was collected before it: missing", () => {
    expect(300 + ROUND).toBeLessThan(LAG - 1);
    const r = result(play(checkRightAfterTheHand(LAG - 1)));
    expect(r).toMatchObject({ cards: 51, missing: ["7d"], duplicates: [], foreign: [] });
  });

  it("still listed 1 ms past the lag after the key, or never reported gone: it lay there through the check, and the deck is whole", () => {
    for (const gone of [LAG + 1, undefined])
      expect(result(play(checkRightAfterTheHand(gone)))).toMatchObject({ cards: 52, missing: [] });
  });
});
