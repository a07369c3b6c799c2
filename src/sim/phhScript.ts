/**
 * A PHH hand as the device input events a real table would produce: floor set-up, the shuffler, blinds'
 * chips on the bet zones, hole cards on the seat antennas, dealer keys and chips for each action, bets
 * pulled into the pot, burns and board cards. Tests (and the simulator) drive the controller through its
 * contract with it. The betting engine runs alongside to know who faces a bet, what a call costs and who
 * is all-in, so the events carry exactly what the chip-reading rules need to read the recorded action.
 *
 * Just over 300 lines: one hand's script in the order a table plays it (set-up, deal, streets, showdown),
 * which reads best in one place; the card mapping is apart (phhCards.ts).
 */
import type { InputEventIn } from "../contract/input.js";
import {
  applyAction,
  type BettingAction,
  type BettingState,
  dealNextStreet,
  findSeat,
  legalActions,
  startHand,
} from "../rules/betting.js";
import type { Card } from "../rules/cards.js";
import type { PhhAction } from "../rules/phh/actions.js";
import type { PhhHand } from "../rules/phh/read.js";
import { phhSeating, replayHand } from "../rules/phh/replay.js";
import { ChipBox, DEFAULT_CHIP_SET } from "./chips.js";
import { flicker, landChips, type NoiseOptions } from "./noise.js";
import {
  createPace,
  type Pace,
  type PaceMode,
  type PaceProfileName,
  PHH_FIXED,
  type PaceStep,
} from "./pace.js";
import { type CardPlan, planCards } from "./phhCards.js";
import { chance, mulberry32, randInt, type Rng } from "./random.js";
import { Timeline } from "./timeline.js";

export type { NoiseOptions } from "./noise.js";

export interface PhhScriptOptions {
  /** Time of the first (floor) event; default 0. */
  readonly startT?: number;
  /** Seeds card stand-ins, burns, timing and noise; default 1. */
  readonly seed?: number;
  readonly noise?: NoiseOptions;
  /** The deck in play for card tags (`card:<deck>:<face>`); default `A` as in the default configuration. */
  readonly deck?: string;
  /** Chip denominations; default the configuration's set. */
  readonly chipSet?: readonly number[];
  /** How fast the dealer and players are (default `fixed`: the conversion's old timings exactly). */
  readonly pace?: PaceMode;
}

export interface PhhScript {
  readonly events: InputEventIn[];
  /** The seats used, 1..n (PHH player i sits on seat i). */
  readonly seats: number[];
  /** Seat → the PHH finishing stack (the replayed result when the file records none). */
  readonly expectedStacks: Record<number, number>;
  /** The pace profile the hand was dealt at. */
  readonly profile: PaceProfileName;
}

/** Everything the conversion carries from one action to the next. */
interface Sim {
  readonly hand: PhhHand;
  readonly tl: Timeline;
  /** Timing and noise; card choices have their own generator so noise never changes the cards. */
  readonly rng: Rng;
  readonly noise: NoiseOptions;
  readonly pace: Pace;
  readonly box: ChipBox;
  readonly plan: CardPlan;
  readonly card: (face: Card) => string;
  state: BettingState;
  pot: string[];
  muck: string[];
  board: string[];
  burns: string[];
}

/** Converts a PHH hand into the input events of a table dealing it. Throws when the engine refuses an action. */
export function phhToInputEvents(hand: PhhHand, options: PhhScriptOptions = {}): PhhScript {
  const n = hand.startingStacks.length;
  if (n > 10) throw new Error(`${hand.file}: ${n} players do not fit a 10-seat table`);
  const seed = options.seed ?? 1;
  const deck = options.deck ?? "A";
  const rng = mulberry32(seed ^ 0x5bd1e995);
  const sim: Sim = {
    hand,
    tl: new Timeline(options.startT ?? 0),
    rng,
    noise: options.noise ?? {},
    pace: createPace(
      options.pace ?? "fixed",
      { fixed: rng, random: () => mulberry32((seed ^ 0x68e31da4) >>> 0) },
      PHH_FIXED,
    ),
    box: new ChipBox(options.chipSet ?? DEFAULT_CHIP_SET),
    plan: planCards(hand, mulberry32(seed)),
    card: (face) => `card:${deck}:${face}`,
    state: startBetting(hand),
    pot: [],
    muck: [],
    board: [],
    burns: [],
  };
  floorSetUp(sim);
  sim.tl.wait(1000).press("shuffler");
  postForcedBets(sim);
  deal(sim);
  for (const action of hand.actions) play(sim, action);
  const seats = hand.startingStacks.map((_, i) => i + 1);
  const finishing = hand.finishingStacks ?? replayHand(hand, { bbAnteOrder: "ante-first" }).finalStacks;
  const expectedStacks = Object.fromEntries(seats.map((s) => [s, finishing[s - 1] ?? 0]));
  return { events: sim.tl.events, seats, expectedStacks, profile: sim.pace.profile };
}

