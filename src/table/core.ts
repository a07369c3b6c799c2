/**
 * The core: a deterministic function of the ordered input events. It never reads the wall clock
 * or the hardware; time enters only as each event's `t`, and delayed behaviour (settle windows,
 * departures) runs when the runtime calls `advanceTo` — the live clock at the table, the next
 * event's `t` in replay.
 *
 * It routes: what the readers see goes to the hand in play (whichever game's: each starts and ends its
 * own hands, src/hand/lifecycle.ts) or, between hands, to the dealer's work after the hand; keys and
 * floor operations to the ruling desk, the deck checks, the floor's set-up and the next hand. Each of
 * those is its own module in src/table/; the core holds the table between hands and takes its
 * settings ready-made (src/table/settings.ts; the configuration is adapted at the edge,
 * src/runtime/tableSettings.ts). (Over 300 lines: the routing of every kind of input, and the
 * hand's start and end it decides, read best in one place.)
 */
import type { ButtonEvent, FloorEvent, InputEvent, ReaderEvent, TagsEvent } from "../contract/input.js";
import type { TableEvent } from "../contract/output.js";
import { say } from "../hand/alerts.js";
import { type HandInPlay, type LiveHand, SessionHand } from "../hand/lifecycle.js";
import { noHoleCards } from "../hand/view.js";
import { isBetZone, isSeat, type Observation } from "../reading/observations.js";
import type { TableReader } from "../reading/tableReader.js";
import { AfterHand } from "./afterHand.js";
import type { CoreCheckpoint, TableCore } from "./tableCore.js";
import { DeckChecks } from "./deckChecks.js";
import { NextHand } from "./nextHand.js";
import { OwedAtThePress } from "./owedAtThePress.js";
import { DEPART_WINDOW_MS, ReaderPresence, tableReader, unknownAntenna } from "./readers.js";
import { rejected } from "./floorRefusals.js";
import { RulingAhead } from "./rulingAhead.js";
import { type PendingRuling, RulingDesk } from "./rulingDesk.js";
import type { TableSettings } from "./settings.js";
import { FloorSetup } from "./setupWaiting.js";
import {
  dealPending,
  type BurstTable,
  decidedAfterDeal,
  placedBeforeDeal,
  SnapshotBurst,
  seatsInHand,
} from "./snapshotBurst.js";
import { emptyTable, type TableState } from "./state.js";
import { type CoreView, coreView, type PrivateCoreView } from "./view.js";

export type { TableSettings } from "./settings.js";
export type { CoreCheckpoint, TableCore, TableReadModel } from "./tableCore.js";

/** Keys that are a player's action at the table. */
const PLAYER_KEYS = new Set(["check", "fold", "raise", "allin"]);

/** Creates the core for one table, empty or from a checkpoint taken between hands. */
export function createTable(settings: TableSettings, from?: CoreCheckpoint): TableCore {
  return new Table(settings, from);
}

