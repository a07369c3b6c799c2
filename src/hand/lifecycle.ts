/**
 * Starting and ending a hand lives with its game: the table core presses the shuffler and routes inputs
 * to "the hand in play", and each game says where its button goes, what level it plays at, how it starts
 * a hand from the table as it stands, what a shuffler press in the middle of its hand means, and how its
 * hand ended and what the dealer must do after it. This module holds that shape ({@link Game},
 * {@link LiveHand}, {@link DealerWork}); hold'em's side is src/hand/holdemLifecycle.ts, Three Card
 * Poker's src/hand/tcp/lifecycle.ts. The core keeps only what is the table's: the seats, the re-deal
 * after a misdeal, the floor, the journal's checkpoints, the deck check, and watching the dealer's
 * work after the hand (src/table/afterHand.ts). (Over 300 lines: the table's whole view of a hand —
 * {@link LiveHand}, what a game binds to it, and {@link SessionHand}, the one class behind both — reads
 * best in one place.)
 */
import type { ButtonName, RulingName } from "../contract/input.js";
import type { TableEvent } from "../contract/output.js";
import type { BbAnteOrder } from "../rules/betting.js";
import type { GameSettings, Level } from "../rules/games.js";
import type { Positions } from "../rules/positions.js";
import type { Acknowledged, HandOpening } from "./machineSession.js";
import type { RakeDue, RakeSchedule } from "../rules/rake.js";
import type { PayTable } from "../rules/threeCard/payTable.js";
import type { ChipTag, Leftover, Observation } from "../reading/observations.js";
import type { OwedAtTheEnd, ReadingWindows } from "./context.js";
import type { HandSession } from "./session.js";
import type { PayingPlan } from "./tcp/paying.js";
import type { TcpSession } from "./tcp/session.js";
import type { TcpView } from "./tcp/view.js";
import type { HoldemView, PrivateHandView } from "./view.js";
import { chartPath } from "./chartPath.js";

/** Where the seats stand when the shuffler is pressed: what a game places its button from. */
export interface Seating {
  /** Seats with a player with chips, in seat order. */
  inGame: readonly number[];
  seatCount: number;
  /** A button the floor placed for this hand, if any. */
  placedButton: number | null;
  /** The last hand's positions (the dead-button rule moves on from them). */
  lastPositions: Positions | null;
}

/** What the chip zones read now; the hand's start only reads (the reader has already begun the hand). */
export interface ZoneChips {
  chipsOn(antenna: string): ChipTag[];
  chipsBefore(antenna: string, t: number): string[];
}

/** The table at the shuffler press, as a game needs it to start its hand. */
export interface HandPress extends HandOpening {
  /** Seat → stack, for the seats dealt in. */
  stacks: Record<number, number>;
  /** Seat → player name (one name on several boxes is one player). */
  players: Record<number, string>;
  /** The table's antennas (a game finds its own zones among them). */
  antennas: readonly string[];
  /** The zones' chips, read at the press. */
  zones: ZoneChips;
  /**
   * When the last hand ended: chips reported on a zone less than one scan round after it may have landed
   * before it (a report comes up to a round after the chips; a call read from the key ends the hand
   * before its chips are seen), and are that hand's.
   */
  lastHandEnd: number;
  /**
   * Seat → chips the last hand counted from the `allin` key that ended it, unseen then: chips that
   * reach that zone after the end, up to this much, are that hand's (the player put them out after
   * the key), however late the bridge reports them.
   */
  lastHandsChipsToCome: Record<number, number>;
  /** Card tags of the last hand still on the table, and where. */
  leftovers: Leftover[];
  reading: ReadingWindows;
  oddChipUnit: number;
  bbAnteOrder: BbAnteOrder;
  rake?: RakeSchedule;
  payTable?: PayTable;
}

/** What a shuffler press in the middle of a hand means, by the hand's own state. */
export type PressDuringHand =
  /** The hand waits for the floor's misdeal: the press declares it (TDA 33-C), the hand is dealt again. */
  | "misdeal"
  /** No card was dealt: the hand did not happen. */
  | "void"
  /**
   * The dealer went on with the hand's end still to be reported (a card taken off the board): the press
   * waits the readers' lag for it.
   */
  | "wait-for-readers"
  /**
   * The press ends the hand: a showdown waiting only for a seat's debt, settled as the rules count the bet
   * (src/hand/pressOwing.ts); a run-out's extra card judged on the board as it lies (board.ts).
   */
  | "ends-the-hand"
  /** The hand is still on: the press is the dealer's mistake. */
  | "during-hand";

