/**
 * What the room overview shows of one table: its public state, health, chain head and when it was last
 * heard from, as one JSON-able row. Built only from what the table published on public topics, so the
 * overview can show nothing the table kept private.
 */
import type { RoomTable } from "../../feed/subscriber.js";

export interface RoomRow {
  id: string;
  name: string | null;
  online: boolean;
  /** The last event number the room has in order. */
  seq: number;
  hand: number | null;
  street: string | null;
  board: string[];
  pot: number;
  toAct: number | null;
  held: boolean;
  /** `rulings`: the only rulings the table takes on the alert, when it says (src/contract/output.ts). */
  alerts: {
    code: string;
    severity: string;
    rule: string;
    text: string;
    steps: string[];
    seat?: number;
    rulings?: string[];
  }[];
  readersOffline: string[];
  seats: { seat: number; player: string | null; stack: number; bet: number; status: string }[];
  head: { seq: number; hash: string } | null;
  /** Wall time (ISO) of the last message from the table. */
  lastSeen: string | null;
}

/** One table's row. */
export function roomRow(t: RoomTable): RoomRow {
  const s = t.state;
  const head = t.head;
  return {
    id: t.id,
    name: s?.name ?? null,
    online: t.health?.status === "online",
    seq: t.follower.expected - 1,
    hand: s?.hand ?? null,
    street: s?.street ?? null,
    board: s?.board ?? [],
    pot: s?.pot ?? 0,
    toAct: s?.toAct ?? null,
    held: s?.held ?? false,
    alerts: (s?.alerts ?? []).map((a) => ({
      code: a.code,
      severity: a.severity,
      rule: a.rule,
      text: a.text,
      steps: [...a.steps],
      ...(a.seat === undefined ? {} : { seat: a.seat }),
      ...(a.rulings === undefined ? {} : { rulings: [...a.rulings] }),
    })),
    readersOffline: s?.readersOffline ?? [],
    seats: s?.seats ?? [],
    head:
      head !== null && typeof head.seq === "number" && typeof head.hash === "string"
        ? { seq: head.seq, hash: head.hash }
        : null,
    lastSeen: t.lastSeen === 0 ? null : new Date(t.lastSeen).toISOString(),
  };
}
