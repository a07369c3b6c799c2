/**
 * A consumer's side of the `events` topic: every event once, in `seq` order, whatever the broker did.
 * MQTT QoS 1 delivers at least once, and after a broker restart the table's resend and the client
 * library's own resend of unacknowledged messages can interleave, so events may come twice or out of
 * order. The follower drops a `seq` it has delivered, holds one that comes early, and says which `seq`
 * it is missing so the caller can ask the table for them (the `replay` topic).
 */

export interface Sequenced {
  seq: number;
}

export class SeqFollower<E extends Sequenced> {
  private next: number;
  private readonly early = new Map<number, E>();
  /** How many arrivals were dropped as already seen (at-least-once delivery). */
  duplicates = 0;

  /** `after`: the last `seq` the consumer already has (0: from the first event). */
  constructor(after = 0) {
    this.next = after + 1;
  }

  /** The first `seq` not yet delivered. */
  get expected(): number {
    return this.next;
  }

  /** Whether events after a gap are waiting for it to fill. */
  get waiting(): boolean {
    return this.early.size > 0;
  }

  /** Takes one arrival; returns the events now deliverable, in order. */
  take(event: E): E[] {
    if (event.seq < this.next || this.early.has(event.seq)) {
      this.duplicates += 1;
      return [];
    }
    if (event.seq > this.next) {
      this.early.set(event.seq, event);
      return [];
    }
    const out = [event];
    this.next += 1;
    for (let e = this.early.get(this.next); e !== undefined; e = this.early.get(this.next)) {
      this.early.delete(this.next);
      out.push(e);
      this.next += 1;
    }
    return out;
  }
}
