/**
 * Reading the table: turns each antenna's full inventory into card moves and read chip zones, at any
 * pace of the dealer, the players and the readers (spec: "Reading at any pace").
 *
 * Readers report the whole set an antenna sees, and they flicker: a lifted card corner or RF noise
 * drops a tag from one report. So a card is where it was last newly seen: it *moves* when it arrives
 * on another antenna, and it has *left* only when it stays unseen longer than the departure window.
 * A bridge reports a tag gone only after K missed scans, so after a move the old antenna goes on
 * listing the card for a while: a tag an antenna already listed is never a new arrival there. Past
 * that lag, a tag on two antennas is a read conflict, and a card that comes back to the antenna it
 * just left while the other still lists it is one too: the reading waits until one report wins.
 * Chips are read by {@link ChipZones}. The shuffler press is a hand boundary ({@link newHand}).
 *
 * Over 300 lines: arrivals, departures, read conflicts, the last hand's cards dealt again and the hand
 * boundary all read and write one record per card tag, and each rule is only right beside the others.
 */
import type { Card } from "../rules/cards.js";
import { type BackOnItsSeat, CardsBackOnTheirSeat } from "./backOnItsSeat.js";
import { ChipZones, type ChipZonesSnapshot } from "./chipZones.js";
import { type MisplacedSnapshot, MisplacedTags } from "./misplacedTags.js";
import { type ChipTag, isCardAntenna, isSeat, type Leftover, type Observation } from "./observations.js";
import type { Registry, TagInfo } from "./registry.js";

export interface TableReaderOptions {
  registry: Registry;
  /** A bet is read once its zone has been this steady (chips of one bet land over two reports). */
  settleWindowMs: number;
  /** How long a card may be unseen before it counts as gone (a flicker is shorter). */
  departWindowMs: number;
  /** One scan round over every antenna: reports of one round arrive in channel order. */
  scanRoundMs?: number;
  /** The bridge's K: consecutive missed scans before it reports a tag gone. */
  missedScans?: number;
}

/** Defaults of the configuration's `reading:` (a 24-antenna bridge at ~8 ms per inventory; K = 3). */
export const DEFAULT_SCAN_ROUND_MS = 200;
export const DEFAULT_MISSED_SCANS = 3;

interface CardPlace {
  card: Card;
  copy: number;
  antenna: string;
  /** When it went missing from its antenna's reports, or null while it is seen. */
  missingSince: number | null;
  /** The antenna it moved from, and when (a move back while both list it is a conflict). */
  from: string | null;
  movedAt: number;
  /** When the antenna it moved from stopped listing it (the move seen done), if it has. */
  fromLetGoAt?: number;
  /** The other antenna that lists it while the reading waits for one report to win, or null. */
  contested: string | null;
}

/** The reader's memory, as plain data (for checkpoints and tests). */
export interface TableReaderSnapshot {
  reports: Record<string, string[]>;
  cards: Record<string, CardPlace>;
  chips: ChipZonesSnapshot;
  flagged: string[];
  leftovers?: string[];
  /** Absent in checkpoints written before misplaced tags were remembered. */
  misplaced?: MisplacedSnapshot;
}

type CardArrived = Extract<Observation, { type: "card_arrived" }>;

/**
 * Observations in time order (a stable sort). They are nearly always found in order already: checked
 * first, as sorting copies the list even then.
 */
function inTimeOrder(out: Observation[]): Observation[] {
  for (let i = 1; i < out.length; i++) {
    if ((out[i] as Observation).t < (out[i - 1] as Observation).t) return out.sort((a, b) => a.t - b.t);
  }
  return out;
}

/** What an antenna listed before its first report. */
const NOTHING_LISTED: ReadonlySet<string> = new Set();

