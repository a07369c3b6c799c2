/**
 * The betting engine of a flop game (no-limit, pot-limit, limit), PokerKit-style: a hand is plain immutable
 * data; every operation has a check that explains why it is illegal, and returns a new state.
 *
 *   let hand = startHand({ game: nlhe, seats, button: 6, sbSeat: 1, bbSeat: 2, level });
 *   const r = applyAction(hand, { seat: 3, type: "raise", to: 300 });
 *   if (r.ok) hand = r.state; else alert(r.error.message);
 *   // when hand.phase is "dealing" or "runout": hand = dealNextStreet(hand).state after the dealer deals
 */
export { applyAction, checkAction } from "./bettingActions.js";
export { type HandContributions, handContributions, handPots, totalPot } from "./bettingContributions.js";
export { capApplies, legalActions, limitBetSize, potForLimit } from "./bettingLimits.js";
export { dealingOrder, defaultBlindSeats, findSeat, liveSeats, seatsWithChips } from "./bettingOrder.js";
export { dealNextStreet, isAllInRunout } from "./bettingRound.js";
export * from "./bettingTypes.js";
export {
  type ForcedBetLevel,
  forcedBetsPosted,
  openPreflop,
  type StartHandInput,
  startHand,
} from "./forcedBets.js";
