/**
 * The shuffler press starts the next hand: the table's part of it. Whether a hand can start (a break,
 * no level, too few players), whether it is the exact re-deal of a misdeal, and the hand's header on the
 * table; then the hand's own game places it and starts it (src/hand/holdemLifecycle.ts,
 * src/hand/tcp/lifecycle.ts), from what the readers show at the press.
 */
import type { AlertEvent, TableEvent } from "../contract/output.js";
import { alert } from "../hand/alerts.js";
import { holdem } from "../hand/holdemLifecycle.js";
import type { Game, HandEnding, LiveHand } from "../hand/lifecycle.js";
import { threeCardPoker } from "../hand/tcp/lifecycle.js";
import type { TableReader } from "../reading/tableReader.js";
import type { Positions } from "../rules/positions.js";
import type { TableSettings } from "./settings.js";
import { type GameSettings, type Level, seatsInGame, type TableState } from "./state.js";

/** Antennas whose cards belong to a hand: what must be collected before the next shuffle (r.21). */
const CARD_ZONE = /^(seat\d+|board|burn|muck|dealer)$/;

/** A misdealt hand, to be dealt again as it was. */
export type Redeal = { positions: Positions; level: Level; game: GameSettings };

/** What a press gave: the hand started (or null), and whether the table went on to a new hand. */
export interface Press {
  hand: LiveHand | null;
  events: TableEvent[];
  /** The table passed its checks and numbered a new hand (the last hand is no longer shown). */
  began: boolean;
}

/** Forced bets: posted at the press, not actions the hand took. */
const FORCED: ReadonlySet<string> = new Set(["sb", "bb", "ante"]);
/** Alerts whose clearing is chips put out after the action: the rest of a short call or raise. */
const COMPLETED: ReadonlySet<string> = new Set(["UNDERCALL", "UNDERRAISE"]);

export class NextHand {
  /** A misdeal's hand, dealt again at the next press while its seats still play. */
  redeal: Redeal | null;
  /** When the last hand ended: chips on a bet zone since before then are that hand's. */
  lastHandEnd: number;
  /** Seat → chips the last hand counted from the `allin` key that ended it, still to come on its zone. */
  lastHandsChipsToCome: Record<number, number>;
  /** When the hand in play last took an action (not a forced bet posted), or null. */
  private actionAt: number | null = null;

  constructor(
    private readonly state: TableState,
    private readonly reader: TableReader,
    private readonly settings: TableSettings,
    /** The checkpoint the table is rebuilt from, if any. */
    from?: { redeal: Redeal | null; lastHandEnd?: number; lastHandsChipsToCome?: Record<number, number> },
  ) {
    this.redeal = from ? structuredClone(from.redeal) : null;
    this.lastHandEnd = from?.lastHandEnd ?? Number.NEGATIVE_INFINITY;
    this.lastHandsChipsToCome = { ...(from?.lastHandsChipsToCome ?? {}) };
  }

  /**
   * The hand in play's events: when it last took an action, or chips for one (an undercall's or an
   * underraise's rest, told by its alert clearing, comes after the action it completes: hold'em with a
   * 1.2 s departure window, seed 211 at 600 ms rounds, its chips read as the next hand's).
   */
  noteActions(events: readonly TableEvent[]): void {
    for (const e of events)
      if (
        (e.kind === "action" && !FORCED.has(e.action)) ||
        (e.kind === "alert_clear" && COMPLETED.has(e.code))
      )
        this.actionAt = e.t;
  }

  /**
   * A hand ended: a misdeal is dealt again at the next press. A hand that ended complete ended, for the
   * chips on its zones, at its last action: its bets are out by then (the readers report them a round
   * later at most). One held on after it (for the floor, for the press) may see the next hand's blinds
   * put out before it ends (the dealer pressed, and the press waited): those are not its chips.
   * `pressedAt`: that press. A misdeal it declares had no chips come after it (its chips are its blinds,
   * out since its start): what a zone shows after the press is the re-deal's blinds however soon it is
   * reported, so the hand's end for its chips is a round before the press (handInit allows a round).
   * Three readers, 5 missed scans, seed 80 at 700 ms rounds, hand 1056: the small blind re-posted 0.4 s
   * after the press was read as the last hand's chip, and its call then as the blind shown.
   */
  ended(ending: HandEnding, pressedAt: number | null = null): void {
    if (ending.redeal !== null) this.redeal = ending.redeal;
    const acted = ending.result === "complete" ? this.actionAt : null;
    this.lastHandEnd = acted === null ? ending.t : Math.min(ending.t, acted);
    if (ending.result === "misdeal" && pressedAt !== null)
      this.lastHandEnd = Math.min(this.lastHandEnd, pressedAt - this.reader.scanRoundMs);
    this.actionAt = null;
    this.lastHandsChipsToCome = ending.chipsToCome;
  }

