/**
 * One past hand, rebuilt from the journal: the checkpoint before it, then its events replayed. History,
 * the single-hand export and the PHH export all read a hand this way — the journal is the record.
 */
import type { InputEvent } from "../contract/input.js";
import type { TableEvent } from "../contract/output.js";
import type { HandHeader } from "../table/state.js";
import { type NumberedCore, numbered } from "../table/numbered.js";
import {
  type Db,
  type EventRow,
  eventRows,
  handRows,
  type HandRow,
  parseStored,
  readMeta,
  type StoredCheckpoint,
} from "./db.js";
import { type CoreFactory, forCore } from "./recovery.js";
import type { TableKey } from "./tableKey.js";
import { signedCheckpoint } from "./verify.js";

export interface ReplayedHand {
  row: HandRow;
  /** The table as the hand began (stacks before, positions, level, game). */
  header: HandHeader;
  /** The hand's input events, from its shuffler press to the event that ended it. */
  inputs: InputEvent[];
  /** Its table events, from hand_start to hand_end. */
  events: TableEvent[];
  /** The checkpoint the replay started from (null: from the first row). */
  checkpoint: StoredCheckpoint | null;
}

/** A journal row fed to a core: the input it holds (null for a notice row) and what the table said to it. */
export interface ReplayedRow {
  row: EventRow;
  input: InputEvent | null;
  said: TableEvent[];
}

/** The table as it stood before row `from`: a core from the latest signed checkpoint before it. */
export function coreBefore(
  db: Db,
  makeCore: CoreFactory,
  key: TableKey,
  from: number,
): { core: NumberedCore; checkpoint: StoredCheckpoint | null } {
  const checkpoint = signedCheckpoint(db, key, from - 1);
  // With no checkpoint before it, the core is numbered from the journal's first number.
  const core = numbered(makeCore(checkpoint?.state), checkpoint?.state, Number(readMeta(db).seq_base ?? "0"));
  return { core, checkpoint };
}

/**
 * The rows after the checkpoint up to `to`, fed to the core as the table fed them: an input after the
 * windows due by its time, a notice after the windows due by its time (Runtime.announce; recovery
 * replays a notice row so too). History, the hand export, PHH and the floor's outcomes read the past so.
 */
export function* replayRows(
  db: Db,
  core: NumberedCore,
  checkpoint: StoredCheckpoint | null,
  to?: number,
): Generator<ReplayedRow> {
  for (const row of eventRows(db, (checkpoint?.seq ?? 0) + 1, to)) {
    const stored = parseStored(row);
    if ("input" in stored) {
      const fed = forCore(stored.input);
      yield { row, input: stored.input, said: [...core.advanceTo(fed.t), ...core.handle(fed)] };
    } else {
      const said = core.advanceTo(row.t);
      core.again(stored.notice);
      yield { row, input: null, said };
    }
  }
}

/** Replays hand `hand` from the journal; null when the index has no such hand. */
export function replayJournalHand(
  db: Db,
  hand: number,
  makeCore: CoreFactory,
  key: TableKey,
): ReplayedHand | null {
  const row = handRows(db, hand)[0];
  if (row === undefined) return null;
  const { core, checkpoint } = coreBefore(db, makeCore, key, row.startSeq);
  const inputs: InputEvent[] = [];
  const events: TableEvent[] = [];
  let header: HandHeader | null = null;
  let open = false;
  const take = (out: readonly TableEvent[]) => {
    for (const e of out) {
      if (e.kind === "hand_start" && e.hand === hand) open = true;
      if (open) events.push(e);
      if (e.kind === "hand_end" && e.hand === hand) open = false;
    }
    if (header === null && open) header = core.snapshot().hand;
  };
  for (const { row: r, input, said } of replayRows(db, core, checkpoint, row.endSeq ?? undefined)) {
    if (input !== null && r.seq >= row.startSeq) inputs.push(input);
    take(said);
  }
  // A hand the journal ends in the middle of: its pending windows run out, as at the end of a replay.
  if (open) {
    for (const e of core.finish(inputs.at(-1)?.t ?? 0)) {
      if (open) events.push(e);
      if (e.kind === "hand_end" && e.hand === hand) open = false;
    }
  }
  return header === null ? null : { row, header, inputs, events, checkpoint };
}
