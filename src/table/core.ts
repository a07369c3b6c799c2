/**
 * The core: a deterministic function of the ordered input events. It never reads the wall clock
 * or the hardware; time enters only as each event's `t`, and delayed behaviour (settle windows,
 * departures) runs when the runtime calls `advanceTo` — the live clock at the table, the next
 * event's `t` in replay.
 *
 * Over 300 lines, knowingly: it routes every kind of input between the reader, the hand, the ruling
 * desk and the deck check, and holds the between-hands table. Candidates to move out next (issue 15):
 * starting and ending a hand per game (into hand/ and hand/tcp/), and the configuration adapter
 * (`createTableFromConfig`, used by 36 files) to the edge once its importers can follow.
 */
import type { ButtonEvent, FloorEvent, InputEvent, ReaderEvent, TagsEvent } from "../contract/input.js";
import type { AlertEvent, TableEvent } from "../contract/output.js";
import type { BbAnteOrder } from "../rules/betting.js";
import { alert, say } from "../hand/alerts.js";
import { TableReader, type TableReaderSnapshot } from "../reading/tableReader.js";
import type { Observation } from "../reading/observations.js";
import { HandSession } from "../hand/session.js";
import { TcpSession } from "../hand/tcp/session.js";
import type { RakeSchedule } from "../rules/rake.js";
import { AfterHand, type AfterHandSnapshot } from "./afterHand.js";
import { type PayTable, parsePayTable } from "../rules/threeCard/payTable.js";
import { applyFloorSetup } from "./floorOps.js";
import { type CoreView, coreView, type PrivateCoreView, privateCoreView } from "./view.js";
import { DeckCheck, deckCheckRefused, deckCheckStarted, isCheckAntenna } from "./deckCheck.js";
import { type PendingRuling, rejected, RulingDesk } from "./rulingDesk.js";
import { nextPositions, type Positions, positionsFromButton } from "../rules/positions.js";
import { createRegistry, loadRegistryFile, type Registry } from "../reading/registry.js";
import { emptyTable, type GameSettings, type Level, seatsInGame, type TableState } from "./state.js";

/** What the core needs from the configuration. */
export interface TableOptions {
  seats: number;
  game: GameSettings;
  registry: Registry;
  /** Antenna names the table has; a report from another antenna is refused. */
  antennas: readonly string[];
  chips: readonly number[];
  settleWindowMs: number;
  departWindowMs?: number;
  /** One scan round of the readers (ms): judgements of order allow this much (default 200). */
  scanRoundMs?: number;
  /** Missed scans before the bridge reports a tag gone (default 3). */
  missedScans?: number;
  /** Antenna → the reader that serves it (READER_OFFLINE names them); default all on "bridge". */
  readers?: Readonly<Record<string, string>>;
  bbAnteOrder?: BbAnteOrder;
  /** Three Card Poker pay tables (default: the digest's). */
  payTable?: PayTable;
  /** The decks in play (a deck check names the one it read); default the registry's cards decide. */
  decks?: readonly string[];
  /**
   * How long after a hand's chips stop moving the tray is judged, on top of the readers' lag (ms;
   * configuration `tray.judgeAfterMs`, src/table/tray.ts). Default 1500.
   */
  trayJudgeAfterMs?: number;
  /** A raked cash game: the house rake schedule (issue 18); absent: no rake. */
  rake?: RakeSchedule;
}

export interface TableCore {
  /** Feeds one input event; returns the table events it causes, in order. */
  handle(event: InputEvent): TableEvent[];
  /** Runs delayed behaviour due at or before `t` (the clock the runtime supplies). */
  advanceTo(t: number): TableEvent[];
  /** The earliest `t` at which `advanceTo` would do something, or null. */
  nextDeadline(): number | null;
  /** End of input (replay): pending windows run out. */
  finish(t: number): TableEvent[];
  /** The table as plain data (a copy). */
  snapshot(): TableState;
  /** The hand in progress, if any. */
  readonly hand: HandSession | null;
  /** The Three Card Poker hand in progress or, until the next hand starts, the one just settled (what to pay). */
  readonly tcpHand: TcpSession | null;
  /** A misdeal or void waiting for its undo window (src/table/rulingDesk.ts), if any. */
  readonly pendingRuling: PendingRuling | null;
  /** The whole core as plain data, between hands only (null while a hand or a deck check is in progress). */
  checkpoint(): CoreCheckpoint | null;
  /** The public read model (src/table/view.ts): what every display shows; never a hole card. */
  view(): CoreView;
  /** The private read model: the hole cards, for authenticated floor staff only. */
  privateView(): PrivateCoreView;
}

