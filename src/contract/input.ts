/**
 * Input events: everything that enters the controller (shared/spec/events.md, "Input events").
 * The schemas accept extra fields (the contract lets the project add fields) but never a wrong type.
 */
import { z } from "zod";

/** Milliseconds on the controller's monotonic clock. */
export const Millis = z.number().int().nonnegative();
/** A seat number, 1-based. The table configuration decides how many there are. */
export const SeatNo = z.number().int().positive();
/** A chip count: whole chips, never negative. */
export const Chips = z.number().int().nonnegative();
/**
 * The wall-clock time the runtime journaled an input (ISO 8601, UTC): for matching a hand with
 * surveillance video. The core never reads it.
 */
export const WallTime = z.iso.datetime({ offset: false });
/** Who issued a floor event: the authenticated supervisor, set by the runtime. */
export const IssuedBy = z.string().min(1);

/** Fields every input event may carry (set by the runtime when it journals the event). */
const stamped = { wall: WallTime.optional() };

export const GAMES = ["nlhe", "plhe", "flhe", "plo", "tcp"] as const;
export const GameName = z.enum(GAMES);
export type GameName = z.infer<typeof GameName>;

export const BUTTONS = [
  "shuffler",
  "allin",
  "check",
  "fold",
  "raise",
  "exposed",
  "undo",
  "floor",
  "ok",
  "deckcheck",
] as const;
export const ButtonName = z.enum(BUTTONS);
export type ButtonName = z.infer<typeof ButtonName>;

export const RULINGS = ["misdeal", "continue", "void", "dead"] as const;
export const RulingName = z.enum(RULINGS);
export type RulingName = z.infer<typeof RulingName>;

export const TagsEvent = z.object({
  t: Millis,
  ...stamped,
  kind: z.literal("tags"),
  antenna: z.string().min(1),
  tags: z.array(z.string().min(1)),
  /**
   * The project's extension: the reader's first report of the antenna after the table (re)connected to
   * it (the bridge's snapshot). What it lists came while the table could not see, in no order the table
   * knows (src/table/snapshotBurst.ts).
   */
  snapshot: z.literal(true).optional(),
});

export const ButtonEvent = z.object({ t: Millis, ...stamped, kind: z.literal("button"), button: ButtonName });

/**
 * Devices other than the readers that report going away and coming back as `reader` events (the
 * project's extension: the floor hears of a lost device as of a lost reader).
 */
export const DEVICE_UNITS = ["keys", "allin", "panel"] as const;
export type DeviceUnit = (typeof DEVICE_UNITS)[number];

export const ReaderEvent = z.object({
  t: Millis,
  ...stamped,
  kind: z.literal("reader"),
  reader: z.string().min(1),
  status: z.enum(["online", "offline"]),
});

const floorBase = { t: Millis, ...stamped, by: IssuedBy.optional(), kind: z.literal("floor") };

export const FloorGame = z.object({
  ...floorBase,
  op: z.literal("game"),
  game: GameName,
  /** Limit games: the small and big bet. */
  smallBet: Chips.optional(),
  bigBet: Chips.optional(),
  /** Limit games: bets and raises allowed per street until heads-up (house setting; TDA 48). */
  cap: z.number().int().positive().optional(),
  /** Three Card Poker: table minimum and maximum. */
  min: Chips.optional(),
  max: Chips.optional(),
});

export const FloorLevel = z.object({
  ...floorBase,
  op: z.literal("level"),
  sb: Chips,
  bb: Chips,
  ante: Chips.default(0),
  bbAnte: Chips.default(0),
});

export const FloorSeat = z.object({
  ...floorBase,
  op: z.literal("seat"),
  seat: SeatNo,
  player: z.string().min(1),
  stack: Chips,
});

export const FloorUnseat = z.object({ ...floorBase, op: z.literal("unseat"), seat: SeatNo });
export const FloorStack = z.object({ ...floorBase, op: z.literal("stack"), seat: SeatNo, stack: Chips });
export const FloorButton = z.object({ ...floorBase, op: z.literal("button"), seat: SeatNo });
export const FloorAway = z.object({ ...floorBase, op: z.literal("away"), seat: SeatNo, away: z.boolean() });
/**
 * Project extension on `ruling`, `voidHand` and `undo`: the hand the supervisor was looking at. The
 * table refuses the operation when another hand is on the table (a page that was out of date must not
 * rule the next hand's alert of the same code); without it, the operation is for whatever hand is on.
 */
const RuledHand = z.number().int().positive().optional();
export const FloorRuling = z.object({
  ...floorBase,
  op: z.literal("ruling"),
  ruling: RulingName,
  seat: SeatNo.optional(),
  code: z.string().optional(),
  /** Misdeal and void only: the ruling takes effect this many ms later unless a floor `undo` comes first. */
  undoWindowMs: Millis.optional(),
  hand: RuledHand,
});
/** Project extension: the floor ends the hand with every chip returned when no alert is open; `reason` is recorded. */
export const FloorVoidHand = z.object({
  ...floorBase,
  op: z.literal("voidHand"),
  reason: z.string().min(3),
  undoWindowMs: Millis.optional(),
  hand: RuledHand,
});
/** Project extension: takes back the misdeal or void still within its undo window. */
export const FloorUndo = z.object({ ...floorBase, op: z.literal("undo"), hand: RuledHand });
/** Project extension: the table goes on a break (no new hand starts) and resumes. */
export const FloorBreak = z.object({ ...floorBase, op: z.literal("break") });
export const FloorResume = z.object({ ...floorBase, op: z.literal("resume") });

/** Chips by denomination, as a fill or credit slip lists them: `{"100": 20}` is twenty 100s. */
export const ChipSlip = z.record(z.string().regex(/^[1-9]\d*$/), z.number().int().positive());
/**
 * Project extension (issue 18): the cage brings chips to the table's tray (a fill) or takes chips from
 * it (a credit). The tray's expected value moves by the slip; the floor journals who and when.
 */
export const FloorFill = z.object({ ...floorBase, op: z.literal("fill"), chips: ChipSlip });
export const FloorCredit = z.object({ ...floorBase, op: z.literal("credit"), chips: ChipSlip });

export const FloorEvent = z.discriminatedUnion("op", [
  FloorGame,
  FloorLevel,
  FloorSeat,
  FloorUnseat,
  FloorStack,
  FloorButton,
  FloorAway,
  FloorRuling,
  FloorVoidHand,
  FloorUndo,
  FloorBreak,
  FloorResume,
  FloorFill,
  FloorCredit,
]);

export const InputEvent = z.discriminatedUnion("kind", [TagsEvent, ButtonEvent, ReaderEvent, FloorEvent]);

export type TagsEvent = z.infer<typeof TagsEvent>;
export type ButtonEvent = z.infer<typeof ButtonEvent>;
export type ReaderEvent = z.infer<typeof ReaderEvent>;
export type FloorGame = z.infer<typeof FloorGame>;
export type FloorLevel = z.infer<typeof FloorLevel>;
export type FloorSeat = z.infer<typeof FloorSeat>;
export type FloorRuling = z.infer<typeof FloorRuling>;
export type FloorEvent = z.infer<typeof FloorEvent>;
export type FloorTrayOp = z.infer<typeof FloorFill> | z.infer<typeof FloorCredit>;
export type InputEvent = z.infer<typeof InputEvent>;
/** An input event as written by hand: defaults (e.g. `ante`) may be left out. */
export type InputEventIn = z.input<typeof InputEvent>;
