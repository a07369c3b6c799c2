/**
 * The simulated dealer of a flop game: shuffles, posts the blinds, deals in order, runs each betting
 * round with the players' policy, pulls the bets, burns and lays the board, and pays the pots. It keeps
 * its own betting engine and deck, never the controller's: what it does is the ground truth. An injected
 * error steps in through {@link Injector} hooks and ends with the correct procedure.
 *
 * Over 300 lines, knowingly: one dealer's procedure, hand start to pay-out, in the order a dealer
 * works; the injections (inject*.ts), the deal (dealing.ts) and the players (players.ts) are apart.
 */
import type { AlertCode } from "../hand/alerts.js";
import {
  applyAction,
  type BettingAction,
  type BettingState,
  dealNextStreet,
  findSeat,
  legalActions,
  liveSeats,
  STREETS,
  type Street,
  startHand,
} from "../rules/betting.js";
import type { Card } from "../rules/cards.js";
import type { LimitSizes } from "../rules/games.js";
import type { Positions } from "../rules/positions.js";
import type { Level } from "../table/state.js";
import { Stub } from "./deck.js";
import type { DealerRngs, DealerSetup, DealRecord, PendingOutOfTurn } from "./dealerTypes.js";
import { dealHoleCards, layStreet } from "./dealing.js";
import type { Injector } from "./hooks.js";
import { announceLimits, limitsAt, limitsChanged } from "./limits.js";
import { decide, type Decision } from "./players.js";
import type { Seating } from "./seating.js";
import { handPots } from "../rules/betting.js";
import { type RakeDue, rakeDue } from "../rules/rake.js";
import { placeRake } from "./injectRake.js";
import { settleStacks } from "./settle.js";
import type { Felt } from "./table.js";
import { FloorWords } from "./floorWords.js";
import type { ExpectedEnd, Truth } from "./truth.js";

/** Thrown to end a deal early (a misdeal declared, a hand voided); caught by {@link FlopDealer.playHand}. */
class DealOver extends Error {
  constructor(readonly result: "misdeal" | "void") {
    super(result);
  }
}

export class FlopDealer {
  /** The controller's hand number of the deal in progress (re-deals count, as in `hand_start`). */
  hand = 0;
  betting!: BettingState;
  stub!: Stub;
  positions!: Positions;
  level!: Level;
  stacksBefore: Record<number, number> = {};
  /** Streets to be dealt without a burn (r.35, RP-5). */
  readonly noBurn = new Set<Street>();
  /** RP-5B: the premature turn card, set aside until the river. */
  setAside: Card | null = null;
  /** RP-5C: the stub is reshuffled before the river. */
  reshuffleBeforeRiver = false;
  pendingOutOfTurn: PendingOutOfTurn | null = null;
  /** Limit games: the limits the floor last announced (they follow the level; a re-deal keeps them). */
  private limit: LimitSizes | undefined;
  /** Voluntary actions of the hand, for substantial action (§4). */
  private actions: ("check" | "fold" | "chips")[] = [];
  private allinNoted = false;
  /** When the current turn began: the closing action's key or chips come after it. */
  private actionStart = 0;
  private injector: Injector | null = null;
  /** Errors made, handed out with each hand. */
  readonly truths: Truth[] = [];
  /** Errors whose situation lasts until the next shuffler press. */
  private open: Truth[] = [];
  readonly ends: ExpectedEnd[] = [];
  /** The deals of the last hands by number, as they began (what a floor's ruling goes back to). */
  private readonly deals = new Map<number, DealRecord>();
  /** What a supervisor ruled during the deal being dealt (none but at a live table; src/sim/floorWords.ts). */
  floorWords = new FloorWords();
  /** Seats the floor ruled dead this deal: each folds when the action reaches it (its cards are mucked). */
  private readonly deadSeats = new Set<number>();

  constructor(
    readonly felt: Felt,
    readonly seating: Seating,
    readonly setup: DealerSetup,
    readonly rngs: DealerRngs,
  ) {}

