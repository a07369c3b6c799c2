/**
 * The table's readers as the core sees them: which reader serves each antenna, which are away, and
 * whether a report is a move at the table or a reader catching up. The bridge driver reports each
 * antenna it serves (a channel can fault alone); the floor hears once per reader (the settings'
 * `readers`), naming the antennas it serves, and the alert clears when every one of them is back.
 */
import { DEVICE_UNITS, type InputEvent, type ReaderEvent, type TagsEvent } from "../contract/input.js";
import type { TableEvent } from "../contract/output.js";
import type { AlertEvent } from "../contract/output.js";
import { isBetZone, type Observation } from "../reading/observations.js";
import { alert, say } from "../hand/alerts.js";
import { TableReader } from "../reading/tableReader.js";
import type { TableSettings } from "./settings.js";
import { isTrayAntenna } from "./tray.js";

/** Events after which a bet still settling is read at once: the action has moved on. */
// `deckcheck` too: the dealer checks the deck once he has ended the hand, so chips still out were its action.
const MOVES_ACTION = new Set(["shuffler", "allin", "check", "fold", "raise", "exposed", "ok", "deckcheck"]);

/** What presence needs of the table reader. */
export interface PresenceReader {
  setOnline(antennas: readonly string[], online: boolean, t: number): void;
  isMove(antenna: string, tags: readonly string[]): boolean;
  settleAll(
    t: number,
    except?: string,
    before?: number,
    betZones?: boolean,
    frozenToo?: boolean,
  ): Observation[];
}

export class ReaderPresence {
  private readonly antennaSet: Set<string>;
  /** Units (antennas or whole readers) reported away. */
  private readonly offline = new Set<string>();
  /** When each reader last came back: its reconnection burst carries that time. */
  private readonly backAt = new Map<string, number>();
  /** Antenna → the reader that serves it. */
  private readonly readerByAntenna = new Map<string, string>();
  /** Units named in `reader` events that the configuration does not have, already told. */
  private readonly unknownTold = new Set<string>();
  /** Antenna → whether a report from it moves the action on (worked out once per antenna). */
  private readonly movesOn = new Map<string, boolean>();

  constructor(
    private readonly antennas: readonly string[],
    private readonly readers: Readonly<Record<string, string>> | undefined,
    private readonly reader: PresenceReader,
  ) {
    this.antennaSet = new Set(antennas);
    // Asked on every report: looked up once here rather than in the settings' record each time.
    for (const a of antennas) this.readerByAntenna.set(a, readers?.[a] ?? "bridge");
  }

  /** Whether the table has this antenna. */
  has(antenna: string): boolean {
    return this.antennaSet.has(antenna);
  }

  /** The units away, as plain data (the checkpoint keeps them). */
  away(): string[] {
    return [...this.offline];
  }

  /** Restores the units away at a checkpoint; returns the readers whose alert is open. */
  restore(units: readonly string[]): Set<string> {
    for (const r of units) this.offline.add(r);
    for (const r of units) this.reader.setOnline(this.unitsOf(r), false, 0);
    return new Set(units.map((u) => this.readerOf(u)));
  }

  /**
   * Whether a reader (or channel) away serves an antenna the hand reads: any but the chip tray's and the
   * rake plate's, which only the dealer's work after a hand reads.
   */
  get handReaderAway(): boolean {
    if (this.offline.size === 0) return false;
    for (const unit of this.offline)
      for (const antenna of this.unitsOf(unit))
        if (!isTrayAntenna(antenna) && antenna !== "rake") return true;
    return false;
  }

  /** Whether an antenna's reports are a reader's reconciliation: it, or its reader, is away. */
  isAway(antenna: string): boolean {
    return this.offline.has(this.readerOf(antenna)) || this.offline.has(antenna);
  }

