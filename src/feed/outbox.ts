/**
 * The table's events waiting for the broker, and the recent ones kept for a consumer that missed some.
 * An event counts as delivered to the broker only when the broker acknowledged it (QoS 1 PUBACK); on
 * every (re)connection the publisher sends the unacknowledged ones again, in `seq` order. A broker that
 * acknowledged an event and then died before delivering it is covered by the `replay` topic: the
 * consumer asks from the first `seq` it is missing, answered from the kept events.
 */

export interface OutboxEntry {
  seq: number;
  payload: string;
}

export class Outbox {
  /** Kept events in `seq` order (the runtime numbers them without gaps). */
  private entries: OutboxEntry[] = [];
  private readonly acked = new Set<number>();
  /** Every event at or below this number was acknowledged. */
  private ackedUpTo = 0;
  /** Every event at or below this number was handed to the current connection. */
  private sentUpTo = 0;
  /** Unacknowledged events dropped because the outbox was full (the floor cannot get them back from memory). */
  dropped = 0;

  /** `keep`: how many events are kept (acknowledged or not); the oldest go first. */
  constructor(private readonly keep: number) {}

  add(seq: number, payload: string): void {
    // An event said again (the recovered hand after a restart) keeps its number and its first copy.
    if (this.entries.length > 0 && seq <= this.last) return;
    if (this.entries.length === 0 && this.ackedUpTo === 0) {
      this.ackedUpTo = seq - 1;
      this.sentUpTo = seq - 1;
    }
    this.entries.push({ seq, payload });
    // Trim in chunks, so that keeping the window costs nothing per event.
    if (this.entries.length > this.keep + Math.ceil(this.keep / 10)) {
      const gone = this.entries.splice(0, this.entries.length - this.keep);
      for (const e of gone) if (e.seq > this.ackedUpTo && !this.acked.has(e.seq)) this.dropped += 1;
      const oldest = this.entries[0]?.seq ?? 0;
      this.ackedUpTo = Math.max(this.ackedUpTo, oldest - 1);
      this.sentUpTo = Math.max(this.sentUpTo, oldest - 1);
      for (const s of this.acked) if (s < oldest) this.acked.delete(s);
    }
  }

  /** The broker acknowledged `seq`. */
  ack(seq: number): void {
    if (seq <= this.ackedUpTo) return;
    this.acked.add(seq);
    while (this.acked.delete(this.ackedUpTo + 1)) this.ackedUpTo += 1;
  }

  /** A new connection: everything unacknowledged is to be sent again. */
  reconnected(): void {
    this.sentUpTo = this.ackedUpTo;
  }

  /** The events not yet handed to this connection, in order; they count as handed now. */
  takeUnsent(): OutboxEntry[] {
    const out = this.from(this.sentUpTo + 1).filter((e) => !this.acked.has(e.seq));
    this.sentUpTo = this.last;
    return out;
  }

  /** The kept events from `from` on, in order. */
  from(from: number): OutboxEntry[] {
    const first = this.entries[0]?.seq ?? 0;
    return this.entries.slice(Math.max(0, from - first));
  }

  /** How many events the broker has not acknowledged. */
  get pending(): number {
    return this.last - this.ackedUpTo - this.acked.size;
  }

  get last(): number {
    return this.entries.at(-1)?.seq ?? this.ackedUpTo;
  }
}
