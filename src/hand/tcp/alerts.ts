/**
 * What the Three Card Poker table says: the TCP detections of the catalogue (shared/spec/events.md)
 * and the two codes this game adds, with the steps the dealer follows; and raising and clearing
 * them once per code and box.
 */
import type { AlertEvent } from "../../contract/output.js";
import { alert } from "../alerts.js";
import type { HandOwner, TcpExtraCode } from "./context.js";

const MISDEAL_STEPS = [
  "Stop dealing",
  "Call the floor",
  "If the floor declares a misdeal: collect every card, press the shuffler and deal again; the bets stay",
];

/** The codes this game adds are in the one catalogue too (src/contract/alerts.ts). */
function extra(t: number, code: TcpExtraCode, text: string, steps: string[], seat?: number): AlertEvent {
  return alert(t, code, text, steps, seat);
}

const whose = (owner: HandOwner) => (owner === "dealer" ? "the dealer" : `box ${owner}`);

/** The words for each Three Card Poker detection. */
export const tcpSay = {
  cardCount: (t: number, owner: HandOwner, cards: number, why: string) =>
    alert(
      t,
      "MISDEAL_CARD_COUNT",
      `Misdeal: ${whose(owner)} holds ${cards} card${cards === 1 ? "" : "s"}; ${why}`,
      MISDEAL_STEPS,
      owner === "dealer" ? undefined : owner,
    ),
  dealerExposed: (t: number) =>
    alert(t, "TCP_DEALER_EXPOSED", "Misdeal: one of the dealer's cards was exposed", MISDEAL_STEPS),
  playerExposed: (t: number, box: number) =>
    extra(
      t,
      "TCP_PLAYER_EXPOSED",
      `A card of box ${box} was exposed: this is not a misdeal`,
      ["Turn the card over and leave it with box " + box, "Continue the deal"],
      box,
    ),
  blindPlayMissing: (t: number, box: number, ante: number) =>
    alert(
      t,
      "TCP_BLIND_PLAY_MISSING",
      `Box ${box} is played blind and has an Ante of ${ante} but no equal Play bet`,
      [
        `Have the player put ${ante} on Play of box ${box} before he decides anything else`,
        "Call the floor if he refuses",
      ],
      box,
    ),
  /** The Play put down on an owing blind box is not equal to its Ante: still no Play bet. */
  blindPlayWrong: (t: number, box: number, ante: number, play: number) =>
    alert(
      t,
      "TCP_BLIND_PLAY_MISSING",
      `Box ${box} is played blind: its Play holds ${play}, not the ${ante} of its Ante, so it has no Play bet yet`,
      [
        `Make box ${box}'s Play exactly ${ante}, before the player decides anything else`,
        "Call the floor if he refuses",
      ],
      box,
    ),
  betAfterDeal: (t: number, box: number) =>
    alert(
      t,
      "TCP_BET_AFTER_DEAL",
      `The bets of box ${box} changed after the first card was drawn`,
      [
        `Put box ${box}'s bets back as they were when the first card was drawn`,
        `Call the floor: the hand waits for the ruling (continue with the bets as they were, or box ${box} dead)`,
      ],
      box,
    ),
  /** `still`: told again after the dealer changed the bets and they are not right yet. */
  betInvalid: (t: number, box: number, problems: string[], still = false) =>
    extra(
      t,
      "TCP_BET_INVALID",
      `Box ${box}${still ? ", not right yet" : ""}: ${problems.join("; ")}`,
      [`Bring box ${box}'s bets within the rules and the table limits`, "Call the floor if in doubt"],
      box,
    ),
};

// Raising and clearing once per code and box: the same ledger as hold'em (../emit.ts).
export { anyOpen, clear, clearCode as clearAll, isOpen, raise } from "../emit.js";
