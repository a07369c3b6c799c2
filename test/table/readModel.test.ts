/**
 * Displays, the floor page and the floor feed read only the core's read model (issue 15, point 2):
 * no module under src/display, src/web or src/feed imports a hand's module (its context, session or
 * machine) or the test-only session accessor, and none takes the whole core where the read model will
 * do. The product's other folders reach a hand's session only through the test-only accessor, which
 * nothing in src/ imports.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/paths.js";

const SRC = join(REPO_ROOT, "src");
const IMPORT = /(?:import|export)\s[^;]*?from\s+["'](\.{1,2}\/[^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

/** Each import of `file` as a path under src/ (e.g. "hand/context.ts"), with the text that imports it. */
function importsOf(file: string): { target: string; text: string }[] {
  return [...readFileSync(file, "utf8").matchAll(IMPORT)].map((m) => ({
    target: relative(SRC, resolve(dirname(file), m[1]!)).replace(/\.js$/, ".ts"),
    text: m[0],
  }));
}

const readers = ["display", "web", "feed"].flatMap((folder) => sourceFiles(join(SRC, folder)));

describe("the displays, the floor page and the feed read only the read model", () => {
  it("import no module of a hand (src/hand/**), and not the test-only session accessor", () => {
    const found = readers.flatMap((file) =>
      importsOf(file)
        .filter((i) => i.target.startsWith("hand/") || i.target === "table/sessionForTests.ts")
        .map((i) => `${relative(REPO_ROOT, file)}: ${i.text}`),
    );
    expect(readers.length).toBeGreaterThan(20);
    expect(found).toEqual([]);
  });

  it("take the core's read model, not the core that is fed (TableReadModel, not TableCore)", () => {
    const found = readers.filter((file) => /\bTableCore\b/.test(readFileSync(file, "utf8")));
    expect(found.map((f) => relative(REPO_ROOT, f))).toEqual([]);
  });

  it("nothing in src/ uses the test-only session accessor", () => {
    const found = sourceFiles(SRC).filter(
      (file) =>
        !file.endsWith("sessionForTests.ts") &&
        importsOf(file).some((i) => i.target === "table/sessionForTests.ts"),
    );
    expect(found.map((f) => relative(REPO_ROOT, f))).toEqual([]);
  });
});
