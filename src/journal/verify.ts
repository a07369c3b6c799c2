/**
 * `journal verify`: walks the hash chain row by row and names the first row that breaks it — a changed
 * byte, a deleted row, two swapped rows or an inserted row all break it there. Checkpoints are checked
 * against the chain too (a checkpoint whose head is not the chain's hash at its row was not written here).
 */
import { z } from "zod";
import { InputEvent } from "../contract/input.js";
import { type Db, eventRows, HeadRow } from "./db.js";
import { checkpointHash, GENESIS, rowHash } from "./hashChain.js";

export type VerifyResult =
  | { ok: true; rows: number; checkpoints: number; head: string }
  | { ok: false; rows: number; badSeq: number; problem: string };

/** Verifies the whole chain, then the checkpoints. */
export function verifyJournal(db: Db): VerifyResult {
  let expectedSeq = 1;
  let prev = GENESIS;
  let rows = 0;
  let lastT = 0;
  for (const row of eventRows(db, Number.MIN_SAFE_INTEGER)) {
    const bad = (problem: string): VerifyResult => ({ ok: false, rows, badSeq: row.seq, problem });
    if (row.seq !== expectedSeq) {
      return bad(
        row.seq > expectedSeq
          ? `row ${expectedSeq}${row.seq - expectedSeq > 1 ? `–${row.seq - 1}` : ""} is missing (the next row is ${row.seq})`
          : `row ${row.seq} is out of order (expected ${expectedSeq})`,
      );
    }
    if (row.prev !== prev)
      return bad(`row ${row.seq} does not follow row ${row.seq - 1} (its prev hash differs)`);
    if (rowHash(row.seq, row.t, row.prev, row.event) !== row.hash) {
      return bad(`row ${row.seq} was changed after it was written (its hash does not match its content)`);
    }
    const problem = eventProblem(row.event, row.t, lastT);
    if (problem !== null) return bad(`row ${row.seq}: ${problem}`);
    lastT = row.t;
    prev = row.hash;
    expectedSeq += 1;
    rows += 1;
  }
  const checkpoints = checkpointRows(db);
  for (const cp of checkpoints) {
    const head = HeadRow.parse(db.prepare("SELECT hash FROM events WHERE seq = ?").get(cp.seq));
    if (head === undefined) {
      return {
        ok: false,
        rows,
        badSeq: cp.seq,
        problem: `the checkpoint at row ${cp.seq} is past the end of the journal (rows were removed from the end)`,
      };
    }
    if (head.hash !== cp.head || checkpointHash(cp.seq, cp.head, cp.state) !== cp.hash) {
      return {
        ok: false,
        rows,
        badSeq: cp.seq,
        problem: `the checkpoint at row ${cp.seq} does not match the chain`,
      };
    }
  }
  return { ok: true, rows, checkpoints: checkpoints.length, head: prev };
}

/** A well-chained row must still hold a valid event whose `t` agrees with its column. */
function eventProblem(text: string, t: number, lastT: number): string | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return "the stored event is not JSON";
  }
  const parsed = InputEvent.safeParse(json);
  if (!parsed.success) return "the stored event is not a valid input event";
  if (parsed.data.t !== t) return `the event's t (${parsed.data.t}) differs from the row's t (${t})`;
  if (t < lastT) return `t goes back in time (${t} after ${lastT})`;
  return null;
}

const CheckpointRows = z.array(
  z.object({ seq: z.number().int(), head: z.string(), state: z.string(), hash: z.string() }),
);

function checkpointRows(db: Db): z.infer<typeof CheckpointRows> {
  return CheckpointRows.parse(
    db.prepare("SELECT seq, head, state, hash FROM checkpoints ORDER BY seq").all(),
  );
}
