/**
 * A card dealt to a box with no bet (Three Card Poker). The rules make a misdeal of "an incorrect number
 * of cards dealt to the dealer or to any player"; a box with no bet is neither, so the table holds the
 * hand for the floor and takes either ruling: `continue` (the card is no hand's, it goes to the discard,
 * the deal goes on to the boxes with a bet and the hand is played and settled) or a misdeal. Before,
 * `continue` was taken but the hand never left the deal (the card still counted against it) nor ended.
 * The other side, a card too many on a box in the hand, is refused (session.test.ts).
 */
import { describe, expect, it } from "vitest";
import type { TableEvent } from "../../../src/contract/index.js";
import { TcpScene } from "./dsl.js";
import { replayTcp } from "./replay.js";

const run = (scene: TcpScene) => replayTcp(scene.lines.filter((l) => !("expect" in l) && !("absent" in l)));
const alerts = (out: TableEvent[]) => out.flatMap((e) => (e.kind === "alert" ? [e.code] : []));
const end = (out: TableEvent[]) => out.find((e) => e.kind === "hand_end");
const CODE = "MISDEAL_CARD_COUNT";

/** Boxes 1 and 3 bet; Ben sits at box 2 with no bet, and the dealer's first round puts a card there. */
const strayDealt = () =>
  new TcpScene("a card on a box with no bet")
    .setup({ 1: "Ana", 2: "Ben", 3: "Cai" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .bet(3, "ante", 100)
    .card(1, "As")
    .card(2, "Kd")
    .card(3, "7c")
    .card("dealer", "Qh")
    .wait(2000);

/** The rest of the deal, to boxes 1 and 3 and the dealer, and both boxes play. */
const dealOn = (scene: TcpScene) =>
  scene
    .card(1, "Ad")
    .card(3, "8c")
    .card("dealer", "9s")
    .card(1, "7h")
    .card(3, "9c")
    .card("dealer", "2c")
    .play(1, 100)
    .play(3, 100)
    .wait(3000);

describe("Three Card Poker: a card on a box with no bet", () => {
  it("holds the hand for the floor, and its steps say what becomes of the card under each ruling", () => {
    const out = run(strayDealt());
    const raised = out.find((e) => e.kind === "alert" && e.code === CODE);
    expect(raised).toMatchObject({ seat: 2, severity: "floor" });
    // Not a card too many: every ruling is open to the floor.
    expect(raised).not.toHaveProperty("rulings");
    if (raised?.kind !== "alert") throw new Error("no alert");
    expect(raised.steps.join(" / ")).toMatch(
      /continue\): put box 2's card in the discard .* deal on from the stub to the boxes with a bet; box 2 gets no more cards/,
    );
    expect(raised.steps.at(-1)).toMatch(/misdeal/);
    expect(end(out)).toBeUndefined();
  });

  it("continue: the card goes to the discard, the deal goes on and the hand is settled on the boxes with a bet", () => {
    const out = run(dealOn(strayDealt().floor({ op: "ruling", ruling: "continue", code: CODE }).fold(2)));
    expect(alerts(out)).toEqual([CODE]);
    expect(out).toContainEqual(expect.objectContaining({ kind: "alert_clear", code: CODE, seat: 2 }));
    expect(out).toContainEqual(expect.objectContaining({ kind: "street", street: "preflop" }));
    // Box 1: a pair of aces; box 3: 7-8-9 of clubs; the dealer queen high (qualifies).
    expect(end(out)).toMatchObject({
      result: "complete",
      stacks: { "1": 10200, "2": 10000, "3": 10700 },
    });
    expect(out.some((e) => e.kind === "award" && e.seat === 2)).toBe(false);
  });

  it("continue with the card not yet taken off: the hand is settled all the same, and the card is no hand's", () => {
    const out = run(dealOn(strayDealt().floor({ op: "ruling", ruling: "continue", code: CODE })));
    expect(alerts(out)).toEqual([CODE]);
    expect(end(out)).toMatchObject({ result: "complete", stacks: { "2": 10000 } });
  });

  it("a second card dealt to the box after continue is told again (box 2 gets no more cards)", () => {
    const out = run(
      strayDealt()
        .floor({ op: "ruling", ruling: "continue", code: CODE })
        .card(1, "Ad")
        .card(2, "3d")
        .wait(2000),
    );
    expect(alerts(out)).toEqual([CODE, CODE]);
    const again = out.filter((e) => e.kind === "alert").at(-1);
    expect(again).toMatchObject({ seat: 2 });
    expect(again?.kind === "alert" && again.text).toBe(
      "Box 2 has no bet and was dealt 2 cards: no player's hand",
    );
  });

  it("misdeal: every card collected, every bet back", () => {
    const out = run(strayDealt().floor({ op: "ruling", ruling: "misdeal", code: CODE }));
    expect(end(out)).toMatchObject({
      result: "misdeal",
      stacks: { "1": 10000, "2": 10000, "3": 10000 },
    });
  });
});
