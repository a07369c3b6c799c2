/**
 * The simulated Three Card Poker table's dealer and players over a run: the floor's opening (game,
 * seats, the tray's float), then one hand after another as the input events the readers, keys and the
 * house's stand-in floor produce, from one seed. Shared by the report (./run.ts, fed as fast as it goes)
 * and the live table (./session.ts, played in real time, where a supervisor may rule): both deal the same
 * hands in the same order from the same seed, so the live table is the report's table.
 */
import type { InputEventIn } from "../../contract/input.js";
import { DEFAULT_PAY_TABLE, type PayTable } from "../../rules/threeCard/payTable.js";
import type { TableConfig } from "../../runtime/assemble.js";
import { registryFromConfig, tableSettings } from "../../runtime/tableSettings.js";
import { ChipBox, chipTotal } from "../chips.js";
import { FloorWords } from "../floorWords.js";
import { createPace, type Pace, type PaceMode, TCP_FIXED } from "../pace.js";
import { chance, mulberry32, pick, type Rng } from "../random.js";
import { Timeline } from "../timeline.js";
import { scriptTcpHand, type TcpHandTruth } from "./hand.js";
import { parseInjections, targetBox, type TcpInjection } from "./inject.js";
import { type BoxPlan, planBets, TCP_SEATING } from "./players.js";
import { lateBetNoticedMs, readerLagMs } from "./table.js";
import { SimTray, TRAY_ANTENNAS } from "./tray.js";

/** The wager zones of a box (antenna prefixes). */
const WAGERS = ["ante", "play", "pairplus", "prime"] as const;

/** Errors made in placing the bets: a hand dealt again on the bets left after a misdeal cannot have them. */
const MADE_PLACING_BETS: ReadonlySet<TcpInjection> = new Set(["bet-outside-limits", "blind-play-missing"]);

export interface TcpDealerOptions {
  seed?: number;
  /** `all`, `none`, or a comma list of injection kinds or codes. */
  inject?: string;
  /** Card flicker and bets landing over two reports. */
  noise?: boolean;
  /** Share of hands with an injected error when injecting; default 0.3. */
  rate?: number;
  limits?: { min: number; max: number };
  /** How fast the dealer and players are (default `fixed`: a seed's stream as it always was). */
  pace?: PaceMode;
}

/** One hand as dealt: its events (the opening's too, for the first), the error made and the truth. */
export interface TcpDealt {
  readonly events: InputEventIn[];
  readonly injection: { kind: TcpInjection; box: number } | null;
  readonly truth: TcpHandTruth;
  /** The hand's table time at its end (the readers scan on to it). */
  readonly end: number;
}

export class TcpDealer {
  readonly tl = new Timeline(0);
  readonly tray: SimTray;
  readonly pace: Pace;
  readonly kinds: TcpInjection[];
  /** The tray's value once the opening float is read. */
  readonly opening: number;
  private readonly rng: Rng;
  private readonly cardRng: Rng;
  private readonly chips = new ChipBox();
  private readonly payTable: PayTable;
  private readonly limits: { min: number; max: number };
  private readonly trayWaitMs: number;
  private readonly floorWalkMs: number;
  private readonly lateBetNoticedMs: number;
  /** The boxes of the hand in play, with the bets they were dealt on. */
  private plans: BoxPlan[] = [];
  /**
   * The bets left on the layout after a misdeal, for the hand dealt again (the alert's steps: "the bets
   * stay"); null when the next hand's bets are placed afresh.
   */
  private standing: BoxPlan[] | null = null;

  constructor(
    private readonly options: TcpDealerOptions,
    config: TableConfig,
  ) {
    const seed = options.seed ?? 1;
    this.limits = options.limits ?? { min: 5, max: 1000 };
    // The simulated dealer pays by the pay tables the table is set to judge by.
    this.payTable = tableSettings(config, registryFromConfig(config)).payTable ?? DEFAULT_PAY_TABLE;
    this.kinds = parseInjections(options.inject ?? "none");
    this.rng = mulberry32(seed);
    this.cardRng = mulberry32(seed ^ 0x5bd1e995);
    this.pace = createPace(
      options.pace ?? "fixed",
      { fixed: this.rng, random: () => mulberry32((seed ^ 0x68e31da4) >>> 0) },
      TCP_FIXED,
    );
    const tl = this.tl;
    tl.push({ kind: "floor", op: "game", game: "tcp", min: this.limits.min, max: this.limits.max });
    for (const [seat, player] of Object.entries(TCP_SEATING)) {
      tl.push({ kind: "floor", op: "seat", seat: Number(seat), player, stack: 1_000_000 });
    }
    // One chip box for the run: a chip taken to the tray keeps its tag, so no later bet may reuse it.
    this.tray = new SimTray(tl, this.chips);
    this.tray.open();
    // The readers report the float before the first hand (the tray reader's round is slow).
    tl.wait(2000);
    this.opening = this.tray.value();
    // The last chip moved is read up to one reader lag late, and the tray judged a lag and 1.5 s after
    // it (tray.judgeAfterMs, config/tcp.yaml): the next hand waits for that, so each hand's tray is its own.
    this.trayWaitMs = 2 * readerLagMs(config) + 2500;
    // A short deal is judged one reader lag after its last card (3.6 s with 600 ms rounds and K = 5:
    // a floor ruling before that found no alert open); 3 s, the old figure, covers K = 3 to 600 ms.
    this.floorWalkMs = Math.max(3000, readerLagMs(config) + 600);
    this.lateBetNoticedMs = lateBetNoticedMs(config);
  }

