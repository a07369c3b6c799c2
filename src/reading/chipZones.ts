/**
 * Chip zones at any pace. A bet is read once its zone has been steady for the settle window, or at
 * once when the action moves on. A dealer can be faster than that, and a reader slower:
 * - a zone emptied before its window ran out is read as it stood when it emptied: chips that reach
 *   the pot within one scan round were the seat's action, chips that go nowhere were taken back;
 * - chips that reach the pot while a bet zone still holds them unread (the bridge reports the pot
 *   before the zone's departure, K missed scans later) settle that zone as it stood first;
 * - chips the pot gains that no zone was known to hold were pushed and swept between two scans:
 *   they are reported as such, and the hand decides whose they are.
 * A chip is where it was last newly reported: a zone that still lists a chip that has moved on (the
 * bridge's departure lag) does not hold it.
 *
 * Over 300 lines: the settle window, the emptied zones and the pot's unseen gains share one state per
 * zone and per chip, and each decides what the others may read.
 */
import { type ChipTag, chipTotal, isBetZone, type Observation } from "./observations.js";

interface ZoneState {
  // Both maps are replaced, never edited in place: a zone just read shares one map as both.
  /** Chips as last settled. */
  settled: ReadonlyMap<string, number>;
  /** Chips the zone holds now. */
  current: ReadonlyMap<string, number>;
  /** When the zone last changed while unsettled, or null when settled. */
  changedAt: number | null;
  /** Not read by its window before this: it waited on another zone's unread chips (see settleDue). */
  notBefore?: number;
  /**
   * When its unread chips first came, while unsettled: the order zones are read in. Kept over a reader's
   * outage, which starts `changedAt` again from the reconnection for every zone of that reader.
   */
  since?: number;
}

/** A bet zone whose unread chips left it: where they went decides what they were. */
interface Emptied {
  t: number;
  /** The zone as it stood just before they left. */
  stood: [string, number][];
  left: string[];
  due: number;
  /**
   * When it last changed before they left, as a settled zone's `changedAt`: its push came before a card
   * that voids the hand even when the pot reports it after (sim --focus seed 16 at 600 ms rounds: the
   * last all-in call swept in as a duplicate board card came, its action and ALLIN_TABLE_HANDS lost).
   */
  changedAt?: number;
  /** When its unread chips first came (ZoneState's `since`). */
  since?: number;
}

/** Where a chip was last newly reported, since when, and when it left there (null while it is there). */
interface ChipPlace {
  antenna: string;
  since: number;
  goneAt: number | null;
}

export interface ChipZonesSnapshot {
  zones: Record<
    string,
    { settled: [string, number][]; current: [string, number][]; changedAt: number | null; since?: number }
  >;
  emptied: Record<string, Emptied>;
  places: [string, ChipPlace][];
  frozen?: string[];
}

export interface ChipZoneWindows {
  settleWindowMs: number;
  /** One scan round: the pot's report of swept chips may come this much after the zone's. */
  scanRoundMs: number;
  /** How long a zone may go on listing a chip that has left it (the bridge's K missed scans). */
  lagMs: number;
}

const POT = "pot";

export class ChipZones {
  private readonly zones = new Map<string, ZoneState>();
  private readonly unsettled = new Set<string>();
  private readonly emptied = new Map<string, Emptied>();
  private readonly places = new Map<string, ChipPlace>();
  /** Zones whose reader is offline: the rest of a push may be there unseen, so they are not read. */
  private readonly frozen = new Set<string>();

  constructor(private readonly windows: ChipZoneWindows) {}

  /**
   * One report of a chip antenna: `reported` are the chips it lists (tag → denomination), `fresh` the
   * ones its previous report did not list, `gone` the ones it listed before and not now.
   */
  report(
    t: number,
    antenna: string,
    reported: ReadonlyMap<string, number>,
    fresh: readonly string[],
    gone: readonly string[],
    out: Observation[],
  ): void {
    // Most reports repeat what the zone listed: only a report with fresh chips looks where they came from.
    if (fresh.length > 0) this.arrivals(t, antenna, reported, fresh, out);
    for (const tag of gone) {
      const place = this.places.get(tag);
      if (place?.antenna === antenna && place.goneAt === null) place.goneAt = t;
    }
    this.update(t, antenna, this.heldHere(antenna, reported));
  }

