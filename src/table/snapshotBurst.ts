/**
 * The readers' snapshots after the table (re)connected to them, during a hand: what the dealer and the
 * players did while the table was down (a restart, a lost bridge) arrives at once, antenna by antenna in
 * channel order, in no order the table saw. Judged as it arrives, the order of the channels passed for
 * the order of play: a fold reported on the muck before the raise of the seat before it was an action
 * out of turn, and a seat dealt and folded while the table was down (its cards first seen in the muck)
 * a seat dealt out (MISDEAL_DEALT_OUT, a floor alert). So the burst is gathered (until one scan round
 * after its first report, or the next input that is not part of it) and given to the hand in an order
 * that can be true: a Three Card Poker box's bets, the seats' cards (the deal), the board, a blind's
 * posted chips, then the actions in the order of play (the seat to act: its chips, or its cards to the
 * muck; a Three Card Poker hand's decisions once it has taken its deal), then the rest as it came. A seat to act with
 * no card the table saw, while the muck holds cards it never saw, was dealt and folded unseen: its
 * cards are taken to be those. The recovered-hand notice asks the dealer and the floor to check this
 * order (src/journal/recovery.ts), since the table could not. A card the dealer was moving when the
 * readers stopped being watched (it had left one antenna, not yet reached the next) ran out its departure
 * window while nobody read: it was in motion, and the burst reads its move from where it was last seen
 * (a fold in the air at a restart is that seat's fold, not cards from nowhere dealt to a seat).
 */
import type { TagsEvent } from "../contract/input.js";
import { GAME_DEFS, type GameDef } from "../rules/games.js";
import type { CoreView } from "./view.js";

/** What ordering the burst needs of the table. */
export interface BurstTable {
  /** The seat to act now (after what was given so far), or null. */
  toAct(): number | null;
  /** The tags an antenna listed in the last report the table took. */
  lastReport(antenna: string): string[];
  /**
   * Whether the hand's deal is still being taken (a Three Card Poker hand locks its bets and deals its
   * cards a scan round after the first card): its decisions wait for it.
   */
  dealPending(): boolean;
  /** Whether a zone's report is a decision made after the deal (see {@link decidedAfterDeal}). */
  decidedAfterDeal(antenna: string): boolean;
  /** Whether a zone's chips are a bet placed before the deal (see {@link placedBeforeDeal}). */
  placedBeforeDeal(antenna: string): boolean;
  /** The seats (boxes) in the hand, with the cards the table knows each holds (see {@link seatsInHand}). */
  inHand(): SeatsInHand;
  /** Whether a tag is a card. */
  isCard(tag: string): boolean;
  /** A chip's value (0 for a tag that is not a chip). */
  chipValue(tag: string): number;
  /**
   * Chips the table counts in front of a seat this street that its zone never showed: a blind posted at
   * the press whose chips the readers had not reported when the table went down.
   */
  unseenBet(seat: number): number;
  /** Card tags the table places on an antenna (a card in motion counts where it was last seen). */
  cardsOn(antenna: string): string[];
  /** Where the table places a card, or null (never seen, or gone). */
  whereIs(tag: string): string | null;
  /** A card the burst lists that had gone from where it was last seen while nobody read: put it back there. */
  inMotion(tag: string, t: number): void;
  /** Gives one report to the table, as if it had come so; `settle`: its chips are read at once. */
  feed(event: TagsEvent, settle: boolean): void;
}

export class SnapshotBurst {
  private readonly reports = new Map<string, TagsEvent>();
  private first: number | null = null;
  /** Decisions of the burst kept back until the hand has taken its deal (Three Card Poker's Play, folds). */
  private afterDeal: TagsEvent[] = [];

  constructor(private readonly roundMs: number) {}

  /** When the burst is complete if nothing else ends it: one scan round after its first report. */
  get due(): number | null {
    return this.first === null ? null : this.first + this.roundMs;
  }

  get pending(): boolean {
    return this.first !== null;
  }

  /** Whether decisions of a released burst wait for the hand to take its deal. */
  get waitingForDeal(): boolean {
    return this.afterDeal.length > 0;
  }

  /**
   * Gives the decisions kept back, at `t`: the deal is taken, or an input that is not a reader's status
   * came (what it reports is later than they are).
   */
  releaseAfterDeal(t: number, table: BurstTable): void {
    const kept = this.afterDeal;
    this.afterDeal = [];
    for (const e of kept) table.feed({ t, kind: "tags", antenna: e.antenna, tags: [...e.tags] }, false);
  }

  /** A snapshot report joins the burst (a second of the same antenna replaces the first). */
  add(event: TagsEvent): void {
    this.first ??= event.t;
    this.reports.delete(event.antenna);
    this.reports.set(event.antenna, event);
  }