/** What recovery needs to rebuild the core between hands: replay then continues from here. */
export interface CoreCheckpoint {
  table: TableState;
  reader: TableReaderSnapshot;
  redeal: { positions: Positions; level: Level; game: GameSettings } | null;
  offline: string[];
  /** When the last hand ended (its chips still listed at the next press are not the next hand's). */
  lastHandEnd?: number;
  /** The dealer's work after the hand: paying, the rake plate, the tray (issue 18). */
  afterHand?: AfterHandSnapshot;
}

/** Antennas whose cards belong to a hand: what must be collected before the next shuffle (r.21). */
const CARD_ZONE = /^(seat\d+|board|burn|muck|dealer)$/;
/** Three Card Poker wager zones: chips on them before the shuffler are the hand's bets. */
const TCP_ZONE = /^(ante|play|pairplus|prime)\d+$/;
/** Three Card Poker has no blinds: the level is not needed. */
const NO_LEVEL: Level = { sb: 0, bb: 0, ante: 0, bbAnte: 0 };
/** Keys that are a player's action at the table. */
const PLAYER_KEYS = new Set(["check", "fold", "raise", "allin"]);
/** Events after which a bet still settling is read at once: the action has moved on. */
const MOVES_ACTION = new Set(["shuffler", "allin", "check", "fold", "raise", "exposed", "ok"]);

/** Creates the core for one table, empty or from a checkpoint taken between hands. */
export function createTable(options: TableOptions, from?: CoreCheckpoint): TableCore {
  return new Table(options, from);
}

class Table implements TableCore {
  private readonly state: TableState;
  private readonly reader: TableReader;
  private readonly antennas: Set<string>;
  private session: HandSession | TcpSession | null = null;
  private redeal: { positions: Positions; level: Level; game: GameSettings } | null = null;
  private readonly offline = new Set<string>();
  /** Floor set-up operations refused only because the hand was not over yet, and until when they wait. */
  private readonly setupWaiting: { event: Parameters<typeof applyFloorSetup>[1]; until: number }[] = [];
  /** A shuffler press waiting for the hand to end on what the readers have yet to report, until when. */
  private shufflerWaiting: number | null = null;
  /** When the last hand ended: chips on a bet zone since before then are that hand's. */
  private lastHandEnd = Number.NEGATIVE_INFINITY;
  /** When each reader last came back: its reconnection burst carries that time. */
  private readonly backAt = new Map<string, number>();
  /** A deck check between hands (`deckcheck`, then `ok`), if one is open. */
  private deckCheck: DeckCheck | null = null;
  /**
   * A `deckcheck` pressed while the table still reads a hand, waiting the readers' lag for it to end
   * (the dealer finished it; its last card's report is K scans late). The cards spread from the press
   * on are read; past `until` with the hand still on, the check is refused.
   */
  private deckCheckAsked: { check: DeckCheck; until: number; hand: number } | null = null;
  /** The last Three Card Poker hand, kept after it ends: the dealer pays from its view. */
  private settledTcp: TcpSession | null = null;
  /** The dealer's work after a hand: paying, the rake, the tray (issue 18). */
  private readonly after: AfterHand;
  /** Antenna → whether a report from it moves the action on (worked out once per antenna). */
  private readonly movesOn = new Map<string, boolean>();
  /** Rulings answer open alerts; misdeal and void wait for their undo window. */
  private readonly desk = new RulingDesk({
    hasHand: () => this.session !== null || this.after.busy,
    rule: (t, ruling, seat, code) =>
      this.session === null
        ? this.after.waive(t, ruling, seat, code)
        : this.afterHand(this.session.ruling(t, ruling, seat, code)),
  });

