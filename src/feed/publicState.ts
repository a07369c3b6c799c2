/**
 * The `state` topic's payload: the public view of the table now. A pure function of the display's
 * public view (src/display/view.ts, which has no hole card in it at all) and the last event number, so
 * what the room sees is what the table's own public displays show, never more. Kept to the contract's
 * fields (hand, street, board, pot, seats, whose turn, open alerts) plus what the overview lists.
 */
import type { OpenAlert } from "../display/alertBoard.js";
import type { SeatLight, TableView } from "../display/view.js";

export interface PublicSeat {
  seat: number;
  player: string | null;
  stack: number;
  bet: number;
  status: SeatLight | "empty" | "away";
}

export interface PublicState {
  table: string;
  name: string;
  /** The last table event this state includes (a consumer starting from the retained state follows on from it). */
  seq: number;
  t: number;
  hand: number | null;
  game: string;
  street: string | null;
  board: string[];
  pot: number;
  toAct: number | null;
  button: number | null;
  held: boolean;
  seats: PublicSeat[];
  alerts: OpenAlert[];
  readersOffline: string[];
}

/** The public state from the public view. */
export function publicState(id: string, view: TableView, seq: number, t: number): PublicState {
  return {
    table: id,
    name: view.table,
    seq,
    t,
    hand: view.hand,
    game: view.game,
    street: view.street,
    board: [...view.board],
    pot: view.pot,
    toAct: view.toAct,
    button: view.button,
    held: view.held,
    seats: view.seats.map((s) => ({
      seat: s.seat,
      player: s.player,
      stack: s.stack,
      bet: s.bet,
      status: s.player === null ? "empty" : s.away && s.light === "off" ? "away" : s.light,
    })),
    alerts: view.alerts.map((a) => ({ ...a, steps: [...a.steps] })),
    readersOffline: [...view.readersOffline],
  };
}
