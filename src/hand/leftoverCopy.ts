/**
 * A card dealt anew whose face is already held by a card of the last hand, listed on its seat and read
 * as dealt again there (or the other way round: the leftover read as dealt again after the new card),
 * before the readers' lag after the press has said whether that leftover was the collected card, listed
 * K scans late. After a duplicate voids a hand (IPC 29), its extra copy is taken out and the deck's copy
 * dealt again: the two are one face in play only if the leftover stays. So the new copy is read as
 * dealt, and DUPLICATE_CARD waits for the collection's judgement: told then if the leftover is still on
 * its seat, never if it left (six seats, reading.missedScans 5, `--focus` seed 42 at 600 ms rounds, hand
 * 8923: a false DUPLICATE_CARD, the deal never whole, rule 14 never told).
 */
import type { Card } from "../rules/cards.js";
import type { HandContext } from "./context.js";
import { collectionDue } from "./dealtPast.js";
import { duplicateInPlay } from "./deck.js";
import { schedule, waiting } from "./timers.js";

/** The seat a leftover read as dealt again is held on, or null when `known` is no such card. */
function seatHolding(h: HandContext, known: string): number | null {
  const where = h.staleWhere[known];
  if (where === undefined || !where.startsWith("seat")) return null;
  const seat = Number(where.slice(4));
  return (h.hole[seat] ?? []).includes(known) ? seat : null;
}

/**
 * `tag`, of the face `known` holds, arrived on `antenna`: whether it waits for the collection's judgement
 * (`known` a leftover that may be the collected card). Then it is read as dealt, and judged at that time.
 */
export function copyOfALeftover(
  h: HandContext,
  known: string,
  tag: string,
  card: Card,
  antenna: string,
): boolean {
  const due = collectionDue(h);
  if (due === null || waiting(h, "leftoverCopy") !== undefined) return false;
  // Either copy may be the leftover: the one in play, or the one arriving, a last hand's card on its own
  // seat read as dealt again only now (three readers, 5 missed scans, `--focus` seed 98 at 700 ms rounds,
  // hand 6284: the voided hand's Qd dealt to seat 2, then its extra Qd/2, still listed on seat 3 beside
  // seat 3's new card; a false DUPLICATE_CARD, the hand held and lost).
  const arrivingLeftover = antenna.startsWith("seat") && h.staleWhere[tag] === antenna;
  const leftover = seatHolding(h, known) !== null ? known : arrivingLeftover ? tag : null;
  if (leftover === null) return false;
  schedule(h, { kind: "leftoverCopy", due, since: h.t, leftover, tag, card, antenna });
  return true;
}

/**
 * The collection's judgement has come (./judgements.ts runs it first): the leftover still on its seat was
 * dealt again, and the new copy is a second card of its face; gone, the new copy is the face's card.
 */
export function judgeLeftoverCopy(
  h: HandContext,
  timer: { since: number; leftover: string; tag: string; card: Card; antenna: string },
): void {
  const due = collectionDue(h);
  if (due !== null) {
    // Put off again (a deal that may still show cards dealt again unseen): so is this.
    schedule(h, { kind: "leftoverCopy", ...timer, due });
    return;
  }
  if (seatHolding(h, timer.leftover) === null) {
    if (timer.leftover !== timer.tag && !h.faces.has(timer.card)) h.faces.set(timer.card, timer.tag);
    return;
  }
  duplicateInPlay(h, timer.antenna);
}
