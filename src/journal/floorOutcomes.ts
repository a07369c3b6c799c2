/**
 * What became of each floor operation the journal holds: applied, refused (and why) or pending its undo
 * window. A refused operation is journaled like any other (every floor action is, with who and when),
 * so a list of them alone reads as if each had happened; a dispute needs the outcome beside it. The
 * outcome is not stored: it is what the table said when the row was fed to it, found again by replaying
 * the journal as history does (src/journal/handReplay.ts replayRows).
 */
import type { TableEvent } from "../contract/output.js";
import type { Db } from "./db.js";
import { coreBefore, replayRows } from "./handReplay.js";
import type { CoreFactory } from "./recovery.js";
import type { TableKey } from "./tableKey.js";

export type FloorOutcome =
  { outcome: "applied" } | { outcome: "pending" } | { outcome: "refused"; reason: string };

/** The outcome of every floor operation in rows `from`…`to`, by row number. */
export function floorOutcomes(
  db: Db,
  makeCore: CoreFactory,
  key: TableKey,
  from = 1,
  to?: number,
): Map<number, FloorOutcome> {
  const { core, checkpoint } = coreBefore(db, makeCore, key, from);
  const outcomes = new Map<number, FloorOutcome>();
  for (const { row, input, said } of replayRows(db, core, checkpoint, to)) {
    if (input?.kind === "floor" && row.seq >= from) outcomes.set(row.seq, outcomeOf(said));
  }
  return outcomes;
}

/** What the table's answer to one floor operation says of it. */
function outcomeOf(said: readonly TableEvent[]): FloorOutcome {
  for (const e of said) {
    if (e.kind !== "alert") continue;
    if (e.code === "FLOOR_OP_REJECTED") return { outcome: "refused", reason: e.text };
    if (e.code === "RULING_PENDING") return { outcome: "pending" };
  }
  return { outcome: "applied" };
}
