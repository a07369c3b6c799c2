/**
 * How fast the simulated dealer and players are. The reading model must be right at any pace a real
 * table has (spec "Reading at any pace"), so the simulator does not play at one pace of its own:
 * `fixed` keeps the timings the simulator has always had (a seed reproduces its old event stream
 * exactly), `random` draws a dealer per hand (quick, steady, slow) and every step of the hand from that
 * dealer's range, with players who now and then take up to 30 s.
 *
 * Honest, both ways: the ranges are what real dealers and players do, not what the reading model finds
 * easy (a quick dealer sweeps the bets 0–150 ms after the last chips land and presses the shuffler
 * 100–400 ms after the cards are in), and not what no table does (a player never pushes chips before he
 * has seen the previous action complete; a dealer who exposes a card stops to announce it).
 */
import { chance, pick, randInt, type Rng } from "./random.js";

export type PaceMode = "fixed" | "random";
export const PACE_MODES: readonly PaceMode[] = ["fixed", "random"];

/** A moment of the hand whose length a real dealer or player varies. */
export type PaceStep =
  /** A player's turn: from the previous action complete to his key or chips (his "think"). */
  | "think"
  /** From the last chips (or key) of a betting round to the dealer sweeping the bets. */
  | "sweep"
  /** From the sweep to the burn card. */
  | "toBurn"
  /** From the burn card to the street's cards. */
  | "burnToBoard"
  /** All-in run-out: from one street's cards to the next street's burn (the table sees the street). */
  | "runoutStreet"
  /** RP-5: from the player's turn beginning to the dealer mistaking the round for over. */
  | "misjudge"
  /** r.21: from the shuffler press to the dealer noticing the last hand's cards still out. */
  | "noticeLeftovers"
  /** Between two hole cards of the deal (the pitch). */
  | "cardPitch"
  /** From the blinds' chips to the first hole card. */
  | "toDeal"
  /** From the shuffler to the blinds' (or the wagers') chips. */
  | "toBlinds"
  /** From the last card collected (end of hand, misdeal, returned cards) to the dealer's next move. */
  | "afterCollect"
  /** After pressing `exposed` during the deal, before the next card. */
  | "exposedToNext"
  /** From a `raise` or `allin` key to the chips. */
  | "keyToChips"
  /** From a bet short of the call or the minimum raise to the player completing it. */
  | "completeShort"
  /** From the last action of a hand to the pots paid and the felt cleared (showdown, the push). */
  | "showdown"
  /** Three Card Poker: from the felt cleared to the shuffler. */
  | "toShuffler";

/** A step's length: a literal ms, or a range drawn uniformly (both ends included). */
export type Span = number | readonly [number, number];

/** The name under which a hand's results are reported (fixed, or the dealer profile drawn). */
export type PaceProfileName = "fixed" | "quick" | "steady" | "slow";

export interface Pace {
  readonly mode: PaceMode;
  /** The profile of the hand in progress. */
  readonly profile: PaceProfileName;
  /** A new hand (not a re-deal): `random` draws the dealer's profile. */
  nextHand(): void;
  /** How long `step` takes this time, ms. */
  ms(step: PaceStep): number;
}

/**
 * The flop-game dealer's timings before the pace model existed, as they were literally written, in
 * the same order of draws from the felt's generator: `fixed` reproduces a seed's old stream exactly.
 */
export const FLOP_FIXED: Readonly<Record<PaceStep, Span>> = {
  think: [700, 1000],
  sweep: [700, 900],
  toBurn: [700, 900],
  burnToBoard: [250, 400],
  runoutStreet: 0,
  misjudge: 0,
  noticeLeftovers: [800, 1500],
  cardPitch: 150,
  toDeal: [600, 800],
  toBlinds: [400, 600],
  afterCollect: 2000,
  exposedToNext: 300,
  keyToChips: 150,
  completeShort: [1200, 1800],
  showdown: [1500, 2500],
  toShuffler: 0,
};

/** The PHH conversion's old timings (src/sim/phhScript.ts). */
export const PHH_FIXED: Readonly<Record<PaceStep, Span>> = {
  ...FLOP_FIXED,
  toDeal: 600,
  toBlinds: 500,
};

/** Three Card Poker's old timings (src/sim/tcp/hand.ts). */
export const TCP_FIXED: Readonly<Record<PaceStep, Span>> = {
  ...FLOP_FIXED,
  think: [600, 1000],
  cardPitch: [250, 450],
  toDeal: [600, 900],
  // He stops and announces the exposed card before the next (as every random profile does): a card
  // pitched at the key's instant could be the one the key is about, within the same scan round.
  exposedToNext: [1000, 1500],
  toShuffler: [800, 1200],
};

/** Today's timings, drawn from the generator the simulator always drew them from. */
export class FixedPace implements Pace {
  readonly mode = "fixed";
  readonly profile = "fixed";

  constructor(
    private readonly rng: Rng,
    private readonly table: Readonly<Record<PaceStep, Span>> = FLOP_FIXED,
  ) {}

  nextHand(): void {}

  ms(step: PaceStep): number {
    return draw(this.rng, this.table[step]);
  }
}

