/**
 * What a real bridge reports of the felt. The simulated table writes the true felt: a full-set report
 * at the moment each card or chip lands or leaves. A real bridge does not see that: it scans each of
 * its antennas once per round, in channel order (PROTOCOL.md), reports a tag at the first scan that sees
 * it, and reports a tag gone only after K consecutive scans missed it ("Presence: K missed scans"). So
 * reports of one round arrive in channel order, a change undone within a round is never seen, and a
 * moved card is on two antennas' reports for up to K rounds. This module turns the first stream into
 * the second, so the project tests its reading against what a bridge really sends.
 *
 * A stateful stream transformer: its state (what each antenna last reported, the misses counted) carries
 * from one batch of events to the next, so a departure can spill into the next hand's events. Keys, floor
 * operations and reader events pass through at their own times.
 *
 * With the host's focus (scanFocus.ts) a reader also has focus slots, as the bridge's scheduler does.
 * Over 300 lines because the round-robin slots, the focus slots and the presence rule share one
 * time-ordered loop and one antenna state; split apart they would each need the other's internals.
 */
import type { InputEventIn } from "../contract/input.js";
import type { ScanFocus } from "./scanFocus.js";

/** One antenna as the configuration places it: which bridge reads it, on which channel. */
export interface ScanAntenna {
  readonly name: string;
  readonly reader: string;
  readonly channel: number;
}

export interface ScanOptions {
  /** One round over every antenna of a reader, ms (configuration `reading.scanRoundMs`). */
  readonly roundMs: number;
  /** Consecutive missed scans before a tag is reported gone (configuration `reading.missedScans`, the bridge's K). */
  readonly missedScans: number;
  readonly antennas: readonly ScanAntenna[];
  /**
   * The host's focus (scanFocus.ts): each reader's round then has a focus slot after every
   * {@link FOCUS_EVERY} of its antennas' slots, where it scans the next of its antennas the host expects
   * a tag on, as the bridge's scheduler does (PROTOCOL.md, "Focus"). The round stays `roundMs`: the
   * configured round is the longest time between two scans of an antenna, focus included.
   */
  readonly focus?: ScanFocus;
}

/**
 * Antennas' slots per focus slot in a round. Why 4: the focus then takes a fifth of the reader's time,
 * the bridge's share (firmware-bridge/src/core/scheduler.h, kFocusSharePct = 20).
 */
export const FOCUS_EVERY = 4;

/** One reader's focus slots: where they fall in its round and which comes next. */
interface ReaderFocus {
  readonly reader: string;
  readonly antennas: ReadonlySet<string>;
  /** The focus slots' offsets in the round, ms. */
  readonly offsets: readonly number[];
  /** The next focus slot not yet run, ms; only slots while an antenna of the reader is due are run. */
  next: number;
  /** Where the reader is in the cycle through the focus (reset when the focus changes). */
  pos: number;
  key: string;
}

/** The antennas of a configuration, each with its reader and channel. */
export function scanLayout(config: {
  readonly antennas: Readonly<Record<string, { readonly reader: string; readonly channel: number }>>;
}): ScanAntenna[] {
  return Object.entries(config.antennas).map(([name, a]) => ({ name, reader: a.reader, channel: a.channel }));
}

interface AntennaState {
  readonly name: string;
  readonly reader: string;
  /** Where in the round its scan comes: slot i of n at `round start + i·N/n`. */
  readonly offset: number;
  /** Ties between readers scanning at the same ms: readers in order of first mention, then channel. */
  readonly order: number;
  /** What is on the antenna now. */
  truth: readonly string[];
  /** What the bridge last reported for it. */
  reported: string[];
  /** Reported tags that scans have missed, with the count of consecutive misses. */
  readonly misses: Map<string, number>;
  /** When its next scan comes, while what it reports may still change; null when it cannot. */
  next: number | null;
}

export class ScanRounds {
  private readonly antennas = new Map<string, AntennaState>();
  private readonly readers: string[] = [];
  private readonly offline = new Set<string>();
  /** Antennas whose report may still change (a scan is due); the rest are skipped, round after round. */
  private readonly due = new Set<AntennaState>();
  private readonly focusSlots: ReaderFocus[] = [];

