/**
 * Error injection: one injector per alert code of the catalogue (what to do wrong, the ground truth,
 * then the correct procedure), and the plan that spreads them over the hands of a run.
 */
import { type AlertCode, CATALOGUE, isAlertCode } from "../hand/alerts.js";
import type { Injector } from "./hooks.js";
import {
  boardTooMany,
  burnMissing,
  burnUnexpected,
  fourCard,
  prematureFlop,
  prematureRiver,
  prematureTurn,
} from "./injectBoard.js";
import { handDead, outOfTurn, readerOffline, undercall, underraise } from "./injectBetting.js";
import {
  cardCount,
  deckNotCollected,
  dealtOut,
  duplicate,
  exposed,
  firstCard,
  foreign,
  notEntitled,
} from "./injectDeal.js";
import { deckCheck } from "./injectDeckCheck.js";
import { chance, type Rng } from "./random.js";

/** The injectors of the flop games, by the code they must raise. */
export const FLOP_INJECTORS: Partial<Record<AlertCode, (rng: Rng) => Injector>> = {
  MISDEAL_FIRST_CARD: firstCard,
  MISDEAL_NOT_ENTITLED: notEntitled,
  MISDEAL_DEALT_OUT: dealtOut,
  MISDEAL_EXPOSED: exposed,
  MISDEAL_CARD_COUNT: cardCount,
  HAND_DEAD: handDead,
  FOUR_CARD_FLOP: fourCard,
  PREMATURE_FLOP: prematureFlop,
  PREMATURE_TURN: prematureTurn,
  PREMATURE_RIVER: prematureRiver,
  BURN_MISSING: burnMissing,
  BURN_UNEXPECTED: burnUnexpected,
  DUPLICATE_CARD: duplicate,
  FOREIGN_CARD: foreign,
  DECK_NOT_COLLECTED: deckNotCollected,
  ACTION_OUT_OF_TURN: outOfTurn,
  UNDERCALL: undercall,
  UNDERRAISE: underraise,
  READER_OFFLINE: readerOffline,
  BOARD_TOO_MANY: boardTooMany,
  DECK_CHECK_RESULT: deckCheck,
};

/** Codes with a ground truth of their own that are not injected: the rules call for them in play. */
export const OBSERVED_CODES: readonly AlertCode[] = ["ALLIN_TABLE_HANDS"];

/** Feltguard's own codes, not in the contract's catalogue: any of them in a run is a false alert. */
const ADDED_CODES: readonly AlertCode[] = [
  "UNKNOWN_TAG",
  "SHUFFLER_DURING_HAND",
  "ACTION_REJECTED",
  "INPUT_NOT_APPLIED",
];

/**
 * Detections the simulator does not judge yet: the Three Card Poker bet checks have no injector or
 * ground truth (a run would list them as never raised).
 */
const NOT_JUDGED: readonly AlertCode[] = ["TCP_BET_INVALID", "TCP_PLAYER_EXPOSED"];

/**
 * The codes a run judges: the catalogue's detections (not the table's notices) in its order, the
 * contract's first, then Feltguard's own detections.
 */
export const CATALOGUE_CODES: readonly AlertCode[] = (Object.keys(CATALOGUE) as AlertCode[]).filter(
  (c) => CATALOGUE[c].kind === "detection" && !ADDED_CODES.includes(c) && !NOT_JUDGED.includes(c),
);

/** Parses `--inject`: `all`, `none`, or codes separated by commas. Throws on an unknown code. */
export function parseInject(spec: string, available: readonly AlertCode[]): AlertCode[] {
  const s = spec.trim();
  if (s === "" || s === "none") return [];
  if (s === "all") return [...available];
  return s.split(",").map((raw) => {
    const code = raw.trim().toUpperCase();
    if (!isAlertCode(code)) throw new Error(`--inject: ${raw} is not an alert code`);
    if (!available.includes(code)) throw new Error(`--inject: ${code} cannot be injected in this game`);
    return code;
  });
}

/**
 * Which error the next hand carries. About half the hands are clean (they check for false alerts);
 * the others take the codes in turn. A code whose moment never came in a hand (a premature river in a
 * hand that ended pre-flop) stays first in line, for a while.
 */
export class InjectionPlan {
  private next = 0;
  private tries = 0;

  constructor(
    private readonly codes: readonly AlertCode[],
    private readonly factories: Partial<Record<AlertCode, (rng: Rng) => Injector>>,
    private readonly rng: Rng,
    private readonly rate = 0.5,
  ) {}

  /** The injector for the next hand, or null for a clean hand. */
  forHand(): Injector | null {
    const code = this.codes[this.next];
    if (code === undefined || !chance(this.rng, this.rate)) return null;
    const make = this.factories[code];
    return make ? make(this.rng) : null;
  }

  /** After the hand: whether the error could be made. */
  done(injector: Injector | null, made: boolean): void {
    if (injector === null) return;
    this.tries += 1;
    if (made || this.tries >= 25) {
      this.next = (this.next + 1) % this.codes.length;
      this.tries = 0;
    }
  }
}
