/**
 * Errors of the board and the burn (r.35, RP-5), each followed by the procedure the rules give: the
 * four-card flop resolved with a random card to the burn, premature cards returned or set aside and the
 * street dealt again without a burn, a burn forgotten, a burn where the procedure says none.
 */
import type { Street } from "../rules/betting.js";
import type { Card } from "../rules/cards.js";
import type { FlopDealer } from "./dealer.js";
import { faceOf } from "./deck.js";
import type { Injector } from "./hooks.js";
import { chance, pick, type Rng } from "./random.js";

/** Lays `n` cards from the stub on the board (one report, or the last one a report later). */
function lay(d: FlopDealer, n: number, rng: Rng): string[] {
  const tags = Array.from({ length: n }, () => d.felt.tag(d.stub.draw()));
  if (n > 3 && chance(rng, 0.4)) {
    d.felt.add("board", ...tags.slice(0, 3)).pause(150, 400);
    d.felt.add("board", ...tags.slice(3));
  } else d.felt.add("board", ...tags);
  return tags;
}

/**
 * r.35: four cards on the flop; the floor is called, and has one picked at random as the next burn; no
 * burn before the turn. At a live table the dealer waits for the supervisor (his `continue`, or the
 * house's wait running out) before he scrambles the four (src/sim/floorWords.ts).
 */
function fourCardFlop(d: FlopDealer, rng: Rng): void {
  d.burn();
  d.felt.step("burnToBoard");
  d.truth("FOUR_CARD_FLOP", "four cards on the flop");
  const tags = lay(d, 4, rng);
  const picked = pick(rng, tags)!;
  d.felt.pause(1500, 2500);
  d.awaitFloor();
  // The supervisor's `continue` is the word he waited for: heard, it is his (not a ruling still to come).
  d.floorWords.continued(d.felt.tl.t);
  d.felt.add("burn", picked).pause(100, 200).remove("board", picked);
  d.noBurn.add("turn");
}

/** RP-5: the street's cards before its betting round is complete, then the procedure for them. */
function premature(d: FlopDealer, rng: Rng): void {
  const street = d.betting.street;
  // The dealer takes the round for over when a player is slow to act: not in the instant the street
  // he just dealt lands.
  d.felt.step("misjudge");
  d.burn();
  d.felt.step("burnToBoard");
  const code =
    street === "preflop" ? "PREMATURE_FLOP" : street === "flop" ? "PREMATURE_TURN" : "PREMATURE_RIVER";
  d.truth(code, `${street} betting not complete`);
  const tags = lay(d, street === "preflop" ? 3 : 1, rng);
  const faces = tags.map(faceOf).filter((c): c is Card => c !== null);
  d.felt.pause(1500, 2500).remove("board", ...tags);
  if (street === "preflop") {
    // A: the burn stays; the flop goes back into the stub, reshuffled, and comes again without a burn.
    d.stub.putBack(faces);
    d.noBurn.add("flop");
  } else if (street === "flop") {
    // B: the card is set aside; burn and deal the next card as the turn; it goes back before the river.
    d.setAside = faces[0] ?? null;
    d.noBurn.add("river");
  } else {
    // C: the card goes back into the stub; the burn stays as the river burn; reshuffle before the river.
    d.stub.putBack(faces);
    d.reshuffleBeforeRiver = true;
    d.noBurn.add("river");
  }
  // The returned cards are off the board; the dealer goes on at his pace.
  d.felt.step("afterCollect");
}

/** The premature injector for the cards of the street after `street`. */
function prematureAt(code: "PREMATURE_FLOP" | "PREMATURE_TURN" | "PREMATURE_RIVER", street: Street) {
  return (rng: Rng): Injector => {
    let done = false;
    return {
      code,
      beforeAction(d) {
        if (done || d.betting.street !== street || !chance(rng, 0.5)) return false;
        done = true;
        premature(d, rng);
        return true;
      },
    };
  };
}