  /** Gives the burst to the table at `t`, in an order that can be true (see the file's comment). */
  release(t: number, table: BurstTable): void {
    const left = new Map(this.reports);
    this.reports.clear();
    this.first = null;
    // Cards in motion while nobody read (the file's comment): back where they were last seen first.
    for (const e of left.values()) for (const tag of e.tags) if (table.isCard(tag)) table.inMotion(tag, t);
    const seats = [...left.keys()].filter((a) => /^seat\d+$/.test(a));
    const before = new Map<string, string[]>();
    for (let seat = 1; seat <= MAX_SEATS; seat += 1)
      before.set(`seat${seat}`, table.lastReport(`seat${seat}`));
    const give = (antenna: string, tags: readonly string[], settle = false) =>
      table.feed({ t, kind: "tags", antenna, tags: [...tags] }, settle);
    const take = (antenna: string, settle = false): boolean => {
      const e = left.get(antenna);
      if (e === undefined) return false;
      left.delete(antenna);
      give(antenna, e.tags, settle);
      return true;
    };
    // The bets the game takes before the first card (Three Card Poker's), read at once: the deal that
    // follows is not a bet changed after it, and the boxes it is dealt to are the ones with an Ante.
    for (const antenna of [...left.keys()]) if (table.placedBeforeDeal(antenna)) take(antenna, true);
    // The deal (seats that gained cards), then the dealer's burn and board: a card's seat and order do
    // not depend on the actions. A seat whose cards left is a fold: it waits for its turn below.
    for (const antenna of seats) {
      const was = before.get(antenna) ?? [];
      if (was.every((tag) => left.get(antenna)?.tags.includes(tag))) take(antenna);
    }
    take("burn");
    take("board");
    // A blind's chips came before any action, though the burst lists them with what the seat put beside
    // them later (a call): the posted chips first, read at once, then the zone as it stands in its turn.
    for (let seat = 1; seat <= MAX_SEATS; seat += 1) {
      const zone = left.get(`bet${seat}`);
      const posted = zone === undefined ? 0 : table.unseenBet(seat);
      const blind = posted > 0 ? chipsSumming(zone!.tags, posted, table.chipValue) : null;
      if (blind === null) continue;
      if (blind.length === zone!.tags.length) take(`bet${seat}`, true);
      else give(`bet${seat}`, blind, true);
    }
    const muck = left.get("muck");
    const seen = new Set<string>(table.lastReport("muck"));
    for (const tags of before.values()) for (const tag of tags) seen.add(tag);
    for (const antenna of seats) for (const tag of table.lastReport(antenna)) seen.add(tag);
    for (const e of left.values()) if (e.antenna !== "muck") for (const tag of e.tags) seen.add(tag);
    const unseen = (muck?.tags ?? []).filter(
      (tag) => !seen.has(tag) && table.isCard(tag) && table.whereIs(tag) === null,
    );
    // Cards the table never saw, in the muck: seats in the hand short of their cards were dealt them and
    // folded while it was down. Which of them each got cannot be read (they are dead either way): in
    // seat order. Dealt here, before any action, so the deal is whole when the actions are read.
    const { seats: inHand, cardsEach } = table.inHand();
    for (const { seat, holeCards } of inHand) {
      const antenna = `seat${seat}`;
      const missing = cardsEach - holeCards;
      if (missing <= 0 || unseen.length < missing) continue;
      const extra = unseen.splice(0, missing);
      const deferred = left.get(antenna);
      give(antenna, [...table.lastReport(antenna), ...extra]);
      // The seat's report in the burst (emptied: its cards in the muck) waits for its turn.
      left.set(antenna, deferred ?? { t, kind: "tags", antenna, tags: [] });
    }
    // Decisions made after the deal wait until the hand has taken it: given now, a Three Card Poker
    // Play bet was a bet of the deal's lock (placed before the first card) and the hand waited for it.
    if (table.dealPending())
      for (const [antenna, e] of [...left])
        if (table.decidedAfterDeal(antenna)) {
          left.delete(antenna);
          this.afterDeal.push(e);
        }
    let muckNow = table.lastReport("muck");
    // The actions in the order of play, while the burst says what the seat to act did.
    const acted = new Set<number>();
    for (let seat = table.toAct(); seat !== null && !acted.has(seat); seat = table.toAct()) {
      acted.add(seat);
      // Its chips: the action has moved on (the burst holds what came after), so they are read now.
      if (take(`bet${seat}`, true)) continue;
      const antenna = `seat${seat}`;
      const folded = table.cardsOn(antenna).filter((tag) => muck?.tags.includes(tag) === true);
      if (folded.length === 0) break;
      // Its cards to the muck: its emptied report, or none when the seat had reported them gone before
      // (in motion at the restart); a seat that still lists them is not read as a fold here.
      if (!take(antenna) && table.lastReport(antenna).some((tag) => folded.includes(tag))) break;
      muckNow = [...muckNow, ...folded];
      give("muck", muckNow);
    }
    // The rest as it came (the muck as the reader listed it, whatever the loop gave of it).
    for (const e of left.values()) {
      const repeat =
        e.antenna === "muck" && e.tags.length === muckNow.length && e.tags.every((x) => muckNow.includes(x));
      if (!repeat) give(e.antenna, e.tags);
    }
  }
}

