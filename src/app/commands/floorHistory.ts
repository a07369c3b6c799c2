/**
 * The floor's operations as the journal holds them, for disputes: who (`by`), when (`wall`, the wall
 * clock; `t`, the table's clock), what, and what became of it (applied, pending its undo window, or
 * refused with the table's reason), one line each (`feltguard history --floor`).
 */
import type { Db } from "../../journal/db.js";
import { eventRows } from "../../journal/db.js";
import type { FloorOutcome } from "../../journal/floorOutcomes.js";

/** How an outcome reads at the end of its line. */
function said(o: FloorOutcome | undefined): string {
  if (o === undefined) return "";
  return o.outcome === "refused" ? `refused: ${o.reason}` : o.outcome;
}

/** One line per journaled floor operation between rows `from` and `to`, with its outcome when known. */
export function* floorLines(
  db: Db,
  from = 1,
  to?: number,
  outcomes: ReadonlyMap<number, FloorOutcome> = new Map(),
): Generator<string> {
  for (const row of eventRows(db, from, to)) {
    const e = JSON.parse(row.event) as Record<string, unknown>;
    if (e.kind !== "floor") continue;
    const { t, kind: _k, by, wall, op, ...fields } = e;
    const what = Object.entries(fields)
      .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
      .join(" ");
    const cells = [
      `row ${row.seq}`,
      `t=${String(t)}`,
      String(wall ?? "-"),
      String(by ?? "-"),
      String(op),
      what,
      said(outcomes.get(row.seq)),
    ];
    yield `${cells.join("  ").trimEnd()}\n`;
  }
}
