/**
 * `journal export`: the journaled input events as JSON Lines that `feltguard replay` accepts. A range
 * by sequence number is exported as stored. A range by hand is made to stand alone: it begins with the
 * floor set-up and antenna reports that rebuild the table of the checkpoint before the hand.
 */
import type { InputEvent } from "../contract/input.js";
import { formatJsonLine } from "../contract/jsonl.js";
import type { CoreCheckpoint } from "../table/core.js";
import { nextPositions } from "../rules/positions.js";
import { seatsInGame } from "../table/state.js";
import { type Db, eventRows, handRows, lastRow } from "./db.js";
import type { TableKey } from "./tableKey.js";
import { signedCheckpoint } from "./verify.js";

export type ExportRange =
  { by: "all" } | { by: "seq"; from: number; to?: number } | { by: "hand"; from: number; to?: number };

/** Thrown when the range names hands the journal does not hold. */
export class ExportRangeError extends Error {}

/** The export as JSON Lines, one line at a time. */
export function* exportLines(db: Db, range: ExportRange, key: TableKey): Generator<string> {
  if (range.by !== "hand") {
    const from = range.by === "seq" ? range.from : 1;
    const to = range.by === "seq" ? range.to : undefined;
    for (const row of eventRows(db, from, to)) if (row.input !== null) yield `${row.event}\n`;
    return;
  }
  const first = handRows(db, range.from)[0];
  const last = handRows(db, range.to ?? range.from)[0];
  if (first === undefined || last === undefined) {
    throw new ExportRangeError(`the journal holds no hand ${first === undefined ? range.from : range.to}`);
  }
  const checkpoint = signedCheckpoint(db, key, first.startSeq - 1);
  if (checkpoint !== null)
    for (const e of setupEvents(checkpoint.state, checkpoint.t)) yield formatJsonLine(e);
  const to = last.endSeq ?? lastRow(db)?.seq ?? 0;
  for (const row of eventRows(db, (checkpoint?.seq ?? 0) + 1, to))
    if (row.input !== null) yield `${row.event}\n`;
}

/**
 * Input events that bring an empty table to a checkpoint's table: game, level, seats and stacks, the
 * button of the next hand, and what each antenna reads. The hand numbers start again at 1, and a
 * pending misdeal re-deal is not carried over (the floor sets it up as a new hand).
 */
export function setupEvents(cp: CoreCheckpoint, t: number): InputEvent[] {
  const { table } = cp;
  const out: InputEvent[] = [{ t, kind: "floor", op: "game", ...table.game }];
  if (table.nextLevel !== null) out.push({ t, kind: "floor", op: "level", ...table.nextLevel });
  for (const [seat, s] of Object.entries(table.seats)) {
    out.push({ t, kind: "floor", op: "seat", seat: Number(seat), player: s.player, stack: s.stack });
    if (s.away) out.push({ t, kind: "floor", op: "away", seat: Number(seat), away: true });
  }
  const button =
    table.placedButton ??
    (table.lastPositions === null
      ? null
      : (nextPositions(table.lastPositions, seatsInGame(table), table.seatCount)?.button ?? null));
  if (button !== null) out.push({ t, kind: "floor", op: "button", seat: button });
  for (const [antenna, tags] of Object.entries(cp.reader.reports)) {
    if (tags.length > 0) out.push({ t, kind: "tags", antenna, tags });
  }
  for (const reader of cp.offline) out.push({ t, kind: "reader", reader, status: "offline" });
  return out;
}