/** The core (exported for the test-only accessor of src/table/sessionForTests.ts; build one with createTable). */
export class Table implements TableCore {
  private readonly state: TableState;
  private readonly reader: TableReader;
  private readonly readers: ReaderPresence;
  /** The hand in play, of whichever game: the core routes to it and reads its ending. */
  private playing: LiveHand | null = null;
  /** The last hand, kept after it ends until the next starts: a Three Card Poker dealer pays from its view. */
  private settled: LiveHand | null = null;
  private readonly next: NextHand;
  private readonly setup: FloorSetup;
  private readonly checks: DeckChecks;
  /** A shuffler press waiting for the hand to end on what the readers have yet to report, until when. */
  private shufflerWaiting: number | null = null;
  /**
   * What was read while a shuffler press waits for the hand to end, in the order read, unless the press is
   * refused (then the hand's): bets, the next hand's blinds put out after the press (read into the hand,
   * they were an action out of turn: three readers, 5 missed scans, `--focus` seed 75 at 700 ms rounds,
   * hand 8110); and cards that landed on a seat more than a scan round after the press, the next deal (a
   * re-deal begun at once after a misdeal the press declares).
   */
  private readAfterPress: Observation[] = [];
  /** When the press that waits was made. */
  private pressWaitingSince = 0;
  /** A misdeal or void ruled before the alert it answers, waiting for the hand's judgement. */
  private readonly ahead = new RulingAhead();
  /** The readers' snapshots during a hand, given to it in an order that can be true (snapshotBurst.ts). */
  private readonly burst: SnapshotBurst;
  /** Debts a shuffler press settled the last hand with, waiting the readers' lag for the pot. */
  private readonly owed = new OwedAtThePress();
  /**
   * When the hand's readers were last all back (their reconnection burst given): its judgements that fell
   * due while one was away run a departure window later (see {@link handDue}).
   */
  private readersBackAt = Number.NEGATIVE_INFINITY;
  /** How long after a report that no longer lists a tag it is known gone (the reader's departure window). */
  private readonly departWindowMs: number;
  /** End of input: every window runs out, the hand's judgements too, readers away or not. */
  private finishing = false;
  private readonly isCard: (tag: string) => boolean;
  private readonly chipValue: (tag: string) => number;
  /** The dealer's work after a hand: paying, the rake, the tray (issue 18). */
  private readonly after: AfterHand;
  /** Rulings answer open alerts; misdeal and void wait for their undo window. */
  private readonly desk = new RulingDesk({
    hasHand: () => this.playing !== null || this.after.busy,
    handNumber: () => this.state.handsStarted,
    rule: (t, ruling, seat, code) =>
      this.playing === null
        ? this.after.waive(t, ruling, seat, code)
        : this.afterHand(this.playing.ruling(t, ruling, seat, code)),
  });

  constructor(settings: TableSettings, from?: CoreCheckpoint) {
    this.state = from ? structuredClone(from.table) : emptyTable(settings.seats, settings.game);
    this.reader = tableReader(settings);
    this.burst = new SnapshotBurst(settings.scanRoundMs ?? 200);
    this.departWindowMs = settings.departWindowMs ?? DEPART_WINDOW_MS;
    this.isCard = (tag) => settings.registry.resolve(tag).type === "card";
    this.chipValue = (tag) => {
      const info = settings.registry.resolve(tag);
      return info.type === "chip" ? info.denomination : 0;
    };
    this.readers = new ReaderPresence(settings.antennas, settings.readers, this.reader);
    this.after = new AfterHand(settings.antennas, this.reader, settings.trayJudgeAfterMs ?? 1500);
    this.setup = new FloorSetup(this.state);
    this.checks = new DeckChecks(settings.antennas, settings.registry, settings.decks ?? [], this.reader);
    if (from) this.reader.restore(from.reader);
    this.next = new NextHand(this.state, this.reader, settings, from);
    if (from) {
      this.desk.seedOffline(this.readers.restore(from.offline));
      if (from.afterHand) this.after.restore(from.afterHand);
      this.owed.restore(from.owedAtThePress ?? null);
    }
  }

  checkpoint(): CoreCheckpoint | null {
    // A deck check is not over until its result is acknowledged (`ok`) when the deck is not whole: replay
    // from the last checkpoint redoes it.
    if (this.playing !== null || this.checks.busy || this.desk.isOpen("DECK_CHECK_RESULT")) return null;
    return {
      table: structuredClone(this.state),
      reader: this.reader.snapshot(),
      redeal: structuredClone(this.next.redeal),
      offline: this.readers.away(),
      lastHandEnd: this.next.lastHandEnd,
      lastHandsChipsToCome: { ...this.next.lastHandsChipsToCome },
      afterHand: this.after.snapshot(),
      owedAtThePress: this.owed.snapshot(),
    };
  }

  get pendingRuling(): PendingRuling | null {
    return this.desk.pending;
  }

  view(): CoreView {
    // The hand in play, or the last one while its game still shows it; computed only when asked.
    return coreView(this.state, this.playing?.view() ?? this.settled?.viewAfterEnd() ?? null);
  }

  privateView(): PrivateCoreView {
    return this.playing?.privateView() ?? noHoleCards();
  }

  get live(): HandInPlay | null {
    return this.playing?.inPlay() ?? null;
  }

