/**
 * Writes the scenario files (test/scenarios/*.jsonl) from the scenes below. Each scene is one
 * situation at the table, positive or negative, named after the alert code it is about.
 * Run: npx tsx test/scenarios/build.ts
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CATALOGUE } from "../../src/hand/alerts.js";
import { fullDeck } from "../../src/rules/cards.js";
import { Scene } from "./dsl.js";

const s = (title: string) => new Scene(title);
const FLOP = ["Qs", "Jd", "4h"];
/** A hand dealt and played by the book raises none of these. */
const EVERY_CODE = Object.keys(CATALOGUE).filter((c) => !c.startsWith("TCP_"));
/** Deck A's card tags, in the order of fullDeck (As last but one: …, Ah, As). */
const DECK_A = fullDeck().map((f) => `card:A:${f}`);
const half = (n: 0 | 1) => DECK_A.slice(n * 26, n * 26 + 26);

/**
 * The hand ends on the river, and chips are reported on seat 3's zone `gap` ms later; next hand seat 3
 * is the small blind, and its 100 joins them while the bridge still lists them (its departure lag).
 * - `allin`: seat 3 (275 behind) calls all-in for 75 with the key, which ends the hand; the player
 *   puts the chips out after the key: they are that hand's however late they are reported.
 * - `muck`: seat 3 folds to a bet (its cards reach the muck) and the hand ends; chips reported less
 *   than a scan round later may have landed before the end (that hand's), a round later after it.
 */
function chipsAfterTheEnd(how: "allin" | "muck", gap: number): Scene {
  const lastHands = how === "allin" || gap < 200;
  const scene = s(
    how === "allin"
      ? `an all-in call read from the key ends the hand; its chips reported ${gap} ms later are that hand's`
      : `a fold ends the hand; chips reported ${gap} ms later are ${lastHands ? "that hand's (within one scan round)" : "the next hand's, put out ahead of the small blind"}`,
  )
    .setup({ stacks: { 3: how === "allin" ? 275 : 20000 } })
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board("7s", "7c", "2s")
    .key("check")
    .key("check")
    .fold(4)
    .fold(1)
    .burn("3c")
    .board("3d")
    .key("check")
    .key("check")
    .burn("5d")
    .board("8d")
    .chips(2, 1000);
  (how === "allin" ? scene.key("allin") : scene.fold(3))
    .after(gap)
    .chips(3, 25, 25, 25)
    .wait(3000)
    .clear("seat2", "seat3", "board", "burn", "muck", "bet2", "pot")
    .key("shuffler")
    .chips(3, 100)
    .chips(4, 100, 100)
    // Read with the earlier chips still listed: the zone has been steady for its settle window.
    .wait(1000)
    .dropFirst("bet3", 3)
    .deal([
      [3, "Kh"],
      [4, "7d"],
      [1, "9s"],
      [2, "Ac"],
      [3, "Kd"],
      [4, "2h"],
      [1, "9h"],
      [2, "Td"],
    ])
    .expect({ kind: "hand_end", hand: 1, result: "complete" })
    .expect({ kind: "hand_start", hand: 2, button: 2, sb: 3, bb: 4 })
    .expect({ kind: "action", seat: 3, action: "sb", amount: 100 });
  return lastHands
    ? scene.expect({ kind: "street", street: "preflop" }).absent("ACTION_OUT_OF_TURN")
    : scene.expect({ kind: "alert", code: "ACTION_OUT_OF_TURN", seat: 3 });
}

/**
 * All-in pre-flop; two cards come for the turn (4d, 7c). The dealer takes the extra card (7c) off and
 * puts it back on top of the stub, burns, and deals the river. `seen`: the bridge reports 7c gone (the
 * river is another card, 6h); else it is dealt again as the river within the bridge's K missed scans,
 * and the board never reads it gone — only the river's burn comes.
 */
function runOutTwoTurnCards(seen: boolean): Scene {
  const scene = s(
    seen
      ? "all-in pre-flop; two cards for the turn; the extra one is seen to leave, then the river's burn and the river"
      : "all-in pre-flop; two cards for the turn; the extra one put back on the stub and dealt again as the river before the bridge reports it gone",
  )
    .allInTwoTurnCards()
    .wait(1000);
  const river = seen
    ? // Taken off before the burn; the bridge reports it gone just after the burn (K scans late).
      scene.burn("5s").after(100).removeFrom("board", "card:A:7c").wait(1000).board("6h")
    : scene.burn("5s");
  const board = ["9s", "8d", "3c", "4d", seen ? "6h" : "7c"];
  return river
    .wait()
    .expect({ kind: "alert", code: "BOARD_TOO_MANY", severity: "floor" })
    .expect({ kind: "alert_clear", code: "BOARD_TOO_MANY" })
    .expect({ kind: "street", street: "turn", board: board.slice(0, 4) })
    .expect({ kind: "street", street: "river", board })
    .expect({ kind: "award", seat: 1, amount: 1400, pot: 0 })
    .expect({ kind: "hand_end", hand: 1, result: "complete" })
    .absent("BURN_UNEXPECTED", "BURN_MISSING");
}

/**
 * The rule-14 example of the rules digest, pre-flop: A (seat 1, 700) all-in, B and C call, the bets
 * pulled in.
 */
const allinPreflop = (title: string) =>
  s(title)
    .setup({ seats: [1, 2, 3], stacks: { 1: 700, 2: 5000, 3: 5000 }, button: 3 })
    .threeHandedDeal()
    .chips(3, 100, 100)
    .key("allin")
    .chips(1, 500, 100)
    .chips(2, 500)
    .chips(3, 500)
    .pull();

/**
 * The rule-14 example of the rules digest up to the tabling: A (seat 1, 700) all-in pre-flop, B and C
 * call; on the turn B goes all-in and C calls. ALLIN_TABLE_HANDS is then open, the river not dealt.
 */
const allinOnTheTurn = (title: string) =>
  allinPreflop(title)
    .burn("2c")
    .board("9s", "8d", "3c")
    .key("check")
    .key("check")
    .pull()
    .burn("3h")
    .board("4d")
    .key("allin")
    .chips(2, 1000, 1000, 1000, 1000, 100, 100, 100)
    .chips(3, 1000, 1000, 1000, 1000, 100, 100, 100)
    .wait()
    .pull();

