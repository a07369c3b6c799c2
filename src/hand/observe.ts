/**
 * Routing what the table reader saw to the parts of the hand that care: hole cards, board, burn,
 * muck, bet zones — after the deck checks (IPC 29) and the last hand's leftover cards.
 */
import { say } from "./alerts.js";
import { boardCardLeft, boardCardsArrived, burnArrived, burnLeft, riverBoardFinal } from "./board.js";
import {
  betZoneSettled,
  chipsTakenBack,
  potGained,
  readShortPush,
  readVoidedChips,
  takenBackReadAtTheEnd,
} from "./chips.js";
import { potRead } from "./potUnread.js";
import { cardMucked } from "./turn.js";
import { readingNotice } from "./readingAlerts.js";
import type { HandContext } from "./context.js";
import { holeCardArrived, lastHandsCardLeft } from "./deal.js";
import { checkArrival, dropStale } from "./deck.js";
import { raise } from "./emit.js";
import { askHold } from "./hold.js";
import { copyOfALeftover } from "./leftoverCopy.js";
import { waiting } from "./timers.js";
import type { Observation } from "../reading/observations.js";
import type { Card } from "../rules/cards.js";

const SEAT = /^seat(\d+)$/;
const BET = /^bet(\d+)$/;

/**
 * The seat number in an antenna's name, by pattern, worked out once per name: every card and bet zone
 * read asks (a match is a new array each time). The table's antennas are few; other names are not kept.
 */
function numberedAntenna(pattern: RegExp, known: Map<string, number | null>, antenna: string): number | null {
  let n = known.get(antenna);
  if (n === undefined) {
    const m = pattern.exec(antenna);
    n = m ? Number(m[1]) : null;
    if (known.size < 256) known.set(antenna, n);
  }
  return n;
}
const seatAntennas = new Map<string, number | null>();
const betZones = new Map<string, number | null>();

/** The seat number of a `seat<N>` antenna, or null. */
export function seatOfAntenna(antenna: string | null): number | null {
  return antenna === null ? null : numberedAntenna(SEAT, seatAntennas, antenna);
}

/** The seat number of a `bet<N>` zone, or null. */
function seatOfBetZone(antenna: string): number | null {
  return numberedAntenna(BET, betZones, antenna);
}

/**
 * Bet zones read together (one sweep, one report) are taken in the order of play from the seat to act:
 * the readers report them in channel order, not in the order the players acted.
 */
