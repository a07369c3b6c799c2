/**
 * `feltguard replay` ends when its log does: at the end of input the windows run out (events.md), and a
 * judgement that waits for the next reports is made on what there is. The deck's collection waited a
 * scan round at a time, for as long as the deal was under way with a seat still listing a lone card of
 * the last hand (src/hand/judgements.ts): a log that ended there never finished replaying.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Scene } from "../scenarios/dsl.js";

describe("feltguard replay of a log that ends during the deal", () => {
  it("ends, with seat 3's card of the last hand judged (DECK_NOT_COLLECTED), when a seat still to be dealt lists one", () => {
    // Hand 1: seats 4, 1 and 2 fold, seat 3 wins; one of its cards stays on seat 3. The floor puts the
    // button on seat 3, so hand 2's deal starts at seat 4; the dealer deals seats 4 and 1, and the log
    // ends there (the dealer stopped, or the table lost power).
    const scene = new Scene("")
      .setup()
      .standardDeal()
      .fold(4)
      .fold(1)
      .fold(2)
      .after(1000)
      .removeFrom("seat3", "card:A:2h")
      .clear("muck")
      .wait(1000)
      .floor({ op: "button", seat: 3 })
      .after(100)
      .key("shuffler")
      .after(100)
      .chips(4, 100)
      .after(100)
      .chips(1, 100, 100)
      .deal([
        [4, "5d"],
        [1, "5h"],
      ]);
    const file = join(mkdtempSync(join(tmpdir(), "fg-replay-ends-")), "stops-mid-deal.jsonl");
    writeFileSync(file, scene.toJsonLines());
    const r = spawnSync(process.execPath, ["--import", "tsx", "src/app/main.ts", "replay", file], {
      encoding: "utf8",
      // Generous for a loaded machine: the replay itself takes well under a second of work.
      timeout: 120_000,
    });
    expect(r.signal).toBeNull();
    expect(r.status).toBe(0);
    const events = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { kind: string; code?: string; hand?: number });
    expect(events.filter((e) => e.kind === "hand_start").map((e) => e.hand)).toEqual([1, 2]);
    expect(events.filter((e) => e.kind === "alert").map((e) => e.code)).toEqual(["DECK_NOT_COLLECTED"]);
  });
});
