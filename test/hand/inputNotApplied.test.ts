/**
 * The table never stops on an input its hand functions cannot follow: it says so, holds the hand and
 * waits for the floor (principle 3) — an error thrown inside an xstate action would otherwise end
 * the process asynchronously, at a live table.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/app/config.js";
import { InputEvent, type TableEvent } from "../../src/contract/index.js";
import { createTableFromConfig } from "../../src/table/core.js";
import { Scene } from "../scenarios/dsl.js";

function play(scene: Scene) {
  const core = createTableFromConfig(loadConfig());
  const out: TableEvent[] = [];
  let t = 0;
  for (const line of scene.lines) {
    if ("expect" in line || "absent" in line) continue;
    const e = InputEvent.parse(line);
    out.push(...core.advanceTo(e.t), ...core.handle(e));
    t = e.t;
  }
  return { core, out, t };
}

/** A hand to the river whose river report carries three cards at once: a board of seven. */
const sevenCardBoard = () =>
  new Scene("seven board cards")
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board("Qs", "Jd", "4h")
    .checkAround()
    .burn("3c")
    .board("5d")
    .checkAround()
    .burn("3d")
    .board("6c", "8s", "5s")
    .checkAround();

describe("an input the hand cannot follow", () => {
  it("raises INPUT_NOT_APPLIED, holds the hand for the floor and keeps running", () => {
    const { core, out } = play(sevenCardBoard());
    const alert = out.find((e) => e.kind === "alert" && e.code === "INPUT_NOT_APPLIED");
    expect(alert).toMatchObject({ severity: "floor", text: expect.stringContaining("got 9") });
    expect(core.hand?.state).toBe("held");
    expect(out.some((e) => e.kind === "hand_end")).toBe(false);
  });

  it("lets the floor void the hand: every chip goes back and the next hand can start", () => {
    const scene = sevenCardBoard().floor({ op: "ruling", ruling: "void" });
    const { core, out } = play(scene);
    expect(out.at(-1)).toMatchObject({ kind: "hand_end", result: "void" });
    expect(core.hand).toBeNull();
    expect(core.snapshot().seats[1]?.stack).toBe(20000);
  });
});