  /** Plays one hand to its end: misdeals are re-dealt exactly, a void ends it. */
  playHand(injector: Injector | null, redealOf: { positions: Positions; level: Level } | null = null): void {
    this.injector = injector;
    // One dealer for the hand and its re-deals.
    this.felt.pace.nextHand();
    let redeal = redealOf;
    for (;;) {
      const result = this.playDeal(redeal);
      this.injector = null;
      if (result !== "misdeal") return;
      redeal = { positions: this.positions, level: this.level };
    }
  }

  /**
   * The floor ended deal `hand` at the table (a supervisor's misdeal or void, not the script's): the
   * dealer stops where the felt is now (the caller has put it back there), collects every card and
   * chip — a void gives every chip back, so the stacks are those the deal began with — and, for a
   * misdeal, presses the shuffler and deals the hand again exactly (same button, blinds and level).
   * After a void the next hand is dealt as usual.
   */
  followFloor(result: "misdeal" | "void", hand: number): void {
    const deal = this.deals.get(hand);
    if (deal === undefined)
      throw new Error(`simulated table: no deal ${hand} to follow the floor's ${result}`);
    for (const [seat, stack] of Object.entries(deal.stacksBefore)) {
      const s = this.seating.seats.get(Number(seat));
      if (s) s.stack = stack;
    }
    this.hand = hand;
    this.seating.started(deal.positions);
    this.felt.deck = deal.deck;
    // Errors of the deal the floor ended are over with it (nothing of the rest of the script was played).
    this.open = [];
    this.truths.length = 0;
    this.ends.length = 0;
    this.felt.pause(800, 1500).clearAll();
    this.felt.step("afterCollect");
    if (result === "misdeal") this.playHand(null, { positions: deal.positions, level: deal.level });
  }

  /** Records an error made now, owed an alert of `code` before the situation is over. */
  truth(code: AlertCode, what: string, from = this.felt.tl.t): Truth {
    const truth: Truth = { code, hand: this.hand, from, to: Number.MAX_SAFE_INTEGER, what };
    this.truths.push(truth);
    this.open.push(truth);
    return truth;
  }

  /** §4: two actions in turn with chips in one, or any three. */
  get substantial(): boolean {
    const n = this.actions.length;
    const [prev, last] = this.actions.slice(-2);
    return n >= 3 || (n >= 2 && (last === "chips" || prev === "chips"));
  }

  /** Seats still holding cards in the hand. */
  liveSeats(): number[] {
    return liveSeats(this.betting).map((s) => s.seat);
  }

  /** A hole card from the stub to a seat. */
  dealHole(seat: number, face: Card = this.stub.draw()): void {
    this.felt.add(`seat${seat}`, this.felt.tag(face)).step("cardPitch");
  }

  burn(face: Card = this.stub.draw()): void {
    this.felt.add("burn", this.felt.tag(face));
  }

  /**
   * The floor declares the misdeal: every card back, the blinds take their chips back; re-dealt. Unless
   * a supervisor ruled `continue` before the dealer began to collect: the deal stands, and `carryOn`
   * (the injector's way of going on with the deal as it lies) says whether it did the step itself.
   */
  declareMisdeal(carryOn?: () => boolean): boolean {
    this.felt.pause(1200, 2000);
    this.awaitFloor();
    if (carryOn !== undefined && this.floorWords.continued(this.felt.tl.t)) return carryOn();
    this.felt.clearAll();
    // The cards are collected; the dealer goes on to the shuffler at his pace (r.21).
    this.felt.step("afterCollect");
    throw new DealOver("misdeal");
  }

  /**
   * The floor voids the hand (IPC 29): every chip goes back. Unless a supervisor ruled `continue` before
   * the stand-in floor's void: `carryOn` puts the card right and says whether it did the step itself.
   */
  voidHand(carryOn?: () => boolean): boolean {
    this.felt.pause(1200, 2000);
    this.awaitFloor();
    if (carryOn !== undefined && this.floorWords.continued(this.felt.tl.t)) return carryOn();
    this.felt.tl.push({ kind: "floor", op: "ruling", ruling: "void" });
    this.felt.pause(500, 800).clearAll();
    this.felt.step("afterCollect");
    throw new DealOver("void");
  }

