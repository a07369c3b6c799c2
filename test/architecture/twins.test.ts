/**
 * The device twins ship with the devices (src/devices/<device>/mock.ts) and stay test doubles: no
 * product module imports one (only another twin, the simulator, tests and benchmarks may), and nothing
 * under src/ or bench/ reaches into test/ for a helper.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/paths.js";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

const IMPORT =
  /(?:import|export)\s[^;]*?from\s+["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

/** Every relative import: [importing file, imported file], both relative to the repository. */
function imports(dir: string): [string, string][] {
  return files(join(REPO_ROOT, dir)).flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(IMPORT)].map(
      (m) =>
        [relative(REPO_ROOT, file), relative(REPO_ROOT, resolve(dirname(file), m[1] ?? m[2]!))] as [
          string,
          string,
        ],
    ),
  );
}

const isTwin = (path: string) => /^src\/devices\/[^/]+\/mock\.[jt]s$/.test(path);

describe("device twins", () => {
  it("every device has its twin beside its driver", () => {
    for (const device of ["bridge", "epaper", "hid", "keys"])
      expect(statSync(join(REPO_ROOT, "src/devices", device, "mock.ts")).isFile()).toBe(true);
  });

  it("no product module imports a twin (only twins, the simulator, tests and benchmarks do)", () => {
    const offenders = imports("src").filter(
      ([from, to]) => isTwin(to) && !isTwin(from) && !from.startsWith("src/sim/"),
    );
    expect(offenders).toEqual([]);
  });

  it("nothing in src/ or bench/ imports from test/", () => {
    const offenders = [...imports("src"), ...imports("bench")].filter(([, to]) => to.startsWith("test/"));
    expect(offenders).toEqual([]);
  });
});
