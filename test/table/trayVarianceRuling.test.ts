/**
 * TRAY_VARIANCE (floor) is raised after its hand, once the dealer is done paying: the floor answers it
 * between hands. Walking the floor's path found it unanswerable: `continue` was refused ("there is no
 * hand to rule on") and the page offered no button, so a floor alert stayed up until the next shuffle.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { InputEvent } from "../../src/contract/input.js";
import type { TableEvent } from "../../src/contract/output.js";
import { scenarioInputs } from "../support/scenarioFiles.js";
import { feed, testRuntime } from "../web/harness.js";

const PALMED = "test/hand/tcp/scenarios/tray-variance-chip-palmed.jsonl";

describe("TRAY_VARIANCE between hands", () => {
  it("is raised after the hand and cleared by the floor's continue", () => {
    const { runtime, setNow } = testRuntime(loadConfig("config/tcp.yaml"));
    const seen: TableEvent[] = [];
    runtime.addOutput((events) => seen.push(...events));
    feed(runtime, setNow, scenarioInputs(PALMED));
    setNow(20_000);
    runtime.tick();
    const raised = seen.filter((e) => e.kind === "alert" && e.code === "TRAY_VARIANCE");
    expect(raised).toHaveLength(1);
    const lastEnd = seen.findLastIndex((e) => e.kind === "hand_end");
    expect(seen.indexOf(raised[0]!)).toBeGreaterThan(lastEnd);

    const out = runtime.submit(
      InputEvent.parse({
        t: 21_000,
        kind: "floor",
        op: "ruling",
        ruling: "continue",
        code: "TRAY_VARIANCE",
        by: "Ana",
      }),
    );
    expect(out).toContainEqual(expect.objectContaining({ kind: "alert_clear", code: "TRAY_VARIANCE" }));
    expect(out.some((e) => e.kind === "alert" && e.code === "FLOOR_OP_REJECTED")).toBe(false);
    // Answered once: a second continue finds nothing open.
    const again = runtime.submit(
      InputEvent.parse({
        t: 21_100,
        kind: "floor",
        op: "ruling",
        ruling: "continue",
        code: "TRAY_VARIANCE",
        by: "Bo",
      }),
    );
    expect(again).toContainEqual(expect.objectContaining({ kind: "alert", code: "FLOOR_OP_REJECTED" }));
  });

  it("a misdeal or void between hands is still refused: there is no hand to end", () => {
    const { runtime, setNow } = testRuntime(loadConfig("config/tcp.yaml"));
    feed(runtime, setNow, scenarioInputs(PALMED));
    setNow(20_000);
    runtime.tick();
    const out = runtime.submit(
      InputEvent.parse({
        t: 21_000,
        kind: "floor",
        op: "ruling",
        ruling: "void",
        code: "TRAY_VARIANCE",
        by: "Ana",
      }),
    );
    const why = out.find((e) => e.kind === "alert" && e.code === "FLOOR_OP_REJECTED");
    expect(why?.kind === "alert" && why.text).toMatch(/no hand to rule on/);
  });
});