export class TableReader {
  private readonly reports = new Map<string, Set<string>>();
  private readonly cards = new Map<string, CardPlace>();
  private readonly chips: ChipZones;
  /** Foreign and unknown tags are reported once per antenna visit, not on every repeat. */
  private readonly flagged = new Set<string>();
  /** Chips on card antennas and cards on chip antennas, for as long as they lie there. */
  private readonly misplaced: MisplacedTags;
  /** Tags of cards now missing: what the departure window may run out on (usually none). */
  private readonly missing = new Set<string>();
  /**
   * Cards the latest reports showed at the last shuffler press: the moment one is no longer listed it
   * has been collected (no flicker window: whether the deck was collected is judged from the reports).
   */
  private readonly leftovers = new Set<string>();
  /**
   * Leftovers read as dealt again on their seat (`dealtAgain`), with that seat. Until the readers' lag
   * after the press runs out, one may still be the collected card, listed K scans late (a shuffler
   * pressed at once after a misdeal, long scan rounds): the moment its seat no longer lists it, it has
   * left, as a leftover has. Cleared at the press; not in the snapshot (see {@link departed}).
   */
  private readonly dealtAgainOn = new Map<string, string>();
  /**
   * Leftovers seen on another antenna after the press (dealt elsewhere, or to the muck) while their seat
   * still listed them, K scans late. When the seat lets one go, it is collected as a departure is: a
   * leftover the seat still lists beside it went back to it, dealt again ({@link dealtAgain}). Cleared
   * at the press; not in the snapshot (see {@link departed}).
   */
  private readonly movedLeftovers = new Set<string>();
  /** The last shuffler press (table time). */
  private pressedAt = Number.NEGATIVE_INFINITY;
  /** Moved cards the old antenna still lists: a conflict if it still does after the lag. */
  private readonly lingering = new Map<string, number>();
  /**
   * The last hand's cards that moved off a seat its report still listed at the press: one collected
   * from where it went may be on that seat again ({@link CardsBackOnTheirSeat}). Not in the snapshot
   * (see {@link departed}).
   */
  private readonly backOnSeat = new CardsBackOnTheirSeat();
  /** Antennas whose reader is offline: nothing they list can change until it is back. */
  private readonly offline = new Set<string>();
  /**
   * Cards of this hand whose departure window ran out, where they were last seen: one the readers report
   * again in their snapshots after a restart or a lost bridge was in motion while nobody watched
   * ({@link inMotion}). Cleared at the shuffler press; not in the snapshot, as checkpoints are taken
   * between hands and only a hand's snapshots read it (after the press).
   */
  private readonly departed = new Map<string, CardPlace>();
  /** How long an antenna may go on listing a tag that left it: K missed scans, one round each, plus one. */
  readonly lagMs: number;
  readonly scanRoundMs: number;
  /** How long a tag no longer listed must stay unseen before it has left (a flicker is shorter). */
  get departWindowMs(): number {
    return this.options.departWindowMs;
  }

  /** How long a bet zone must be steady before its chips are read (the settle window and one round). */
  get chipSettleMs(): number {
    return this.options.settleWindowMs + this.scanRoundMs;
  }

  constructor(private readonly options: TableReaderOptions) {
    this.scanRoundMs = options.scanRoundMs ?? DEFAULT_SCAN_ROUND_MS;
    this.lagMs = ((options.missedScans ?? DEFAULT_MISSED_SCANS) + 1) * this.scanRoundMs;
    this.misplaced = new MisplacedTags(options.departWindowMs);
    this.chips = new ChipZones({
      // A zone is seen only at its slot of each scan round: steady means steady for the settle window
      // and one round more, or the two reports of one motion could be read as two actions.
      settleWindowMs: this.chipSettleMs,
      scanRoundMs: this.scanRoundMs,
      lagMs: this.lagMs,
    });
  }

  /** One inventory report from an antenna. */
  report(t: number, antenna: string, tags: readonly string[]): Observation[] {
    const out: Observation[] = [];
    const now = new Set(tags);
    const before = this.reports.get(antenna) ?? NOTHING_LISTED;
    this.reports.set(antenna, now);
    // Readers repeat whole inventories many times a second: a card zone's report builds no chip records.
    if (isCardAntenna(antenna)) this.readCardZone(t, antenna, now, before, out);
    else this.readChipZone(t, antenna, now, before, out);
    return out;
  }

