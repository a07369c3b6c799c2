/**
 * Reading the table: turns each antenna's full inventory into card moves and settled chip zones.
 *
 * Readers report the whole set an antenna sees, and they flicker: a lifted card corner or RF noise
 * drops a tag from one report. So a card is where it was last seen; it *moves* when it arrives on
 * another antenna, and it has *left* only when it stays unseen longer than the departure window.
 * Chips of one bet often land over two reports, so a chip zone is read once it has been steady for
 * the settle window — or at once when the caller says the action has moved on (`settleAll`).
 */
import type { Card } from "../rules/cards.js";
import type { Registry } from "./registry.js";
import { type ChipTag, chipTotal, type Observation } from "./observations.js";

export interface TableReaderOptions {
  registry: Registry;
  settleWindowMs: number;
  /** How long a card may be unseen before it counts as gone (a flicker is shorter). */
  departWindowMs: number;
}

interface CardPlace {
  card: Card;
  antenna: string;
  /** When it went missing from its antenna's reports, or null while it is seen. */
  missingSince: number | null;
}

interface ZoneState {
  /** Chips as last settled. */
  settled: Map<string, number>;
  /** Chips in the latest report. */
  current: Map<string, number>;
  /** When the zone last changed while unsettled, or null when settled. */
  changedAt: number | null;
}

/** The reader's memory, as plain data (for checkpoints and tests). */
export interface TableReaderSnapshot {
  reports: Record<string, string[]>;
  cards: Record<string, CardPlace>;
  zones: Record<
    string,
    { settled: [string, number][]; current: [string, number][]; changedAt: number | null }
  >;
  flagged: string[];
}

export class TableReader {
  private readonly reports = new Map<string, Set<string>>();
  private readonly cards = new Map<string, CardPlace>();
  private readonly zones = new Map<string, ZoneState>();
  /** Foreign and unknown tags are reported once per antenna visit, not on every repeat. */
  private readonly flagged = new Set<string>();
  /**
   * Tags of cards now missing, and zones not yet settled: what a window may run out on. Every input
   * asks for the next deadline, and almost always nothing is pending — so that costs no scan.
   */
  private readonly missing = new Set<string>();
  private readonly unsettled = new Set<string>();

  constructor(private readonly options: TableReaderOptions) {}

  /** One inventory report from an antenna. */
  report(t: number, antenna: string, tags: readonly string[]): Observation[] {
    const out: Observation[] = [];
    const now = new Set(tags);
    const before = this.reports.get(antenna) ?? new Set<string>();
    this.reports.set(antenna, now);
    const chipsNow = new Map<string, number>();
    for (const tag of now) {
      const info = this.options.registry.resolve(tag);
      switch (info.type) {
        case "card":
          this.seeCard(t, tag, info.face, info.copy, antenna, out);
          break;
        case "chip":
          chipsNow.set(tag, info.denomination);
          break;
        case "foreign":
          if (this.flag(`${antenna}|${tag}`))
            out.push({ type: "foreign_card", t, tag, antenna, reason: info.reason });
          break;
        case "unknown":
          if (this.flag(`${antenna}|${tag}`)) out.push({ type: "unknown_tag", t, tag, antenna });
          break;
      }
    }
    for (const tag of before) {
      if (now.has(tag)) continue;
      if (this.flagged.size > 0) this.flagged.delete(`${antenna}|${tag}`);
      const place = this.cards.get(tag);
      if (place && place.antenna === antenna && place.missingSince === null) {
        place.missingSince = t;
        this.missing.add(tag);
      }
    }
    this.updateZone(t, antenna, chipsNow);
    return out;
  }

