/**
 * The core's read model: what the table looks like now, for everything that shows it (seat lights,
 * digits, the dealer panel, the terminal, the floor page, the floor feed). Displays read this, never
 * the hand's context, so the hand can change its insides without touching them. The public view has no
 * hole card in it at all (principle 6); the private view, for authenticated floor staff only, adds them.
 */
import type { StreetName } from "../contract/output.js";
import type { HandContext } from "../hand/context.js";
import { facesByTag } from "../hand/deck.js";
import { type TcpView, tcpView } from "../hand/tcp/view.js";

// The Three Card Poker read model is the hand's own (src/hand/tcp/view.ts); displays take it from here.
export type { TcpBoxView, TcpView } from "../hand/tcp/view.js";
import type { TcpContext } from "../hand/tcp/context.js";
import { legalActions, liveSeats, totalPot } from "../rules/betting.js";
import type { Card } from "../rules/cards.js";
import type { TableState } from "./state.js";

/** What a seat's LED shows. */
export type SeatLight = "off" | "in-hand" | "to-act" | "all-in" | "folded";

export interface SeatView {
  seat: number;
  player: string | null;
  stack: number;
  /** Chips in front of the seat on this street. */
  bet: number;
  away: boolean;
  light: SeatLight;
  /** How many hole cards the seat holds (never which). */
  holeCards: number;
}

/** The public read model of the core. */
export interface CoreView {
  hand: number | null;
  game: string;
  street: StreetName | null;
  board: Card[];
  pot: number;
  /** Amount the seat to act must add to call, or null when nobody is to act. */
  toCall: number | null;
  /** Smallest legal bet or raise total for the seat to act, or null. */
  minRaiseTo: number | null;
  toAct: number | null;
  button: number | null;
  sb: number | null;
  bb: number | null;
  level: { sb: number; bb: number; ante: number; bbAnte: number } | null;
  seats: SeatView[];
  /** The hand waits for the floor (misdeal or void pending). */
  held: boolean;
  /** Three Card Poker: the hand in progress or, until the next hand, the one just settled. */
  threeCard: TcpView | null;
}

/** The private read model: the hole cards, for authenticated floor staff only. */
export interface PrivateCoreView {
  /** The faces each seat still in the hand holds. */
  hole: Record<number, Card[]>;
  /** Every hole card's face of the hand in progress, folded and mucked hands included (to scrub public text). */
  holeFaces: string[];
}

/**
 * The public view of a table in state `table` with hand `h` (null between hands); `held`: the hand's
 * chart waits for the floor (HandSession.held).
 */
export function coreView(
  table: TableState,
  h: HandContext | null,
  tcp: TcpContext | null,
  held: boolean,
): CoreView {
  const bettingSeats = new Map((h?.betting.seats ?? []).map((s) => [s.seat, s]));
  const toAct = h && h.result === null && !held && h.betting.phase === "betting" ? h.betting.toAct : null;
  const legal = toAct !== null && h ? legalActions(h.betting) : null;
  const seats: SeatView[] = [];
  for (let seat = 1; seat <= table.seatCount; seat++) {
    const sitting = table.seats[seat];
    const inHand = bettingSeats.get(seat);
    let light: SeatLight = "off";
    if (inHand) {
      if (inHand.folded) light = "folded";
      else if (seat === toAct) light = "to-act";
      else if (inHand.stack === 0) light = "all-in";
      else light = "in-hand";
    }
    seats.push({
      seat,
      player: sitting?.player ?? null,
      stack: inHand ? inHand.stack : (sitting?.stack ?? 0),
      bet: inHand?.bet ?? 0,
      away: sitting?.away ?? false,
      light,
      holeCards: inHand && !inHand.folded ? (h?.hole[seat]?.length ?? 0) : 0,
    });
  }
  return {
    hand: h?.hand ?? null,
    game: (h?.game.game ?? table.game.game).toString(),
    street: h ? streetOf(h.dealComplete, h.betting.street, h.betting.phase) : null,
    board: h ? [...h.board.cards] : [],
    pot: h ? totalPot(h.betting) : 0,
    toCall: legal ? legal.callAmount : null,
    minRaiseTo: legal?.minTo ?? null,
    toAct,
    button: h?.positions.button ?? null,
    sb: h?.positions.sb ?? null,
    bb: h?.positions.bb ?? null,
    level: h ? { ...h.level } : table.nextLevel ? { ...table.nextLevel } : null,
    seats,
    held: h !== null && held,
    threeCard: tcp ? tcpView(tcp, held) : null,
  };
}

/** The private view of hand `h` (null between hands). */
export function privateCoreView(h: HandContext | null): PrivateCoreView {
  if (!h) return { hole: {}, holeFaces: [] };
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
