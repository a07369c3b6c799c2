/**
 * Routing what the table reader saw to the Three Card Poker hand: cards on the boxes and the
 * dealer, cards to the muck (folds), chip zones (bets), after the deck checks (IPC 29) and the
 * last hand's leftover cards.
 */
import type { Card } from "../../rules/cards.js";
import { say } from "../alerts.js";
import type { Observation } from "../../reading/observations.js";
import { checkArrival, dropStale } from "../deck.js";
import { askHold } from "../hold.js";
import { readingNotice } from "../readingAlerts.js";
import { raise } from "./alerts.js";
import { zoneSettled } from "./bets.js";
import { type HandOwner, type TcpContext, wagerZone } from "./context.js";
import { dealEnded, handCardArrived, lastHandsCardLeft } from "./deal.js";
import { foldBox } from "./decide.js";

/** The box of a `seat<N>` antenna, "dealer" for the dealer's, else null. */
export function ownerOfAntenna(antenna: string | null): HandOwner | null {
  if (antenna === "dealer") return "dealer";
  const m = antenna === null ? null : /^seat([1-9]\d*)$/.exec(antenna);
  return m ? Number(m[1]) : null;
}

/** Handles the observations of one input event, in order. */
export function observe(h: TcpContext, observations: readonly Observation[]): void {
  for (const o of observations) {
    switch (o.type) {
      case "card_arrived": {
        // A card of the last hand that moves is collected or dealt again: a new card of this hand,
        // from nowhere (not a card slid from the seat it lay on in the last hand).
        const lastHands = h.stale.includes(o.tag);
        if (lastHands) dropStale(h, o.tag);
        if (!checkArrival(h, o, lastHands)) break;
        cardArrived(h, o.tag, o.card, o.antenna, lastHands ? null : o.from);
        break;
      }
      case "card_departed": {
        if (h.stale.includes(o.tag)) dropStale(h, o.tag);
        const owner = ownerOfAntenna(o.antenna);
        if (typeof owner === "number") lastHandsCardLeft(h, owner, o.tag);
        break;
      }
      case "foreign_card":
        // (No time for the card: Three Card Poker has no chips read against it.)
        if (raise(h, say.foreignCard(h.t, o.antenna, o.reason)))
          askHold(h, { kind: "void", code: "FOREIGN_CARD" });
        break;
      case "unknown_tag":
        raise(h, say.unknownTag(h.t, o.antenna, o.tag));
        break;
      case "zone_settled":
        chipsSettled(h, o.antenna, o.total, o.changedAt);
        break;
      default:
        readingNotice(h, o);
    }
  }
}

function chipsSettled(h: TcpContext, antenna: string, total: number, changedAt?: number): void {
  zoneSettled(h, antenna, total, changedAt);
  const zone = wagerZone(antenna);
  const box = zone ? h.boxes[zone.box] : undefined;
  // An open box's Play bet is its decision: the deal must be over by then.
  if (zone?.wager === "play" && box && !box.blind && box.bets.play > 0) dealEnded(h);
}

function cardArrived(h: TcpContext, tag: string, card: Card, antenna: string, from: string | null): void {
  const owner = ownerOfAntenna(antenna);
  if (owner !== null) {
    const fromBox = ownerOfAntenna(from);
    // A card slid from one hand's antenna to another's is not a new card, unless it was the last hand's
    // card read as dealt again on its box and is in fact the collected card dealt again elsewhere (the
    // reading does so for seats; the dealer's hand is Three Card Poker's own).
    if (fromBox === null || (typeof fromBox === "number" && lastHandsCardLeft(h, fromBox, tag)))
      handCardArrived(h, owner, tag, card);
    return;
  }
  if (antenna === "muck") {
    const folder = ownerOfAntenna(from);
    if (typeof folder === "number") foldBox(h, folder);
  }
  // Cards anywhere else (a burn, if the house burns) are not part of any hand.
}
