/**
 * What a failing journal says: one clear reason per fault (full disk, read-only or corrupt database,
 * missing directory), as a floor alert for the table and a log line for the operator.
 */
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { pino, type Logger } from "pino";
import { type AlertCode, alert } from "../contract/alerts.js";
import type { AlertClearEvent, AlertEvent } from "../contract/output.js";

/** The alert code of a journal that stopped writing (a new code; the contract allows them). */
export const JOURNAL_FAULT = "JOURNAL_FAULT" satisfies AlertCode;
/** The info notice of a restart whose wall clock jumped forward past the downtime the table counts. */
export const CLOCK_JUMP = "CLOCK_JUMP" satisfies AlertCode;
/** The info alert shown while a hand recovered from the journal is still being played. */
export const HAND_RECOVERED = "HAND_RECOVERED" satisfies AlertCode;

export type FaultKind = "missing-directory" | "read-only" | "corrupt" | "disk-full" | "other";

export interface JournalFault {
  kind: FaultKind;
  /** One sentence for the floor: what is wrong with the journal. */
  reason: string;
  /** The underlying error code (e.g. SQLITE_FULL), for the log. */
  code: string;
}

/** The journal's log: JSON lines on stderr (pino), so stdout stays table events only. */
export function journalLogger(): Logger {
  return pino({ name: "journal" }, pino.destination({ fd: 2, sync: true }));
}

/** Names the fault behind an error from opening or writing the database at `path`. */
export function classifyFault(error: unknown, path: string): JournalFault {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (!existsSync(dirname(path))) {
    return {
      kind: "missing-directory",
      code,
      reason: `the journal directory ${dirname(path)} does not exist`,
    };
  }
  if (code.startsWith("SQLITE_READONLY") || code === "EROFS" || code === "EACCES") {
    return { kind: "read-only", code, reason: `the journal database ${path} is read-only` };
  }
  if (code.startsWith("SQLITE_CORRUPT") || code === "SQLITE_NOTADB") {
    return {
      kind: "corrupt",
      code,
      reason: `the journal database ${path} is corrupt (${message})`,
    };
  }
  if (code === "SQLITE_FULL" || code === "ENOSPC" || /disk is full|no space/i.test(message)) {
    return { kind: "disk-full", code, reason: `the disk holding the journal ${path} is full` };
  }
  return { kind: "other", code, reason: `the journal ${path} failed: ${message}` };
}

/** The floor alert for a fault: the table keeps running, but not journaling. */
export function faultAlert(t: number, fault: JournalFault, lastSeq: number): AlertEvent {
  return alert(
    t,
    JOURNAL_FAULT,
    `Not journaling: ${fault.reason}. The table keeps running on memory; ` +
      `events after #${lastSeq} are lost if the power fails now`,
    [
      "Finish the hand in progress; do not restart the controller",
      "Call technical support to fix the journal storage",
      "Journaling resumes by itself once the storage is fixed (the events kept in memory are written first)",
    ],
  );
}

/** The journal is writing again: what was kept in memory is on the disk. */
export function faultCleared(t: number): AlertClearEvent {
  return { t, kind: "alert_clear", code: JOURNAL_FAULT };
}

/**
 * The floor alert for a journal that failed its check at start-up: it was not built on, it was set
 * aside for investigation, and a new journal was started.
 */
export function setAsideAlert(t: number, problem: string, asidePath: string): AlertEvent {
  return alert(
    t,
    JOURNAL_FAULT,
    `The journal failed its integrity check at start-up and was not used: ${problem}. ` +
      `It was set aside as ${asidePath} for investigation; a new journal was started and the table starts empty`,
    [
      "Do not deal until the table is set up again from the floor page (game, level, seats and stacks)",
      "Call security and technical support: the old journal may have been tampered with",
      "Keep the set-aside files as they are",
    ],
  );
}

function errorCode(error: unknown): string {
  if (typeof error === "object" && error !== null && "code" in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === "string") return code;
  }
  return "UNKNOWN";
}
