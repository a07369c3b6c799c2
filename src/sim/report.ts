/**
 * The detection report: the controller's alerts against the simulated table's ground truth. An error is
 * detected when its code is alerted while the injected situation lasts (plus the reading latency, when
 * the readers scan in rounds); an alert that no error explains (info alerts aside) is a false alert; a
 * hand that ends with other stacks than the dealer paid is a mismatch. At random pace every figure is
 * also kept per pace profile (the dealer drawn for the hand).
 */
import type { AlertEvent, DeckCheckEvent, TableEvent } from "../contract/output.js";
import type { ExpectedEnd, Truth } from "./truth.js";

export interface CodeCount {
  injected: number;
  detected: number;
  falseAlerts: number;
}

/** A few examples of what went wrong, for the report. */
export interface Sample {
  readonly hand: number;
  readonly t: number;
  readonly text: string;
}

const MAX_SAMPLES = 5;

/** The reading windows that delay what the table sees (configuration `reading`, `settleWindowMs`). */
export interface ReadingWindows {
  readonly scanRoundMs: number;
  readonly missedScans: number;
  readonly settleWindowMs: number;
}

/**
 * How long after a situation ends its alert may still come, when the readers scan in rounds. The table
 * sees a change at the antenna's next scan (up to one round late); a departure only after K missed
 * scans (K rounds); a round's reports arrive in channel order, so what ends a situation may be reported
 * a round before the move that made it (one more round); a bet is read once its zone has been steady for
 * the settle window; and the reading model may defer a judgement of order by one scan round (spec
 * "Reading at any pace"). (K + 2) rounds + settle + 1 round, and nothing more.
 */
export function readingLatencyMs(w: ReadingWindows): number {
  return (w.missedScans + 2) * w.scanRoundMs + w.settleWindowMs + w.scanRoundMs;
}

/** One pace profile's share of the run. */
export interface ProfileCounts {
  readonly counts: Map<string, CodeCount>;
  hands: number;
  mismatches: number;
  missed: number;
}

export class DetectionLedger {
  readonly counts = new Map<string, CodeCount>();
  /** The same counts per pace profile (`fixed`, or the dealers drawn at random pace). */
  readonly profiles = new Map<string, ProfileCounts>();
  readonly missed: Sample[] = [];
  readonly falseAlerts: Sample[] = [];
  readonly mismatches: Sample[] = [];
  mismatchCount = 0;
  missedCount = 0;
  hands = 0;
  private truths: Truth[] = [];
  private readonly ends = new Map<number, ExpectedEnd>();
  /** The pace profile of each hand (re-deals included). */
  private readonly handProfile = new Map<number, string>();
  private currentHand = 0;

  /**
   * `latencyMs`: how long after a situation ends its alert still counts (readingLatencyMs with scan
   * rounds; 0 when every change is reported the moment it happens).
   */
  constructor(readonly latencyMs = 0) {}

  /** Ground truth of the hands just played (before their events reach the controller). */
  expect(truths: readonly Truth[], ends: readonly ExpectedEnd[], profile = "fixed"): void {
    this.truths.push(...truths);
    for (const e of ends) {
      this.ends.set(e.hand, e);
      this.handProfile.set(e.hand, profile);
    }
    for (const t of truths) if (!this.handProfile.has(t.hand)) this.handProfile.set(t.hand, profile);
  }

  /** Table events from the controller. */
  observe(events: readonly TableEvent[]): void {
    for (const e of events) {
      if (e.kind === "hand_start") this.currentHand = e.hand;
      else if (e.kind === "alert") this.alert(e);
      else if (e.kind === "hand_end") this.handEnd(e.hand, e.result, e.stacks);
      else if (e.kind === "deck_check") this.deckCheck(e);
    }
  }

  /** Closes the errors whose situation is over by `t` (all of them at the end of the run). */
  settle(t?: number): void {
    const keep: Truth[] = [];
    for (const truth of this.truths) {
      if (t !== undefined && truth.to + this.latencyMs >= t) {
        keep.push(truth);
        continue;
      }
      if (truth.optional) continue;
      const profile = this.profile(truth.hand);
      for (const c of [this.count(truth.code), this.count(truth.code, profile.counts)]) {
        c.injected += 1;
        if (truth.detected) c.detected += 1;
      }
      if (!truth.detected) {
        this.missedCount += 1;
        profile.missed += 1;
        this.sample(this.missed, { hand: truth.hand, t: truth.from, text: `${truth.code}: ${truth.what}` });
      }
    }
    this.truths = keep;
    if (t === undefined) {
      for (const end of this.ends.values()) {
        this.mismatchCount += 1;
        this.profile(end.hand).mismatches += 1;
        this.sample(this.mismatches, { hand: end.hand, t: 0, text: "the controller did not end this hand" });
      }
      this.ends.clear();
    }
  }

  /** Whether the run is clean: every error detected, no false alert, every hand paid as dealt. */
  get clean(): boolean {
    const falseTotal = [...this.counts.values()].reduce((sum, c) => sum + c.falseAlerts, 0);
    return this.missedCount === 0 && falseTotal === 0 && this.mismatchCount === 0;
  }

  count(code: string, counts: Map<string, CodeCount> = this.counts): CodeCount {
    let c = counts.get(code);
    if (!c) {
      c = { injected: 0, detected: 0, falseAlerts: 0 };
      counts.set(code, c);
    }
    return c;
  }

