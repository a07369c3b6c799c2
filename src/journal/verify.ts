/**
 * Checking a journal against its table key. `verifyJournal` (`journal verify`) walks every row — chain,
 * MAC, input numbering, contents — then every checkpoint, the hands index and the anchor, and names the
 * first bad row. `verifyTail` is what recovery can afford on every start, and checks what recovery builds
 * on: the identity, the anchor, the row count, the latest checkpoint (signature, head, hands index) and
 * every row after it. A damaged file gives a verdict too (BROKEN, and where), never a stack trace.
 *
 * Over 300 lines, knowingly: the full walk and the tail check share every row and checkpoint check,
 * and a verdict must be the same whichever of the two reached it.
 */
import { z } from "zod";
import { InputEvent } from "../contract/input.js";
import { type AnchorRecord, anchorExists, readAnchor } from "./anchor.js";
import {
  CheckpointRowSchema,
  checkpointsBefore,
  type Db,
  eventRows,
  type EventRow,
  NoticeRecord,
  readMeta,
  rowAt,
  type StoredCheckpoint,
} from "./db.js";
import {
  checkpointText,
  genesis,
  identityText,
  type JournalIdentity,
  macText,
  nextHandsDigest,
  NO_HANDS,
  rowHash,
} from "./hashChain.js";
import type { TableKey } from "./tableKey.js";

export type VerifyResult =
  | {
      ok: true;
      rows: number;
      inputs: number;
      checkpoints: number;
      hands: number;
      head: string;
      /** "key": rows checked by their MAC; "public": by the signatures alone (an auditor's check). */
      mode: "key" | "public";
    }
  | { ok: false; rows: number; badSeq: number; problem: string };

type Bad = Extract<VerifyResult, { ok: false }>;

export interface VerifyOptions {
  key: TableKey;
  /** The database's path: the anchor lives beside it (null: no anchor check, e.g. a copy without it). */
  path: string | null;
}

/** Reads and checks the journal's signed identity. */
export function readIdentity(db: Db, key: TableKey): JournalIdentity | Bad {
  const m = readMeta(db);
  const bad = (problem: string): Bad => ({ ok: false, rows: 0, badSeq: 0, problem });
  if (m.id === undefined || m.public_key === undefined || m.sig === undefined) {
    return bad(
      "the journal has no signed identity (not a journal of this layout, or its identity was removed)",
    );
  }
  const identity: JournalIdentity = {
    id: m.id,
    publicKey: m.public_key,
    seqBase: Number(m.seq_base ?? "0"),
    created: m.created ?? "",
  };
  if (identity.publicKey !== key.publicPem) {
    return bad(`the journal was made under another table key than ${key.id}`);
  }
  if (!key.verify(identityText(identity), m.sig))
    return bad("the journal's identity is not signed by this table key");
  return identity;
}

/** Checks one row after `prev` (the row before's hash, input number and t). */
function rowProblem(
  row: EventRow,
  expectSeq: number,
  prev: { hash: string; input: number; t: number },
  identity: JournalIdentity,
  key: TableKey,
): string | null {
  if (row.seq !== expectSeq) {
    return row.seq > expectSeq
      ? `row ${expectSeq}${row.seq - expectSeq > 1 ? `–${row.seq - 1}` : ""} is missing (the next row is ${row.seq})`
      : `row ${row.seq} is out of order (expected ${expectSeq})`;
  }
  if (row.prev !== prev.hash)
    return `row ${row.seq} does not follow row ${row.seq - 1} (its prev hash differs)`;
  if (rowHash(row.seq, row.t, row.prev, row.event) !== row.hash) {
    return `row ${row.seq} was changed after it was written (its hash does not match its content)`;
  }
  if (key.mac !== null && key.mac(macText(identity.id, row.seq, row.hash, row.input)) !== row.mac) {
    return `row ${row.seq} was not written with the table key (its MAC does not match: changed, added or moved)`;
  }
  return contentProblem(row, prev);
}

