/**
 * The hand dealt again at once after a misdeal (its bets stay on the layout, so nothing is placed
 * between the press and the first card), read in scan rounds: the readers report the misdealt hand's
 * cards gone K scans late, so a box's first card of the new hand can be reported beside the last hand's
 * card still listed there, which the reading then counts as dealt again (src/reading/tableReader.ts
 * dealtAgain). If that card is then reported gone, it was the collected one: the box's cards are the
 * others. If it stays, it was dealt again, and the box's count is judged once the readers have had the
 * time to report the last hand's cards (the readers' lag and the departure window after the press,
 * 800 + 500 ms with config/tcp.yaml's 200 ms rounds). Found by the sim report, seed 1 at 600 ms rounds (hand 437): a false
 * MISDEAL_CARD_COUNT, box 1 "holds 4 cards".
 */
import { describe, expect, it } from "vitest";
import type { InputEventIn } from "../../../src/contract/input.js";
import type { TableEvent } from "../../../src/contract/index.js";
import { TcpScene } from "./dsl.js";
import { replayTcp } from "./replay.js";

const alerts = (out: TableEvent[]) => out.flatMap((e) => (e.kind === "alert" ? [e.code] : []));
const card = (face: string) => `card:A:${face}`;

/** Hand 1: the dealer exposes his first card, the floor calls the misdeal; the shuffler at 8000. */
function misdealThenPress(): (InputEventIn | { expect: unknown } | { absent: string })[] {
  const s = new TcpScene("misdeal, then dealt again at once")
    .setup({ 1: "Ana", 2: "Ben" })
    .bet(1, "ante", 100)
    .bet(2, "ante", 100)
    .key("shuffler")
    .card(1, "Qd")
    .card(2, "5d")
    .card("dealer", "3h")
    .key("exposed")
    .wait(3000)
    .floor({ op: "ruling", ruling: "misdeal" });
  const lines = s.lines.filter((l) => !("expect" in l) && !("absent" in l));
  const last = lines.at(-1) as InputEventIn;
  if (last.t >= 8000) throw new Error("the scene runs past the press");
  return [...lines, { t: 8000, kind: "button", button: "shuffler" }];
}

const tags = (t: number, antenna: string, faces: string[]): InputEventIn => ({
  t,
  kind: "tags",
  antenna,
  tags: faces.map(card),
});

/**
 * The new hand: box 1's first card 4d reported beside the last hand's Qd (still listed), box 2's 2d
 * beside 5d, the dealer's 3h reported gone; then `box1` says what box 1 lists as the deal goes on.
 */
function redeal(box1: string[][], thirdAt = 9200): unknown[] {
  return [
    ...misdealThenPress(),
    tags(8200, "seat1", ["Qd", "4d"]),
    tags(8220, "seat2", ["5d", "2d"]),
    tags(8300, "dealer", []),
    tags(8400, "dealer", ["2s"]),
    tags(8600, "seat1", box1[0]!),
    tags(8620, "seat2", ["2d"]),
    tags(8700, "seat1", box1[1]!),
    tags(8720, "seat2", ["2d", "2c"]),
    tags(8750, "dealer", ["2s", "9d"]),
    tags(thirdAt, "seat1", box1[2]!),
    tags(9220, "seat2", ["2d", "2c", "8d"]),
    tags(9300, "dealer", ["2s", "9d", "5h"]),
    { t: 12000, kind: "tags", antenna: "play1", tags: ["chip:100:901"] },
    { t: 12300, kind: "tags", antenna: "play2", tags: ["chip:100:902"] },
  ];
}

