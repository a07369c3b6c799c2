/** Table events: everything the table tells the world (shared/spec/events.md, "Table events"). */
import { z } from "zod";
import { Chips, GameName, Millis, RulingName, SeatNo } from "./input.js";

/**
 * A table event's number in the life of the table (1, 2, 3 …), the same when the same input log is
 * replayed. Optional in the schema: the core's parts make events before the table numbers them.
 */
export const EventSeq = z.number().int().positive();
const numbered = { seq: EventSeq.optional() };

export const STREETS = ["preflop", "flop", "turn", "river", "showdown"] as const;
export const StreetName = z.enum(STREETS);
export type StreetName = z.infer<typeof StreetName>;

export const ACTIONS = ["sb", "bb", "ante", "check", "bet", "call", "raise", "fold"] as const;
export const ActionName = z.enum(ACTIONS);
export type ActionName = z.infer<typeof ActionName>;

export const HandStartEvent = z.object({
  t: Millis,
  ...numbered,
  kind: z.literal("hand_start"),
  hand: z.number().int().positive(),
  game: GameName,
  button: SeatNo,
  sb: SeatNo.nullable(),
  bb: SeatNo.nullable(),
  redeal: z.boolean(),
});

export const StreetEvent = z.object({
  t: Millis,
  ...numbered,
  kind: z.literal("street"),
  street: StreetName,
  board: z.array(z.string()),
});

export const ActionEvent = z.object({
  t: Millis,
  ...numbered,
  kind: z.literal("action"),
  seat: SeatNo,
  action: ActionName,
  amount: Chips,
  to: Chips,
  allin: z.boolean(),
});

export const SEVERITIES = ["floor", "dealer", "info"] as const;

export const AlertEvent = z.object({
  t: Millis,
  ...numbered,
  kind: z.literal("alert"),
  code: z.string(),
  rule: z.string(),
  severity: z.enum(SEVERITIES),
  seat: SeatNo.optional(),
  /** Added by Feltguard: the reader an alert is about (READER_OFFLINE). */
  reader: z.string().optional(),
  text: z.string(),
  steps: z.array(z.string()),
  /**
   * Added by Feltguard: the only rulings the table takes on this alert, where its code alone does not
   * say (a Three Card Poker hand dealt a card too many is a misdeal: `misdeal` or `void`, never
   * `continue`). The floor page and the room offer these; absent, what the code takes.
   */
  rulings: z.array(RulingName).optional(),
});

export const AlertClearEvent = z.object({
  t: Millis,
  ...numbered,
  kind: z.literal("alert_clear"),
  code: z.string(),
  seat: SeatNo.optional(),
  reader: z.string().optional(),
});

export const AwardEvent = z.object({
  t: Millis,
  ...numbered,
  kind: z.literal("award"),
  seat: SeatNo,
  amount: Chips,
  pot: z.number().int().nonnegative(),
  hand: z.string(),
});

export const HandEndEvent = z.object({
  t: Millis,
  ...numbered,
  kind: z.literal("hand_end"),
  hand: z.number().int().positive(),
  result: z.enum(["complete", "misdeal", "void"]),
  /** Keys are seat numbers as strings (JSON object keys). */
  stacks: z.record(z.string().regex(/^[1-9]\d*$/), Chips),
});

/** The result of a deck check (`deckcheck` key, then `ok`). */
export const DeckCheckEvent = z.object({
  t: Millis,
  ...numbered,
  kind: z.literal("deck_check"),
  deck: z.string(),
  /** How many of the deck's cards were read (a second copy of a face counts). */
  cards: z.number().int().nonnegative(),
  /** Faces of the deck not read. */
  missing: z.array(z.string()),
  /** Faces read more than once. */
  duplicates: z.array(z.string()),
  /** Tags that are not of the deck: another deck's cards, foreign or unknown tags. */
  foreign: z.array(z.string()),
});

/** Three Card Poker: what the dealer paid on a winning bet, against what the pay table says (issue 18). */
export const PayoutEvent = z.object({
  t: Millis,
  ...numbered,
  kind: z.literal("payout"),
  box: SeatNo,
  bet: z.enum(["ante", "play", "pairplus", "prime", "bonus"]),
  due: Chips,
  paid: Chips,
});

/** After a hand: the tray as read against what the hand should have left in it (issue 18). */
export const TrayEvent = z.object({
  t: Millis,
  ...numbered,
  kind: z.literal("tray"),
  expected: Chips,
  read: Chips,
  variance: z.number().int(),
});

/** Project extension: the dealer's `undo` key took back his last key (the hand is as before it). */
export const KeyUndoneEvent = z.object({
  t: Millis,
  ...numbered,
  kind: z.literal("key_undone"),
  key: z.enum(["check", "fold", "raise", "exposed"]),
  /** The seat whose action (check, fold) was taken back. */
  seat: SeatNo.optional(),
});

/**
 * Project extension: how far the dealer is through an open alert's steps, as the table saw them done.
 * `done` steps of the alert's `steps`, from the first, are done; the dealer is on step `done + 1`. Said
 * when it moves on (the procedure checks see a step done: the premature cards off the board, the
 * betting finished, the street dealt again); the alert keeps its full steps.
 */
export const AlertStepEvent = z.object({
  t: Millis,
  ...numbered,
  kind: z.literal("alert_step"),
  code: z.string(),
  seat: SeatNo.optional(),
  done: z.number().int().nonnegative(),
});

export const TableEvent = z.discriminatedUnion("kind", [
  HandStartEvent,
  StreetEvent,
  ActionEvent,
  AlertEvent,
  AlertClearEvent,
  AlertStepEvent,
  AwardEvent,
  HandEndEvent,
  DeckCheckEvent,
  KeyUndoneEvent,
  PayoutEvent,
  TrayEvent,
]);

export type HandStartEvent = z.infer<typeof HandStartEvent>;
export type StreetEvent = z.infer<typeof StreetEvent>;
export type ActionEvent = z.infer<typeof ActionEvent>;
export type AlertEvent = z.infer<typeof AlertEvent>;
export type AlertClearEvent = z.infer<typeof AlertClearEvent>;
export type AlertStepEvent = z.infer<typeof AlertStepEvent>;
export type AwardEvent = z.infer<typeof AwardEvent>;
export type HandEndEvent = z.infer<typeof HandEndEvent>;
export type DeckCheckEvent = z.infer<typeof DeckCheckEvent>;
export type KeyUndoneEvent = z.infer<typeof KeyUndoneEvent>;
export type PayoutEvent = z.infer<typeof PayoutEvent>;
export type TrayEvent = z.infer<typeof TrayEvent>;
export type TableEvent = z.infer<typeof TableEvent>;