const scenes: Record<string, Scene> = {
  // ——— a whole hand, no error ———
  "clean-hand-to-showdown": s("four players, limped pot checked down to a showdown")
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP)
    .checkAround()
    .pull()
    .burn("3c")
    .board("8c")
    .checkAround()
    .burn("5d")
    .board("6s")
    .checkAround()
    .expect({ kind: "street", street: "flop", board: FLOP })
    .expect({ kind: "street", street: "river" })
    .expect({ kind: "street", street: "showdown" })
    .expect({ kind: "award", seat: 2, amount: 800, pot: 0, hand: "pair of kings" })
    .expect({ kind: "hand_end", result: "complete", stacks: { 1: 19800, 2: 20600, 3: 19800, 4: 19800 } })
    .absent(...EVERY_CODE),

  "board-flicker-is-not-premature": s("a flop card missing from one report and back is not a move")
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP)
    .key("check")
    .removeFrom("board", "card:A:Jd")
    .addTo("board", "card:A:Jd")
    .key("check")
    .expect({ kind: "action", seat: 3, action: "check" })
    .absent("PREMATURE_TURN", "FOUR_CARD_FLOP", "PREMATURE_FLOP"),

  // ——— misdeals ———
  "misdeal-first-card": s("the first card goes to the big blind instead of the small blind")
    .setup()
    .key("shuffler")
    .deal([[3, "7d"]])
    .expect({ kind: "alert", code: "MISDEAL_FIRST_CARD", rule: "2013 r.33-A2", severity: "floor", seat: 3 }),
  "misdeal-first-card-headsup-negative": s("heads-up the big blind gets the first card, the button the last")
    .setup({ seats: [1, 4], button: 1 })
    .key("shuffler")
    .deal([
      [4, "7d"],
      [1, "Ac"],
      [4, "2h"],
      [1, "Td"],
    ])
    .expect({ kind: "hand_start", button: 1, sb: 1, bb: 4 })
    .expect({ kind: "street", street: "preflop" })
    .absent("MISDEAL_FIRST_CARD", "MISDEAL_DEALT_OUT"),
  "misdeal-not-entitled": s("a card lands on an empty seat")
    .setup()
    .key("shuffler")
    .deal([
      [2, "Kh"],
      [3, "7d"],
      [6, "9s"],
    ])
    .expect({ kind: "alert", code: "MISDEAL_NOT_ENTITLED", seat: 6 }),
  "away-player-is-entitled-negative": s("a player away from the table is still dealt in")
    .setup()
    .floor({ op: "away", seat: 4, away: true })
    .standardDeal()
    .expect({ kind: "street", street: "preflop" })
    .absent("MISDEAL_NOT_ENTITLED", "MISDEAL_DEALT_OUT"),
  "misdeal-dealt-out": s("the dealer skips seat 3 in the first round")
    .setup()
    .key("shuffler")
    .deal([
      [2, "Kh"],
      [4, "9s"],
    ])
    .expect({ kind: "alert", code: "MISDEAL_DEALT_OUT", seat: 3 }),
  "misdeal-dealt-out-at-the-end-ruled-continue": s(
    "the deal ends without seat 1, seen once the second round passes it; the floor rules continue, seat 1 gets its cards: seat 4's call is the first action",
  )
    .setup()
    .blindsPosted()
    .deal([
      [2, "Kh"],
      [3, "7d"],
      [4, "9s"],
      [2, "Kd"],
      [3, "2h"],
      [4, "9h"],
    ])
    .chips(4, 100, 100)
    .floor({ op: "ruling", ruling: "continue" })
    .deal([
      [1, "Ac"],
      [1, "Td"],
    ])
    .chips(1, 100, 100)
    .expect({ kind: "alert", code: "MISDEAL_DEALT_OUT", seat: 1 })
    .expect({ kind: "alert_clear", code: "MISDEAL_DEALT_OUT", seat: 1 })
    .expect({ kind: "street", street: "preflop" })
    .expect({ kind: "action", seat: 4, action: "call" })
    .expect({ kind: "action", seat: 1, action: "call" })
    .absent("ACTION_OUT_OF_TURN", "MISDEAL_CARD_COUNT"),
  "button-two-consecutive-cards-negative": s(
    "the button receives two consecutive cards (33-B): not a misdeal",
  )
    .setup()
    .key("shuffler")
    .deal([
      [2, "Kh"],
      [3, "7d"],
      [4, "9s"],
      [1, "Ac"],
      [1, "Td"],
      [2, "Kd"],
      [3, "2h"],
      [4, "9h"],
    ])
    .expect({ kind: "street", street: "preflop" })
    .absent("MISDEAL_DEALT_OUT", "MISDEAL_FIRST_CARD", "MISDEAL_CARD_COUNT"),
  "misdeal-exposed-first-card": s("the first card off the deck is exposed")
    .setup()
    .key("shuffler")
    .deal([[2, "Kh"]])
    .key("exposed")
    .expect({ kind: "alert", code: "MISDEAL_EXPOSED", rule: "r.33-A1, A6" }),
  "misdeal-exposed-one-later-negative": s("one card exposed later in the deal is not a misdeal")
    .setup()
    .key("shuffler")
    .deal([
      [2, "Kh"],
      [3, "7d"],
      [4, "9s"],
      [1, "Ac"],
    ])
    .key("exposed")
    .absent("MISDEAL_EXPOSED"),
  "misdeal-exposed-two-cards": s("two cards exposed during the deal")
    .setup()
    .key("shuffler")
    .deal([
      [2, "Kh"],
      [3, "7d"],
      [4, "9s"],
    ])
    .key("exposed")
    .deal([[1, "Ac"]])
    .key("exposed")
    .expect({ kind: "alert", code: "MISDEAL_EXPOSED" }),
  "misdeal-card-count": s("a third card to a hold'em seat before any action")
    .setup()
    .standardDeal()
    .deal([[2, "3s"]])
    .expect({ kind: "alert", code: "MISDEAL_CARD_COUNT", seat: 2 })
    .absent("HAND_DEAD"),
  "misdeal-declared-by-shuffler-redeal": s(
    "the misdeal is declared by the shuffler; the re-deal keeps button and blinds",
  )
    .setup()
    .blindsPosted()
    .deal([[3, "7d"]])
    .floor({ op: "level", sb: 200, bb: 400 })
    .removeFrom("seat3", "card:A:7d")
    .removeFrom("bet2", "chip:100:1")
    .removeFrom("bet3", "chip:100:2", "chip:100:3")
    .wait()
    .key("shuffler")
    .expect({ kind: "alert", code: "MISDEAL_FIRST_CARD" })
    .expect({
      kind: "hand_end",
      hand: 1,
      result: "misdeal",
      stacks: { 1: 20000, 2: 20000, 3: 20000, 4: 20000 },
    })
    .expect({ kind: "hand_start", hand: 2, button: 1, sb: 2, bb: 3, redeal: true })
    .expect({ kind: "action", seat: 3, action: "bb", amount: 200 }),
  "misdeal-ruled-continue": s("the floor rules continue: the alert clears and play goes on")
    .setup()
    .key("shuffler")
    .deal([[3, "7d"]])
    .floor({ op: "ruling", ruling: "continue" })
    .expect({ kind: "alert", code: "MISDEAL_FIRST_CARD" })
    .expect({ kind: "alert_clear", code: "MISDEAL_FIRST_CARD" })
    .absent("HAND_NOT_STARTED"),
  "hand-dead-after-substantial-action": s(
    "a third card to a seat after substantial action: dead hand, not a misdeal",
  )
    .setup()
    .standardDeal()
    .chips(4, 100, 100)
    .chips(1, 100, 100)
    .deal([[2, "3s"]])
    .floor({ op: "ruling", ruling: "dead", seat: 2 })
    .expect({ kind: "alert", code: "HAND_DEAD", seat: 2 })
    .expect({ kind: "alert_clear", code: "HAND_DEAD", seat: 2 })
    .expect({ kind: "action", seat: 2, action: "fold" })
    .absent("MISDEAL_CARD_COUNT"),

  // ——— board and burn ———
  "four-card-flop-resolved": s("four cards on the flop; one goes to the burn; the turn comes without a burn")
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP, "8c")
    .removeFrom("board", "card:A:8c")
    .addTo("burn", "card:A:8c")
    .checkAround()
    .pull()
    .board("5h")
    .expect({ kind: "alert", code: "FOUR_CARD_FLOP", rule: "r.35", severity: "floor" })
    .expect({ kind: "street", street: "flop", board: FLOP })
    .expect({ kind: "alert_clear", code: "FOUR_CARD_FLOP" })
    .expect({ kind: "street", street: "turn", board: [...FLOP, "5h"] })
    .absent("BURN_MISSING", "BURN_UNEXPECTED", "PREMATURE_TURN", "KEY_NOT_APPLIED"),
  "four-card-flop-scrambled-off-the-board": s(
    "r.35 as a dealer does it: the four scrambled off the board, one to the burn, three laid back",
  )
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP, "8c")
    .removeFrom("board", "card:A:8c", ...FLOP.map((f) => `card:A:${f}`))
    .wait()
    .addTo("burn", "card:A:8c")
    .board("Jd", "4h", "Qs")
    .checkAround()
    .pull()
    .board("5h")
    .expect({ kind: "alert", code: "FOUR_CARD_FLOP" })
    .expect({ kind: "alert_clear", code: "FOUR_CARD_FLOP" })
    .expect({ kind: "street", street: "flop", board: ["Jd", "4h", "Qs"] })
    .expect({ kind: "street", street: "turn", board: ["Jd", "4h", "Qs", "5h"] })
    .absent("BURN_MISSING", "BURN_UNEXPECTED", "PREMATURE_TURN"),
  "four-card-flop-burn-placed-later": s(
    "r.35: the picked card is taken off the board and put on the burn a while later",
  )
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP, "8c")
    .removeFrom("board", "card:A:8c")
    .wait()
    .addTo("burn", "card:A:8c")
    .checkAround()
    .pull()
    .board("5h")
    .expect({ kind: "alert", code: "FOUR_CARD_FLOP" })
    .expect({ kind: "street", street: "flop", board: FLOP })
    .expect({ kind: "alert_clear", code: "FOUR_CARD_FLOP" })
    .expect({ kind: "street", street: "turn", board: [...FLOP, "5h"] })
    .absent("BURN_MISSING", "BURN_UNEXPECTED", "PREMATURE_TURN"),
  "four-card-flop-dealt-on": s(
    "r.35 not followed: the fourth card goes back to the stub and the dealer burns and deals the turn",
  )
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP, "8c")
    .removeFrom("board", "card:A:8c")
    .wait()
    .burn("3d")
    .board("5h")
    .expect({ kind: "alert", code: "FOUR_CARD_FLOP", text: "Four-card flop: the board holds four cards" })
    .expect({
      kind: "alert",
      code: "FOUR_CARD_FLOP",
      text: "Four-card flop not put right: a card came on the board before one of the four went on the burn",
    }),
  "four-card-flop-key-not-applied": s(
    "a check key pressed while the four-card flop is put right is not applied, and the table says so; pressed again after, it is",
  )
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP, "8c")
    .wait(500)
    .key("check")
    .wait(3000)
    .removeFrom("board", "card:A:8c")
    .addTo("burn", "card:A:8c")
    .key("check")
    .expect({ kind: "alert", code: "FOUR_CARD_FLOP" })
    .expect({
      kind: "alert",
      code: "KEY_NOT_APPLIED",
      rule: "r.35",
      severity: "dealer",
      text: "The check key was not applied: the four-card flop is not put right yet",
    })
    .expect({ kind: "street", street: "flop", board: FLOP })
    .expect({ kind: "alert_clear", code: "KEY_NOT_APPLIED" })
    .expect({ kind: "action", seat: 2, action: "check" }),
  "four-card-flop-then-extra-burn": s("after a four-card flop the dealer burns again before the turn")
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP, "8c")
    .removeFrom("board", "card:A:8c")
    .addTo("burn", "card:A:8c")
    .checkAround()
    .pull()
    .burn("3d")
    .expect({ kind: "alert", code: "BURN_UNEXPECTED", rule: "r.35, RP-5" }),
  "burn-unexpected-put-back": s(
    "after a four-card flop the dealer burns again, then does the steps: the card back on the stub, the turn without a burn",
  )
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP, "8c")
    .removeFrom("board", "card:A:8c")
    .addTo("burn", "card:A:8c")
    .checkAround()
    .pull()
    .burn("3d")
    .wait()
    .removeFrom("burn", "card:A:3d")
    .wait()
    .board("3d")
    .expect({ kind: "alert", code: "BURN_UNEXPECTED", severity: "dealer" })
    .expect({ kind: "alert_clear", code: "BURN_UNEXPECTED" })
    .expect({ kind: "street", street: "turn", board: [...FLOP, "3d"] })
    .absent("BURN_MISSING"),
  "burn-unexpected-dealt-on": s(
    "after a four-card flop the dealer burns again and deals the turn with the extra burn still out: told",
  )
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP, "8c")
    .removeFrom("board", "card:A:8c")
    .addTo("burn", "card:A:8c")
    .checkAround()
    .pull()
    .burn("3d")
    .wait()
    .board("5h")
    .wait()
    .expect({
      kind: "alert",
      code: "BURN_UNEXPECTED",
      text: "A burn card was placed where no burn is due: the turn is dealt without a burn under the procedure in force",
    })
    .expect({ kind: "street", street: "turn", board: [...FLOP, "5h"] })
    .expect({ kind: "alert_clear", code: "BURN_UNEXPECTED" })
    .expect({
      kind: "alert",
      code: "BURN_UNEXPECTED",
      text: "The turn was dealt with the extra burn card still on the burn: it was not put back on the stub",
    }),
  "allin-call-chips-seen-after-the-end-are-that-hands": chipsAfterTheEnd("allin", 150),
  "allin-call-chips-seen-late-after-the-end-are-that-hands": chipsAfterTheEnd("allin", 2000),
  "fold-ends-the-hand-chips-within-a-round-are-that-hands": chipsAfterTheEnd("muck", 199),
  "fold-ends-the-hand-chips-a-round-later-are-the-next-hands": chipsAfterTheEnd("muck", 200),
  "burn-unexpected-stands-while-a-bet-is-pushed": s(
    "the turn dealt with the extra burn still out; the first to act pushes a bet in two motions, the extra burn judged in between: one bet",
  )
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP, "8c")
    .removeFrom("board", "card:A:8c")
    .addTo("burn", "card:A:8c")
    .checkAround()
    .pull()
    .burn("3d")
    .wait()
    .board("5h")
    // The extra burn is judged 1,100 ms after the turn (the lag and the departure window): between the
    // bet's two reports, 500 ms apart, inside its settle window (600 ms). It is not the action moving on.
    .after(700)
    .chips(2, 100, 100)
    .after(500)
    .chips(2, 100, 100)
    .expect({ kind: "street", street: "turn", board: [...FLOP, "5h"] })
    .expect({
      kind: "alert",
      code: "BURN_UNEXPECTED",
      text: "The turn was dealt with the extra burn card still on the burn: it was not put back on the stub",
    })
    .expect({ kind: "action", seat: 2, action: "bet", amount: 400, to: 400 })
    .absent("ACTION_OUT_OF_TURN"),
  "burn-late-then-river-unburned": s(
    "the flop with no burn, its burn placed late during the flop betting; the turn burned; the river not: told",
  )
    .setup()
    .standardDeal()
    .limpedPreflop()
    .board(...FLOP)
    .after(400)
    .burn("2c")
    .wait()
    .checkAround()
    .burn("3c")
    .board("8c")
    .wait()
    .checkAround()
    .board("6s")
    .expect({ kind: "alert", code: "BURN_MISSING", text: "No burn card before the flop" })
    .expect({ kind: "alert", code: "BURN_UNEXPECTED", severity: "dealer" })
    .expect({ kind: "street", street: "turn" })
    .expect({ kind: "alert", code: "BURN_MISSING", text: "No burn card before the river" })
    .expect({ kind: "street", street: "river" }),
  "burn-late-left-on-is-the-turns-burn": s(
    "the flop with no burn, a burn placed late during the flop betting and left there; the turn after it: in order",
  )
    .setup()
    .standardDeal()
    .limpedPreflop()
    .board(...FLOP)
    .after(400)
    .burn("2c")
    .wait()
    .checkAround()
    .board("8c")
    .expect({ kind: "alert", code: "BURN_UNEXPECTED" })
    .expect({ kind: "alert_clear", code: "BURN_UNEXPECTED" })
    .expect({ kind: "street", street: "turn", board: [...FLOP, "8c"] }),
  "premature-flop-spec-example": s("the contract's example: a flop while pre-flop betting is not complete")
    .setup()
    .standardDeal()
    .chips(4, 100, 100)
    .fold(1)
    .burn("2c")
    .board(...FLOP)
    .expect({
      kind: "alert",
      code: "PREMATURE_FLOP",
      rule: "RP-5A",
      severity: "floor",
      text: "Premature flop: pre-flop betting is not complete",
      steps: [
        "Leave the burn card where it is",
        "Return the three flop cards to the stub and reshuffle the stub",
        "Finish the pre-flop betting",
        "Deal the flop again without burning",
      ],
    }),
  "premature-flop-procedure-followed": s(
    "RP-5A followed: cards back, betting finished, flop again without a burn",
  )
    .setup()
    .standardDeal()
    .chips(4, 100, 100)
    .fold(1)
    .burn("2c")
    .board(...FLOP)
    .removeFrom("board", ...FLOP.map((f) => `card:A:${f}`))
    .wait()
    .chips(2, 100)
    .key("check")
    .pull()
    .board("Jd", "8c", "4h")
    .expect({ kind: "alert", code: "PREMATURE_FLOP" })
    .expect({ kind: "action", seat: 3, action: "check" })
    .expect({ kind: "street", street: "flop", board: ["Jd", "8c", "4h"] })
    .expect({ kind: "alert_clear", code: "PREMATURE_FLOP" })
    .absent("BURN_MISSING", "BURN_UNEXPECTED"),
  "premature-flop-dealt-again-before-the-closing-fold-is-read": s(
    "600 ms rounds: RP-5A followed; the flop is dealt again and the fold that closed the betting (the small blind's, with the big blind alone against a short all-in) is read 50 ms after it, in the same scan round",
  )
    .configure({ reading: { scanRoundMs: 600, missedScans: 3, departWindowMs: 500 } })
    .setup({ seats: [1, 2, 3], stacks: { 3: 175 }, button: 3 })
    .threeHandedDeal()
    .key("allin")
    .chips(3, 100, 25, 25, 25)
    .burn("2c")
    .board(...FLOP)
    .wait()
    .removeFrom("board", ...FLOP.map((f) => `card:A:${f}`))
    .wait()
    .board("Jd", "8c", "4h")
    .after(50)
    .addTo("muck", "card:A:Ac", "card:A:Ad")
    .removeFrom("seat1", "card:A:Ac", "card:A:Ad")
    .expect({ kind: "alert", code: "PREMATURE_FLOP" })
    .expect({ kind: "action", seat: 1, action: "fold" })
    .expect({ kind: "street", street: "flop", board: ["Jd", "8c", "4h"] })
    .expect({ kind: "alert_clear", code: "PREMATURE_FLOP" })
    .absent("BURN_MISSING", "BURN_UNEXPECTED", "PREMATURE_FLOP_STOOD"),
  "premature-flop-burned-again": s("RP-5A with a wrong second burn before the re-dealt flop")
    .setup()
    .standardDeal()
    .chips(4, 100, 100)
    .fold(1)
    .burn("2c")
    .board(...FLOP)
    .removeFrom("board", ...FLOP.map((f) => `card:A:${f}`))
    .wait()
    .chips(2, 100)
    .key("check")
    .pull()
    .burn("3c")
    .expect({ kind: "alert", code: "BURN_UNEXPECTED" }),
  "burn-unexpected-then-turn-unburned": s(
    "RP-5A with a wrong second burn; the turn then comes with no burn: the extra card was not the turn's burn",
  )
    .setup()
    .standardDeal()
    .chips(4, 100, 100)
    .fold(1)
    .burn("2c")
    .board(...FLOP)
    .removeFrom("board", ...FLOP.map((f) => `card:A:${f}`))
    .wait()
    .chips(2, 100)
    .key("check")
    .pull()
    .burn("3c")
    .board("Jd", "8c", "4h")
    .wait()
    .checkAround()
    .board("5h")
    .expect({ kind: "alert", code: "BURN_UNEXPECTED" })
    .expect({ kind: "street", street: "flop", board: ["Jd", "8c", "4h"] })
    .expect({ kind: "alert", code: "BURN_MISSING", text: "No burn card before the turn" })
    .expect({ kind: "street", street: "turn" }),
  "premature-turn-procedure-followed": s("RP-5B followed: the turn set aside; the river comes without a burn")
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP)
    .key("check")
    .burn("3c")
    .board("8c")
    .removeFrom("board", "card:A:8c")
    .wait()
    .key("check")
    .key("check")
    .key("check")
    .burn("3d")
    .board("5h")
    .checkAround()
    .board("6s")
    .checkAround()
    .expect({ kind: "alert", code: "PREMATURE_TURN", rule: "RP-5B" })
    .expect({ kind: "street", street: "turn", board: [...FLOP, "5h"] })
    .expect({ kind: "street", street: "river", board: [...FLOP, "5h", "6s"] })
    .expect({ kind: "alert_clear", code: "PREMATURE_TURN" })
    .expect({ kind: "hand_end", result: "complete" })
    .absent("BURN_MISSING", "BURN_UNEXPECTED", "FOUR_CARD_FLOP"),
  "premature-river-procedure-followed": s("RP-5C followed: the river again without a new burn")
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP)
    .checkAround()
    .burn("3c")
    .board("8c")
    .key("check")
    .burn("3d")
    .board("5h")
    .removeFrom("board", "card:A:5h")
    .wait()
    .key("check")
    .key("check")
    .key("check")
    .board("6s")
    .expect({ kind: "alert", code: "PREMATURE_RIVER", rule: "RP-5C" })
    .expect({ kind: "street", street: "river", board: [...FLOP, "8c", "6s"] })
    .expect({ kind: "alert_clear", code: "PREMATURE_RIVER" })
    .absent("BURN_MISSING", "BURN_UNEXPECTED"),
  "premature-flop-left-on-the-board": s(
    "RP-5A not followed: the premature flop stays on the board while the pre-flop betting finishes",
  )
    .setup()
    .standardDeal()
    .chips(4, 100, 100)
    .fold(1)
    .burn("2c")
    .board(...FLOP)
    .wait()
    .chips(2, 100)
    .key("check")
    .pull()
    .wait()
    .floor({ op: "ruling", ruling: "continue", code: "PREMATURE_FLOP" })
    .expect({
      kind: "alert",
      code: "PREMATURE_FLOP",
      text: "Premature flop: pre-flop betting is not complete",
    })
    .expect({ kind: "street", street: "flop", board: FLOP })
    .expect({
      kind: "alert",
      code: "PREMATURE_FLOP",
      severity: "floor",
      text: "Premature flop: 3 premature flop cards are still on the board after the betting round",
    })
    .expect({ kind: "alert_clear", code: "PREMATURE_FLOP" }),
  "premature-flop-one-card-left-on-the-board": s(
    "RP-5A half followed: two premature flop cards go back, the third stays and two new cards join it",
  )
    .setup()
    .standardDeal()
    .chips(4, 100, 100)
    .fold(1)
    .burn("2c")
    .board(...FLOP)
    .removeFrom("board", "card:A:Qs", "card:A:Jd")
    .wait()
    .chips(2, 100)
    .key("check")
    .pull()
    .board("8c", "5h")
    .wait()
    .expect({ kind: "alert", code: "PREMATURE_FLOP" })
    .expect({ kind: "street", street: "flop", board: ["4h", "8c", "5h"] })
    .expect({
      kind: "alert",
      code: "PREMATURE_FLOP",
      text: "Premature flop: the premature flop card is still on the board after the betting round",
    }),
  "premature-turn-left-on-the-board": s(
    "RP-5B not followed: the premature turn card stays as the turn; the river then has its burn",
  )
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP)
    .key("check")
    .burn("3c")
    .board("8c")
    .wait()
    .key("check")
    .key("check")
    .key("check")
    .wait()
    .checkAround()
    .burn("3d")
    .board("6s")
    .expect({ kind: "alert", code: "PREMATURE_TURN" })
    .expect({ kind: "street", street: "turn", board: [...FLOP, "8c"] })
    .expect({
      kind: "alert",
      code: "PREMATURE_TURN",
      text: "Premature turn: the premature turn card is still on the board after the betting round",
    })
    .expect({ kind: "street", street: "river", board: [...FLOP, "8c", "6s"] })
    .absent("BURN_UNEXPECTED", "BURN_MISSING"),
  "board-too-many-at-turn": s("two cards come for the turn: held until the extra one leaves the board")
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP)
    .checkAround()
    .burn("3c")
    .board("8c", "6s")
    .removeFrom("board", "card:A:6s")
    .wait()
    .key("check")
    .expect({ kind: "alert", code: "BOARD_TOO_MANY", rule: "RP-5", severity: "floor" })
    .expect({ kind: "alert_clear", code: "BOARD_TOO_MANY" })
    .expect({ kind: "street", street: "turn", board: [...FLOP, "8c"] })
    .expect({ kind: "action", seat: 2, action: "check" }),
  "board-too-many-in-a-run-out-dealt-again-unseen": runOutTwoTurnCards(false),
  "board-too-many-in-a-run-out-extra-card-seen-to-leave": runOutTwoTurnCards(true),
  "board-too-many-at-river": s("two cards come for the river: no seven-card board, the floor decides")
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP)
    .checkAround()
    .burn("3c")
    .board("8c")
    .checkAround()
    .burn("5d")
    .board("6s", "9d")
    .removeFrom("board", "card:A:9d")
    .wait()
    .checkAround()
    .expect({ kind: "alert", code: "BOARD_TOO_MANY" })
    .expect({ kind: "alert_clear", code: "BOARD_TOO_MANY" })
    .expect({ kind: "street", street: "river", board: [...FLOP, "8c", "6s"] })
    .expect({ kind: "street", street: "showdown" })
    .expect({ kind: "hand_end", result: "complete" })
    .absent("INPUT_NOT_APPLIED"),
  "allin-on-the-blind-after-the-deal": s(
    "heads-up, the small blind is all-in on his blind: rule 14 once the hands are dealt, not before",
  )
    .setup({ seats: [1, 2], stacks: { 1: 100 }, button: 1 })
    .key("shuffler")
    .chips(1, 100)
    .chips(2, 100, 100)
    .deal([
      [2, "Kh"],
      [1, "7d"],
      [2, "Kd"],
      [1, "2h"],
    ])
    .expect({ kind: "street", street: "preflop" })
    .expect({ kind: "alert", code: "ALLIN_TABLE_HANDS", rule: "r.14" }),
  "burn-missing": s("the flop is dealt with no burn card")
    .setup()
    .standardDeal()
    .limpedPreflop()
    .board(...FLOP)
    .expect({ kind: "alert", code: "BURN_MISSING", rule: "burn procedure", severity: "dealer" })
    .expect({ kind: "street", street: "flop" }),
  "burn-missing-on-two-streets": s("no burn before the flop, and none before the turn: both are told")
    .setup()
    .standardDeal()
    .limpedPreflop()
    .board(...FLOP)
    .wait()
    .checkAround()
    .board("8c")
    .expect({ kind: "alert", code: "BURN_MISSING", text: "No burn card before the flop" })
    .expect({ kind: "street", street: "flop" })
    .expect({ kind: "alert", code: "BURN_MISSING", text: "No burn card before the turn" })
    .expect({ kind: "street", street: "turn" }),

  // ——— the deck ———
  "duplicate-card-void": s("a second ace of spades is in play; the floor voids the hand")
    .setup()
    .blindsPosted()
    .deal([
      [2, "As"],
      [3, "As/2"],
    ])
    .floor({ op: "ruling", ruling: "void" })
    .expect({ kind: "alert", code: "DUPLICATE_CARD", rule: "IPC 29" })
    .expect({ kind: "hand_end", result: "void", stacks: { 1: 20000, 2: 20000, 3: 20000, 4: 20000 } }),
  "foreign-card": s("a card of deck B is dealt; the floor lets play continue")
    .setup()
    .key("shuffler")
    .deal([[2, "Kh"]])
    .addTo("seat3", "card:B:Kd")
    .floor({ op: "ruling", ruling: "continue" })
    .expect({ kind: "alert", code: "FOREIGN_CARD", rule: "IPC 29" })
    .expect({ kind: "alert_clear", code: "FOREIGN_CARD" }),
  "deck-not-collected": s("the shuffler is pressed with the last hand's cards still on the muck")
    .setup()
    .standardDeal()
    .fold(4)
    .fold(1)
    .fold(2)
    .key("shuffler")
    // The dealer collects once the table has told him (past the bridge's departure lag).
    .wait(1500)
    .removeFrom("muck", "card:A:9s", "card:A:9h", "card:A:Ac", "card:A:Td", "card:A:Kh", "card:A:Kd")
    .removeFrom("seat3", "card:A:7d", "card:A:2h")
    .wait()
    .key("check")
    .expect({ kind: "hand_end", hand: 1, result: "complete" })
    .expect({ kind: "alert", code: "DECK_NOT_COLLECTED", rule: "r.21" })
    .expect({ kind: "alert_clear", code: "DECK_NOT_COLLECTED" }),
  "deck-collected-judged-while-a-raise-is-pushed": s(
    "600 ms rounds: the last hand's cards listed at the press are judged collected the readers' lag later, while the first raise is pushed in two motions: the raise is read whole, not before its second motion",
  )
    .configure({ reading: { scanRoundMs: 600, missedScans: 3, departWindowMs: 500 } })
    .setup({ seats: [1, 2], button: 1 })
    .addTo("muck", "card:A:3s", "card:A:4s")
    .key("shuffler")
    .chips(1, 100)
    .chips(2, 100, 100)
    .after(100)
    .removeFrom("muck", "card:A:3s", "card:A:4s")
    .deal([
      [2, "Kh"],
      [1, "Ac"],
      [2, "Kd"],
      [1, "Td"],
    ])
    // Pressed 2,000 ms after the shuffler; the lag (4 rounds) ends 400 ms later, between the motions.
    .after(100)
    .key("raise")
    .after(100)
    .chips(1, 100)
    .after(600)
    .chips(1, 100, 100)
    .expect({ kind: "hand_start", hand: 1 })
    .expect({ kind: "action", seat: 1, action: "raise", to: 400 })
    .absent("UNDERRAISE", "DECK_NOT_COLLECTED"),
  "deck-collected-negative": s("every card collected before the shuffle")
    .setup()
    .standardDeal()
    .fold(4)
    .fold(1)
    .fold(2)
    .removeFrom("muck", "card:A:9s", "card:A:9h", "card:A:Ac", "card:A:Td", "card:A:Kh", "card:A:Kd")
    .removeFrom("seat3", "card:A:7d", "card:A:2h")
    .wait()
    .key("shuffler")
    .expect({ kind: "hand_start", hand: 2 })
    .absent("DECK_NOT_COLLECTED"),

  // ——— betting ———
  "out-of-turn-call-stands": s(
    "seat 1 calls before seat 4; seat 4 calls too, so seat 1's call stands (TDA 53)",
  )
    .setup()
    .standardDeal()
    .chips(1, 100, 100)
    .chips(4, 100, 100)
    .expect({ kind: "alert", code: "ACTION_OUT_OF_TURN", seat: 1, severity: "dealer" })
    .expect({ kind: "action", seat: 4, action: "call", to: 200 })
    .expect({ kind: "alert_clear", code: "ACTION_OUT_OF_TURN", seat: 1 })
    .expect({ kind: "action", seat: 1, action: "call", to: 200 }),
  "out-of-turn-call-void-after-raise": s(
    "seat 1 calls before seat 4; seat 4 raises, so seat 1 has all options again",
  )
    .setup()
    .standardDeal()
    .chips(1, 100, 100)
    .key("raise")
    .chips(4, 500, 100)
    .removeFrom("bet1", "chip:100:4", "chip:100:5")
    .wait()
    .key("fold")
    .expect({ kind: "alert", code: "ACTION_OUT_OF_TURN", seat: 1 })
    .expect({ kind: "action", seat: 4, action: "raise", to: 600 })
    .expect({ kind: "alert_clear", code: "ACTION_OUT_OF_TURN", seat: 1 })
    .expect({ kind: "action", seat: 1, action: "fold" }),
  "out-of-turn-chips-taken-back-then-put-back": s(
    "seat 1 calls out of turn and takes the chips back (r.53: they stay out): told; seat 4 calls, seat 1's call stands; the chips back out close the alert",
  )
    .setup()
    .standardDeal()
    .chips(1, 100, 100)
    .wait()
    .removeFrom("bet1", "chip:100:4", "chip:100:5")
    .wait()
    .chips(4, 100, 100)
    .wait()
    .addTo("bet1", "chip:100:4", "chip:100:5")
    .wait()
    .chips(2, 100)
    .key("check")
    .expect({
      kind: "alert",
      code: "ACTION_OUT_OF_TURN",
      seat: 1,
      text: "Seat 1 acted out of turn; seat 4 is to act",
    })
    .expect({
      kind: "alert",
      code: "ACTION_OUT_OF_TURN",
      seat: 1,
      text: "Seat 1 took back 200 put out out of turn: the action stands while the action to seat 1 does not change (r.53)",
    })
    .expect({ kind: "action", seat: 4, action: "call" })
    .expect({ kind: "action", seat: 1, action: "call", amount: 200 })
    .expect({ kind: "alert_clear", code: "ACTION_OUT_OF_TURN", seat: 1 })
    .expect({ kind: "action", seat: 2, action: "call", amount: 100 })
    .absent("UNDERCALL", "CHIPS_TAKEN_BACK"),
  "out-of-turn-chips-put-back-before-the-action-reaches": s(
    "seat 1's out-of-turn chips taken back and put back before seat 4 acts: one call of 200 for seat 1, when the action reaches it",
  )
    .setup()
    .standardDeal()
    .chips(1, 100, 100)
    .wait()
    .removeFrom("bet1", "chip:100:4", "chip:100:5")
    .wait()
    .addTo("bet1", "chip:100:4", "chip:100:5")
    .wait()
    .chips(4, 100, 100)
    .wait()
    .chips(2, 100)
    .key("check")
    .expect({ kind: "action", seat: 4, action: "call" })
    .expect({ kind: "alert_clear", code: "ACTION_OUT_OF_TURN", seat: 1 })
    .expect({ kind: "action", seat: 1, action: "call", amount: 200 })
    .expect({ kind: "action", seat: 2, action: "call", amount: 100 })
    .expect({ kind: "action", seat: 3, action: "check" })
    .absent("UNDERCALL"),
  "in-turn-negative": s("everyone acts in turn")
    .setup()
    .standardDeal()
    .limpedPreflop()
    .absent("ACTION_OUT_OF_TURN", "UNDERCALL", "UNDERRAISE"),
  undercall: s("seat 4 puts out 100 facing the 200 big blind")
    .setup()
    .standardDeal()
    .chips(4, 100)
    .expect({ kind: "alert", code: "UNDERCALL", rule: "2019 r.51", seat: 4 })
    .expect({ kind: "action", seat: 4, action: "call", to: 200 }),
  underraise: s("seat 4 declares raise and puts out 300 facing 200: brought up to 400")
    .setup()
    .standardDeal()
    .key("raise")
    .chips(4, 100, 100, 100)
    .expect({ kind: "alert", code: "UNDERRAISE", rule: "2019 r.52", seat: 4 })
    .expect({ kind: "action", seat: 4, action: "raise", to: 400 }),
  "underraise-pulled-short-then-paid-into-the-pot": s(
    "seat 4 raises to 300 facing 200 (brought to 400), everyone calls 400, the bets are pulled with the raise never brought up: told at the flop, seat 4 puts the 100 in the pot; seat 2 then checks",
  )
    .setup()
    .standardDeal()
    .key("raise")
    .chips(4, 100, 100, 100)
    .chips(1, 100, 100, 100, 100)
    .chips(2, 100, 100, 100)
    .chips(3, 100, 100)
    .pull()
    .burn("2c")
    .board(...FLOP)
    .wait()
    .toPot("chip:100:90")
    .wait()
    .key("check")
    .expect({ kind: "alert", code: "UNDERRAISE", seat: 4, severity: "dealer" })
    .expect({ kind: "action", seat: 4, action: "raise", to: 400 })
    .expect({ kind: "action", seat: 3, action: "call", to: 400 })
    .expect({ kind: "street", street: "flop" })
    .expect({ kind: "alert_clear", code: "UNDERRAISE", seat: 4 })
    .expect({
      kind: "alert",
      code: "UNDERRAISE",
      seat: 4,
      text: "Seat 4's bet went into the pot 100 short: it was corrected to 400 on its street (r.52), where every later action faced 400; seat 4 owes 100",
    })
    .expect({ kind: "alert_clear", code: "UNDERRAISE", seat: 4 })
    .expect({ kind: "action", seat: 2, action: "check" })
    .absent("POT_CHIPS_UNREAD", "ACTION_OUT_OF_TURN", "UNDERCALL"),
  "underraise-brought-up-on-the-zone-after-the-pull": s(
    "seat 4's underraise is pulled short, and seat 4 puts the 100 on its emptied zone before the flop: the raise brought up, not a flop bet",
  )
    .setup()
    .standardDeal()
    .key("raise")
    .chips(4, 100, 100, 100)
    .chips(1, 100, 100, 100, 100)
    .chips(2, 100, 100, 100)
    .chips(3, 100, 100)
    .pull()
    .wait()
    .chips(4, 100)
    .wait()
    .pull()
    .burn("2c")
    .board(...FLOP)
    .wait()
    .key("check")
    .expect({ kind: "alert", code: "UNDERRAISE", seat: 4 })
    .expect({ kind: "alert_clear", code: "UNDERRAISE", seat: 4 })
    .expect({ kind: "street", street: "flop" })
    .expect({ kind: "action", seat: 2, action: "check" })
    .absent("POT_CHIPS_UNREAD", "ACTION_OUT_OF_TURN", "UNDERCALL"),
  "underraise-on-the-river-brought-up-before-the-showdown": s(
    "seat 2 opens the river for 100 (the minimum is 200), seat 3 calls 200, seats 4 and 1 fold: the showdown waits until seat 2 brings the bet up (r.52: before the showdown starts)",
  )
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP)
    .checkAround()
    .burn("3c")
    .board("8c")
    .checkAround()
    .burn("5d")
    .board("6s")
    .chips(2, 100)
    .chips(3, 100, 100)
    .fold(4)
    .fold(1)
    .wait(3000)
    .chips(2, 100)
    .wait()
    .expect({ kind: "alert", code: "UNDERRAISE", seat: 2 })
    .expect({ kind: "action", seat: 1, action: "fold" })
    .expect({ kind: "alert_clear", code: "UNDERRAISE", seat: 2, t: 18500 })
    .expect({ kind: "street", street: "showdown", t: 18500 })
    .expect({ kind: "award", seat: 2, amount: 1200 })
    .expect({ kind: "hand_end", result: "complete" })
    .absent("POT_CHIPS_UNREAD", "ACTION_OUT_OF_TURN", "UNDERCALL"),
  "underraise-on-the-river-acknowledged-with-ok": s(
    "seat 2's river underraise is not brought up; the dealer presses ok (he saw to it): the showdown goes on at the key",
  )
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP)
    .checkAround()
    .burn("3c")
    .board("8c")
    .checkAround()
    .burn("5d")
    .board("6s")
    .chips(2, 100)
    .chips(3, 100, 100)
    .fold(4)
    .fold(1)
    .wait(3000)
    .key("ok")
    .expect({ kind: "alert", code: "UNDERRAISE", seat: 2 })
    .expect({ kind: "alert_clear", code: "UNDERRAISE", seat: 2, t: 18200 })
    .expect({ kind: "street", street: "showdown", t: 18200 })
    .expect({ kind: "hand_end", result: "complete", t: 18200 }),
  "underraise-brought-up-on-its-street": s(
    "seat 4's underraise brought up to 400 on the zone before the others act: nothing to tell at the flop",
  )
    .setup()
    .standardDeal()
    .key("raise")
    .chips(4, 100, 100, 100)
    .wait()
    .chips(4, 100)
    .chips(1, 100, 100, 100, 100)
    .chips(2, 100, 100, 100)
    .chips(3, 100, 100)
    .pull()
    .burn("2c")
    .board(...FLOP)
    .wait()
    .key("check")
    .expect({ kind: "alert", code: "UNDERRAISE", seat: 4 })
    .expect({ kind: "alert_clear", code: "UNDERRAISE", seat: 4 })
    .expect({ kind: "street", street: "flop" })
    .expect({ kind: "action", seat: 2, action: "check" })
    .absent("POT_CHIPS_UNREAD", "ACTION_OUT_OF_TURN", "UNDERCALL"),
  "allin-table-hands-rule-14": s(
    "the digest's example: A all-in pre-flop, B and C call; on the turn B all-in, C calls",
  )
    .setup({ seats: [1, 2, 3], stacks: { 1: 700, 2: 5000, 3: 5000 }, button: 3 })
    .threeHandedDeal()
    .chips(3, 100, 100)
    .key("allin")
    .chips(1, 500, 100)
    .chips(2, 500)
    .chips(3, 500)
    .absent("UNDERCALL")
    .pull()
    .burn("2c")
    .board("9s", "8d", "3c")
    .key("check")
    .key("check")
    .pull()
    .burn("3h")
    .board("4d")
    .key("allin")
    .chips(2, 1000, 1000, 1000, 1000, 100, 100, 100)
    .chips(3, 1000, 1000, 1000, 1000, 100, 100, 100)
    .expect({ kind: "action", seat: 1, action: "raise", to: 700, allin: true })
    .expect({ kind: "street", street: "flop" })
    .expect({ kind: "street", street: "turn" })
    .expect({ kind: "action", seat: 2, action: "bet", to: 4300, allin: true })
    .expect({ kind: "action", seat: 3, action: "call", to: 4300, allin: true })
    .expect({ kind: "alert", code: "ALLIN_TABLE_HANDS", rule: "r.14" }),
  "allin-table-hands-done-when-the-river-is-burned": allinOnTheTurn(
    "rule 14: the hands tabled, the dealer burns for the river: the alert is done then, not before (a wait of 2 s changes nothing)",
  )
    .wait()
    .burn("5s")
    .board("Tc")
    .expect({ kind: "alert", code: "ALLIN_TABLE_HANDS", rule: "r.14" })
    .expect({ kind: "alert_clear", code: "ALLIN_TABLE_HANDS", t: 14200 })
    .expect({ kind: "street", street: "river" })
    .expect({ kind: "award", seat: 1, pot: 0 })
    .expect({ kind: "hand_end", result: "complete" })
    .absent("HAND_DEAD", "ACTION_OUT_OF_TURN"),
  "allin-hand-mucked-before-the-showdown-ruled-dead": allinOnTheTurn(
    "rule 14: seat 1's all-in hand goes to the muck before the river; the floor is told (r.14, r.13) and rules it dead: seat 2 takes the main pot",
  )
    .fold(1)
    .floor({ op: "ruling", ruling: "dead", seat: 1, code: "HAND_DEAD" })
    .burn("5s")
    .board("Tc")
    .expect({ kind: "alert", code: "ALLIN_TABLE_HANDS", rule: "r.14" })
    .expect({ kind: "alert", code: "HAND_DEAD", seat: 1, severity: "floor" })
    .expect({ kind: "alert_clear", code: "HAND_DEAD", seat: 1 })
    .expect({ kind: "alert_clear", code: "ALLIN_TABLE_HANDS" })
    .expect({ kind: "street", street: "river" })
    .expect({ kind: "award", seat: 2, pot: 0 })
    .expect({ kind: "hand_end", result: "complete" })
    .absent("ACTION_OUT_OF_TURN"),
  "allin-hand-mucked-showdown-waits-for-the-ruling": allinOnTheTurn(
    "rule 14: seat 1's all-in hand goes to the muck and the dealer deals the river anyway: the pots are not pushed until the floor rules seat 1 dead",
  )
    .fold(1)
    .burn("5s")
    .board("Tc")
    .wait(5000)
    .floor({ op: "ruling", ruling: "dead", seat: 1, code: "HAND_DEAD" })
    .expect({ kind: "alert", code: "HAND_DEAD", seat: 1, severity: "floor" })
    .expect({ kind: "street", street: "river" })
    .expect({ kind: "alert_clear", code: "HAND_DEAD", seat: 1, t: 19100 })
    .expect({ kind: "street", street: "showdown" })
    .expect({ kind: "award", seat: 2, pot: 0, amount: 10700 })
    .expect({ kind: "hand_end", result: "complete", t: 19100 })
    .absent("ACTION_OUT_OF_TURN"),
  "allin-hand-mucked-before-the-showdown-ruled-to-play": allinOnTheTurn(
    "rule 14: seat 1's all-in hand goes to the muck before the river; the floor rules continue (the table read the cards, r.13): seat 1 still takes the main pot",
  )
    .fold(1)
    .floor({ op: "ruling", ruling: "continue", code: "HAND_DEAD" })
    .burn("5s")
    .board("Tc")
    .expect({ kind: "alert", code: "HAND_DEAD", seat: 1, severity: "floor" })
    .expect({ kind: "alert_clear", code: "HAND_DEAD", seat: 1 })
    .expect({ kind: "street", street: "river" })
    .expect({ kind: "award", seat: 1, pot: 0 })
    .expect({ kind: "hand_end", result: "complete" })
    .absent("ACTION_OUT_OF_TURN"),
  "allin-hand-ruled-dead-during-the-betting-is-out-of-the-pots": allinPreflop(
    "seat 1 all-in pre-flop for 700, seats 2 and 3 call; on the flop seat 1 gets an extra card and the floor rules its hand dead: seat 1 wins nothing at the showdown (no action ever reaches an all-in seat to fold it)",
  )
    .burn("2c")
    .board("9s", "8d", "3c")
    .deal([[1, "7h"]])
    .floor({ op: "ruling", ruling: "dead", seat: 1, code: "HAND_DEAD" })
    .key("check")
    .key("check")
    .burn("3h")
    .board("4d")
    .key("check")
    .key("check")
    .burn("5s")
    .board("Tc")
    .key("check")
    .key("check")
    .expect({ kind: "alert", code: "HAND_DEAD", seat: 1 })
    .expect({ kind: "alert_clear", code: "HAND_DEAD", seat: 1 })
    .expect({ kind: "street", street: "showdown" })
    .expect({ kind: "award", seat: 2, amount: 2100, pot: 0 })
    .expect({ kind: "hand_end", result: "complete", stacks: { "1": 0, "2": 6400, "3": 4300 } }),
  "allin-not-yet-negative": allinPreflop("one player all-in pre-flop, two with chips behind: no tabling yet")
    .burn("2c")
    .board("9s", "8d", "3c")
    .expect({ kind: "street", street: "flop" })
    .absent("ALLIN_TABLE_HANDS"),

  // ——— reading at any pace (spec "Reading at any pace") ———
  "fast-sweep-reads-the-last-call-negative": s(
    "the dealer pulls the bets 100 ms after the last call, inside the settle window: the call is read",
  )
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP)
    .chips(2, 100, 100)
    .chips(3, 100, 100)
    .chips(4, 100, 100)
    .chips(1, 100, 100)
    .after(100)
    .pull()
    .burn("3c")
    .board("8c")
    .expect({ kind: "action", seat: 1, action: "call", amount: 200 })
    .expect({ kind: "street", street: "turn" })
    .absent("PREMATURE_TURN", "ACTION_OUT_OF_TURN", "CHIPS_TAKEN_BACK"),
  "chips-swept-unseen-are-the-call-negative": s(
    "the last call is pushed and swept in between two scans: the pot's gain is seat 1's call",
  )
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP)
    .chips(2, 100, 100)
    .chips(3, 100, 100)
    .chips(4, 100, 100)
    .pull()
    .toPot("chip:100:90", "chip:100:91")
    .burn("3c")
    .board("8c")
    .expect({ kind: "action", seat: 1, action: "call", amount: 200 })
    .expect({ kind: "street", street: "turn" })
    .absent("PREMATURE_TURN", "ACTION_OUT_OF_TURN", "CHIPS_TAKEN_BACK"),
  "undercall-pulled-short-then-paid-into-the-pot": s(
    "seat 4 undercalls the big blind and the bets are pulled short; told at the flop, seat 4 puts the rest in the pot; seat 2 then checks",
  )
    .setup()
    .standardDeal()
    .chips(4, 100)
    .chips(1, 100, 100)
    .chips(2, 100)
    .key("check")
    .pull()
    .burn("2c")
    .board(...FLOP)
    .wait()
    .toPot("chip:100:90")
    .wait()
    .key("check")
    .expect({ kind: "alert", code: "UNDERCALL", seat: 4, severity: "dealer" })
    .expect({ kind: "action", seat: 4, action: "call", to: 200 })
    .expect({ kind: "street", street: "flop" })
    .expect({ kind: "alert_clear", code: "UNDERCALL", seat: 4 })
    .expect({
      kind: "alert",
      code: "UNDERCALL",
      seat: 4,
      text: "Seat 4's call went into the pot 100 short: the undercall is a call to 200 (r.51), and seat 4 owes 100",
    })
    .expect({ kind: "alert_clear", code: "UNDERCALL", seat: 4 })
    .expect({ kind: "action", seat: 2, action: "check" })
    .absent("POT_CHIPS_UNREAD", "ACTION_OUT_OF_TURN"),
  "undercall-completed-on-the-zone-after-the-pull": s(
    "seat 4 undercalls, the bets are pulled, and seat 4 puts the rest on its zone before the flop: the call completed, not a flop bet",
  )
    .setup()
    .standardDeal()
    .chips(4, 100)
    .chips(1, 100, 100)
    .chips(2, 100)
    .key("check")
    .pull()
    .wait()
    .chips(4, 100)
    .wait()
    .pull()
    .burn("2c")
    .board(...FLOP)
    .wait()
    .key("check")
    .expect({ kind: "alert", code: "UNDERCALL", seat: 4 })
    .expect({ kind: "alert_clear", code: "UNDERCALL", seat: 4 })
    .expect({ kind: "street", street: "flop" })
    .expect({ kind: "action", seat: 2, action: "check" })
    .absent("POT_CHIPS_UNREAD", "ACTION_OUT_OF_TURN"),
  "chips-taken-back": s("seat 4 puts out a bet and takes it back before it is read, not into the pot")
    .setup()
    .standardDeal()
    .chips(4, 100, 100)
    .after(100)
    .removeFrom("bet4", "chip:100:4", "chip:100:5")
    .wait()
    .expect({ kind: "alert", code: "CHIPS_TAKEN_BACK", seat: 4, severity: "dealer" })
    .absent("ACTION_OUT_OF_TURN"),
  "burn-after-board-in-one-scan-round-negative": s(
    "the burn and the flop land in one scan round and are reported board first (channel order)",
  )
    .setup()
    .standardDeal()
    .limpedPreflop()
    .board(...FLOP)
    .after(50)
    .burn("2c")
    .expect({ kind: "street", street: "flop" })
    .absent("BURN_MISSING", "PREMATURE_FLOP", "FOUR_CARD_FLOP"),
  "burn-a-round-after-board": s("the burn comes more than a scan round after the flop: it was missing")
    .setup()
    .standardDeal()
    .limpedPreflop()
    .board(...FLOP)
    .after(400)
    .burn("2c")
    .expect({ kind: "alert", code: "BURN_MISSING" }),
  "first-card-reported-second-in-its-round-negative": s(
    "seat 2's first card and seat 3's come in one scan round, seat 3 reported first",
  )
    .setup()
    .blindsPosted()
    .deal([[3, "7d"]])
    .after(50)
    .deal([
      [2, "Kh"],
      [4, "9s"],
      [1, "Ac"],
      [2, "Kd"],
      [3, "2h"],
      [4, "9h"],
      [1, "Td"],
    ])
    .expect({ kind: "street", street: "preflop" })
    .absent("MISDEAL_FIRST_CARD", "MISDEAL_DEALT_OUT"),
  "exposed-key-before-its-card-negative": s(
    "the third card is exposed; the key is read before the card's report, in one scan round",
  )
    .setup()
    .blindsPosted()
    .deal([
      [2, "Kh"],
      [3, "7d"],
    ])
    .key("exposed")
    .after(50)
    .deal([[4, "9s"]])
    .wait(1000)
    .deal([
      [1, "Ac"],
      [2, "Kd"],
      [3, "2h"],
      [4, "9h"],
      [1, "Td"],
    ])
    .expect({ kind: "street", street: "preflop" })
    .absent("MISDEAL_EXPOSED"),
  "misdeal-redeal-last-hands-card-listed-on-negative": s(
    "600 ms rounds: a misdeal; the shuffler pressed while the bridge still lists a collected card on seat 3; the re-deal's first report of seat 3 lists it with its new card, the next without it",
  )
    .configure({ reading: { scanRoundMs: 600, missedScans: 3, departWindowMs: 500 } })
    .setup()
    .blindsPosted()
    .deal([
      [2, "Kh"],
      [3, "7d"],
    ])
    .key("exposed")
    .wait(1500)
    .removeFrom("seat2", "card:A:Kh")
    .after(300)
    .key("shuffler")
    .deal([
      [2, "As"],
      [3, "2c"],
      [4, "9s"],
      [1, "Ac"],
      [2, "Kd"],
    ])
    .removeFrom("seat3", "card:A:7d")
    .deal([
      [3, "5h"],
      [4, "9h"],
      [1, "Td"],
    ])
    .wait()
    .expect({ kind: "alert", code: "MISDEAL_EXPOSED" })
    .expect({ kind: "hand_end", hand: 1, result: "misdeal" })
    .expect({ kind: "hand_start", hand: 2, redeal: true })
    .expect({ kind: "street", street: "preflop" })
    .absent("MISDEAL_CARD_COUNT", "HAND_DEAD", "DUPLICATE_CARD"),
  "misdeal-redeal-quick-shuffler-negative": s(
    "a misdeal; the cards are collected and the shuffler pressed 0.3 s later; the same card is dealt again",
  )
    .setup()
    .blindsPosted()
    .deal([[2, "Kh"]])
    .key("exposed")
    .wait(1500)
    .removeFrom("seat2", "card:A:Kh")
    .after(300)
    .key("shuffler")
    .deal([
      [2, "Kh"],
      [3, "7d"],
      [4, "9s"],
      [1, "Ac"],
      [2, "Kd"],
      [3, "2h"],
      [4, "9h"],
      [1, "Td"],
    ])
    .expect({ kind: "alert", code: "MISDEAL_EXPOSED" })
    .expect({ kind: "hand_end", hand: 1, result: "misdeal" })
    .expect({ kind: "hand_start", hand: 2, redeal: true })
    .expect({ kind: "street", street: "preflop" })
    .absent("DECK_NOT_COLLECTED", "MISDEAL_FIRST_CARD", "DUPLICATE_CARD"),
  "deck-collected-within-the-departure-lag-negative": s(
    "the shuffler is pressed while the bridge still lists the collected cards (K missed scans)",
  )
    .setup()
    .standardDeal()
    .fold(4)
    .fold(1)
    .fold(2)
    .key("shuffler")
    .after(300)
    .removeFrom("muck", "card:A:9s", "card:A:9h", "card:A:Ac", "card:A:Td", "card:A:Kh", "card:A:Kd")
    .after(200)
    .removeFrom("seat3", "card:A:7d", "card:A:2h")
    .wait()
    .expect({ kind: "hand_start", hand: 2 })
    .absent("DECK_NOT_COLLECTED"),
  "tag-misplaced": s("a chip lies on a seat's card antenna")
    .setup()
    .standardDeal()
    .addTo("seat4", "chip:25:99")
    .expect({ kind: "alert", code: "TAG_MISPLACED", severity: "dealer" }),
  "fold-while-the-seat-still-lists-the-cards-negative": s(
    "a fold: the muck reports the cards before the seat antenna misses them K times",
  )
    .setup()
    .standardDeal()
    .addTo("muck", "card:A:9s", "card:A:9h")
    .after(100)
    .chips(1, 100, 100)
    .after(500)
    .removeFrom("seat4", "card:A:9s", "card:A:9h")
    .expect({ kind: "action", seat: 4, action: "fold" })
    .expect({ kind: "action", seat: 1, action: "call" })
    .absent("READ_CONFLICT", "TAG_MISPLACED", "ACTION_OUT_OF_TURN"),
  "read-conflict": s("a card is read on the muck and back on its seat while both list it")
    .setup()
    .standardDeal()
    .addTo("muck", "card:A:9s")
    .after(100)
    .removeFrom("seat4", "card:A:9s")
    .after(100)
    .addTo("seat4", "card:A:9s")
    .after(100)
    .removeFrom("muck", "card:A:9s")
    .expect({ kind: "alert", code: "READ_CONFLICT", severity: "dealer" })
    .expect({ kind: "alert_clear", code: "READ_CONFLICT" }),
  "stack-mismatch": s("seat 4, with 1000 behind, puts out five 1000 chips")
    .setup({ stacks: { 4: 1000 } })
    .standardDeal()
    .chips(4, 1000, 1000, 1000, 1000, 1000)
    .expect({ kind: "alert", code: "STACK_MISMATCH", seat: 4, severity: "floor" })
    .expect({ kind: "action", seat: 4, allin: true }),
  "allin-for-the-stack-negative": s("seat 4, with 1000 behind, puts out exactly 1000: all-in, no mismatch")
    .setup({ stacks: { 4: 1000 } })
    .standardDeal()
    .chips(4, 500, 500)
    .expect({ kind: "action", seat: 4, allin: true })
    .absent("STACK_MISMATCH", "TAG_MISPLACED", "READ_CONFLICT", "CHIPS_TAKEN_BACK"),
  // ——— the floor: the dealer's floor key, rulings that must answer an open alert, undo ———
  "shuffler-during-hand-closes-when-the-hand-ends": s(
    "the shuffler pressed on the flop: told; the dealer finishes the hand (three folds) and the alert closes",
  )
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP)
    .wait()
    .key("shuffler")
    .fold(2)
    .fold(3)
    .fold(4)
    .expect({ kind: "alert", code: "SHUFFLER_DURING_HAND", severity: "dealer" })
    .expect({ kind: "action", seat: 4, action: "fold" })
    .expect({ kind: "hand_end", result: "complete" })
    .expect({ kind: "alert_clear", code: "SHUFFLER_DURING_HAND" }),
  "undercall-unpaid-at-the-showdown-ended-by-the-shuffler": s(
    "seat 4's undercall pre-flop goes into the pot 100 short and is never paid; the showdown waits for it (r.51), and the dealer collects everything and presses the shuffler: past the readers' lag the hand is settled on the call as counted, the floor is told who owes what, and the next hand is read",
  )
    .setup()
    .standardDeal()
    .chips(4, 100)
    .chips(1, 100, 100)
    .chips(2, 100)
    .key("check")
    .pull()
    .burn("2c")
    .board(...FLOP)
    .checkAround()
    .burn("3c")
    .board("8c")
    .checkAround()
    .burn("5d")
    .board("6s")
    .checkAround()
    .wait()
    .collect()
    .key("shuffler")
    // A quick dealer: the blinds and the first cards land within the readers' lag after the press.
    .after(100)
    .chips(3, 100)
    .after(100)
    .chips(4, 100, 100)
    .after(100)
    .deal([
      [3, "Kh"],
      [4, "7d"],
      [1, "9s"],
      [2, "Ac"],
      [3, "Kd"],
      [4, "2h"],
      [1, "9h"],
      [2, "Td"],
    ])
    .chips(1, 100, 100)
    .floor({ op: "ruling", ruling: "continue", code: "HAND_ENDED_OWING", seat: 4, by: "Ana" })
    .expect({ kind: "alert", code: "UNDERCALL", seat: 4 })
    .expect({ kind: "alert_clear", code: "UNDERCALL", seat: 4 })
    .expect({ kind: "street", street: "showdown", board: ["Qs", "Jd", "4h", "8c", "6s"], t: 18900 })
    .expect({ kind: "award", seat: 2, amount: 800, pot: 0 })
    .expect({
      kind: "hand_end",
      hand: 1,
      result: "complete",
      stacks: { "1": 19800, "2": 20600, "3": 19800, "4": 19800 },
    })
    .expect({ kind: "hand_start", hand: 2, button: 2, sb: 3, bb: 4, t: 18900 })
    // Told once the readers' lag after the press has passed with no chips into the pot.
    .expect({ kind: "alert", code: "HAND_ENDED_OWING", seat: 4, severity: "floor", rule: "2019 r.51, r.52" })
    .expect({ kind: "street", street: "preflop" })
    .expect({ kind: "action", seat: 1, action: "call", amount: 200 })
    .expect({ kind: "alert_clear", code: "HAND_ENDED_OWING", seat: 4 })
    .absent("SHUFFLER_DURING_HAND", "DECK_NOT_COLLECTED", "ACTION_OUT_OF_TURN", "INPUT_NOT_APPLIED"),
  "floor-key-calls-the-floor": s("the dealer presses floor; a supervisor answers; a second answer is refused")
    .setup()
    .standardDeal()
    .key("floor")
    .key("floor")
    .floor({ op: "ruling", ruling: "continue", code: "FLOOR_CALLED", by: "Ana" })
    .floor({ op: "ruling", ruling: "continue", code: "FLOOR_CALLED", by: "Ana" })
    .expect({ kind: "alert", code: "FLOOR_CALLED", severity: "info" })
    .expect({ kind: "alert_clear", code: "FLOOR_CALLED" })
    .expect({ kind: "alert", code: "FLOOR_OP_REJECTED", severity: "info" }),
  "ok-key-acknowledges-dealer-alert": s(
    "the dealer corrects an undercall and presses ok: the alert is cleared",
  )
    .setup()
    .standardDeal()
    .chips(4, 100)
    // Past the round a short push waits for the pot (its rest swept in unseen): the undercall is read.
    .after(1000)
    .key("ok")
    .expect({ kind: "alert", code: "UNDERCALL", seat: 4 })
    .expect({ kind: "alert_clear", code: "UNDERCALL", seat: 4 }),
  "ruling-answers-nothing-refused": s(
    "a void ruling with no open alert is refused; voidHand with a reason ends the hand",
  )
    .setup()
    .standardDeal()
    .floor({ op: "ruling", ruling: "void" })
    .floor({ op: "voidHand", reason: "the dealer dropped the deck" })
    .expect({ kind: "alert", code: "FLOOR_OP_REJECTED", severity: "info" })
    .expect({ kind: "hand_end", result: "void" }),
  "misdeal-ruled-then-undone": s("the floor rules a misdeal with a 10 s window and undoes it; play goes on")
    .setup()
    .key("shuffler")
    .deal([[3, "7d"]])
    .floor({ op: "ruling", ruling: "misdeal", code: "MISDEAL_FIRST_CARD", undoWindowMs: 10000, by: "Ana" })
    .floor({ op: "undo", by: "Ben" })
    .floor({ op: "ruling", ruling: "continue", code: "MISDEAL_FIRST_CARD", by: "Ben" })
    .expect({ kind: "alert", code: "MISDEAL_FIRST_CARD", seat: 3 })
    .expect({ kind: "alert", code: "RULING_PENDING" })
    .expect({ kind: "alert", code: "RULING_UNDONE" })
    .expect({ kind: "alert_clear", code: "MISDEAL_FIRST_CARD" })
    .absent("FLOOR_OP_REJECTED"),

  // ——— two decks through the shuffler (decks: [A, B]) ———
  "two-decks-alternate-negative": s(
    "a two-deck shuffler: hand 1 from deck B, hand 2 from deck A; nothing is foreign",
  )
    .configure({ decks: ["A", "B"] })
    .setup()
    .fromDeck("B")
    .standardDeal()
    .fold(4)
    .fold(1)
    .fold(2)
    .wait(1000)
    .collect()
    .fromDeck("A")
    .key("shuffler")
    .chips(3, 100)
    .chips(4, 100, 100)
    .deal([
      [3, "Kh"],
      [4, "7d"],
      [1, "9s"],
      [2, "Ac"],
      [3, "Kd"],
      [4, "2h"],
      [1, "9h"],
      [2, "Td"],
    ])
    .expect({ kind: "hand_end", hand: 1, result: "complete" })
    .expect({ kind: "hand_start", hand: 2, button: 2 })
    .expect({ kind: "street", street: "preflop" })
    .absent("FOREIGN_CARD", "DUPLICATE_CARD", "DECK_NOT_COLLECTED"),
  "two-decks-mixed-deck-hand": s(
    "a two-deck shuffler: a card of deck A in a hand dealt from deck B is foreign",
  )
    .configure({ decks: ["A", "B"] })
    .setup()
    .fromDeck("B")
    .blindsPosted()
    .deal([
      [2, "Kh"],
      [3, "7d"],
      [4, "9s"],
      [1, "Ac"],
    ])
    .fromDeck("A")
    .deal([[2, "Kd"]])
    .expect({
      kind: "alert",
      code: "FOREIGN_CARD",
      rule: "IPC 29",
      text: "A card that is not of this deck is in play on seat2: card of deck A, this hand is dealt from deck B",
    })
    .absent("DUPLICATE_CARD"),

  // ——— the dealer's undo key: his last key taken back within the current action ———
  "undo-key-takes-back-a-check": s(
    "on the flop the dealer presses check for seat 2, who bets: undo, and the bet is read",
  )
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP)
    .key("check")
    .key("undo")
    .chips(2, 500)
    .expect({ kind: "action", seat: 2, action: "check" })
    .expect({ kind: "key_undone", key: "check", seat: 2 })
    .expect({ kind: "action", seat: 2, action: "bet", amount: 500 })
    .absent("ACTION_OUT_OF_TURN", "UNDO_REFUSED"),
  "undo-key-takes-back-a-fold": s("the dealer presses fold for seat 4, who calls: undo, and the call is read")
    .setup()
    .standardDeal()
    .key("fold")
    .key("undo")
    .chips(4, 100, 100)
    .expect({ kind: "action", seat: 4, action: "fold" })
    .expect({ kind: "key_undone", key: "fold", seat: 4 })
    .expect({ kind: "action", seat: 4, action: "call", amount: 200 })
    .absent("ACTION_OUT_OF_TURN", "UNDO_REFUSED"),
  "undo-key-takes-back-a-raise": s(
    "the dealer presses raise but seat 4 only calls: undo, and the call stands",
  )
    .setup()
    .standardDeal()
    .key("raise")
    .key("undo")
    .chips(4, 100, 100)
    .expect({ kind: "key_undone", key: "raise" })
    .expect({ kind: "action", seat: 4, action: "call", amount: 200 })
    .absent("UNDERRAISE", "UNDO_REFUSED"),
  "undo-key-takes-back-exposed-within-its-round": s(
    "the dealer presses exposed by mistake on the first card and undoes it within the scan round",
  )
    .setup()
    .blindsPosted()
    .deal([[2, "Kh"]])
    .key("exposed")
    .after(100)
    .key("undo")
    .deal([
      [3, "7d"],
      [4, "9s"],
    ])
    .expect({ kind: "key_undone", key: "exposed" })
    .absent("MISDEAL_EXPOSED", "UNDO_REFUSED"),
  "undo-key-refused-after-the-action-moved-on": s(
    "a check, then the next seat's bet is read: undo is refused, the check stands",
  )
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP)
    .key("check")
    .chips(3, 500)
    .key("undo")
    .expect({ kind: "action", seat: 2, action: "check" })
    .expect({ kind: "action", seat: 3, action: "bet", amount: 500 })
    .expect({ kind: "alert", code: "UNDO_REFUSED", severity: "info" }),
  "undo-key-refused-once-the-floor-must-rule": s(
    "the exposed key on the first card is judged a misdeal a round later: undo is refused, the floor rules",
  )
    .setup()
    .blindsPosted()
    .deal([[2, "Kh"]])
    .key("exposed")
    .key("undo")
    .expect({ kind: "alert", code: "MISDEAL_EXPOSED" })
    .expect({ kind: "alert", code: "UNDO_REFUSED" }),

  // ——— the deck check between hands (deckcheck, then ok) ———
  "deck-check-missing-and-foreign": s(
    "the dealer spreads deck A with the 7h missing, a second Kd and a card of deck C, then presses ok",
  )
    .setup()
    .key("deckcheck")
    .addTo("board", ...half(0).filter((t) => t !== "card:A:7h"))
    .addTo("seat1", ...half(1), "card:A:Kd/2", "card:C:2s")
    .key("ok")
    .expect({ kind: "alert", code: "DECK_CHECK", severity: "info" })
    .expect({ kind: "alert_clear", code: "DECK_CHECK" })
    .expect({
      kind: "deck_check",
      deck: "A",
      cards: 52,
      missing: ["7h"],
      duplicates: ["Kd"],
      foreign: ["card:C:2s"],
    })
    .expect({ kind: "alert", code: "DECK_CHECK_RESULT", severity: "dealer" })
    .absent("TAG_MISPLACED", "FOREIGN_CARD", "DUPLICATE_CARD"),
  "deck-check-whole-negative": s("the whole deck spread in two goes, half before the key: nothing wrong")
    .setup()
    .addTo("board", ...half(0))
    .key("deckcheck")
    .addTo("burn", ...half(1))
    .key("ok")
    .expect({ kind: "deck_check", deck: "A", cards: 52, missing: [], duplicates: [], foreign: [] })
    .expect({ kind: "alert", code: "DECK_CHECK_RESULT", severity: "info" })
    .absent("DECK_CHECK_REFUSED"),
  "deck-check-last-hands-card-reported-late-negative": s(
    "two decks: a deck-B card of the last hand, collected before the key, is reported gone after it; deck A is whole",
  )
    .configure({ decks: ["A", "B"] })
    .setup()
    .addTo("seat5", "card:B:Kh")
    .after(100)
    .key("deckcheck")
    .addTo("board", ...half(0))
    .removeFrom("seat5", "card:B:Kh")
    .addTo("burn", ...half(1))
    .key("ok")
    .expect({ kind: "deck_check", deck: "A", cards: 52, missing: [], duplicates: [], foreign: [] })
    .absent("FOREIGN_CARD"),
  "ok-ends-deck-check": s(
    "ok ends the deck check one scan round later: a card reported within the round counts, one after it not",
  )
    .setup()
    .key("deckcheck")
    .addTo("board", ...DECK_A.slice(0, 50))
    .key("ok")
    .after(150)
    .addTo("board", DECK_A[50]!)
    .after(100)
    .addTo("board", DECK_A[51]!)
    .key("ok")
    .expect({ kind: "alert_clear", code: "DECK_CHECK" })
    .expect({
      kind: "deck_check",
      deck: "A",
      cards: 51,
      missing: [fullDeck()[51]!],
      duplicates: [],
      foreign: [],
    })
    .expect({ kind: "alert", code: "DECK_CHECK_RESULT", severity: "dealer" })
    .expect({ kind: "alert_clear", code: "DECK_CHECK_RESULT" }),
  "deck-check-during-hand-refused": s("the deckcheck key during a hand is refused; the hand goes on")
    .setup()
    .standardDeal()
    .key("deckcheck")
    .chips(4, 100, 100)
    .expect({ kind: "alert", code: "DECK_CHECK_REFUSED", severity: "info" })
    .expect({ kind: "action", seat: 4, action: "call" }),

  // ——— readers ———
  "reader-offline": s("the bridge stops answering and comes back")
    .setup()
    .standardDeal()
    .reader("bridge", "offline")
    .reader("bridge", "online")
    .expect({ kind: "alert", code: "READER_OFFLINE", severity: "floor" })
    .expect({ kind: "alert_clear", code: "READER_OFFLINE" }),
};

const dir = dirname(fileURLToPath(import.meta.url));
for (const [name, scene] of Object.entries(scenes)) {
  writeFileSync(join(dir, `${name}.jsonl`), scene.toJsonLines());
}
console.log(`wrote ${Object.keys(scenes).length} scenarios to ${dir}`);