  /** A report of a card zone: cards arrive and leave; a chip there is misplaced. */
  private readCardZone(
    t: number,
    antenna: string,
    now: ReadonlySet<string>,
    before: ReadonlySet<string>,
    out: Observation[],
  ): void {
    for (const tag of now) {
      const info = this.options.registry.resolve(tag);
      if (info.type === "card") this.seeCard(t, tag, info.face, info.copy, antenna, !before.has(tag), out);
      else if (info.type === "chip") this.misplaced.listed(t, tag, antenna, "chip", out);
      else this.notPlaying(t, tag, antenna, info, out);
    }
    for (const tag of before) if (!now.has(tag)) this.tagLeft(t, tag, antenna, out);
  }

  /** A report of a chip zone: its chips go to {@link ChipZones}; a card there is misplaced. */
  private readChipZone(
    t: number,
    antenna: string,
    now: ReadonlySet<string>,
    before: ReadonlySet<string>,
    out: Observation[],
  ): void {
    const chipsNow = new Map<string, number>();
    const freshChips: string[] = [];
    for (const tag of now) {
      const info = this.options.registry.resolve(tag);
      if (info.type === "chip") {
        chipsNow.set(tag, info.denomination);
        if (!before.has(tag)) freshChips.push(tag);
      } else if (info.type === "card") this.misplaced.listed(t, tag, antenna, "card", out);
      else this.notPlaying(t, tag, antenna, info, out);
    }
    const gone: string[] = [];
    for (const tag of before) {
      if (now.has(tag)) continue;
      gone.push(tag);
      this.tagLeft(t, tag, antenna, out);
    }
    this.chips.report(t, antenna, chipsNow, freshChips, gone, out);
  }

  /** A foreign or unknown tag: reported once per antenna visit. */
  private notPlaying(
    t: number,
    tag: string,
    antenna: string,
    info: Extract<TagInfo, { type: "foreign" | "unknown" }>,
    out: Observation[],
  ): void {
    if (!this.flag(`${antenna}|${tag}`)) return;
    if (info.type === "foreign") out.push({ type: "foreign_card", t, tag, antenna, reason: info.reason });
    else out.push({ type: "unknown_tag", t, tag, antenna });
  }

  /**
   * A tag `antenna` listed before and not now: its flag may be raised again, a misplaced tag may be
   * going, and a card may be leaving.
   */
  private tagLeft(t: number, tag: string, antenna: string, out: Observation[]): void {
    if (this.flagged.size > 0) this.flagged.delete(`${antenna}|${tag}`);
    this.misplaced.unlisted(t, tag, antenna);
    this.cardLeft(t, tag, antenna, out);
  }

  /** Runs the windows due at or before `t`: departures, conflicts, settled zones, chips taken back. */
  advanceTo(t: number): Observation[] {
    const out: Observation[] = [];
    for (const tag of this.missing) {
      const place = this.cards.get(tag);
      if (place?.missingSince == null) {
        this.missing.delete(tag);
      } else if (t >= place.missingSince + this.options.departWindowMs) {
        out.push({
          type: "card_departed",
          t: place.missingSince + this.options.departWindowMs,
          tag,
          card: place.card,
          antenna: place.antenna,
        });
        this.cards.delete(tag);
        this.missing.delete(tag);
        this.departed.set(tag, place);
      }
    }
    for (const back of this.backOnSeat.due(t)) this.arriveBack(back.sure, back, out);
    for (const [tag, due] of this.lingering) {
      if (t < due || this.offline.has(this.cards.get(tag)?.from ?? "")) continue;
      this.lingering.delete(tag);
      const place = this.cards.get(tag);
      if (place?.from != null && place.contested === null && this.reports.get(place.from)?.has(tag)) {
        place.contested = place.from;
        const antennas: [string, string] = [place.antenna, place.from];
        out.push({ type: "read_conflict", t: due, tag, antennas, count: this.contestedOn(antennas) });
      }
    }
    this.chips.advanceTo(t, out);
    this.misplaced.advanceTo(t, out);
    return inTimeOrder(out);
  }

