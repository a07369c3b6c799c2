/**
 * Writes the Three Card Poker paying scenarios (issue 18: PAYOUT_WRONG, LOSING_BET_LEFT,
 * TRAY_VARIANCE) to test/hand/tcp/scenarios/*.jsonl, beside build.ts's. Run with
 * `npx tsx test/hand/tcp/buildPaying.ts`; the tests replay the files, not this script.
 * The tray is config/tcp.yaml's `tray1`; a box's winnings are paid beside the bet from it.
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { TcpScene } from "./dsl.js";

const dir = join(dirname(fileURLToPath(import.meta.url)), "scenarios");
const CODES = ["PAYOUT_WRONG", "LOSING_BET_LEFT", "TRAY_VARIANCE"];
const FLOAT = { 5: 20, 25: 20, 100: 20, 500: 10, 1000: 10 };

/** Ana's box 1 wins with a pair of aces against the dealer's queen: Ante 100, Play 100, Pair Plus 25 due. */
const aceWin = (title: string) =>
  new TcpScene(title)
    .setup({ 1: "Ana" })
    .tray(FLOAT)
    .key("shuffler")
    .bet(1, "ante", 100)
    .bet(1, "pairplus", 25)
    .deal({ 1: ["As", "Ad", "7c"], dealer: ["Qh", "9s", "2c"] })
    .play(1, 100)
    .wait()
    .expect({ kind: "hand_end", result: "complete" });

/** Box 1 (Ana) wins as above; box 2 (Ben) plays and loses his Ante and Play to the queen. */
const winAndLose = (title: string) =>
  new TcpScene(title)
    .setup({ 1: "Ana", 2: "Ben" })
    .tray(FLOAT)
    .key("shuffler")
    .bet(1, "ante", 100)
    .bet(2, "ante", 100)
    .deal({ 1: ["As", "Ad", "7c"], 2: ["Jd", "8c", "4h"], dealer: ["Qh", "9s", "2c"] })
    .play(1, 100)
    .play(2, 100)
    .wait()
    .expect({ kind: "hand_end", result: "complete" });