  /** Test-only (src/table/sessionForTests.ts): the product reads view(), privateView() and live. */
  sessionInPlay(): SessionHand["session"] | null {
    return this.playing instanceof SessionHand ? this.playing.session : null;
  }

  handle(event: InputEvent): TableEvent[] {
    if (
      event.kind === "tags" &&
      event.snapshot === true &&
      this.playing !== null &&
      this.readers.has(event.antenna)
    ) {
      this.burst.add(event);
      return [];
    }
    // Called for every input, and most say nothing: one list, not a list per part spread into another.
    const out: TableEvent[] = this.burst.pending ? this.releaseBurst(event.t) : [];
    if (this.burst.waitingForDeal && event.kind !== "reader") out.push(...this.releaseBurst(event.t, true));
    if (this.readers.movesAction(event)) {
      const settled =
        event.kind === "tags"
          ? this.reader.settleForReport(event.t, event.antenna, event.tags)
          : this.reader.settleAll(event.t);
      out.push(...this.route(event.t, settled));
    }
    if (event.kind === "tags") this.onTags(event, out);
    else if (event.kind === "button") out.push(...this.onButton(event));
    else if (event.kind === "reader") out.push(...this.onReader(event));
    else out.push(...this.onFloor(event));
    out.push(...this.pressDeclaresMisdeal(event.t));
    const tracked = this.desk.track(out);
    const ruled = this.rulingAfterJudgement(event.t);
    return ruled.length === 0 ? tracked : [...tracked, ...ruled];
  }

  advanceTo(t: number): TableEvent[] {
    const out: TableEvent[] = [];
    // Windows run out in time order, each at its own moment: a ruling's undo window, the reader's, the
    // floor's set-up waiting for the hand's end, then the hand's judgements that waited for the readers.
    for (let d = this.nextDeadline(); d !== null && d <= t; d = this.nextDeadline()) {
      const readerDue = this.reader.nextDeadline();
      const setupDue = this.setup.nextDue;
      let batch: TableEvent[];
      if (d === this.burst.due) batch = this.releaseBurst(d);
      else if (d === this.desk.nextDeadline()) batch = this.desk.advanceTo(d);
      else if (d === this.checks.nextDeadline()) batch = [...this.checks.due(d), ...this.spreadRefused(d)];
      else if (d === this.after.nextDue(this.playing !== null)) batch = this.after.tick(d);
      else if (d === this.shufflerWaiting) batch = this.pressAfterTheLag(d);
      else if (d === this.owed.nextDue) batch = this.owed.due(d);
      else if (readerDue !== null && readerDue <= d) batch = this.route(d, this.reader.advanceTo(d));
      else if (setupDue !== null && setupDue <= d) batch = this.setup.settle(d, this.playing !== null, false);
      else if (this.playing !== null) {
        // A judgement that waited for the readers moves the action on as any event does: chips that
        // changed before it waited come first; later ones (the next street's) after it.
        const since = this.playing.nextSince ?? Number.POSITIVE_INFINITY;
        batch = [
          ...this.route(d, this.reader.settleAll(d, undefined, since)),
          ...this.afterHand(this.playing?.tick(d, this.finishing) ?? []),
        ];
      } else break;
      batch.push(...this.pressDeclaresMisdeal(d));
      out.push(...this.desk.track(batch), ...this.rulingAfterJudgement(d));
      // The burst's decisions once the hand has taken its deal (a Three Card Poker lock, a round on).
      if (this.burst.waitingForDeal && !dealPending(this.view()))
        out.push(...this.desk.track(this.releaseBurst(d, true)));
    }
    return out;
  }

  nextDeadline(): number | null {
    // Asked before every input: the earliest of the windows, without building a list of them.
    let due = earliest(this.reader.nextDeadline(), this.handDue());
    due = earliest(due, this.owed.nextDue);
    due = earliest(due, this.setup.nextDue);
    due = earliest(due, this.desk.nextDeadline());
    due = earliest(due, this.burst.due);
    due = earliest(due, this.shufflerWaiting);
    due = earliest(due, this.checks.nextDeadline());
    return earliest(due, this.after.nextDue(this.playing !== null));
  }

