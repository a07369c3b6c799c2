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
import { type FloorWord, FloorWords } from "./floorWords.js";

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
  /**
   * Up to when the script was played: the dealer stopped there while the ruling waited out its undo
   * window (absent: up to `t`). What the script had him do after it never happened.
   */
  readonly playedTo?: number;
}

/**
 * Limit games: the bets of the floor's first `game` operation (the small bet is the first level's big
 * blind); the dealer has the floor announce new limits as the level goes up (limits.ts).
 */
const LIMIT = { smallBet: 200, bigBet: 400, cap: 4 };

/** A session's table, dealer and plan: what a seed and the calls made so far put in a given state. */
interface Dealt {
  readonly felt: Felt;
  readonly dealer: FlopDealer;
  readonly plan: InjectionPlan;
  opened: boolean;
}

/**
 * A batch the session handed out, as it was asked for, with what the floor said during it: dealing the
 * same calls again on a fresh table gives the same events (nothing here reads a clock).
 */
type Call = (
  | { readonly kind: "hand" }
  | {
      readonly kind: "follow";
      readonly ending: FloorEnding;
      readonly felt: ReadonlyMap<string, readonly string[]>;
    }
) & { readonly words: readonly FloorWord[] };

export class FlopSession {
  private table: Dealt;
  /** Every batch handed out, in order (to deal the last one again when the floor rules during it). */
  private readonly calls: Call[] = [];

  constructor(private readonly options: FlopSessionOptions) {
    this.table = this.freshTable();
  }

  /** The table as the seed sets it before the first hand. */
  private freshTable(): Dealt {
    const options = this.options;
    // Separate streams, so that noise or an injection never changes the cards or the players' choices.
    const stream = (salt: number) => mulberry32((options.seed ^ salt) >>> 0);
    const feltRng = stream(0x5bd1e995);
    const pace = createPace(options.pace ?? "fixed", { fixed: feltRng, random: () => stream(0x68e31da4) });
    const felt = new Felt(options.seatCount, options.deck, options.chips, feltRng, options.noise, 0, pace);
    if (options.decks) felt.alternate(options.decks);
    const def = GAME_DEFS[options.game];
    const limit = def.structure === "limit" ? limitSizes(LIMIT.smallBet, LIMIT.bigBet, LIMIT.cap) : undefined;
    const dealer = new FlopDealer(
      felt,
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
    const plan = new InjectionPlan(
      options.inject,
      options.rake ? { ...FLOP_INJECTORS, RAKE_WRONG: rakeWrong } : FLOP_INJECTORS,
      dealer.rngs.inject,
      options.rate ?? 0.5,
    );
    return { felt, dealer, plan, opened: false };
  }

  /**
   * The floor ended deal `ending.hand` at the table at `ending.t` (table time) while the felt read
   * `felt`: the rest of the hand's script is not played; the dealer does what the ruling means from
   * there (src/sim/dealer.ts followFloor). The events that follow: the collection and, after a misdeal,
   * the re-deal; after a void the next {@link nextHand} deals on as usual.
   */
  followRuling(ending: FloorEnding, felt: ReadonlyMap<string, readonly string[]>): HandBatch {
    const call: Call = { kind: "follow", ending, felt: new Map(felt), words: [] };
    this.calls.push(call);
    return this.deal(this.table, call);
  }

  /** The next hand (the first one starts with the floor's set-up of the table). */
  nextHand(): HandBatch {
    const call: Call = { kind: "hand", words: [] };
    this.calls.push(call);
    return this.deal(this.table, call);
  }

  /**
   * A supervisor ruled `word` (at its script time) during the last batch handed out: the batch dealt
   * again from its start on a fresh table, the dealer following the ruling from its moment on (what he
   * did before it is the same events, in the same order). Null when the ruling changes nothing he does
   * (said after the deal was over, or once the cards of a misdeal were being collected).
   */
  hearRuling(word: FloorWord): HandBatch | null {
    const last = this.calls.at(-1);
    if (last === undefined) return null;
    const table = this.freshTable();
    for (const call of this.calls.slice(0, -1)) this.deal(table, call);
    const again: Call = { ...last, words: [...last.words, word] };
    const batch = this.deal(table, again);
    if (table.dealer.floorWords.unheard.length > 0) return null;
    this.table = table;
    this.calls[this.calls.length - 1] = again;
    return batch;
  }

  /** Deals one call's batch on `table`, the dealer following the words the floor said during it. */
  private deal(table: Dealt, call: Call): HandBatch {
    table.dealer.floorWords = new FloorWords(call.words);
    if (call.kind === "follow") {
      table.felt.tl.restore(call.ending.t, call.felt);
      table.dealer.followFloor(call.ending.result, call.ending.hand);
      return {
        events: table.felt.tl.events.splice(0),
        truths: table.dealer.truths.splice(0),
        ends: table.dealer.ends.splice(0),
        profile: table.felt.pace.profile,
      };
    }
    return this.playHand(table);
  }

  private playHand(table: Dealt): HandBatch {
    const { felt, dealer, plan } = table;
    if (!table.opened) {
      table.opened = true;
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
    const injector = plan.forHand();
    dealer.playHand(injector);
    const truths = dealer.truths.splice(0);
    plan.done(
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
