/**
 * How many rows the journal gains per hand beside the inputs: a live table's windows (a bet read when
 * its zone settles, a card gone after its departure window, the tray's judgement) say things with no
 * input, and what they say must keep its number across a restart. svc10 journaled a row for every
 * window that said something (Journal.reached); a row is needed only where a restart could otherwise
 * resume before the window ran, i.e. past what every restart runs anyway (RESTART_RUNS_WINDOWS_MS).
 * The figure is the test's output; its bound is the assertion.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { InputEvent } from "../../src/contract/input.js";
import { eventRows, openForReading } from "../../src/journal/db.js";
import { Journal, RESTART_RUNS_WINDOWS_MS } from "../../src/journal/journal.js";
import { DEFAULT_MAX_DOWNTIME_MS, resumption } from "../../src/journal/recovery.js";
import { assembleTable, noTimer } from "../../src/runtime/assemble.js";
import { registryFromConfig } from "../../src/runtime/tableSettings.js";
import { memoryLogger, tempDir } from "./support.js";
import { pluribusFiles, tableInput } from "./tableInput.js";

const config = loadConfig();
const registry = registryFromConfig(config);
const HANDS = 20;
const inputs = tableInput(pluribusFiles(HANDS));

/** Plays `events` as a live table does: each window runs out when it is due, on the table's timer. */
function playLive(path: string, events: readonly InputEvent[]): void {
  const journal = Journal.open(path, { logger: memoryLogger().logger });
  const clock = { now: 0 };
  const { runtime } = assembleTable(config, {
    journal,
    registry,
    clock: () => () => clock.now,
    setTimer: noTimer,
    outputs: [(e, core) => journal.record(e, core, journal.lastSeq)],
  });
  for (const e of events) {
    for (
      let due = runtime.core.nextDeadline();
      due !== null && due < e.t;
      due = runtime.core.nextDeadline()
    ) {
      clock.now = due;
      runtime.tick();
    }
    clock.now = e.t;
    runtime.submit(e);
  }
  journal.close();
}

function rowsOf(path: string): { inputs: number; reached: number; notices: number } {
  const db = openForReading(path);
  const out = { inputs: 0, reached: 0, notices: 0 };
  for (const row of eventRows(db, 1)) {
    if (row.input !== null) out.inputs += 1;
    else if (row.event.includes('"events":[]')) out.reached += 1;
    else out.notices += 1;
  }
  db.close();
  return out;
}

describe("the journal's rows per hand", () => {
  it(`${HANDS} Pluribus hands played live: the windows add few rows beside the inputs`, () => {
    const path = join(tempDir(), "journal.db");
    playLive(path, inputs);
    const rows = rowsOf(path);
    // The figure for the record (bench/results.md quotes it).
    console.log(
      `journal rows: ${rows.inputs} inputs, ${rows.reached} reached (${(rows.reached / HANDS).toFixed(2)} per hand), ${rows.notices} notices, over ${HANDS} hands`,
    );
    expect(rows.inputs).toBe(inputs.length);
    // svc10's rule journaled 68 rows for these 20 hands (3.4 a hand); only windows that speak more than
    // RESTART_RUNS_WINDOWS_MS after the last row need one, and no window of a hand is that long.
    expect(rows.reached).toBe(0);
  });

  it("a window that speaks up to RESTART_RUNS_WINDOWS_MS after the last row gets no row; one past it does", () => {
    const path = join(tempDir(), "journal.db");
    const journal = Journal.open(path, { logger: memoryLogger().logger });
    journal.append({ t: 1000, kind: "button", button: "check" });
    journal.reached(1000 + RESTART_RUNS_WINDOWS_MS);
    expect(journal.lastSeq).toBe(1);
    journal.reached(1000 + RESTART_RUNS_WINDOWS_MS + 1);
    expect(journal.lastSeq).toBe(2);
    // The next is measured from that row.
    journal.reached(1001 + 2 * RESTART_RUNS_WINDOWS_MS);
    expect(journal.lastSeq).toBe(2);
    journal.close();
  });

  it("a restart with a window pending resumes at least RESTART_RUNS_WINDOWS_MS past the last row, whatever the wall clock says", () => {
    const r = { lastT: 90_000, lastWall: "2026-11-26T20:00:00.000Z" };
    const back = new Date("2026-11-26T19:00:00.000Z");
    expect(resumption(r, back, DEFAULT_MAX_DOWNTIME_MS, true).t).toBe(90_000 + RESTART_RUNS_WINDOWS_MS);
    expect(resumption(r, back, DEFAULT_MAX_DOWNTIME_MS, false).t).toBe(90_000);
    // A downtime the wall clock can vouch for counts as before.
    const later = new Date("2026-11-26T20:00:07.000Z");
    expect(resumption(r, later, DEFAULT_MAX_DOWNTIME_MS, true).t).toBe(97_000);
  });
});