  /** Chips newly listed by `antenna`: moved from another zone, or gained by the pot unseen. */
  private arrivals(
    t: number,
    antenna: string,
    reported: ReadonlyMap<string, number>,
    fresh: readonly string[],
    out: Observation[],
  ): void {
    const movedFrom = new Map<string, string[]>();
    const unexplained: ChipTag[] = [];
    const strays: ChipTag[] = [];
    for (const tag of fresh) {
      const prev = this.places.get(tag);
      this.places.set(tag, { antenna, since: t, goneAt: null });
      // A chip that left a zone whose reader is away (or came back since) may be reported anywhere only
      // now: the outage does not count against the lag (sim --rake --focus seed 21 at 600 ms rounds: a
      // call swept in just before a 2.5 s outage, the pot's report of it read as a gain from no zone).
      const recent =
        prev !== undefined &&
        (prev.goneAt === null || t - prev.goneAt <= this.windows.lagMs || this.frozen.has(prev.antenna));
      if (prev !== undefined && prev.antenna !== antenna && recent) {
        const list = movedFrom.get(prev.antenna) ?? [];
        list.push(tag);
        movedFrom.set(prev.antenna, list);
      } else if (prev?.antenna === antenna && recent) {
        // Back where it was a moment ago (lifted and put back, a flicker): no move, and no gain of the pot.
        continue;
      } else if (antenna === POT) {
        const chip = { tag, denomination: reported.get(tag) ?? 0 };
        unexplained.push(chip);
        if (prev === undefined || !isBetZone(prev.antenna)) strays.push(chip);
      }
    }
    // Chips the pot gains in the same report as the unread chips of one zone, from no zone at all, were
    // swept in between two scans: the rest of that push, or the next seat's; the hand tells which.
    const unread = [...movedFrom].filter(([source, tags]) => this.unreadOn(source, tags));
    const extra = unread.length === 1 && antenna === POT ? unexplained.splice(0) : [];
    for (const [source, tags] of movedFrom) this.leftFor(t, source, tags, out, extra);
    // Chips reaching the pot mean the dealer is sweeping: every bet still settling was out before it.
    if (antenna === POT) this.settleAll(t, POT, out);
    if (unexplained.length > 0) {
      out.push({ type: "pot_gained", t, antenna, chips: unexplained, total: chipTotal(unexplained), strays });
    }
  }

  /**
   * A reader went offline (or came back) for these zones. While it is away their windows wait; when it
   * is back they start again, from the reports of its reconnection.
   */
  setOnline(antennas: readonly string[], online: boolean, t: number): void {
    for (const antenna of antennas) {
      if (!online) {
        this.frozen.add(antenna);
        continue;
      }
      if (!this.frozen.delete(antenna)) continue;
      // Chips that left it before or during the outage: their lag starts again from the reconnection.
      for (const place of this.places.values())
        if (place.antenna === antenna && place.goneAt !== null) place.goneAt = Math.max(place.goneAt, t);
      const zone = this.zones.get(antenna);
      if (zone?.changedAt != null) zone.changedAt = t;
      const e = this.emptied.get(antenna);
      if (e !== undefined) e.due = this.emptiedDue(t);
    }
  }

  /** Runs the windows due at or before `t`: settled zones, and unread chips that went nowhere. */
  advanceTo(t: number, out: Observation[]): void {
    const waited: [string, number][] = [];
    for (const antenna of this.unsettled) {
      const zone = this.zones.get(antenna);
      if (this.frozen.has(antenna)) continue;
      if (zone?.changedAt == null) {
        this.unsettled.delete(antenna);
        continue;
      }
      const due = this.settleDue(antenna, zone.changedAt, zone);
      if (t < due) continue;
      if (this.emptiedBefore(antenna, zone.since ?? zone.changedAt) === null)
        out.push(this.settle(due, antenna, zone));
      else waited.push([antenna, due]);
    }
    this.chipsTakenBack(t, out);
    // Zones that waited on another's unread chips: read once those are decided (taken back just now).
    for (const [antenna, due] of waited) {
      const zone = this.zones.get(antenna);
      if (zone?.changedAt != null && this.emptiedBefore(antenna, zone.since ?? zone.changedAt) === null)
        out.push(this.settle(due, antenna, zone));
    }
  }