  finish(t: number): TableEvent[] {
    const out = this.advanceTo(t);
    this.finishing = true;
    return this.nextDeadline() === null ? out : [...out, ...this.advanceTo(Number.MAX_SAFE_INTEGER)];
  }

  /**
   * When the hand's next judgement runs. Each judges what the readers have reported by then (a board
   * card against its burn, the order of the deal, a bet against the call), and what happened on the
   * felt up to a scan round before a reader went away may not have been reported: while a reader the
   * hand reads from is away, or its reconnection burst is still to be given, the judgements wait, and
   * those that fell due meanwhile run as soon as it is back, on its snapshots. A reader that never comes
   * back leaves them waiting: the floor has READER_OFFLINE, and the table cannot see.
   */
  private handDue(): number | null {
    const due = this.playing?.nextDue ?? null;
    if (due === null || this.finishing) return due;
    if (this.burst.pending || this.readers.handReaderAway) return null;
    // A card the snapshots no longer list is known gone a departure window after them, as any report's:
    // a last hand's card read as dealt again, gone in them, was judged a card too many (settleWindowMs
    // 900, missedScans 5, seed 89 at 700 ms rounds, hand 2489: a false MISDEAL_CARD_COUNT).
    return Math.max(due, this.readersBackAt + this.departWindowMs);
  }

  snapshot(): TableState {
    return structuredClone(this.state);
  }

  /** The readers' snapshots gathered during a hand, given to it in an order that can be true (`kept`: its decisions kept back). */
  private releaseBurst(t: number, kept = false): TableEvent[] {
    this.readersBackAt = Math.max(this.readersBackAt, t);
    const out: TableEvent[] = [];
    const table: BurstTable = {
      toAct: () => this.view().toAct,
      lastReport: (antenna) => this.reader.lastReport(antenna),
      placedBeforeDeal: (antenna) => placedBeforeDeal(this.view(), antenna),
      dealPending: () => dealPending(this.view()),
      decidedAfterDeal: (antenna) => decidedAfterDeal(this.view(), antenna),
      inHand: () => seatsInHand(this.view(), (antenna) => this.reader.lastReport(antenna)),
      isCard: this.isCard,
      chipValue: this.chipValue,
      unseenBet: (seat) =>
        this.reader.lastReport(`bet${seat}`).length > 0 ? 0 : (this.view().seats[seat - 1]?.bet ?? 0),
      cardsOn: (antenna) => this.reader.cardTagsOn((a) => a === antenna),
      whereIs: (tag) => this.reader.whereIs(tag),
      inMotion: (tag, at) => this.reader.inMotion(tag, at),
      feed: (e, settle) => {
        if (this.readers.movesAction(e))
          out.push(...this.route(e.t, this.reader.settleForReport(e.t, e.antenna, e.tags)));
        this.onTags(e, out);
        if (settle) out.push(...this.route(e.t, this.reader.settleAll(e.t)));
      },
    };
    if (kept) this.burst.releaseAfterDeal(t, table);
    else this.burst.release(t, table);
    return out;
  }

  /** A report from an antenna; what it causes goes on the end of `out`. */
  private onTags(event: TagsEvent, out: TableEvent[]): void {
    if (!this.readers.has(event.antenna)) {
      out.push(unknownAntenna(event.t, event.antenna));
      return;
    }
    this.checks.report(event.antenna, event.tags);
    // While the dealer pays: a payout the player takes at once is read as its zone stood (afterHand.ts).
    if (this.playing === null) out.push(...this.route(event.t, this.after.asItStood(event)));
    const observations = this.reader.report(event.t, event.antenna, event.tags);
    out.push(...this.route(event.t, this.readers.settledBy(event, observations)));
    out.push(...this.route(event.t, observations));
  }