  /**
   * Reads every unsettled zone now: the action has moved on. `except` keeps one zone waiting, and so
   * do zones that changed at or after `before` (a judgement that waited since then comes first).
   */
  settleAll(t: number, except?: string, before?: number, betZones = true, frozenToo = false): Observation[] {
    const out: Observation[] = [];
    this.chips.settleAll(t, except, out, before, betZones, frozenToo);
    return out;
  }

  /**
   * A report of `antenna` moves the action on: the zones still settling were out before it and are read
   * now, but that zone, and, when the report takes unread chips off it, the zones changed after those
   * (they wait for where the chips went: chipZones.ts settleDue).
   */
  settleForReport(t: number, antenna: string, tags: readonly string[]): Observation[] {
    const out: Observation[] = [];
    const leaving = this.chips.unreadLeaving(antenna, tags);
    this.chips.settleAll(t, antenna, out, undefined, true, false, leaving);
    return out;
  }

  /**
   * The dealer has ended the hand (the shuffler press, the deck check's key, the river's board collected):
   * bet zones whose unread chips left them are read as they stood (chipZones.ts).
   */
  emptiedAtTheEnd(t: number): Observation[] {
    const out: Observation[] = [];
    this.chips.emptiedAtTheEnd(t, out);
    return out;
  }

  /**
   * Whether a report at `t` is a move at the table: a tag arrives, or a chip leaves that had not been
   * seen anywhere else yet. A chip dropped from a report after it reached the pot is the bridge catching
   * up (its K missed scans), not a move; nor is one the zone held at the shuffler press dropped since:
   * the last hand's chips (taken by their owner, or reported late), no action of this hand (missedScans
   * 5, `--focus` seed 56 at 700 ms rounds, hand 1609: they left between the two motions of the first
   * call, which was read at its first, a false UNDERCALL).
   */
  isMove(antenna: string, tags: readonly string[]): boolean {
    // Asked of every bet zone and muck report: no closure, and the report (a few tags) searched as it is
    // rather than made into a set.
    const before = this.reports.get(antenna);
    if (before === undefined) return tags.length > 0;
    for (const tag of tags) if (!before.has(tag)) return true;
    for (const tag of before) {
      if (tags.includes(tag) || !this.chips.isOn(tag, antenna)) continue;
      if (!this.chips.arrivedBefore(tag, this.pressedAt)) return true;
    }
    return false;
  }

  /** A reader went offline or came back: the windows of the zones it serves wait while it is away. */
  setOnline(antennas: readonly string[], online: boolean, t: number): void {
    this.chips.setOnline(antennas, online, t);
    for (const a of antennas) {
      if (!online) this.offline.add(a);
      else this.offline.delete(a);
    }
    if (!online) return;
    // A card still listed where it left: that antenna can report it gone only now it is back.
    for (const [tag] of this.lingering) {
      const from = this.cards.get(tag)?.from;
      if (from != null && antennas.includes(from)) this.lingering.set(tag, t + this.lagMs);
    }
  }

  /** Whether a zone has chips that have not been read yet. */
  isPending(antenna: string): boolean {
    return this.chips.isPending(antenna);
  }

  /** The earliest time a window runs out, or null. */
  nextDeadline(): number | null {
    let next = this.chips.nextDeadline();
    const misplacedDue = this.misplaced.nextDeadline();
    if (misplacedDue !== null && (next === null || misplacedDue < next)) next = misplacedDue;
    for (const tag of this.missing) {
      const since = this.cards.get(tag)?.missingSince;
      if (since == null) continue;
      const due = since + this.options.departWindowMs;
      if (next === null || due < next) next = due;
    }
    for (const [tag, due] of this.lingering) {
      if (this.offline.has(this.cards.get(tag)?.from ?? "")) continue;
      if (next === null || due < next) next = due;
    }
    const back = this.backOnSeat.nextDeadline();
    return back !== null && (next === null || back < next) ? back : next;
  }

