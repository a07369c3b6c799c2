/**
 * A deck check pressed while the river's extra card, taken off the board, is still within its departure
 * window. Found by the simulator (a table with `reading.departWindowMs: 1200`, seed 211, 600 ms rounds,
 * hand 499): two cards came for the river (BOARD_TOO_MANY); the dealer took the second off, pressed
 * `deckcheck` and spread the deck on the board and the burn. The card taken off came back to the board
 * with the spread inside its window, so it had never left; the river card then left for the burn with
 * the spread and the table made the card taken off the river (and a duplicate on the burn): every later
 * hand was lost. The press says the board is as the dealer left it, as a player's key does.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

const config = loadConfig();
const DEPART = config.reading.departWindowMs;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

const BOARD = ["9s", "8d", "3c", "4d", "7c"].map((f) => `card:A:${f}`);
const SPREAD = ["Kd", "Ks", "Qh"].map((f) => `card:A:${f}`);

/**
 * Seats 1–3, seat 1 all-in pre-flop and seat 2 calls; the flop and the turn; then 7c and Jd together
 * for the river. The dealer takes Jd off, presses `deckcheck` `after` ms later and spreads the deck:
 * the board lists the hand's board, Jd and more of the deck, then 7c goes to the burn with the rest.
 */
const twoRiverCardsThenDeckCheck = (after: number) =>
  new Scene("")
    .twoRiverCards()
    .removeFrom("board", "card:A:Jd")
    .after(after)
    .key("deckcheck")
    .after(100)
    .report("board", ...BOARD, "card:A:Jd", ...SPREAD)
    .after(200)
    .report("board", ...BOARD.filter((t) => t !== "card:A:7c"), "card:A:Jd", ...SPREAD)
    .after(0)
    .addTo("burn", "card:A:7c")
    .wait();

describe("a deck check pressed while the river's extra card is leaving the board", () => {
  for (const [side, after] of [
    ["inside its departure window", 100],
    ["past it", DEPART + 100],
  ] as const) {
    it(`${side}: the river is the card left on the board, the hand ends there and the check begins`, () => {
      const events = play(twoRiverCardsThenDeckCheck(after));
      const streets = events.flatMap((e) => (e.kind === "street" ? [[e.street, e.board.join(" ")]] : []));
      expect(streets.slice(-2)).toEqual([
        ["river", "9s 8d 3c 4d 7c"],
        ["showdown", "9s 8d 3c 4d 7c"],
      ]);
      expect(events.flatMap((e) => (e.kind === "hand_end" ? [e.result] : []))).toEqual(["complete"]);
      expect(codes(events)).not.toContain("DUPLICATE_CARD");
      expect(codes(events)).toContain("DECK_CHECK");
    });
  }
});
