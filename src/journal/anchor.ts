/**
 * The anchor: the chain's head kept outside the database file, signed, advanced before every row is
 * written. A database that is consistent in itself — its last rows deleted, its `-wal` deleted after a
 * crash, an older copy put back — still disagrees with the anchor. The anchor also holds the row it
 * announces, so a crash between the anchor and the database write loses nothing: recovery writes the
 * row from the anchor. Two slot files, written in turn, so that a write cut short (a power cut) leaves
 * the other slot, one row older, intact.
 */
import {
  closeSync,
  existsSync,
  fdatasyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from "node:fs";
import { z } from "zod";
import { anchorText, rowHash } from "./hashChain.js";
import type { TableKey } from "./tableKey.js";

export const AnchorRecord = z.object({
  journal: z.string(),
  seq: z.number().int().positive(),
  t: z.number().int().nonnegative(),
  input: z.number().int().nullable(),
  event: z.string(),
  prev: z.string(),
  hash: z.string(),
  sig: z.string(),
});
export type AnchorRecord = z.infer<typeof AnchorRecord>;

/** The two slot files of the journal at `dbPath`. */
export const anchorPaths = (dbPath: string): [string, string] => [`${dbPath}.anchor-0`, `${dbPath}.anchor-1`];

/** The newest slot whose signature holds and whose row hashes to its `hash`; null when there is none. */
export function readAnchor(dbPath: string, key: TableKey, journal: string): AnchorRecord | null {
  let best: AnchorRecord | null = null;
  for (const path of anchorPaths(dbPath)) {
    const a = readSlot(path);
    if (a === null || a.journal !== journal) continue;
    if (rowHash(a.seq, a.t, a.prev, a.event) !== a.hash) continue;
    if (!key.verify(anchorText(a.journal, a.seq, a.hash), a.sig)) continue;
    if (best === null || a.seq > best.seq) best = a;
  }
  return best;
}

/** Whether any anchor slot exists (a journal with rows and no anchor lost it). */
export const anchorExists = (dbPath: string): boolean => anchorPaths(dbPath).some((p) => existsSync(p));

function readSlot(path: string): AnchorRecord | null {
  try {
    const text = readFileSync(path, "utf8");
    // Only the first line counts: a longer record written before may leave bytes after it.
    const parsed = AnchorRecord.safeParse(JSON.parse(text.slice(0, text.indexOf("\n"))));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Writes anchors in turn to the two slots; `durable` syncs each to the disk before the row is written. */
export class AnchorWriter {
  private readonly fds: [number, number];

  constructor(
    dbPath: string,
    private readonly key: TableKey,
    private readonly journal: string,
    private readonly durable: () => boolean,
  ) {
    const [a, b] = anchorPaths(dbPath);
    this.fds = [openSync(a, "a+", 0o644), openSync(b, "a+", 0o644)];
    // "a+" only to create: writes go to position 0 through a second handle.
    closeSync(this.fds[0]);
    closeSync(this.fds[1]);
    this.fds = [openSync(a, "r+"), openSync(b, "r+")];
  }

  /** Announces row `seq` (throws on a write fault: the row must not be written then). */
  write(row: Omit<AnchorRecord, "journal" | "sig">): void {
    const record: AnchorRecord = {
      journal: this.journal,
      ...row,
      sig: this.key.sign(anchorText(this.journal, row.seq, row.hash)),
    };
    const fd = this.fds[row.seq % 2] as number;
    const bytes = Buffer.from(`${JSON.stringify(record)}\n`);
    writeSync(fd, bytes, 0, bytes.length, 0);
    ftruncateSync(fd, bytes.length);
    if (this.durable()) fdatasyncSync(fd);
  }

  close(): void {
    for (const fd of this.fds) closeSync(fd);
  }
}

/** Moves the anchor slots beside a journal set aside. */
export function setAsideAnchors(dbPath: string, to: string): void {
  anchorPaths(dbPath).forEach((p, i) => {
    if (existsSync(p)) renameSync(p, `${to}.anchor-${i}`);
  });
}
