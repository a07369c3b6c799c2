/**
 * The layering you can see: the import graph between the top-level folders of src/ has no cycle, and
 * README.md's diagram lists the same folder edges the code has. A new import that would make two
 * folders depend on each other (directly or round a loop) fails here, naming the loop and the files.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/paths.js";

const SRC = join(REPO_ROOT, "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

const folderOf = (file: string) => relative(SRC, file).split("/")[0]!;
const IMPORT =
  /(?:import|export)\s[^;]*?from\s+["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

/** folder → folder → the files that make the edge. */
function folderEdges(): Map<string, Map<string, string[]>> {
  const edges = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(SRC)) {
    const from = folderOf(file);
    if (from.endsWith(".ts")) continue; // a file directly under src/ belongs to no folder
    for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = resolve(dirname(file), m[1] ?? m[2]!);
      if (!target.startsWith(SRC)) continue;
      const to = folderOf(target);
      if (to === from) continue;
      const byTarget = edges.get(from) ?? new Map<string, string[]>();
      byTarget.set(to, [...(byTarget.get(to) ?? []), relative(REPO_ROOT, file)]);
      edges.set(from, byTarget);
    }
  }
  return edges;
}

/** A cycle among the folders, as a path, or null. */
function findCycle(edges: Map<string, Map<string, string[]>>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, "open");
    stack.push(node);
    for (const next of [...(edges.get(node)?.keys() ?? [])].sort()) {
      if (state.get(next) === "open") return [...stack.slice(stack.indexOf(next)), next];
      if (state.get(next) === undefined) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of [...edges.keys()].sort()) {
    if (state.get(node) !== undefined) continue;
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

describe("the folders of src/ are layered", () => {
  const edges = folderEdges();

  it("no two folders import each other, directly or round a loop", () => {
    const cycle = findCycle(edges);
    const why =
      cycle === null
        ? ""
        : cycle
            .slice(1)
            .map(
              (to, i) =>
                `${cycle[i]} -> ${to}: ${(edges.get(cycle[i]!)?.get(to) ?? []).slice(0, 3).join(", ")}`,
            )
            .join("\n");
    expect(why).toBe("");
  });

  it("README.md's layering diagram lists exactly the folder imports the code has", () => {
    const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
    const block = /<!-- layers -->\n```\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    // Each line of the diagram: `folder -> a, b, c` (the folders it imports).
    const drawn = new Map<string, string[]>();
    for (const line of block.split("\n")) {
      const m = /^\s*([a-z]+)\s*->\s*(.*)$/.exec(line);
      if (m)
        drawn.set(
          m[1]!,
          m[2]!
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
            .sort(),
        );
    }
    const actual = new Map([...edges].map(([from, to]) => [from, [...to.keys()].sort()]));
    for (const folder of new Set(sourceFiles(SRC).map(folderOf)))
      if (!actual.has(folder)) actual.set(folder, []);
    expect(Object.fromEntries([...drawn].sort())).toEqual(Object.fromEntries([...actual].sort()));
  });
});
