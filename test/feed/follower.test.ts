/**
 * The consumer's order and the table's outbox, as properties: whatever the broker does (duplicates,
 * reordering after a restart, a resend of everything unacknowledged), the follower delivers 1…N once
 * each, in order; the outbox resends exactly what the broker did not acknowledge.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SeqFollower } from "../../src/feed/follower.js";
import { Outbox } from "../../src/feed/outbox.js";

describe("SeqFollower", () => {
  it("delivers 1…N once each, in order, from any arrival order with duplicates", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }).chain((n) =>
          fc.tuple(
            fc.constant(n),
            fc.shuffledSubarray(
              Array.from({ length: n }, (_, i) => i + 1),
              { minLength: n, maxLength: n },
            ),
            fc.array(fc.integer({ min: 1, max: n }), { maxLength: 30 }),
          ),
        ),
        ([n, order, repeats]) => {
          const follower = new SeqFollower<{ seq: number }>();
          const out: number[] = [];
          for (const seq of [...order, ...repeats]) out.push(...follower.take({ seq }).map((e) => e.seq));
          expect(out).toEqual(Array.from({ length: n }, (_, i) => i + 1));
          expect(follower.waiting).toBe(false);
        },
      ),
    );
  });

  it("holds what comes after a gap and says where the gap is", () => {
    const f = new SeqFollower<{ seq: number }>(10);
    expect(f.take({ seq: 13 })).toEqual([]);
    expect(f.waiting).toBe(true);
    expect(f.expected).toBe(11);
    expect(f.take({ seq: 9 })).toEqual([]);
    expect(f.take({ seq: 11 }).map((e) => e.seq)).toEqual([11]);
    expect(f.take({ seq: 12 }).map((e) => e.seq)).toEqual([12, 13]);
    expect(f.duplicates).toBe(1);
  });
});

describe("Outbox", () => {
  it("after a reconnection resends exactly the unacknowledged events, in order", () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 80 }), (acked) => {
        const box = new Outbox(1000);
        acked.forEach((_, i) => box.add(i + 1, `e${i + 1}`));
        expect(box.takeUnsent().map((e) => e.seq)).toEqual(acked.map((_, i) => i + 1));
        expect(box.takeUnsent()).toEqual([]);
        acked.forEach((a, i) => a && box.ack(i + 1));
        box.reconnected();
        const expected = acked.flatMap((a, i) => (a ? [] : [i + 1]));
        expect(box.takeUnsent().map((e) => e.seq)).toEqual(expected);
        expect(box.pending).toBe(expected.length);
      }),
    );
  });

  it("keeps the last events for replay requests and counts unacknowledged ones it had to drop", () => {
    const box = new Outbox(10);
    for (let s = 1; s <= 30; s++) box.add(s, `e${s}`);
    expect(box.from(25).map((e) => e.seq)).toEqual([25, 26, 27, 28, 29, 30]);
    expect(box.dropped).toBeGreaterThan(0);
    expect(box.from(1)[0]?.seq).toBeGreaterThan(1);
  });
});
