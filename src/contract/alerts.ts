/**
 * The alert catalogue: every code the product raises, with its severity, its rule and when it is
 * raised. The contract's codes (shared/spec/events.md, "Alert catalogue") keep the contract's words;
 * the project's own codes (the contract lets it add some) say `contract: false`. Every alert the
 * product says is built here ({@link alert}), so a code that is not in this table does not compile,
 * and docs/alerts.md is generated from it (test/contract/alerts.test.ts checks both).
 *
 * The rule is in one format: references separated by ", " or "; ", each a TDA rule ("r.33-A2",
 * "2019 r.53"), a recommended procedure ("RP-5A"), an IPC rule ("IPC 29"), a named procedure or
 * schedule ("burn procedure", "TCP rules", "house rake schedule"), or "—" when no rule applies.
 * The words the dealer reads for each detection are in src/hand/alerts.ts (`say`).
 *
 * Over 300 lines on purpose: it is one table, an entry of a few lines per code, best read whole.
 */
import type { AlertEvent } from "./output.js";

export type Severity = AlertEvent["severity"];

export interface CatalogueEntry {
  severity: Severity;
  /** The rule the alert cites, as it goes out in the event's `rule`. */
  rule: string;
  /** A detection of something wrong at the table, or a notice of the table's own (floor, journal, keys). */
  kind: "detection" | "notice";
  /** In the contract's catalogue; false: a project extension. */
  contract: boolean;
  /** When it is raised, in one line (the contract's "when" for its codes). */
  when: string;
}