  /** The counts of the profile a hand was dealt at. */
  private profile(hand: number): ProfileCounts {
    const name = this.handProfile.get(hand) ?? "fixed";
    let p = this.profiles.get(name);
    if (!p) {
      p = { counts: new Map(), hands: 0, mismatches: 0, missed: 0 };
      this.profiles.set(name, p);
    }
    return p;
  }

  private alert(e: AlertEvent): void {
    let explained = false;
    for (const truth of this.truths) {
      if (truth.code === e.code && e.t >= truth.from && e.t <= truth.to + this.latencyMs) {
        truth.detected = true;
        explained = true;
      }
    }
    if (explained || e.severity === "info") return;
    this.count(e.code).falseAlerts += 1;
    this.count(e.code, this.profile(this.currentHand).counts).falseAlerts += 1;
    this.sample(this.falseAlerts, { hand: this.currentHand, t: e.t, text: `${e.code}: ${e.text}` });
  }

  /** A deck check's result must be exactly what the dealer spread (its truth), or it is a mismatch. */
  private deckCheck(e: DeckCheckEvent): void {
    const truth = this.truths.find(
      (t) => t.deckCheck !== undefined && e.t >= t.from && e.t <= t.to + this.latencyMs,
    );
    const got = JSON.stringify({
      deck: e.deck,
      cards: e.cards,
      missing: e.missing,
      duplicates: e.duplicates,
      foreign: e.foreign,
    });
    const want = truth?.deckCheck && JSON.stringify(truth.deckCheck);
    if (got === want) return;
    this.mismatchCount += 1;
    this.profile(this.currentHand).mismatches += 1;
    this.sample(this.mismatches, {
      hand: this.currentHand,
      t: e.t,
      text: `deck check: controller ${got}, dealer ${want ?? "no deck check"}`,
    });
  }

  private handEnd(hand: number, result: string, stacks: Record<string, number>): void {
    this.hands += 1;
    const profile = this.profile(hand);
    profile.hands += 1;
    const expected = this.ends.get(hand);
    this.ends.delete(hand);
    const got = JSON.stringify({ result, stacks: normalise(stacks) });
    const want = expected && JSON.stringify({ result: expected.result, stacks: normalise(expected.stacks) });
    if (got === want) return;
    this.mismatchCount += 1;
    profile.mismatches += 1;
    this.sample(this.mismatches, { hand, t: 0, text: `controller ${got}, dealer ${want ?? "no such hand"}` });
  }

  private sample(list: Sample[], s: Sample): void {
    if (list.length < MAX_SAMPLES) list.push(s);
  }
}

function normalise(stacks: Record<string | number, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(stacks)
      .map(([k, v]) => [String(k), v] as const)
      .sort(([a], [b]) => Number(a) - Number(b)),
  );
}

/** The report as text: one row per code, the totals, then examples of anything that went wrong. */
export function formatReport(
  ledger: DetectionLedger,
  codes: readonly string[],
  header: string,
  notApplicable: readonly string[] = [],
): string {
  const out = [header, ""];
  const profiles = [...ledger.profiles.entries()].filter(([name]) => name !== "fixed");
  if (profiles.length > 0) {
    // Random pace: one block per dealer profile, then the totals.
    for (const [name, p] of profiles.sort(([a], [b]) => a.localeCompare(b))) {
      out.push(
        `pace ${name}: ${p.hands} hands, ${p.missed} missed, ${p.mismatches} stack or result mismatches`,
      );
      out.push(...codeTable(p.counts, codes, notApplicable, true), "");
    }
    out.push("all paces:");
  }
  out.push(...codeTable(ledger.counts, codes, notApplicable, false));
  out.push(
    "",
    `hands ended by the controller: ${ledger.hands}; stack or result mismatches: ${ledger.mismatchCount}`,
  );
  if (ledger.latencyMs > 0)
    out.push(`an alert counts up to ${ledger.latencyMs} ms after its situation ends (the reading latency)`);
  const list = (title: string, samples: readonly Sample[]) => {
    if (samples.length === 0) return;
    out.push("", title);
    for (const s of samples) out.push(`  hand ${s.hand} t=${s.t}: ${s.text}`);
  };
  list("missed (first few):", ledger.missed);
  list("false alerts (first few):", ledger.falseAlerts);
  list("mismatches (first few):", ledger.mismatches);
  out.push("", ledger.clean ? "RESULT: clean" : "RESULT: NOT clean");
  return `${out.join("\n")}\n`;
}

/** One row per code (those with nothing to show left out when `compact`), then the totals. */
function codeTable(
  counts: ReadonlyMap<string, CodeCount>,
  codes: readonly string[],
  notApplicable: readonly string[],
  compact: boolean,
): string[] {
  const rows = [["code", "injected", "detected", "missed", "false alerts"]];
  const total = { injected: 0, detected: 0, falseAlerts: 0 };
  const extra = [...counts.keys()].filter((c) => !codes.includes(c));
  for (const code of [...codes, ...extra]) {
    if (notApplicable.includes(code)) {
      if (!compact) rows.push([code, "—", "—", "—", "—"]);
      continue;
    }
    const c = counts.get(code) ?? { injected: 0, detected: 0, falseAlerts: 0 };
    total.injected += c.injected;
    total.detected += c.detected;
    total.falseAlerts += c.falseAlerts;
    if (compact && c.injected === 0 && c.falseAlerts === 0) continue;
    rows.push([code, `${c.injected}`, `${c.detected}`, `${c.injected - c.detected}`, `${c.falseAlerts}`]);
  }
  rows.push([
    "total",
    `${total.injected}`,
    `${total.detected}`,
    `${total.injected - total.detected}`,
    `${total.falseAlerts}`,
  ]);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  return rows.map(line);
}
