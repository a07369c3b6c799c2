/**
 * Settlement of one box against the dealer (digest, "Settling"). House-banked: every chip the player wins
 * the house pays, and every chip he loses the house takes, so the house net is minus the player's.
 */
import type { Card } from "../cards.js";
import type { ThreeCardBets, WagerKind } from "./bets.js";
import { dealerQualifies } from "./dealer.js";
import { assertThreeCards, compareThreeCard, evaluateThreeCard, type ThreeCardHand } from "./hand.js";
import { anteBonusOdds, pairPlusOdds, primeOdds } from "./odds.js";
import { DEFAULT_PAY_TABLE, type PayTable } from "./payTable.js";

/** A settled line of the box: the four wagers and the Ante bonus, which is paid on the Ante's stake. */
export type SettledBet = WagerKind | "anteBonus";
/** win: paid at odds; lose: taken by the house; push: a standoff, stake returned; void: no action, stake returned. */
export type BetOutcome = "win" | "lose" | "push" | "void";

export interface BetResult {
  readonly bet: SettledBet;
  /** Chips the player risked on this line (0 for the Ante bonus, which has no stake of its own). */
  readonly stake: number;
  readonly outcome: BetOutcome;
  /** "N to 1" odds the win was paid at; 0 unless the line won. */
  readonly odds: number;
  /** The winnings the house pays on top of the returned stake; 0 unless the line won. */
  readonly payout: number;
  /** Everything handed back to the player: stake plus payout on a win, the stake on a push or void, else 0. */
  readonly returned: number;
  readonly playerNet: number;
  readonly houseNet: number;
  /** Why, in the dealer's words. */
  readonly reason: string;
}

export interface BoxSettlement {
  readonly player: ThreeCardHand;
  readonly dealer: ThreeCardHand;
  readonly dealerQualifies: boolean;
  readonly folded: boolean;
  /** One line per placed wager, plus the Ante bonus whenever an Ante was bet. */
  readonly results: readonly BetResult[];
  readonly playerNet: number;
  readonly houseNet: number;
}

/** What a box brings to settlement: its bets and the player's and dealer's three cards. */
export interface BoxAtShowdown {
  readonly bets: ThreeCardBets;
  readonly player: readonly Card[];
  readonly dealer: readonly Card[];
}

function line(bet: SettledBet, stake: number, outcome: BetOutcome, odds: number, reason: string): BetResult {
  const payout = outcome === "win" ? stake * odds : 0;
  const returned = outcome === "lose" ? 0 : stake + payout;
  const playerNet = returned - stake;
  // `0 -` keeps a zero net +0, so results compare equal however they were reached.
  return {
    bet,
    stake,
    outcome,
    odds: payout > 0 ? odds : 0,
    payout,
    returned,
    playerNet,
    houseNet: 0 - playerNet,
    reason,
  };
}

function bonusLine(ante: number, odds: number | undefined, reason: string): BetResult {
  // The bonus has no stake of its own: it is paid on the Ante (digest), so its "stake" is 0 and the win is the payout.
  if (odds === undefined) return line("anteBonus", 0, "void", 0, reason);
  const payout = ante * odds;
  return {
    bet: "anteBonus",
    stake: 0,
    outcome: "win",
    odds,
    payout,
    returned: payout,
    playerNet: payout,
    houseNet: 0 - payout,
    reason,
  };
}

function anteAndPlay(bets: ThreeCardBets, player: ThreeCardHand, dealer: ThreeCardHand, qualifies: boolean) {
  if (!qualifies) {
    return [
      line("ante", bets.ante, "win", 1, "dealer does not qualify: Ante pays 1 to 1"),
      line("play", bets.play, "push", 0, "dealer does not qualify: Play is a standoff"),
    ];
  }
  const cmp = compareThreeCard(player, dealer);
  if (cmp > 0) {
    return [
      line("ante", bets.ante, "win", 1, `${player.name} beats ${dealer.name}: Ante pays 1 to 1`),
      line("play", bets.play, "win", 1, `${player.name} beats ${dealer.name}: Play pays 1 to 1`),
    ];
  }
  if (cmp < 0) {
    return [
      line("ante", bets.ante, "lose", 0, `${dealer.name} beats ${player.name}`),
      line("play", bets.play, "lose", 0, `${dealer.name} beats ${player.name}`),
    ];
  }
  return [
    line("ante", bets.ante, "push", 0, `equal hands (${player.name}): standoff`),
    line("play", bets.play, "push", 0, `equal hands (${player.name}): standoff`),
  ];
}