  /**
   * Where the house's procedure would go on at once (the stand-in floor's ruling, the collection): if the
   * dealer stopped for the floor, he waits for a supervisor first (src/sim/floorWords.ts).
   */
  awaitFloor(): void {
    const end = this.floorWords.waitEnds(this.felt.tl.t);
    if (end !== null && end > this.felt.tl.t) this.felt.tl.wait(end - this.felt.tl.t);
  }

  /** Applies an action to the dealer's engine (the controller must read the same from the felt). */
  apply(action: BettingAction): void {
    const result = applyAction(this.betting, action);
    if (!result.ok) throw new Error(`simulated hand ${this.hand}: ${action.type}: ${result.error.message}`);
    this.betting = result.state;
    this.actions.push(action.type === "check" || action.type === "fold" ? action.type : "chips");
    // Rule 14: an all-in with all betting complete; every hand is tabled before the rest of the board.
    if (this.betting.phase === "runout" && !this.allinNoted) {
      this.allinNoted = true;
      // From the start of the action that closed the betting (a key comes before the chips).
      this.truth("ALLIN_TABLE_HANDS", "all-in and all betting complete", this.actionStart);
    }
  }

  /** What the seat to act decides, shown at the table (keys, muck, chips) but not yet applied. */
  perform(d: Decision): void {
    const seat = d.action.seat;
    const tl = this.felt.tl;
    if (d.action.type === "check") tl.press("check");
    else if (d.action.type === "fold") {
      if (d.muck) this.felt.muck(seat);
      else tl.press("fold").wait(300);
    } else {
      if (d.key !== null) {
        tl.press(d.key);
        this.felt.step("keyToChips");
      }
      this.felt.push(seat, d.chips);
    }
  }

  private playDeal(redeal: { positions: Positions; level: Level } | null): "complete" | "misdeal" | "void" {
    try {
      this.shuffleAndPost(redeal);
      const dealStart = this.felt.tl.t;
      this.deal();
      // Rule 14 also when the forced bets alone end the betting: an all-in on the blinds, nobody to act.
      const forcedAllIn = this.betting.phase === "runout" && !this.allinNoted;
      // A deal the floor calls a misdeal ends here: its hands are never tabled.
      this.hookAfterDeal(forcedAllIn, dealStart);
      if (forcedAllIn) {
        this.allinNoted = true;
        this.truth("ALLIN_TABLE_HANDS", "all-in from the forced bets, nobody left to act", dealStart);
      }
      this.playStreets();
      this.settle();
      return "complete";
    } catch (e) {
      if (!(e instanceof DealOver)) throw e;
      this.ends.push({ hand: this.hand, result: e.result, stacks: { ...this.stacksBefore } });
      return e.result;
    }
  }

  /**
   * The injector's step after the deal (a card too many, which the floor calls a misdeal). Rule 14 is
   * then not owed (the hands are never tabled), but until that card the deal stood whole with everyone
   * all-in from the forced bets: a table that tells it then is right (`forcedAllIn`: an optional truth
   * from the deal's start until the misdeal ends the deal; sim --focus seed 16 at 600 ms, hand 8637).
   */
  private hookAfterDeal(forcedAllIn: boolean, dealStart: number): void {
    try {
      this.hook((i) => i.afterDeal?.(this) ?? false);
    } catch (e) {
      if (forcedAllIn && e instanceof DealOver) {
        const stood = "all-in from the forced bets, the deal whole until a card too many";
        this.truths.push({
          code: "ALLIN_TABLE_HANDS",
          hand: this.hand,
          from: dealStart,
          to: this.felt.tl.t,
          what: stood,
          optional: true,
        });
      }
      throw e;
    }
  }