/** The seats in a hand and what the game deals each. */
export interface SeatsInHand {
  /** The seats (a Three Card Poker table's boxes) in the hand, not folded, with the cards each holds. */
  seats: { seat: number; holeCards: number }[];
  /** The hole cards the game deals each: 2 (hold'em), 4 (Omaha), 3 (Three Card Poker). */
  cardsEach: number;
}

/**
 * The seats in the hand as the table's view shows them. A Three Card Poker hand has no seat lights: its
 * boxes are its seats (box N is `seatN`'s cards), each dealt three cards; without them a box dealt and
 * folded while the table was down was short of every card, and MISDEAL_CARD_COUNT held the hand.
 */
export function seatsInHand(view: CoreView, listed: (antenna: string) => readonly string[]): SeatsInHand {
  const tcp = view.threeCard;
  if (tcp !== null) {
    const boxes = tcp.boxes
      .filter((b) => b.status !== "folded")
      .map((b) => ({ seat: b.box, holeCards: b.cards }));
    // Before the hand locks its bets (a scan round after the first card): the boxes with a bet, their
    // cards as the readers list them.
    const betting = Array.from({ length: MAX_SEATS }, (_, i) => i + 1)
      .filter((box) => WAGERS.some((zone) => listed(`${zone}${box}`).length > 0))
      .map((box) => ({ seat: box, holeCards: listed(`seat${box}`).length }));
    return { seats: tcp.boxes.length > 0 ? boxes : betting, cardsEach: THREE_CARD_HAND };
  }
  const game = (GAME_DEFS as Readonly<Record<string, GameDef | undefined>>)[view.game];
  return {
    seats: view.seats
      .filter((s) => s.player !== null && s.light !== "off" && s.light !== "folded")
      .map((s) => ({ seat: s.seat, holeCards: s.holeCards })),
    cardsEach: game?.holeCards ?? 2,
  };
}

/** Three Card Poker's bet zones placed before the deal (its Play comes after the cards). */
const WAGERS = ["ante", "pairplus", "prime"] as const;

/**
 * Whether a zone holds a bet placed before the deal: Three Card Poker's Ante, Pair Plus and Prime (its
 * Play is placed after the cards). A hold'em bet zone is an action, in the order of play.
 */
export function placedBeforeDeal(view: CoreView, antenna: string): boolean {
  return view.threeCard !== null && WAGERS.some((zone) => new RegExp(`^${zone}\\d+$`).test(antenna));
}

/**
 * Whether a zone's report is a decision made after the deal: Three Card Poker's Play, a box's cards
 * leaving (asked once the deal is given: a box report left is one that lost cards) and the muck.
 */
export function decidedAfterDeal(view: CoreView, antenna: string): boolean {
  return view.threeCard !== null && (antenna === "muck" || /^(play|seat)\d+$/.test(antenna));
}

/** Whether a Three Card Poker hand has still to take its deal (its bets lock a scan round after the first card). */
export function dealPending(view: CoreView): boolean {
  const phase = view.threeCard?.phase;
  return phase === "betting" || phase === "dealing";
}

/** The cards a Three Card Poker box (and the dealer) is dealt. */
const THREE_CARD_HAND = 3;

/** Chips of `tags` (in their listed order where several would do) whose values make `total`, or null. */
export function chipsSumming(
  tags: readonly string[],
  total: number,
  value: (tag: string) => number,
): string[] | null {
  const chips = tags.filter((tag) => value(tag) > 0);
  const pick = (from: number, left: number): string[] | null => {
    if (left === 0) return [];
    for (let i = from; i < chips.length; i += 1) {
      const v = value(chips[i]!);
      if (v > left) continue;
      const rest = pick(i + 1, left - v);
      if (rest !== null) return [chips[i]!, ...rest];
    }
    return null;
  };
  // A zone holds a few chips: past a stack this deep the search is not worth its time.
  return chips.length > MAX_CHIPS_SEARCHED ? null : pick(0, total);
}

/** The most chips on one zone {@link chipsSumming} searches (a bridge reports at most 48 tags). */
const MAX_CHIPS_SEARCHED = 20;

/** The most seats a table has (the contract's default layout). */
const MAX_SEATS = 10;