/** A well-chained row must still hold a valid event (or notice), in time order, with the next input number. */
function contentProblem(row: EventRow, prev: { input: number; t: number }): string | null {
  let json: unknown;
  try {
    json = JSON.parse(row.event);
  } catch {
    return `row ${row.seq}: the stored event is not JSON`;
  }
  const isNotice = row.input === null;
  const parsed = isNotice ? NoticeRecord.safeParse(json) : InputEvent.safeParse(json);
  if (!parsed.success)
    return `row ${row.seq}: the stored event is not a valid ${isNotice ? "notice" : "input event"}`;
  if (!isNotice && row.input !== prev.input + 1) {
    return `row ${row.seq}: input number ${row.input} after ${prev.input}`;
  }
  if (parsed.data.t !== row.t)
    return `row ${row.seq}: the event's t (${parsed.data.t}) differs from the row's t (${row.t})`;
  if (row.t < prev.t) return `row ${row.seq}: t goes back in time (${row.t} after ${prev.t})`;
  return null;
}

/** Every row, checkpoint and hand, and the anchor: the first bad row named. */
export function verifyJournal(db: Db, options: VerifyOptions): VerifyResult {
  let rows = 0;
  try {
    return verifyAll(db, options, (n) => (rows = n));
  } catch (e) {
    return { ok: false, rows, badSeq: rows + 1, problem: `the database file is damaged (${describe(e)})` };
  }
}

function verifyAll(db: Db, { key, path }: VerifyOptions, progress: (rows: number) => void): VerifyResult {
  const identity = readIdentity(db, key);
  if ("ok" in identity) return identity;
  let prev = { hash: genesis(identity), input: 0, t: 0 };
  let rows = 0;
  const heads = new Map<number, string>();
  const checkpointSeqs = new Set(
    (db.prepare("SELECT seq FROM checkpoints").all() as { seq: number }[]).map((r) => r.seq),
  );
  // Rows checked by signatures alone (no MAC): the first signed point after a bad stretch names it.
  let lastSigned = 0;
  for (const row of eventRows(db, Number.MIN_SAFE_INTEGER)) {
    const problem = rowProblem(row, rows + 1, prev, identity, key);
    if (problem !== null) return { ok: false, rows, badSeq: Math.min(row.seq, rows + 1), problem };
    if (checkpointSeqs.has(row.seq)) heads.set(row.seq, row.hash);
    prev = { hash: row.hash, input: row.input ?? prev.input, t: row.t };
    rows += 1;
    progress(rows);
  }
  // Checkpoints, oldest first, each against the chain and the hands index up to its hand.
  const checkpoints = z
    .array(CheckpointRowSchema)
    .parse(db.prepare("SELECT seq, hand, t, head, hands, state, sig FROM checkpoints ORDER BY seq").all());
  const hands = handDigestRows(db);
  let digest = NO_HANDS;
  let h = 0;
  for (const cp of checkpoints) {
    const bad = (problem: string): Bad => ({
      ok: false,
      rows,
      badSeq: key.mac === null ? lastSigned + 1 : cp.seq,
      problem,
    });
    if (!key.verify(checkpointText(identity.id, cp), cp.sig)) {
      return bad(`the checkpoint at row ${cp.seq} is not signed by this table key (forged or changed)`);
    }
    const head = heads.get(cp.seq);
    if (head === undefined) {
      return bad(
        `the checkpoint at row ${cp.seq} is past the end of the journal (rows were removed from the end)`,
      );
    }
    if (head !== cp.head) {
      return bad(
        `the rows ${lastSigned + 1}–${cp.seq} are not the rows the table signed at its checkpoint at row ${cp.seq} (a rewrite with the chain recomputed)`,
      );
    }
    while (h < hands.length && (hands[h]?.hand ?? 0) <= cp.hand)
      digest = nextHandsDigest(digest, hands[h++]!);
    if (digest !== cp.hands) {
      return {
        ok: false,
        rows,
        badSeq: cp.seq,
        problem: `the hands index up to hand ${cp.hand} is not the one signed at the checkpoint at row ${cp.seq} (edited)`,
      };
    }
    lastSigned = cp.seq;
  }
  const lastCp = checkpoints.at(-1);
  const open = hands.slice(h);
  // After the last checkpoint: the hand in progress, after any hands that ended on the very row that
  // started the next (a shuffler press that declares a misdeal or ends a hand begins the next hand in
  // the same input, so the table is never between hands there and has no state to checkpoint).
  const chained = open.every((x, i) => {
    const next = open[i + 1];
    return next === undefined ? x.endSeq === null : x.endSeq !== null && x.endSeq === next.startSeq;
  });
  if (!chained || open.some((x) => x.startSeq <= (lastCp?.seq ?? 0) || x.startSeq > rows)) {
    return {
      ok: false,
      rows,
      badSeq: open[0]?.startSeq ?? rows,
      problem: `the hands index holds hands after the last checkpoint that the journal's rows do not (hand ${open.map((x) => x.hand).join(", ")})`,
    };
  }
  if (path !== null) {
    const problem = anchorProblem(path, key, identity, rows, prev.hash);
    if (problem !== null) return { ok: false, rows, ...problem };
  }
  return {
    ok: true,
    rows,
    inputs: prev.input,
    checkpoints: checkpoints.length,
    hands: hands.length,
    head: prev.hash,
    mode: key.mac === null ? "public" : "key",
  };
}

