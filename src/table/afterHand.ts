/**
 * The dealer's work after a hand ends, until the next one starts (issue 18): in Three Card Poker he
 * takes the losing bets and pays the winners (src/hand/tcp/paying.ts); in a raked game he puts the
 * rake on the plate and drops it (rakePlate.ts); then the tray is judged (tray.ts). One home for all
 * three, so that the core only routes to it what the readers see between hands. What the dealer must
 * do is the ended hand's to say (its game's `DealerWork`, src/hand/lifecycle.ts): nothing here reads a
 * hand.
 */
import type { FloorTrayOp, RulingName, TagsEvent } from "../contract/input.js";
import type { TableEvent } from "../contract/output.js";
import type { DealerWork } from "../hand/lifecycle.js";
import {
  type Paying,
  payingDone,
  payingDue,
  payingEnd,
  payingObserved,
  payingTick,
  payingWaive,
  payingZones,
  startPaying,
  trayMovement,
} from "../hand/tcp/paying.js";
import { type ChipTag, chipTotal, type Observation } from "../reading/observations.js";
import { expectRake, plateRead, plateUnread, type RakePlate } from "./rakePlate.js";
import { isTrayAntenna, TrayLedger, type TraySnapshot } from "./tray.js";

/** What the work after a hand reads of the table reader. */
export interface ChipsReader {
  chipsOn(antenna: string): ChipTag[];
  isPending(antenna: string): boolean;
  readonly lagMs: number;
}

/** The part of the core's checkpoint this keeps (plain data). */
export interface AfterHandSnapshot {
  tray?: TraySnapshot;
  paying?: Paying;
  plate?: RakePlate;
  /** Chips on the rake plate when the hand in play began (absent in older checkpoints: none). */
  plateAtStart?: string[];
  /** The plate's readings during the hand in play (absent in older checkpoints: none). */
  rakedEarly?: ChipTag[][];
}

export class AfterHand {
  private paying: Paying | null = null;
  private plate: RakePlate | null = null;
  /** The chips on the plate when the hand in play began: a rake not dropped yet is not its rake. */
  private plateAtStart: string[] = [];
  /** The plate's readings during the hand in play, from the first with chips of its own. */
  private rakedEarly: ChipTag[][] = [];
  private readonly tray: TrayLedger;
  private readonly chipsOn = (antenna: string) => this.reader.chipsOn(antenna);

  constructor(
    antennas: readonly string[],
    private readonly reader: ChipsReader,
    /** `tray.judgeAfterMs`: a chip taken from the tray is reported gone the readers' lag late, then this. */
    judgeAfterMs: number,
  ) {
    this.tray = new TrayLedger(antennas.filter(isTrayAntenna), reader.lagMs + judgeAfterMs);
  }

  /** Whether the dealer is still paying (the floor may rule on its alerts). */
  get busy(): boolean {
    return this.paying !== null;
  }

  /** A hand ended at `t`: the dealer now pays (Three Card Poker) or rakes; else its chips have stopped moving. */
  handEnded(work: DealerWork, t: number): TableEvent[] {
    this.paying = work.kind === "pay" ? startPaying(work.plan, this.chipsOn, this.reader.lagMs) : null;
    this.plate = work.kind === "rake" ? expectRake(work.rake) : null;
    if (this.paying !== null) this.afterPaying(t, []);
    else if (this.plate === null || this.plate.due.due === 0) this.tray.handMoved(t, []);
    const early = this.rakedEarly;
    this.rakedEarly = [];
    if (this.plate === null) return [];
    const reads = early.map((chips): Observation => {
      return { type: "zone_settled", t, antenna: "rake", chips, added: chips, total: chipTotal(chips) };
    });
    return this.plateObserved(t, reads);
  }

  /**
   * What the readers saw while a hand is in play: the rake plate's readings. The dealer may rake (and
   * drop the rake) before the table ends the hand: it ends late when a shuffler press settles a short
   * call's debt (src/table/owedAtThePress.ts), after he raked as the betting ended. Chips put on the
   * plate during the hand are its rake, read as the hand ends (hold'em --rake seed 15 at 600 ms rounds:
   * RAKE_WRONG "0 on the plate" at the press). A rake left from the last hand is not; chips still
   * settling at the end are read when they settle.
   */
  duringHand(observations: readonly Observation[]): void {
    for (const o of observations) {
      if (o.type !== "zone_settled" || o.antenna !== "rake") continue;
      if (o.chips.some((c) => this.plateAtStart.includes(c.tag))) continue;
      if (o.chips.length === 0 && this.rakedEarly.length === 0) continue;
      this.rakedEarly.push([...o.chips]);
    }
  }

  /** What the readers saw between hands. */
  observed(t: number, observations: readonly Observation[]): TableEvent[] {
    if (observations.length === 0) return [];
    const out = this.plate === null ? [] : this.plateObserved(t, observations);
    if (this.paying === null) return out;
    return [...out, ...this.afterPaying(t, payingObserved(this.paying, t, observations))];
  }