  private shuffleAndPost(redeal: { positions: Positions; level: Level } | null): void {
    const { felt, seating } = this;
    if (!redeal) for (const e of seating.betweenHands()) felt.tl.push(e);
    this.positions = redeal?.positions ?? seating.nextPositions();
    this.level = redeal?.level ?? seating.level;
    if (!redeal) this.followLevel();
    if (!this.hook((i) => i.onShuffle?.(this) ?? false)) {
      if (felt.cardZonesInUse().length > 0 || felt.read("pot").length > 0)
        felt.clearAll().step("afterCollect");
      this.pressShuffler();
    }
    const stacks = seating.inGame().map((seat) => ({ seat, stack: seating.seats.get(seat)?.stack ?? 0 }));
    this.stacksBefore = Object.fromEntries(stacks.map((s) => [s.seat, s.stack]));
    this.remember({
      positions: this.positions,
      level: this.level,
      stacksBefore: this.stacksBefore,
      deck: felt.deck,
    });
    this.betting = startHand({
      game: this.setup.game,
      seats: stacks,
      button: this.positions.button,
      sbSeat: this.positions.sb,
      bbSeat: this.positions.bb,
      level: this.level,
      bbAnteOrder: this.setup.bbAnteOrder,
      ...(this.limit ? { limit: this.limit } : {}),
    });
    felt.step("toBlinds");
    const antes = this.betting.seats.reduce((sum, s) => sum + s.ante, 0);
    if (antes > 0) felt.toPot(antes).tl.wait(200);
    for (const seat of [this.positions.sb, this.positions.bb]) {
      const s = seat === null ? undefined : findSeat(this.betting, seat);
      if (s && s.bet > 0) {
        felt.push(s.seat, s.bet);
        felt.tl.wait(200);
      }
    }
  }

  /** Limit games: new limits with a new level, announced by the floor before the shuffle. */
  private followLevel(): void {
    const base = this.setup.limit;
    if (!base) return;
    const now = this.limit ?? base;
    const next = limitsAt(base, this.level);
    if (limitsChanged(now, next)) this.felt.tl.push(announceLimits(this.setup.game, next));
    this.limit = next;
  }

  /** The shuffler press: a new hand for the controller; errors of the last one are over. */
  pressShuffler(): void {
    const t = this.felt.tl.t;
    for (const truth of this.open) if (truth.to > t) truth.to = t - 1;
    this.open = [];
    this.felt.tl.press("shuffler");
    this.felt.nextDeck();
    this.hand += 1;
    this.seating.started(this.positions);
    this.stub = new Stub(this.rngs.cards);
    this.noBurn.clear();
    this.setAside = null;
    this.reshuffleBeforeRiver = false;
    this.pendingOutOfTurn = null;
    this.deadSeats.clear();
    this.actions = [];
    this.allinNoted = false;
  }

  /** One card per seat per round, clockwise from the first seat left of the button. */
  private deal(): void {
    dealHoleCards(
      this,
      (step) => this.hook((inj) => inj.onDealCard?.(this, step) ?? false),
      this.injector?.onDealCard !== undefined,
    );
  }

  private playStreets(): void {
    for (;;) {
      const phase = this.betting.phase;
      if (phase === "betting") this.bettingRound();
      else if (phase === "dealing" || phase === "runout") this.dealStreet();
      else return;
    }
  }

  private bettingRound(): void {
    while (this.betting.phase === "betting") {
      // A hand the floor ruled dead folds when the action reaches it (its cards are in the muck already).
      if (this.betting.toAct !== null && this.deadSeats.has(this.betting.toAct)) {
        this.apply({ seat: this.betting.toAct, type: "fold" });
        continue;
      }
      // An out-of-turn action that stands takes effect the moment the turn reaches it: the same
      // moment as the action that passed the turn on (TDA 53).
      if (this.betting.toAct !== null && this.pendingOutOfTurn?.seat === this.betting.toAct) {
        this.resolveOutOfTurn(this.pendingOutOfTurn);
        continue;
      }
      this.actionStart = this.felt.tl.t;
      if (this.hook((i) => i.beforeAction?.(this) ?? false) && this.betting.phase !== "betting") return;
      const seat = this.betting.toAct;
      if (seat === null) return;
      if (this.pendingOutOfTurn?.seat === seat) {
        this.resolveOutOfTurn(this.pendingOutOfTurn);
        continue;
      }
      this.felt.beforeAction(this.liveSeats());
      if (this.followDead()) continue;
      const s = findSeat(this.betting, seat)!;
      const decision = decide(this.betting, legalActions(this.betting)!, s, this.rngs.play);
      this.perform(decision);
      this.apply(decision.action);
    }
  }

