/**
 * What the Three Card Poker table says: the TCP detections of the catalogue (shared/spec/events.md)
 * and the two codes this game adds, with the steps the dealer follows; and raising and clearing
 * them once per code and box.
 */
import type { RulingName } from "../../contract/input.js";
import { floorOpRejected } from "../../contract/alerts.js";
import type { AlertEvent } from "../../contract/output.js";
import { alert } from "../alerts.js";
import type { HandOwner, TcpExtraCode } from "./context.js";

const MISDEAL_STEPS = [
  "Stop dealing",
  "Call the floor",
  "If the floor declares a misdeal: collect every card, press the shuffler and deal again; the bets stay",
];

/** A hand with a card too many is a misdeal whatever the floor sees: nothing to continue. */
const TOO_MANY_STEPS = [
  "Stop dealing",
  "Call the floor: a hand with a card too many is a misdeal (the floor declares it, or voids the hand)",
  "When the floor has declared the misdeal: collect every card, press the shuffler and deal again; the bets stay",
];

/** The rulings a hand with a card too many takes (the alert says so: the floor page offers only these). */
const TOO_MANY_RULINGS: RulingName[] = ["misdeal", "void"];

/** The codes this game adds are in the one catalogue too (src/contract/alerts.ts). */
function extra(t: number, code: TcpExtraCode, text: string, steps: string[], seat?: number): AlertEvent {
  return alert(t, code, text, steps, seat);
}

const whose = (owner: HandOwner) => (owner === "dealer" ? "the dealer" : `box ${owner}`);

/** The words for each Three Card Poker detection. */
export const tcpSay = {
  /** `tooMany`: the dealer or a box in the hand holds more cards than the game deals (no `continue`). */
  cardCount: (t: number, owner: HandOwner, cards: number, why: string, tooMany: boolean): AlertEvent => {
    const said = alert(
      t,
      "MISDEAL_CARD_COUNT",
      `Misdeal: ${whose(owner)} holds ${cards} card${cards === 1 ? "" : "s"}; ${why}`,
      tooMany ? TOO_MANY_STEPS : MISDEAL_STEPS,
      owner === "dealer" ? undefined : owner,
    );
    return tooMany ? { ...said, rulings: [...TOO_MANY_RULINGS] } : said;
  },
  /**
   * Cards on a box with no bet. The rules make a misdeal of a wrong count "dealt to the dealer or to any
   * player"; a box with no bet is neither, so the floor may let the deal stand (src/hand/tcp/deal.ts
   * strayCards says why): the steps say what the dealer does with the card under each ruling.
   */
  strayCards: (t: number, box: number, dealt: number, cards: number): AlertEvent => {
    const them = cards === 1 ? "card" : "cards";
    return alert(
      t,
      "MISDEAL_CARD_COUNT",
      `Box ${box} has no bet and was dealt ${dealt} card${dealt === 1 ? "" : "s"}: no player's hand`,
      [
        "Stop dealing",
        `Call the floor: box ${box} has no bet, so its ${them} ${cards === 1 ? "is" : "are"} no player's hand`,
        `If the floor lets the deal stand (continue): put box ${box}'s ${them} in the discard (the muck), not ` +
          `on any hand, and deal on from the stub to the boxes with a bet; box ${box} gets no more cards`,
        MISDEAL_STEPS[2]!,
      ],
      box,
    );
  },
  /** The floor's `continue` on a hold while a hand holds a card too many: refused, and why. */
  continueRefused: (t: number, owner: HandOwner, cards: number) =>
    floorOpRejected(
      t,
      "ruling",
      `continue cannot be ruled: ${whose(owner)} holds ${cards} cards, and "an incorrect number of cards ` +
        `dealt to the dealer or to any player is a misdeal" (Three Card Poker rules): the hand cannot be ` +
        `played with the cards as they lie. Rule misdeal (every card collected, the bets stay, the hand ` +
        `dealt again) or void the hand`,
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