  /**
   * The shuffler press between hands. `dealt`: cards dealt for this hand while the press waited for the
   * last one to end (core.ts `cardsAfterPress`), which are not the last hand's.
   */
  press(t: number, dealt?: ReadonlySet<string>): Press {
    const state = this.state;
    // A re-deal is exact only while every seat of the misdealt hand still plays (the floor may have
    // changed the table since): otherwise the next hand is a new one.
    const inGame = seatsInGame(state);
    const inPlay = new Set(inGame);
    const r = this.redeal;
    const redeal =
      r !== null &&
      [r.positions.button, r.positions.sb, r.positions.bb].every(
        (s) => s === null || inPlay.has(s) || s === r.positions.button,
      )
        ? r
        : null;
    const game = gameOf(redeal?.game ?? state.game);
    const refused = (reason: string): Press => ({
      hand: null,
      events: [notStarted(t, reason)],
      began: false,
    });
    if (state.onBreak) return refused("the table is on a break (floor op resume)");
    const level = redeal?.level ?? game.level(state.nextLevel);
    if (level === null) return refused("no blind level has been set (floor op level)");
    const { seatCount, placedButton, lastPositions } = state;
    const positions = redeal?.positions ?? game.positions({ inGame, seatCount, placedButton, lastPositions });
    if (positions === null) return refused("fewer than two players with chips are seated");
    this.redeal = null;
    state.handsStarted += 1;
    state.lastPositions = positions;
    state.placedButton = null;
    // The seats dealt in: their stacks, and their players' names (one loop; a press starts every hand).
    const stacks: Record<number, number> = {};
    const players: Record<number, string> = {};
    for (const s of inGame) {
      const seat = state.seats[s];
      stacks[s] = seat?.stack ?? 0;
      players[s] = seat?.player ?? `seat ${s}`;
    }
    const settings = redeal?.game ?? { ...state.game };
    // The press is a hand boundary: the last hand's cards are what the latest reports still show.
    const leftovers = this.reader.newHand(t, dealt).filter((l) => CARD_ZONE.test(l.antenna));
    const hand = state.handsStarted;
    state.hand = {
      hand,
      positions,
      level: { ...level },
      game: settings,
      redeal: redeal !== null,
      stacksBefore: stacks,
    };
    try {
      const started = game.start({
        t,
        hand,
        game: settings,
        positions,
        level,
        redeal: redeal !== null,
        seatCount,
        stacks,
        players,
        antennas: this.settings.antennas,
        zones: this.reader,
        lastHandEnd: this.lastHandEnd,
        lastHandsChipsToCome: this.lastHandsChipsToCome,
        leftovers,
        reading: {
          scanRoundMs: this.reader.scanRoundMs,
          lagMs: this.reader.lagMs,
          departMs: this.reader.departWindowMs,
          settleMs: this.reader.chipSettleMs,
        },
        oddChipUnit: this.settings.chips[0] ?? 1,
        bbAnteOrder: this.settings.bbAnteOrder ?? "blind-first",
        ...(this.settings.rake ? { rake: this.settings.rake } : {}),
        ...(this.settings.payTable ? { payTable: this.settings.payTable } : {}),
      });
      return { ...started, began: true };
    } catch (e) {
      // A table the rules cannot start a hand on must not stop the process: the floor is told why.
      state.hand = null;
      return { hand: null, events: [notStarted(t, (e as Error).message)], began: true };
    }
  }
}

/** The game a hand of `settings` is played by: each starts and ends its own hands. */
function gameOf(settings: GameSettings): Game {
  return settings.game === "tcp" ? threeCardPoker : holdem;
}

function notStarted(t: number, reason: string): AlertEvent {
  return alert(t, "HAND_NOT_STARTED", `The shuffler was pressed but no hand can start: ${reason}`, [
    "Set up the table from the floor page, then press the shuffler again",
  ]);
}