/**
 * The dealer's work once a hand has ended, as its game says when it ends (plain data): what the table's
 * work after the hand (src/table/afterHand.ts) watches him do, without reading the hand.
 */
export type DealerWork =
  /** Nothing to watch: the hand's chips stopped moving when it ended (the tray is judged after it). */
  | { kind: "none" }
  /** Three Card Poker, a settled hand: take each losing bet to the tray, pay each winning one beside it. */
  | { kind: "pay"; plan: PayingPlan }
  /** A raked cash game, a hand played out: put the rake taken from the pot on the plate, then drop it. */
  | { kind: "rake"; rake: RakeDue };

/** How a hand ended, for the table. */
export interface HandEnding {
  t: number;
  result: string;
  /** Seat → stack after the hand (null: the stacks stand as they were). */
  finalStacks: Record<number, number> | null;
  /** A misdeal is dealt again exactly: same positions, level and game. */
  redeal: { positions: Positions; level: Level; game: GameSettings } | null;
  /** What the dealer does now, before the next hand. */
  work: DealerWork;
  /** Seat → chips the hand counted from the `allin` key that ended it, not yet seen on its zone. */
  chipsToCome: Record<number, number>;
  /** Seats that still owed the rest of a call or raise when a shuffler press settled the hand (hold'em). */
  owed: OwedAtTheEnd[];
}

/** One game: how it places its hands and starts one. */
export interface Game {
  /** The button (and blinds) of a new hand, or null when too few can play. */
  positions(seating: Seating): Positions | null;
  /** The level a new hand plays at, given the floor's (null: none set and the game needs one). */
  level(floorLevel: Level | null): Level | null;
  /** Starts a hand: the live hand and its first table events. Throws when the rules cannot start one. */
  start(press: HandPress): { hand: LiveHand; events: TableEvent[] };
}

/** What a hand shows of itself, by its game (src/hand/view.ts, src/hand/tcp/view.ts): never a hole card. */
export type HandView = { game: "holdem"; holdem: HoldemView } | { game: "threeCard"; threeCard: TcpView };

/** How a game shows its hand: pure functions of the hand's context, which the game's start binds. */
export interface HandShows {
  /** Which game's view it is. */
  game: HandView["game"];
  /** The public view; `held`: the hand's chart waits for the floor. */
  view(held: boolean): HandView;
  /** The hole cards, for authenticated floor staff. */
  privateView(): PrivateHandView;
  /** Whether the hand is still shown once it has ended, until the next starts (what a dealer pays from). */
  shownAfterEnd: boolean;
}

/**
 * A hand in play as the table core's users see it, whichever the game: what the core's `live` gives
 * (src/table/tableCore.ts). Everything else about it is in the core's views.
 */
export interface HandInPlay {
  /** Its number. */
  readonly number: number;
  /** Its game's view kind: "holdem" (the flop games) or "threeCard". */
  readonly game: HandView["game"];
  /** Where its chart is, as a dotted path: "betting", "prematureFlop.on", "held.misdeal.firstCard". */
  readonly chart: string;
  /** The hold the hand's chart is in while the floor decides, else null. */
  readonly held: "misdeal" | "void" | null;
}

/** A hand in play, as the table core routes to it. */
export interface LiveHand {
  /** Its number. */
  readonly number: number;
  /** The hold the hand's chart is in while the floor decides, else null. */
  readonly held: "misdeal" | "void" | null;
  /** The hand as the core's users see it (a copy, taken when asked). */
  inPlay(): HandInPlay;
  /** Its public view (no hole card). */
  view(): HandView;
  /** Its public view once it has ended, until the next hand starts, or null if its game shows none. */
  viewAfterEnd(): HandView | null;
  /** Its private view: the hole cards. */
  privateView(): PrivateHandView;
  observed(t: number, observations: Observation[]): TableEvent[];
  /** A dealer key; `acknowledged`: the alert the table's `ok` cleared. */
  key(t: number, key: ButtonName, acknowledged?: Acknowledged): TableEvent[];
  ruling(t: number, ruling: RulingName, seat?: number, code?: string): TableEvent[];
  tick(t: number, inputEnded?: boolean): TableEvent[];
  /** When its next judgement waiting for the readers is due, and since when it waited. */
  readonly nextDue: number | null;
  readonly nextSince: number | null;
  pressDuringHand(): PressDuringHand;
  /** Whether the board's collection ends the hand at the table: what was still being read went with the pot. */
  boardCollectionEnds(): boolean;
  /** Whether a judgement that may hold it for a misdeal or a void still waits for the readers. */
  judgingAHold(): boolean;
  /** How it ended and what the dealer does after it, once it has (null while in play). */
  ending(): HandEnding | null;
}