  constructor(
    private readonly options: TableOptions,
    from?: CoreCheckpoint,
  ) {
    this.state = from ? structuredClone(from.table) : emptyTable(options.seats, options.game);
    this.antennas = new Set(options.antennas);
    this.reader = new TableReader({
      registry: options.registry,
      settleWindowMs: options.settleWindowMs,
      departWindowMs: options.departWindowMs ?? 500,
      ...(options.scanRoundMs === undefined ? {} : { scanRoundMs: options.scanRoundMs }),
      ...(options.missedScans === undefined ? {} : { missedScans: options.missedScans }),
    });
    this.after = new AfterHand(
      options.antennas,
      this.reader,
      options.trayJudgeAfterMs ?? 1500,
      options.rake !== undefined,
    );
    if (from) {
      this.reader.restore(from.reader);
      this.redeal = structuredClone(from.redeal);
      for (const r of from.offline) this.offline.add(r);
      for (const r of from.offline) this.reader.setOnline(this.unitsOf(r), false, 0);
      this.lastHandEnd = from.lastHandEnd ?? Number.NEGATIVE_INFINITY;
      this.desk.seedOffline(new Set(from.offline.map((u) => this.readerOf(u))));
      if (from.afterHand) this.after.restore(from.afterHand);
    }
  }

  checkpoint(): CoreCheckpoint | null {
    // A deck check is not over until its result is acknowledged (`ok`) when the deck is not whole: replay
    // from the last checkpoint redoes it.
    if (
      this.session !== null ||
      this.deckCheck !== null ||
      this.deckCheckAsked !== null ||
      this.desk.isOpen("DECK_CHECK_RESULT")
    )
      return null;
    return {
      table: structuredClone(this.state),
      reader: this.reader.snapshot(),
      redeal: structuredClone(this.redeal),
      offline: [...this.offline],
      lastHandEnd: this.lastHandEnd,
      afterHand: this.after.snapshot(),
    };
  }

  get pendingRuling(): PendingRuling | null {
    return this.desk.pending;
  }

  view(): CoreView {
    const held = this.session !== null && this.session.held !== null;
    return coreView(this.state, this.hand?.context ?? null, this.tcpHand?.context ?? null, held);
  }

  privateView(): PrivateCoreView {
    return privateCoreView(this.hand?.context ?? null);
  }

  get hand(): HandSession | null {
    return this.session instanceof HandSession ? this.session : null;
  }

  get tcpHand(): TcpSession | null {
    if (this.session instanceof TcpSession) return this.session;
    return this.session === null ? this.settledTcp : null;
  }

  handle(event: InputEvent): TableEvent[] {
    const out: TableEvent[] = [];
    if (this.movesAction(event)) {
      const except = event.kind === "tags" ? event.antenna : undefined;
      out.push(...this.route(event.t, this.reader.settleAll(event.t, except)));
    }
    switch (event.kind) {
      case "tags":
        out.push(...this.onTags(event));
        break;
      case "button":
        out.push(...this.onButton(event));
        break;
      case "reader":
        out.push(...this.onReader(event));
        break;
      case "floor":
        out.push(...this.onFloor(event));
        break;
    }
    return this.desk.track(out);
  }

  advanceTo(t: number): TableEvent[] {
    const out: TableEvent[] = [];
    // Windows run out in time order, each at its own moment: a ruling's undo window, the reader's, the
    // floor's set-up waiting for the hand's end, then the hand's judgements that waited for the readers.
    for (let d = this.nextDeadline(); d !== null && d <= t; d = this.nextDeadline()) {
      const readerDue = this.reader.nextDeadline();
      const setupDue = this.setupWaiting[0]?.until ?? null;
      let batch: TableEvent[];
      if (d === this.desk.nextDeadline()) batch = this.desk.advanceTo(d);
      else if (d === this.deckCheck?.closeAt) batch = this.endDeckCheck(d);
      else if (d === this.deckCheckAsked?.until) batch = this.refuseAskedCheck(d);
      else if (d === this.after.nextDue(this.session !== null)) batch = this.after.tick(d);
      else if (d === this.shufflerWaiting) {
        this.shufflerWaiting = null;
        batch = this.session === null ? [] : [say.shufflerDuringHand(d, this.session.context.hand)];
      } else if (readerDue !== null && readerDue <= d) batch = this.route(d, this.reader.advanceTo(d));
      else if (setupDue !== null && setupDue <= d) batch = this.applyWaitingSetup(d, false);
      else if (this.session !== null) {
        // A judgement that waited for the readers moves the action on as any event does: chips that
        // changed before it waited come first; later ones (the next street's) after it.
        const since = this.session.nextSince ?? Number.POSITIVE_INFINITY;
        batch = [
          ...this.route(d, this.reader.settleAll(d, undefined, since)),
          ...this.afterHand(this.session?.tick(d) ?? []),
        ];
      } else break;
      out.push(...this.desk.track(batch));
    }
    return out;
  }