describe("Three Card Poker: the hand dealt again at once after a misdeal, the last hand's card listed late", () => {
  it("the last hand's card reported gone within the readers' lag after the press: it was collected, the hand plays on", () => {
    // Qd gone at 8600 (the press at 8000, the lag 800 ms); box 1's cards of this hand: 4d, 3d, Kh.
    const out = replayTcp(redeal([["4d"], ["4d", "3d"], ["4d", "3d", "Kh"]]));
    expect(alerts(out)).toEqual(["TCP_DEALER_EXPOSED"]);
    expect(out.filter((e) => e.kind === "hand_end").map((e) => e.kind === "hand_end" && e.result)).toEqual([
      "misdeal",
      "complete",
    ]);
    expect(out).toContainEqual(expect.objectContaining({ kind: "award", seat: 1, hand: "King high" }));
  });

  it.each([
    { when: "within the window", at: 8780 },
    { when: "after it", at: 9400 },
  ])(
    "the last hand's card stays (dealt again) and three more come ($when): a card too many, told once the lag is over",
    ({ at }) => {
      const box1 = [
        ["Qd", "4d"],
        ["Qd", "4d", "3d"],
        ["Qd", "4d", "3d", "Kh"],
      ];
      const out = replayTcp(redeal(box1, at));
      const raised = out.filter((e) => e.kind === "alert" && e.code === "MISDEAL_CARD_COUNT");
      expect(raised).toEqual([
        expect.objectContaining({ seat: 1, text: "Misdeal: box 1 holds 4 cards; the game deals 3" }),
      ]);
      // The press at 8000, the readers' lag (800 ms) and the departure window (500): not before 9300, and not lost.
      expect(raised[0]!.t).toBe(Math.max(at, 9300));
      expect(out.filter((e) => e.kind === "hand_end")).toHaveLength(1);
    },
  );

  it("the last hand's card listed late on its box, then seen on the dealer's antenna: the collected card dealt again to him", () => {
    // Qd (box 1's in the misdealt hand) is read as dealt again beside 4d, then lands on the dealer (it
    // was collected and dealt again to him), then box 1 reports it gone. Found by the sim report, seed
    // 18 at 600 ms rounds (hand 5957): box 1 "held 4 cards", the dealer's card lost.
    const out = replayTcp([
      ...misdealThenPress(),
      tags(8200, "seat1", ["Qd", "4d"]),
      tags(8220, "seat2", ["5d", "2d"]),
      tags(8300, "dealer", ["Qd"]),
      tags(8400, "seat1", ["4d"]),
      tags(8420, "seat2", ["2d"]),
      tags(8600, "seat1", ["4d", "3d"]),
      tags(8620, "seat2", ["2d", "2c"]),
      tags(8700, "dealer", ["Qd", "9d"]),
      tags(9000, "seat1", ["4d", "3d", "Kh"]),
      tags(9020, "seat2", ["2d", "2c", "8d"]),
      tags(9100, "dealer", ["Qd", "9d", "5h"]),
      { t: 12000, kind: "tags", antenna: "play1", tags: ["chip:100:901"] },
      { t: 12300, kind: "tags", antenna: "play2", tags: ["chip:100:902"] },
    ]);
    expect(alerts(out)).toEqual(["TCP_DEALER_EXPOSED"]);
    expect(out).toContainEqual(
      expect.objectContaining({ kind: "street", street: "showdown", board: ["Qd", "9d", "5h"] }),
    );
    expect(out.filter((e) => e.kind === "hand_end").at(-1)).toMatchObject({ result: "complete" });
  });
});

/**
 * The last hand's cards gathered just before a quick press are reported gone up to the readers' lag and
 * the departure window after it (800 + 500 ms): the deck is judged collected then, not at the lag alone.
 * Found by the sim report, seed 18 at 400 ms rounds (hand 5957): a false DECK_NOT_COLLECTED.
 */
describe("Three Card Poker: the last hand's cards reported gone late after a quick press", () => {
  const collectedAt = (after: number) =>
    replayTcp([
      ...misdealThenPress(),
      tags(8000 + after, "dealer", []),
      tags(8000 + after, "seat1", []),
      tags(8000 + after, "seat2", []),
      { t: 9500, kind: "tags", antenna: "seat1", tags: [card("4d")] },
    ]);

  it("reported within the lag and the departure window: collected, nothing said", () => {
    expect(alerts(collectedAt(1200))).toEqual(["TCP_DEALER_EXPOSED"]);
  });

  it("reported after it: DECK_NOT_COLLECTED, as before", () => {
    expect(alerts(collectedAt(1400))).toEqual(["TCP_DEALER_EXPOSED", "DECK_NOT_COLLECTED"]);
  });
});
