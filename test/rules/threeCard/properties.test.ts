import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Card, fullDeck } from "../../../src/rules/cards.js";
import {
  type BoxSettlement,
  type PayTable,
  PayTableConfig,
  settleBox,
  type ThreeCardBets,
} from "../../../src/rules/threeCard/index.js";

const chips = fc.integer({ min: 0, max: 10_000 });
const odds = fc.integer({ min: 1, max: 100 });

/** Six distinct cards: the player's three, then the dealer's three. */
const deal = fc.shuffledSubarray(fullDeck(), { minLength: 6, maxLength: 6 }).map((cards) => ({
  player: cards.slice(0, 3) as Card[],
  dealer: cards.slice(3) as Card[],
}));

const bets = fc
  .record({ ante: chips, played: fc.boolean(), pairPlus: chips, prime: chips })
  .map(({ ante, played, pairPlus, prime }): ThreeCardBets => ({
    ante,
    play: played ? ante : 0,
    pairPlus,
    prime,
  }));

const table: fc.Arbitrary<PayTable> = fc
  .record({
    anteBonus: fc.record({ straight: odds, threeOfAKind: odds, straightFlush: odds }),
    pairPlus: fc.record({ pair: odds, flush: odds, straight: odds, threeOfAKind: odds, straightFlush: odds }),
    prime: fc.record({
      playerOneColour: odds,
      dealerOneColourToo: odds,
      dealerColourMustMatch: fc.boolean(),
    }),
    foldForfeitsSideBets: fc.boolean(),
  })
  .map((t) => PayTableConfig.parse(t));

const netOf = (s: BoxSettlement, lines: readonly string[]) =>
  s.results.filter((r) => lines.includes(r.bet)).reduce((sum, r) => sum + r.playerNet, 0);

describe("Settlement properties", () => {
  it("For any box and cards, the house net equals minus the player's net (box and every line)", () => {
    fc.assert(
      fc.property(bets, deal, table, (b, cards, t) => {
        const s = settleBox({ bets: b, ...cards }, t);
        expect(s.houseNet + s.playerNet).toBe(0);
        expect(s.playerNet).toBe(s.results.reduce((sum, r) => sum + r.playerNet, 0));
        for (const r of s.results) {
          expect(r.houseNet + r.playerNet).toBe(0);
          expect(r.playerNet).toBe(r.returned - r.stake);
          expect(r.playerNet).toBeGreaterThanOrEqual(-r.stake); // nobody loses more than he staked
        }
      }),
    );
  });

  it("A folded box loses exactly the Ante, and Pair Plus and Prime are settled as if it had played", () => {
    fc.assert(
      fc.property(bets, deal, table, (b, cards, t) => {
        fc.pre(b.ante > 0);
        const staysIn = { ...t, foldForfeitsSideBets: false };
        const folded = settleBox({ bets: { ...b, play: 0 }, ...cards }, staysIn);
        const played = settleBox({ bets: { ...b, play: b.ante }, ...cards }, staysIn);
        expect(folded.folded).toBe(true);
        expect(netOf(folded, ["ante", "play", "anteBonus"])).toBe(-b.ante);
        expect(netOf(folded, ["pairPlus", "prime"])).toBe(netOf(played, ["pairPlus", "prime"]));
      }),
    );
  });

  it("Where a fold forfeits the side bets, a folded box loses exactly every chip it staked", () => {
    fc.assert(
      fc.property(bets, deal, table, (b, cards, t) => {
        fc.pre(b.ante > 0);
        const s = settleBox({ bets: { ...b, play: 0 }, ...cards }, { ...t, foldForfeitsSideBets: true });
        expect(s.playerNet).toBe(-(b.ante + b.pairPlus + b.prime));
      }),
    );
  });

  it("Ante and Play win together only when the dealer qualifies and is beaten; Play never wins against a non-qualifier", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), deal, (ante, cards) => {
        const s = settleBox({ bets: { ante, play: ante, pairPlus: 0, prime: 0 }, ...cards });
        const play = s.results.find((r) => r.bet === "play");
        const won = play?.outcome === "win";
        expect(won).toBe(s.dealerQualifies && s.player.score > s.dealer.score);
        if (!s.dealerQualifies) expect(play?.outcome).toBe("push");
      }),
    );
  });
});
