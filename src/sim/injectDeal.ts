/**
 * Errors of the shuffle and the deal (r.21, r.33, IPC 29), each followed by its procedure: a misdeal
 * is declared and the hand re-dealt exactly; a deck that is not whole voids the hand (or the floor lets
 * a foreign card be replaced and play go on).
 */
import type { Card } from "../rules/cards.js";
import type { FlopDealer } from "./dealer.js";
import { cardTag, faceOf } from "./deck.js";
import type { DealStep, Injector } from "./hooks.js";
import { chance, pick, randInt, type Rng } from "./random.js";

/** Seats in dealing order. */
const order = (d: FlopDealer): number[] => d.betting.seats.map((s) => s.seat);
/** Hole cards of the whole deal. */
const total = (d: FlopDealer): number => order(d).length * d.setup.game.holeCards;
/** Faces on the seat antennas so far. */
const dealtFaces = (d: FlopDealer): Card[] =>
  order(d)
    .flatMap((s) => d.felt.read(`seat${s}`))
    .map(faceOf)
    .filter((c): c is Card => c !== null);

/**
 * The floor let a deal stand (`continue`) after a card went to `seat` ahead of its turn in the first
 * round: that card is the seat's first, so the dealer deals on in order and passes the seat by in the
 * first round. Every seat ends with its cards.
 */
function dealtAhead(): { seat: number | null; skips(step: DealStep): boolean } {
  return {
    seat: null,
    skips(step) {
      if (this.seat === null || step.round !== 0 || step.seat !== this.seat) return false;
      this.seat = null;
      return true;
    },
  };
}

/** r.33-A2: the first card goes to a seat that is dealt in, but not the first to be dealt. */
export function firstCard(rng: Rng): Injector {
  const ahead = dealtAhead();
  return {
    code: "MISDEAL_FIRST_CARD",
    onDealCard(d, step) {
      if (ahead.skips(step)) return true;
      if (step.index !== 0) return false;
      const wrong = pick(rng, order(d).slice(1))!;
      d.truth("MISDEAL_FIRST_CARD", `first card to seat ${wrong} instead of seat ${step.seat}`);
      d.dealHole(wrong);
      // The deal stands: the first seat gets its card now.
      return d.declareMisdeal(() => {
        ahead.seat = wrong;
        return false;
      });
    },
  };
}

/** r.33-A3: a card lands on an empty seat during the deal. */
export function notEntitled(rng: Rng): Injector {
  let at = -1;
  return {
    code: "MISDEAL_NOT_ENTITLED",
    onDealCard(d, step) {
      if (at < 0) at = randInt(rng, 0, total(d) - 1);
      const empty = pick(rng, d.seating.freeSeats());
      if (step.index !== at || empty === undefined) return false;
      d.truth("MISDEAL_NOT_ENTITLED", `a card to empty seat ${empty}`);
      d.dealHole(empty);
      // The deal stands: the card nobody may play goes to the muck, and the dealer deals on.
      return d.declareMisdeal(() => {
        d.felt.muck(empty);
        d.felt.pause(300, 500);
        return false;
      });
    },
  };
}

/**
 * r.33-A4: a seat dealt in is skipped. Either the deal goes on past it in the first round, or the last
 * seat of the first round gets no card and the deal goes on to the second round — where the table sees
 * the seat passed by (also when nobody is left to act: an all-in from the forced bets).
 */
export function dealtOut(rng: Rng): Injector {
  let skip: number | null = null;
  let midDeal = true;
  /** The deal passed the seat once: played on after a `continue`, the later cards are as usual. */
  let dealtLate = false;
  const ahead = dealtAhead();
  return {
    code: "MISDEAL_DEALT_OUT",
    onDealCard(d, step) {
      if (ahead.skips(step)) return true;
      const seats = order(d);
      if (skip === null) {
        midDeal = seats.length >= 3 && chance(rng, 0.6);
        skip = midDeal ? randInt(rng, 1, seats.length - 2) : seats.length - 1;
      }
      if (midDeal && step.index === skip) {
        d.truth("MISDEAL_DEALT_OUT", `seat ${step.seat} skipped in the first round`);
        const next = seats[skip + 1]!;
        d.dealHole(next);
        // The deal stands: the skipped seat gets its card now, and the next one has had its own.
        return d.declareMisdeal(() => {
          ahead.seat = next;
          return false;
        });
      }
      if (midDeal || dealtLate) return false;
      const skipped = seats[skip]!;
      if (step.round === 0 && step.seat === skipped) {
        d.truth("MISDEAL_DEALT_OUT", `seat ${skipped} gets no card`);
        return true;
      }
      if (step.round !== 1 || step.seat !== seats[0]) return false;
      dealtLate = true;
      d.dealHole(step.seat);
      // The deal stands: the seat dealt out gets its first card now, and its second in turn.
      return d.declareMisdeal(() => {
        d.dealHole(skipped);
        return true;
      });
    },
  };
}