  constructor(private readonly options: ScanOptions) {
    if (!(options.roundMs >= 1)) throw new Error(`scan rounds: roundMs ${options.roundMs} is not ≥ 1`);
    if (!(options.missedScans >= 1))
      throw new Error(`scan rounds: missedScans ${options.missedScans} is not ≥ 1`);
    const byReader = new Map<string, ScanAntenna[]>();
    for (const a of options.antennas) {
      const list = byReader.get(a.reader) ?? [];
      list.push(a);
      byReader.set(a.reader, list);
    }
    let order = 0;
    for (const [reader, list] of byReader) {
      this.readers.push(reader);
      const sorted = [...list].sort((a, b) => a.channel - b.channel);
      // With a focus, a focus slot follows every FOCUS_EVERY antennas' slots (none on a small reader).
      const focusSlots = options.focus ? Math.floor(sorted.length / FOCUS_EVERY) : 0;
      const slotMs = options.roundMs / (sorted.length + focusSlots);
      const slotOf = (i: number) => (focusSlots > 0 ? i + Math.floor(i / FOCUS_EVERY) : i);
      if (focusSlots > 0)
        this.focusSlots.push({
          reader,
          antennas: new Set(sorted.map((a) => a.name)),
          offsets: Array.from({ length: focusSlots }, (_, j) =>
            Math.floor((j * (FOCUS_EVERY + 1) + FOCUS_EVERY) * slotMs),
          ),
          next: 0,
          pos: 0,
          key: "",
        });
      sorted.forEach((a, i) => {
        this.antennas.set(a.name, {
          name: a.name,
          reader,
          offset: Math.floor(slotOf(i) * slotMs),
          order: order++,
          truth: [],
          reported: [],
          misses: new Map(),
          next: null,
        });
      });
    }
  }

  /**
   * The bridge as it stands, apart from this one: pushing the same events into both gives the same
   * reports. Null with a focus that cannot be copied.
   */
  copy(): ScanRounds | null {
    const { focus } = this.options;
    if (focus !== undefined && focus.copy === undefined) return null;
    const twin = new ScanRounds(
      focus === undefined ? this.options : { ...this.options, focus: focus.copy!() },
    );
    this.focusSlots.forEach((f, i) =>
      Object.assign(twin.focusSlots[i]!, { next: f.next, pos: f.pos, key: f.key }),
    );
    for (const [name, a] of this.antennas) {
      const b = twin.antennas.get(name)!;
      b.truth = [...a.truth];
      b.reported = [...a.reported];
      for (const [tag, n] of a.misses) b.misses.set(tag, n);
      b.next = a.next;
      if (this.due.has(a)) twin.due.add(b);
    }
    for (const reader of this.offline) twin.offline.add(reader);
    return twin;
  }

  /** How long the table allows a tag that left to be listed (src/reading/tableReader.ts lagMs: K + 1 rounds). */
  get lagMs(): number {
    return (this.options.missedScans + 1) * this.options.roundMs;
  }

  /** What lies on each antenna now (the true felt, not the reports). */
  felt(): Map<string, readonly string[]> {
    const felt = new Map<string, readonly string[]>();
    for (const a of this.antennas.values()) if (a.truth.length > 0) felt.set(a.name, [...a.truth]);
    return felt;
  }

  /** Passes an event on to the table (and to the focus, which follows what the table sees). */
  private emit(out: InputEventIn[], e: InputEventIn): void {
    out.push(e);
    this.options.focus?.observe(e);
  }

  /** The bridge's reports of a batch of true-felt events (in time order), with the events that pass through. */
  push(events: readonly InputEventIn[]): InputEventIn[] {
    const out: InputEventIn[] = [];
    for (const e of events) {
      // A scan at the very ms of a change sees the change: scans strictly before it run first.
      this.scanBefore(e.t, out);
      if (e.kind === "tags") {
        const a = this.antennas.get(e.antenna);
        // An antenna no reader scans (not in the configuration) is passed on as it is.
        if (a === undefined) this.emit(out, e);
        else this.change(a, e.tags, e.t);
      } else if (e.kind === "reader") this.readerStatus(e, out);
      else this.emit(out, e);
    }
    return out;
  }

  /** The scans due before `t` with nothing new on the felt (the simulated time has moved on to `t`). */
  advanceTo(t: number): InputEventIn[] {
    const out: InputEventIn[] = [];
    this.scanBefore(t, out);
    return out;
  }

  /** Every scan still due (the end of a run): the last departures are reported. */
  flush(): InputEventIn[] {
    const out: InputEventIn[] = [];
    this.scanBefore(Number.POSITIVE_INFINITY, out);
    return out;
  }

  private change(a: AntennaState, tags: readonly string[], t: number): void {
    a.truth = [...tags];
    if (this.offline.has(a.reader)) return;
    if (a.next === null) {
      const { roundMs } = this.options;
      // The first slot of this antenna at or after t.
      a.next = Math.ceil((t - a.offset) / roundMs) * roundMs + a.offset;
      this.due.add(a);
      // Its reader's focus slots run again from here (they were skipped while nothing was due).
      const f = this.focusSlots.find((x) => x.reader === a.reader);
      if (f !== undefined && f.next < t) f.next = this.focusSlotFrom(f, t);
    }
  }