  /**
   * Cards missing from their antenna's latest report (of the antennas `only` accepts) are gone now,
   * whatever is left of their departure window: the shuffler press says the dealer has collected (the
   * hand in progress ends on what the reports show, and the next hand starts from it); a player acting
   * says the board is as the dealer left it.
   */
  departNow(t: number, only?: (antenna: string) => boolean): Observation[] {
    const out: Observation[] = [];
    for (const tag of this.missing) {
      const place = this.cards.get(tag);
      if (place && only && !only(place.antenna)) continue;
      this.missing.delete(tag);
      if (place?.missingSince == null) continue;
      this.cards.delete(tag);
      out.push({ type: "card_departed", t, tag, card: place.card, antenna: place.antenna });
    }
    return out;
  }

  /**
   * The shuffler press: a hand boundary. What the reader remembers about flickers and departure
   * windows does not cross it: a card missing from its antenna's latest report is gone. Returns the
   * cards the latest reports still show (the last hand's, if the dealer has not collected them); a
   * card of them dealt again is a new card of the new hand. `dealt`: cards already dealt for the new
   * hand (a press that waited for the last hand to end, the re-deal begun meanwhile): not the last hand's.
   */
  newHand(t: number, dealt: ReadonlySet<string> = NOTHING_LISTED): Leftover[] {
    this.pressedAt = t;
    this.dealtAgainOn.clear();
    this.movedLeftovers.clear();
    const movedOffSeats = new Map(this.movesOffSeatsListed());
    this.backOnSeat.newHand(movedOffSeats);
    this.lingering.clear();
    this.missing.clear();
    this.departed.clear();
    this.leftovers.clear();
    this.chips.newHand();
    this.misplaced.newHand();
    const left: Leftover[] = [];
    for (const [tag, place] of this.cards) {
      if (!this.reports.get(place.antenna)?.has(tag)) {
        this.cards.delete(tag);
        continue;
      }
      if (dealt.has(tag)) continue;
      place.missingSince = null;
      place.from = null;
      place.contested = null;
      this.leftovers.add(tag);
      const backOn = movedOffSeats.get(tag);
      left.push({ tag, antenna: place.antenna, card: place.card, ...(backOn ? { backOn } : {}) });
    }
    return left;
  }

  /** Where each card is, as far as the table knows (missing cards count where they were last seen). */
  cardsOn(antenna: string): Card[] {
    const out: Card[] = [];
    for (const place of this.cards.values()) if (place.antenna === antenna) out.push(place.card);
    return out;
  }

  /** The tags an antenna listed in its latest report. */
  lastReport(antenna: string): string[] {
    return [...(this.reports.get(antenna) ?? [])];
  }

  /** Tags of cards last seen on any of these antennas. */
  cardTagsOn(antennas: (name: string) => boolean): string[] {
    const out: string[] = [];
    for (const [tag, place] of this.cards) if (antennas(place.antenna)) out.push(tag);
    return out;
  }

  /**
   * A card the readers list in their first reports after they were not watched (a restart,
   * a lost bridge), whose departure window ran out meanwhile from another antenna: the window measured
   * time nobody read, so the card was in motion, and a card in motion is where it was last seen until
   * it arrives elsewhere (this file's comment). It is put back there, missing since `t`, so the report
   * reads as its move from there (a fold, a board card to the burn), not as a card from nowhere; back on
   * the antenna it left, it never moved (a card lifted across the restart).
   */
  inMotion(tag: string, t: number): void {
    const place = this.departed.get(tag);
    if (place === undefined || this.cards.has(tag)) return;
    this.departed.delete(tag);
    this.cards.set(tag, { ...place, missingSince: t, contested: null });
    this.missing.add(tag);
  }

  /** Where a card tag was last seen, or null. */
  whereIs(tag: string): string | null {
    return this.cards.get(tag)?.antenna ?? null;
  }

  /** Tags of the chips a zone holds now that arrived there before `t`. */
  chipsBefore(antenna: string, t: number): string[] {
    return this.chips.chipsBefore(antenna, t);
  }

  /** The chips a zone holds now. */
  chipsOn(antenna: string): ChipTag[] {
    return this.chips.chipsOn(antenna);
  }