  /** Unread chips that left a zone and went nowhere by their window: taken back. */
  private chipsTakenBack(t: number, out: Observation[]): void {
    for (const [antenna, e] of this.emptied) {
      if (t < e.due || this.frozen.has(antenna)) continue;
      this.decided(antenna, e, e.due);
      const stood = new Map(e.stood);
      const chips = e.left.map((tag) => ({ tag, denomination: stood.get(tag) ?? 0 }));
      out.push({
        type: "chips_taken_back",
        t: e.due,
        antenna,
        chips,
        total: chipTotal(chips),
        emptiedAt: e.t,
      });
    }
  }

  /** Reads every unsettled zone now (the action has moved on), but `except`, and but zones changed since `before`. */
  settleAll(
    t: number,
    except: string | undefined,
    out: Observation[],
    before = Number.POSITIVE_INFINITY,
    betZones = true,
    frozenToo = false,
    waitFrom = Number.POSITIVE_INFINITY,
  ): void {
    for (const antenna of this.unsettled) {
      const zone = this.zones.get(antenna);
      if (zone?.changedAt == null || antenna === except) continue;
      if (this.frozen.has(antenna) && !frozenToo) continue;
      // Emptied with chips unread: it is read as it stood when they reach the pot (or they were taken
      // back), never as the empty zone it is now.
      if (this.emptied.has(antenna)) continue;
      if (zone.changedAt >= before || (!betZones && isBetZone(antenna))) continue;
      // Its chips came after another bet zone's unread chips, which left it: read after those (settleDue).
      const since = zone.since ?? zone.changedAt;
      if (isBetZone(antenna) && (since >= waitFrom || this.emptiedBefore(antenna, since) !== null)) {
        zone.notBefore = Math.max(zone.notBefore ?? t, t);
        continue;
      }
      out.push(this.settle(t, antenna, zone));
    }
  }

  /**
   * When a report of `antenna` listing `tags` takes unread chips off that bet zone, when they first came
   * (else undefined): a report that moves the action on reads the bets put out before them only, as the
   * later ones wait for where those chips went (see settleDue).
   */
  unreadLeaving(antenna: string, tags: readonly string[]): number | undefined {
    const zone = this.zones.get(antenna);
    if (zone?.changedAt == null || !isBetZone(antenna)) return undefined;
    for (const tag of zone.current.keys())
      if (!zone.settled.has(tag) && !tags.includes(tag)) return zone.since ?? zone.changedAt;
    return undefined;
  }

  /**
   * When a zone's window reads it: the settle window after its last change. But zones are read in the
   * order their chips were put out: a bet zone changed after another bet zone's unread chips left it
   * (swept, or taken back) waits for where they went: the pot's report of them (then it is read after
   * them, src/reading/chipZones.ts arrivals) or their window (taken back). Read at its own window, it was
   * the next seat's call read before the raise it called (hold'em `--focus`, missedScans 2,
   * settleWindowMs 900, seed 63 at 700 ms rounds, hand 4402: the raise's zone swept after a reader's
   * outage, the call read as out of turn and an undercall). A zone whose reader is away holds nobody up.
   */
  private settleDue(antenna: string, changedAt: number, zone: ZoneState): number {
    const due = Math.max(changedAt + this.windows.settleWindowMs, zone.notBefore ?? 0);
    const first = this.emptiedBefore(antenna, zone.since ?? changedAt);
    return first === null ? due : Math.max(due, first);
  }

