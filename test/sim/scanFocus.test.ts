/**
 * The simulated bridge with the host's focus (src/sim/scanRounds.ts `focus`, src/sim/scanFocus.ts): a
 * focus slot after every FOCUS_EVERY antennas' slots scans where the table expects the next tag, so an
 * expected tag is reported sooner, and every antenna keeps its one slot per round, so an unexpected one
 * is reported no later than without a focus.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { InputEventIn } from "../../src/contract/input.js";
import { withScanRounds } from "../../src/sim/run.js";
import { type ScanFocus, shadowFocus } from "../../src/sim/scanFocus.js";
import { type ScanAntenna, ScanRounds, scanLayout } from "../../src/sim/scanRounds.js";
import { FlopSession } from "../../src/sim/session.js";

const config = loadConfig();
/**
 * Eight antennas on one bridge, a 400 ms round of ten 40 ms slots: seat1..seat4 at 0, 40, 80, 120, a
 * focus slot at 160, bet1..bet3 and the board at 200, 240, 280, 320, a focus slot at 360.
 */
const EIGHT: ScanAntenna[] = ["seat1", "seat2", "seat3", "seat4", "bet1", "bet2", "bet3", "board"].map(
  (name, channel) => ({ name, reader: "bridge", channel }),
);
const ROUND = 400;
const tags = (t: number, antenna: string, ...list: string[]): InputEventIn => ({
  t,
  kind: "tags",
  antenna,
  tags: list,
});

/** A focus that always expects `antennas` and records what it was shown. */
function fixedFocus(...antennas: string[]): ScanFocus & { seen: InputEventIn[] } {
  const seen: InputEventIn[] = [];
  return { seen, observe: (e) => seen.push(e), expected: () => antennas };
}

function reportTimes(events: InputEventIn[], focus?: ScanFocus): Record<string, number> {
  const m = new ScanRounds({ roundMs: ROUND, missedScans: 3, antennas: EIGHT, ...(focus ? { focus } : {}) });
  const out = [...m.push(events), ...m.flush()];
  const first: Record<string, number> = {};
  for (const e of out) if (e.kind === "tags" && e.tags.length > 0) first[e.antenna] ??= e.t;
  return first;
}

describe("scan rounds with the host's focus", () => {
  it("an expected card is reported at the next focus slot; without the focus, at the board's own slot", () => {
    const felt = [tags(410, "board", "card:A:Qs")];
    // Without a focus the eight antennas share the round in 50 ms slots: the board's is at 350.
    expect(reportTimes(felt)).toEqual({ board: 750 });
    expect(reportTimes(felt, fixedFocus("board"))).toEqual({ board: 560 }); // 400 + the focus slot at 160
    // Landing just after its own slot (720), it waits for the next focus slot (760), not for its own
    // next slot (1120); focused elsewhere, it does wait for that.
    expect(reportTimes([tags(730, "board", "x")], fixedFocus("board"))).toEqual({ board: 760 });
    expect(reportTimes([tags(730, "board", "x")], fixedFocus("seat1"))).toEqual({ board: 1120 });
  });

  it("an unexpected card waits no longer than its own slot in the round: the round stays the same length", () => {
    // Every antenna gets a card at 1010: each is reported within one round, focus or none.
    const felt = EIGHT.map((a) => tags(1010, a.name, `card:${a.name}`));
    for (const focus of [undefined, fixedFocus("bet2", "board")]) {
      const times = reportTimes(felt, focus);
      expect(Object.keys(times).sort()).toEqual(EIGHT.map((a) => a.name).sort());
      for (const t of Object.values(times)) expect(t - 1010).toBeLessThan(ROUND);
    }
    // The seats' slots do not move for a focus: seat1 at 1200 + 0.
    expect(reportTimes([tags(1010, "seat1", "x")], fixedFocus("board"))).toEqual({ seat1: 1200 });
  });

  it("the focus sees every event the table sees, in order, and cycles through its antennas", () => {
    const focus = fixedFocus("bet1", "board");
    const m = new ScanRounds({ roundMs: ROUND, missedScans: 3, antennas: EIGHT, focus });
    const out = [
      ...m.push([
        tags(10, "board", "a"),
        tags(10, "bet1", "b"),
        { t: 50, kind: "button", button: "shuffler" } as InputEventIn,
      ]),
      ...m.flush(),
    ];
    expect(focus.seen).toEqual(out);
    // The first focus slot (160) scans bet1, before its own slot (200); the board's own slot (320)
    // comes before the second focus slot (360).
    const at = Object.fromEntries(out.flatMap((e) => (e.kind === "tags" ? [[e.antenna, e.t]] : [])));
    expect(at).toEqual({ bet1: 160, board: 320 });
  });

  it("a real session with the table's focus: the same stream every run, some tags read at focus slots", () => {
    const stream = (focus: boolean) => {
      const source = withScanRounds(
        randomPaceSession(9),
        new ScanRounds({
          roundMs: 200,
          missedScans: 3,
          antennas: scanLayout(config),
          ...(focus ? { focus: shadowFocus(config) } : {}),
        }),
      );
      return [...Array.from({ length: 10 }, () => source.nextHand().events).flat(), ...source.finish!()];
    };
    const on = stream(true);
    expect(stream(true)).toEqual(on);
    const off = stream(false);
    // The same true felt, read sooner where the table expected it: the first report of each tag.
    const firstSeen = (events: InputEventIn[]) => {
      const m = new Map<string, number>();
      for (const e of events)
        if (e.kind === "tags") for (const tag of e.tags) if (!m.has(tag)) m.set(tag, e.t);
      return m;
    };
    const a = firstSeen(off);
    const b = firstSeen(on);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    const sooner = [...b].filter(([tag, t]) => t < a.get(tag)!).length;
    const later = [...b].filter(([tag, t]) => t > a.get(tag)!).length;
    expect(sooner).toBeGreaterThan(later);
  });
});

describe("the shadow focus copied (a ruling followed), as it stands", () => {
  it("a copy made after many hands, across the shadow's checkpoints, expects what the original expects", () => {
    const session = randomPaceSession(4);
    const hands = Array.from({ length: 135 }, () => session.nextHand().events);
    const original = shadowFocus(config);
    const copies = new Map<number, ScanFocus>();
    const compared: boolean[] = [];
    hands.forEach((events, i) => {
      // Copies at a hand's start, as the scan model makes them: before and after the checkpoints.
      if (i === 20 || i === 70 || i === 120) copies.set(i, original.copy!());
      for (const e of events) {
        original.observe(e);
        for (const copy of copies.values()) copy.observe(e);
        const expected = original.expected(e.t);
        for (const copy of copies.values()) compared.push(sameSet(copy.expected(e.t), expected));
      }
    });
    expect(copies.size).toBe(3);
    expect(compared.length).toBeGreaterThan(1000);
    expect(compared.every(Boolean)).toBe(true);
  });
});

/** A ten-seat hold'em session at random pace, with noise and no injected error. */
function randomPaceSession(seed: number): FlopSession {
  return new FlopSession({
    seed,
    noise: true,
    inject: [],
    game: "nlhe",
    seatCount: 10,
    deck: "A",
    chips: config.chips,
    bbAnteOrder: "blind-first",
    pace: "random",
  });
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}
