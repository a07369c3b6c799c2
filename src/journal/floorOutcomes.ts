/**
 * What became of each floor operation the journal holds: applied, refused (and why) or pending its undo
 * window. A refused operation is journaled like any other (every floor action is, with who and when),
 * so a list of them alone reads as if each had happened; a dispute needs the outcome beside it. The
 * outcome is not stored: it is what the table said when the row was fed to it, found again by replaying
 * the journal, as history does (src/journal/handReplay.ts).
 */
import type { TableEvent } from "../contract/output.js";
import { numbered } from "../table/numbered.js";
import { type Db, eventRows, parseStored, readMeta } from "./db.js";
import { type CoreFactory, forCore } from "./recovery.js";
import type { TableKey } from "./tableKey.js";
import { signedCheckpoint } from "./verify.js";

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
  const checkpoint = signedCheckpoint(db, key, from - 1);
  const core = numbered(makeCore(checkpoint?.state), checkpoint?.state, Number(readMeta(db).seq_base ?? "0"));
  const outcomes = new Map<number, FloorOutcome>();
  for (const row of eventRows(db, (checkpoint?.seq ?? 0) + 1, to)) {
    const stored = parseStored(row);
    if (!("input" in stored)) {
      // As recovery replays a notice: the windows due by its time ran before it was said.
      core.advanceTo(row.t);
      core.again(stored.notice);
      continue;
    }
    const event = forCore(stored.input);
    const said = [...core.advanceTo(event.t), ...core.handle(event)];
    if (event.kind === "floor" && row.seq >= from) outcomes.set(row.seq, outcomeOf(said));
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
