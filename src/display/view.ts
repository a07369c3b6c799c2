/**
 * The view model: one function from the table's state to what every display shows — each seat's
 * light, the digits, the dealer panel, the floor page. The public view has no hole cards in it at
 * all (principle 5): only the private view, for authenticated floor staff, adds them.
 */
import type { StreetName } from "../contract/output.js";
import { legalActions, liveSeats, totalPot } from "../rules/betting.js";
import type { Card } from "../rules/cards.js";
import type { TableCore } from "../table/core.js";
import { facesByTag } from "../hand/deck.js";
import type { OpenAlert } from "./alertBoard.js";

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

export interface TableView {
  table: string;
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
  alerts: OpenAlert[];
  readersOffline: string[];
  /** The hand waits for the floor (misdeal or void pending). */
  held: boolean;
}

/** The view for authenticated floor staff: the public view plus hole cards. */
export interface PrivateTableView extends TableView {
  hole: Record<number, Card[]>;
}

export interface ViewSources {
  tableName: string;
  alerts: OpenAlert[];
  readersOffline: string[];
}

/** What every public display shows now. */
export function tableView(core: TableCore, sources: ViewSources): TableView {
  const table = core.snapshot();
  const session = core.hand;
  const h = session?.context ?? null;
  const bettingSeats = new Map((h?.betting.seats ?? []).map((s) => [s.seat, s]));
  const toAct =
    h && h.result === null && h.hold === null && h.betting.phase === "betting" ? h.betting.toAct : null;
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
    table: sources.tableName,
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
    alerts: sources.alerts,
    readersOffline: [...sources.readersOffline],
    held: h?.hold != null,
  };
}

/** The private view: adds the hole cards of the seats still in the hand. */
export function privateTableView(core: TableCore, sources: ViewSources): PrivateTableView {
  const view = tableView(core, sources);
  const h = core.hand?.context;
  const hole: Record<number, Card[]> = {};
  if (h) {
    const faceOf = facesByTag(h);
    for (const s of liveSeats(h.betting)) {
      hole[s.seat] = (h.hole[s.seat] ?? []).flatMap((tag) => faceOf.get(tag) ?? []);
    }
  }
  return { ...view, hole };
}

function streetOf(dealt: boolean, street: StreetName, phase: string): StreetName | null {
  if (!dealt) return null;
  return phase === "showdown" ? "showdown" : street;
}
