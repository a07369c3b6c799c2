import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createRegistry, loadRegistryFile } from "../../src/reading/registry.js";

/** Runs the real CLI entry point in a child process (TypeScript through tsx). */
function feltguard(...args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "src/app/main.ts", ...args], {
    encoding: "utf8",
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const FIXTURES = "test/enrol/fixtures";

describe("feltguard enrol", () => {
  const dir = mkdtempSync(join(tmpdir(), "fg-enrol-"));
  const out = join(dir, "registry.txt");
  writeFileSync(out, "# chips enrolled by hand\nE0040150FF000001  chip:500:17\n");

  it("enrols deck B from recorded reports, refusing the repeated and the extra tag, and writes the file", () => {
    const r = feltguard(
      "enrol",
      "deck",
      "--deck",
      "B",
      "--antenna",
      "board",
      "--out",
      out,
      "--input",
      `${FIXTURES}/deck-b.jsonl`,
    );
    expect(r.stderr).toContain("REFUSED: repeated tag: E0040150B0000002 is already enrolled as card:B:3s");
    expect(r.stderr).toContain("REFUSED: extra tag E0040150C0000001");
    expect(r.stderr).toContain("52 tags written to");
    expect(r.code).toBe(0);
    const text = readFileSync(out, "utf8");
    // The file as it was is kept, the deck is appended under a heading.
    expect(
      text.startsWith(
        "# chips enrolled by hand\nE0040150FF000001  chip:500:17\n\n# deck B, enrolled on board, ",
      ),
    ).toBe(true);
    const registry = createRegistry({
      deck: "B",
      chips: [500],
      simulated: false,
      uids: loadRegistryFile(out),
    });
    expect(registry.resolve("e0040150b0000000")).toEqual({ type: "card", face: "As", deck: "B", copy: 1 });
    expect(registry.resolve("E0040150B0000033")).toEqual({ type: "card", face: "Kc", deck: "B", copy: 1 });
  });

  it("imports deck C from a card maker's CSV, and chips numbered on from the highest serial", () => {
    expect(
      feltguard(
        "enrol",
        "deck",
        "--deck",
        "C",
        "--antenna",
        "board",
        "--out",
        out,
        "--import",
        `${FIXTURES}/deck-c.csv`,
      ).code,
    ).toBe(0);
    const r = feltguard(
      "enrol",
      "chips",
      "--denomination",
      "500",
      "--antenna",
      "pot",
      "--out",
      out,
      "--input",
      `${FIXTURES}/chips-500.jsonl`,
    );
    expect(r.code).toBe(0);
    const uids = loadRegistryFile(out);
    expect(uids.size).toBe(1 + 52 + 52 + 5);
    expect(uids.get("E0040150E0000001")).toBe("chip:500:18");
    expect(uids.get("E0040150E0000005")).toBe("chip:500:22");
    // Written atomically: no temporary file is left beside it.
    expect(readdirSync(dir)).toEqual(["registry.txt"]);
  });

  it("refuses a deck already enrolled, and a bad list, and leaves the file as it was", () => {
    const before = readFileSync(out, "utf8");
    const again = feltguard(
      "enrol",
      "deck",
      "--deck",
      "B",
      "--antenna",
      "board",
      "--out",
      out,
      "--input",
      `${FIXTURES}/deck-b.jsonl`,
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("the registry already has 52 cards of deck B");
    const bad = join(dir, "bad.csv");
    writeFileSync(bad, "E0040150AA000001,As\nnot-a-uid,Ks\n");
    const r = feltguard("enrol", "deck", "--deck", "D", "--antenna", "board", "--out", out, "--import", bad);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${bad}:2: not-a-uid is not a 16-digit hex UID`);
    expect(readFileSync(out, "utf8")).toBe(before);
  });

  it("a deck not completed in the log, or chips not ended with ok, write nothing", () => {
    const short = join(dir, "short.jsonl");
    writeFileSync(short, '{"t":1,"kind":"tags","antenna":"board","tags":["E0040150AB000001"]}\n');
    writeFileSync(
      short.replace("short", "short-chips"),
      '{"t":1,"kind":"tags","antenna":"pot","tags":["E0040150AB000002"]}\n',
    );
    const fresh = join(dir, "fresh.txt");
    const r = feltguard(
      "enrol",
      "deck",
      "--deck",
      "E",
      "--antenna",
      "board",
      "--out",
      fresh,
      "--input",
      short,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("deck E not complete (1/52 cards): nothing written");
    expect(readdirSync(dir)).not.toContain("fresh.txt");
    // Chips without the dealer's ok: nothing written either.
    const chips = feltguard(
      "enrol",
      "chips",
      "--denomination",
      "25",
      "--antenna",
      "pot",
      "--out",
      fresh,
      "--input",
      short.replace("short", "short-chips"),
    );
    expect(chips.code).toBe(1);
    expect(chips.stderr).toContain("chips of 25 not ended with ok (1 taken): nothing written");
    expect(readdirSync(dir)).not.toContain("fresh.txt");
  });

  it("imports a card maker's list as docs/registry.md shows it, without --antenna; enrolling at the table needs one", () => {
    const listed = join(dir, "listed.txt");
    const deck = feltguard(
      "enrol",
      "deck",
      "--deck",
      "F",
      "--out",
      listed,
      "--import",
      `${FIXTURES}/deck-c.csv`,
    );
    expect(deck.stderr).toContain(`52 tags written to ${listed}`);
    expect(deck.code).toBe(0);
    const chipList = join(dir, "chips.csv");
    writeFileSync(chipList, "E0040150F1000001\nE0040150F1000002\n");
    const chips = feltguard("enrol", "chips", "--denomination", "100", "--out", listed, "--import", chipList);
    expect(chips.code).toBe(0);
    expect(loadRegistryFile(listed).get("E0040150F1000002")).toBe("chip:100:2");
    const atTable = feltguard(
      "enrol",
      "deck",
      "--deck",
      "G",
      "--out",
      listed,
      "--input",
      `${FIXTURES}/deck-b.jsonl`,
    );
    expect(atTable.code).toBe(1);
    expect(atTable.stderr).toContain("--antenna <name> is needed to enrol at the table or from --input");
    expect(loadRegistryFile(listed).size).toBe(54);
  });
});
