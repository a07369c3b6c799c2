/** What the table reader makes of antenna inventories: moves of cards and settled chip zones. */
import type { Card } from "../rules/cards.js";

export interface ChipTag {
  tag: string;
  denomination: number;
}

export type Observation =
  /** A card was seen on an antenna where it was not before; `from` is where it was last seen. */
  | {
      type: "card_arrived";
      t: number;
      tag: string;
      card: Card;
      copy: number;
      antenna: string;
      from: string | null;
    }
  /** A card has been gone from its antenna longer than a flicker and was not seen anywhere else. */
  | { type: "card_departed"; t: number; tag: string; card: Card; antenna: string }
  /** A card tag of another deck, or an unreadable card tag (IPC 29). */
  | { type: "foreign_card"; t: number; tag: string; antenna: string; reason: string }
  /** A tag the registry does not know. */
  | { type: "unknown_tag"; t: number; tag: string; antenna: string }
  /**
   * A chip zone has been steady for the settle window (or the action moved on): its chips now, and
   * the chips that are new since the zone last settled (one motion of a player's hand).
   */
  | { type: "zone_settled"; t: number; antenna: string; chips: ChipTag[]; added: ChipTag[]; total: number };

/** The sum of the chips' denominations. */
export function chipTotal(chips: readonly ChipTag[]): number {
  let sum = 0;
  for (const c of chips) sum += c.denomination;
  return sum;
}
