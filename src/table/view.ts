/**
 * The core's read model: what the table looks like now, for everything that shows it (seat lights,
 * digits, the dealer panel, the terminal, the floor page, the floor feed). Displays read this, never
 * the hand's context, so the hand can change its insides without touching them. The view is composed
 * here from the table's seats and the view the hand in play gives of itself (each game has its own:
 * src/hand/view.ts, src/hand/tcp/view.ts); this module never reads a hand's context. The public view has
 * no hole card in it at all (principle 6); the private view, for authenticated floor staff only, adds them.
 */
import type { HandView } from "../hand/lifecycle.js";
import type { TcpView } from "../hand/tcp/view.js";
import type { HandSeatView, HoldemView, PrivateHandView, SeatLight } from "../hand/view.js";
import type { TableState } from "./state.js";

// The games' own read models; displays take them from here.
export type { TcpBoxView, TcpView } from "../hand/tcp/view.js";
export type { SeatLight } from "../hand/view.js";

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

/** What the table's view takes from a hold'em hand's own view: each is null when no such hand is shown. */
type HandFields = {
  [K in "hand" | "street" | "toCall" | "minRaiseTo" | "toAct" | "button" | "sb" | "bb"]: HoldemView[K] | null;
};

/** The public read model of the core. */
export interface CoreView extends HandFields, Pick<HoldemView, "game" | "board" | "pot" | "held"> {
  level: { sb: number; bb: number; ante: number; bbAnte: number } | null;
  /** Every seat of the table, dealt in or not. */
  seats: SeatView[];
  /** Three Card Poker: the hand in progress or, until the next hand, the one just settled. */
  threeCard: TcpView | null;
}

/** The private read model: the hole cards, for authenticated floor staff only. */
export type PrivateCoreView = PrivateHandView;

/** The public view of a table in state `table` showing hand view `shown` (null: no hand shown). */
export function coreView(table: TableState, shown: HandView | null): CoreView {
  const h = shown?.game === "holdem" ? shown.holdem : null;
  // A Three Card Poker hand in play has its number and its hold too (the view shows a settled one until
  // the next hand; it is over then). Without them the floor page took a Three Card Poker table for one
  // between hands and offered no ruling on its floor alerts, and the feed's state said no hand.
  const tcp = shown?.game === "threeCard" && shown.threeCard.phase !== "over" ? shown.threeCard : null;
  const inHand = new Map<number, HandSeatView>((h?.seats ?? []).map((s) => [s.seat, s]));
  const seats: SeatView[] = [];
  for (let seat = 1; seat <= table.seatCount; seat++) {
    const sitting = table.seats[seat];
    const dealt = inHand.get(seat);
    seats.push({
      seat,
      player: sitting?.player ?? null,
      stack: dealt ? dealt.stack : (sitting?.stack ?? 0),
      bet: dealt?.bet ?? 0,
      away: sitting?.away ?? false,
      light: dealt?.light ?? "off",
      holeCards: dealt?.holeCards ?? 0,
    });
  }
  return {
    hand: h?.hand ?? tcp?.hand ?? null,
    game: h?.game ?? table.game.game.toString(),
    street: h?.street ?? null,
    board: h?.board ?? [],
    pot: h?.pot ?? 0,
    toCall: h?.toCall ?? null,
    minRaiseTo: h?.minRaiseTo ?? null,
    toAct: h?.toAct ?? null,
    button: h?.button ?? null,
    sb: h?.sb ?? null,
    bb: h?.bb ?? null,
    level: h ? h.level : table.nextLevel ? { ...table.nextLevel } : null,
    seats,
    held: h?.held ?? tcp?.held ?? false,
    threeCard: shown?.game === "threeCard" ? shown.threeCard : null,
  };
}
