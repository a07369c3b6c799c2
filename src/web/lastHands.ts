/** The last hands played at the table, kept from the table events for the floor page. */
import type { AwardEvent, HandEndEvent, PayoutEvent, TableEvent, TrayEvent } from "../contract/output.js";
import type { TableReadModel } from "../table/core.js";

export interface HandSummary {
  hand: number;
  t: number;
  /** Wall-clock time the page saw the hand end (ISO 8601): for disputes against the video. */
  wall: string;
  result: HandEndEvent["result"];
  redeal: boolean;
  button: number | null;
  /** Stacks after the hand, by seat. */
  stacks: Record<string, number>;
  /** Chips won or lost by each seat dealt in (after minus before); empty when the start was not seen. */
  net: Record<string, number>;
  /** Who won what. Hand names only ("two pair, kings and sevens"), never cards. */
  awards: Omit<AwardEvent, "kind" | "t">[];
  /**
   * Three Card Poker (issue 18): what the dealer paid beside each winning bet against the pay table,
   * as last read per box and bet (they come after `hand_end`, while the dealer pays).
   */
  payouts: Omit<PayoutEvent, "kind" | "t" | "seq">[];
  /** The tray after the hand, when the table has one. */
  tray: Omit<TrayEvent, "kind" | "t" | "seq"> | null;
}

interface Started {
  hand: number;
  redeal: boolean;
  button: number | null;
  stacksBefore: Record<number, number> | null;
}

/** A ring of the last `limit` hand results, newest first. */
export class LastHands {
  private readonly hands: HandSummary[] = [];
  private started: Started | null = null;
  private awards: HandSummary["awards"] = [];

  constructor(private readonly limit = 20) {}

  /** Follows one batch of table events; `core` is the table after the whole batch. */
  apply(events: readonly TableEvent[], core: TableReadModel): void {
    for (const e of events) {
      if (e.kind === "hand_start") {
        // Stacks before the hand come from the core, which only knows them for the hand in progress.
        const header = core.snapshot().hand;
        this.started = {
          hand: e.hand,
          redeal: e.redeal,
          button: e.button,
          stacksBefore: header?.hand === e.hand ? header.stacksBefore : null,
        };
        this.awards = [];
      } else if (e.kind === "award") {
        const { kind: _kind, t: _t, ...award } = e;
        this.awards.push(award);
      } else if (e.kind === "hand_end") {
        this.record(e);
      } else if (e.kind === "payout" || e.kind === "tray") {
        this.afterEnd(e);
      }
    }
  }

  /** The kept results, newest first (copies). */
  list(): HandSummary[] {
    return structuredClone(this.hands);
  }

  /** A payout or the tray, after the hand ended: it belongs to the last hand recorded. */
  private afterEnd(e: PayoutEvent | TrayEvent): void {
    const last = this.hands[0];
    if (last === undefined) return;
    if (e.kind === "tray") {
      last.tray = { expected: e.expected, read: e.read, variance: e.variance };
      return;
    }
    const { box, bet, due, paid } = e;
    const i = last.payouts.findIndex((p) => p.box === box && p.bet === bet);
    if (i >= 0) last.payouts[i] = { box, bet, due, paid };
    else last.payouts.push({ box, bet, due, paid });
  }

  private record(e: HandEndEvent): void {
    const started = this.started?.hand === e.hand ? this.started : null;
    const before = started?.stacksBefore ?? null;
    const net: Record<string, number> = {};
    if (before) {
      for (const [seat, stack] of Object.entries(e.stacks)) {
        const was = before[Number(seat)];
        if (was !== undefined) net[seat] = stack - was;
      }
    }
    this.hands.unshift({
      hand: e.hand,
      t: e.t,
      wall: new Date().toISOString(),
      result: e.result,
      redeal: started?.redeal ?? false,
      button: started?.button ?? null,
      stacks: { ...e.stacks },
      net,
      awards: this.awards,
      payouts: [],
      tray: null,
    });
    this.hands.length = Math.min(this.hands.length, this.limit);
    this.started = null;
    this.awards = [];
  }
}