  /**
   * Where a zone's unread chips went is decided at `t`: the zones that waited on them are read no earlier
   * than that, by their windows, even when theirs ran out while they waited.
   */
  private decided(antenna: string, e: Emptied, t: number): void {
    this.emptied.delete(antenna);
    const first = e.since ?? e.changedAt;
    if (first === undefined) return;
    for (const other of this.unsettled) {
      const zone = this.zones.get(other);
      if (zone?.changedAt != null && (zone.since ?? zone.changedAt) > first && isBetZone(other))
        zone.notBefore = Math.max(zone.notBefore ?? t, t);
    }
  }

  /** The latest window of the bet zones whose unread chips, put out before `since`, left them; or null. */
  private emptiedBefore(antenna: string, since: number): number | null {
    if (this.emptied.size === 0 || !isBetZone(antenna)) return null;
    let due: number | null = null;
    for (const [other, e] of this.emptied) {
      const first = e.since ?? e.changedAt;
      if (other === antenna || this.frozen.has(other) || first === undefined) continue;
      if (first < since && (due === null || e.due > due)) due = e.due;
    }
    return due;
  }

  /**
   * The shuffler press ends the hand at the table (so do the deck check's key and the river's board
   * collected: src/table/core.ts): chips that left a bet zone unread went with the pot (swept in, or
   * pushed to the winner with it, the pot's report still to come: the bridge lists it K scans late), not
   * back to the player. Each such zone is read as it stood (sim --focus seed 18 at 600 ms rounds: a
   * heads-up river call pushed with the pot inside the settle window read as taken back, the press
   * refused, and every later hand lost).
   */
  emptiedAtTheEnd(t: number, out: Observation[]): void {
    const waiting: string[] = [];
    for (const antenna of this.unsettled) {
      const zone = this.zones.get(antenna);
      if (zone?.changedAt != null && this.emptiedBefore(antenna, zone.since ?? zone.changedAt) !== null)
        waiting.push(antenna);
    }
    for (const [antenna, e] of this.emptied)
      if (!this.frozen.has(antenna)) this.readAsItStood(t, antenna, e, [], out);
    // The bets that waited on them (the press's own reading skipped them) are read after them.
    for (const antenna of waiting) {
      const zone = this.zones.get(antenna);
      if (zone?.changedAt != null && !this.frozen.has(antenna)) out.push(this.settle(t, antenna, zone));
    }
  }

  /** Whether any bet zone has chips that have not been read yet. */
  anyBetPending(): boolean {
    for (const antenna of this.unsettled) if (isBetZone(antenna)) return true;
    return this.emptied.size > 0;
  }

  /** Whether a zone has chips that have not been read yet. */
  isPending(antenna: string): boolean {
    return this.zones.get(antenna)?.changedAt != null || this.emptied.has(antenna);
  }

  /** The earliest time a window runs out, or null. */
  nextDeadline(): number | null {
    let next: number | null = null;
    for (const antenna of this.unsettled) {
      const zone = this.zones.get(antenna);
      if (zone?.changedAt != null && !this.frozen.has(antenna))
        next = min(next, this.settleDue(antenna, zone.changedAt, zone));
    }
    for (const [antenna, e] of this.emptied) if (!this.frozen.has(antenna)) next = min(next, e.due);
    return next;
  }

  /** The chips a zone holds now. */
  chipsOn(antenna: string): ChipTag[] {
    // A loop, not a spread and a map: asked for every seat's zone at every shuffler press (bench/replay).
    const chips: ChipTag[] = [];
    const current = this.zones.get(antenna)?.current;
    if (current) for (const [tag, denomination] of current) chips.push({ tag, denomination });
    return chips;
  }

  /** Whether the chip was last newly reported on `antenna` (not since seen elsewhere). */
  isOn(tag: string, antenna: string): boolean {
    return this.places.get(tag)?.antenna === antenna;
  }

  /** Whether the chip was last newly reported before `t` (where it is now). */
  arrivedBefore(tag: string, t: number): boolean {
    return (this.places.get(tag)?.since ?? Number.POSITIVE_INFINITY) < t;
  }

