/**
 * The table never stops on an input its hand functions cannot follow: it says so, holds the hand and
 * waits for the floor (principle 3) — an error thrown inside an xstate action would otherwise end
 * the process asynchronously, at a live table. A defect is stood in for by a showdown that throws.
 */
import { describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { InputEvent, type TableEvent } from "../../src/contract/index.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { Scene } from "../scenarios/dsl.js";

vi.mock("../../src/rules/showdown.js", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../src/rules/showdown.js")>()),
  settleShowdown: () => {
    throw new Error("a defect in the showdown");
  },
}));

function play(scene: Scene) {
  const core = createTableFromConfig(loadConfig());
  const out: TableEvent[] = [];
  for (const line of scene.lines) {
    if ("expect" in line || "absent" in line) continue;
    const e = InputEvent.parse(line);
    out.push(...core.advanceTo(e.t), ...core.handle(e));
  }
  return { core, out };
}

/** A hand checked down to the showdown. */
const toShowdown = () =>
  new Scene("checked down")
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
    .board("6c")
    .checkAround();

describe("an input the hand cannot follow", () => {
  it("raises INPUT_NOT_APPLIED with the reason, holds the hand for the floor and keeps running", () => {
    const { core, out } = play(toShowdown());
    const alert = out.find((e) => e.kind === "alert" && e.code === "INPUT_NOT_APPLIED");
    expect(alert).toMatchObject({
      severity: "floor",
      text: expect.stringContaining("a defect in the showdown"),
    });
    expect(core.live?.chart).toBe("held.void.inputNotApplied");
    expect(core.live?.held).toBe("void");
    expect(out.some((e) => e.kind === "hand_end")).toBe(false);
  });

  it("lets the floor void the hand: every chip goes back and the table goes on", () => {
    const { core, out } = play(toShowdown().floor({ op: "ruling", ruling: "void" }));
    expect(out.at(-1)).toMatchObject({ kind: "hand_end", result: "void" });
    expect(core.live).toBeNull();
    expect(core.snapshot().seats[1]?.stack).toBe(20000);
  });
});
