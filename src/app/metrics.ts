/**
 * The table's Prometheus metrics (prom-client), served at /metrics on the floor page's port: how
 * many events went through (rate() gives events/s), alerts by code, reader errors (frames dropped
 * for a bad CRC or a malformed body, resends asked for), and how long a journal append takes. They
 * are counted at the runtime's edges only: the core never sees them.
 */
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";
import type { TableEvent } from "../contract/output.js";
import type { BridgeCounters } from "../devices/bridge/transport.js";
import type { InputJournal } from "../runtime/runtime.js";

/** Reader error kinds, each from a bridge driver counter. */
const READER_ERRORS = {
  crc: "crc",
  cobs: "cobs",
  short: "short",
  version: "version",
  oversize: "oversize",
  malformed: "bodyErrors",
  unknown_type: "unknownTypes",
  gap: "gaps",
  resend: "resendRequests",
  watchdog: "watchdogTimeouts",
  open_failure: "openFailures",
} as const satisfies Record<string, keyof BridgeCounters>;

export class TableMetrics {
  readonly registry = new Registry();
  private readonly inputs: Counter<"kind">;
  private readonly outputs: Counter<"kind">;
  private readonly alerts: Counter<"code" | "severity">;
  private readonly appendSeconds: Histogram;
  /** What each bridge's counters said at the last scrape: the counter grows by the difference. */
  private readonly seen = new Map<string, Partial<Record<keyof typeof READER_ERRORS, number>>>();

  /** `bridges` gives each bridge's driver counters now (read at every scrape). */
  constructor(bridges: () => ReadonlyMap<string, BridgeCounters> = () => new Map()) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: "feltguard_process_" });
    this.inputs = new Counter({
      name: "feltguard_input_events_total",
      help: "Input events journaled and fed to the core, by kind (rate() is events per second)",
      labelNames: ["kind"],
      registers,
    });
    this.outputs = new Counter({
      name: "feltguard_table_events_total",
      help: "Table events the core said, by kind",
      labelNames: ["kind"],
      registers,
    });
    this.alerts = new Counter({
      name: "feltguard_alerts_total",
      help: "Alerts raised, by code and severity",
      labelNames: ["code", "severity"],
      registers,
    });
    this.appendSeconds = new Histogram({
      name: "feltguard_journal_append_seconds",
      help: "Time to journal one input event (SQLite, synchronous=FULL)",
      // An append is a few hundred microseconds on an SSD and milliseconds on an SD card; a second is a fault.
      buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers,
    });
    const seen = this.seen;
    new Counter({
      name: "feltguard_reader_errors_total",
      help: "Bridge link errors: frames dropped (crc, cobs, short, version, oversize, malformed), gaps, resends asked for, watchdog timeouts, failed opens",
      labelNames: ["bridge", "kind"],
      registers,
      collect() {
        for (const [bridge, counters] of bridges()) {
          const last = seen.get(bridge) ?? {};
          for (const [kind, field] of Object.entries(READER_ERRORS) as [
            keyof typeof READER_ERRORS,
            keyof BridgeCounters,
          ][]) {
            const now = counters[field];
            this.inc({ bridge, kind }, Math.max(0, now - (last[kind] ?? 0)));
            last[kind] = now;
          }
          seen.set(bridge, last);
        }
      },
    });
  }

  /** Wraps a journal so each append is counted and timed; everything else passes through. */
  timed(journal: InputJournal): InputJournal {
    const wrapped: InputJournal = {
      append: (event) => {
        const end = this.appendSeconds.startTimer();
        try {
          return journal.append(event);
        } finally {
          end();
          this.inputs.inc({ kind: event.kind });
        }
      },
    };
    if (journal.takeAlerts) wrapped.takeAlerts = () => journal.takeAlerts?.() ?? [];
    if (journal.notice) wrapped.notice = (events) => journal.notice?.(events);
    if (journal.reached) wrapped.reached = (t) => journal.reached?.(t);
    return wrapped;
  }

  /** A runtime output: counts the table events and the alerts. */
  readonly output = (events: readonly TableEvent[]): void => {
    for (const e of events) {
      this.outputs.inc({ kind: e.kind });
      if (e.kind === "alert") this.alerts.inc({ code: e.code, severity: e.severity });
    }
  };

  /** The exposition for /metrics. */
  get contentType(): string {
    return this.registry.contentType;
  }
  text(): Promise<string> {
    return this.registry.metrics();
  }
}
