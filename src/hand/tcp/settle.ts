/**
 * The dealer turns his cards and every box is settled with the pay table (digest, "Settling"):
 * an `award` per box and line, then `hand_end` with the stacks and the house's result.
 *
 * `award` for Three Card Poker: `seat` is the box, `pot` 0 (the game has no side pots: every line is
 * settled with the house, and the contract reads `pot` 1.. as side pots), the added `bet` the line
 * by the `payout` event's names (ante, play, bonus, pairplus, prime: one name per bet on the wire;
 * before, `award` said anteBonus and pairPlus), `hand` the box's hand as the dealer calls it, and `amount`
 * what the box gets back on that line — stake plus winnings on a win, the stake on a standoff, 0 on a loss (so
 * the dealer panel reads "pay box N this"). Added fields: `bet`, `outcome`, `stake`. A losing line
 * is announced too (amount 0), so every wager placed has its award; the Ante bonus only when paid.
 * Stacks after the hand are the stacks before it, minus every stake, plus every amount.
 */
import type { AwardEvent, HandEndEvent, StreetEvent } from "../../contract/output.js";
import { dealerQualifies } from "../../rules/threeCard/dealer.js";
import { evaluateThreeCard } from "../../rules/threeCard/hand.js";
import { contractBetName, type PayoutBet, payoutDue } from "../../rules/threeCard/payout.js";
import { type BetResult, settleBox, voidBox } from "../../rules/threeCard/settle.js";
import {
  boxesInOrder,
  type TcpBox,
  type TcpContext,
  type TcpLine,
  type TcpResult,
  type TcpShowdown,
} from "./context.js";

/** Whole chips only: a fractional pay-table line is rounded down (the house pays no part chips). */
const chips = (n: number) => Math.floor(n);

function boxLines(h: TcpContext, box: TcpBox): { hand: string; results: BetResult[] } {
  const { bets, faces } = box;
  const playable = bets.play === 0 || bets.play === bets.ante;
  if (faces.length !== 3 || h.dealerFaces.length !== 3 || !playable) {
    // Only after the floor let a wrong hand go on: the box has no settleable hand, every bet goes back.
    return { hand: "no hand", results: voidBox(bets) };
  }
  const s = settleBox({ bets, player: faces, dealer: h.dealerFaces }, h.payTable);
  return { hand: s.player.name, results: [...s.results] };
}

/** The dealer turns his cards: every box is settled and the hand ends. */
export function settleHand(h: TcpContext): void {
  const dealer = h.dealerFaces.length === 3 ? evaluateThreeCard(h.dealerFaces) : null;
  const turn: StreetEvent & { dealer: string } = {
    t: h.t,
    kind: "street",
    street: "showdown",
    // In Three Card Poker the showdown's "board" is the dealer's hand, turned face up.
    board: [...h.dealerFaces],
    dealer: dealer?.name ?? "no hand",
  };
  h.out.push(turn);
  const showdown: TcpShowdown = {
    dealer: dealer && { cards: [...h.dealerFaces], name: dealer.name, qualifies: dealerQualifies(dealer) },
    boxes: {},
  };
  const stacks = { ...h.stacksBefore };
  for (const box of boxesInOrder(h)) {
    const { hand, results } = boxLines(h, box);
    const lines: TcpLine[] = results
      .filter((r) => r.bet !== "anteBonus" || r.outcome === "win")
      .map((r) => {
        const owed = payoutDue(r);
        const line: TcpLine = { bet: r.bet, stake: r.stake, outcome: r.outcome, amount: chips(r.returned) };
        return owed === null ? line : { ...line, payout: { due: owed.due, how: owed.how } };
      });
    const staked = lines.reduce((sum, l) => sum + l.stake, 0);
    const paid = lines.reduce((sum, l) => sum + l.amount, 0);
    for (const l of lines) {
      const award: AwardEvent & Omit<TcpLine, "amount" | "bet"> & { bet: PayoutBet } = {
        t: h.t,
        kind: "award",
        seat: box.box,
        amount: l.amount,
        pot: 0,
        hand,
        // The contract's name, as `payout` says it (`bonus`, `pairplus`); the lines keep the rules' names.
        bet: contractBetName(l.bet),
        outcome: l.outcome,
        stake: l.stake,
      };
      h.out.push(award);
    }
    showdown.boxes[box.box] = { hand, lines, staked, paid };
    h.house += staked - paid;
    const before = stacks[box.box];
    // A player who bet chips the floor never gave him cannot go below nothing; the floor corrects stacks.
    if (before !== undefined) stacks[box.box] = Math.max(0, before - staked + paid);
  }
  h.showdown = showdown;
  endHand(h, "complete", stacks);
}

/** Ends the hand: `hand_end` with the stacks and the house's net (`house`, an added field). */
export function endHand(h: TcpContext, result: TcpResult, stacks: Record<number, number>): void {
  h.result = result;
  h.phase = "over";
  h.finalStacks = stacks;
  if (result !== "complete") h.house = 0;
  const event: HandEndEvent & { house: number } = {
    t: h.t,
    kind: "hand_end",
    hand: h.hand,
    result,
    stacks: Object.fromEntries(Object.entries(stacks).map(([seat, n]) => [String(seat), n])),
    house: h.house,
  };
  h.out.push(event);
}