export const CATALOGUE = {
  // The contract's catalogue (shared/spec/events.md), in the order the detection reports list it.
  MISDEAL_FIRST_CARD: {
    severity: "floor",
    rule: "2013 r.33-A2",
    kind: "detection",
    contract: true,
    when: "the first hole card lands on a seat other than the first seat to be dealt",
  },
  MISDEAL_NOT_ENTITLED: {
    severity: "floor",
    rule: "r.33-A3",
    kind: "detection",
    contract: true,
    when: "a hole card lands on a seat not entitled to a hand",
  },
  MISDEAL_DEALT_OUT: {
    severity: "floor",
    rule: "r.33-A4",
    kind: "detection",
    contract: true,
    when: "the deal goes on past a seat entitled to a hand that got no card, or ends without it",
  },
  MISDEAL_EXPOSED: {
    severity: "floor",
    rule: "r.33-A1, A6",
    kind: "detection",
    contract: true,
    when: "the first or second card of the deal, or a second card during the deal, is exposed (`exposed` key)",
  },
  MISDEAL_CARD_COUNT: {
    severity: "floor",
    rule: "house; TCP rules",
    kind: "detection",
    contract: true,
    when: "a seat (or, in Three Card Poker, the dealer) holds more cards than the game deals, before substantial action",
  },
  HAND_DEAD: {
    severity: "floor",
    rule: "r.33-D, 2017 addendum",
    kind: "detection",
    contract: true,
    when: "after substantial action, a seat holds the wrong number of cards, or the floor rules it dead",
  },
  FOUR_CARD_FLOP: {
    severity: "floor",
    rule: "r.35",
    kind: "detection",
    contract: true,
    when: "the board holds four cards before anyone has acted on the flop and no new burn was placed",
  },
  PREMATURE_FLOP: {
    severity: "floor",
    rule: "RP-5A",
    kind: "detection",
    contract: true,
    when: "a board card appears before the pre-flop betting round is complete",
  },
  PREMATURE_TURN: {
    severity: "floor",
    rule: "RP-5B",
    kind: "detection",
    contract: true,
    when: "a fourth board card appears while the flop betting round is not complete (and it is not a four-card flop)",
  },
  PREMATURE_RIVER: {
    severity: "floor",
    rule: "RP-5C",
    kind: "detection",
    contract: true,
    when: "a fifth board card appears while the turn betting round is not complete",
  },
  BURN_MISSING: {
    severity: "dealer",
    rule: "burn procedure",
    kind: "detection",
    contract: true,
    when: "a street's first board card appears with no new burn card since the last street, when a burn was due",
  },
  BURN_UNEXPECTED: {
    severity: "dealer",
    rule: "r.35, RP-5",
    kind: "detection",
    contract: true,
    when: 'a new burn card appears where the procedure in force says "no burn"',
  },
  DUPLICATE_CARD: {
    severity: "floor",
    rule: "IPC 29",
    kind: "detection",
    contract: true,
    when: "two tags of the same face are in play in one hand",
  },
  FOREIGN_CARD: {
    severity: "floor",
    rule: "IPC 29",
    kind: "detection",
    contract: true,
    when: "a card of another deck, or an unknown card tag, is in play",
  },
  DECK_NOT_COLLECTED: {
    severity: "dealer",
    rule: "r.21",
    kind: "detection",
    contract: true,
    when: "the shuffler is pressed while cards of the last hand are still on a seat, the board, burn or muck antenna",
  },
  ACTION_OUT_OF_TURN: {
    severity: "dealer",
    rule: "2019 r.53",
    kind: "detection",
    contract: true,
    when: "chips land in front of a seat that is not to act",
  },
  UNDERCALL: {
    severity: "dealer",
    rule: "2019 r.51",
    kind: "detection",
    contract: true,
    when: "a seat puts out less than the call without going all-in",
  },
  UNDERRAISE: {
    severity: "dealer",
    rule: "2019 r.52",
    kind: "detection",
    contract: true,
    when: "an opening bet or raise below the legal minimum that must be brought up to it",
  },
  ALLIN_TABLE_HANDS: {
    severity: "dealer",
    rule: "r.14",
    kind: "detection",
    contract: true,
    when: "a player is all-in and all betting is complete: all hands face up now",
  },
  READER_OFFLINE: {
    severity: "floor",
    rule: "—",
    kind: "detection",
    contract: true,
    when: "a reader needed for the hand stopped answering (one alert per reader, naming the antennas it serves)",
  },
  TCP_BLIND_PLAY_MISSING: {
    severity: "dealer",
    rule: "TCP rules",
    kind: "detection",
    contract: true,
    when: "a blind box with an Ante has no equal Play bet when cards are drawn",
  },
  TCP_BET_AFTER_DEAL: {
    severity: "floor",
    rule: "TCP rules",
    kind: "detection",
    contract: true,
    when: "a bet changed after the first card was drawn",
  },
  TCP_DEALER_EXPOSED: {
    severity: "floor",
    rule: "TCP rules",
    kind: "detection",
    contract: true,
    when: "one of the dealer's cards was exposed (misdeal)",
  },
  CHIPS_TAKEN_BACK: {
    severity: "dealer",
    rule: "2019 r.49–50",
    kind: "detection",
    contract: true,
    when: "chips put out in front of a seat left before they were read, and not into the pot",
  },
  TAG_MISPLACED: {
    severity: "dealer",
    rule: "—",
    kind: "detection",
    contract: true,
    when: "a chip on a card antenna, or a card on a chip antenna",
  },
  READ_CONFLICT: {
    severity: "dealer",
    rule: "—",
    kind: "detection",
    contract: true,
    when: "one tag is reported on two antennas at once; the reading waits until one report wins",
  },
  STACK_MISMATCH: {
    severity: "floor",
    rule: "—",
    kind: "detection",
    contract: true,
    when: "the chips a seat put out exceed its stack as the table knows it",
  },
  // Added by Feltguard (the contract lets the project add codes): detections of its own.
  UNKNOWN_TAG: {
    severity: "info",
    rule: "—",
    kind: "detection",
    contract: false,
    when: "a tag the registry does not know lies on an antenna",
  },
  READER_UNKNOWN: {
    severity: "info",
    rule: "—",
    kind: "detection",
    contract: false,
    when: "a `reader` event names a reader, antenna or device the table's configuration does not have (told once; nothing is marked away)",
  },
  SHUFFLER_DURING_HAND: {
    severity: "dealer",
    rule: "r.21",
    kind: "detection",
    contract: false,
    when: "the shuffler is pressed while a hand is not finished",
  },
  HAND_ENDED_OWING: {
    severity: "floor",
    rule: "2019 r.51, r.52",
    kind: "detection",
    contract: false,
    when: "the shuffler is pressed while the showdown waits only for the rest of an undercall or underraise: the hand is settled as r.51/r.52 count the bet, and the floor settles what the seat owes",
  },
  ACTION_REJECTED: {
    severity: "info",
    rule: "—",
    kind: "detection",
    contract: false,
    when: "chips put out in turn that the betting rules cannot take as any action; the table has not recorded it",
  },
  KEY_NOT_APPLIED: {
    severity: "dealer",
    rule: "r.35",
    kind: "detection",
    contract: false,
    when: "a player's key (check, fold, raise, allin) is pressed while a four-card flop is being put right: nobody acts on a flop that is not settled, so the key is not applied (a fold by the cards on the muck still is)",
  },
  BOARD_TOO_MANY: {
    severity: "floor",
    rule: "RP-5",
    kind: "detection",
    contract: false,
    when: "more board cards come for a street than it takes (the extra ones are premature)",
  },
  INPUT_NOT_APPLIED: {
    severity: "floor",
    rule: "—",
    kind: "detection",
    contract: false,
    when: "the table could not apply an input (a defect, or a case it does not know); the hand is held for the floor",
  },
  DECK_CHECK_RESULT: {
    severity: "dealer",
    rule: "IPC 29",
    kind: "detection",
    contract: false,
    when: "a deck check ended: a notice (severity info) when the deck is whole, a dealer alert naming the missing, doubled and foreign cards when not",
  },
  POT_CHIPS_UNREAD: {
    severity: "dealer",
    rule: "—",
    kind: "detection",
    contract: false,
    when: "the pot gains chips that no bet zone held while no seat is to act (events.md: where the seat cannot be decided, the table asks the dealer)",
  },
  // The contract's Three Card Poker and tray codes (raised by the pay-table, tray and rake checks).
  PAYOUT_WRONG: {
    severity: "dealer",
    rule: "TCP rules; house pay table",
    kind: "detection",
    contract: true,
    when: "the chips paid on a winning bet differ from the pay table (under or over), before the player takes them",
  },
  LOSING_BET_LEFT: {
    severity: "dealer",
    rule: "TCP rules",
    kind: "detection",
    contract: true,
    when: "a losing bet is still on the layout when the dealer starts paying, or when the next hand's bets are placed",
  },
  TRAY_VARIANCE: {
    severity: "floor",
    rule: "house",
    kind: "detection",
    contract: true,
    when: "the tray's value after a hand differs from what the hand's collections, payouts and rake should have left; names the likely source (box, denomination)",
  },
  RAKE_WRONG: {
    severity: "dealer",
    rule: "house rake schedule",
    kind: "detection",
    contract: true,
    when: "the rake taken from a pot differs from the schedule (percentage, cap, no flop no drop)",
  },
  // Added by Feltguard: Three Card Poker detections of its own.
  TCP_BET_INVALID: {
    severity: "dealer",
    rule: "TCP rules",
    kind: "detection",
    contract: false,
    when: "Three Card Poker: a box's bets break the table limits or the bet rules when the cards are drawn",
  },
  TCP_PLAYER_EXPOSED: {
    severity: "info",
    rule: "TCP rules",
    kind: "detection",
    contract: false,
    when: "Three Card Poker: a player's card was exposed by the dealer; not a misdeal, the deal goes on",
  },
  // Added by Feltguard: the table's notices (floor operations, keys, deck checks, the journal).
  FLOOR_CALLED: {
    severity: "info",
    rule: "—",
    kind: "notice",
    contract: false,
    when: "the dealer pressed the `floor` key: a supervisor is called to the table (cleared by the floor)",
  },
  FLOOR_OP_REJECTED: {
    severity: "info",
    rule: "—",
    kind: "notice",
    contract: false,
    when: "a floor operation was not applied; the text says why",
  },
  RULING_PENDING: {
    severity: "info",
    rule: "—",
    kind: "notice",
    contract: false,
    when: "a misdeal or void was ruled with an undo window: it takes effect when the window ends",
  },
  RULING_UNDONE: {
    severity: "info",
    rule: "—",
    kind: "notice",
    contract: false,
    when: "a supervisor undid a misdeal or void within its undo window",
  },
  HAND_NOT_STARTED: {
    severity: "info",
    rule: "—",
    kind: "notice",
    contract: false,
    when: "the shuffler was pressed but no hand can start (the table is not set up: game, level, seats)",
  },
  UNDO_REFUSED: {
    severity: "info",
    rule: "—",
    kind: "notice",
    contract: false,
    when: "the dealer's `undo` key was refused: nothing the key can take back",
  },
  DECK_CHECK: {
    severity: "info",
    rule: "IPC 29",
    kind: "notice",
    contract: false,
    when: "a deck check is open (`deckcheck` key): spread the deck, then `ok`",
  },
  DECK_CHECK_REFUSED: {
    severity: "info",
    rule: "—",
    kind: "notice",
    contract: false,
    when: "the `deckcheck` key was pressed during a hand",
  },
  JOURNAL_FAULT: {
    severity: "floor",
    rule: "—",
    kind: "notice",
    contract: false,
    when: "the journal stopped writing, failed its check at start-up, or its history failed the audit",
  },
  CLOCK_JUMP: {
    severity: "info",
    rule: "—",
    kind: "notice",
    contract: false,
    when: "after a restart the wall clock said the table was down longer than journal.maxDowntimeMs (a clock set forward, e.g. by NTP): table time advanced by that figure only",
  },
  HAND_RECOVERED: {
    severity: "info",
    rule: "—",
    kind: "notice",
    contract: false,
    when: "the hand in progress was rebuilt from the journal after a restart; check the displays against the table",
  },
} as const satisfies Record<string, CatalogueEntry>;

