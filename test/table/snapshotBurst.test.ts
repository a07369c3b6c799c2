/**
 * The readers' snapshots during a hand (src/table/snapshotBurst.ts): gathered for one scan round after
 * the first (reading.scanRoundMs: a bridge sends every channel's snapshot within a round), then given to
 * the hand in an order that can be true, whatever order the channels came in.
 */
import { describe, expect, it } from "vitest";
import type { TagsEvent } from "../../src/contract/input.js";
import { type BurstTable, SnapshotBurst } from "../../src/table/snapshotBurst.js";

const snap = (t: number, antenna: string, tags: string[]): TagsEvent => ({
  t,
  kind: "tags",
  antenna,
  tags,
  snapshot: true,
});

/** A table for the burst: whose turn follows the seats' actions as given (button 1; seats 2, 3 blinds). */
function fakeTable(known: Record<string, string[]>, order: number[]) {
  const fed: string[] = [];
  const reports = new Map(Object.entries(known));
  const toAct = [...order];
  const table: BurstTable = {
    toAct: () => toAct[0] ?? null,
    lastReport: (a) => [...(reports.get(a) ?? [])],
    inHand: () => [1, 2, 3, 4].map((seat) => ({ seat, holeCards: reports.get(`seat${seat}`)?.length ?? 0 })),
    isCard: (tag) => tag.startsWith("card:"),
    feed: (e, settle) => {
      fed.push(`${e.antenna}=${e.tags.join(",")}${settle ? " (read)" : ""}`);
      const was = reports.get(e.antenna) ?? [];
      reports.set(e.antenna, e.tags);
      // A bet read, or a seat's cards gone: its turn is over.
      if (settle || (/^seat/.test(e.antenna) && e.tags.length < was.length)) toAct.shift();
    },
  };
  return { table, fed };
}

describe("the readers' snapshots during a hand", () => {
  it("are gathered for one scan round after the first: due at first + round, not before", () => {
    const burst = new SnapshotBurst(200);
    expect(burst.due).toBeNull();
    burst.add(snap(1000, "seat1", ["card:A:As"]));
    expect(burst.due).toBe(1200);
    burst.add(snap(1199, "seat2", ["card:A:Ks"]));
    // A later report of the burst does not move its end: a round after the first.
    expect(burst.due).toBe(1200);
    expect(burst.pending).toBe(true);
  });

  it("give the deal first, then each action in the order of play; cards first seen in the muck are dealt to the seats short of theirs", () => {
    // Seat 4 is to act (UTG), then seat 1. While the table was down: the deal finished, seat 4 raised,
    // seat 1 (whose cards the table never saw) folded. The snapshots come in channel order.
    const { table, fed } = fakeTable(
      {
        seat2: ["card:A:2c"],
        seat3: ["card:A:3c"],
        seat4: ["card:A:4c"],
        bet2: ["chip:100:1"],
        bet3: ["chip:100:2", "chip:100:3"],
      },
      [4, 1, 2],
    );
    const burst = new SnapshotBurst(200);
    burst.add(snap(5000, "seat2", ["card:A:2c", "card:A:2d"]));
    burst.add(snap(5000, "seat3", ["card:A:3c", "card:A:3d"]));
    burst.add(snap(5000, "seat4", ["card:A:4c", "card:A:4d"]));
    burst.add(snap(5000, "muck", ["card:A:Ac", "card:A:Ad"]));
    burst.add(snap(5000, "bet4", ["chip:500:4", "chip:100:5"]));
    burst.release(5200, table);
    expect(fed).toEqual([
      "seat2=card:A:2c,card:A:2d",
      "seat3=card:A:3c,card:A:3d",
      "seat4=card:A:4c,card:A:4d",
      // Seat 1 was dealt the cards the table first saw in the muck, before any action was read.
      "seat1=card:A:Ac,card:A:Ad",
      "bet4=chip:500:4,chip:100:5 (read)",
      "seat1=",
      "muck=card:A:Ac,card:A:Ad",
    ]);
  });
});