/**
 * The figures of `random`, ms, per dealer. Every one has its reason:
 * - think ≥ 700 in every profile: a player pushes chips only once he has seen the previous action
 *   complete (the chips landed, the key pressed); 0.7 s is a fast player's reaction to it. Up to 3 s
 *   (quick) … 15 s (slow) for ordinary decisions; the 30 s tank is drawn apart (LONG_THINK).
 * - sweep: a quick dealer pulls the bets 0–150 ms after the last call's chips land (issue 13's "fast
 *   sweeps"); a slow one waits for the table to settle, up to 2.5 s.
 * - toBurn / burnToBoard: one hand motion burn-then-turn-the-flop takes 100–300 ms at speed, up to
 *   ~1 s when the dealer takes it card by card; the burn never comes after the board.
 * - runoutStreet: in an all-in run-out the hands are tabled (r.14) and every street is shown before the
 *   next burn: 0.7 s for a quick dealer, up to 4 s.
 * - misjudge: a dealer deals the next street early when a player is slow to act, so after waiting on
 *   him a while — a second at the quickest; never in the instant the street he just dealt lands (then it
 *   is two cards for one street, BOARD_TOO_MANY, another error).
 * - noticeLeftovers: a dealer who pressed the shuffler with cards still out has forgotten them; he
 *   collects them when the table tells him (its alert) or when he sees them, seconds later.
 * - cardPitch: 120 ms is a very fast pitch (about 8 cards a second), 500 ms a slow, careful one.
 * - afterCollect: the shuffler (or the next move) 100–400 ms after the last card is in, at speed;
 *   a slow dealer squares the deck first, up to 2.5 s.
 * - exposedToNext ≥ 1000: a dealer who exposes a card during the deal stops and announces it (to the
 *   player, and calls the floor on a misdeal) before he deals on; that takes a second at least.
 * - keyToChips: the dealer presses `raise` as the player says it; the chips follow at once or a
 *   moment later (0–600 ms).
 * - completeShort: a player who put out less than the call (or the minimum raise) completes it once
 *   told: the dealer (or the table's alert) says it is short, the player counts out the rest. That is
 *   a spoken exchange, 2.5 s at the quickest; not the 100–250 ms between two parts of one motion.
 * - showdown: tabling, reading the hands and pushing the pot: 0.8 s for a quick walk, up to 6 s.
 */
export const RANDOM_PROFILES: Readonly<Record<Exclude<PaceProfileName, "fixed">, Record<PaceStep, Span>>> = {
  quick: {
    think: [700, 3000],
    sweep: [0, 150],
    toBurn: [100, 400],
    burnToBoard: [100, 300],
    runoutStreet: [700, 1500],
    misjudge: [1000, 2500],
    noticeLeftovers: [2500, 4000],
    cardPitch: [120, 200],
    toDeal: [200, 500],
    toBlinds: [200, 500],
    afterCollect: [100, 400],
    exposedToNext: [1000, 2000],
    keyToChips: [0, 200],
    completeShort: [2500, 4000],
    showdown: [800, 2000],
    toShuffler: 0,
  },
  steady: {
    think: [700, 8000],
    sweep: [300, 900],
    toBurn: [300, 900],
    burnToBoard: [200, 500],
    runoutStreet: [1000, 2500],
    misjudge: [1500, 4000],
    noticeLeftovers: [3000, 5000],
    cardPitch: [180, 300],
    toDeal: [400, 900],
    toBlinds: [400, 900],
    afterCollect: [400, 1500],
    exposedToNext: [1500, 3000],
    keyToChips: [100, 400],
    completeShort: [3000, 5000],
    showdown: [1500, 4000],
    toShuffler: [0, 500],
  },
  slow: {
    think: [1000, 15000],
    sweep: [800, 2500],
    toBurn: [600, 1500],
    burnToBoard: [300, 1000],
    runoutStreet: [1500, 4000],
    misjudge: [2000, 6000],
    noticeLeftovers: [3000, 6000],
    cardPitch: [300, 500],
    toDeal: [700, 1500],
    toBlinds: [700, 1500],
    afterCollect: [800, 2500],
    exposedToNext: [2000, 4000],
    keyToChips: [200, 600],
    completeShort: [3000, 6000],
    showdown: [2500, 6000],
    toShuffler: [300, 1200],
  },
};

/** Now and then (one decision in 40) a player tanks: 15–30 s, the longest a table lets him before time is called. */
export const LONG_THINK = { chance: 1 / 40, span: [15_000, 30_000] as const };

const PROFILE_NAMES = Object.keys(RANDOM_PROFILES) as (keyof typeof RANDOM_PROFILES)[];

/** A dealer drawn per hand, every step drawn from his ranges; its own generator, so cards and players do not change with it. */
export class RandomPace implements Pace {
  readonly mode = "random";
  profile: PaceProfileName;

  constructor(private readonly rng: Rng) {
    this.profile = pick(rng, PROFILE_NAMES)!;
  }

  nextHand(): void {
    this.profile = pick(this.rng, PROFILE_NAMES)!;
  }

  ms(step: PaceStep): number {
    if (step === "think" && chance(this.rng, LONG_THINK.chance)) return draw(this.rng, LONG_THINK.span);
    const profile = this.profile === "fixed" ? "steady" : this.profile;
    return draw(this.rng, RANDOM_PROFILES[profile][step]);
  }
}

/** The pace of a simulator: `fixed` on the generator and table it always used, `random` on its own generator. */
export function createPace(
  mode: PaceMode,
  rngs: { readonly fixed: Rng; readonly random: () => Rng },
  table: Readonly<Record<PaceStep, Span>> = FLOP_FIXED,
): Pace {
  return mode === "random" ? new RandomPace(rngs.random()) : new FixedPace(rngs.fixed, table);
}

/** Parses `--pace`. */
export function parsePace(value: string): PaceMode {
  if ((PACE_MODES as readonly string[]).includes(value)) return value as PaceMode;
  throw new Error(`--pace: ${value} is not one of ${PACE_MODES.join(", ")}`);
}

function draw(rng: Rng, span: Span): number {
  return typeof span === "number" ? span : randInt(rng, span[0], span[1]);
}