  /**
   * While the dealer pays: chips leaving a wager zone whose payout has not been read yet (the player
   * took them within the settle window) are read as the zone stood first, as a bet zone emptied before
   * its window is (events.md, "Reading at any pace"). Call before the report reaches the reader.
   */
  asItStood(event: TagsEvent): Observation[] {
    const p = this.paying;
    if (p === null || !payingZones(p).includes(event.antenna)) return [];
    if (!this.reader.isPending(event.antenna)) return [];
    const stood = this.reader.chipsOn(event.antenna);
    if (!stood.some((c) => !event.tags.includes(c.tag))) return [];
    return [
      {
        type: "zone_settled",
        t: event.t,
        antenna: event.antenna,
        chips: stood,
        added: [],
        total: chipTotal(stood),
      },
    ];
  }

  /** The earliest time this needs the clock, or null (`handOn`: the tray waits for the next hand's end). */
  nextDue(handOn: boolean): number | null {
    const due = [this.paying === null ? null : payingDue(this.paying), handOn ? null : this.tray.due];
    const set = due.filter((d): d is number => d !== null);
    return set.length === 0 ? null : Math.min(...set);
  }

  /** Runs what is due at `t`. */
  tick(t: number): TableEvent[] {
    if (this.paying !== null && payingDue(this.paying) === t)
      return this.afterPaying(t, payingTick(this.paying, t));
    if (this.tray.due === t) return this.tray.judge(t, this.chipsOn);
    return [];
  }

  /** The floor lets a paying alert stand (`continue`), or the dealer acknowledged it (`ok`). */
  waive(t: number, ruling: RulingName, seat?: number, code?: string): TableEvent[] {
    if (this.paying === null || ruling !== "continue" || code === undefined) return [];
    return this.afterPaying(t, payingWaive(this.paying, t, code, seat));
  }

  /** The next hand begins: the dealer is done paying and raking, and the tray is judged now. */
  nextHand(t: number): TableEvent[] {
    const out: TableEvent[] = [];
    if (this.plate !== null) out.push(...plateUnread(this.plate, t));
    this.plate = null;
    const p = this.paying;
    if (p !== null) {
      out.push(...payingEnd(p, t));
      this.tray.handMoved(t, trayMovement(p));
      this.paying = null;
    }
    out.push(...this.tray.judge(t, this.chipsOn));
    this.tray.handStarts(this.chipsOn);
    this.plateAtStart = this.chipsOn("rake").map((c) => c.tag);
    this.rakedEarly = [];
    return out;
  }

  /** A fill or credit of the tray; the refusal's reason when the table has no tray. */
  trayOp(op: FloorTrayOp): string | null {
    if (!this.tray.present) return "this table has no tray antennas";
    this.tray.trayOp(op);
    return null;
  }

  snapshot(): AfterHandSnapshot {
    return {
      tray: this.tray.snapshot(),
      ...(this.paying === null ? {} : { paying: structuredClone(this.paying) }),
      ...(this.plate === null ? {} : { plate: structuredClone(this.plate) }),
      ...(this.plateAtStart.length === 0 ? {} : { plateAtStart: [...this.plateAtStart] }),
      ...(this.rakedEarly.length === 0 ? {} : { rakedEarly: structuredClone(this.rakedEarly) }),
    };
  }

  restore(s: AfterHandSnapshot): void {
    if (s.tray) this.tray.restore(s.tray);
    this.paying = s.paying ? structuredClone(s.paying) : null;
    this.plate = s.plate ? structuredClone(s.plate) : null;
    this.plateAtStart = [...(s.plateAtStart ?? [])];
    this.rakedEarly = structuredClone(s.rakedEarly ?? []);
  }

  /** The paying desk's events; once the dealer is done, the tray waits for its window. */
  private afterPaying(t: number, events: TableEvent[]): TableEvent[] {
    const p = this.paying;
    if (p !== null && payingDone(p)) {
      this.tray.handMoved(t, trayMovement(p));
      this.paying = null;
    }
    return events;
  }

  private plateObserved(t: number, observations: readonly Observation[]): TableEvent[] {
    const out: TableEvent[] = [];
    for (const o of observations) {
      if (this.plate === null || o.type !== "zone_settled" || o.antenna !== "rake") continue;
      const { events, dropped } = plateRead(this.plate, t, o.chips);
      out.push(...events);
      if (dropped === null) continue;
      // The rake was dropped into the tray: its reconciliation expects it there.
      this.plate = null;
      const rake: Record<number, number> = {};
      for (const c of dropped) rake[c.denomination] = (rake[c.denomination] ?? 0) + 1;
      this.tray.handMoved(t, [], rake);
    }
    return out;
  }
}
