/**
 * The hold'em hand's judgements that waited for the readers (timers.ts), run when they fall due:
 * the order of the deal, an exposed card, board cards against burns and the betting round, and the
 * last hand's cards at the shuffler press, a push short of the call. Each is judged on what the readers reported by then.
 */
import {
  judgeBoard,
  judgeExtraBurnStands,
  judgeExtraDealtAgain,
  judgeLateBurn,
  judgePrematureStands,
} from "./board.js";
import { readChipsBetweenRounds, readShortPush, readVoidedChips } from "./chips.js";
import { tellShortCallsPulled } from "./shortCalls.js";
import { takenBackWaitOver } from "./takenBack.js";
import { judgeLeftoverCopy } from "./leftoverCopy.js";
import { foldStillOutOfTurn } from "./turn.js";
import type { HandContext } from "./context.js";
import { completeIfWhole, judgeDealOrder, judgeDealtOut, judgeFirstCard } from "./deal.js";
import { handsDealtAgainUnseen } from "./dealtAgain.js";
import { judgeCardCount } from "./cardCount.js";
import { judgeExposed } from "./exposed.js";
import { judgeDeckCollected, loneLeftovers } from "./deck.js";
import { isOpen } from "./emit.js";
import { afterOneRound, departureKnown, schedule, takeDue } from "./timers.js";

/** Runs every judgement due at the hand's time, earliest first (`inputEnded`: nothing more will be reported). */
export function runDueJudgements(h: HandContext, inputEnded = false): void {
  for (const timer of takeDue(h, h.t)) {
    switch (timer.kind) {
      case "firstCard":
        judgeFirstCard(h, timer.seat, timer.putOff, timer.since);
        break;
      case "dealtOut":
        judgeDealtOut(h, timer.seat, timer.putOff, timer.since);
        break;
      case "cardCount":
        judgeCardCount(h, timer.seat);
        break;
      case "exposed":
        judgeExposed(h, timer);
        break;
      case "board":
        judgeBoard(h, timer.before);
        break;
      case "deckCollected":
        handsDealtAgainUnseen(h);
        if (!inputEnded && dealtAgainMayShow(h))
          schedule(h, { kind: "deckCollected", due: afterOneRound(h), since: timer.since });
        else {
          judgeDeckCollected(h);
          // Its `since` (as every judgement's): only chips out before it are read when it runs; a later
          // bet's window is its own (missedScans 5, seed 207 at 600 ms: without it, a call put out in two
          // motions was read at its first, a false UNDERCALL).
          if (isOpen(h, "DECK_NOT_COLLECTED"))
            schedule(h, { kind: "collecting", due: departureKnown(h), since: h.t });
          // A last hand's card on its seat, read as dealt again, has stayed: the deal may be whole, or
          // may have gone past a seat.
          completeIfWhole(h);
          judgeDealOrder(h);
        }
        break;
      case "collecting":
        completeIfWhole(h);
        judgeDealOrder(h);
        break;
      case "leftoverCopy":
        judgeLeftoverCopy(h, timer);
        break;
      case "prematureStands":
        judgePrematureStands(h, timer.tags);
        break;
      case "extraBurnStands":
        judgeExtraBurnStands(h, timer.tag, timer.street);
        break;
      case "shortCallsPulled":
        tellShortCallsPulled(h);
        break;
      case "extraDealtAgain":
        judgeExtraDealtAgain(h);
        break;
      case "lateBurn":
        judgeLateBurn(h, timer.tag, timer.street, timer.next);
        break;
      case "chipsBetweenRounds":
        readChipsBetweenRounds(h);
        break;
      case "shortPush":
        readShortPush(h, timer);
        break;
      case "voidedChips":
        readVoidedChips(h, timer);
        break;
      case "takenBackWait":
        takenBackWaitOver(h, timer);
        break;
      case "foldOutOfTurn":
        foldStillOutOfTurn(h, timer.seat);
        break;
    }
  }
}

/**
 * The deal is under way and a seat in it still lists a lone card of the last hand: that card may be
 * its card dealt again, unseen (src/hand/dealtAgain.ts `dealtAgainUnseen`), which shows once the deal has
 * gone past the seat and its order is judged. The collection is judged after that, a scan round at a
 * time, rather than at the readers' lag, which can run out between a card's report and its judgement.
 */
function dealtAgainMayShow(h: HandContext): boolean {
  if (h.cardsDealt === 0 || h.dealComplete) return false;
  return [...loneLeftovers(h).keys()].some((seat) => h.entitled.includes(seat));
}
