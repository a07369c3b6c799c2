/**
 * `sim --devices` says so when the floor rules: its dealer's hands are the bridge emulator's script,
 * loaded before the board powers up, so he cannot follow a ruling (src/sim/rulingsNotFollowed.ts).
 * Before, a ruling on its floor page was taken by the table and the dealer silently played on as dealt.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { InputEvent } from "../../src/contract/input.js";
import { assembleTable, noTimer } from "../../src/runtime/assemble.js";
import { RULINGS_NOT_FOLLOWED, tellRulingsNotFollowed } from "../../src/sim/rulingsNotFollowed.js";
import { FlopSession } from "../../src/sim/session.js";

describe("sim --devices tells the floor its rulings are not followed", () => {
  it("a ruling the table takes is told with who made it and why; a refused one is not", () => {
    const config = loadConfig("config/default.yaml");
    let now = 0;
    const { runtime } = assembleTable(config, { clock: () => () => now, outputs: [], setTimer: noTimer });
    const lines: string[] = [];
    tellRulingsNotFollowed(runtime, (line) => lines.push(line));
    // Between hands a ruling is refused (no hand to rule on): nothing to follow, nothing said.
    runtime.submit(InputEvent.parse({ t: 0, kind: "floor", op: "game", game: "nlhe" }));
    runtime.submit(InputEvent.parse({ t: 0, kind: "floor", op: "ruling", ruling: "continue", by: "Ana" }));
    expect(lines).toEqual([]);
    const session = new FlopSession({
      seed: 5,
      noise: false,
      inject: [],
      game: "nlhe",
      seatCount: config.table.seats,
      deck: config.deck,
      chips: config.chips,
      bbAnteOrder: config.house.bbAnteOrder,
    });
    const hand = session.nextHand().events;
    const shuffler = hand.findIndex((e) => e.kind === "button" && e.button === "shuffler");
    for (const e of hand.slice(0, shuffler + 1)) {
      now = e.t;
      runtime.submit(InputEvent.parse(e));
    }
    runtime.submit(
      InputEvent.parse({ t: now, kind: "floor", op: "ruling", ruling: "dead", seat: 3, by: "Ana" }),
    );
    expect(lines).toEqual([`the table took the floor's dead on seat 3 by Ana; ${RULINGS_NOT_FOLLOWED}`]);
    runtime.stop();
  });
});