/** The engine's view of the hand. PokerKit posts a big-blind ante before the blind, so the record does too. */
function startBetting(hand: PhhHand): BettingState {
  return startHand({
    game: hand.game,
    seats: hand.startingStacks.map((stack, i) => ({ seat: i + 1, stack })),
    ...phhSeating(hand.startingStacks.length),
    level: hand.level,
    ...(hand.limit ? { limit: hand.limit } : {}),
    bbAnteOrder: "ante-first",
  });
}

function floorSetUp(sim: Sim): void {
  const { hand, tl } = sim;
  const limit = hand.limit;
  tl.push({
    kind: "floor",
    op: "game",
    game: hand.game.name,
    ...(limit ? { smallBet: limit.smallBet, bigBet: limit.bigBet } : {}),
    ...(limit && limit.cap !== null ? { cap: limit.cap } : {}),
  });
  const { sb, bb, ante, bbAnte } = hand.level;
  tl.push({ kind: "floor", op: "level", sb, bb, ante, bbAnte });
  hand.startingStacks.forEach((stack, i) =>
    tl.push({ kind: "floor", op: "seat", seat: i + 1, player: `p${i + 1}`, stack }),
  );
  tl.push({ kind: "floor", op: "button", seat: phhSeating(hand.startingStacks.length).button });
}

/** Ante chips go straight to the pot; each blind's chips (what a short blind has) land on its bet zone. */
function postForcedBets(sim: Sim): void {
  const { tl, state } = sim;
  step(sim, "toBlinds");
  const antes = state.seats.filter((s) => s.ante > 0);
  if (antes.length > 0) {
    for (const s of antes) sim.pot.push(...sim.box.take(s.ante));
    tl.report("pot", sim.pot).wait(200);
  }
  const blinds = [state.sbSeat, state.bbSeat].flatMap((seat) => {
    const s = seat === null ? undefined : findSeat(state, seat);
    return s !== undefined && s.bet > 0 ? [s] : [];
  });
  for (const s of blinds) tl.report(`bet${s.seat}`, sim.box.take(s.bet)).wait(200);
}

/** One card per seat per round, clockwise from the first seat left of the button. */
function deal(sim: Sim): void {
  const { tl, state, plan } = sim;
  step(sim, "toDeal");
  for (let round = 0; round < sim.hand.game.holeCards; round++) {
    for (const { seat } of state.seats) {
      const cards = plan.hole.get(seat);
      if (cards === undefined) throw new Error(`${sim.hand.file}: p${seat} is not dealt in`);
      tl.report(`seat${seat}`, cards.slice(0, round + 1).map(sim.card));
      step(sim, "cardPitch");
    }
  }
}

function play(sim: Sim, action: PhhAction): void {
  switch (action.kind) {
    case "deal-hole":
      // Dealt up front: hold'em and Omaha deal every hole card before the first action.
      return;
    case "deal-board":
      dealBoard(sim, action.cards);
      return;
    case "show":
      // Tabled cards are read where they lie; only a muck at showdown moves cards.
      if (action.cards === "muck") {
        step(sim, "think");
        muckHand(sim, action.player);
      }
      return;
    default:
      bet(sim, action);
  }
}

/** Waits as long as `s` takes at the hand's pace. */
function step(sim: Sim, s: PaceStep): void {
  sim.tl.wait(sim.pace.ms(s));
}

/**
 * Before each action: the player's think (never under 0.7 s: he has seen the previous action
 * complete), with now and then a card flickering in the middle of it.
 */
