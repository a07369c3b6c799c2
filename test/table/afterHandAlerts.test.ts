/**
 * Three Card Poker's work after a hand at the floor: a dealer who presses the shuffler quickly gets the
 * tray judged at that press (TRAY_VARIANCE) and a losing bet still on the layout told at it
 * (LOSING_BET_LEFT, "or when the next hand's bets are placed"). Those alerts come just before the new
 * hand's start. Before, the new hand's start closed them at once: no display showed them (the floor page,
 * the dealer panel and the feed's state were empty), and the floor's continue was refused, "no open
 * alert" — a floor alert said and lost. Now they stay open through the next hand until answered: the
 * floor's continue clears them, a misdeal or void on them is refused with the reason (the hand in play is
 * not theirs), the dealer's ok acknowledges a dealer one.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { InputEvent, type InputEventIn } from "../../src/contract/input.js";
import type { TableEvent } from "../../src/contract/output.js";
import { AlertBoard } from "../../src/display/alertBoard.js";
import { scenarioInputs } from "../support/scenarioFiles.js";
import { feed, testRuntime } from "../web/harness.js";

function table() {
  const { runtime, setNow } = testRuntime(loadConfig("config/tcp.yaml"));
  const said: TableEvent[] = [];
  const board = new AlertBoard();
  runtime.addOutput((events) => {
    said.push(...events);
    board.apply(events);
  });
  const submit = (e: InputEventIn) => {
    setNow(e.t);
    return runtime.submit(InputEvent.parse(e));
  };
  return { runtime, setNow, said, board, submit };
}

const refused = (out: readonly TableEvent[]) =>
  out.flatMap((e) => (e.kind === "alert" && e.code === "FLOOR_OP_REJECTED" ? [e.text] : []));

describe("alerts of the work after a Three Card Poker hand, said at the next shuffler press", () => {
  it("TRAY_VARIANCE judged at a quick press stays open in the next hand until the floor's continue", () => {
    const t = table();
    const inputs = scenarioInputs("test/hand/tcp/scenarios/tray-variance-chip-palmed.jsonl");
    const last = inputs.at(-1)!.t;
    // The dealer presses the shuffler 300 ms after the last chip: the tray is judged now, not 1.5 s later.
    feed(t.runtime, t.setNow, [...inputs, { t: last + 300, kind: "button", button: "shuffler" }]);
    const raised = t.said.findIndex((e) => e.kind === "alert" && e.code === "TRAY_VARIANCE");
    const started = t.said.findIndex((e) => e.kind === "hand_start" && e.hand === 2);
    expect(raised).toBeGreaterThan(-1);
    expect(started).toBeGreaterThan(raised);
    expect(t.board.openAtTable().map((a) => a.code)).toEqual(["TRAY_VARIANCE"]);
    expect(t.board.list().map((a) => a.code)).toEqual(["TRAY_VARIANCE"]);

    const misdeal = t.submit({
      t: last + 800,
      kind: "floor",
      op: "ruling",
      ruling: "misdeal",
      code: "TRAY_VARIANCE",
    });
    expect(refused(misdeal)).toEqual([
      'Floor operation "ruling" not applied: TRAY_VARIANCE came after the last hand and this hand is not its: answer it with continue',
    ]);
    const cont = t.submit({
      t: last + 900,
      kind: "floor",
      op: "ruling",
      ruling: "continue",
      code: "TRAY_VARIANCE",
    });
    expect(refused(cont)).toEqual([]);
    expect(cont).toContainEqual(expect.objectContaining({ kind: "alert_clear", code: "TRAY_VARIANCE" }));
    expect(t.board.openAtTable()).toEqual([]);
    // The hand in play was not touched by either.
    expect(t.said.filter((e) => e.kind === "hand_end" && e.hand === 2)).toEqual([]);
  });

  it("LOSING_BET_LEFT told at the press stays on the board for the dealer until his ok", () => {
    const t = table();
    // Box 2 lost; its Ante went to the tray, box 1 was paid, but box 2's Play is still on the layout
    // when he presses.
    const inputs = scenarioInputs("test/hand/tcp/scenarios/losing-bet-left.jsonl").filter((e) => e.t < 9000);
    feed(t.runtime, t.setNow, [...inputs, { t: 9000, kind: "button", button: "shuffler" }]);
    const raised = t.said.findIndex((e) => e.kind === "alert" && e.code === "LOSING_BET_LEFT");
    const started = t.said.findIndex((e) => e.kind === "hand_start" && e.hand === 2);
    expect(raised).toBeGreaterThan(-1);
    expect(started).toBeGreaterThan(raised);
    expect(t.board.openAtTable()).toEqual([expect.objectContaining({ code: "LOSING_BET_LEFT", seat: 2 })]);
    // The dealer has finished paying: the steps do not send him back to paying (they did), they say the
    // bet must not stay as the next hand's.
    expect(t.board.openAtTable()[0]?.steps).toEqual([
      "Take box 2's Play to the tray before the next hand's cards are drawn",
      "A bet that lost is not a bet on the next hand",
    ]);
    const ok = t.submit({ t: 9600, kind: "button", button: "ok" });
    expect(ok).toContainEqual(
      expect.objectContaining({ kind: "alert_clear", code: "LOSING_BET_LEFT", seat: 2 }),
    );
    expect(t.board.openAtTable()).toEqual([]);
  });
});
