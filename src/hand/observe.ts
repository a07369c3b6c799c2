/**
 * Routing what the table reader saw to the parts of the hand that care: hole cards, board, burn,
 * muck, bet zones — after the deck checks (IPC 29) and the last hand's leftover cards.
 */
import { say } from "./alerts.js";
import { boardCardLeft, boardCardsArrived, burnArrived } from "./board.js";
import { betZoneSettled, chipsTakenBack, potGained, readShortPush } from "./chips.js";
import { cardMucked } from "./turn.js";
import { readingNotice } from "./readingAlerts.js";
import type { HandContext } from "./context.js";
import { holeCardArrived } from "./deal.js";
import { checkArrival, dropStale } from "./deck.js";
import { raise } from "./emit.js";
import { askHold } from "./hold.js";
import { waiting } from "./timers.js";
import type { Observation } from "../reading/observations.js";
import type { Card } from "../rules/cards.js";

const SEAT = /^seat(\d+)$/;
const BET = /^bet(\d+)$/;

/** The seat number of a `seat<N>` antenna, or null. */
export function seatOfAntenna(antenna: string | null): number | null {
  const m = antenna === null ? null : SEAT.exec(antenna);
  return m ? Number(m[1]) : null;
}

/**
 * Bet zones read together (one sweep, one report) are taken in the order of play from the seat to act:
 * the readers report them in channel order, not in the order the players acted.
 */
function inOrderOfPlay(h: HandContext, observations: readonly Observation[]): Observation[] {
  const order = h.betting.seats.map((s) => s.seat);
  const from = h.betting.toAct === null ? 0 : Math.max(0, order.indexOf(h.betting.toAct));
  const rank = (o: Observation) => {
    const m = o.type === "zone_settled" ? BET.exec(o.antenna) : null;
    const i = m ? order.indexOf(Number(m[1])) : -1;
    return i < 0 ? order.length : (i - from + order.length) % order.length;
  };
  const out: Observation[] = [];
  let run: Observation[] = [];
  const flush = () => {
    out.push(...run.sort((a, b) => rank(a) - rank(b)));
    run = [];
  };
  for (const o of observations) {
    if (o.type === "zone_settled" && BET.test(o.antenna)) run.push(o);
    else {
      flush();
      out.push(o);
    }
  }
  flush();
  return out;
}

/** Handles the observations of one input event, in order (bet zones read together: in order of play). */
export function observe(h: HandContext, input: readonly Observation[]): void {
  const observations = input.some((o) => o.type === "zone_settled") ? inOrderOfPlay(h, input) : input;
  const boardBatch: { tag: string; card: Card }[] = [];
  let unreadBets = false;
  const flushBoard = () => {
    if (boardBatch.length > 0) boardCardsArrived(h, boardBatch.splice(0), unreadBets);
  };
  for (const o of observations) {
    if (o.type !== "card_arrived" || o.antenna !== "board") flushBoard();
    if (!completesShortPush(h, o)) readShortPush(h);
    switch (o.type) {
      case "card_arrived": {
        // A card of the last hand that moves is collected or dealt again: a new card of this hand,
        // from nowhere (not a card slid from the seat it lay on in the last hand).
        const lastHands = h.stale.includes(o.tag);
        if (lastHands) dropStale(h, o.tag);
        if (!checkArrival(h, o, lastHands)) break;
        if (o.antenna === "board") {
          boardBatch.push({ tag: o.tag, card: o.card });
          unreadBets ||= o.unreadBets === true;
        } else cardArrived(h, o.tag, o.antenna, lastHands ? null : o.from);
        break;
      }
      case "card_departed":
        if (h.stale.includes(o.tag)) dropStale(h, o.tag);
        else if (o.antenna === "board") boardCardLeft(h, o.tag);
        break;
      case "foreign_card":
        if (raise(h, say.foreignCard(h.t, o.antenna, o.reason)))
          askHold(h, { kind: "void", code: "FOREIGN_CARD" }, h.t);
        break;
      case "unknown_tag":
        raise(h, say.unknownTag(h.t, o.antenna, o.tag));
        break;
      case "zone_settled": {
        const seat = BET.exec(o.antenna);
        if (seat) betZoneSettled(h, Number(seat[1]), o.chips, o.sweptWith ?? [], o.changedAt);
        break;
      }
      case "chips_taken_back": {
        const seat = BET.exec(o.antenna);
        if (seat) chipsTakenBack(h, Number(seat[1]), o.total);
        break;
      }
      case "pot_gained":
        potGained(h, o.chips);
        break;
      default:
        readingNotice(h, o);
    }
  }
  flushBoard();
}

/**
 * Whether an observation may be the rest of a short push still waiting for the pot: chips the pot
 * gained unseen. Anything else (the same zone again included) comes after the push as it stood.
 */
function completesShortPush(h: HandContext, o: Observation): boolean {
  return o.type === "pot_gained" || waiting(h, "shortPush") === undefined;
}

function cardArrived(h: HandContext, tag: string, antenna: string, from: string | null): void {
  const seat = seatOfAntenna(antenna);
  if (seat !== null) {
    // A card slid from one seat antenna to the next is not a new card.
    if (seatOfAntenna(from) === null) holeCardArrived(h, seat, tag);
    return;
  }
  if (antenna === "burn") burnArrived(h, tag, from === "board");
  else if (antenna === "muck") {
    const folder = seatOfAntenna(from);
    if (folder !== null) cardMucked(h, folder);
    else if (from === "board") boardCardLeft(h, tag);
  }
}
