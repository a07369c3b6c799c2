/**
 * Replays a PHH hand through the betting engine, the pot builder and the showdown rules, and returns the
 * final stacks to compare with the file's `finishing_stacks`.
 */
import { applyAction, type BettingState, dealNextStreet, legalActions, startHand } from "../betting.js";
import type { BbAnteOrder } from "../bettingTypes.js";
import type { Card } from "../cards.js";
import type { PhhAction } from "./actions.js";
import { PhhError, type PhhHand } from "./read.js";
import { settleHand } from "./settle.js";

export interface ReplayOptions {
  /**
   * PHH files come from PokerKit, which posts antes before blinds; the TDA order (blind first) changes the
   * pots only when the big blind cannot cover both.
   */
  readonly bbAnteOrder?: BbAnteOrder;
}

export interface ReplayResult {
  readonly file: string;
  /** Stacks after the hand, in PHH player order. */
  readonly finalStacks: readonly number[];
  readonly expected: readonly number[] | null;
  /** `true` when the final stacks equal `finishing_stacks`. */
  readonly matches: boolean;
  readonly state: BettingState;
}

interface Replay {
  state: BettingState;
  readonly hole: Map<number, readonly Card[]>;
  readonly board: Card[];
  /** Tabled cards; `null` for a hand mucked at showdown. */
  readonly shown: Map<number, readonly Card[] | null>;
}

/** Seats and blinds of a PHH hand: p1 is seat 1; the last player has the button; heads-up he posts the small blind. */
export function phhSeating(players: number): {
  button: number;
  sbSeat: number;
  bbSeat: number;
} {
  return players === 2 ? { button: 2, sbSeat: 2, bbSeat: 1 } : { button: players, sbSeat: 1, bbSeat: 2 };
}

/** Plays the hand; throws {@link PhhError} (naming the file and the action) when the engine refuses an action. */
export function replayHand(hand: PhhHand, options: ReplayOptions = {}): ReplayResult {
  const n = hand.startingStacks.length;
  const seating = phhSeating(n);
  const r: Replay = {
    state: startHand({
      game: hand.game,
      seats: hand.startingStacks.map((stack, i) => ({ seat: i + 1, stack })),
      ...seating,
      level: hand.level,
      ...(hand.limit ? { limit: hand.limit } : {}),
      bbAnteOrder: options.bbAnteOrder ?? "ante-first",
    }),
    hole: new Map(),
    board: [],
    shown: new Map(),
  };
  hand.actions.forEach((action, i) => {
    const problem = step(r, action);
    if (problem !== null)
      throw new PhhError(hand.file, "invalid", `action ${i + 1} (${describe(action)}): ${problem}`);
  });
  if (r.state.phase !== "showdown" && r.state.phase !== "uncontested") {
    throw new PhhError(
      hand.file,
      "invalid",
      `the hand stops in phase "${r.state.phase}" on the ${r.state.street}`,
    );
  }
  const won = settleHand({
    state: r.state,
    game: hand.game,
    board: r.board,
    tabled: tabledHands(r),
    seatOrder: hand.startingStacks.map((_, i) => i + 1),
    rake: hand.rake,
  });
  const finalStacks = r.state.seats
    .slice()
    .sort((a, b) => a.seat - b.seat)
    .map((s) => s.stack + (won.get(s.seat) ?? 0));
  const expected = hand.finishingStacks;
  const matches = expected !== null && expected.every((v, i) => v === finalStacks[i]);
  return { file: hand.file, finalStacks, expected, matches, state: r.state };
}

/** Applies one PHH action; returns why it cannot be applied, or `null`. */
function step(r: Replay, action: PhhAction): string | null {
  switch (action.kind) {
    case "deal-hole":
      if (action.cards) r.hole.set(action.player, action.cards);
      return null;
    case "deal-board": {
      const dealt = dealNextStreet(r.state);
      if (!dealt.ok) return dealt.error.message;
      r.state = dealt.state;
      r.board.push(...action.cards);
      return null;
    }
    case "show":
      r.shown.set(
        action.player,
        action.cards === "muck" ? null : action.cards === "dealt" ? [] : action.cards,
      );
      return null;
    default:
      return bet(r, action);
  }
}

function bet(r: Replay, action: Extract<PhhAction, { player: number }>): string | null {
  const legal = legalActions(r.state);
  if (legal === null) return `no betting round is open (phase "${r.state.phase}")`;
  const seat = action.player;
  const result =
    action.kind === "fold"
      ? applyAction(r.state, { seat, type: "fold" })
      : action.kind === "check-call"
        ? applyAction(r.state, {
            seat,
            type: legal.canCheck ? "check" : "call",
          })
        : action.kind === "bet-raise-to"
          ? applyAction(r.state, { seat, type: legal.raiseType, to: action.to })
          : null;
  if (result === null) return `unexpected action ${action.kind}`;
  if (!result.ok) return `${result.error.code}: ${result.error.message}`;
  r.state = result.state;
  return null;
}

/** The hands that count at showdown: shown cards, or the dealt cards of a live hand that was not mucked. */
function tabledHands(r: Replay): Map<number, readonly Card[]> {
  const tabled = new Map<number, readonly Card[]>();
  for (const s of r.state.seats) {
    if (s.folded) continue;
    const shown = r.shown.get(s.seat);
    if (shown === null) continue;
    // Cards speak (rule 11): a live hand whose cards are known is read even when the record does not show it.
    const cards = shown !== undefined && shown.length > 0 ? shown : r.hole.get(s.seat);
    if (cards !== undefined) tabled.set(s.seat, cards);
  }
  return tabled;
}

function describe(action: PhhAction): string {
  return "player" in action ? `p${action.player} ${action.kind}` : action.kind;
}