  /**
   * The next hand, the dealer following what a supervisor said during it (`words`, at a live table);
   * null when nobody bet (no hand is dealt, the players' plans are drawn all the same).
   */
  hand(words: FloorWords = new FloorWords()): TcpDealt | null {
    const rng = this.rng;
    const redeal = this.standing !== null;
    const boxes = this.standing ?? planBets(rng, this.limits);
    this.standing = null;
    if (boxes.length === 0) return null;
    const kinds = this.kinds;
    const kind = kinds.length > 0 && chance(rng, this.options.rate ?? 0.3) ? pick(rng, kinds) : undefined;
    const box = kind === undefined ? null : targetBox(kind, boxes, rng);
    // Dealt again, the bets are already down: an error made in placing them cannot be made.
    const placing = kind !== undefined && redeal && MADE_PLACING_BETS.has(kind);
    const injection = kind !== undefined && box !== null && !placing ? { kind, box } : null;
    this.pace.nextHand();
    this.tray.restock();
    const truth = scriptTcpHand({
      tl: this.tl,
      rng,
      cardRng: this.cardRng,
      chips: this.chips,
      boxes,
      injection,
      noisy: this.options.noise ?? false,
      payTable: this.payTable,
      pace: this.pace,
      tray: this.tray,
      trayWaitMs: this.trayWaitMs,
      floorWalkMs: this.floorWalkMs,
      lateBetNoticedMs: this.lateBetNoticedMs,
      words,
      redeal,
    });
    this.plans = boxes;
    // The misdeal's bets stay on the layout: the same boxes are dealt again on them.
    if (truth.misdeal) this.standing = boxes.map((b) => ({ ...b, bets: { ...b.bets } }));
    const made = truth.injection === undefined ? injection : truth.injection;
    return { events: this.tl.events.splice(0), injection: made, truth, end: this.tl.t };
  }

  /**
   * The floor ended the hand at the table (a supervisor's misdeal or void): from the felt as it lay at
   * `t`, the dealer collects every card (the tray stays as it is), then gathers the deck for the
   * shuffler. After a void every bet goes back and the next {@link hand} is dealt as usual; after a
   * misdeal the bets stay (the alert's steps) and the same boxes are dealt again on them, but for an open
   * box's Play, a decision on the cards collected, which goes back to its player.
   */
  collect(
    t: number,
    felt: ReadonlyMap<string, readonly string[]>,
    result: "misdeal" | "void",
  ): InputEventIn[] {
    const tl = this.tl.restore(t, felt);
    tl.wait(800 + Math.floor(this.rng() * 700));
    const stays = result === "misdeal" ? this.betsStaying(felt) : null;
    const kept = new Set(
      (stays ?? []).flatMap((b) => WAGERS.filter((w) => b.blind || w !== "play").map((w) => `${w}${b.box}`)),
    );
    const tray: ReadonlySet<string> = new Set(TRAY_ANTENNAS);
    for (const [antenna, tags] of felt)
      if (!tray.has(antenna) && !kept.has(antenna) && tags.length > 0) tl.report(antenna, []).wait(30);
    tl.wait(this.pace.ms("afterCollect"));
    // Dealt again on the bets that stayed, he gathers the deck as after any hand (./hand.ts).
    if (stays !== null) tl.wait(this.trayWaitMs);
    this.standing = stays;
    return tl.events.splice(0);
  }

  /**
   * The bets that stay after a misdeal: the hand's boxes as they bet, if the felt holds just those bets
   * (each box's Ante, Pair Plus and Prime, and a blind box's Play equal to its Ante; an open box's Play is
   * a decision on the cards collected and goes back). Null when it does not (the floor ended the hand
   * while the bets were going down, or a blind box's Play was given back): then every bet goes back and
   * the next hand's are placed afresh, as after a void.
   */
  private betsStaying(felt: ReadonlyMap<string, readonly string[]>): BoxPlan[] | null {
    const on = (zone: string) => chipTotal(felt.get(zone) ?? []);
    const lies = (p: BoxPlan) =>
      on(`ante${p.box}`) === p.bets.ante &&
      on(`pairplus${p.box}`) === p.bets.pairPlus &&
      on(`prime${p.box}`) === p.bets.prime &&
      (!p.blind || on(`play${p.box}`) === p.bets.ante);
    if (this.plans.length === 0 || !this.plans.every(lies)) return null;
    return this.plans.map((p) => ({ ...p, bets: { ...p.bets, play: p.blind ? p.bets.ante : 0 } }));
  }
}