/** What a game binds to the hand it starts, beside the hand's machine session. */
export interface HandBinding {
  /** How its game shows it. */
  shows: HandShows;
  /** The dealer's work after it, asked once it has ended: a pure function of the ended hand. */
  dealerWork(): DealerWork;
  /**
   * Whether the hand may end on a report still to come (the bridge's lag): a card the dealer took off
   * hold'em's board, the rest of a short call the showdown waits for, or a misdeal being judged.
   */
  mayEndOnAReport?(): boolean;
  /** Asked once it has ended: seat → chips it counted that are still to come on the seat's zone. */
  chipsToCome?(): Record<number, number>;
  /** Whether a shuffler press ends the hand now (a debt the showdown waits for, a run-out's extra card). */
  pressEnds?(): boolean;
  /** Whether the board's collection ends the hand at the table (hold'em's river of five, nothing in force). */
  boardCollectionEnds?(): boolean;
  /** Whether a judgement that may hold the hand for a misdeal or a void still waits for the readers. */
  judgingAHold?(): boolean;
  /** Asked once it has ended: the debts a press settled it with. */
  owedAtTheEnd?(): OwedAtTheEnd[];
}

/** No work after the hand. */
export const NO_DEALER_WORK: DealerWork = { kind: "none" };

/**
 * A live hand over a running hand machine (either game's session): routes each input to it and reads
 * how it stands.
 */
export class SessionHand implements LiveHand {
  private readonly shows: HandShows;

  constructor(
    /**
     * The hand's machine session. Not part of {@link LiveHand}, through which alone the table reads a
     * hand: only the test-only accessor (src/table/sessionForTests.ts) reads it, for white-box tests.
     */
    readonly session: HandSession | TcpSession,
    private readonly binding: HandBinding,
  ) {
    this.shows = binding.shows;
  }

  get number(): number {
    return this.session.context.hand;
  }
  /** The hold the hand's chart is in, if the floor must decide. */
  get held(): "misdeal" | "void" | null {
    return this.session.held;
  }
  inPlay(): HandInPlay {
    const game = this.shows.game;
    return { number: this.number, game, chart: chartPath(this.session.state), held: this.held };
  }
  view(): HandView {
    return this.shows.view(this.held !== null);
  }
  viewAfterEnd(): HandView | null {
    // Once ended, the hand no longer waits for the floor.
    return this.shows.shownAfterEnd ? this.shows.view(false) : null;
  }
  privateView(): PrivateHandView {
    return this.shows.privateView();
  }
  observed(t: number, observations: Observation[]): TableEvent[] {
    return this.session.observed(t, observations);
  }
  key(t: number, key: ButtonName, acknowledged?: Acknowledged): TableEvent[] {
    return this.session.key(t, key, acknowledged);
  }
  ruling(t: number, ruling: RulingName, seat?: number, code?: string): TableEvent[] {
    return this.session.ruling(t, ruling, seat, code);
  }
  tick(t: number, inputEnded = false): TableEvent[] {
    return this.session.tick(t, inputEnded);
  }
  get nextDue(): number | null {
    return this.session.nextDue;
  }
  get nextSince(): number | null {
    return this.session.nextSince;
  }

  pressDuringHand(): PressDuringHand {
    const h = this.session.context;
    if (this.session.held === "misdeal") return "misdeal";
    if (h.cardsDealt === 0) return "void";
    if (this.binding.pressEnds?.()) return "ends-the-hand";
    return this.binding.mayEndOnAReport?.() ? "wait-for-readers" : "during-hand";
  }

  boardCollectionEnds(): boolean {
    return this.binding.boardCollectionEnds?.() ?? false;
  }

  judgingAHold(): boolean {
    return this.binding.judgingAHold?.() ?? false;
  }

  ending(): HandEnding | null {
    const h = this.session.context;
    if (h.result === null) return null;
    return {
      t: h.t,
      result: h.result,
      finalStacks: h.finalStacks,
      redeal: h.result === "misdeal" ? { positions: h.positions, level: h.level, game: h.game } : null,
      work: this.binding.dealerWork(),
      chipsToCome: this.binding.chipsToCome?.() ?? {},
      owed: this.binding.owedAtTheEnd?.() ?? [],
    };
  }
}