function inOrderOfPlay(h: HandContext, observations: readonly Observation[]): Observation[] {
  const order = h.betting.seats.map((s) => s.seat);
  const from = h.betting.toAct === null ? 0 : Math.max(0, order.indexOf(h.betting.toAct));
  const rank = (o: Observation) => {
    const seat = o.type === "zone_settled" ? seatOfBetZone(o.antenna) : null;
    const i = seat === null ? -1 : order.indexOf(seat);
    return i < 0 ? order.length : (i - from + order.length) % order.length;
  };
  const out: Observation[] = [];
  let run: Observation[] = [];
  const flush = () => {
    out.push(...run.sort((a, b) => rank(a) - rank(b)));
    run = [];
  };
  for (const o of observations) {
    if (o.type === "zone_settled" && seatOfBetZone(o.antenna) !== null) run.push(o);
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
  const observations = hasZoneSettled(input) ? inOrderOfPlay(h, input) : input;
  // Board cards read together are judged together; the batch is made only when one arrives (most inputs
  // have none: no list or closure for them).
  let boardBatch: { tag: string; card: Card }[] | null = null;
  let unreadBets = false;
  for (const o of observations) {
    if (boardBatch !== null && (o.type !== "card_arrived" || o.antenna !== "board")) {
      boardCardsArrived(h, boardBatch, unreadBets);
      boardBatch = null;
    }
    if (!completesShortPush(h, o)) readShortPush(h);
    if (comesAfterVoidedChips(h, o)) readVoidedChips(h);
    switch (o.type) {
      case "card_arrived": {
        // A card of the last hand that moves is collected or dealt again: a new card of this hand,
        // from nowhere (not a card slid from the seat it lay on in the last hand).
        const lastHands = h.stale.includes(o.tag);
        if (lastHands) dropStale(h, o.tag);
        const inDoubt = (known: string) => copyOfALeftover(h, known, o.tag, o.card, o.antenna);
        if (!checkArrival(h, o, lastHands, inDoubt, h.staleWhere[o.tag])) break;
        if (o.antenna === "board") {
          (boardBatch ??= []).push({ tag: o.tag, card: o.card });
          unreadBets ||= o.unreadBets === true;
        } else cardArrived(h, o.tag, o.antenna, lastHands ? null : o.from, o.unreadBets === true);
        break;
      }
      case "card_departed":
        if (h.stale.includes(o.tag)) {
          dropStale(h, o.tag);
          // Seen to leave: collected. Dealt again later, even to the same seat, it is simply this hand's.
          delete h.staleWhere[o.tag];
        } else if (o.antenna === "board") {
          // The dealer collects the river's board only at the end: chips the seat to act took back
          // went with the pot (sim --focus, settleWindowMs 900, seed 24 at 400 ms rounds: the board
          // reported gone 0.8 s after the call's zone, the shuffler pressed 2 s after it).
          if (riverBoardFinal(h)) takenBackReadAtTheEnd(h);
          boardCardLeft(h, o.tag);
        } else if (o.antenna === "burn") burnLeft(h, o.tag);
        else {
          const seat = seatOfAntenna(o.antenna);
          if (seat !== null) lastHandsCardLeft(h, seat, o.tag);
        }
        break;
      case "foreign_card":
        if (raise(h, say.foreignCard(h.t, o.antenna, o.reason)))
          askHold(h, { kind: "void", code: "FOREIGN_CARD" }, h.t);
        break;
      case "unknown_tag":
        raise(h, say.unknownTag(h.t, o.antenna, o.tag));
        break;
      case "zone_settled": {
        const seat = seatOfBetZone(o.antenna);
        if (seat !== null) betZoneSettled(h, seat, o.chips, o.sweptWith ?? [], o.changedAt);
        else if (o.antenna === "pot") potRead(h, o.chips);
        break;
      }
      case "chips_taken_back": {
        const seat = seatOfBetZone(o.antenna);
        if (seat !== null) chipsTakenBack(h, seat, o.chips, o.emptiedAt);
        break;
      }
      case "pot_gained":
        potGained(h, o.chips, o.strays);
        break;
      default:
        readingNotice(h, o);
    }
  }
  if (boardBatch !== null) boardCardsArrived(h, boardBatch, unreadBets);
}

/** Whether bet zones were read in this input (they are then put in the order of play). */
function hasZoneSettled(observations: readonly Observation[]): boolean {
  for (const o of observations) if (o.type === "zone_settled") return true;
  return false;
}

/**
 * Whether an observation leaves a short push waiting for the pot: chips the pot gained unseen (maybe
 * the rest of it), a bet zone read empty — the dealer sweeping, the very moment the rest goes in unseen
 * (sim: a table with 2 missed scans, seed 206 at 300 ms rounds: the sweep's first emptied zone read
 * the push as it stood, a false UNDERCALL cleared by the pot's report in the same input) — or a burn or
 * board card, what the dealer puts out right after sweeping, which the readers may report in the same
 * scan round as the pot, before it (events.md: a round's reports come in channel order). Anything else
 * (the same zone again included) comes after the push as it stood.
 */
function completesShortPush(h: HandContext, o: Observation): boolean {
  if (waiting(h, "shortPush") === undefined || o.type === "pot_gained") return true;
  if (o.type === "zone_settled" && o.chips.length === 0 && seatOfBetZone(o.antenna) !== null) return true;
  return o.type === "card_arrived" && (o.antenna === "burn" || o.antenna === "board");
}

/**
 * Whether an observation comes after a push that waits for its voided chips (./voidedChips.ts) and reads
 * it as it stood: another zone read, the pot's chips, a card put out. The same zone read again is the
 * wait's own; cards leaving (reported a lag late) say nothing of the order of play.
 */
function comesAfterVoidedChips(h: HandContext, o: Observation): boolean {
  const pending = waiting(h, "voidedChips");
  if (pending === undefined) return false;
  if (o.type === "zone_settled" || o.type === "chips_taken_back")
    return seatOfBetZone(o.antenna) !== pending.seat;
  return o.type === "pot_gained" || o.type === "card_arrived";
}

function cardArrived(
  h: HandContext,
  tag: string,
  antenna: string,
  from: string | null,
  unreadBets: boolean,
): void {
  const seat = seatOfAntenna(antenna);
  if (seat !== null) {
    // A card slid from one seat antenna to the next is not a new card.
    if (seatOfAntenna(from) === null) holeCardArrived(h, seat, tag);
    return;
  }
  if (antenna === "burn") burnArrived(h, tag, from === "board");
  else if (antenna === "muck") {
    const folder = seatOfAntenna(from);
    if (folder !== null) cardMucked(h, folder, unreadBets);
    else if (from === "board") boardCardLeft(h, tag);
  }
}
