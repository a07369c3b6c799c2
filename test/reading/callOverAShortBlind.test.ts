/**
 * A call whose chips the round returns in part at once. Heads-up, the big blind is all-in for less than
 * the small blind posted; the small blind still owes the full big blind (the blind is the opening bet)
 * and calls all-in with the `allin` key. The round closes on the call and gives back what the big blind
 * did not match. Found by the simulator (a table with a 900 ms settle window, seed 232 at 400 ms rounds,
 * hand 7693): the call was told as "-25 to 75" (the return netted into it), and the allin key counted
 * 25 chips less than it put in, so the pot's sweep read 125 as nobody's (POT_CHIPS_UNREAD).
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

const config = loadConfig();

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Seats 1 and 2, button 1 (the small blind: 100 of his 200), seat 2 the big blind all-in for 75. Seat 1
 * presses `allin` and pushes his last 100, swept with the blinds before his zone is scanned again.
 */
const scene = () =>
  new Scene("")
    .shortBigBlindDealt(200)
    .key("allin")
    .after(300)
    .report("pot", "chip:100:1", "chip:25:2", "chip:25:3", "chip:25:4", "chip:100:90")
    .after(100)
    .report("bet1")
    .after(0)
    .report("bet2")
    .burn("2c")
    .board("9s", "8d", "3c")
    .burn("3h")
    .board("4d")
    .burn("5s")
    .board("7c")
    .wait();

describe("a call all-in over a big blind all-in for less than the small blind", () => {
  it("is told as the chips it put in, and the pot's sweep is read as the bets", () => {
    const events = play(scene());
    const call = events.find((e) => e.kind === "action" && e.seat === 1 && e.action === "call");
    expect(call).toMatchObject({ amount: 100, to: 200, allin: true });
    expect(codes(events)).not.toContain("POT_CHIPS_UNREAD");
    expect(events.find((e) => e.kind === "hand_end")).toMatchObject({ result: "complete" });
  });
});
