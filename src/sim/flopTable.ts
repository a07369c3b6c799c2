/**
 * What a flop-game session deals on: the felt, the dealer (with his seating and generators) and the
 * injection plan, as the seed sets them before the first hand; and how one batch the session hands out
 * is dealt on it. Apart from the session (./session.ts), which decides which table a batch is dealt on:
 * the one in play, or a copy of it as it stood before the batch, when the floor rules during it.
 */
import type { RakeSchedule } from "../rules/rake.js";
import { rakeWrong } from "./injectRake.js";
import type { AlertCode } from "../hand/alerts.js";
import type { BbAnteOrder } from "../rules/betting.js";
import { type FlopGameName, GAME_DEFS, limitSizes } from "../rules/games.js";
import { FlopDealer } from "./dealer.js";
import { FLOP_INJECTORS, InjectionPlan } from "./injection.js";
import { createPace, type PaceMode, type PaceProfileName } from "./pace.js";
import { mulberry32 } from "./random.js";
import { Seating } from "./seating.js";
import { Felt } from "./table.js";
import type { InputEventIn } from "../contract/input.js";
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

/**
 * A session's table, dealer and plan: what a seed and the calls made so far put in a given state. Data
 * and seeded generators only, so that src/sim/copyState.ts copies it whole.
 */
export interface FlopTable {
  readonly felt: Felt;
  readonly dealer: FlopDealer;
  readonly plan: InjectionPlan;
  opened: boolean;
}

/**
 * A batch the session handed out, as it was asked for, with what the floor said during it: dealing the
 * same call on the table as it stood before gives the same events (nothing here reads a clock).
 */
export type Call = (
  | { readonly kind: "hand" }
  | {
      readonly kind: "follow";
      readonly ending: FloorEnding;
      readonly felt: ReadonlyMap<string, readonly string[]>;
    }
) & { readonly words: readonly FloorWord[] };

/** The table as the seed sets it before the first hand. */
export function freshTable(options: FlopSessionOptions): FlopTable {
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

/** Deals one call's batch on `table`, the dealer following the words the floor said during it. */
export function dealCall(options: FlopSessionOptions, table: FlopTable, call: Call): HandBatch {
  table.dealer.floorWords = new FloorWords(call.words);
  if (call.kind === "follow") {
    // The floor ended the deal: the rest of its script is not played; the dealer does what the ruling
    // means from the felt as it lay (src/sim/dealer.ts followFloor).
    table.felt.tl.restore(call.ending.t, call.felt);
    table.dealer.followFloor(call.ending.result, call.ending.hand);
    return {
      events: table.felt.tl.events.splice(0),
      truths: table.dealer.truths.splice(0),
      ends: table.dealer.ends.splice(0),
      profile: table.felt.pace.profile,
    };
  }
  return playHand(options, table);
}

function playHand(options: FlopSessionOptions, table: FlopTable): HandBatch {
  const { felt, dealer, plan } = table;
  if (!table.opened) {
    table.opened = true;
    const def = GAME_DEFS[options.game];
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