  /** Tags of the chips a zone holds now that arrived there before `t`. */
  chipsBefore(antenna: string, t: number): string[] {
    const current = this.zones.get(antenna)?.current;
    const tags: string[] = [];
    if (current)
      for (const tag of current.keys()) if ((this.places.get(tag)?.since ?? -Infinity) < t) tags.push(tag);
    return tags;
  }

  /** A new hand: unread chips that left a zone in the last one are no longer pending. */
  newHand(): void {
    this.emptied.clear();
  }

  snapshot(): ChipZonesSnapshot {
    return {
      zones: Object.fromEntries(
        [...this.zones].map(([a, z]) => [
          a,
          {
            settled: [...z.settled],
            current: [...z.current],
            changedAt: z.changedAt,
            ...(z.since !== undefined ? { since: z.since } : {}),
          },
        ]),
      ),
      emptied: Object.fromEntries([...this.emptied].map(([a, e]) => [a, structuredClone(e)])),
      places: [...this.places].map(([tag, p]) => [tag, { ...p }]),
      frozen: [...this.frozen],
    };
  }

  restore(s: ChipZonesSnapshot): void {
    this.zones.clear();
    this.unsettled.clear();
    this.emptied.clear();
    this.places.clear();
    for (const [a, z] of Object.entries(s.zones)) {
      const zone: ZoneState = {
        settled: new Map(z.settled),
        current: new Map(z.current),
        changedAt: z.changedAt,
      };
      if (z.since !== undefined) zone.since = z.since;
      this.zones.set(a, zone);
      if (z.changedAt !== null) this.unsettled.add(a);
    }
    for (const [a, e] of Object.entries(s.emptied)) this.emptied.set(a, structuredClone(e));
    for (const [tag, p] of s.places) this.places.set(tag, { ...p });
    this.frozen.clear();
    for (const a of s.frozen ?? []) this.frozen.add(a);
  }

  /** Whether some of `tags` were on `source` unread (pending, or left it before it was read). */
  private unreadOn(source: string, tags: readonly string[]): boolean {
    const e = this.emptied.get(source);
    if (e !== undefined && tags.some((tag) => e.left.includes(tag))) return true;
    const zone = this.zones.get(source);
    return zone?.changedAt != null && tags.some((tag) => zone.current.has(tag) && !zone.settled.has(tag));
  }

  /**
   * Chips newly seen elsewhere left `source`: unread ones make `source` read as it stood, with `extra`
   * (chips of the same push the zone never reported).
   */
  private leftFor(
    t: number,
    source: string,
    tags: readonly string[],
    out: Observation[],
    extra: readonly ChipTag[],
  ): void {
    const e = this.emptied.get(source);
    if (e !== undefined && tags.some((tag) => e.left.includes(tag))) {
      // They left the zone unread and have now reached the pot (or another zone): the seat's push.
      this.readAsItStood(t, source, e, extra, out);
      return;
    }
    const zone = this.zones.get(source);
    if (zone?.changedAt != null && tags.some((tag) => zone.current.has(tag) && !zone.settled.has(tag))) {
      const read = this.settle(t, source, zone);
      out.push(extra.length > 0 && read.type === "zone_settled" ? { ...read, sweptWith: [...extra] } : read);
    }
  }

  /** A zone whose unread chips left it is read as it stood just before they left, with `extra`. */
  private readAsItStood(
    t: number,
    source: string,
    e: Emptied,
    extra: readonly ChipTag[],
    out: Observation[],
  ): void {
    this.decided(source, e, t);
    const chips = e.stood.map(([tag, denomination]) => ({ tag, denomination }));
    const zone = this.zones.get(source);
    const settled = zone?.settled ?? new Map<string, number>();
    const added = chips.filter((c) => !settled.has(c.tag));
    out.push({
      type: "zone_settled",
      t,
      antenna: source,
      chips,
      added,
      total: chipTotal(chips),
      ...(extra.length > 0 ? { sweptWith: [...extra] } : {}),
      ...(e.changedAt !== undefined ? { changedAt: e.changedAt } : {}),
    });
    if (zone) zone.settled = zone.current;
  }

