/**
 * The packed artifact installs on a machine with no compiler: `npm run pack:artifact` makes the
 * tarball; a fresh directory installs it with `npm install --omit=dev` on a PATH where every
 * compiler and build tool is shadowed by a failing stub (g++, cc, make, python3: no native build can
 * happen), and the installed command replays the contract's example and journals a hand (better-sqlite3's binding came inside).
 * Slow (it compiles, packs and installs from the registry): it runs on its own, after the main suite.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/paths.js";

const dir = mkdtempSync(join(tmpdir(), "fg-artifact-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The machine's PATH with every compiler and build tool shadowed by a stub that fails: g++, cc, make
 * and python3 (node-gyp's) cannot run, as on a Pi without build tools; everything else (getconf,
 * which the prebuilt-binary checks use to tell the C library) is there.
 */
function withoutCompilers(): string {
  const bin = join(dir, "no-compilers");
  mkdirSync(bin);
  for (const tool of ["g++", "gcc", "cc", "c++", "clang", "make", "python", "python3"]) {
    writeFileSync(join(bin, tool), `#!/bin/sh\necho "${tool}: not on this machine" >&2\nexit 127\n`);
    chmodSync(join(bin, tool), 0o755);
  }
  return `${bin}:${process.env.PATH ?? ""}`;
}

describe("the packed artifact", () => {
  it("installs with npm install --omit=dev where there is no compiler, and runs replay and run", () => {
    const out = join(dir, "out");
    const tgz = execFileSync(process.execPath, [join(REPO_ROOT, "deploy/pack.mjs"), "--out", out], {
      cwd: REPO_ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    })
      .trim()
      .split("\n")
      .at(-1)!;
    expect(existsSync(tgz)).toBe(true);

    const PATH = withoutCompilers();
    for (const compiler of ["g++", "cc", "make", "python3"])
      expect(spawnSync(compiler, ["--version"], { env: { PATH } }).status, compiler).toBe(127);
    const target = join(dir, "table");
    mkdirSync(target);
    writeFileSync(join(target, "package.json"), '{ "name": "pi", "private": true }\n');
    const env = {
      PATH,
      HOME: process.env.HOME ?? dir,
      npm_config_prefer_offline: "true",
      npm_config_audit: "false",
      npm_config_fund: "false",
    };
    const install = spawnSync("npm", ["install", "--omit=dev", tgz], {
      cwd: target,
      env,
      encoding: "utf8",
      timeout: 540_000,
    });
    expect(install.status, `${install.stdout}\n${install.stderr}`).toBe(0);
    // No package that wants another Node (cookie@2 said >=22; test/deploy/engines.test.ts).
    expect(install.stderr).not.toMatch(/EBADENGINE/);
    expect(existsSync(join(target, "node_modules/typescript"))).toBe(false);

    const feltguard = join(target, "node_modules/feltguard/bin/feltguard.js");
    const example = join(target, "node_modules/feltguard/examples/premature-flop.jsonl");
    const replay = spawnSync("node", [feltguard, "replay", example], { cwd: target, env, encoding: "utf8" });
    expect(replay.status, replay.stderr).toBe(0);
    expect(replay.stdout).toMatch(/"code":"PREMATURE_FLOP"/);

    // The journal's SQLite: better-sqlite3's binding travelled in the artifact.
    const run = spawnSync(
      "node",
      [feltguard, "run", "--journal", join(dir, "journal.db"), "--input", example],
      {
        cwd: target,
        env,
        encoding: "utf8",
      },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/journal ok/);
  }, 600_000);
});