/** r.33-A1/A6: the first or second card of the deal is exposed, or two cards during the deal. */
export function exposed(rng: Rng): Injector {
  let presses: number[] | null = null;
  return {
    code: "MISDEAL_EXPOSED",
    onDealCard(d, step) {
      const n = total(d);
      presses ??=
        n >= 6 && chance(rng, 0.5)
          ? [randInt(rng, 3, n - 2), n - 1].sort((a, b) => a - b)
          : [randInt(rng, 1, 2)];
      if (!presses.includes(step.index)) return false;
      // The card dealt just before this step was turned face up by the dealer.
      d.felt.tl.press("exposed");
      if (step.index !== presses[presses.length - 1]) {
        // He announces the exposed card before he deals on.
        d.felt.step("exposedToNext");
        return false;
      }
      d.truth("MISDEAL_EXPOSED", presses.length === 1 ? `card ${step.index} exposed` : "two cards exposed");
      // The deal stands: the exposed card stays where it was dealt and the deal goes on.
      return d.declareMisdeal(() => false);
    },
  };
}

/** House rule: a seat gets one card too many before substantial action. */
export function cardCount(rng: Rng): Injector {
  return {
    code: "MISDEAL_CARD_COUNT",
    afterDeal(d) {
      const seat = pick(rng, order(d))!;
      d.felt.pause(200, 400);
      d.truth("MISDEAL_CARD_COUNT", `an extra card to seat ${seat}`);
      const extra = d.felt.tag(d.stub.draw());
      d.felt.add(`seat${seat}`, extra).step("cardPitch");
      // The deal stands: the dealer takes the card too many off the seat, out of play, and play goes on.
      return d.declareMisdeal(() => {
        d.felt.remove(`seat${seat}`, extra);
        d.felt.pause(300, 500);
        return true;
      });
    },
  };
}

/** IPC 29: a second card of a face already in play, in the deal or on the board; the floor voids the hand. */
export function duplicate(rng: Rng): Injector {
  const onBoard = chance(rng, 0.5);
  let at = -1;
  /** The board's second card is struck once: played on after a `continue`, the later streets are dealt right. */
  let struck = false;
  /**
   * The second card of a face on `antenna`. `instead` puts the right card there if the floor lets play
   * go on (continue): the second card leaves the felt first.
   */
  const strike = (d: FlopDealer, antenna: string, instead?: () => void): boolean => {
    const face = pick(
      rng,
      [...dealtFaces(d), ...d.felt.read("board").map(faceOf)].filter((c) => c !== null),
    )!;
    d.truth("DUPLICATE_CARD", `a second ${face} on ${antenna}`);
    const second = cardTag(d.felt.deck, face, 2);
    d.felt.add(antenna, second);
    if (instead === undefined) return d.voidHand();
    // Play goes on: the second card leaves the felt and the right one is dealt in its place.
    return d.voidHand(() => {
      d.felt.remove(antenna, second).pause(300, 500);
      instead();
      return true;
    });
  };
  return {
    code: "DUPLICATE_CARD",
    onDealCard(d, step: DealStep) {
      if (onBoard) return false;
      if (at < 0) at = randInt(rng, 1, total(d) - 1);
      return step.index === at && strike(d, `seat${step.seat}`, () => d.dealHole(step.seat));
    },
    onStreet(d, street) {
      if (!onBoard || struck) return false;
      struck = true;
      d.burn();
      d.felt.step("burnToBoard");
      // Play goes on: the street's cards are dealt from the stub in the second card's place (burned already).
      return strike(d, "board", () => {
        const cards = street === "flop" ? 3 : 1;
        d.felt.add("board", ...Array.from({ length: cards }, () => d.felt.tag(d.stub.draw())));
      });
    },
  };
}

/** IPC 29: a card of another deck is dealt; the floor voids the hand, or has it replaced and play goes on. */
export function foreign(rng: Rng): Injector {
  let at = -1;
  return {
    code: "FOREIGN_CARD",
    onDealCard(d, step) {
      if (at < 0) at = randInt(rng, 0, total(d) - 1);
      if (step.index !== at) return false;
      // With two decks in play, a card of the other one (a mixed-deck hand) from the deal's second round:
      // by then the hand's deck is set by its first card beyond a scan round's doubt. In the first round,
      // or with one deck, a card of a deck the table does not have.
      const other = d.felt.otherDeck(step.round > 0);
      const tag = cardTag(other, d.stub.draw());
      d.truth("FOREIGN_CARD", `a card of deck ${other} to seat ${step.seat}`);
      d.felt.add(`seat${step.seat}`, tag);
      /** The foreign card replaced by one of the stub, play goes on. */
      const replace = (): boolean => {
        d.felt.pause(400, 700).remove(`seat${step.seat}`, tag);
        d.felt.pause(300, 500);
        d.dealHole(step.seat);
        return true;
      };
      if (chance(rng, 0.5)) return d.voidHand(replace);
      d.felt.pause(1500, 2500);
      d.awaitFloor();
      d.felt.tl.push({ kind: "floor", op: "ruling", ruling: "continue" });
      return replace();
    },
  };
}

/** r.21: the shuffler is pressed with the last hand's cards still out; the dealer then collects them. */
export function deckNotCollected(): Injector {
  return {
    code: "DECK_NOT_COLLECTED",
    onShuffle(d) {
      const left = d.felt.cardZonesInUse();
      if (left.length === 0) return false;
      d.pressShuffler();
      d.truth("DECK_NOT_COLLECTED", `cards left on ${left.join(", ")}`).leftOn = left;
      d.felt.step("noticeLeftovers").clearAll();
      // The cards are collected; the dealer goes on to the blinds at his pace.
      d.felt.step("afterCollect");
      return true;
    },
  };
}
