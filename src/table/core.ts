/**
 * The core: a deterministic function of the ordered input events. It never reads the wall clock
 * or the hardware; time enters only as each event's `t`, and delayed behaviour (settle windows,
 * departures) runs when the runtime calls `advanceTo` — the live clock at the table, the next
 * event's `t` in replay.
 */
import type { ButtonEvent, FloorEvent, InputEvent, ReaderEvent, TagsEvent } from "../contract/input.js";
import type { AlertEvent, TableEvent } from "../contract/output.js";
import type { BbAnteOrder } from "../rules/betting.js";
import { alert, say } from "../hand/alerts.js";
import { TableReader, type TableReaderSnapshot } from "../hand/reading/tableReader.js";
import type { Observation } from "../hand/reading/observations.js";
import { HandSession } from "../hand/session.js";
import { TcpSession } from "../hand/tcp/session.js";
import { type PayTable, parsePayTable } from "../rules/threeCard/payTable.js";
import { applyFloorSetup } from "./floorOps.js";
import { type PendingRuling, rejected, RulingDesk } from "./rulingDesk.js";
import { nextPositions, type Positions, positionsFromButton } from "./positions.js";
import { createRegistry, loadRegistryFile, type Registry } from "./registry.js";
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
  bbAnteOrder?: BbAnteOrder;
  /** Three Card Poker pay tables (default: the digest's). */
  payTable?: PayTable;
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
  /** The whole core as plain data, between hands only (null while a hand is in progress). */
  checkpoint(): CoreCheckpoint | null;
}

/** What recovery needs to rebuild the core between hands: replay then continues from here. */
export interface CoreCheckpoint {
  table: TableState;
  reader: TableReaderSnapshot;
  redeal: { positions: Positions; level: Level; game: GameSettings } | null;
  offline: string[];
}