  /** Gives what the reader saw to the hand, and closes the hand when it ends. */
  private route(t: number, seen: Observation[]): TableEvent[] {
    this.owed.observed(seen);
    if (this.playing === null) return this.after.observed(t, seen);
    // While a deck check asked for waits on the hand, the cards spread are not the hand's (deckChecks.ts).
    const observations = this.withoutNextHands(this.checks.withoutSpread(seen));
    this.after.duringHand(observations);
    if (observations.length === 0) return [];
    // The river's board known collected ends the hand at the table, as the press does: a bet zone whose
    // unread chips left it is read as it stood first, even while the pot's report of them may still come
    // (missedScans 2, settleWindowMs 900, --focus seed 54 at 300 ms rounds: the call told taken back).
    const collected = observations.some((o) => o.type === "card_departed" && o.antenna === "board");
    const first = collected && this.playing.boardCollectionEnds() ? this.reader.emptiedAtTheEnd(t) : [];
    return this.afterHand(
      this.playing.observed(t, first.length > 0 ? [...first, ...observations] : observations),
    );
  }

  /** Closes the hand in play once it has ended: the stacks, a re-deal, and what waited for its end. */
  private afterHand(events: TableEvent[]): TableEvent[] {
    this.next.noteActions(events);
    const hand = this.playing;
    const ending = hand?.ending() ?? null;
    if (hand === null || ending === null) return events;
    for (const [seat, stack] of Object.entries(ending.finalStacks ?? {})) {
      const s = this.state.seats[Number(seat)];
      if (s) s.stack = stack;
    }
    this.next.ended(ending, this.shufflerWaiting === null ? null : this.pressWaitingSince);
    this.owed.start(hand.number, ending.t + this.reader.lagMs, ending.owed, ending.finalStacks);
    this.settled = hand;
    this.playing = null;
    const raked = this.after.handEnded(ending.work, ending.t);
    this.state.hand = null;
    // A misdeal is dealt again exactly (same seats, same stacks): what waited for the hand is refused.
    const after = [
      ...events,
      ...raked,
      ...shufflerAlertDone(this.desk, ending.t),
      ...this.setup.settle(ending.t, false, ending.result === "misdeal"),
      ...this.checks.handEnded(ending.t),
    ];
    if (this.shufflerWaiting === null) return after;
    return [...after, ...this.startAfterTheWait(ending.t)];
  }

  /** The press that waited starts the next hand: the cards dealt meanwhile are its deal; the bets read meanwhile, its blinds. */
  private startAfterTheWait(t: number): TableEvent[] {
    this.shufflerWaiting = null;
    const dealt = this.readAfterPress.splice(0).filter((o): o is CardArrived => o.type === "card_arrived");
    const started = this.startHand(t, new Set(dealt.map((o) => o.tag)));
    return dealt.length === 0 || this.playing === null ? started : [...started, ...this.route(t, dealt)];
  }

  /** A reader went away or came back (the hand's judgements wait while one it reads from is away). */
  private onReader(event: ReaderEvent): TableEvent[] {
    const out = this.readers.onReader(event);
    if (event.status === "online" && !this.readers.handReaderAway) this.readersBackAt = event.t;
    return out;
  }

  private onButton(event: ButtonEvent): TableEvent[] {
    const t = event.t;
    if (event.button === "shuffler")
      return [
        ...this.checks.nextHand(t),
        ...this.spreadRefused(t),
        ...this.desk.settleNow(t),
        ...this.onShuffler(t),
      ];
    if (event.button === "floor") return this.desk.callFloor(t);
    if (event.button === "deckcheck") {
      // The dealer checks the deck once he has ended the hand: what waited to see how it ended (a card
      // dealt again unseen, a card taken off the board) is judged on the table as it lies, before he
      // spreads the deck there (a card taken off may come back with the spread inside its window). As at
      // the shuffler press, chips that left a bet zone unread went with the pot (sim --focus seed 43 at
      // 600 ms rounds, two decks and settleWindowMs 900: a river call pushed to the winner, then the key).
      const emptied = this.playing === null ? [] : this.route(t, this.reader.emptiedAtTheEnd(t));
      const gone = this.playing === null ? [] : this.boardAsLeft(t);
      const ended = this.playing === null ? [] : this.afterHand(this.playing.key(t, "deckcheck"));
      return [...emptied, ...gone, ...ended, ...this.checks.press(t, this.playing?.number ?? null)];
    }
    if (event.button === "ok" && this.checks.ok(t)) return [];
    if (event.button === "ok") {
      const acknowledged = this.desk.acknowledge(t);
      for (const a of [...acknowledged])
        if (a.kind === "alert_clear") acknowledged.push(...this.after.waive(t, "continue", a.seat, a.code));
      // The hand forgets the alert the desk cleared (what waits on it goes on: the showdown, a follow-up).
      const clear = acknowledged.find((a) => a.kind === "alert_clear");
      const ack =
        clear?.kind === "alert_clear"
          ? { code: clear.code, ...(clear.seat === undefined ? {} : { seat: clear.seat }) }
          : undefined;
      return [
        ...acknowledged,
        ...(this.playing === null ? [] : this.afterHand(this.playing.key(t, "ok", ack))),
      ];
    }
    if (this.playing === null) return [];
    // A player acts on the board he sees: cards taken off it (an extra card, premature ones) are gone.
    const seen = PLAYER_KEYS.has(event.button) ? this.boardAsLeft(t) : [];
    if (this.playing === null) return seen;
    return [...seen, ...this.afterHand(this.playing.key(t, event.button))];
  }