  /** Everything the reader remembers, as plain data. */
  snapshot(): TableReaderSnapshot {
    return {
      reports: Object.fromEntries([...this.reports].map(([a, s]) => [a, [...s]])),
      cards: Object.fromEntries([...this.cards].map(([tag, p]) => [tag, { ...p }])),
      chips: this.chips.snapshot(),
      flagged: [...this.flagged],
      leftovers: [...this.leftovers],
      misplaced: this.misplaced.snapshot(),
    };
  }

  /** Puts back what {@link snapshot} saved (recovery from a checkpoint, taken between hands). */
  restore(snapshot: TableReaderSnapshot): void {
    this.reports.clear();
    this.cards.clear();
    this.flagged.clear();
    this.missing.clear();
    this.lingering.clear();
    this.departed.clear();
    this.backOnSeat.newHand([]);
    for (const [a, tags] of Object.entries(snapshot.reports)) this.reports.set(a, new Set(tags));
    for (const [tag, place] of Object.entries(snapshot.cards)) {
      this.cards.set(tag, { ...place });
      if (place.missingSince !== null) this.missing.add(tag);
    }
    this.chips.restore(snapshot.chips);
    for (const f of snapshot.flagged) this.flagged.add(f);
    this.misplaced.restore(snapshot.misplaced);
    this.leftovers.clear();
    for (const tag of snapshot.leftovers ?? []) this.leftovers.add(tag);
  }

  private seeCard(
    t: number,
    tag: string,
    card: Card,
    copy: number,
    antenna: string,
    fresh: boolean,
    out: Observation[],
  ): void {
    let place = this.cards.get(tag);
    if (place && fresh && this.collectedAndDealt(t, tag, place, antenna, out)) place = undefined;
    if (place && place.antenna === antenna) {
      // Back after a flicker, or a repeat: not a move.
      place.missingSince = null;
      this.missing.delete(tag);
      return;
    }
    // The old antenna of a card that moved on still lists it (the bridge's K missed scans).
    if (place && !fresh) return;
    // A new card on a seat that still lists a lone card of the last hand (a misdeal stops the deal at
    // one card a seat): that card went back to the seat, dealt again, before the bridge saw it leave.
    if (fresh && this.leftovers.size > 0 && isSeat(antenna)) {
      const lone = [...this.leftovers].filter((tag2) => this.cards.get(tag2)?.antenna === antenna);
      if (lone.length === 1 && !this.pairDealtElsewhere(t, antenna)) this.dealtAgain(t, antenna, out);
    }
    if (place) {
      const otherStillLists = this.reports.get(place.antenna)?.has(tag) === true;
      // Listed again more than a scan round after that antenna let it go, it is a new move there (the
      // muck's card dealt to a seat, then folded back to the muck), not one flickering between the two.
      const letGo = place.fromLetGoAt !== undefined && t - place.fromLetGoAt >= this.scanRoundMs;
      if (otherStillLists && place.from === antenna && t - place.movedAt <= this.lagMs && !letGo) {
        // Back to the antenna it just left while the other still lists it: one report must win.
        if (place.contested === null) {
          place.contested = antenna;
          const antennas: [string, string] = [place.antenna, antenna];
          out.push({ type: "read_conflict", t, tag, antennas, count: this.contestedOn(antennas) });
        }
        return;
      }
      if (otherStillLists) this.lingering.set(tag, t + this.lagMs);
    }
    this.cards.set(tag, {
      card,
      copy,
      antenna,
      missingSince: null,
      from: place?.antenna ?? null,
      movedAt: t,
      contested: null,
    });
    this.missing.delete(tag);
    if (this.leftovers.delete(tag) && place) this.movedLeftovers.add(tag);
    const arrived: CardArrived = {
      type: "card_arrived",
      t,
      tag,
      card,
      copy,
      deck: this.deckOf(tag),
      antenna,
      from: place?.antenna ?? this.slowToTheMuck(tag, antenna),
    };
    // Said only when true (set after, not spread in: every card dealt passes here).
    if ((antenna === "board" || antenna === "burn" || antenna === "muck") && this.chips.anyBetPending())
      arrived.unreadBets = true;
    out.push(arrived);
  }