  /** TDA 53: a fold stands; a call stands if the bet to him did not change, else he takes it back. */
  private resolveOutOfTurn(p: PendingOutOfTurn): void {
    this.pendingOutOfTurn = null;
    if (p.kind === "fold") return this.apply({ seat: p.seat, type: "fold" });
    if (this.betting.currentBet === p.currentBet) return this.apply({ seat: p.seat, type: "call" });
    this.felt.pause(500, 800).remove(`bet${p.seat}`, ...p.tags);
    this.felt.pause(700, 900);
  }

  private dealStreet(): void {
    const street = STREETS[STREETS.indexOf(this.betting.street) + 1];
    if (street === undefined) throw new Error("no street after the river");
    this.followDead();
    // In a run-out no betting comes between two streets: the table looks at the last one first.
    if (this.betting.phase === "runout" && street !== "flop") this.felt.step("runoutStreet");
    this.felt.pull(this.betting.seats.map((s) => s.seat));
    this.felt.step("toBurn");
    if (!this.hook((i) => i.onStreet?.(this, street) ?? false)) this.layStreet(street);
    const moved = dealNextStreet(this.betting);
    if (!moved.ok) throw new Error(`simulated hand ${this.hand}: ${moved.error.message}`);
    this.betting = moved.state;
  }

  /** A street dealt by the book, or by the procedure in force (no burn after r.35 or RP-5). */
  layStreet(street: Street, cards = street === "flop" ? 3 : 1): void {
    layStreet(this, street, cards);
  }

  private settle(): void {
    // The last bet is read once its zone is steady; the showdown and the push take a moment anyway.
    this.felt.step("showdown");
    this.followDead();
    // A dead hand wins nothing, even one the action never reached again (all-in).
    for (const seat of this.deadSeats)
      if (this.liveSeats().some((s) => s !== seat && !this.deadSeats.has(s)))
        this.betting = {
          ...this.betting,
          seats: this.betting.seats.map((s) =>
            s.seat === seat ? { ...s, folded: true, mustAct: false } : s,
          ),
        };
    const rake = this.rakeDue();
    const stacks = settleStacks(this.betting, {
      rake: rake?.due ?? 0,
      game: this.setup.game,
      board: this.felt.read("board"),
      hole: (seat) => this.felt.read(`seat${seat}`),
      button: this.positions.button,
      seatCount: this.seating.seatCount,
      oddChipUnit: this.setup.oddChipUnit,
    });
    for (const [seat, stack] of Object.entries(stacks)) {
      const s = this.seating.seats.get(Number(seat));
      if (s) s.stack = stack;
    }
    this.ends.push({ hand: this.hand, result: "complete", stacks });
    if (rake !== null && !this.hook((i) => i.onRake?.(this, rake) ?? false)) placeRake(this, rake.due);
  }

  /** What the schedule takes from this hand's pot, as the table reckons it; null: no rake. */
  private rakeDue(): RakeDue | null {
    const schedule = this.setup.rake;
    if (schedule === undefined) return null;
    const pot = handPots(this.betting).pots.reduce((sum, p) => sum + p.amount, 0);
    return rakeDue(pot, this.felt.read("board").length >= 3, schedule);
  }

  /**
   * The seats a supervisor ruled dead since the dealer last looked: he moves their cards to the muck
   * (HAND_DEAD's step); each folds when the action reaches it. True when there was one.
   */
  private followDead(): boolean {
    const seats = this.floorWords
      .deadBefore(this.felt.tl.t)
      .filter((seat) => this.liveSeats().includes(seat) && !this.deadSeats.has(seat));
    for (const seat of seats) {
      this.felt.pause(300, 600).muck(seat);
      this.deadSeats.add(seat);
    }
    return seats.length > 0;
  }

  /** Keeps the deal just begun, and the few before it (a ruling answers the deal in play). */
  private remember(deal: DealRecord): void {
    this.deals.set(this.hand, deal);
    this.deals.delete(this.hand - 8);
  }

  /** Calls the injector's hook, if any; true when it did the step itself. */
  private hook(f: (i: Injector) => boolean): boolean {
    return this.injector !== null && f(this.injector);
  }
}
