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
 */
import type { InputEventIn } from "../contract/input.js";

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
      sorted.forEach((a, i) => {
        this.antennas.set(a.name, {
          name: a.name,
          reader,
          offset: Math.floor((i * options.roundMs) / sorted.length),
          order: order++,
          truth: [],
          reported: [],
          misses: new Map(),
          next: null,
        });
      });
    }
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
        if (a === undefined) out.push(e);
        else this.change(a, e.tags, e.t);
      } else if (e.kind === "reader") this.readerStatus(e, out);
      else out.push(e);
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
    }
  }

  /** Runs every due scan earlier than `t`, in time order. */
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
      if (first === null) return;
      this.scan(first, out);
    }
  }

  /** One inventory of one antenna: arrivals at once, departures after K misses (PROTOCOL.md). */
  private scan(a: AntennaState, out: InputEventIn[]): void {
    const t = a.next!;
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
    if (!sameSet(kept, a.reported)) out.push({ t, kind: "tags", antenna: a.name, tags: kept });
    a.reported = kept;
    if (a.misses.size === 0 && sameSet(a.reported, a.truth)) {
      a.next = null;
      this.due.delete(a);
    } else a.next = t + this.options.roundMs;
  }

  /**
   * A reader going offline scans nothing (no report, no miss) until it is back; then, as the bridge
   * does after its HELLO, it reports every antenna's full set, in channel order (a burst at one moment).
   * A reader event that names no configured reader stands for the whole bridge: every reader.
   */
  private readerStatus(e: Extract<InputEventIn, { kind: "reader" }>, out: InputEventIn[]): void {
    // Offline at once; online after the reconciliation burst, as the bridge driver reports it.
    if (e.status === "offline") out.push(e);
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
        if (changed) out.push({ t: e.t, kind: "tags", antenna: a.name, tags: [...a.reported] });
      }
    }
    if (e.status === "online") out.push(e);
  }
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sb].every((x) => sa.has(x));
}
