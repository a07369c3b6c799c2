/** `feltguard journal verify | export | phh`: the journal's record, checked and taken out. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Command, InvalidArgumentError } from "commander";
import { type Db, handRows, openForReading } from "../../journal/db.js";
import { type ExportRange, exportLines } from "../../journal/exportLog.js";
import { replayJournalHand } from "../../journal/handReplay.js";
import { handToPhh, PhhExportError } from "../../journal/phhExport.js";
import { verifyJournal } from "../../journal/verify.js";
import { createTableFromConfig, registryFromConfig } from "../../table/core.js";
import { DEFAULT_CONFIG_PATH, loadConfig } from "../config.js";
import { diag, write } from "./io.js";

/** The journal of this table unless told otherwise. */
export const DEFAULT_JOURNAL = process.env.FELTGUARD_JOURNAL ?? "/var/lib/feltguard/journal.db";

/** A positive whole number option. */
export const positiveInt = (v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${v} is not a whole number ≥ 1`);
  return n;
};

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

/** Registers the journal commands. */
export function registerJournal(program: Command): void {
  const journal = program.command("journal").description("check and export the table's input journal");
  journal
    .command("verify")
    .description("check the hash chain row by row; name the first bad row")
    .option("-j, --journal <db>", "the journal (SQLite)", DEFAULT_JOURNAL)
    .action((opts: { journal: string }) =>
      withJournal(opts.journal, (db) => {
        const r = verifyJournal(db);
        if (r.ok) {
          write(
            `${opts.journal}: ok — ${r.rows} rows, ${r.checkpoints} checkpoints, head ${r.head.slice(0, 16)}\n`,
          );
        } else {
          // The CLI's known-error path: the message on stderr, exit status 1.
          throw new InvalidArgumentError(
            `${opts.journal}: BROKEN at row ${r.badSeq} — ${r.problem} (${r.rows} rows before it are intact)`,
          );
        }
      }),
    );
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
    .action((opts: { journal: string; from?: number; hand?: number; to?: number }) => {
      if (opts.from !== undefined && opts.hand !== undefined)
        throw new InvalidArgumentError("give --from or --hand, not both");
      const range: ExportRange =
        opts.hand !== undefined
          ? { by: "hand", from: opts.hand, ...(opts.to === undefined ? {} : { to: opts.to }) }
          : opts.from !== undefined || opts.to !== undefined
            ? { by: "seq", from: opts.from ?? 1, ...(opts.to === undefined ? {} : { to: opts.to }) }
            : { by: "all" };
      withJournal(opts.journal, (db) => {
        for (const line of exportLines(db, range)) write(line);
      });
    });
  journal
    .command("phh")
    .description("export finished hands as PHH hand histories")
    .option("-j, --journal <db>", "the journal (SQLite)", DEFAULT_JOURNAL)
    .option("-c, --config <file>", "table configuration", DEFAULT_CONFIG_PATH)
    .option("--hand <n>", "only this hand (to stdout unless --dir)", positiveInt)
    .option("-d, --dir <dir>", "write one <hand>.phh per finished hand here")
    .action((opts: { journal: string; config: string; hand?: number; dir?: string }) => {
      const config = loadConfig(opts.config);
      const registry = registryFromConfig(config);
      const makeCore = (cp: Parameters<typeof createTableFromConfig>[2]) =>
        createTableFromConfig(config, registry, cp);
      withJournal(opts.journal, (db) => {
        const hands = opts.hand === undefined ? handRows(db).map((h) => h.hand) : [opts.hand];
        if (opts.dir !== undefined) mkdirSync(opts.dir, { recursive: true });
        let written = 0;
        for (const n of hands) {
          const hand = replayJournalHand(db, n, makeCore);
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