  /**
   * A card reaching the muck long after it left its antenna (a player who holds his cards in the air
   * before he lets them go): a card in motion is where it was last seen until it arrives elsewhere, so
   * it comes from there, and a hole card's is a fold, however slow.
   */
  private slowToTheMuck(tag: string, antenna: string): string | null {
    if (antenna !== "muck") return null;
    const was = this.departed.get(tag);
    this.departed.delete(tag);
    return was?.antenna ?? null;
  }

  /** Whether any card is reported on two antennas, the reading waiting for one report to win. */
  private anyContested(): boolean {
    for (const place of this.cards.values()) if (place.contested !== null) return true;
    return false;
  }

  /**
   * How many cards are read on both of these antennas now: a second card in conflict on the same pair
   * is told apart from the first by this count (the alert may not name a card, principle 6).
   */
  private contestedOn([a, b]: readonly [string, string]): number {
    let n = 0;
    for (const place of this.cards.values()) {
      const pair = [place.antenna, place.contested];
      if (place.contested !== null && pair.includes(a) && pair.includes(b)) n += 1;
    }
    return n;
  }

  /** The deck of a card tag (the registry works each tag out once). */
  private deckOf(tag: string): string {
    const info = this.options.registry.resolve(tag);
    return info.type === "card" ? info.deck : "";
  }

  /** A card tag is no longer listed by `antenna`. */
  private cardLeft(t: number, tag: string, antenna: string, out: Observation[]): void {
    const place = this.cards.get(tag);
    if (!place) return;
    if (place.contested !== null) {
      if (place.contested === antenna) {
        place.contested = null;
        out.push({
          type: "read_conflict_cleared",
          t,
          tag,
          antenna: place.antenna,
          othersOpen: this.anyContested(),
        });
        return;
      }
      if (place.antenna === antenna) {
        // The other report won: the card is where the contesting antenna says.
        const winner = place.contested;
        this.cards.set(tag, { ...place, antenna: winner, from: antenna, movedAt: t, contested: null });
        out.push({ type: "read_conflict_cleared", t, tag, antenna: winner, othersOpen: this.anyContested() });
        out.push({
          type: "card_arrived",
          t,
          tag,
          card: place.card,
          copy: place.copy,
          deck: this.deckOf(tag),
          antenna: winner,
          from: antenna,
        });
        return;
      }
    }
    if (place.antenna !== antenna && place.from === antenna && place.contested === null) {
      // The antenna it moved from has let it go: the move is done (see the move back in cardArrived).
      place.fromLetGoAt = t;
      this.lingering.delete(tag);
      if (this.movedLeftovers.delete(tag)) this.dealtAgain(t, antenna, out);
      return;
    }
    if (place.antenna === antenna && (this.leftovers.delete(tag) || this.collectedLate(t, tag, antenna))) {
      this.cards.delete(tag);
      out.push({ type: "card_departed", t, tag, card: place.card, antenna });
      this.dealtAgain(t, antenna, out);
      const listed = (seat: string) => this.reports.get(seat)?.has(tag) === true;
      const back = this.backOnSeat.left(t, tag, place.card, place.copy, listed);
      if (back !== null) this.arriveBack(t, back, out);
      return;
    }
    if (place.antenna === antenna && place.missingSince === null) {
      place.missingSince = t;
      this.missing.add(tag);
    }
  }