  nextDeadline(): number | null {
    const all = [
      this.reader.nextDeadline(),
      this.session?.nextDue ?? null,
      this.setupWaiting[0]?.until ?? null,
      this.desk.nextDeadline(),
      this.shufflerWaiting,
      this.deckCheck?.closeAt ?? null,
      this.deckCheckAsked?.until ?? null,
      this.after.nextDue(this.session !== null),
    ];
    const due = all.filter((d): d is number => d !== null);
    return due.length === 0 ? null : Math.min(...due);
  }

  finish(t: number): TableEvent[] {
    const out = this.advanceTo(t);
    const last = this.nextDeadline();
    return last === null ? out : [...out, ...this.advanceTo(Number.MAX_SAFE_INTEGER)];
  }

  snapshot(): TableState {
    return structuredClone(this.state);
  }

  /**
   * A new bet zone report, a key or a card on the muck means a bet still settling is complete. The
   * dealer's burn and board cards do not: he may burn while the last call's chips are still landing,
   * and the bets reach the pot in the same scan round; a board card that needs the round closed waits
   * for the readers (the hand's board judgement), and that wait reads what is pending.
   */
  private movesAction(event: InputEvent): boolean {
    if (event.kind === "button") return MOVES_ACTION.has(event.button);
    // The floor rules, or sets the table up for the next hand: either way it acts on what is out now.
    if (event.kind === "floor") return true;
    if (event.kind !== "tags") return false;
    // A reader's reports while it is away, or in the burst as it comes back, are its reconciliation
    // (the bridge's snapshots), not a new move at the table.
    const reader = this.readerOf(event.antenna);
    if (this.offline.has(event.antenna) || this.offline.has(reader) || this.backAt.get(reader) === event.t)
      return false;
    let moves = this.movesOn.get(event.antenna);
    if (moves === undefined) {
      moves = /^bet\d+$/.test(event.antenna) || event.antenna === "muck";
      this.movesOn.set(event.antenna, moves);
    }
    // Not the bridge catching up on chips that left long ago (K scans late), e.g. the last street's
    // bets already reported in the pot.
    return moves && this.reader.isMove(event.antenna, event.tags);
  }

  private onTags(event: TagsEvent): TableEvent[] {
    if (this.antennas.has(event.antenna)) {
      const before = this.reader.lastReport(event.antenna);
      this.deckCheck?.report(event.antenna, before, event.tags);
      this.deckCheckAsked?.check.report(event.antenna, before, event.tags);
    }
    if (!this.antennas.has(event.antenna)) {
      return [
        alert(
          event.t,
          "UNKNOWN_TAG",
          `A report came from antenna "${event.antenna}", which this table does not have`,
          ["Check the antenna map in the configuration (antennas:) against the wiring"],
        ),
      ];
    }
    // While the dealer pays: a payout the player takes at once is read as its zone stood (afterHand.ts).
    const asItStood = this.session === null ? this.route(event.t, this.after.asItStood(event)) : [];
    const observations = this.reader.report(event.t, event.antenna, event.tags);
    // A card arriving on the muck (a fold) means the action has moved on: bets still settling are read
    // first. A card dealt to a seat closes the wagers placed before the deal (Three Card Poker), but
    // does not show a bettor is done (an extra card pitched while he still pushes chips); board and
    // burn cards are the dealer's (see movesAction).
    const arrived = observations.flatMap((o) => (o.type === "card_arrived" ? [o.antenna] : []));
    // (In a reader's reconnection burst, bets put out before it went away are read too.)
    const burst = this.offline.has(this.readerOf(event.antenna)) || this.offline.has(event.antenna);
    const settled = arrived.includes("muck")
      ? this.route(event.t, this.reader.settleAll(event.t, event.antenna, undefined, true, burst))
      : arrived.some((a) => a !== "board" && a !== "burn")
        ? this.route(event.t, this.reader.settleAll(event.t, event.antenna, undefined, false))
        : [];
    return [...asItStood, ...settled, ...this.route(event.t, observations)];
  }

