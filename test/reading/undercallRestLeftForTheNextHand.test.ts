/**
 * The rest of an undercall put out after the hand's last action is still that hand's chips. Found by the
 * simulator (a table with `reading.departWindowMs: 1200`, seed 211 at 600 ms rounds, hand 6138): seat 2
 * called short on the river, completed the call, won, and left the chips on his zone; at the next press
 * he posted his blind on top of them. The last hand was taken to have ended at its last action (the
 * short call), so the completion read as new chips: an action before his turn (ACTION_OUT_OF_TURN), a
 * false PREMATURE_FLOP and the next hands lost.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

const config = loadConfig();

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Seats 1–3, button 3. Seat 3 calls, seat 1 folds, seat 2 checks; the flop and turn are checked. On the
 * river seat 3 bets 225, seat 2 puts out 200 (UNDERCALL: a call), then the rest (25); seat 2 (kings) wins and
 * leaves his chips on his zone. The next hand: button 1, seat 2 posts the small blind on top of them.
 */
const scene = () =>
  new Scene("")
    .setup({ seats: [1, 2, 3], button: 3 })
    .threeHandedDeal()
    .chips(3, 100, 100)
    .fold(1)
    .key("check")
    .pull()
    .burn("3s")
    .board("2c", "7h", "9s")
    .key("check")
    .key("check")
    .burn("3c")
    .board("4d")
    .key("check")
    .key("check")
    .burn("5c")
    .board("Js")
    .key("check")
    .chips(3, 100, 100, 25)
    .after(1000)
    .chips(2, 100, 100)
    .wait(1000)
    .chips(2, 25)
    .wait(1500)
    .clear("seat2", "seat3", "board", "burn", "muck", "pot", "bet3")
    .wait(1000)
    .key("shuffler")
    .after(300)
    .chips(2, 100)
    .after(100)
    .chips(3, 100, 100)
    .wait();

describe("an undercall completed after the last action, its chips left on the zone into the next hand", () => {
  it("is the last hand's: the small blind posted on top of it is not an action", () => {
    const events = play(scene());
    const lastHand = events.slice(events.findLastIndex((e) => e.kind === "hand_start"));
    expect(lastHand[0]).toMatchObject({ kind: "hand_start", sb: 2, bb: 3 });
    // The first hand: the short call, completed, and seat 2's win.
    expect(codes(events.slice(0, events.length - lastHand.length))).toEqual(["UNDERCALL"]);
    expect(events.find((e) => e.kind === "award")).toMatchObject({ seat: 2 });
    expect(codes(lastHand)).toEqual([]);
    expect(lastHand.filter((e) => e.kind === "action").map((e) => e.kind === "action" && e.action)).toEqual([
      "sb",
      "bb",
    ]);
  });
});
