/**
 * The journal's hash chain: each row's hash covers its sequence number, its `t`, the previous row's
 * hash and the event exactly as stored, so a changed byte, a deleted row or two swapped rows break
 * the chain at that row.
 */
import { createHash } from "node:crypto";

/** The `prev` of the first row: no row before it. */
export const GENESIS = "0".repeat(64);

/** The hash of one journal row. */
export function rowHash(seq: number, t: number, prev: string, event: string): string {
  return createHash("sha256").update(`${seq}\n${t}\n${prev}\n${event}`).digest("hex");
}

/** The hash of a checkpoint: ties the stored table state to the chain's head at its sequence number. */
export function checkpointHash(seq: number, head: string, state: string): string {
  return createHash("sha256").update(`checkpoint\n${seq}\n${head}\n${state}`).digest("hex");
}