  /** Gives what the reader saw to the hand, and closes the hand when it ends. */
  private route(t: number, observations: Observation[]): TableEvent[] {
    if (this.session === null) return this.after.observed(t, observations);
    if (observations.length === 0) return [];
    return this.afterHand(this.session.observed(t, observations));
  }

  private afterHand(events: TableEvent[]): TableEvent[] {
    const session = this.session;
    if (session === null) return events;
    const h = session.context;
    if (h.result === null) return events;
    for (const [seat, stack] of Object.entries(h.finalStacks ?? {})) {
      const s = this.state.seats[Number(seat)];
      if (s) s.stack = stack;
    }
    if (h.result === "misdeal") this.redeal = { positions: h.positions, level: h.level, game: h.game };
    this.lastHandEnd = h.t;
    this.settledTcp = session instanceof TcpSession ? session : null;
    this.session = null;
    this.after.handEnded(session, events, h.t);
    this.state.hand = null;
    // A misdeal is dealt again exactly (same seats, same stacks): what waited for the hand is refused.
    const after = [
      ...events,
      ...this.applyWaitingSetup(h.t, h.result === "misdeal"),
      ...this.beginAskedCheck(h.t),
    ];
    if (this.shufflerWaiting === null) return after;
    this.shufflerWaiting = null;
    return [...after, ...this.startHand(h.t)];
  }

  private onButton(event: ButtonEvent): TableEvent[] {
    if (event.button === "shuffler") {
      // A deck check still open when the next hand begins ends with what was read so far; one still
      // waiting for the last hand to end is refused (the dealer went on).
      const checked = this.deckCheck === null ? this.refuseAskedCheck(event.t) : this.endDeckCheck(event.t);
      return [...checked, ...this.desk.settleNow(event.t), ...this.onShuffler(event.t)];
    }
    if (event.button === "floor") return this.desk.callFloor(event.t);
    if (event.button === "deckcheck") return this.startDeckCheck(event.t);
    if (event.button === "ok" && this.deckCheck !== null) {
      // `ok` ends the deck check (one scan round later: a card laid just before it is still reported).
      this.deckCheck.ok(event.t, this.reader.scanRoundMs);
      return [];
    }
    if (event.button === "ok") {
      const acknowledged = this.desk.acknowledge(event.t);
      for (const a of [...acknowledged])
        if (a.kind === "alert_clear")
          acknowledged.push(...this.after.waive(event.t, "continue", a.seat, a.code));
      return [
        ...acknowledged,
        ...(this.session === null ? [] : this.afterHand(this.session.key(event.t, "ok"))),
      ];
    }
    if (this.session === null) return [];
    // A player acts on the board he sees: cards taken off it (an extra card, premature ones) are gone.
    const seen = PLAYER_KEYS.has(event.button)
      ? this.reader.departNow(event.t, (a) => a === "board").flatMap((o) => this.route(event.t, [o]))
      : [];
    if (this.session === null) return seen;
    return [...seen, ...this.afterHand(this.session.key(event.t, event.button))];
  }

  /** The `deckcheck` key: between hands only (or once the hand in progress ends within the readers' lag). */
  private startDeckCheck(t: number): TableEvent[] {
    if (this.deckCheck !== null || this.deckCheckAsked !== null) return [];
    const check = new DeckCheck(t, this.cardsOnCheckAntennas());
    if (this.session !== null) {
      this.deckCheckAsked = { check, until: t + this.reader.lagMs, hand: this.session.context.hand };
      return [];
    }
    this.deckCheck = check;
    return [deckCheckStarted(t)];
  }

  /** Antenna → the tags its latest report lists, for the card antennas a deck is spread on. */
  private cardsOnCheckAntennas(): Map<string, readonly string[]> {
    return new Map(
      this.options.antennas
        .filter((a) => isCheckAntenna(a))
        .map((a) => [a, this.reader.lastReport(a)] as const),
    );
  }

  /** The hand ended: a deck check asked for while it was read begins, with the cards spread since the press. */
  private beginAskedCheck(t: number): TableEvent[] {
    const asked = this.deckCheckAsked;
    if (asked === null) return [];
    this.deckCheckAsked = null;
    this.deckCheck = asked.check;
    return [deckCheckStarted(t)];
  }