function mainGame(
  bets: ThreeCardBets,
  player: ThreeCardHand,
  dealer: ThreeCardHand,
  qualifies: boolean,
  table: PayTable,
) {
  if (bets.ante === 0) return [];
  if (bets.play === 0) {
    // Digest: a fold loses the Ante to the house; a forfeited Ante earns no bonus.
    return [
      line("ante", bets.ante, "lose", 0, "folded: the Ante goes to the house"),
      bonusLine(bets.ante, undefined, "folded: no Ante bonus"),
    ];
  }
  const odds = anteBonusOdds(player.category, table);
  const bonus =
    odds === undefined
      ? bonusLine(bets.ante, undefined, "no Ante bonus below a straight")
      : bonusLine(bets.ante, odds, `${player.name}: Ante bonus ${odds} to 1, whatever the dealer holds`);
  return [...anteAndPlay(bets, player, dealer, qualifies), bonus];
}

function sideBets(box: BoxAtShowdown, player: ThreeCardHand, folded: boolean, table: PayTable): BetResult[] {
  const out: BetResult[] = [];
  const forfeited = folded && table.foldForfeitsSideBets;
  const { pairPlus, prime } = box.bets;
  if (pairPlus > 0) {
    const odds = pairPlusOdds(player.category, table);
    if (forfeited)
      out.push(line("pairPlus", pairPlus, "lose", 0, "folded: this house forfeits Pair Plus on a fold"));
    else if (odds === undefined)
      out.push(line("pairPlus", pairPlus, "lose", 0, `${player.name}: Pair Plus needs a pair or better`));
    else out.push(line("pairPlus", pairPlus, "win", odds, `${player.name}: Pair Plus pays ${odds} to 1`));
  }
  if (prime > 0) {
    const odds = primeOdds(box.player, box.dealer, table);
    if (forfeited) out.push(line("prime", prime, "lose", 0, "folded: this house forfeits Prime on a fold"));
    else if (odds === undefined)
      out.push(line("prime", prime, "lose", 0, "Prime needs three cards of one colour"));
    else out.push(line("prime", prime, "win", odds, `Prime pays ${odds} to 1`));
  }
  return out;
}

/** Settles one box: every placed wager (and the Ante bonus) with its outcome, payout and the house's net. */
export function settleBox(box: BoxAtShowdown, table: PayTable = DEFAULT_PAY_TABLE): BoxSettlement {
  const { bets } = box;
  assertThreeCards(box.player, "the player's box");
  assertThreeCards(box.dealer, "the dealer");
  if (box.player.some((c) => box.dealer.includes(c))) throw new RangeError("player and dealer share a card");
  if (bets.play !== 0 && bets.play !== bets.ante) {
    throw new RangeError(`the Play bet must be 0 (fold) or equal the Ante ${bets.ante}, got ${bets.play}`);
  }
  const player = evaluateThreeCard(box.player);
  const dealer = evaluateThreeCard(box.dealer);
  const qualifies = dealerQualifies(dealer);
  const folded = bets.ante > 0 && bets.play === 0;
  const results = [
    ...mainGame(bets, player, dealer, qualifies, table),
    ...sideBets(box, player, folded, table),
  ];
  const playerNet = results.reduce((sum, r) => sum + r.playerNet, 0);
  return { player, dealer, dealerQualifies: qualifies, folded, results, playerNet, houseNet: 0 - playerNet };
}

/** Every wager of a voided hand (digest, "Misdeals": exchanging cards "may void the hand") is returned. */
export function voidBox(bets: ThreeCardBets): BetResult[] {
  const wagers: WagerKind[] = ["ante", "play", "pairPlus", "prime"];
  return wagers
    .filter((w) => bets[w] > 0)
    .map((w) => line(w, bets[w], "void", 0, "the hand is void: bet returned"));
}
