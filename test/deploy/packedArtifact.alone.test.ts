/**
 * The packed artifact installs on a machine with no compiler: `npm run pack:artifact` makes the
 * tarball; deploy/install.sh's dry run prepares /opt/feltguard (its package.json carries the artifact's
 * overrides) and says the npm command, which installs it (`npm install --omit=dev`) on a PATH where every
 * compiler and build tool is shadowed by a failing stub (g++, cc, make, python3: no native build can
 * happen), and the installed command replays the contract's example and journals a hand (better-sqlite3's binding came inside).
 * Slow (it compiles, packs and installs from the registry): it runs on its own, after the main suite.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import semver from "semver";
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

/** These variables of the test's own environment, those that are set. */
function passedThrough(names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = process.env[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
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
    // Installed as deploy/install.sh installs it: its dry run writes /opt/feltguard/package.json (the
    // artifact's overrides) and says the npm command, which is run here as it says it.
    const root = join(dir, "pi");
    const dry = spawnSync(
      "bash",
      [join(REPO_ROOT, "deploy/install.sh"), "--destdir", root, "--dry-run", tgz],
      {
        encoding: "utf8",
      },
    );
    expect(dry.status, dry.stderr).toBe(0);
    const npmLine = dry.stdout.split("\n").find((l) => l.startsWith("would run: npm "))!;
    const npmArgs = npmLine.slice("would run: npm ".length).split(" ");
    const target = join(root, "opt/feltguard");
    const env = {
      PATH,
      HOME: process.env.HOME ?? dir,
      // The machine's trust and proxy settings are the installer's too: with --prefix, npm reads its
      // global npmrc from the prefix, not the machine's, so a CA it names there would be lost.
      ...passedThrough([
        "NODE_EXTRA_CA_CERTS",
        "SSL_CERT_FILE",
        "SSL_CERT_DIR",
        "HTTPS_PROXY",
        "HTTP_PROXY",
        "NO_PROXY",
        "https_proxy",
        "http_proxy",
        "no_proxy",
      ]),
      npm_config_prefer_offline: "true",
      npm_config_audit: "false",
      npm_config_fund: "false",
    };
    const install = spawnSync("npm", npmArgs, {
      cwd: target,
      env,
      encoding: "utf8",
      timeout: 540_000,
    });
    expect(install.status, `${install.stdout}\n${install.stderr}`).toBe(0);
    // No package that wants another Node (cookie@2 said >=22; test/deploy/engines.test.ts).
    expect(install.stderr).not.toMatch(/EBADENGINE/);
    expect(existsSync(join(target, "node_modules/typescript"))).toBe(false);
    // One serialport, the product's: johnny-five's and firmata's serialport 8 brought a native binding
    // with no build for Node 20 (an npm that runs install scripts compiled it, or failed without g++).
    expect(existsSync(join(target, "node_modules/@serialport/bindings"))).toBe(false);
    const serialports = spawnSync("npm", ["ls", "--all", "--parseable", "--long", "serialport"], {
      cwd: target,
      env,
      encoding: "utf8",
    });
    const versions = new Set([...serialports.stdout.matchAll(/:serialport@([\d.]+)/g)].map((m) => m[1]));
    const range = (
      JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
        dependencies: Record<string, string>;
      }
    ).dependencies.serialport!;
    expect(versions.size, [...versions].join(", ")).toBe(1);
    expect(semver.satisfies([...versions][0]!, range)).toBe(true);

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