/** What is wrong between the anchor and the database's last row, or null. */
function anchorProblem(
  path: string,
  key: TableKey,
  identity: JournalIdentity,
  last: number,
  lastHash: string,
): { badSeq: number; problem: string; restore?: AnchorRecord } | null {
  const anchor = readAnchor(path, key, identity.id);
  if (anchor === null) {
    if (last === 0 && !anchorExists(path)) return null;
    return {
      badSeq: last,
      problem: anchorExists(path)
        ? "no anchor slot holds a head signed by this table key for this journal"
        : "the anchor (the signed head kept beside the database) is missing",
    };
  }
  if (anchor.seq === last) {
    return anchor.hash === lastHash
      ? null
      : { badSeq: last, problem: `row ${last} is not the row the signed anchor names` };
  }
  if (anchor.seq === last + 1 && anchor.prev === lastHash) {
    return {
      badSeq: anchor.seq,
      problem: `row ${anchor.seq} is in the signed anchor but not in the database (a crash between the two writes, or the last row deleted; recovery writes it back)`,
      restore: anchor,
    };
  }
  if (anchor.seq > last) {
    return {
      badSeq: last + 1,
      problem: `rows ${last + 1}–${anchor.seq} are missing from the end of the database (the signed anchor is at row ${anchor.seq}; rows removed, or the -wal deleted)`,
    };
  }
  return {
    badSeq: anchor.seq + 1,
    problem: `rows ${anchor.seq + 1}–${last} come after the signed anchor (row ${anchor.seq}): added without the table key`,
  };
}

/** What recovery may build on, once checked. */
export interface TailVerdict {
  ok: true;
  identity: JournalIdentity;
  checkpoint: StoredCheckpoint | null;
  /** A row the anchor holds and the database lost to a crash: recovery writes it first. */
  restore: AnchorRecord | null;
  rows: number;
}

/** The checks recovery runs before it builds on a journal (see the module comment). */
export function verifyTail(db: Db, options: VerifyOptions): TailVerdict | Bad {
  try {
    return tail(db, options);
  } catch (e) {
    return { ok: false, rows: 0, badSeq: 0, problem: `the database file is damaged (${describe(e)})` };
  }
}