const scenes: Record<string, TcpScene> = {
  // Every payout as the pay table says, read as it lands; the player takes his chips; the tray balances.
  "payout-right-negative": aceWin("payouts right")
    .pay(1, "ante", 100)
    .pay(1, "play", 100)
    .pay(1, "pairplus", 25)
    .wait(1000)
    .expect({ kind: "payout", box: 1, bet: "ante", due: 100, paid: 100 })
    .expect({ kind: "payout", box: 1, bet: "play", due: 100, paid: 100 })
    .expect({ kind: "payout", box: 1, bet: "pairplus", due: 25, paid: 25 })
    .take(1, "ante")
    .take(1, "play")
    .take(1, "pairplus")
    .wait(3000)
    .expect({ kind: "tray", variance: 0 })
    .absent(...CODES),

  // The Pair Plus is paid 20 of 25: PAYOUT_WRONG with the sum, before the player takes; the dealer adds 5.
  "payout-underpaid": aceWin("Pair Plus underpaid")
    .pay(1, "ante", 100)
    .pay(1, "play", 100)
    .pay(1, "pairplus", 20)
    .wait(1000)
    .expect({ kind: "payout", box: 1, bet: "pairplus", due: 25, paid: 20 })
    .expect({
      kind: "alert",
      code: "PAYOUT_WRONG",
      seat: 1,
      steps: [
        "Due: Pair Plus: Pair of aces: Pair Plus pays 1 to 1; 25 at 1 to 1 = 25",
        "Add 5 from the tray to the payout beside box 1's Pair Plus",
        "Let the player take the chips only once the payout is right",
      ],
    })
    .pay(1, "pairplus", 5)
    .wait(1000)
    .expect({ kind: "payout", box: 1, bet: "pairplus", due: 25, paid: 25 })
    .expect({ kind: "alert_clear", code: "PAYOUT_WRONG", seat: 1 })
    .take(1, "ante")
    .take(1, "play")
    .take(1, "pairplus")
    .wait(3000)
    .expect({ kind: "tray", variance: 0 })
    .absent("LOSING_BET_LEFT", "TRAY_VARIANCE"),

  // The Play is paid 200 of 100: the dealer takes a 100 back to the tray.
  "payout-overpaid": aceWin("Play overpaid")
    .pay(1, "ante", 100)
    .pay(1, "play", 200)
    .pay(1, "pairplus", 25)
    .wait(1000)
    .expect({
      kind: "alert",
      code: "PAYOUT_WRONG",
      seat: 1,
      text: "Overpaid: box 1's Play paid 200, due 100",
    })
    .back(1, "play", 100)
    .wait(1000)
    .expect({ kind: "alert_clear", code: "PAYOUT_WRONG", seat: 1 })
    .take(1, "ante")
    .take(1, "play")
    .take(1, "pairplus")
    .wait(3000)
    .expect({ kind: "tray", variance: 0 })
    .absent("LOSING_BET_LEFT", "TRAY_VARIANCE"),

  // A straight flush: the Ante's win (100) and its bonus (5 to 1, 500) in one payout beside the Ante;
  // Pair Plus 35 to 1. The dealer does not qualify: the Play is a standoff.
  "payout-ante-bonus-negative": new TcpScene("Ante bonus paid with the Ante")
    .setup({ 1: "Ana" })
    .tray(FLOAT)
    .key("shuffler")
    .bet(1, "ante", 100)
    .bet(1, "pairplus", 50)
    .deal({ 1: ["5h", "6h", "7h"], dealer: ["2c", "3d", "9s"] })
    .play(1, 100)
    .wait()
    .pay(1, "ante", 600)
    .pay(1, "pairplus", 1750)
    .wait(1000)
    .expect({ kind: "payout", box: 1, bet: "ante", due: 100, paid: 100 })
    .expect({ kind: "payout", box: 1, bet: "bonus", due: 500, paid: 500 })
    .expect({ kind: "payout", box: 1, bet: "pairplus", due: 1750, paid: 1750 })
    .take(1, "ante")
    .take(1, "play")
    .take(1, "pairplus")
    .wait(3000)
    .expect({ kind: "tray", variance: 0 })
    .absent(...CODES),

  // The player takes his chips within the settle window of the payout: read as the zone stood.
  "payout-taken-within-the-settle-window-negative": aceWin("payout taken at once")
    .pay(1, "ante", 100)
    .take(1, "ante", 100)
    .pay(1, "play", 100)
    .take(1, "play", 100)
    .pay(1, "pairplus", 25)
    .take(1, "pairplus", 100)
    .wait(3000)
    .expect({ kind: "payout", box: 1, bet: "ante", due: 100, paid: 100 })
    .expect({ kind: "payout", box: 1, bet: "pairplus", due: 25, paid: 25 })
    .expect({ kind: "tray", variance: 0 })
    .absent(...CODES),

  // Box 2's Play is left on the layout while the dealer pays box 1: alerted a reader lag after the payout.
  "losing-bet-left": winAndLose("losing Play left while paying")
    .collect(2, "ante")
    .pay(1, "ante", 100)
    .pay(1, "play", 100)
    .wait(2000)
    .expect({ kind: "alert", code: "LOSING_BET_LEFT", seat: 2 })
    .collect(2, "play")
    .wait(1000)
    .expect({ kind: "alert_clear", code: "LOSING_BET_LEFT", seat: 2 })
    .take(1, "ante")
    .take(1, "play")
    .wait(3000)
    .expect({ kind: "tray", variance: 0 })
    .absent("PAYOUT_WRONG", "TRAY_VARIANCE"),

  // The losing bets were taken before the first payout, their departure reported after it (within the
  // readers' lag): no alert.
  "losing-bet-reported-gone-after-the-payout-negative": winAndLose("losing bets reported gone late")
    .pay(1, "ante", 100)
    .soon(300)
    .collect(2, "ante")
    .soon(200)
    .collect(2, "play")
    .pay(1, "play", 100)
    .wait(2000)
    .take(1, "ante")
    .take(1, "play")
    .wait(3000)
    .expect({ kind: "tray", variance: 0 })
    .absent(...CODES),

  // Nothing to pay: the dealer collects his cards with box 2's Play still out.
  "losing-bet-left-at-the-cards": new TcpScene("losing Play left, dealer collects his cards")
    .setup({ 2: "Ben" })
    .tray(FLOAT)
    .key("shuffler")
    .bet(2, "ante", 100)
    .deal({ 2: ["Jd", "8c", "4h"], dealer: ["Qh", "9s", "2c"] })
    .play(2, 100)
    .wait()
    .collect(2, "ante")
    .wait(1000)
    .collectCards()
    .wait(2000)
    .expect({ kind: "alert", code: "LOSING_BET_LEFT", seat: 2 })
    .collect(2, "play")
    .wait(3000)
    .expect({ kind: "alert_clear", code: "LOSING_BET_LEFT", seat: 2 })
    .expect({ kind: "tray", variance: 0 })
    .absent("PAYOUT_WRONG", "TRAY_VARIANCE"),

  // A 100 leaves the tray for nowhere while the dealer pays: the tray is short by 100, a 100.
  "tray-variance-chip-palmed": aceWin("a chip palmed from the tray")
    .pay(1, "ante", 100)
    .pay(1, "play", 100)
    .pay(1, "pairplus", 25)
    .palm(100)
    .wait(1000)
    .take(1, "ante")
    .take(1, "play")
    .take(1, "pairplus")
    .wait(3000)
    .expect({ kind: "tray", variance: -100 })
    .expect({ kind: "alert", code: "TRAY_VARIANCE", denomination: 100 })
    .absent("PAYOUT_WRONG", "LOSING_BET_LEFT"),

  // Ben's Pair Plus of 5 gets a 25 after the first card; the floor rules play on with the bets as they
  // were (5), and the hand ends on the ruling. The 25 the dealer gave back is reported gone only after
  // that (the readers' lag); he takes the losing 5 to the tray: the tray is right, the 25 was never the
  // house's (TCP seed 42 at 600 ms rounds: the tray was judged 25 short).
  "tray-late-bet-given-back-after-the-end-negative": new TcpScene("a late bet given back after the end")
    .setup({ 1: "Ana", 2: "Ben" })
    .tray(FLOAT)
    .key("shuffler")
    .bet(1, "ante", 100)
    .bet(2, "ante", 100)
    .bet(2, "pairplus", 5)
    .card(1, "As")
    .bet(2, "pairplus", 25)
    .wait(500)
    .expect({ kind: "alert", code: "TCP_BET_AFTER_DEAL", seat: 2 })
    .card(2, "Jd")
    .card("dealer", "Qh")
    .deal({ 1: ["Ad", "7c"], 2: ["8c", "4h"], dealer: ["9s", "2c"] })
    .play(1, 100)
    .play(2, 100)
    .wait()
    .floor({ op: "ruling", ruling: "continue", code: "TCP_BET_AFTER_DEAL", seat: 2 })
    // The ruling lets Ben's Play (put down while the alert was open) stand: the dealer's cards are turned.
    .expect({ kind: "award", seat: 2, bet: "pairplus", outcome: "lose", stake: 5, t: 8400 })
    .expect({ kind: "hand_end", result: "complete", t: 8400 })
    .takeChip(2, "pairplus", 25)
    .collect(2, "ante")
    .collect(2, "play")
    .collect(2, "pairplus")
    .pay(1, "ante", 100)
    .pay(1, "play", 100)
    .wait(1000)
    .take(1, "ante")
    .take(1, "play")
    .wait(3000)
    .expect({ kind: "tray", variance: 0 })
    .absent(...CODES),

  // The other side: a losing Pair Plus of 30 (a 25 and a 5) taken to the tray one chip at a time. The
  // 25 that leaves first leaves less than the stake behind: it is the collection begun, not a chip
  // given back, and the tray counts both.
  "tray-losing-bet-collected-chip-by-chip-negative": new TcpScene("a losing bet collected chip by chip")
    .setup({ 2: "Ben" })
    .tray(FLOAT)
    .key("shuffler")
    .bet(2, "ante", 100)
    .bet(2, "pairplus", 30)
    .deal({ 2: ["Jd", "8c", "4h"], dealer: ["Qh", "9s", "2c"] })
    .play(2, 100)
    .wait()
    .expect({ kind: "award", seat: 2, bet: "pairplus", outcome: "lose", stake: 30 })
    .back(2, "pairplus", 25)
    .wait(500)
    .back(2, "pairplus", 5)
    .collect(2, "ante")
    .collect(2, "play")
    .wait(3000)
    .expect({ kind: "tray", variance: 0 })
    .absent(...CODES),

  // The cage fills the tray between hands (journaled): the chips it brought are no variance.
  "tray-fill-negative": aceWin("a fill between hands")
    .pay(1, "ante", 100)
    .pay(1, "play", 100)
    .pay(1, "pairplus", 25)
    .wait(1000)
    .take(1, "ante")
    .take(1, "play")
    .take(1, "pairplus")
    .wait(3000)
    .collectCards(1)
    .expect({ kind: "tray", variance: 0 })
    .floor({ op: "fill", chips: { "500": 4 }, by: "sam" })
    .tray({ 500: 4 })
    .key("shuffler")
    .bet(1, "ante", 100)
    .deal({ 1: ["Jd", "8c", "4h"], dealer: ["Qh", "9s", "2c"] })
    .play(1, 100)
    .wait()
    .collect(1, "ante")
    .collect(1, "play")
    .wait(3000)
    .expect({ kind: "tray", variance: 0 })
    .absent(...CODES),
};

for (const [name, scene] of Object.entries(scenes)) {
  writeFileSync(join(dir, `${name}.jsonl`), scene.toJsonLines());
}
console.log(`wrote ${Object.keys(scenes).length} paying scenarios to ${dir}`);
