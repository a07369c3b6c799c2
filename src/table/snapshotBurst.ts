/**
 * The readers' snapshots after the table (re)connected to them, during a hand: what the dealer and the
 * players did while the table was down (a restart, a lost bridge) arrives at once, antenna by antenna in
 * channel order, in no order the table saw. Judged as it arrives, the order of the channels passed for
 * the order of play: a fold reported on the muck before the raise of the seat before it was an action
 * out of turn, and a seat dealt and folded while the table was down (its cards first seen in the muck)
 * a seat dealt out (MISDEAL_DEALT_OUT, a floor alert). So the burst is gathered (until one scan round
 * after its first report, or the next input that is not part of it) and given to the hand in an order
 * that can be true: the seats' cards first (the deal), the board, then the actions in the order of play
 * (the seat to act: its chips, or its cards to the muck), then the rest as it came. A seat to act with
 * no card the table saw, while the muck holds cards it never saw, was dealt and folded unseen: its
 * cards are taken to be those. The recovered-hand notice asks the dealer and the floor to check this
 * order (src/journal/recovery.ts), since the table could not.
 */
import type { TagsEvent } from "../contract/input.js";

/** What ordering the burst needs of the table. */
export interface BurstTable {
  /** The seat to act now (after what was given so far), or null. */
  toAct(): number | null;
  /** The tags an antenna listed in the last report the table took. */
  lastReport(antenna: string): string[];
  /** The seats in the hand (not folded), with how many hole cards the table knows each holds. */
  inHand(): { seat: number; holeCards: number }[];
  /** Whether a tag is a card. */
  isCard(tag: string): boolean;
  /** Gives one report to the table, as if it had come so; `settle`: its chips are read at once. */
  feed(event: TagsEvent, settle: boolean): void;
}

export class SnapshotBurst {
  private readonly reports = new Map<string, TagsEvent>();
  private first: number | null = null;

  constructor(private readonly roundMs: number) {}

  /** When the burst is complete if nothing else ends it: one scan round after its first report. */
  get due(): number | null {
    return this.first === null ? null : this.first + this.roundMs;
  }

  get pending(): boolean {
    return this.first !== null;
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
    // The deal (seats that gained cards), then the dealer's burn and board: a card's seat and order do
    // not depend on the actions. A seat whose cards left is a fold: it waits for its turn below.
    for (const antenna of seats) {
      const was = before.get(antenna) ?? [];
      if (was.every((tag) => left.get(antenna)?.tags.includes(tag))) take(antenna);
    }
    take("burn");
    take("board");
    const muck = left.get("muck");
    const seen = new Set<string>(table.lastReport("muck"));
    for (const tags of before.values()) for (const tag of tags) seen.add(tag);
    for (const antenna of seats) for (const tag of table.lastReport(antenna)) seen.add(tag);
    for (const e of left.values()) if (e.antenna !== "muck") for (const tag of e.tags) seen.add(tag);
    const unseen = (muck?.tags ?? []).filter((tag) => !seen.has(tag) && table.isCard(tag));
    // Cards the table never saw, in the muck: seats in the hand short of their cards were dealt them and
    // folded while it was down. Which of them each got cannot be read (they are dead either way): in
    // seat order. Dealt here, before any action, so the deal is whole when the actions are read.
    const dealt = Math.max(2, ...table.inHand().map((s) => s.holeCards));
    for (const { seat, holeCards } of table.inHand()) {
      const antenna = `seat${seat}`;
      const missing = dealt - holeCards;
      if (missing <= 0 || unseen.length < missing) continue;
      const extra = unseen.splice(0, missing);
      const deferred = left.get(antenna);
      give(antenna, [...table.lastReport(antenna), ...extra]);
      // The seat's report in the burst (emptied: its cards in the muck) waits for its turn.
      left.set(antenna, deferred ?? { t, kind: "tags", antenna, tags: [] });
    }
    let muckNow = table.lastReport("muck");
    // The actions in the order of play, while the burst says what the seat to act did.
    const acted = new Set<number>();
    for (let seat = table.toAct(); seat !== null && !acted.has(seat); seat = table.toAct()) {
      acted.add(seat);
      // Its chips: the action has moved on (the burst holds what came after), so they are read now.
      if (take(`bet${seat}`, true)) continue;
      const antenna = `seat${seat}`;
      const folded = table.lastReport(antenna).filter((tag) => muck?.tags.includes(tag) === true);
      if (folded.length === 0 || !left.has(antenna)) break;
      take(antenna);
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

/** The most seats a table has (the contract's default layout). */
const MAX_SEATS = 10;