  /** Runs every due scan earlier than `t`, in time order (a round-robin slot before a focus slot). */
  private scanBefore(t: number, out: InputEventIn[]): void {
    for (;;) {
      let first: AntennaState | null = null;
      for (const a of this.due) {
        if (
          a.next! < t &&
          (first === null || a.next! < first.next! || (a.next === first.next && a.order < first.order))
        )
          first = a;
      }
      let focus: ReaderFocus | null = null;
      for (const f of this.focusSlots) {
        if (f.next >= t || (focus !== null && f.next >= focus.next)) continue;
        // A focus slot changes nothing while every antenna of its reader reports what lies on it.
        if (![...this.due].some((a) => a.reader === f.reader)) continue;
        focus = f;
      }
      if (focus !== null && (first === null || focus.next < first.next!)) this.focusScan(focus, out);
      else if (first !== null) this.scan(first, out);
      else return;
    }
  }

  /** A round-robin slot: one inventory, then the antenna's next slot if its report may still change. */
  private scan(a: AntennaState, out: InputEventIn[]): void {
    const t = a.next!;
    if (this.inventory(a, t, out)) {
      a.next = null;
      this.due.delete(a);
    } else a.next = t + this.options.roundMs;
  }

  /** A focus slot: the reader scans the next antenna of the host's focus that it serves, if any. */
  private focusScan(f: ReaderFocus, out: InputEventIn[]): void {
    const t = f.next;
    f.next = this.focusSlotFrom(f, t + 1);
    const expected = this.options.focus!.expected(t).filter((name) => f.antennas.has(name));
    if (expected.length === 0) return;
    const key = expected.join(",");
    if (key !== f.key) {
      f.key = key;
      f.pos = 0; // a new focus: the most likely first again
    }
    const a = this.antennas.get(expected[f.pos % expected.length]!)!;
    f.pos += 1;
    // Not due: the scan would see what was reported. Due: its round-robin slot stays where it is.
    if (this.due.has(a) && this.inventory(a, t, out)) {
      a.next = null;
      this.due.delete(a);
    }
  }

  /** The first focus slot of `f`'s reader at or after `t`. */
  private focusSlotFrom(f: ReaderFocus, t: number): number {
    const { roundMs } = this.options;
    const round = Math.floor(t / roundMs) * roundMs;
    for (const off of f.offsets) if (round + off >= t) return round + off;
    return round + roundMs + f.offsets[0]!;
  }

  /**
   * One inventory of one antenna at `t`: arrivals at once, departures after K misses (PROTOCOL.md).
   * True when the antenna reports what lies on it and counts no miss (no scan can change its report).
   */
  private inventory(a: AntennaState, t: number, out: InputEventIn[]): boolean {
    const seen = new Set(a.truth);
    const kept: string[] = [];
    for (const tag of a.reported) {
      if (seen.has(tag)) {
        a.misses.delete(tag);
        kept.push(tag);
        continue;
      }
      const misses = (a.misses.get(tag) ?? 0) + 1;
      if (misses >= this.options.missedScans) a.misses.delete(tag);
      else {
        a.misses.set(tag, misses);
        kept.push(tag);
      }
    }
    const reported = new Set(kept);
    for (const tag of a.truth) if (!reported.has(tag)) kept.push(tag);
    if (!sameSet(kept, a.reported)) this.emit(out, { t, kind: "tags", antenna: a.name, tags: kept });
    a.reported = kept;
    return a.misses.size === 0 && sameSet(a.reported, a.truth);
  }

  /**
   * A reader going offline scans nothing (no report, no miss) until it is back; then, as the bridge
   * does after its HELLO, it reports every antenna's full set, in channel order (a burst at one moment).
   * A reader event that names no configured reader stands for the whole bridge: every reader.
   */
  private readerStatus(e: Extract<InputEventIn, { kind: "reader" }>, out: InputEventIn[]): void {
    // Offline at once; online after the reconciliation burst, as the bridge driver reports it.
    if (e.status === "offline") this.emit(out, e);
    const readers = this.readers.includes(e.reader) ? [e.reader] : this.readers;
    for (const reader of readers) {
      if (e.status === "offline") {
        this.offline.add(reader);
        for (const a of this.antennas.values()) {
          if (a.reader !== reader) continue;
          a.next = null;
          this.due.delete(a);
        }
        continue;
      }
      if (!this.offline.delete(reader)) continue;
      // The snapshot is the truth: the driver reports each antenna whose set differs from its last report.
      for (const a of [...this.antennas.values()].sort((x, y) => x.order - y.order)) {
        if (a.reader !== reader) continue;
        const changed = !sameSet(a.reported, a.truth);
        a.reported = [...a.truth];
        a.misses.clear();
        if (changed) this.emit(out, { t: e.t, kind: "tags", antenna: a.name, tags: [...a.reported] });
      }
    }
    if (e.status === "online") this.emit(out, e);
  }
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sb].every((x) => sa.has(x));
}
