/**
 * A ruling that changes nothing is refused with the reason, never reported as applied. Walking the
 * floor's path found `continue` on READER_OFFLINE answered 200 "applied" while the alert stayed up
 * (it clears only when the reader is back), so the page told the supervisor something had happened.
 */
import { describe, expect, it } from "vitest";
import { InputEvent } from "../../src/contract/input.js";
import { feed, scenario, testRuntime } from "../web/harness.js";

describe("a ruling that changes nothing", () => {
  it("continue on READER_OFFLINE is refused: the alert clears when the reader is back", () => {
    const { runtime, setNow } = testRuntime();
    const events = scenario("reader-offline").filter((e) => !(e.kind === "reader" && e.status === "online"));
    feed(runtime, setNow, events);
    const out = runtime.submit(
      InputEvent.parse({
        t: 5000,
        kind: "floor",
        op: "ruling",
        ruling: "continue",
        code: "READER_OFFLINE",
        by: "Ana",
      }),
    );
    const refusal = out.find((e) => e.kind === "alert" && e.code === "FLOOR_OP_REJECTED");
    expect(refusal?.kind === "alert" && refusal.text).toMatch(/clears when the reader is back/);
    // The reader comes back: the alert clears of itself.
    const back = runtime.submit(
      InputEvent.parse({ t: 5100, kind: "reader", reader: "bridge", status: "online" }),
    );
    expect(back).toContainEqual(expect.objectContaining({ kind: "alert_clear", code: "READER_OFFLINE" }));
  });
});