export type AlertCode = keyof typeof CATALOGUE;

/** Whether a string is a code of the catalogue. */
export function isAlertCode(code: string): code is AlertCode {
  return Object.hasOwn(CATALOGUE, code);
}

/** The catalogue's codes, in its order. */
export const ALERT_CODES = Object.keys(CATALOGUE) as AlertCode[];

/**
 * The table's refusal of a floor operation, with the reason the floor page shows: one wording,
 * whichever part of the table refuses (the ruling desk, or a hand that cannot take the ruling).
 */
export function floorOpRejected(t: number, op: string, reason: string): AlertEvent {
  return alert(t, "FLOOR_OP_REJECTED", `Floor operation "${op}" not applied: ${reason}`, [
    "Check the operation and send it again",
  ]);
}

/** Builds an alert of the catalogue: its rule and severity are the catalogue's. */
export function alert(t: number, code: AlertCode, text: string, steps: string[], seat?: number): AlertEvent {
  const { rule, severity } = CATALOGUE[code];
  return { t, kind: "alert", code, rule, severity, ...(seat === undefined ? {} : { seat }), text, steps };
}

/**
 * The codes of the dealer's work after a hand (paying, the rake, the tray), and of a hand the dealer
 * ended owing (HAND_ENDED_OWING). Raised after their hand's end, they are not that hand's, and they do
 * not end when the next hand starts: a dealer who presses the shuffler before the tray is judged, or
 * with a losing bet left on the layout, or with a call not paid in full, gets them at that press, and
 * they stay open until the dealer (`ok`, a dealer alert) or the floor (`continue`) answers them.
 */
export const AFTER_THE_HAND: ReadonlySet<string> = new Set<AlertCode>([
  "HAND_ENDED_OWING",
  "PAYOUT_WRONG",
  "LOSING_BET_LEFT",
  "RAKE_WRONG",
  "TRAY_VARIANCE",
]);
