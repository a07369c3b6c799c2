/** What the table reader makes of antenna inventories: moves of cards and settled chip zones. */
import type { Card } from "../rules/cards.js";

export interface ChipTag {
  tag: string;
  denomination: number;
}

/** A card of the last hand still listed at the shuffler press: its tag, where it lies, and its face. */
export interface Leftover {
  tag: string;
  antenna: string;
  card: Card;
  /**
   * It moved there off a seat (a fold) whose report still lists it: K scans late, or because it was
   * dealt back to that seat. Which one is known at `sure`, the readers' lag after the move
   * (./backOnItsSeat.ts).
   */
  backOn?: { seat: string; sure: number };
}

export type Observation =
  /** A card was seen on an antenna where it was not before; `from` is where it was last seen. */
  | {
      type: "card_arrived";
      t: number;
      tag: string;
      card: Card;
      copy: number;
      /** The card's deck (two decks alternate: a hand's deck is that of its first card dealt). */
      deck: string;
      antenna: string;
      from: string | null;
      /**
       * On the board, burn or muck: some bet zone still had chips not yet read (the round may be closing,
       * the action may not have reached the seat that folds).
       */
      unreadBets?: boolean;
    }
  /** A card has been gone from its antenna longer than a flicker and was not seen anywhere else. */
  | { type: "card_departed"; t: number; tag: string; card: Card; antenna: string }
  /** A card tag of another deck, or an unreadable card tag (IPC 29). */
  | { type: "foreign_card"; t: number; tag: string; antenna: string; reason: string }
  /** A tag the registry does not know. */
  | { type: "unknown_tag"; t: number; tag: string; antenna: string }
  /**
   * A chip zone has been steady for the settle window (or the action moved on, or its unread chips
   * left for the pot): its chips, and the chips that are new since the zone last settled.
   */
  | {
      type: "zone_settled";
      t: number;
      antenna: string;
      chips: ChipTag[];
      added: ChipTag[];
      total: number;
      /**
       * When the zone last changed before this read (absent when the read is of chips that already
       * left it). The read may come a settle window or a sweep later, after the next street's cards:
       * chips that changed before those cards were put out on the street before them.
       */
      changedAt?: number;
      /**
       * Read as it stood because its unread chips reached the pot: chips the pot gained in that same
       * report that no zone held (the rest of this push, or the next seat's, swept in unseen).
       */
      sweptWith?: ChipTag[];
    }
  /** Chips put out on a zone left it before they were read, and did not go to the pot (TDA 49–50). */
  /** `emptiedAt`: when the zone was reported emptied of them (`t` is when the window ran out). */
  | {
      type: "chips_taken_back";
      t: number;
      antenna: string;
      chips: ChipTag[];
      total: number;
      emptiedAt: number;
    }
  /**
   * The pot gained chips that no bet zone was known to hold: pushed and swept in faster than the zone
   * was scanned. Whose they are is for the hand to decide.
   */
  | {
      type: "pot_gained";
      t: number;
      antenna: string;
      chips: ChipTag[];
      total: number;
      /**
       * Those of `chips` whose last place was not a bet zone: put in straight from a stack (a chip
       * last on a bet zone is a bet swept in slower than the readers' lag).
       */
      strays: ChipTag[];
    }
  /** A chip on a card antenna, or a card on a chip antenna: not read as either. */
  | { type: "tag_misplaced"; t: number; tag: string; antenna: string; what: "card" | "chip" }
  /** The last misplaced tag has gone (unlisted for the departure window). */
  | { type: "tag_misplaced_cleared"; t: number }
  /**
   * One tag reported on two antennas at once past the bridge's departure lag; the reading waits.
   * `count`: the cards read on both of these antennas now, this one included.
   */
  | { type: "read_conflict"; t: number; tag: string; antennas: [string, string]; count: number }
  /**
   * A conflict is over: one antenna alone reports the tag. `othersOpen`: another card is still
   * reported on two antennas.
   */
  | { type: "read_conflict_cleared"; t: number; tag: string; antenna: string; othersOpen: boolean };

/** The sum of the chips' denominations. */
export function chipTotal(chips: readonly ChipTag[]): number {
  let sum = 0;
  for (const c of chips) sum += c.denomination;
  return sum;
}

/** Antennas that hold cards (the rest hold chips). */
const CARD_ANTENNA = /^(seat\d+|board|burn|muck|dealer)$/;

/** Whether an antenna is one cards lie on (seats, board, burn, muck, the Three Card dealer). */
export function isCardAntenna(antenna: string): boolean {
  return CARD_ANTENNA.test(antenna);
}

const BET_ZONE = /^bet\d+$/;
const SEAT = /^seat\d+$/;

/** Whether an antenna is a seat's (seat1, seat2 …): its hole cards land there. */
export function isSeat(antenna: string): boolean {
  return SEAT.test(antenna);
}

/** Whether an antenna is a seat's bet zone (bet1, bet2 …): a hold'em seat's action lands there. */
export function isBetZone(antenna: string): boolean {
  return BET_ZONE.test(antenna);
}
