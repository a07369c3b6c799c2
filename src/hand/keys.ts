/**
 * The dealer's keys as the hold'em chart takes them: one guard per kind of key, named after what it
 * does under the rules, and the function each transition calls. Every key reaching the hand does
 * something in every state of play (see machine.ts PLAY_INPUTS), so the split is by key, not by state.
 */
import type { ButtonName } from "../contract/input.js";
import type { Acknowledged, HandInput } from "./machineSession.js";
import { acknowledged } from "./emit.js";
import type { HandContext } from "./context.js";
import { boardSettledByAction, extraCardAtThePress } from "./board.js";
import { readWaitingPushes, takenBackReadAtTheEnd } from "./chips.js";
import { cardExposed } from "./exposed.js";
import { firstCardAtThePress } from "./deal.js";
import { riverExtraAtTheEnd } from "./riverExtra.js";
import { actionKey } from "./turn.js";
import { pressedOwing } from "./pressOwing.js";
import { beforeKey, undoKey } from "./undo.js";

type PlayerKey = "check" | "fold" | "raise" | "allin";
const PLAYER_KEYS: readonly ButtonName[] = ["check", "fold", "raise", "allin"];
const isPlayerKey = (key: ButtonName): key is PlayerKey => PLAYER_KEYS.includes(key);

type Keyed = { event: HandInput };
const pressed = (event: HandInput, test: (key: ButtonName) => boolean) =>
  event.type === "key" && test(event.key);

/** The hold'em chart's guards on the dealer's keys. */
export const KEY_GUARDS = {
  /** Issue 16: `undo` takes back the dealer's last key while the action has not moved on. */
  dealerTakesBack: ({ event }: Keyed) => pressed(event, (k) => k === "undo"),
  /**
   * The dealer keys a player's declaration (`check`, `fold`, `raise` declared, `allin`): betting by voice
   * (rule 40), for the seat to act (binding in turn, rule 50); between rounds it waits for the street.
   */
  dealerActsForTheSeat: ({ event }: Keyed) => pressed(event, isPlayerKey),
  /** r.33-6: a card exposed by dealer error during the deal (the first or second off the deck, or a second one). */
  dealerExposedACard: ({ event }: Keyed) => pressed(event, (k) => k === "exposed"),
};

/** `undo`: a push waiting (short of the call, or beside voided chips) was out before the key; then the last key is taken back. */
export function takeBackKey(h: HandContext): void {
  readWaitingPushes(h);
  undoKey(h);
}

/**
 * A player's key: the board cards waiting for the readers are as they are now (he acts on the street he
 * sees), then the key acts for the seat to act or waits for the street. It may be taken back.
 */
export function playerKey(h: HandContext, key: ButtonName): void {
  readWaitingPushes(h);
  beforeKey(h, key);
  if (!isPlayerKey(key)) return;
  boardSettledByAction(h);
  actionKey(h, key);
}

/** `exposed`: judged one scan round later, during the deal (deal.ts); it may be taken back. */
export function exposedKey(h: HandContext): void {
  readWaitingPushes(h);
  beforeKey(h, "exposed");
  cardExposed(h);
}

/**
 * Any other key (`ok`): the undo window closes, and a push waiting is read as it stood; the alert `ok`
 * acknowledged is no longer open. The core gives the hand a `shuffler` press it waited on (the readers'
 * lag), or one that ends it at once: a showdown waiting only for a seat's debt is settled by it
 * (./pressOwing.ts); a first card's judgement put off is made (./deal.ts firstCardAtThePress); a
 * run-out's river that two cards came for ends on either when it makes no difference (./riverExtra.ts).
 */
export function otherKey(h: HandContext, key: ButtonName, ack?: Acknowledged): void {
  readWaitingPushes(h);
  beforeKey(h, key);
  if (ack !== undefined) acknowledged(h, ack.code, ack.seat);
  // The deck check's key, too, says the dealer has ended the hand: chips taken back were the action.
  if (key === "shuffler" || key === "deckcheck") takenBackReadAtTheEnd(h);
  if (key === "shuffler") pressedOwing(h);
  if (key === "shuffler" || key === "deckcheck") extraCardAtThePress(h);
  if (key === "shuffler" || key === "deckcheck") riverExtraAtTheEnd(h);
  if (key === "shuffler") firstCardAtThePress(h);
}