  /**
   * What the hand is given while a shuffler press waits for it to end: not the bets, nor the cards dealt
   * once the press was surely made (both kept in `readAfterPress`: a card reported later than a scan
   * round after it; one reported sooner may have landed before it).
   */
  private withoutNextHands(observations: Observation[]): Observation[] {
    if (this.shufflerWaiting === null) return observations;
    const kept: Observation[] = [];
    const dealtAfter = this.pressWaitingSince + this.reader.scanRoundMs;
    for (const o of observations) {
      const next =
        (o.type === "zone_settled" && isBetZone(o.antenna)) ||
        (o.type === "card_arrived" && o.t > dealtAfter && isSeat(o.antenna));
      if (next) this.readAfterPress.push(o);
      else kept.push(o);
    }
    return kept;
  }

  /** The cards held back for a deck check now refused are given to the hand still in play. */
  private spreadRefused(t: number): TableEvent[] {
    const held = this.checks.refusedSpread();
    return held.length === 0 || this.playing === null ? [] : this.route(t, held);
  }

  /** Cards the board's latest report no longer lists are gone now, whatever is left of their window. */
  private boardAsLeft(t: number): TableEvent[] {
    return this.reader.departNow(t, (a) => a === "board").flatMap((o) => this.route(t, [o]));
  }

  private onShuffler(t: number): TableEvent[] {
    // The press is a hand boundary: cards the latest reports no longer show are gone now, one by one in
    // the order they went missing (the hand may finish on the first, e.g. an extra river card taken off).
    // Chips that left a bet zone unread just before it went with the pot, not back to the player.
    const out: TableEvent[] = this.playing === null ? [] : this.route(t, this.reader.emptiedAtTheEnd(t));
    out.push(...this.reader.departNow(t).flatMap((o) => this.route(t, [o])));
    if (this.playing !== null) {
      const meaning = this.playing.pressDuringHand();
      if (meaning === "misdeal" || meaning === "void") {
        // A misdeal: the press declares it (rule 33-C), the hand ends and is dealt again. A hand never
        // dealt did not happen: every chip goes back.
        out.push(...this.afterHand(this.playing.ruling(t, meaning)));
      } else if (meaning === "ends-the-hand") {
        // The dealer ended the hand: a showdown that waited only for a seat's debt is settled by the press
        // (src/hand/pressOwing.ts) and the floor hears of the debt once the readers' lag has passed; a
        // run-out's extra card is judged on the board as it lies (src/hand/board.ts extraCardAtThePress).
        return [...out, ...this.pressToTheHand(t, this.playing)];
      } else if (meaning === "wait-for-readers" && this.shufflerWaiting === null) {
        // The dealer went on with the hand's end still to be reported (a card taken off the board, the
        // rest of a short call swept into the pot): the bridge reports it K scans late. The press waits
        // that long for the hand to end on it.
        this.shufflerWaiting = t + this.reader.lagMs;
        this.pressWaitingSince = t;
        return out;
      } else {
        return [...out, say.shufflerDuringHand(t, this.playing.number)];
      }
    }
    return [...out, ...this.startHand(t)];
  }

