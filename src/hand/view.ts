/**
 * What a hold'em hand shows of itself: the street, the board, the pot, whose turn and what he may do,
 * each seat's stack, bet and light; and, privately, the hole cards. A pure function of the hand's
 * context, kept with the game so that the hand can change its insides without touching what shows it:
 * the table core puts this beside the table's seats (src/table/view.ts) and displays read only that.
 */
import type { StreetName } from "../contract/output.js";
import { legalActions, liveSeats, totalPot } from "../rules/betting.js";
import type { Card } from "../rules/cards.js";
import type { Level } from "../rules/games.js";
import type { HandContext } from "./context.js";
import { facesByTag } from "./deck.js";

/** What a seat's LED shows. */
export type SeatLight = "off" | "in-hand" | "to-act" | "all-in" | "folded";

/** A seat dealt into the hand, as the hand shows it. */
export interface HandSeatView {
  seat: number;
  stack: number;
  /** Chips in front of the seat on this street. */
  bet: number;
  light: Exclude<SeatLight, "off">;
  /** How many hole cards the seat holds (never which; none once folded). */
  holeCards: number;
}

/** The public view of a hold'em hand: never a hole card. */
export interface HoldemView {
  hand: number;
  game: string;
  street: StreetName | null;
  board: Card[];
  pot: number;
  /** Amount the seat to act must add to call, or null when nobody is to act. */
  toCall: number | null;
  /** Smallest legal bet or raise total for the seat to act, or null. */
  minRaiseTo: number | null;
  toAct: number | null;
  button: number;
  sb: number | null;
  bb: number;
  level: Level;
  /** The seats dealt in, in seat order. */
  seats: HandSeatView[];
  /** The hand waits for the floor (misdeal or void pending). */
  held: boolean;
}

/** The private view of a hand: the hole cards, for authenticated floor staff only. */
export interface PrivateHandView {
  /** The faces each seat still in the hand holds. */
  hole: Record<number, Card[]>;
  /** Every hole card's face of the hand, folded and mucked hands included (to scrub public text). */
  holeFaces: string[];
}

/** A private view with no hole card in it: between hands, or a game that shows none. */
export function noHoleCards(): PrivateHandView {
  return { hole: {}, holeFaces: [] };
}

/** The public view of hold'em hand `h`; `held`: its chart waits for the floor. */
export function holdemView(h: HandContext, held: boolean): HoldemView {
  const toAct = h.result === null && !held && h.betting.phase === "betting" ? h.betting.toAct : null;
  const legal = toAct !== null ? legalActions(h.betting) : null;
  const seats = [...h.betting.seats]
    .sort((a, b) => a.seat - b.seat)
    .map((s): HandSeatView => {
      let light: HandSeatView["light"];
      if (s.folded) light = "folded";
      else if (s.seat === toAct) light = "to-act";
      else if (s.stack === 0) light = "all-in";
      else light = "in-hand";
      return {
        seat: s.seat,
        stack: s.stack,
        bet: s.bet,
        light,
        holeCards: s.folded ? 0 : (h.hole[s.seat]?.length ?? 0),
      };
    });
  return {
    hand: h.hand,
    game: h.game.game.toString(),
    street: streetOf(h.dealComplete, h.betting.street, h.betting.phase),
    board: [...h.board.cards],
    pot: totalPot(h.betting),
    toCall: legal ? legal.callAmount : null,
    minRaiseTo: legal?.minTo ?? null,
    toAct,
    button: h.positions.button,
    sb: h.positions.sb,
    bb: h.positions.bb,
    level: { ...h.level },
    seats,
    held,
  };
}

/** The private view of hold'em hand `h`. */
export function holdemPrivateView(h: HandContext): PrivateHandView {
  const faceOf = facesByTag(h);
  const hole: Record<number, Card[]> = {};
  for (const s of liveSeats(h.betting))
    hole[s.seat] = (h.hole[s.seat] ?? []).flatMap((tag) => faceOf.get(tag) ?? []);
  const holeFaces = Object.values(h.hole).flatMap((tags) => tags.flatMap((tag) => faceOf.get(tag) ?? []));
  return { hole, holeFaces };
}

function streetOf(dealt: boolean, street: StreetName, phase: string): StreetName | null {
  if (!dealt) return null;
  return phase === "showdown" ? "showdown" : street;
}
