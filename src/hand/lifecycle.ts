/**
 * Starting and ending a hand lives with its game: the table core presses the shuffler and routes inputs
 * to "the hand in play", and each game says where its button goes, what level it plays at, how it starts
 * a hand from the table as it stands, what a shuffler press in the middle of its hand means, and how its
 * hand ended. This module holds that shape ({@link Game}, {@link LiveHand}) and hold'em's side of it;
 * Three Card Poker's is src/hand/tcp/lifecycle.ts. The core keeps only what is the table's: the seats,
 * the re-deal after a misdeal, the floor, the journal's checkpoints, the deck check and the tray.
 */
import type { ButtonName, RulingName } from "../contract/input.js";
import type { TableEvent } from "../contract/output.js";
import type { BbAnteOrder } from "../rules/betting.js";
import type { GameSettings, Level } from "../rules/games.js";
import { nextPositions, type Positions, positionsFromButton } from "../rules/positions.js";
import type { RakeSchedule } from "../rules/rake.js";
import type { PayTable } from "../rules/threeCard/payTable.js";
import type { ChipTag, Observation } from "../reading/observations.js";
import type { ReadingWindows } from "./context.js";
import { type HandInit, HandSession } from "./session.js";
import type { TcpSession } from "./tcp/session.js";
import type { TcpView } from "./tcp/view.js";
import { holdemPrivateView, holdemView, type HoldemView, type PrivateHandView } from "./view.js";

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
export interface HandPress {
  t: number;
  hand: number;
  game: GameSettings;
  positions: Positions;
  level: Level;
  redeal: boolean;
  seatCount: number;
  /** Seat → stack, for the seats dealt in. */
  stacks: Record<number, number>;
  /** Seat → player name (one name on several boxes is one player). */
  players: Record<number, string>;
  /** The table's antennas (a game finds its own zones among them). */
  antennas: readonly string[];
  /** The zones' chips, read at the press. */
  zones: ZoneChips;
  /** When the last hand ended: chips on a zone since before then are that hand's. */
  lastHandEnd: number;
  /** Card tags of the last hand still on the table, and where. */
  leftovers: { tag: string; antenna: string }[];
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
  /** The dealer took a card off the board and went on: the press waits the readers' lag for the hand's end. */
  | "wait-for-readers"
  /** The hand is still on: the press is the dealer's mistake. */
  | "during-hand";

/** How a hand ended, for the table. */
export interface HandEnding {
  t: number;
  result: string;
  /** Seat → stack after the hand (null: the stacks stand as they were). */
  finalStacks: Record<number, number> | null;
  /** A misdeal is dealt again exactly: same positions, level and game. */
  redeal: { positions: Positions; level: Level; game: GameSettings } | null;
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
  /** The hand's machine session (the table's work after the hand reads how it ended). */
  readonly session: HandSession | TcpSession;
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
  key(t: number, key: ButtonName): TableEvent[];
  ruling(t: number, ruling: RulingName, seat?: number, code?: string): TableEvent[];
  tick(t: number): TableEvent[];
  /** When its next judgement waiting for the readers is due, and since when it waited. */
  readonly nextDue: number | null;
  readonly nextSince: number | null;
  pressDuringHand(): PressDuringHand;
  /** How it ended, once it has (null while in play). */
  ending(): HandEnding | null;
}

/** What every game's hand starts from (hold'em's whole init; Three Card Poker adds its own). */
export function handInit(press: HandPress): HandInit {
  const inGame = Object.keys(press.stacks).map(Number);
  return {
    t: press.t,
    hand: press.hand,
    game: press.game,
    positions: press.positions,
    level: press.level,
    redeal: press.redeal,
    seatCount: press.seatCount,
    stacks: press.stacks,
    oddChipUnit: press.oddChipUnit,
    bbAnteOrder: press.bbAnteOrder,
    leftovers: press.leftovers,
    chipsOnZones: Object.fromEntries(inGame.map((s) => [s, press.zones.chipsOn(`bet${s}`)])),
    reading: press.reading,
    lastHandsChips: inGame.flatMap((s) => press.zones.chipsBefore(`bet${s}`, press.lastHandEnd)),
    ...(press.rake ? { rake: press.rake } : {}),
  };
}

/**
 * A live hand over a running hand machine (either game's session): routes each input to it and reads
 * how it stands.
 */
export class SessionHand implements LiveHand {
  constructor(
    readonly session: HandSession | TcpSession,
    /** How its game shows it. */
    private readonly shows: HandShows,
    /** Whether the dealer has taken a card off and the hand may end on its report (hold'em's board). */
    private readonly cardTakenOff: () => boolean = () => false,
  ) {}

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
  key(t: number, key: ButtonName): TableEvent[] {
    return this.session.key(t, key);
  }
  ruling(t: number, ruling: RulingName, seat?: number, code?: string): TableEvent[] {
    return this.session.ruling(t, ruling, seat, code);
  }
  tick(t: number): TableEvent[] {
    return this.session.tick(t);
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
    return this.cardTakenOff() ? "wait-for-readers" : "during-hand";
  }

  ending(): HandEnding | null {
    const h = this.session.context;
    if (h.result === null) return null;
    return {
      t: h.t,
      result: h.result,
      finalStacks: h.finalStacks,
      redeal: h.result === "misdeal" ? { positions: h.positions, level: h.level, game: h.game } : null,
    };
  }
}

/** The flop games (hold'em, Omaha; no-limit, pot-limit, limit): button and blinds, the floor's level. */
export const holdem: Game = {
  positions(seating) {
    const { inGame, seatCount } = seating;
    if (seating.placedButton !== null) return positionsFromButton(seating.placedButton, inGame, seatCount);
    if (seating.lastPositions !== null) return nextPositions(seating.lastPositions, inGame, seatCount);
    const first = inGame[0];
    // No button placed and no hand played: the first player in seat order has the button.
    return first === undefined ? null : positionsFromButton(first, inGame, seatCount);
  },
  level: (floorLevel) => floorLevel,
  start(press) {
    const { session, events } = HandSession.start(handInit(press));
    const shows: HandShows = {
      game: "holdem",
      view: (held) => ({ game: "holdem", holdem: holdemView(session.context, held) }),
      privateView: () => holdemPrivateView(session.context),
      // The next hand's press clears the table: an ended hold'em hand is not shown.
      shownAfterEnd: false,
    };
    // A card taken off the board (a procedure under way) may end the hand when its report comes.
    return { hand: new SessionHand(session, shows, () => session.procedure !== "none"), events };
  },
};

/** An xstate state value as a dotted path: `{ held: { misdeal: "firstCard" } }` is "held.misdeal.firstCard". */
export function chartPath(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value !== "object" || value === null) return String(value);
  // The charts are flat (one active child per state): a parallel region would list each, joined by ",".
  return Object.entries(value)
    .map(([key, inner]) => `${key}.${chartPath(inner)}`)
    .join(",");
}