  /** Runs the windows due at or before `t`: departures and settled zones. */
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
      }
    }
    for (const antenna of this.unsettled) {
      const zone = this.zones.get(antenna);
      if (zone?.changedAt == null) {
        this.unsettled.delete(antenna);
      } else if (t >= zone.changedAt + this.options.settleWindowMs) {
        out.push(this.settle(zone.changedAt + this.options.settleWindowMs, antenna, zone));
      }
    }
    return out.length > 1 ? out.sort((a, b) => a.t - b.t) : out;
  }

  /** Reads every unsettled zone now: the action has moved on. `except` keeps one zone waiting. */
  settleAll(t: number, except?: string): Observation[] {
    const out: Observation[] = [];
    for (const antenna of this.unsettled) {
      const zone = this.zones.get(antenna);
      if (zone?.changedAt != null && antenna !== except) out.push(this.settle(t, antenna, zone));
    }
    return out;
  }

  /** Whether a zone has chips that have not been read yet. */
  isPending(antenna: string): boolean {
    return this.zones.get(antenna)?.changedAt != null;
  }

  /** The earliest time a window runs out, or null. */
  nextDeadline(): number | null {
    let next: number | null = null;
    const consider = (d: number) => {
      if (next === null || d < next) next = d;
    };
    for (const tag of this.missing) {
      const since = this.cards.get(tag)?.missingSince;
      if (since != null) consider(since + this.options.departWindowMs);
    }
    for (const antenna of this.unsettled) {
      const changedAt = this.zones.get(antenna)?.changedAt;
      if (changedAt != null) consider(changedAt + this.options.settleWindowMs);
    }
    return next;
  }

  /** Where each card is, as far as the table knows (missing cards count where they were last seen). */
  cardsOn(antenna: string): Card[] {
    const out: Card[] = [];
    for (const place of this.cards.values()) if (place.antenna === antenna) out.push(place.card);
    return out;
  }

  /** Tags of cards last seen on any of these antennas. */
  cardTagsOn(antennas: (name: string) => boolean): string[] {
    const out: string[] = [];
    for (const [tag, place] of this.cards) if (antennas(place.antenna)) out.push(tag);
    return out;
  }

  /** Where a card tag was last seen, or null. */
  whereIs(tag: string): string | null {
    return this.cards.get(tag)?.antenna ?? null;
  }

  /** The chips a zone holds now (latest report). */
  chipsOn(antenna: string): ChipTag[] {
    return [...(this.zones.get(antenna)?.current ?? new Map<string, number>())].map(
      ([tag, denomination]) => ({
        tag,
        denomination,
      }),
    );
  }

  /** Everything the reader remembers, as plain data. */
  snapshot(): TableReaderSnapshot {
    return {
      reports: Object.fromEntries([...this.reports].map(([a, s]) => [a, [...s]])),
      cards: Object.fromEntries([...this.cards].map(([tag, p]) => [tag, { ...p }])),
      zones: Object.fromEntries(
        [...this.zones].map(([a, z]) => [
          a,
          { settled: [...z.settled], current: [...z.current], changedAt: z.changedAt },
        ]),
      ),
      flagged: [...this.flagged],
    };
  }

  /** Puts back what {@link snapshot} saved (recovery from a checkpoint). */
  restore(snapshot: TableReaderSnapshot): void {
    this.reports.clear();
    this.cards.clear();
    this.zones.clear();
    this.flagged.clear();
    this.missing.clear();
    this.unsettled.clear();
    for (const [a, tags] of Object.entries(snapshot.reports)) this.reports.set(a, new Set(tags));
    for (const [tag, place] of Object.entries(snapshot.cards)) {
      this.cards.set(tag, { ...place });
      if (place.missingSince !== null) this.missing.add(tag);
    }
    for (const [a, z] of Object.entries(snapshot.zones)) {
      this.zones.set(a, { settled: new Map(z.settled), current: new Map(z.current), changedAt: z.changedAt });
      if (z.changedAt !== null) this.unsettled.add(a);
    }
    for (const f of snapshot.flagged) this.flagged.add(f);
  }

  private seeCard(
    t: number,
    tag: string,
    card: Card,
    copy: number,
    antenna: string,
    out: Observation[],
  ): void {
    const place = this.cards.get(tag);
    if (place && place.antenna === antenna) {
      // Back after a flicker, or a repeat: not a move.
      place.missingSince = null;
      this.missing.delete(tag);
      return;
    }
    this.cards.set(tag, { card, antenna, missingSince: null });
    this.missing.delete(tag);
    out.push({ type: "card_arrived", t, tag, card, copy, antenna, from: place?.antenna ?? null });
  }

  private updateZone(t: number, antenna: string, chipsNow: Map<string, number>): void {
    let zone = this.zones.get(antenna);
    if (!zone) {
      if (chipsNow.size === 0) return;
      zone = { settled: new Map(), current: new Map(), changedAt: null };
      this.zones.set(antenna, zone);
    }
    if (sameChips(zone.current, chipsNow)) return;
    zone.current = chipsNow;
    zone.changedAt = sameChips(zone.settled, chipsNow) ? null : t;
    if (zone.changedAt === null) this.unsettled.delete(antenna);
    else this.unsettled.add(antenna);
  }

  private settle(t: number, antenna: string, zone: ZoneState): Observation {
    const chips: ChipTag[] = [...zone.current].map(([tag, denomination]) => ({ tag, denomination }));
    const added = chips.filter((c) => !zone.settled.has(c.tag));
    zone.settled = new Map(zone.current);
    zone.changedAt = null;
    this.unsettled.delete(antenna);
    return { type: "zone_settled", t, antenna, chips, added, total: chipTotal(chips) };
  }

  private flag(key: string): boolean {
    if (this.flagged.has(key)) return false;
    this.flagged.add(key);
    return true;
  }
}

function sameChips(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  if (a.size !== b.size) return false;
  for (const k of a.keys()) if (!b.has(k)) return false;
  return true;
}
