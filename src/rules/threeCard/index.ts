/** Three Card Poker rules: hand ranking, dealer qualification, bet checks, pay tables and settlement. */
export * from "./bets.js";
export * from "./deal.js";
export * from "./dealer.js";
export * from "./decision.js";
export * from "./hand.js";
export * from "./odds.js";
export * from "./payTable.js";
export * from "./settle.js";
export * from "./payout.js";
