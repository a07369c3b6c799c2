/**
 * Writes the Three Card Poker scenario files (test/hand/tcp/scenarios/*.jsonl) from the scenes below.
 * Run with `npx tsx test/hand/tcp/build.ts`; the tests replay the files, not this script.
 * Tables: min 5, max 1000, every player 10000; box N is seat N; pay tables are the digest's defaults.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { TcpScene } from "./dsl.js";

const dir = join(dirname(fileURLToPath(import.meta.url)), "scenarios");
const ALL_CODES = [
  "MISDEAL_CARD_COUNT",
  "TCP_DEALER_EXPOSED",
  "TCP_BLIND_PLAY_MISSING",
  "TCP_BET_AFTER_DEAL",
  "TCP_BET_INVALID",
];

/** Every line is settled with the house: `pot` 0 (the contract's 1.. are side pots), the line in `bet`, by `payout`'s names. */
const LINES = ["ante", "play", "bonus", "pairplus", "prime"] as const;
const award = (seat: number, line: number, amount: number, outcome: string) => ({
  kind: "award",
  seat,
  pot: 0,
  bet: LINES[line],
  amount,
  outcome,
});

const scenes: Record<string, TcpScene> = {
  // Digest: dealer does not qualify — Ante 1 to 1, Play a standoff; Pair Plus lost without a pair.
  "dealer-not-qualifying": new TcpScene("dealer not qualifying")
    .setup({ 1: "Ana" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .bet(1, "pairplus", 25)
    .deal({ 1: ["Kh", "9c", "4d"], dealer: ["Jc", "8d", "3s"] })
    .expect({ kind: "street", street: "preflop" })
    .play(1, 100)
    .wait()
    .expect({ kind: "street", street: "showdown", board: ["Jc", "8d", "3s"] })
    .expect(award(1, 0, 200, "win"))
    .expect(award(1, 1, 100, "push"))
    .expect(award(1, 3, 0, "lose"))
    .expect({ kind: "hand_end", result: "complete", stacks: { "1": 10075 }, house: -75 })
    .absent(...ALL_CODES),

  // Digest: dealer qualifies and the player's hand is better — Ante and Play 1 to 1 (a pair: no bonus).
  "dealer-qualifies-player-wins": new TcpScene("qualifying and winning")
    .setup({ 1: "Ana" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .deal({ 1: ["As", "Ad", "7c"], dealer: ["Qh", "9s", "2c"] })
    .play(1, 100)
    .wait()
    .expect(award(1, 0, 200, "win"))
    .expect(award(1, 1, 200, "win"))
    .expect({ kind: "hand_end", result: "complete", stacks: { "1": 10200 }, house: -200 })
    .absent(...ALL_CODES),

  // Dealer qualifies and beats box 1; box 2 folds to the muck, box 3 with the fold key: Antes lost.
  "dealer-qualifies-player-loses": new TcpScene("qualifying and losing, folds")
    .setup({ 1: "Ana", 2: "Ben", 3: "Cai" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .bet(2, "ante", 50)
    .bet(3, "ante", 25)
    .deal({
      1: ["Kd", "Jh", "5c"],
      2: ["7c", "4d", "2s"],
      3: ["8h", "6c", "3d"],
      dealer: ["Ks", "Qd", "2h"],
    })
    .play(1, 100)
    .fold(2)
    .key("fold")
    .wait()
    .expect({ kind: "street", street: "showdown" })
    .expect(award(1, 0, 0, "lose"))
    .expect(award(1, 1, 0, "lose"))
    .expect(award(2, 0, 0, "lose"))
    .expect(award(3, 0, 0, "lose"))
    .expect({
      kind: "hand_end",
      result: "complete",
      stacks: { "1": 9800, "2": 9950, "3": 9975 },
      house: 275,
    })
    .absent(...ALL_CODES),

  // Digest: equal hands are a standoff (suits never break a tie).
  tie: new TcpScene("equal hands")
    .setup({ 1: "Ana" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .deal({ 1: ["Kc", "Qd", "4h"], dealer: ["Kh", "Qs", "4c"] })
    .play(1, 100)
    .wait()
    .expect(award(1, 0, 100, "push"))
    .expect(award(1, 1, 100, "push"))
    .expect({ kind: "hand_end", result: "complete", stacks: { "1": 10000 }, house: 0 })
    .absent(...ALL_CODES),

  // Ante bonus 5 to 1 and Pair Plus 35 to 1 on a straight flush, whatever the dealer holds.
  "ante-bonus-and-pair-plus": new TcpScene("straight flush bonuses")
    .setup({ 1: "Ana" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .bet(1, "pairplus", 50)
    .deal({ 1: ["5h", "6h", "7h"], dealer: ["2c", "3d", "9s"] })
    .play(1, 100)
    .wait()
    .expect(award(1, 0, 200, "win"))
    .expect(award(1, 1, 100, "push"))
    .expect(award(1, 2, 500, "win"))
    .expect(award(1, 3, 1800, "win"))
    .expect({ kind: "hand_end", result: "complete", stacks: { "1": 12350 }, house: -2350 })
    .absent(...ALL_CODES),

  // Ana plays boxes 1 and 3: box 3 is blind, its Play down before the first card; box 1 decides.
  "blind-play": new TcpScene("blind play")
    .setup({ 1: "Ana", 3: "Ana" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .bet(3, "ante", 50)
    .bet(3, "play", 50)
    .deal({ 1: ["9c", "9d", "4h"], 3: ["Ah", "Kh", "2c"], dealer: ["Qd", "Jc", "3h"] })
    .play(1, 100)
    .wait()
    .expect(award(1, 0, 200, "win"))
    .expect(award(3, 0, 100, "win"))
    .expect(award(3, 1, 100, "win"))
    .expect({ kind: "hand_end", result: "complete", stacks: { "1": 10200, "3": 10100 }, house: -300 })
    .absent(...ALL_CODES),

  // Box 3 is blind with an Ante and no Play when the cards are drawn; the player puts it down.
  "blind-play-missing": new TcpScene("blind Play missing")
    .setup({ 1: "Ana", 3: "Ana" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .bet(3, "ante", 50)
    .card(1, "9c")
    .expect({ kind: "alert", code: "TCP_BLIND_PLAY_MISSING", seat: 3, severity: "dealer" })
    .play(3, 50)
    .wait(500)
    .expect({ kind: "alert_clear", code: "TCP_BLIND_PLAY_MISSING", seat: 3 })
    .card(3, "Ah")
    .card("dealer", "Qd")
    .deal({ 1: ["9d", "4h"], 3: ["Kh", "2c"], dealer: ["Jc", "3h"] })
    .play(1, 100)
    .wait()
    .expect(award(3, 1, 100, "win"))
    .expect({ kind: "hand_end", result: "complete", stacks: { "1": 10200, "3": 10100 } })
    .absent("TCP_BET_AFTER_DEAL", "MISDEAL_CARD_COUNT", "TCP_BET_INVALID"),

  // TCP_BLIND_PLAY_MISSING's follow-up checked: a Play that is not the Ante is told, the right one clears.
  "blind-play-wrong-amount-told": new TcpScene("blind Play put down short, then made equal")
    .setup({ 1: "Ana", 3: "Ana" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .bet(3, "ante", 50)
    .card(1, "9c")
    .wait(500)
    .play(3, 25)
    .wait(500)
    .play(3, 25)
    .wait(500)
    .card(3, "Ah")
    .card("dealer", "Qd")
    .deal({ 1: ["9d", "4h"], 3: ["Kh", "2c"], dealer: ["Jc", "3h"] })
    .play(1, 100)
    .wait()
    .expect({ kind: "alert", code: "TCP_BLIND_PLAY_MISSING", seat: 3, severity: "dealer" })
    .expect({ kind: "alert_clear", code: "TCP_BLIND_PLAY_MISSING", seat: 3 })
    .expect({
      kind: "alert",
      code: "TCP_BLIND_PLAY_MISSING",
      seat: 3,
      text: "Box 3 is played blind: its Play holds 25, not the 50 of its Ante, so it has no Play bet yet",
    })
    .expect({ kind: "alert_clear", code: "TCP_BLIND_PLAY_MISSING", seat: 3 })
    .expect(award(3, 1, 100, "win"))
    .expect({ kind: "hand_end", result: "complete", stacks: { "1": 10200, "3": 10100 } })
    .absent("TCP_BET_AFTER_DEAL", "MISDEAL_CARD_COUNT", "TCP_BET_INVALID"),

  // TCP_BET_INVALID's follow-up checked: the dealer brings an Ante over the maximum down in two goes;
  // the first is told not right yet (not a bet after the deal, the floor's), the second clears it.
  "bet-invalid-put-right-in-two-goes": new TcpScene("Ante over the maximum brought down in two goes")
    .setup({ 1: "Ana" })
    .key("shuffler")
    .bet(1, "ante", 5000)
    .card(1, "2c")
    .wait(500)
    .setBet(1, "ante", 2000)
    .wait(500)
    .setBet(1, "ante", 1000)
    .wait(500)
    .expect({ kind: "alert", code: "TCP_BET_INVALID", seat: 1 })
    .expect({ kind: "alert_clear", code: "TCP_BET_INVALID", seat: 1 })
    .expect({
      kind: "alert",
      code: "TCP_BET_INVALID",
      seat: 1,
      text: "Box 1, not right yet: ante 2000 is above the table maximum 1000",
    })
    .expect({ kind: "alert_clear", code: "TCP_BET_INVALID", seat: 1 })
    .absent("TCP_BET_AFTER_DEAL"),

  // Prime 3 to 1: the player's three cards are red, the dealer's are not of one colour.
  "prime-without-dealer-colour": new TcpScene("Prime, player only")
    .setup({ 1: "Ana" })
    .key("shuffler")
    .bet(1, "pairplus", 25)
    .bet(1, "prime", 25)
    .deal({ 1: ["2h", "7d", "Jh"], dealer: ["3c", "8h", "Ks"] })
    .expect(award(1, 3, 0, "lose"))
    .expect(award(1, 4, 100, "win"))
    .expect({ kind: "hand_end", result: "complete", stacks: { "1": 10050 }, house: -50 })
    .absent(...ALL_CODES),

  // Prime 4 to 1: the dealer's three cards are of one colour too (black), though he wins the hand.
  "prime-with-dealer-colour": new TcpScene("Prime, dealer too")
    .setup({ 1: "Ana" })
    .key("shuffler")
    .bet(1, "ante", 10)
    .bet(1, "prime", 10)
    .deal({ 1: ["2h", "7d", "Jh"], dealer: ["3c", "8s", "Ks"] })
    .play(1, 10)
    .wait()
    .expect(award(1, 0, 0, "lose"))
    .expect(award(1, 1, 0, "lose"))
    .expect(award(1, 4, 50, "win"))
    .expect({ kind: "hand_end", result: "complete", stacks: { "1": 10020 }, house: -20 })
    .absent(...ALL_CODES),

  // A fourth card to box 2: misdeal; the shuffler declares it and the hand is dealt again.
  "misdeal-card-count-box": new TcpScene("box over-dealt")
    .setup({ 1: "Ana", 2: "Ben" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .bet(2, "ante", 100)
    .deal({ 1: ["2c", "3c", "4c"], 2: ["5d", "6d", "7d", "8d"], dealer: ["9h", "Th", "Jh"] })
    .expect({ kind: "alert", code: "MISDEAL_CARD_COUNT", seat: 2, severity: "floor" })
    .key("shuffler")
    .expect({ kind: "hand_end", result: "misdeal", stacks: { "1": 10000, "2": 10000 } })
    .expect({ kind: "hand_start", redeal: true })
    .absent("TCP_DEALER_EXPOSED", "TCP_BET_AFTER_DEAL"),

  // A fourth card to box 2 and the floor says continue: refused (rules/three-card-poker.md: "an incorrect
  // number of cards dealt to the dealer or to any player is a misdeal"; the box cannot be played as it
  // lies). The hand stays held (a Play bet is no decision then), and the floor's misdeal ends it.
  "misdeal-card-count-box-continue-refused": new TcpScene("box over-dealt, continue refused")
    .setup({ 1: "Ana", 2: "Ben" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .bet(2, "ante", 100)
    .deal({ 1: ["2c", "3c", "4c"], 2: ["5d", "6d", "7d", "8d"], dealer: ["9h", "Th", "Jh"] })
    .expect({ kind: "alert", code: "MISDEAL_CARD_COUNT", seat: 2, rulings: ["misdeal", "void"] })
    .floor({ op: "ruling", ruling: "continue", code: "MISDEAL_CARD_COUNT" })
    .expect({ kind: "alert", code: "FLOOR_OP_REJECTED" })
    .play(1, 100)
    .wait()
    .floor({ op: "ruling", ruling: "misdeal", code: "MISDEAL_CARD_COUNT" })
    .expect({ kind: "hand_end", result: "misdeal", stacks: { "1": 10000, "2": 10000 } }),

  // Box 2 gets two cards; the dealer's third card ends the deal short.
  "misdeal-card-count-box-short": new TcpScene("box short")
    .setup({ 1: "Ana", 2: "Ben" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .bet(2, "ante", 100)
    .deal({ 1: ["2c", "3c", "4c"], 2: ["5d", "6d"], dealer: ["9h", "Th", "Jh"] })
    // Judged the departure lag after the dealer's third card (4 rounds of 200 ms): the floor comes later.
    .wait(1000)
    .expect({ kind: "alert", code: "MISDEAL_CARD_COUNT", seat: 2 })
    .floor({ op: "ruling", ruling: "misdeal" })
    .expect({ kind: "hand_end", result: "misdeal" }),

  // The dealer deals himself two cards; the first decision shows the deal is over.
  "misdeal-card-count-dealer": new TcpScene("dealer short")
    .setup({ 1: "Ana" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .deal({ 1: ["2c", "3c", "4c"], dealer: ["9h", "Th"] })
    .play(1, 100)
    .wait()
    .expect({
      kind: "alert",
      code: "MISDEAL_CARD_COUNT",
      text: "Misdeal: the dealer holds 2 cards; the game deals 3",
    })
    .absent("TCP_BET_AFTER_DEAL")
    .key("shuffler")
    .expect({ kind: "hand_end", result: "misdeal" }),

  // A dealer card exposed during the deal is a misdeal.
  "dealer-exposed": new TcpScene("dealer card exposed")
    .setup({ 1: "Ana" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .card(1, "2c")
    .card("dealer", "9h")
    .key("exposed")
    .expect({ kind: "alert", code: "TCP_DEALER_EXPOSED", severity: "floor" })
    .key("shuffler")
    .expect({ kind: "hand_end", result: "misdeal" })
    .expect({ kind: "hand_start", redeal: true }),

  // A player's card exposed is not a misdeal: the deal goes on and the hand is settled.
  "player-card-exposed": new TcpScene("player card exposed, not a misdeal")
    .setup({ 1: "Ana" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .card(1, "As")
    .key("exposed")
    .expect({ kind: "alert", code: "TCP_PLAYER_EXPOSED", seat: 1, severity: "info" })
    .card("dealer", "Qh")
    .deal({ 1: ["Ad", "7c"], dealer: ["9s", "2c"] })
    .play(1, 100)
    .wait()
    .expect({ kind: "hand_end", result: "complete", stacks: { "1": 10200 } })
    .absent("TCP_DEALER_EXPOSED", "MISDEAL_CARD_COUNT"),

  // TCP_PLAYER_EXPOSED's last step is "Continue the deal": the next card dealt is that step, and the
  // notice is done (it stayed open for the whole hand); not before (a wait changes nothing).
  "player-card-exposed-done-when-the-deal-goes-on": new TcpScene("player card exposed, the deal goes on")
    .setup({ 1: "Ana" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .card(1, "As")
    .key("exposed")
    .wait(3000)
    .card("dealer", "Qh")
    .deal({ 1: ["Ad", "7c"], dealer: ["9s", "2c"] })
    .play(1, 100)
    .wait()
    .expect({ kind: "alert", code: "TCP_PLAYER_EXPOSED", seat: 1, severity: "info" })
    .expect({ kind: "alert_clear", code: "TCP_PLAYER_EXPOSED", seat: 1, t: 5500 })
    .expect({ kind: "hand_end", result: "complete", stacks: { "1": 10200 } }),

  // Pair Plus added after the first card, and a late Ante on an empty box: both are bets after the deal.
  "bet-after-deal": new TcpScene("bet changed after the first card")
    .setup({ 1: "Ana", 4: "Dov" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .card(1, "As")
    .bet(1, "pairplus", 25)
    .wait(500)
    .expect({ kind: "alert", code: "TCP_BET_AFTER_DEAL", seat: 1, severity: "floor" })
    .bet(4, "ante", 25)
    .wait(500)
    .expect({ kind: "alert", code: "TCP_BET_AFTER_DEAL", seat: 4 })
    .clearBet(1, "pairplus")
    .clearBet(4, "ante")
    .wait(500)
    // The bets put back are the first step; the alert is the floor's and waits for its ruling.
    .expect({ kind: "alert_step", code: "TCP_BET_AFTER_DEAL", seat: 1, done: 1 })
    .expect({ kind: "alert_step", code: "TCP_BET_AFTER_DEAL", seat: 4, done: 1 })
    .floor({ op: "ruling", ruling: "continue", code: "TCP_BET_AFTER_DEAL", seat: 1 })
    .floor({ op: "ruling", ruling: "continue", code: "TCP_BET_AFTER_DEAL", seat: 4 })
    .expect({ kind: "alert_clear", code: "TCP_BET_AFTER_DEAL", seat: 1 })
    .expect({ kind: "alert_clear", code: "TCP_BET_AFTER_DEAL", seat: 4 })
    .card("dealer", "Qh")
    .deal({ 1: ["Ad", "7c"], dealer: ["9s", "2c"] })
    .play(1, 100)
    .wait()
    .expect({ kind: "hand_end", result: "complete", stacks: { "1": 10200, "4": 10000 } })
    .absent("MISDEAL_CARD_COUNT"),

  // TCP_BET_AFTER_DEAL is the floor's: the bet put back is its first step, not its end; the dealer's
  // cards are not turned while it waits; changed again, the step is undone; the floor's ruling ends it.
  "bet-after-deal-put-back-waits-for-the-floor": new TcpScene("bet put back, the floor still rules")
    .setup({ 1: "Ana" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .card(1, "As")
    .bet(1, "pairplus", 25)
    .wait(500)
    .clearBet(1, "pairplus")
    .wait(500)
    .bet(1, "pairplus", 25)
    .wait(500)
    .clearBet(1, "pairplus")
    .card("dealer", "Qh")
    .deal({ 1: ["Ad", "7c"], dealer: ["9s", "2c"] })
    .play(1, 100)
    .wait(5000)
    .floor({ op: "ruling", ruling: "continue", code: "TCP_BET_AFTER_DEAL", seat: 1 })
    .wait()
    .expect({ kind: "alert", code: "TCP_BET_AFTER_DEAL", seat: 1, severity: "floor" })
    .expect({ kind: "alert_step", code: "TCP_BET_AFTER_DEAL", seat: 1, done: 1 })
    .expect({ kind: "alert_step", code: "TCP_BET_AFTER_DEAL", seat: 1, done: 0 })
    .expect({ kind: "alert_step", code: "TCP_BET_AFTER_DEAL", seat: 1, done: 1 })
    .expect({ kind: "alert_clear", code: "TCP_BET_AFTER_DEAL", seat: 1, t: 11200 })
    .expect({ kind: "street", street: "showdown" })
    .expect({ kind: "hand_end", result: "complete", stacks: { "1": 10200 } }),

  // Bets below the minimum and above the maximum are flagged when the cards are drawn.
  "bets-outside-limits": new TcpScene("bets outside min and max")
    .setup({ 1: "Ana", 2: "Ben" })
    .key("shuffler")
    .bet(1, "ante", 1)
    .bet(2, "ante", 5000)
    .card(1, "2c")
    // The bets lock one scan round (200 ms) after the first card; the floor comes after that.
    .wait(400)
    .expect({ kind: "alert", code: "TCP_BET_INVALID", seat: 1 })
    .expect({ kind: "alert", code: "TCP_BET_INVALID", seat: 2 })
    .floor({ op: "ruling", ruling: "continue", code: "TCP_BET_INVALID", seat: 1 })
    .expect({ kind: "alert_clear", code: "TCP_BET_INVALID", seat: 1 }),

  // Bets exactly at the minimum and the maximum are good.
  "bets-at-limits-negative": new TcpScene("bets at min and max")
    .setup({ 1: "Ana" })
    .key("shuffler")
    .bet(1, "ante", 5)
    .bet(1, "pairplus", 1000)
    .deal({ 1: ["2c", "3c", "9d"], dealer: ["Ah", "Kd", "4s"] })
    .key("fold")
    .expect({ kind: "hand_end", result: "complete", stacks: { "1": 8995 }, house: 1005 })
    .absent(...ALL_CODES),

  // Reading at any pace: "judgements of order allow for one scan round". Chips put down just before
  // the first card, reported 100 ms after it (channel order), are a bet placed before the deal.
  "bet-reported-in-the-first-cards-round-negative": new TcpScene(
    "ante reported after the first card, same round",
  )
    .setup({ 1: "Ana", 2: "Ben" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .card(1, "2c")
    .soon(100)
    .bet(2, "ante", 100)
    .card(2, "5d")
    .card("dealer", "9h")
    .card(1, "3c")
    .card(2, "6d")
    .card("dealer", "Th")
    .card(1, "4c")
    .card(2, "7d")
    .card("dealer", "Jh")
    .expect({ kind: "street", street: "preflop" })
    .play(1, 100)
    .play(2, 100)
    .wait()
    .expect({ kind: "street", street: "showdown" })
    .absent(...ALL_CODES),

  // The other side of the window: chips reported more than one scan round after the first card are a
  // bet after the deal, and the box that had none is not in the hand (its card is a misdeal).
  "bet-reported-after-the-first-cards-round": new TcpScene("ante reported a round after the first card")
    .setup({ 1: "Ana", 2: "Ben" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .card(1, "2c")
    .soon(300)
    .bet(2, "ante", 100)
    .expect({ kind: "alert", code: "TCP_BET_AFTER_DEAL", seat: 2 }),

  // The dealer's third card is reported first in its scan round (channel 0), the last box's third
  // card 100 ms later: the deal was whole, no misdeal.
  "last-box-card-reported-after-the-dealers-negative": new TcpScene("dealer's last card reported first")
    .setup({ 1: "Ana", 2: "Ben" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .bet(2, "ante", 100)
    .deal({ 1: ["2c", "3c", "4c"], 2: ["5d", "6d"], dealer: ["9h", "Th", "Jh"] })
    .soon(100)
    .card(2, "7d")
    .expect({ kind: "street", street: "preflop" })
    .play(1, 100)
    .play(2, 100)
    .wait()
    .expect({ kind: "street", street: "showdown" })
    .absent(...ALL_CODES),

  // The exposed card is the one just dealt in the order of the deal: the dealer's first card was
  // reported before the last box's (channel order) and the key came right after it.
  "dealer-card-exposed-reported-before-last-box-card": new TcpScene("dealer's card exposed, reported first")
    .setup({ 1: "Ana", 2: "Ben" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .bet(2, "ante", 100)
    .card(1, "2c")
    .card("dealer", "9h")
    .soon(50)
    .card(2, "5d")
    .soon(50)
    .key("exposed")
    .wait(400)
    .expect({ kind: "alert", code: "TCP_DEALER_EXPOSED" })
    .absent("TCP_PLAYER_EXPOSED"),

  // The key came before the exposed card was reported (same round): it is still the box's card.
  "player-card-exposed-key-before-its-report-negative": new TcpScene("exposed key before its card's report")
    .setup({ 1: "Ana", 2: "Ben" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .bet(2, "ante", 100)
    .card(1, "2c")
    .key("exposed")
    .soon(100)
    .card(2, "5d")
    .wait(400)
    .expect({ kind: "alert", code: "TCP_PLAYER_EXPOSED", seat: 2 })
    .absent("TCP_DEALER_EXPOSED"),

  // A dealt card reported gone (K missed scans) and back on the same hand is the same card.
  "dealt-card-gone-and-back-negative": new TcpScene("dealer's card missed by K scans, then back")
    .setup({ 1: "Ana" })
    .key("shuffler")
    .bet(1, "ante", 100)
    .deal({ 1: ["2c", "3c", "4c"], dealer: ["9h", "Th"] })
    .clearAndRestore("dealer", "card:A:9h")
    .card("dealer", "Jh")
    .expect({ kind: "street", street: "preflop" })
    .play(1, 100)
    .wait()
    .expect({ kind: "street", street: "showdown" })
    .absent(...ALL_CODES),
};

mkdirSync(dir, { recursive: true });
for (const [name, scene] of Object.entries(scenes)) {
  writeFileSync(join(dir, `${name}.jsonl`), scene.toJsonLines());
}
console.log(`wrote ${Object.keys(scenes).length} scenarios to ${dir}`);
