/**
 * The read model is unchanged by how it is composed: the public and private views after every input of
 * every scenario (both games) and of a sample of PHH hands (fixed pace, and random pace with reader
 * noise) hash to the digests recorded in view.golden.json. The digests were recorded with the views as
 * the core computed them from the hands' contexts (before each game gave its own view: commit 7b42aa7,
 * "viewTrace: record ..."); UPDATE_VIEW_GOLDEN=1 records them again, for a change that means to show
 * something else.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { playSources, viewTrace } from "../support/viewTrace.js";

const GOLDEN = fileURLToPath(new URL("./view.golden.json", import.meta.url));
/** PHH hands in the sample, each dealt twice. */
const PHH_HANDS = 12;

describe("the read model over recorded play", () => {
  it("shows, after every input, exactly the views recorded before the games gave their own", () => {
    const traced = Object.fromEntries(playSources(PHH_HANDS).map((s) => [s.name, viewTrace(s)]));
    if (process.env.UPDATE_VIEW_GOLDEN === "1") {
      writeFileSync(GOLDEN, JSON.stringify(traced, null, 2) + "\n");
      return;
    }
    expect(existsSync(GOLDEN), "test/table/view.golden.json").toBe(true);
    const golden = JSON.parse(readFileSync(GOLDEN, "utf8")) as Record<string, unknown>;
    // Every source is there, hands of both games and views both public and private.
    expect(Object.keys(traced).sort()).toEqual(Object.keys(golden).sort());
    expect(Object.keys(traced).filter((n) => n.startsWith("tcp scenario")).length).toBeGreaterThan(10);
    for (const [name, trace] of Object.entries(traced)) expect(trace, name).toEqual(golden[name]);
  });
});
