import { describe, expect, it } from "vitest";
import { type Card, parseCards } from "../../src/rules/cards.js";
import { evaluateOmaha, evaluateOmahaIndices, handCategory } from "../../src/rules/evaluator.js";
import { describeHand } from "../../src/rules/handName.js";
import { dealHands, phe, seededRandom } from "./evaluatorFixtures.js";

const cards = (s: string): Card[] => parseCards(s.replaceAll(" ", ""));
const omaha = (hole: string, board: string): string => describeHand(evaluateOmaha(cards(hole), cards(board)));

describe("Omaha: exactly two hole cards and three board cards", () => {
  it("a four-flush in hand with one suited board card is not a flush", () => {
    expect(omaha("Ah Kh Qh Jh", "2h 7c 8d 9s 3c")).toBe("ace high");
  });

  it("a straight on the board cannot be played", () => {
    expect(omaha("Ac Ad Kc Kd", "5c 6d 7h 8s 9c")).toBe("pair of aces");
  });

  it("a flush on the board needs two hole cards of the suit", () => {
    expect(handCategory(evaluateOmaha(cards("Ah Kc Qd Js"), cards("2h 5h 7h 9h Th")))).not.toBe("flush");
    expect(omaha("Ah 3h Qd Js", "2h 5h 7h 9h Th")).toBe("ace-high flush");
  });

  it("quads on the board play as three of a kind", () => {
    expect(omaha("Ac Kd Qh Js", "9c 9d 9h 9s 2c")).toBe("three of a kind, nines");
  });

  it("trips on the board and a pocket pair make a full house", () => {
    expect(omaha("Ac Ad 7s 8s", "Kc Kd Kh 5s 2c")).toBe("full house, kings full of aces");
  });

  it("a single hole card does not complete a straight", () => {
    expect(handCategory(evaluateOmaha(cards("9c 2d 2h 3s"), cards("5c 6d 7h 8s Kc")))).toBe("pair");
    expect(omaha("9c Td 2h 3s", "5c 6d 7h 8s Kc")).toBe("straight, ten high");
  });

  it("works on the flop and the turn (three and four board cards)", () => {
    expect(omaha("Ah Kh 2c 3d", "Qh Jh Th")).toBe("royal flush");
    expect(omaha("Ah Kh 2c 3d", "Qh Jc Th 4s")).toBe("straight, ace high");
  });

  it("refuses too few board cards and repeated cards", () => {
    expect(() => evaluateOmaha(cards("Ah Kh 2c 3d"), cards("Qh Jh"))).toThrow(/3–5 board/);
    expect(() => evaluateOmaha(cards("Ah Kh 2c 3d"), cards("Ah Jh Th"))).toThrow(/twice/);
  });

  it("orders 2,000 random Omaha deals as phe does when limited to two hole and three board cards", () => {
    const deals = dealHands(2_001, 9, seededRandom(4));
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let d = 0; d <= 2_000; d++) {
      const hole = deals.subarray(d * 9, d * 9 + 4);
      const board = deals.subarray(d * 9 + 4, d * 9 + 9);
      ours.push(evaluateOmahaIndices(hole, board));
      let best = Infinity;
      for (let h1 = 0; h1 < 4; h1++)
        for (let h2 = h1 + 1; h2 < 4; h2++)
          for (let b1 = 0; b1 < 5; b1++)
            for (let b2 = b1 + 1; b2 < 5; b2++)
              for (let b3 = b2 + 1; b3 < 5; b3++) {
                const codes = [hole[h1]!, hole[h2]!, board[b1]!, board[b2]!, board[b3]!];
                best = Math.min(best, phe.evaluateCardCodes(codes));
              }
      theirs.push(best);
    }
    for (let d = 0; d < 2_000; d++) {
      expect(Math.sign(ours[d]! - ours[d + 1]!), `deal ${d}`).toBe(Math.sign(theirs[d + 1]! - theirs[d]!));
    }
  });
});