  /** A deck check asked for during a hand that did not end within the readers' lag: refused. */
  private refuseAskedCheck(t: number): TableEvent[] {
    const asked = this.deckCheckAsked;
    if (asked === null) return [];
    this.deckCheckAsked = null;
    return [deckCheckRefused(t, asked.hand)];
  }

  private endDeckCheck(t: number): TableEvent[] {
    const check = this.deckCheck;
    if (check === null) return [];
    this.deckCheck = null;
    return check.end(t, this.options.registry, this.options.decks ?? [], (a) => this.reader.lastReport(a));
  }

  private onShuffler(t: number): TableEvent[] {
    // The press is a hand boundary: cards the latest reports no longer show are gone now, one by one in
    // the order they went missing (the hand may finish on the first, e.g. an extra river card taken off).
    const out: TableEvent[] = this.reader.departNow(t).flatMap((o) => this.route(t, [o]));
    if (this.session !== null) {
      const h = this.session.context;
      if (this.session.held === "misdeal") {
        // The shuffler press declares the misdeal (rule 33-C): the hand ends and is dealt again.
        out.push(...this.afterHand(this.session.ruling(t, "misdeal")));
      } else if (h.cardsDealt === 0) {
        // A hand that was never dealt: it did not happen; every chip goes back.
        out.push(...this.afterHand(this.session.ruling(t, "void")));
      } else if (
        this.session instanceof HandSession &&
        this.session.procedure !== "none" &&
        this.shufflerWaiting === null
      ) {
        // The dealer took a card off the board and went on; the bridge reports it gone K scans late.
        // The press waits that long for the hand to end on it.
        this.shufflerWaiting = t + this.reader.lagMs;
        return out;
      } else {
        return [...out, say.shufflerDuringHand(t, h.hand)];
      }
    }
    return [...out, ...this.startHand(t)];
  }

  private startHand(t: number): TableEvent[] {
    // The dealer's work after the last hand is over when the next begins; the tray is judged now.
    return [...this.after.nextHand(t), ...this.beginHand(t)];
  }

  private beginHand(t: number): TableEvent[] {
    // A re-deal is exact only while every seat of the misdealt hand still plays (the floor may have
    // changed the table since): otherwise the next hand is a new one.
    const inPlay = new Set(seatsInGame(this.state));
    const redeal =
      this.redeal !== null &&
      [this.redeal.positions.button, this.redeal.positions.sb, this.redeal.positions.bb].every(
        (s) => s === null || inPlay.has(s) || s === this.redeal?.positions.button,
      )
        ? this.redeal
        : null;
    const tcp = (redeal?.game ?? this.state.game).game === "tcp";
    if (this.state.onBreak) return [notStarted(t, "the table is on a break (floor op resume)")];
    const level = redeal?.level ?? this.state.nextLevel ?? (tcp ? NO_LEVEL : null);
    if (level === null) return [notStarted(t, "no blind level has been set (floor op level)")];
    const positions = redeal?.positions ?? (tcp ? this.firstBox() : this.placePositions());
    if (positions === null) return [notStarted(t, "fewer than two players with chips are seated")];
    this.redeal = null;
    this.settledTcp = null;
    this.state.handsStarted += 1;
    this.state.lastPositions = positions;
    this.state.placedButton = null;
    const inGame = seatsInGame(this.state);
    const stacks = Object.fromEntries(inGame.map((s) => [s, this.state.seats[s]?.stack ?? 0]));
    const game = redeal?.game ?? { ...this.state.game };
    // The press is a hand boundary: the last hand's cards are what the latest reports still show.
    const leftovers = this.reader.newHand().filter((l) => CARD_ZONE.test(l.antenna));
    this.state.hand = {
      hand: this.state.handsStarted,
      positions,
      level: { ...level },
      game,
      redeal: redeal !== null,
      stacksBefore: stacks,
    };
    const init = {
      t,
      hand: this.state.handsStarted,
      game,
      positions,
      level,
      redeal: redeal !== null,
      seatCount: this.state.seatCount,
      stacks,
      oddChipUnit: this.options.chips[0] ?? 1,
      bbAnteOrder: this.options.bbAnteOrder ?? "blind-first",
      leftovers,
      chipsOnZones: Object.fromEntries(inGame.map((s) => [s, this.reader.chipsOn(`bet${s}`)])),
      reading: {
        scanRoundMs: this.reader.scanRoundMs,
        lagMs: this.reader.lagMs,
        departMs: this.reader.departWindowMs,
      },
      lastHandsChips: inGame.flatMap((s) => this.reader.chipsBefore(`bet${s}`, this.lastHandEnd)),
      ...(this.options.rake ? { rake: this.options.rake } : {}),
    };
    let started;
    try {
      started = tcp
        ? TcpSession.start({
            ...init,
            players: this.playersOf(inGame),
            zones: this.tcpZones(),
            ...(this.options.payTable ? { payTable: this.options.payTable } : {}),
          })
        : HandSession.start(init);
    } catch (e) {
      // A table the rules cannot start a hand on must not stop the process: the floor is told why.
      this.state.hand = null;
      return [notStarted(t, (e as Error).message)];
    }
    this.session = started.session;
    return started.events;
  }

