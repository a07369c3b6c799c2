import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { InputEventIn } from "../../src/contract/input.js";
import { type ScanAntenna, ScanRounds, scanLayout } from "../../src/sim/scanRounds.js";
import { withScanRounds } from "../../src/sim/run.js";
import { FlopSession } from "../../src/sim/session.js";

const config = loadConfig();
/** Four antennas on one bridge: slots at 0, 100, 200, 300 ms of a 400 ms round. */
const FOUR: ScanAntenna[] = [
  { name: "board", reader: "bridge", channel: 2 },
  { name: "seat1", reader: "bridge", channel: 0 },
  { name: "burn", reader: "bridge", channel: 3 },
  { name: "seat2", reader: "bridge", channel: 1 },
];
const ROUND = 400;
const K = 3;
const model = () => new ScanRounds({ roundMs: ROUND, missedScans: K, antennas: FOUR });
const tags = (t: number, antenna: string, ...list: string[]): InputEventIn => ({
  t,
  kind: "tags",
  antenna,
  tags: list,
});
const run = (events: InputEventIn[]) => {
  const m = model();
  return [...m.push(events), ...m.flush()];
};

describe("the reader model (scan rounds)", () => {
  it("reports a round's changes in channel order, each at its slot, not in the order they happened", () => {
    // Burn first, then the board card, then a hole card; each is reported at its antenna's next slot
    // (seat1 at 0, seat2 at 100, board at 200, burn at 300 ms of each 400 ms round).
    const out = run([
      tags(410, "burn", "card:A:2c"),
      tags(460, "board", "card:A:Qs"),
      tags(470, "seat1", "x"),
    ]);
    expect(out.map((e) => [e.t, e.kind === "tags" ? e.antenna : e.kind])).toEqual([
      [600, "board"],
      [700, "burn"],
      [800, "seat1"],
    ]);
    // Within one round a burn placed before the board card is reported after it (channel order).
    const sameRound = run([tags(10, "burn", "b"), tags(20, "board", "q")]);
    expect(sameRound.map((e) => (e.kind === "tags" ? e.antenna : ""))).toEqual(["board", "burn"]);
  });

  it("never reports a change undone within one round", () => {
    // seat1 is scanned at 0, 400, 800…: a card there from 10 to 390 is never seen.
    expect(run([tags(10, "seat1", "card:A:As"), tags(390, "seat1")])).toEqual([]);
    // One ms more and a scan sees it.
    expect(run([tags(10, "seat1", "card:A:As"), tags(401, "seat1")]).length).toBeGreaterThan(0);
  });

  it("reports a tag gone only after K consecutive missed scans", () => {
    const out = run([tags(0, "seat1", "a", "b"), tags(1000, "seat1", "a")]);
    // Seen at 0; missed at 1200, 1600, 2000: gone at the third miss.
    expect(out).toEqual([tags(0, "seat1", "a", "b"), tags(2000, "seat1", "a")]);
    // A tag back before its K-th miss was never reported gone (a flicker).
    const flicker = run([tags(0, "seat1", "a"), tags(1000, "seat1"), tags(1700, "seat1", "a")]);
    expect(flicker).toEqual([tags(0, "seat1", "a")]);
  });

  it("puts a moved card on both antennas' reports until the old one has missed it K times", () => {
    const out = run([tags(0, "seat1", "c"), tags(1000, "seat1"), tags(1050, "board", "c")]);
    expect(out).toEqual([tags(0, "seat1", "c"), tags(1400, "board", "c"), tags(2000, "seat1")]);
  });

  it("reports nothing while a reader is offline, then, as the driver does, each antenna that changed (channel order) and the reader online", () => {
    const out = run([
      tags(0, "seat1", "a"),
      { t: 500, kind: "reader", reader: "bridge", status: "offline" },
      tags(600, "seat1"),
      tags(700, "board", "q"),
      tags(900, "board"),
      tags(1000, "burn", "b"),
      { t: 3000, kind: "reader", reader: "bridge", status: "online" },
    ]);
    expect(out).toEqual([
      tags(0, "seat1", "a"),
      { t: 500, kind: "reader", reader: "bridge", status: "offline" },
      // The snapshot: the felt as it is now; a card that came and went meanwhile is not seen, and an
      // antenna whose set is what was last reported is not reported again (PROTOCOL.md, reconciliation).
      tags(3000, "seat1"),
      tags(3000, "burn", "b"),
      { t: 3000, kind: "reader", reader: "bridge", status: "online" },
    ]);
  });

  it("carries its state across batches: a departure spills into the next batch", () => {
    const events = [
      tags(0, "seat1", "a"),
      tags(1000, "seat1"),
      tags(1100, "board", "q"),
      tags(5000, "seat2", "z"),
    ];
    const m = model();
    const first = m.push(events.slice(0, 3));
    // The departure (due at 2000) is not out yet: nothing in the batch is later than 1100.
    expect(first.some((e) => e.kind === "tags" && e.antenna === "seat1" && e.tags.length === 0)).toBe(false);
    const split = [...first, ...m.push(events.slice(3)), ...m.flush()];
    expect(split).toEqual(run(events));
    expect(split.map((e) => e.t)).toEqual([...split.map((e) => e.t)].sort((a, b) => a - b));
  });

  it("passes keys and floor operations through at their own times", () => {
    const out = run([tags(10, "seat1", "a"), { t: 20, kind: "button", button: "exposed" }]);
    // The card was placed before the key, but is reported after it (its scan comes at 400).
    expect(out).toEqual([{ t: 20, kind: "button", button: "exposed" }, tags(400, "seat1", "a")]);
  });

  it("gives the same output for the same seed (a random-pace session through the configured bridge)", () => {
    const stream = () => {
      const source = withScanRounds(
        new FlopSession({
          seed: 9,
          noise: true,
          inject: [],
          game: "nlhe",
          seatCount: 10,
          deck: "A",
          chips: config.chips,
          bbAnteOrder: "blind-first",
          pace: "random",
        }),
        new ScanRounds({ roundMs: 200, missedScans: 3, antennas: scanLayout(config) }),
      );
      return [...Array.from({ length: 20 }, () => source.nextHand().events).flat(), ...source.finish!()];
    };
    const a = stream();
    expect(a.length).toBeGreaterThan(500);
    expect(stream()).toEqual(a);
    expect(a.map((e) => e.t)).toEqual([...a.map((e) => e.t)].sort((x, y) => x - y));
  });
});

