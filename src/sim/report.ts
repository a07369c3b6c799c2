/**
 * The detection report: the controller's alerts against the simulated table's ground truth. An error is
 * detected when its code is alerted while the injected situation lasts; an alert that no error explains
 * (info alerts aside) is a false alert; a hand that ends with other stacks than the dealer paid is a
 * mismatch.
 */
import type { AlertEvent, TableEvent } from "../contract/output.js";
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

export class DetectionLedger {
  readonly counts = new Map<string, CodeCount>();
  readonly missed: Sample[] = [];
  readonly falseAlerts: Sample[] = [];
  readonly mismatches: Sample[] = [];
  mismatchCount = 0;
  missedCount = 0;
  hands = 0;
  private truths: Truth[] = [];
  private readonly ends = new Map<number, ExpectedEnd>();
  private currentHand = 0;

  /** Ground truth of the hands just played (before their events reach the controller). */
  expect(truths: readonly Truth[], ends: readonly ExpectedEnd[]): void {
    this.truths.push(...truths);
    for (const e of ends) this.ends.set(e.hand, e);
  }

  /** Table events from the controller. */
  observe(events: readonly TableEvent[]): void {
    for (const e of events) {
      if (e.kind === "hand_start") this.currentHand = e.hand;
      else if (e.kind === "alert") this.alert(e);
      else if (e.kind === "hand_end") this.handEnd(e.hand, e.result, e.stacks);
    }
  }

  /** Closes the errors whose situation is over by `t` (all of them at the end of the run). */
  settle(t?: number): void {
    const keep: Truth[] = [];
    for (const truth of this.truths) {
      if (t !== undefined && truth.to >= t) {
        keep.push(truth);
        continue;
      }
      const c = this.count(truth.code);
      c.injected += 1;
      if (truth.detected) c.detected += 1;
      else {
        this.missedCount += 1;
        this.sample(this.missed, { hand: truth.hand, t: truth.from, text: `${truth.code}: ${truth.what}` });
      }
    }
    this.truths = keep;
    if (t === undefined) {
      for (const end of this.ends.values()) {
        this.mismatchCount += 1;
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

  count(code: string): CodeCount {
    let c = this.counts.get(code);
    if (!c) {
      c = { injected: 0, detected: 0, falseAlerts: 0 };
      this.counts.set(code, c);
    }
    return c;
  }

  private alert(e: AlertEvent): void {
    let explained = false;
    for (const truth of this.truths) {
      if (truth.code === e.code && e.t >= truth.from && e.t <= truth.to) {
        truth.detected = true;
        explained = true;
      }
    }
    if (explained || e.severity === "info") return;
    this.count(e.code).falseAlerts += 1;
    this.sample(this.falseAlerts, { hand: this.currentHand, t: e.t, text: `${e.code}: ${e.text}` });
  }

  private handEnd(hand: number, result: string, stacks: Record<string, number>): void {
    this.hands += 1;
    const expected = this.ends.get(hand);
    this.ends.delete(hand);
    const got = JSON.stringify({ result, stacks: normalise(stacks) });
    const want = expected && JSON.stringify({ result: expected.result, stacks: normalise(expected.stacks) });
    if (got === want) return;
    this.mismatchCount += 1;
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
  const rows = [["code", "injected", "detected", "missed", "false alerts"]];
  const total = { injected: 0, detected: 0, falseAlerts: 0 };
  const extra = [...ledger.counts.keys()].filter((c) => !codes.includes(c));
  for (const code of [...codes, ...extra]) {
    if (notApplicable.includes(code)) {
      rows.push([code, "—", "—", "—", "—"]);
      continue;
    }
    const c = ledger.counts.get(code) ?? { injected: 0, detected: 0, falseAlerts: 0 };
    total.injected += c.injected;
    total.detected += c.detected;
    total.falseAlerts += c.falseAlerts;
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
  const out = [header, "", line(rows[0]!), ...rows.slice(1, -1).map(line), line(rows[rows.length - 1]!)];
  out.push(
    "",
    `hands ended by the controller: ${ledger.hands}; stack or result mismatches: ${ledger.mismatchCount}`,
  );
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