  /** Three Card Poker: no button or blinds; the first box in the game stands in for the button. */
  private firstBox(): Positions | null {
    const first = seatsInGame(this.state)[0];
    return first === undefined ? null : { button: first, sb: null, bb: first, sbPos: first };
  }

  private playersOf(seats: readonly number[]): Record<number, string> {
    return Object.fromEntries(seats.map((s) => [s, this.state.seats[s]?.player ?? `seat ${s}`]));
  }

  /** Chips on the Three Card Poker zones now: bets placed before the shuffler count. */
  private tcpZones(): Record<string, number> {
    const zones: Record<string, number> = {};
    for (const a of this.options.antennas.filter((name) => TCP_ZONE.test(name))) {
      zones[a] = this.reader.chipsOn(a).reduce((sum, c) => sum + c.denomination, 0);
    }
    return zones;
  }

  private placePositions(): Positions | null {
    const state = this.state;
    const inGame = seatsInGame(state);
    if (state.placedButton !== null) return positionsFromButton(state.placedButton, inGame, state.seatCount);
    if (state.lastPositions !== null) return nextPositions(state.lastPositions, inGame, state.seatCount);
    const first = inGame[0];
    // No button placed and no hand played: the first player in seat order has the button.
    return first === undefined ? null : positionsFromButton(first, inGame, state.seatCount);
  }

  /**
   * A reader went away or came back. The bridge driver reports each antenna it serves (a channel can
   * fault alone); the floor hears once per reader (the configuration's `reader` of those antennas),
   * naming the antennas it serves, and the alert clears when every one of them is back.
   */
  private onReader(event: ReaderEvent): TableEvent[] {
    const reader = this.readerOf(event.reader);
    const down = (r: string) => [...this.offline].some((unit) => this.readerOf(unit) === r);
    this.reader.setOnline(this.unitsOf(event.reader), event.status === "online", event.t);
    if (event.status === "offline") {
      if (this.offline.has(event.reader)) return [];
      const first = !down(reader);
      this.offline.add(event.reader);
      if (!first) return [];
      const served = this.options.antennas.filter((a) => this.readerOf(a) === reader);
      return [say.readerOffline(event.t, reader, served)];
    }
    if (!this.offline.delete(event.reader) || down(reader)) return [];
    this.backAt.set(reader, event.t);
    return [{ t: event.t, kind: "alert_clear", code: "READER_OFFLINE", reader }];
  }

  /** The antennas a `reader` event is about: the antenna it names, or every antenna of the reader. */
  private unitsOf(unit: string): string[] {
    return this.antennas.has(unit) ? [unit] : this.options.antennas.filter((a) => this.readerOf(a) === unit);
  }

  /** The reader of a unit named in a `reader` event: an antenna's configured reader, or the reader itself. */
  private readerOf(unit: string): string {
    if (this.antennas.has(unit)) return this.options.readers?.[unit] ?? "bridge";
    return unit;
  }