function tail(db: Db, { key, path }: VerifyOptions): TailVerdict | Bad {
  const identity = readIdentity(db, key);
  if ("ok" in identity) return identity;
  const count = db.prepare("SELECT count(*) AS n, min(seq) AS lo, max(seq) AS hi FROM events").get() as {
    n: number;
    lo: number | null;
    hi: number | null;
  };
  const last = count.hi ?? 0;
  if (count.n !== last || (count.n > 0 && count.lo !== 1)) {
    return {
      ok: false,
      rows: 0,
      badSeq: 0,
      problem: `the journal holds ${count.n} rows numbered ${count.lo ?? 0}–${last}: rows were removed`,
    };
  }
  const lastHash = last === 0 ? genesis(identity) : (rowAt(db, last)?.hash ?? "");
  let restore: AnchorRecord | null = null;
  if (path !== null) {
    const problem = anchorProblem(path, key, identity, last, lastHash);
    if (problem !== null && problem.restore === undefined)
      return { ok: false, rows: last, badSeq: problem.badSeq, problem: problem.problem };
    restore = problem?.restore ?? null;
  }
  const cp = checkpointsBefore(db).next().value ?? null;
  let prev = { hash: genesis(identity), input: 0, t: 0 };
  if (cp !== null) {
    const bad = (problem: string): Bad => ({ ok: false, rows: last, badSeq: cp.seq, problem });
    if (!key.verify(checkpointText(identity.id, { ...cp, state: cp.stateText }), cp.sig)) {
      return bad(`the checkpoint at row ${cp.seq} is not signed by this table key (forged or changed)`);
    }
    const row = rowAt(db, cp.seq);
    if (row === null) return bad(`the checkpoint at row ${cp.seq} is past the end of the journal`);
    if (row.hash !== cp.head || rowHash(row.seq, row.t, row.prev, row.event) !== row.hash) {
      return bad(`row ${cp.seq} is not the row the table signed at its checkpoint`);
    }
    if (key.mac !== null && key.mac(macText(identity.id, row.seq, row.hash, row.input)) !== row.mac) {
      return bad(`row ${cp.seq} was not written with the table key (its MAC does not match)`);
    }
    let digest = NO_HANDS;
    for (const h of handDigestRows(db)) if (h.hand <= cp.hand) digest = nextHandsDigest(digest, h);
    if (digest !== cp.hands)
      return bad(
        `the hands index up to hand ${cp.hand} is not the one signed at the checkpoint at row ${cp.seq} (edited)`,
      );
    prev = { hash: row.hash, input: lastInputAt(db, cp.seq), t: row.t };
  }
  let expect = (cp?.seq ?? 0) + 1;
  for (const row of eventRows(db, expect)) {
    const problem = rowProblem(row, expect, prev, identity, key);
    if (problem !== null) return { ok: false, rows: last, badSeq: row.seq, problem };
    prev = { hash: row.hash, input: row.input ?? prev.input, t: row.t };
    expect += 1;
  }
  return { ok: true, identity, checkpoint: cp, restore, rows: last };
}

/** The input number at or before row `seq` (MAC-covered on each row). */
function lastInputAt(db: Db, seq: number): number {
  const r = db
    .prepare("SELECT input FROM events WHERE seq <= ? AND input IS NOT NULL ORDER BY seq DESC LIMIT 1")
    .get(seq) as { input: number } | undefined;
  return r?.input ?? 0;
}

/** The hands index as stored (stacks as their text), in hand order: what the digest covers. */
export function handDigestRows(db: Db): Parameters<typeof nextHandsDigest>[1][] {
  const rows = db.prepare("SELECT * FROM hands ORDER BY hand").all() as {
    hand: number;
    start_seq: number;
    start_t: number;
    start_wall: string | null;
    game: string;
    button: number;
    redeal: number;
    end_seq: number | null;
    end_t: number | null;
    end_wall: string | null;
    result: string | null;
    stacks: string | null;
  }[];
  return rows.map((r) => ({
    hand: r.hand,
    startSeq: r.start_seq,
    startT: r.start_t,
    startWall: r.start_wall,
    game: r.game,
    button: r.button,
    redeal: r.redeal !== 0,
    endSeq: r.end_seq,
    endT: r.end_t,
    endWall: r.end_wall,
    result: r.result,
    stacks: r.stacks,
  }));
}

function describe(e: unknown): string {
  const code =
    typeof e === "object" && e !== null && "code" in e ? String((e as { code: unknown }).code) : "";
  const msg = e instanceof Error ? e.message : String(e);
  return code === "" ? msg : `${code}: ${msg}`;
}

/** The latest checkpoint at or before row `atOrBefore` whose signature holds (export and history start there). */
export function signedCheckpoint(
  db: Db,
  key: TableKey,
  atOrBefore = Number.MAX_SAFE_INTEGER,
): StoredCheckpoint | null {
  const identity = readIdentity(db, key);
  if ("ok" in identity) return null;
  for (const cp of checkpointsBefore(db, atOrBefore)) {
    if (key.verify(checkpointText(identity.id, { ...cp, state: cp.stateText }), cp.sig)) return cp;
  }
  return null;
}