export const prematureFlop = prematureAt("PREMATURE_FLOP", "preflop");
export const prematureTurn = prematureAt("PREMATURE_TURN", "flop");
export const prematureRiver = prematureAt("PREMATURE_RIVER", "turn");

/**
 * Known core gap (reported to the lead): after a four-card flop in an all-in run-out, the turn dealt
 * without a burn (as r.35 says) is taken for a second four-card flop and the hand never ends. Until the
 * hand machine is fixed the simulator makes four-card flops only where there is flop betting.
 */
export const FOUR_CARD_FLOP_IN_RUNOUT = true;

const fourCardPossible = (d: FlopDealer) => FOUR_CARD_FLOP_IN_RUNOUT || d.betting.phase !== "runout";

/** r.35 on its own. */
export function fourCard(rng: Rng): Injector {
  return {
    code: "FOUR_CARD_FLOP",
    onStreet(d, street) {
      if (street !== "flop" || !fourCardPossible(d)) return false;
      fourCardFlop(d, rng);
      return true;
    },
  };
}

/** Two cards for the turn or the river in one go; the floor has the extra one taken off, back into the stub. */
export function boardTooMany(rng: Rng): Injector {
  const target = pick(rng, ["turn", "river"] as const)!;
  return {
    code: "BOARD_TOO_MANY",
    onStreet(d, street) {
      if (street !== target || d.noBurn.size > 0 || d.setAside !== null) return false;
      d.truth("BOARD_TOO_MANY", `two cards for the ${street}`);
      d.layStreet(street, 2);
      const extra = pick(rng, d.felt.read("board").slice(-2))!;
      d.felt.pause(1500, 2500).remove("board", extra);
      const face = faceOf(extra);
      if (face !== null) d.stub.putBack([face]);
      // The extra card is off the board; the dealer goes on at his pace.
      d.felt.step("afterCollect");
      return true;
    },
  };
}

/** A street dealt with no burn; the floor lets it stand. */
export function burnMissing(rng: Rng): Injector {
  const target = pick(rng, ["flop", "flop", "turn", "river"] as const)!;
  return {
    code: "BURN_MISSING",
    onStreet(d, street) {
      // No procedure in force; and no turn in an all-in run-out, where a turn with no burn is also a
      // "four-card flop" by the catalogue's words (nobody acts on that flop).
      if (street !== target || d.noBurn.size > 0 || d.setAside !== null) return false;
      if (street === "turn" && d.betting.phase === "runout") return false;
      d.truth("BURN_MISSING", `no burn before the ${street}`);
      d.noBurn.add(street);
      d.layStreet(street);
      d.noBurn.delete(street);
      return true;
    },
  };
}

/**
 * A burn where the procedure in force says none: before the turn after a four-card flop, or before the
 * flop dealt again after a premature flop. The floor rules play on; the street comes without another burn.
 */
export function burnUnexpected(rng: Rng): Injector {
  const afterFourCard = chance(rng, 0.5);
  let stage: "before" | "procedure" | "done" = "before";
  const extraBurn = (d: FlopDealer, street: Street): boolean => {
    d.truth("BURN_UNEXPECTED", `a burn before the ${street}, which is dealt without one`);
    d.burn();
    d.felt
      .pause(1500, 2500)
      .tl.push({ kind: "floor", op: "ruling", ruling: "continue", code: "BURN_UNEXPECTED" });
    d.felt.pause(400, 700);
    d.layStreet(street);
    stage = "done";
    return true;
  };
  return {
    code: "BURN_UNEXPECTED",
    beforeAction(d) {
      if (afterFourCard || stage !== "before" || d.betting.street !== "preflop") return false;
      stage = "procedure";
      premature(d, rng);
      return true;
    },
    onStreet(d, street) {
      if (afterFourCard && stage === "before" && street === "flop" && fourCardPossible(d)) {
        stage = "procedure";
        fourCardFlop(d, rng);
        return true;
      }
      if (stage === "procedure" && d.noBurn.has(street)) return extraBurn(d, street);
      return false;
    },
  };
}