  /**
   * A new bet zone report, a key or a card on the muck means a bet still settling is complete. The
   * dealer's burn and board cards do not: he may burn while the last call's chips are still landing,
   * and the bets reach the pot in the same scan round; a board card that needs the round closed waits
   * for the readers (the hand's board judgement), and that wait reads what is pending.
   */
  movesAction(event: InputEvent): boolean {
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
      moves = isBetZone(event.antenna) || event.antenna === "muck";
      this.movesOn.set(event.antenna, moves);
    }
    // Not the bridge catching up on chips that left long ago (K scans late), e.g. the last street's
    // bets already reported in the pot.
    return moves && this.reader.isMove(event.antenna, event.tags);
  }

  /**
   * The bets still settling that a report's cards close, read before the report itself. A card arriving
   * on the muck (a fold) means the action has moved on. A card dealt to a seat closes the wagers placed
   * before the deal (Three Card Poker), but does not show a bettor is done (an extra card pitched while
   * he still pushes chips); board and burn cards are the dealer's (see movesAction).
   */
  settledBy(event: TagsEvent, observations: readonly Observation[]): Observation[] {
    // Looked through without building a list: a report's observations are few, and there is one per report.
    let toMuck = false;
    let toSeat = false;
    for (const o of observations) {
      if (o.type !== "card_arrived") continue;
      if (o.antenna === "muck") toMuck = true;
      else if (o.antenna !== "board" && o.antenna !== "burn") toSeat = true;
    }
    // (In a reader's reconnection burst, bets put out before it went away are read too.)
    if (toMuck)
      return this.reader.settleAll(event.t, event.antenna, undefined, true, this.isAway(event.antenna));
    if (toSeat) return this.reader.settleAll(event.t, event.antenna, undefined, false);
    return [];
  }

  /** A reader (or one antenna's channel) went away or came back: READER_OFFLINE, once per reader. */
  onReader(event: ReaderEvent): TableEvent[] {
    if (!this.knows(event.reader)) {
      // The configuration and the wiring disagree: no antenna of this table is away (nor back), and a
      // floor alert for a reader the hand does not need would hold nobody's attention for the right
      // reason. The engineer is told once.
      if (this.unknownTold.has(event.reader)) return [];
      this.unknownTold.add(event.reader);
      return [unknownReader(event.t, event.reader)];
    }
    const reader = this.readerOf(event.reader);
    const down = (r: string) => [...this.offline].some((unit) => this.readerOf(unit) === r);
    this.reader.setOnline(this.unitsOf(event.reader), event.status === "online", event.t);
    if (event.status === "offline") {
      if (this.offline.has(event.reader)) return [];
      const first = !down(reader);
      this.offline.add(event.reader);
      if (!first) return [];
      const served = this.antennas.filter((a) => this.readerOf(a) === reader);
      return [say.readerOffline(event.t, reader, served)];
    }
    if (!this.offline.delete(event.reader) || down(reader)) return [];
    this.backAt.set(reader, event.t);
    return [{ t: event.t, kind: "alert_clear", code: "READER_OFFLINE", reader }];
  }

  /** Whether a `reader` event's unit is this table's: one of its antennas, a reader serving one, or a device. */
  private knows(unit: string): boolean {
    if (this.antennaSet.has(unit) || (DEVICE_UNITS as readonly string[]).includes(unit)) return true;
    for (const reader of this.readerByAntenna.values()) if (reader === unit) return true;
    return false;
  }

  /** The antennas a `reader` event is about: the antenna it names, or every antenna of the reader. */
  private unitsOf(unit: string): string[] {
    return this.antennaSet.has(unit) ? [unit] : this.antennas.filter((a) => this.readerOf(a) === unit);
  }

  /** The reader of a unit named in a `reader` event: an antenna's configured reader, or the reader itself. */
  private readerOf(unit: string): string {
    return this.readerByAntenna.get(unit) ?? unit;
  }
}

/** The departure window when the settings give none: the configuration's default (reading.departWindowMs). */
export const DEPART_WINDOW_MS = 500;

/** The table reader for the table's settings: its registry and its reading windows. */
export function tableReader(settings: TableSettings): TableReader {
  return new TableReader({
    registry: settings.registry,
    settleWindowMs: settings.settleWindowMs,
    departWindowMs: settings.departWindowMs ?? DEPART_WINDOW_MS,
    ...(settings.scanRoundMs === undefined ? {} : { scanRoundMs: settings.scanRoundMs }),
    ...(settings.missedScans === undefined ? {} : { missedScans: settings.missedScans }),
  });
}

/** A report from an antenna the table does not have: the wiring and the configuration disagree. */
export function unknownAntenna(t: number, antenna: string): AlertEvent {
  return alert(t, "UNKNOWN_TAG", `A report came from antenna "${antenna}", which this table does not have`, [
    "Check the antenna map in the configuration (antennas:) against the wiring",
  ]);
}

/** A `reader` event about a reader (or antenna) this table's configuration does not have. */
export function unknownReader(t: number, unit: string): AlertEvent {
  return alert(
    t,
    "READER_UNKNOWN",
    `The bridge reported reader "${unit}", which this table's configuration does not have: nothing is marked away`,
    ["Check the antenna map and the readers in the configuration (antennas:, readers:) against the wiring"],
  );
}
