/**
 * The readers' snapshots during a hand (src/table/snapshotBurst.ts): gathered for one scan round after
 * the first (reading.scanRoundMs: a bridge sends every channel's snapshot within a round), then given to
 * the hand in an order that can be true, whatever order the channels came in.
 */
import { describe, expect, it } from "vitest";
import type { TagsEvent } from "../../src/contract/input.js";
import { type BurstTable, chipsSumming, SnapshotBurst } from "../../src/table/snapshotBurst.js";

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
    placedBeforeDeal: () => false,
    dealPending: () => false,
    decidedAfterDeal: () => false,
    inHand: () => ({
      seats: [1, 2, 3, 4].map((seat) => ({ seat, holeCards: reports.get(`seat${seat}`)?.length ?? 0 })),
      cardsEach: 2,
    }),
    isCard: (tag) => tag.startsWith("card:"),
    chipValue: (tag) => Number(/^chip:(\d+):/.exec(tag)?.[1] ?? 0),
    unseenBet: () => 0,
    cardsOn: (a) => [...(reports.get(a) ?? [])].filter((tag) => tag.startsWith("card:")),
    whereIs: (tag) => [...reports].find(([, tags]) => tags.includes(tag))?.[0] ?? null,
    // Nothing here went out of sight while the table was down (test/journal/restartMidDeal: cards in motion).
    inMotion: () => undefined,
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

  it("read a card in motion at the restart from where it was last seen: a fold in the air is that seat's, not cards dealt to a seat short of its own", () => {
    // Seat 4 is to act. Its cards had left its antenna (the bridge reported it empty) and were in the
    // air when the table went down; their departure window ran out while it was down. Seat 1's cards
    // were not seen yet (dealt while down, no report of it in the burst: its reader lost the snapshot).
    const reports = new Map<string, string[]>([
      ["seat2", ["card:A:2c", "card:A:2d"]],
      ["seat3", ["card:A:3c", "card:A:3d"]],
      ["seat4", []],
    ]);
    const placed = new Map<string, string>([
      ["card:A:2c", "seat2"],
      ["card:A:2d", "seat2"],
      ["card:A:3c", "seat3"],
      ["card:A:3d", "seat3"],
    ]);
    const departed = new Map([
      ["card:A:4c", "seat4"],
      ["card:A:4d", "seat4"],
    ]);
    const fed: string[] = [];
    const toAct = [4, 1];
    const table: BurstTable = {
      toAct: () => toAct[0] ?? null,
      lastReport: (a) => [...(reports.get(a) ?? [])],
      placedBeforeDeal: () => false,
      dealPending: () => false,
      decidedAfterDeal: () => false,
      inHand: () => ({
        seats: [1, 2, 3, 4].map((seat) => ({ seat, holeCards: seat === 1 ? 0 : 2 })),
        cardsEach: 2,
      }),
      isCard: (tag) => tag.startsWith("card:"),
      chipValue: () => 0,
      unseenBet: () => 0,
      cardsOn: (a) => [...placed].filter(([, at]) => at === a).map(([tag]) => tag),
      whereIs: (tag) => placed.get(tag) ?? null,
      inMotion: (tag) => {
        const from = departed.get(tag);
        if (from !== undefined && !placed.has(tag)) placed.set(tag, from);
      },
      feed: (e) => {
        fed.push(`${e.antenna}=${e.tags.join(",")}`);
        reports.set(e.antenna, e.tags);
        if (e.antenna === "muck" && e.tags.includes("card:A:4c")) toAct.shift();
      },
    };
    const burst = new SnapshotBurst(200);
    burst.add(snap(5000, "muck", ["card:A:4c", "card:A:4d"]));
    burst.release(5200, table);
    // Before: the muck's cards were taken as never seen and dealt to seat 1 (short of its cards).
    expect(fed).toEqual(["muck=card:A:4c,card:A:4d"]);
  });

  it("find a blind's posted chips among a zone's: the chips that make the amount, in their listed order; none when no set does", () => {
    const value = (tag: string) => Number(/^chip:(\d+):/.exec(tag)?.[1] ?? 0);
    // The big blind's 200 (two 100s) listed after its call's 500 and 25s.
    const zone = ["chip:500:9", "chip:100:2", "chip:25:7", "chip:100:3", "chip:25:8"];
    expect(chipsSumming(zone, 200, value)).toEqual(["chip:100:2", "chip:100:3"]);
    expect(chipsSumming(zone, 50, value)).toEqual(["chip:25:7", "chip:25:8"]);
    expect(chipsSumming(zone, 75, value)).toBeNull();
    expect(chipsSumming(["card:A:As", "chip:100:1"], 100, value)).toEqual(["chip:100:1"]);
  });
});
