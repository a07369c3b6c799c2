/** `feltguard history`: the hands the journal holds, or one hand's table events replayed from it. */
import { type Command, InvalidArgumentError } from "commander";
import { formatJsonLine } from "../../contract/jsonl.js";
import { handRows, type HandRow } from "../../journal/db.js";
import { replayJournalHand } from "../../journal/handReplay.js";
import { createTableFromConfig, registryFromConfig } from "../../runtime/tableSettings.js";
import { tableConfigPath, loadConfig } from "../../config/config.js";
import { floorOutcomes } from "../../journal/floorOutcomes.js";
import { floorLines } from "./floorHistory.js";
import { diag, write } from "./io.js";
import { DEFAULT_JOURNAL, journalKey, positiveInt, withCheckedJournal } from "./journal.js";

/** A wall-clock stamp as the floor reads it: `2026-11-23 22:14:05Z` (UTC). */
const clock = (wall: string | null): string =>
  wall === null ? "?" : `${wall.slice(0, 10)} ${wall.slice(11, 19)}Z`;

/** One line per hand: number, when (wall clock, then the table's own `t`), game, button, how it ended, the stacks after. */
export function formatHandLine(h: HandRow): string {
  const stacks =
    h.stacks === null
      ? ""
      : Object.entries(h.stacks)
          .map(([s, c]) => `${s}:${c}`)
          .join(" ");
  const cells = [
    `#${h.hand}`,
    `${clock(h.startWall)}..${h.endWall === null ? "?" : clock(h.endWall).slice(11)}`,
    `t=${h.startT}..${h.endT ?? "?"}`,
    h.game,
    `button ${h.button}`,
    `${h.result ?? "in progress"}${h.redeal ? " (re-deal)" : ""}`,
    `rows ${h.startSeq}..${h.endSeq ?? "?"}`,
    stacks,
  ];
  return `${cells.join("  ")}\n`;
}

/** Registers history. */
export function registerHistory(program: Command): void {
  program
    .command("history")
    .description("list the hands in the journal, or replay one and print its table events (JSON Lines)")
    .option("-j, --journal <db>", "the journal (SQLite)", DEFAULT_JOURNAL)
    .option("-c, --config <file>", "table configuration", tableConfigPath())
    .option("--hand <n>", "the hand to show", positiveInt)
    .option(
      "-k, --key <file>",
      "the table key, or its public key; default beside the journal, else /etc/feltguard/table.key",
    )
    .option(
      "--floor",
      "list the floor's operations instead: row, t, wall clock, who, what, and applied, pending or refused (why)",
    )
    .action((opts: { journal: string; config: string; hand?: number; key?: string; floor?: boolean }) => {
      const key = journalKey(opts.journal, opts.key);
      // The index is shown only once it matches what the table signed at its latest checkpoint.
      withCheckedJournal(opts.journal, key, (db) => {
        if (opts.floor) {
          const row = opts.hand === undefined ? undefined : handRows(db, opts.hand)[0];
          const [from, to] = [row?.startSeq ?? 1, row?.endSeq ?? undefined];
          // The outcomes need the table's configuration (to replay); without it the list is still given.
          let outcomes: ReturnType<typeof floorOutcomes> = new Map();
          try {
            const config = loadConfig(opts.config);
            const registry = registryFromConfig(config);
            const makeCore = (cp: Parameters<typeof createTableFromConfig>[2]) =>
              createTableFromConfig(config, registry, cp);
            outcomes = floorOutcomes(db, makeCore, key, from, to);
          } catch (e) {
            diag(`outcomes not shown: ${(e as Error).message}`);
          }
          for (const line of floorLines(db, from, to, outcomes)) write(line);
          return;
        }
        if (opts.hand === undefined) {
          const hands = handRows(db);
          for (const h of hands) write(formatHandLine(h));
          diag(`${hands.length} hands`);
          return;
        }
        const config = loadConfig(opts.config);
        const registry = registryFromConfig(config);
        const hand = replayJournalHand(
          db,
          opts.hand,
          (cp) => createTableFromConfig(config, registry, cp),
          key,
        );
        if (hand === null) throw new InvalidArgumentError(`the journal holds no hand ${opts.hand}`);
        diag(formatHandLine(hand.row).trimEnd());
        for (const e of hand.events) write(formatJsonLine(e));
      });
    });
}
