/**
 * A simulated flop-game table over many hands: the floor's set-up, then one hand after another, each
 * as the input events the readers, keys and floor would produce, with its ground truth.
 */
import type { RakeSchedule } from "../rules/rake.js";
import { rakeWrong } from "./injectRake.js";
import type { InputEventIn } from "../contract/input.js";
import type { AlertCode } from "../hand/alerts.js";
import type { BbAnteOrder } from "../rules/betting.js";
import { type FlopGameName, GAME_DEFS, limitSizes } from "../rules/games.js";
import { FlopDealer } from "./dealer.js";
import { FLOP_INJECTORS, InjectionPlan } from "./injection.js";
import { createPace, type PaceMode, type PaceProfileName } from "./pace.js";
import { mulberry32 } from "./random.js";
import { Seating } from "./seating.js";
import { Felt } from "./table.js";
import type { ExpectedEnd, Truth } from "./truth.js";

export interface FlopSessionOptions {
  readonly seed: number;
  readonly noise: boolean;
  readonly inject: readonly AlertCode[];
  readonly game: FlopGameName;
  readonly seatCount: number;
  readonly deck: string;
  /** A two-deck shuffler's decks (`decks: [A, B]`): the sim alternates them hand by hand. */
  readonly decks?: readonly string[];
  readonly chips: readonly number[];
  readonly bbAnteOrder: BbAnteOrder;
  /** Share of hands that carry an injected error (default one in two). */
  readonly rate?: number;
  /** How fast the dealer and players are (default `fixed`: a seed's stream as it always was). */
  readonly pace?: PaceMode;
  /** A raked cash game (`--rake`): the house rake schedule; RAKE_WRONG can then be injected. */
  readonly rake?: RakeSchedule;
}

/** One hand's input events and what the controller owes for them. */
export interface HandBatch {
  readonly events: InputEventIn[];
  readonly truths: Truth[];
  readonly ends: ExpectedEnd[];
  /** The pace profile the hand was dealt at (`fixed`, or the dealer drawn by `random`). */
  readonly profile?: PaceProfileName;
}

/** A deal the floor ended at the table: which, how, and when (table time). */
export interface FloorEnding {
  readonly hand: number;
  readonly result: "misdeal" | "void";
  readonly t: number;
}

/**
 * Limit games: the bets of the floor's first `game` operation (the small bet is the first level's big
 * blind); the dealer has the floor announce new limits as the level goes up (limits.ts).
 */
const LIMIT = { smallBet: 200, bigBet: 400, cap: 4 };

export class FlopSession {
  private readonly dealer: FlopDealer;
  private readonly plan: InjectionPlan;
  private readonly felt: Felt;
  private opened = false;

  constructor(private readonly options: FlopSessionOptions) {
    // Separate streams, so that noise or an injection never changes the cards or the players' choices.
    const stream = (salt: number) => mulberry32((options.seed ^ salt) >>> 0);
    const feltRng = stream(0x5bd1e995);
    const pace = createPace(options.pace ?? "fixed", { fixed: feltRng, random: () => stream(0x68e31da4) });
    this.felt = new Felt(options.seatCount, options.deck, options.chips, feltRng, options.noise, 0, pace);
    if (options.decks) this.felt.alternate(options.decks);
    const def = GAME_DEFS[options.game];
    const limit = def.structure === "limit" ? limitSizes(LIMIT.smallBet, LIMIT.bigBet, LIMIT.cap) : undefined;
    this.dealer = new FlopDealer(
      this.felt,
      new Seating(options.seatCount, stream(0x27d4eb2f)),
      {
        game: def,
        bbAnteOrder: options.bbAnteOrder,
        oddChipUnit: options.chips[0] ?? 1,
        ...(options.rake ? { rake: options.rake } : {}),
        ...(limit ? { limit } : {}),
      },
      { cards: stream(0x165667b1), play: stream(0x9e3779b9), inject: stream(0x85ebca6b) },
    );
    this.plan = new InjectionPlan(
      options.inject,
      options.rake ? { ...FLOP_INJECTORS, RAKE_WRONG: rakeWrong } : FLOP_INJECTORS,
      this.dealer.rngs.inject,
      options.rate ?? 0.5,
    );
  }

  /**
   * The floor ended deal `ending.hand` at the table at `ending.t` (table time) while the felt read
   * `felt`: the rest of the hand's script is not played; the dealer does what the ruling means from
   * there (src/sim/dealer.ts followFloor). The events that follow: the collection and, after a misdeal,
   * the re-deal; after a void the next {@link nextHand} deals on as usual.
   */
  followRuling(ending: FloorEnding, felt: ReadonlyMap<string, readonly string[]>): HandBatch {
    this.felt.tl.restore(ending.t, felt);
    this.dealer.followFloor(ending.result, ending.hand);
    return {
      events: this.felt.tl.events.splice(0),
      truths: this.dealer.truths.splice(0),
      ends: this.dealer.ends.splice(0),
      profile: this.felt.pace.profile,
    };
  }

  /** The next hand (the first one starts with the floor's set-up of the table). */
  nextHand(): HandBatch {
    const { felt, dealer } = this;
    if (!this.opened) {
      this.opened = true;
      const def = GAME_DEFS[this.options.game];
      felt.tl.push({
        kind: "floor",
        op: "game",
        game: def.name,
        ...(def.structure === "limit" ? LIMIT : {}),
      });
      for (const e of dealer.seating.opening()) felt.tl.push(e);
      felt.tl.wait(1000);
    }
    const injector = this.plan.forHand();
    dealer.playHand(injector);
    const truths = dealer.truths.splice(0);
    this.plan.done(
      injector,
      truths.some((t) => t.code === injector?.code),
    );
    return {
      events: felt.tl.events.splice(0),
      truths,
      ends: dealer.ends.splice(0),
      profile: felt.pace.profile,
    };
  }
}
