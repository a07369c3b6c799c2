/** The table's metrics: reader errors follow the bridge drivers' counters, growing by what they added. */
import { describe, expect, it } from "vitest";
import { TableMetrics } from "../../src/app/metrics.js";
import type { BridgeCounters } from "../../src/devices/bridge/transport.js";

const zero = (): BridgeCounters => ({
  frames: 0,
  crc: 0,
  cobs: 0,
  short: 0,
  version: 0,
  oversize: 0,
  droppedBytes: 0,
  hellos: 0,
  boardResets: 0,
  reconciles: 0,
  beforeHello: 0,
  duplicates: 0,
  gaps: 0,
  resendRequests: 0,
  unmappedChannel: 0,
  bodyErrors: 0,
  unknownTypes: 0,
  opens: 0,
  openFailures: 0,
  disconnects: 0,
  watchdogTimeouts: 0,
  helloTimeouts: 0,
  syncRequests: 0,
  unexpected: 0,
});

describe("TableMetrics", () => {
  it("counts CRC and malformed frames and resends per bridge, across scrapes", async () => {
    const bridge = zero();
    const bridge2 = zero();
    const metrics = new TableMetrics(
      () =>
        new Map([
          ["bridge", bridge],
          ["bridge2", bridge2],
        ]),
    );
    bridge.crc = 3;
    bridge.bodyErrors = 1;
    bridge2.resendRequests = 2;
    let text = await metrics.text();
    expect(text).toMatch(/feltguard_reader_errors_total\{bridge="bridge",kind="crc"\} 3\n/);
    expect(text).toMatch(/feltguard_reader_errors_total\{bridge="bridge",kind="malformed"\} 1\n/);
    expect(text).toMatch(/feltguard_reader_errors_total\{bridge="bridge2",kind="resend"\} 2\n/);
    bridge.crc = 5;
    text = await metrics.text();
    expect(text).toMatch(/feltguard_reader_errors_total\{bridge="bridge",kind="crc"\} 5\n/);
  });

  it("counts table events by kind and alerts by code", async () => {
    const metrics = new TableMetrics();
    metrics.output([
      { t: 1, kind: "alert", code: "PREMATURE_FLOP", rule: "RP-5A", severity: "floor", text: "x", steps: [] },
      { t: 2, kind: "alert", code: "PREMATURE_FLOP", rule: "RP-5A", severity: "floor", text: "x", steps: [] },
      { t: 3, kind: "alert_clear", code: "PREMATURE_FLOP" },
    ]);
    const text = await metrics.text();
    expect(text).toMatch(/feltguard_alerts_total\{code="PREMATURE_FLOP",severity="floor"\} 2\n/);
    expect(text).toMatch(/feltguard_table_events_total\{kind="alert_clear"\} 1\n/);
  });

  it("times each journal append and passes the journal's alerts through", async () => {
    const metrics = new TableMetrics();
    const seen: string[] = [];
    const journal = metrics.timed({ append: (e) => (seen.push(e.kind), seen.length), takeAlerts: () => [] });
    expect(journal.append({ t: 0, kind: "button", button: "shuffler" })).toBe(1);
    expect(journal.takeAlerts?.()).toEqual([]);
    const text = await metrics.text();
    expect(text).toMatch(/feltguard_journal_append_seconds_count 1\n/);
    expect(text).toMatch(/feltguard_input_events_total\{kind="button"\} 1\n/);
  });
});