  /**
   * The chips of a report that the zone holds: those last newly reported there. Usually all of them, and
   * then the report's own map (never edited after) is the zone's.
   */
  private heldHere(antenna: string, reported: ReadonlyMap<string, number>): ReadonlyMap<string, number> {
    let all = true;
    for (const tag of reported.keys()) if (this.places.get(tag)?.antenna !== antenna) all = false;
    if (all) return reported;
    const here = new Map<string, number>();
    for (const [tag, denomination] of reported) {
      if (this.places.get(tag)?.antenna === antenna) here.set(tag, denomination);
    }
    return here;
  }

  private update(t: number, antenna: string, now: ReadonlyMap<string, number>): void {
    let zone = this.zones.get(antenna);
    if (!zone) {
      if (now.size === 0) return;
      zone = { settled: new Map(), current: new Map(), changedAt: null };
      this.zones.set(antenna, zone);
    }
    if (sameChips(zone.current, now)) return;
    // Every chip that left unread is listed again: a flicker, not a move (spec: a tag missing from one
    // report and back in the next is not a move), so the zone was never emptied.
    const e = this.emptied.get(antenna);
    if (e !== undefined && e.left.every((tag) => now.has(tag))) this.decided(antenna, e, t);
    if (isBetZone(antenna) && zone.changedAt !== null && !this.emptied.has(antenna)) {
      const left = [...zone.current.keys()].filter((tag) => !zone.settled.has(tag) && !now.has(tag));
      if (left.length > 0) {
        const changedAt = zone.changedAt;
        const since = zone.since ?? changedAt;
        this.emptied.set(antenna, {
          t,
          stood: [...zone.current],
          left,
          due: this.emptiedDue(t),
          changedAt,
          since,
        });
      }
    }
    const wasSettled = zone.changedAt === null;
    zone.current = now;
    zone.changedAt = sameChips(zone.settled, now) ? null : t;
    delete zone.notBefore;
    if (zone.changedAt === null) delete zone.since;
    else if (wasSettled || zone.since === undefined) zone.since = t;
    if (zone.changedAt === null) this.unsettled.delete(antenna);
    else this.unsettled.add(antenna);
  }

  /**
   * When unread chips that left a zone, reported at `t`, and were seen nowhere were taken back. The pot
   * reports chips swept into it up to a scan round after they land, and the sweep itself takes time
   * (the dealer gathers the bets zone by zone). A round-robin reader reports the zone's emptying only K
   * missed scans after the chips left, (K - 1) rounds at least, which covered that; but the host's focus
   * rescans the zone of the seat to act, and its emptying may be reported as the chips leave (missedScans
   * 2 and settleWindowMs 900 with focus, seed 54 at 300 ms rounds: a closing call swept 45 ms after its
   * last chips, the zone reported empty 38 ms later, the pot 340 ms after that: a false CHIPS_TAKEN_BACK
   * and UNDERCALL). So the window is K rounds from the report, as if the emptying had been seen as late as
   * a round-robin reader sees it; it runs out 1 ms past them, as windows due at a time run before that
   * time's reports.
   */
  private emptiedDue(t: number): number {
    return t + this.windows.lagMs - this.windows.scanRoundMs + 1;
  }

  private settle(t: number, antenna: string, zone: ZoneState): Observation {
    const chips: ChipTag[] = [];
    const added: ChipTag[] = [];
    for (const [tag, denomination] of zone.current) {
      const chip = { tag, denomination };
      chips.push(chip);
      if (!zone.settled.has(tag)) added.push(chip);
    }
    const changedAt = zone.changedAt ?? t;
    zone.settled = zone.current;
    zone.changedAt = null;
    delete zone.notBefore;
    delete zone.since;
    this.unsettled.delete(antenna);
    return { type: "zone_settled", t, antenna, chips, added, total: chipTotal(chips), changedAt };
  }
}

function min(a: number | null, b: number): number {
  return a === null || b < a ? b : a;
}

function sameChips(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  if (a.size !== b.size) return false;
  for (const k of a.keys()) if (!b.has(k)) return false;
  return true;
}