  private onFloor(event: FloorEvent): TableEvent[] {
    if (event.op === "ruling" || event.op === "voidHand" || event.op === "undo")
      return this.desk.floor(event);
    if (event.op === "fill" || event.op === "credit") {
      const refused = this.after.trayOp(event);
      return refused === null ? [] : [rejected(event.t, event.op, refused)];
    }
    // The floor sets the table up between hands: what the reports no longer show is gone (the hand in
    // progress may end on it, as at the shuffler press).
    const ended =
      this.session === null ? [] : this.reader.departNow(event.t).flatMap((o) => this.route(event.t, [o]));
    const outcome = applyFloorSetup(this.state, event);
    if (outcome.applied) return ended;
    if (outcome.handInProgress && this.session !== null) {
      // The floor may see the hand over before the table reads its end (the readers' lag): the
      // operation waits that long for the hand's end, then applies or is refused.
      this.setupWaiting.push({ event, until: event.t + this.reader.lagMs });
      return ended;
    }
    return [...ended, rejected(event.t, event.op, outcome.reason)];
  }

  /**
   * Set-up operations that waited for the hand's end: applied now, or refused when their wait ran out
   * (`refuse`: the hand ended in a misdeal, whose re-deal keeps the table as it was).
   */
  private applyWaitingSetup(t: number, refuse: boolean): TableEvent[] {
    const out: TableEvent[] = [];
    const keep: typeof this.setupWaiting = [];
    for (const w of this.setupWaiting) {
      if (this.session !== null && w.until > t) {
        keep.push(w);
        continue;
      }
      if (refuse) {
        out.push(
          rejected(t, w.event.op, "the misdealt hand is dealt again as it was; do it after the re-deal"),
        );
        continue;
      }
      const outcome = applyFloorSetup(this.state, w.event);
      if (!outcome.applied) out.push(rejected(t, w.event.op, outcome.reason));
    }
    this.setupWaiting.splice(0, this.setupWaiting.length, ...keep);
    return out;
  }
}

/** Creates the core from a validated configuration. */
export function createTableFromConfig(
  config: {
    table: { seats: number };
    game: { name: GameSettings["game"]; limitCap: number };
    antennas: Record<string, { reader?: string }>;
    chips: number[];
    settleWindowMs: number;
    reading?: { scanRoundMs: number; missedScans: number; departWindowMs: number } | undefined;
    house: { bbAnteOrder: BbAnteOrder };
    deck: string;
    decks?: readonly string[];
    registry: { simulated: boolean; file?: string | undefined };
    threeCard?: { payTable: unknown } | undefined;
    tray?: { judgeAfterMs: number };
    rake?: RakeSchedule | undefined;
  },
  registry: Registry = registryFromConfig(config),
  from?: CoreCheckpoint,
): TableCore {
  return createTable(
    {
      seats: config.table.seats,
      game: { game: config.game.name, cap: config.game.limitCap },
      registry,
      antennas: Object.keys(config.antennas),
      readers: Object.fromEntries(Object.entries(config.antennas).map(([a, v]) => [a, v.reader ?? "bridge"])),
      chips: config.chips,
      settleWindowMs: config.settleWindowMs,
      ...(config.reading
        ? {
            scanRoundMs: config.reading.scanRoundMs,
            missedScans: config.reading.missedScans,
            departWindowMs: config.reading.departWindowMs,
          }
        : {}),
      bbAnteOrder: config.house.bbAnteOrder,
      decks: config.decks ?? [config.deck],
      ...(config.threeCard ? { payTable: parsePayTable(config.threeCard.payTable) } : {}),
      ...(config.tray ? { trayJudgeAfterMs: config.tray.judgeAfterMs } : {}),
      ...(config.rake ? { rake: config.rake } : {}),
    },
    from,
  );
}

/** The registry a configuration describes: the registry file's UIDs, and logical ids if simulated. */
export function registryFromConfig(config: {
  deck: string;
  decks?: readonly string[];
  chips: number[];
  registry: { simulated: boolean; file?: string | undefined };
}): Registry {
  return createRegistry({
    deck: config.deck,
    decks: config.decks,
    chips: config.chips,
    simulated: config.registry.simulated,
    ...(config.registry.file === undefined ? {} : { uids: loadRegistryFile(config.registry.file) }),
  });
}

function notStarted(t: number, reason: string): AlertEvent {
  return alert(t, "HAND_NOT_STARTED", `The shuffler was pressed but no hand can start: ${reason}`, [
    "Set up the table from the floor page, then press the shuffler again",
  ]);
}
