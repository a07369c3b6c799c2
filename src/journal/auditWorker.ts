/**
 * The start-up audit's thread: the whole check of `journal verify` (every row's chain and MAC, every
 * checkpoint, the hands index) on its own read-only connection, so the table need not wait for it.
 */
import { parentPort, workerData } from "node:worker_threads";
import { openForReading } from "./db.js";
import { loadTableKey } from "./tableKey.js";
import { verifyJournal, type VerifyResult } from "./verify.js";

/** What the audit is given. */
export interface AuditJob {
  path: string;
  keyPath: string;
}

function audit(job: AuditJob): VerifyResult {
  try {
    const db = openForReading(job.path);
    try {
      // One read transaction: rows, checkpoints and index from one moment, while the table writes on.
      // The anchor is not read here: it moves on with every row (recovery checked it at start-up).
      return db.transaction(() => verifyJournal(db, { key: loadTableKey(job.keyPath), path: null }))();
    } finally {
      db.close();
    }
  } catch (e) {
    return { ok: false, rows: 0, badSeq: 0, problem: `the audit could not read the journal (${String(e)})` };
  }
}

parentPort?.postMessage(audit(workerData as AuditJob));