  /**
   * A shuffler press that waited the readers' lag for the hand to end: the hand still in play is given
   * the press (a showdown waiting only for a seat's debt is settled by it, and the floor told: the dealer
   * has ended the hand, and the next one must be read); a hand it does not end refuses it.
   */
  private pressAfterTheLag(t: number): TableEvent[] {
    this.shufflerWaiting = null;
    const held = this.readAfterPress.splice(0);
    if (this.playing === null) return [];
    // Refused, the press put out no blinds nor began a deal: the bets and cards read meanwhile were the hand's.
    const read = held.length === 0 ? [] : this.route(t, held);
    return this.playing === null ? read : [...read, ...this.pressToTheHand(t, this.playing)];
  }

  /**
   * A shuffler press that waits for the readers, and the hand is now held for a misdeal (its judgement
   * waited a scan round, and the dealer re-dealt at once): the press declares it, as it would have after
   * the alert (rule 33-C), and the hand is dealt again.
   */
  private pressDeclaresMisdeal(t: number): TableEvent[] {
    if (this.shufflerWaiting === null || this.playing === null || this.playing.held !== "misdeal") return [];
    // afterHand starts the next hand (the press waited for this one's end), with what was dealt meanwhile.
    return this.afterHand(this.playing.ruling(t, "misdeal"));
  }

  /** A floor ruling that waited for the hand's judgement goes to the desk once it is judged (./rulingAhead.ts). */
  private rulingAfterJudgement(t: number): TableEvent[] {
    const ruling = this.ahead.release(t, this.playing);
    return ruling === null ? [] : this.desk.track(this.desk.floor(ruling));
  }

  /** The hand in play is given the shuffler press: the next hand starts if it ended it, else it is refused. */
  private pressToTheHand(t: number, hand: LiveHand): TableEvent[] {
    const out = this.afterHand(hand.key(t, "shuffler"));
    // A judgement the press made holds the hand for a misdeal: the press declares it (rule 33-C).
    if (this.playing === hand && hand.held === "misdeal")
      out.push(...this.afterHand(hand.ruling(t, "misdeal")));
    if (this.playing === hand) return [...out, say.shufflerDuringHand(t, hand.number)];
    return [...out, ...this.startHand(t)];
  }

  private startHand(t: number, dealt?: ReadonlySet<string>): TableEvent[] {
    // The dealer's work after the last hand is over when the next begins; the tray is judged now.
    const judged = this.after.nextHand(t);
    const press = this.next.press(t, dealt);
    if (press.began) this.settled = null;
    if (press.hand !== null) this.playing = press.hand;
    return [...judged, ...press.events];
  }

  private onFloor(event: FloorEvent): TableEvent[] {
    if (this.ahead.hold(event, this.playing, (code) => this.desk.answers(code))) return [];
    if (event.op === "ruling" || event.op === "voidHand" || event.op === "undo")
      return this.desk.floor(event);
    if (event.op === "fill" || event.op === "credit") {
      const refused = this.after.trayOp(event);
      return refused === null ? [] : [rejected(event.t, event.op, refused)];
    }
    // The floor sets the table up between hands: what the reports no longer show is gone (the hand in
    // progress may end on it, as at the shuffler press).
    const ended =
      this.playing === null ? [] : this.reader.departNow(event.t).flatMap((o) => this.route(event.t, [o]));
    return [...ended, ...this.setup.apply(event, this.playing !== null, this.reader.lagMs)];
  }
}

type CardArrived = Extract<Observation, { type: "card_arrived" }>;

/** The earlier of two deadlines (null: none). */
function earliest(a: number | null, b: number | null): number | null {
  return a === null || (b !== null && b < a) ? b : a;
}

/** SHUFFLER_DURING_HAND asked the dealer to finish the hand (or the floor to end it): the hand is over. */
function shufflerAlertDone(desk: RulingDesk, t: number): TableEvent[] {
  const code = "SHUFFLER_DURING_HAND";
  return desk.isOpen(code) ? [{ t, kind: "alert_clear", code }] : [];
}