function pause(sim: Sim): void {
  const { tl, rng } = sim;
  const held = [...sim.state.seats.map((s) => `seat${s.seat}`), "board"];
  if (sim.pace.mode === "fixed") {
    // The old draws, in their old order (a seed reproduces its stream).
    if (sim.noise.flicker && chance(rng, 0.3)) {
      tl.wait(randInt(rng, 450, 550));
      flicker(tl, rng, held);
      tl.wait(randInt(rng, 250, 400));
    } else step(sim, "think");
    return;
  }
  const think = sim.pace.ms("think");
  const start = tl.t;
  if (sim.noise.flicker && chance(rng, 0.3)) {
    tl.wait(Math.floor(think / 2));
    flicker(tl, rng, held);
  }
  tl.wait(Math.max(0, start + think - tl.t));
}

function bet(sim: Sim, action: Extract<PhhAction, { kind: "fold" | "check-call" | "bet-raise-to" }>): void {
  const { tl, state, hand } = sim;
  const legal = legalActions(state);
  const seat = findSeat(state, action.player);
  if (legal === null || seat === undefined || legal.seat !== action.player) {
    throw new Error(`${hand.file}: p${action.player} acts but seat ${legal?.seat ?? "none"} is to act`);
  }
  pause(sim);
  let move: BettingAction;
  if (action.kind === "fold") {
    muckHand(sim, action.player);
    move = { seat: seat.seat, type: "fold" };
  } else if (action.kind === "check-call" && legal.canCheck) {
    tl.press("check");
    move = { seat: seat.seat, type: "check" };
  } else {
    const to = action.kind === "bet-raise-to" ? action.to : seat.bet + legal.callAmount;
    const added = to - seat.bet;
    // The key comes before the chips: all-in when they are his last, "raise" when he raises a bet.
    const allin = added === seat.stack;
    if (allin || (action.kind === "bet-raise-to" && legal.raiseType === "raise")) {
      tl.press(allin ? "allin" : "raise");
      step(sim, "keyToChips");
    }
    landChips(tl, sim.rng, `bet${seat.seat}`, sim.box.take(added), sim.noise.splitBets === true);
    move =
      action.kind === "check-call"
        ? { seat: seat.seat, type: "call" }
        : { seat: seat.seat, type: legal.raiseType, to };
  }
  const result = applyAction(state, move);
  if (!result.ok) throw new Error(`${hand.file}: p${action.player} ${move.type}: ${result.error.message}`);
  sim.state = result.state;
  if (sim.state.phase === "dealing" || sim.state.phase === "runout") pullBets(sim);
}

/** The round is over: every bet (an uncalled one too; the controller returns the excess) goes to the pot. */
function pullBets(sim: Sim): void {
  const { tl } = sim;
  const zones = sim.state.seats.map((s) => `bet${s.seat}`).filter((z) => tl.read(z).length > 0);
  if (zones.length === 0) return;
  step(sim, "sweep");
  for (const zone of zones) {
    sim.pot.push(...tl.read(zone));
    tl.report(zone, []).wait(20);
  }
  tl.wait(80).report("pot", sim.pot);
}

/** A burn, then the street's cards (the flop in one report). */
function dealBoard(sim: Sim, cards: readonly Card[]): void {
  const { tl } = sim;
  pullBets(sim);
  const burn = sim.plan.burns[sim.burns.length];
  if (burn === undefined) throw new Error(`${sim.hand.file}: no burn card planned`);
  sim.burns.push(sim.card(burn));
  step(sim, "toBurn");
  tl.report("burn", sim.burns);
  sim.board.push(...cards.map(sim.card));
  step(sim, "burnToBoard");
  tl.report("board", sim.board);
  const dealt = dealNextStreet(sim.state);
  if (!dealt.ok) throw new Error(`${sim.hand.file}: board dealt: ${dealt.error.message}`);
  sim.state = dealt.state;
}

/** A folded or mucked hand leaves its seat antenna and arrives on the muck. */
function muckHand(sim: Sim, player: number): void {
  const { tl } = sim;
  const cards = tl.read(`seat${player}`);
  if (cards.length === 0) return;
  tl.report(`seat${player}`, []).wait(randInt(sim.rng, 50, 100));
  sim.muck.push(...cards);
  tl.report("muck", sim.muck);
}