/** Antennas whose cards belong to a hand: what must be collected before the next shuffle (r.21). */
const CARD_ZONE = /^(seat\d+|board|burn|muck|dealer)$/;
/** Three Card Poker wager zones: chips on them before the shuffler are the hand's bets. */
const TCP_ZONE = /^(ante|play|pairplus|prime)\d+$/;
/** Three Card Poker has no blinds: the level is not needed. */
const NO_LEVEL: Level = { sb: 0, bb: 0, ante: 0, bbAnte: 0 };
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
  /** The last Three Card Poker hand, kept after it ends: the dealer pays from its view. */
  private settledTcp: TcpSession | null = null;
  /** Antenna → whether a report from it moves the action on (worked out once per antenna). */
  private readonly movesOn = new Map<string, boolean>();
  /** Rulings answer open alerts; misdeal and void wait for their undo window. */
  private readonly desk = new RulingDesk({
    hasHand: () => this.session !== null,
    rule: (t, ruling, seat, code) =>
      this.session === null ? [] : this.afterHand(this.session.ruling(t, ruling, seat, code)),
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
      departWindowMs: options.departWindowMs ?? 1500,
    });
    if (from) {
      this.reader.restore(from.reader);
      this.redeal = structuredClone(from.redeal);
      for (const r of from.offline) this.offline.add(r);
      this.desk.seedOffline(from.offline);
    }
  }

  checkpoint(): CoreCheckpoint | null {
    if (this.session !== null) return null;
    return {
      table: structuredClone(this.state),
      reader: this.reader.snapshot(),
      redeal: structuredClone(this.redeal),
      offline: [...this.offline],
    };
  }

  get pendingRuling(): PendingRuling | null {
    return this.desk.pending;
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
    // Windows run out in time order; each is handled at its own moment.
    for (let d = this.nextDeadline(); d !== null && d <= t; d = this.nextDeadline()) {
      const batch =
        d === this.desk.nextDeadline() ? this.desk.advanceTo(d) : this.route(d, this.reader.advanceTo(d));
      out.push(...this.desk.track(batch));
    }
    return out;
  }

  nextDeadline(): number | null {
    const reader = this.reader.nextDeadline();
    const desk = this.desk.nextDeadline();
    if (reader === null || desk === null) return reader ?? desk;
    return Math.min(reader, desk);
  }

  finish(t: number): TableEvent[] {
    const out = this.advanceTo(t);
    const last = this.nextDeadline();
    return last === null ? out : [...out, ...this.advanceTo(Number.MAX_SAFE_INTEGER)];
  }

  snapshot(): TableState {
    return structuredClone(this.state);
  }

  /** A new bet zone report, a key or a card on the muck/board means a bet still settling is complete. */
  private movesAction(event: InputEvent): boolean {
    if (event.kind === "button") return MOVES_ACTION.has(event.button);
    if (event.kind === "floor") return event.op === "ruling";
    if (event.kind !== "tags") return false;
    let moves = this.movesOn.get(event.antenna);
    if (moves === undefined) {
      moves = /^bet\d+$/.test(event.antenna) || ["muck", "board", "burn"].includes(event.antenna);
      this.movesOn.set(event.antenna, moves);
    }
    return moves;
  }

  private onTags(event: TagsEvent): TableEvent[] {
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
    const observations = this.reader.report(event.t, event.antenna, event.tags);
    // A card arriving anywhere means the action has moved on: bets still settling are read first.
    const settled = observations.some((o) => o.type === "card_arrived")
      ? this.route(event.t, this.reader.settleAll(event.t, event.antenna))
      : [];
    return [...settled, ...this.route(event.t, observations)];
  }

  /** Gives what the reader saw to the hand, and closes the hand when it ends. */
  private route(t: number, observations: Observation[]): TableEvent[] {
    if (this.session === null || observations.length === 0) return [];
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
    this.settledTcp = session instanceof TcpSession ? session : null;
    this.session = null;
    this.state.hand = null;
    return events;
  }

  private onButton(event: ButtonEvent): TableEvent[] {
    if (event.button === "shuffler") return [...this.desk.settleNow(event.t), ...this.onShuffler(event.t)];
    if (event.button === "floor") return this.desk.callFloor(event.t);
    if (event.button === "ok") {
      const acknowledged = this.desk.acknowledge(event.t);
      return [
        ...acknowledged,
        ...(this.session === null ? [] : this.afterHand(this.session.key(event.t, "ok"))),
      ];
    }
    if (this.session === null) return [];
    return this.afterHand(this.session.key(event.t, event.button));
  }

  private onShuffler(t: number): TableEvent[] {
    const out: TableEvent[] = [];
    if (this.session !== null) {
      const h = this.session.context;
      if (h.hold?.kind === "misdeal") {
        // The shuffler press declares the misdeal (rule 33-C): the hand ends and is dealt again.
        out.push(...this.afterHand(this.session.ruling(t, "misdeal")));
      } else if (h.cardsDealt === 0) {
        // A hand that was never dealt: it did not happen; every chip goes back.
        out.push(...this.afterHand(this.session.ruling(t, "void")));
      } else {
        return [say.shufflerDuringHand(t, h.hand)];
      }
    }
    return [...out, ...this.startHand(t)];
  }

  private startHand(t: number): TableEvent[] {
    const redeal = this.redeal;
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
    const leftovers = this.reader
      .cardTagsOn((a) => CARD_ZONE.test(a))
      .map((tag) => ({ tag, antenna: this.reader.whereIs(tag) ?? "" }));
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
    };
    const { session, events } = tcp
      ? TcpSession.start({
          ...init,
          players: this.playersOf(inGame),
          zones: this.tcpZones(),
          ...(this.options.payTable ? { payTable: this.options.payTable } : {}),
        })
      : HandSession.start(init);
    this.session = session;
    return events;
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

  private onReader(event: ReaderEvent): TableEvent[] {
    if (event.status === "offline") {
      if (this.offline.has(event.reader)) return [];
      this.offline.add(event.reader);
      return [say.readerOffline(event.t, event.reader)];
    }
    if (!this.offline.delete(event.reader)) return [];
    return [{ t: event.t, kind: "alert_clear", code: "READER_OFFLINE", reader: event.reader }];
  }

  private onFloor(event: FloorEvent): TableEvent[] {
    if (event.op === "ruling" || event.op === "voidHand" || event.op === "undo")
      return this.desk.floor(event);
    const outcome = applyFloorSetup(this.state, event);
    return outcome.applied ? [] : [rejected(event.t, event.op, outcome.reason)];
  }
}

/** Creates the core from a validated configuration. */
export function createTableFromConfig(
  config: {
    table: { seats: number };
    game: { name: GameSettings["game"]; limitCap: number };
    antennas: Record<string, unknown>;
    chips: number[];
    settleWindowMs: number;
    house: { bbAnteOrder: BbAnteOrder };
    deck: string;
    registry: { simulated: boolean; file?: string | undefined };
    threeCard?: { payTable: unknown } | undefined;
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
      chips: config.chips,
      settleWindowMs: config.settleWindowMs,
      bbAnteOrder: config.house.bbAnteOrder,
      ...(config.threeCard ? { payTable: parsePayTable(config.threeCard.payTable) } : {}),
    },
    from,
  );
}

/** The registry a configuration describes: the registry file's UIDs, and logical ids if simulated. */
export function registryFromConfig(config: {
  deck: string;
  chips: number[];
  registry: { simulated: boolean; file?: string | undefined };
}): Registry {
  return createRegistry({
    deck: config.deck,
    chips: config.chips,
    simulated: config.registry.simulated,
    ...(config.registry.file === undefined ? {} : { uids: loadRegistryFile(config.registry.file) }),
  });
}

function notStarted(t: number, reason: string): AlertEvent {
  return {
    t,
    kind: "alert",
    code: "HAND_NOT_STARTED",
    rule: "—",
    severity: "info",
    text: `The shuffler was pressed but no hand can start: ${reason}`,
    steps: ["Set up the table from the floor page, then press the shuffler again"],
  };
}
