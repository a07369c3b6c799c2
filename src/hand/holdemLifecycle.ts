/**
 * Hold'em's side of starting and ending a hand (the shape is src/hand/lifecycle.ts; Three Card Poker's
 * side is src/hand/tcp/lifecycle.ts): the flop games place a button and blinds, play at the floor's
 * level, show their hand through src/hand/view.ts, and in a raked cash game leave the dealer the rake
 * to put on the plate.
 */
import { nextPositions, positionsFromButton } from "../rules/positions.js";
import { type HandContext, uncountedRoom } from "./context.js";
import { handInit } from "./handInit.js";
import { type DealerWork, type Game, type HandShows, NO_DEALER_WORK, SessionHand } from "./lifecycle.js";
import { handRake } from "./rake.js";
import { HandSession } from "./session.js";
import { waitsOnlyOnDebts } from "./pressOwing.js";
import { firstCardPutOff } from "./deal.js";
import { riverExtraMattersNot } from "./riverExtra.js";
import { extraCardJudged, riverBoardFinal, runOutEndsOnJudgement } from "./board.js";
import { shortAtTheShowdown } from "./shortCalls.js";
import { takenBackAtTheEnd } from "./takenBack.js";
import { holdemPrivateView, holdemView } from "./view.js";

/** The flop games (hold'em, Omaha; no-limit, pot-limit, limit): button and blinds, the floor's level. */
export const holdem: Game = {
  positions(seating) {
    const { inGame, seatCount } = seating;
    if (seating.placedButton !== null) return positionsFromButton(seating.placedButton, inGame, seatCount);
    if (seating.lastPositions !== null) return nextPositions(seating.lastPositions, inGame, seatCount);
    const first = inGame[0];
    // No button placed and no hand played: the first player in seat order has the button.
    return first === undefined ? null : positionsFromButton(first, inGame, seatCount);
  },
  level: (floorLevel) => floorLevel,
  start(press) {
    const { session, events } = HandSession.start(handInit(press));
    const shows: HandShows = {
      game: "holdem",
      view: (held) => ({ game: "holdem", holdem: holdemView(session.context, held) }),
      privateView: () => holdemPrivateView(session.context),
      // The next hand's press clears the table: an ended hold'em hand is not shown.
      shownAfterEnd: false,
    };
    const hand = new SessionHand(session, {
      shows,
      dealerWork: () => holdemDealerWork(session.context),
      // A card taken off the board (a procedure under way) may end the hand when its report comes; so may
      // the rest of a short call the showdown waits for, reported by the pot a scan round late.
      // So may the deal: its order and counts are judged a scan round after the cards that show a misdeal;
      // and a run-out's river, judged a scan round after it came without a burn.
      mayEndOnAReport: () =>
        session.procedure !== "none" ||
        shortAtTheShowdown(session.context) ||
        session.context.timers.some((t) => DEAL_JUDGEMENTS.has(t.kind)) ||
        runOutEndsOnJudgement(session.context),
      chipsToCome: () => chipsToCome(session.context),
      // The dealer ends a showdown that waits only for a debt with the press (./pressOwing.ts), and a
      // run-out whose extra card is still judged (./board.ts extraCardAtThePress: as the deck check does).
      // So does a press while the seat to act took chips back (./chips.ts takenBackReadAtTheEnd), and one
      // while the first card's judgement waits for the collection (./deal.ts firstCardAtThePress), and a
      // run-out's river that two cards came for, when either gives the same awards (./riverExtra.ts).
      pressEnds: () =>
        firstCardPutOff(session.context) ||
        riverExtraMattersNot(session.context) ||
        waitsOnlyOnDebts(session.context) ||
        extraCardJudged(session.context) ||
        takenBackAtTheEnd(session.context) !== null,
      owedAtTheEnd: () => session.context.owedAtTheEnd.map((o) => ({ ...o })),
      // The dealer collects the river's board only at the end (./observe.ts: chips taken back are read
      // as the call then); so bets whose chips left unread, still in the reading's window, are read too.
      boardCollectionEnds: () => riverBoardFinal(session.context),
      // The deal's judgements may hold it for a misdeal; a card of a leftover's face, for a void.
      judgingAHold: () => session.context.timers.some((t) => HOLD_JUDGEMENTS.has(t.kind)),
    });
    return { hand, events };
  },
};

/**
 * The judgements of the deal (./deal.ts) that may show a misdeal; and the last hand's cards still listed
 * at the press (DECK_NOT_COLLECTED), which hold the deal's judgements until they are known collected or
 * not (a press then was refused before the misdeal it declared was told: three readers, 5 missed scans,
 * `--focus` seed 75 at 700 ms rounds, hand 8110, and every later hand lost).
 */
const DEAL_JUDGEMENTS = new Set([
  "firstCard",
  "dealtOut",
  "cardCount",
  "exposed",
  "deckCollected",
  "collecting",
]);

/** The judgements that may hold the hand for the floor: the deal's, and a copy of a leftover's face (./leftoverCopy.ts). */
const HOLD_JUDGEMENTS = new Set([...DEAL_JUDGEMENTS, "leftoverCopy"]);

/**
 * Hold'em's work after a hand: in a raked cash game, a hand played out puts on the plate what the
 * schedule took from its pot (its `hand_end.rake`; 0 under "no flop, no drop", and the plate is
 * still read). A misdeal or a void took no rake.
 */
export function holdemDealerWork(h: HandContext): DealerWork {
  const rake = h.result === "complete" ? handRake(h) : null;
  return rake === null ? NO_DEALER_WORK : { kind: "rake", rake: { due: rake.due, how: rake.how } };
}

/**
 * A hand the `allin` key ended (a call that closed the betting, at the key's moment): the chips it
 * counted for that seat that its zone had not shown by then. The player puts them out after the key.
 */
export function chipsToCome(h: HandContext): Record<number, number> {
  const key = h.lastAllInKey;
  if (key === null || key.t !== h.t || h.result !== "complete") return {};
  const owed = uncountedRoom(h, key.seat, key.street);
  return owed > 0 ? { [key.seat]: owed } : {};
}
