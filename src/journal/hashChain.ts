/**
 * The journal's chain and what the table key signs. Each row's hash covers its sequence number, its
 * `t`, the previous row's hash and the event exactly as stored, so a changed byte, a deleted row or two
 * swapped rows break the chain at that row; the chain starts from the journal's signed identity, so
 * rows of another table's journal do not chain here. Anyone can recompute a hash: what makes the
 * record tamper-evident is the key — a MAC on every row, and signatures on the identity, the anchor
 * (outside the file, every row) and each checkpoint (every hand's end).
 */
import { createHash } from "node:crypto";

/** One hand of the index as stored: its stacks as the JSON text in the database. */
export interface StoredHand {
  hand: number;
  startSeq: number;
  startT: number;
  startWall: string | null;
  game: string;
  button: number;
  redeal: boolean;
  endSeq: number | null;
  endT: number | null;
  endWall: string | null;
  result: string | null;
  stacks: string | null;
}

export const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

/** The journal's identity: which table key, which journal, the first table-event number. */
export interface JournalIdentity {
  id: string;
  publicKey: string;
  /** Table events of this journal are numbered after this (0 for a table's first journal). */
  seqBase: number;
  created: string;
}

/** What the key signs for the identity; its hash is the chain's genesis. */
export const identityText = (m: JournalIdentity): string =>
  `feltguard journal\n${m.id}\n${m.publicKey}\n${m.seqBase}\n${m.created}`;

/** The `prev` of the first row. */
export const genesis = (m: JournalIdentity): string => sha256(identityText(m));

/** The hash of one journal row. */
export function rowHash(seq: number, t: number, prev: string, event: string): string {
  return createHash("sha256").update(`${seq}\n${t}\n${prev}\n${event}`).digest("hex");
}

/** What the row MAC covers: the journal, the row's hash (which covers the rest) and its input number. */
export const macText = (journal: string, seq: number, hash: string, input: number | null): string =>
  `row\n${journal}\n${seq}\n${hash}\n${input ?? "notice"}`;

/** What a checkpoint's signature covers: the chain's head at its row, the hands index, and the state. */
export function checkpointText(
  journal: string,
  cp: { seq: number; hand: number; t: number; head: string; hands: string; state: string },
): string {
  return `checkpoint\n${journal}\n${cp.seq}\n${cp.hand}\n${cp.t}\n${cp.head}\n${cp.hands}\n${sha256(cp.state)}`;
}

/** What the anchor's signature covers: the head of the chain. */
export const anchorText = (journal: string, seq: number, hash: string): string =>
  `anchor\n${journal}\n${seq}\n${hash}`;

/** The hands index's digest before any hand. */
export const NO_HANDS = "0".repeat(64);

/** The digest of the hands index after one more finished hand (its row as stored). */
export function nextHandsDigest(prev: string, h: StoredHand): string {
  const row = [
    h.hand,
    h.startSeq,
    h.startT,
    h.startWall,
    h.game,
    h.button,
    h.redeal ? 1 : 0,
    h.endSeq,
    h.endT,
    h.endWall,
    h.result,
    h.stacks,
  ];
  return sha256(`${prev}\n${JSON.stringify(row)}`);
}
