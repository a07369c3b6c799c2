/** `feltguard journal keygen | verify | export | phh`: the table key, and the journal's record checked and taken out. */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Command, InvalidArgumentError } from "commander";
import { type Db, handRows, openForReading } from "../../journal/db.js";
import { type ExportRange, exportLines } from "../../journal/exportLog.js";
import { replayJournalHand } from "../../journal/handReplay.js";
import { defaultKeyPath } from "../../journal/journal.js";
import { handToPhh, PhhExportError } from "../../journal/phhExport.js";
import {
  generateTableKey,
  loadPublicKey,
  loadTableKey,
  publicKeyPath,
  type TableKey,
  TableKeyError,
} from "../../journal/tableKey.js";
import { verifyJournal, type VerifyResult, verifyTail } from "../../journal/verify.js";
import { createTableFromConfig, registryFromConfig } from "../../runtime/tableSettings.js";
import { tableConfigPath, loadConfig } from "../../config/config.js";
import { diag, write } from "./io.js";

/** The journal of this table unless told otherwise. */
export const DEFAULT_JOURNAL = process.env.FELTGUARD_JOURNAL ?? "/var/lib/feltguard/journal.db";

/** A positive whole number option. */
export const positiveInt = (v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${v} is not a whole number ≥ 1`);
  return n;
};

/** Where install.sh puts the table key (docs/install.md; the unit passes it to `feltguard table`). */
export const INSTALLED_KEY_PATH = "/etc/feltguard/table.key";

/**
 * The key to check a journal with: the given file (a private key checks rows by their MAC too; a public
 * key, the auditor's, checks the signatures), else the table key beside the journal, else its public key,
 * else the installed table's key.
 */
export function journalKey(journal: string, given?: string): TableKey {
  const load = (path: string): TableKey => {
    try {
      return loadTableKey(path);
    } catch {
      return loadPublicKey(path);
    }
  };
  try {
    if (given !== undefined) return load(given);
    const own = defaultKeyPath(journal);
    if (existsSync(own)) return load(own);
    if (existsSync(publicKeyPath(own))) return loadPublicKey(publicKeyPath(own));
    // A table put into service by install.sh keeps its key in /etc, not beside the journal.
    if (existsSync(INSTALLED_KEY_PATH)) return load(INSTALLED_KEY_PATH);
    throw new TableKeyError(
      `no table key: none given (--key) and none beside the journal (${own}, ${publicKeyPath(own)}) ` +
        `or where install.sh puts it (${INSTALLED_KEY_PATH})`,
    );
  } catch (e) {
    throw new InvalidArgumentError(e instanceof TableKeyError ? e.message : String(e));
  }
}

/** Opens the journal read-only, or explains why it cannot (exit code 1). */
export function withJournal(path: string, use: (db: Db) => void): void {
  let db: Db;
  try {
    db = openForReading(path);
  } catch (e) {
    throw new InvalidArgumentError(`cannot read the journal ${path}: ${(e as Error).message}`);
  }
  try {
    use(db);
  } finally {
    db.close();
  }
}

/**
 * The verdict line of a failed check (the CLI's known-error path: stderr, exit status 1). Only the
 * full check (`verify`) read every row before the bad one; recovery's check reads those after the
 * latest checkpoint, and its count is the journal's length, so a count there would claim rows intact
 * that nobody read.
 */
export function brokenError(
  path: string,
  r: Extract<VerifyResult, { ok: false }>,
  what = "",
  check: "full" | "recovery" = "full",
): InvalidArgumentError {
  const intact =
    check === "recovery"
      ? " (recovery's check; feltguard journal verify checks every row)"
      : r.badSeq > 0
        ? ` (${Math.min(r.rows, r.badSeq - 1)} rows before it are intact)`
        : "";
  return new InvalidArgumentError(`${path}: BROKEN at row ${r.badSeq} — ${r.problem}${intact}${what}`);
}

/** Opens the journal after the check recovery runs (identity, anchor, latest checkpoint, hands index, the rows after it). */
export function withCheckedJournal(path: string, key: TableKey, use: (db: Db) => void): void {
  withJournal(path, (db) => {
    const r = verifyTail(db, { key, path });
    if (!r.ok) throw brokenError(path, r, "; not shown", "recovery");
    use(db);
  });
}

/** Registers the journal commands. */
export function registerJournal(program: Command): void {
  const journal = program
    .command("journal")
    .description("the table key, and the table's input journal checked and exported");
  journal
    .command("keygen")
    .description(
      "make the table key (Ed25519): the private key (mode 0600) and <key>.pub beside it, for the auditor",
    )
    .requiredOption(
      "-k, --key <file>",
      "where the private key goes (then set journal.key in the configuration)",
    )
    .action((opts: { key: string }) => {
      let key: TableKey;
      try {
        key = generateTableKey(opts.key);
      } catch (e) {
        throw new InvalidArgumentError(e instanceof TableKeyError ? e.message : String(e));
      }
      write(`table key ${key.id}: private ${opts.key} (0600), public ${publicKeyPath(opts.key)}\n`);
    });
  journal
    .command("verify")
    .description(
      "check every row (chain, MAC), checkpoint, the hands index and the anchor; name the first bad row",
    )
    .option("-j, --journal <db>", "the journal (SQLite)", DEFAULT_JOURNAL)
    .option(
      "-k, --key <file>",
      "the table key, or its public key (an auditor's check); default beside the journal, else /etc/feltguard/table.key",
    )
    .action((opts: { journal: string; key?: string }) => {
      const key = journalKey(opts.journal, opts.key);
      withJournal(opts.journal, (db) => {
        const r = verifyJournal(db, { key, path: opts.journal });
        if (!r.ok) throw brokenError(opts.journal, r);
        write(
          `${opts.journal}: ok — ${r.rows} rows (${r.inputs} inputs), ${r.checkpoints} signed checkpoints, ` +
            `${r.hands} hands, head ${r.head.slice(0, 16)}, key ${key.id}` +
            `${r.mode === "public" ? " (public key: rows checked by the signatures, not by their MAC)" : ""}\n`,
        );
      });
    });
  journal
    .command("export")
    .description("the journaled input events as JSON Lines (feltguard replay reads them)")
    .option("-j, --journal <db>", "the journal (SQLite)", DEFAULT_JOURNAL)
    .option("--from <seq>", "from this sequence number (exported as stored)", positiveInt)
    .option(
      "--hand <n>",
      "from this hand, preceded by the set-up that rebuilds the table before it",
      positiveInt,
    )
    .option("--to <seq|n>", "up to this sequence number (with --from) or hand (with --hand)", positiveInt)
    .option(
      "-k, --key <file>",
      "the table key, or its public key; default beside the journal, else /etc/feltguard/table.key",
    )
    .action((opts: { journal: string; from?: number; hand?: number; to?: number; key?: string }) => {
      if (opts.from !== undefined && opts.hand !== undefined)
        throw new InvalidArgumentError("give --from or --hand, not both");
      const range: ExportRange =
        opts.hand !== undefined
          ? { by: "hand", from: opts.hand, ...(opts.to === undefined ? {} : { to: opts.to }) }
          : opts.from !== undefined || opts.to !== undefined
            ? { by: "seq", from: opts.from ?? 1, ...(opts.to === undefined ? {} : { to: opts.to }) }
            : { by: "all" };
      const key = journalKey(opts.journal, opts.key);
      withJournal(opts.journal, (db) => {
        // Only a journal that passes the whole check is exported: the export is the record.
        const r = verifyJournal(db, { key, path: opts.journal });
        if (!r.ok) throw brokenError(opts.journal, r, "; not exported");
        for (const line of exportLines(db, range, key)) write(line);
      });
    });
  journal
    .command("phh")
    .description("export finished hands as PHH hand histories")
    .option("-j, --journal <db>", "the journal (SQLite)", DEFAULT_JOURNAL)
    .option("-c, --config <file>", "table configuration", tableConfigPath())
    .option("--hand <n>", "only this hand (to stdout unless --dir)", positiveInt)
    .option("-d, --dir <dir>", "write one <hand>.phh per finished hand here")
    .option(
      "-k, --key <file>",
      "the table key, or its public key; default beside the journal, else /etc/feltguard/table.key",
    )
    .action((opts: { journal: string; config: string; hand?: number; dir?: string; key?: string }) => {
      const config = loadConfig(opts.config);
      const registry = registryFromConfig(config);
      const makeCore = (cp: Parameters<typeof createTableFromConfig>[2]) =>
        createTableFromConfig(config, registry, cp);
      const key = journalKey(opts.journal, opts.key);
      withCheckedJournal(opts.journal, key, (db) => {
        const hands = opts.hand === undefined ? handRows(db).map((h) => h.hand) : [opts.hand];
        if (opts.dir !== undefined) mkdirSync(opts.dir, { recursive: true });
        let written = 0;
        for (const n of hands) {
          const hand = replayJournalHand(db, n, makeCore, key);
          if (hand === null) throw new InvalidArgumentError(`the journal holds no hand ${n}`);
          try {
            const text = handToPhh(hand, registry);
            if (opts.dir === undefined) write(text + (hands.length > 1 ? "\n" : ""));
            else writeFileSync(join(opts.dir, `${n}.phh`), text);
            written += 1;
          } catch (e) {
            if (!(e instanceof PhhExportError)) throw e;
            diag(`skipped ${e.message}`);
          }
        }
        diag(`${written} of ${hands.length} hands exported as PHH`);
      });
    });
}
