/**
 * The start-up audit: recovery checks only what it builds on (the signed checkpoint and the rows after
 * it), so that a table starts in well under a second; the rest of the journal — every older row — is
 * checked here, on a worker thread, while the table plays. A failure is a floor alert.
 */
import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { alert } from "../contract/alerts.js";
import type { AlertEvent } from "../contract/output.js";
import type { AuditJob } from "./auditWorker.js";
import { JOURNAL_FAULT } from "./faults.js";
import type { VerifyResult } from "./verify.js";

/** Runs the whole check of the journal at `path` on a worker thread; `stop` ends it early. */
export function auditJournal(job: AuditJob): { result: Promise<VerifyResult>; stop: () => Promise<void> } {
  const ext = extname(fileURLToPath(import.meta.url));
  const url = new URL(`./auditWorker${ext}`, import.meta.url);
  let worker: Worker;
  if (ext !== ".ts") {
    worker = new Worker(url, { workerData: job });
  } else {
    const tsx = import.meta.resolve("tsx/esm/api");
    const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
    worker = new Worker(boot, { eval: true, workerData: job });
  }
  worker.unref();
  const result = new Promise<VerifyResult>((resolve, reject) => {
    worker.once("message", (r: VerifyResult) => resolve(r));
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the journal audit stopped (exit ${code})`)));
  });
  return { result, stop: async () => void (await worker.terminate()) };
}

/** The floor alert for history that fails the audit: the table goes on, on the signed checkpoint. */
export function auditAlert(t: number, r: Extract<VerifyResult, { ok: false }>): AlertEvent {
  return alert(
    t,
    JOURNAL_FAULT,
    `The journal's history failed its full check: row ${r.badSeq} — ${r.problem}. ` +
      "The table plays on from its signed checkpoint; the older record is not to be trusted",
    [
      "Call security and technical support: the journal may have been tampered with",
      "Do not export or print history from this journal until it has been examined",
    ],
  );
}