  /**
   * The seat still lists, past the readers' lag after the press, a last hand's card that has been dealt
   * to another seat since: that seat's last hand was left out at the press (DECK_NOT_COLLECTED), and the
   * dealer is collecting it and dealing on, its report K scans late. The card it still lists beside the
   * one dealt elsewhere is not lone: it is most likely collected too, and is read where it lands next
   * (three readers, 5 missed scans, `--focus` seed 78 at 600 ms rounds, hand 1688: Ac dealt to seat 5,
   * then seat 8's first card beside Qd read Qd as dealt again to seat 8; Qd dealt to seat 2 was then a
   * card slid across, and seat 2 was judged dealt out). Within the lag, the pair may have been collected
   * before the press, and the other card dealt back to the seat: read so until it leaves within the lag
   * (`collectedLate`; hold'em seed 207 at 600 ms rounds, hand 348).
   */
  private pairDealtElsewhere(t: number, antenna: string): boolean {
    if (t < this.pressedAt + this.lagMs) return false;
    const listed = this.reports.get(antenna);
    for (const tag of this.movedLeftovers)
      if (this.cards.get(tag)?.from === antenna && listed?.has(tag) === true) return true;
    return false;
  }

  /**
   * At the press: the cards that moved off a seat (a fold to the muck) whose report still lists them, K
   * scans late or because the card is back there, and when that listing can no longer be a stale one.
   */
  private *movesOffSeatsListed(): Iterable<[string, { seat: string; sure: number }]> {
    for (const [tag, due] of this.lingering) {
      const place = this.cards.get(tag);
      const seat = place?.from;
      if (seat == null || !isSeat(seat) || !this.reports.get(seat)?.has(tag)) continue;
      yield [tag, { seat, sure: due }];
    }
  }

  /**
   * A card of the last hand collected from where it went, that its old seat still lists now its listing
   * is sure: it was dealt back to that seat, a new card of this hand (./backOnItsSeat.ts).
   */
  private arriveBack(t: number, back: BackOnItsSeat, out: Observation[]): void {
    const { tag, seat, card, copy } = back;
    if (this.cards.has(tag) || !this.reports.get(seat)?.has(tag)) return;
    this.cards.set(tag, {
      card,
      copy,
      antenna: seat,
      missingSince: null,
      from: null,
      movedAt: t,
      contested: null,
    });
    out.push({ type: "card_arrived", t, tag, card, copy, deck: this.deckOf(tag), antenna: seat, from: null });
  }

  /** A leftover read as dealt again left its seat within the readers' lag after the press: it was collected. */
  private collectedLate(t: number, tag: string, antenna: string): boolean {
    if (this.dealtAgainOn.get(tag) !== antenna) return false;
    this.dealtAgainOn.delete(tag);
    return t < this.pressedAt + this.lagMs;
  }

  /**
   * A leftover read as dealt again on its seat arrives on another seat within the readers' lag after the
   * press: it was the collected card, listed K scans late, and the dealer has dealt it again elsewhere
   * (a shuffler pressed at once after a misdeal, long scan rounds). It has left its old seat, and is a
   * new card where it lands, not a card slid across from that seat.
   */
  private collectedAndDealt(
    t: number,
    tag: string,
    place: CardPlace,
    antenna: string,
    out: Observation[],
  ): boolean {
    if (place.antenna === antenna || !isSeat(antenna)) return false;
    if (!this.collectedLate(t, tag, place.antenna)) return false;
    this.cards.delete(tag);
    out.push({ type: "card_departed", t, tag, card: place.card, antenna: place.antenna });
    return true;
  }

  /**
   * A seat's cards of the last hand were collected (one of them has left its report) while another is
   * still listed: that one went back to the seat, dealt again, within the bridge's K scans (so the
   * bridge never saw it leave). It is a new card of this hand, dealt now.
   */
  private dealtAgain(t: number, antenna: string, out: Observation[]): void {
    if (!isSeat(antenna)) return;
    for (const tag of [...this.leftovers]) {
      const place = this.cards.get(tag);
      if (place?.antenna !== antenna || !this.reports.get(antenna)?.has(tag)) continue;
      this.leftovers.delete(tag);
      this.dealtAgainOn.set(tag, antenna);
      place.movedAt = t;
      const deck = this.deckOf(tag);
      out.push({
        type: "card_arrived",
        t,
        tag,
        card: place.card,
        copy: place.copy,
        deck,
        antenna,
        from: null,
      });
    }
  }

  private flag(key: string): boolean {
    if (this.flagged.has(key)) return false;
    this.flagged.add(key);
    return true;
  }
}
