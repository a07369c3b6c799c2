/**
 * One past hand, rebuilt from the journal: the checkpoint before it, then its events replayed. History,
 * the single-hand export and the PHH export all read a hand this way — the journal is the record.
 */
import type { InputEvent } from "../contract/input.js";
import type { TableEvent } from "../contract/output.js";
import type { HandHeader } from "../table/state.js";
import { numbered } from "../table/numbered.js";
import {
  type Db,
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

/** Replays hand `hand` from the journal; null when the index has no such hand. */
export function replayJournalHand(
  db: Db,
  hand: number,
  makeCore: CoreFactory,
  key: TableKey,
): ReplayedHand | null {
  const row = handRows(db, hand)[0];
  if (row === undefined) return null;
  const checkpoint = signedCheckpoint(db, key, row.startSeq - 1);
  // With no checkpoint before it, the hand is numbered from the journal's first number.
  const core = numbered(makeCore(checkpoint?.state), checkpoint?.state, Number(readMeta(db).seq_base ?? "0"));
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
  for (const r of eventRows(db, (checkpoint?.seq ?? 0) + 1, row.endSeq ?? undefined)) {
    const stored = parseStored(r);
    if (!("input" in stored)) {
      // As recovery replays a notice: the windows due by its time ran before it was said (Runtime.announce).
      take(core.advanceTo(r.t));
      core.again(stored.notice);
      continue;
    }
    const event = stored.input;
    const fed = forCore(event);
    if (r.seq >= row.startSeq) inputs.push(event);
    take([...core.advanceTo(fed.t), ...core.handle(fed)]);
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