/** A random true felt: moves of a few tags between the four antennas, at random times. */
const felt = fc
  .array(
    fc.record({
      dt: fc.integer({ min: 0, max: 1500 }),
      antenna: fc.constantFrom(...FOUR.map((a) => a.name)),
      tags: fc.uniqueArray(fc.constantFrom("a", "b", "c", "d"), { maxLength: 3 }),
    }),
    { maxLength: 40 },
  )
  .map((steps) => {
    let t = 0;
    return steps.map((s) => tags((t += s.dt), s.antenna, ...s.tags));
  });

describe("the reader model, as properties", () => {
  it("never reports a tag on an antenna it was never on", () => {
    fc.assert(
      fc.property(felt, (events) => {
        const onAntenna = new Map<string, Set<string>>();
        for (const e of events)
          if (e.kind === "tags") for (const tag of e.tags) onAntenna.set(`${e.antenna}/${tag}`, new Set());
        for (const e of run(events))
          if (e.kind === "tags")
            for (const tag of e.tags) expect(onAntenna.has(`${e.antenna}/${tag}`)).toBe(true);
      }),
    );
  });

  it("reports every tag the truth holds steady on an antenna for a full round", () => {
    fc.assert(
      fc.property(felt, (events) => {
        const out = run(events);
        events.forEach((e, i) => {
          if (e.kind !== "tags") return;
          const next = events.slice(i + 1).find((n) => n.kind === "tags" && n.antenna === e.antenna);
          const until = next?.t ?? Number.POSITIVE_INFINITY;
          if (until - e.t < ROUND) return;
          // Some report of the antenna within the round holds every tag of that true set.
          const last = [...out]
            .reverse()
            .find((o) => o.kind === "tags" && o.antenna === e.antenna && o.t <= e.t + ROUND);
          expect(e.tags.every((tag) => last?.kind === "tags" && last.tags.includes(tag))).toBe(true);
        });
      }),
    );
  });

  it("keeps its output in time order, batch by batch", () => {
    fc.assert(
      fc.property(felt, fc.integer({ min: 0, max: 40 }), (events, cut) => {
        const m = model();
        const out = [...m.push(events.slice(0, cut)), ...m.push(events.slice(cut)), ...m.flush()];
        expect(out).toEqual(run(events));
        expect(out.map((e) => e.t)).toEqual([...out.map((e) => e.t)].sort((a, b) => a - b));
      }),
    );
  });
});
