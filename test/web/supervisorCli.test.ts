/** `feltguard supervisor add|remove|list` on the file the configuration names: hashes only, clear errors. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../src/app/cli.js";
import { DEFAULT_CONFIG_PATH } from "../../src/config/config.js";
import { Supervisors } from "../../src/web/supervisors.js";
import { REPO_ROOT } from "../support/paths.js";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

function configWithSupervisors(): { config: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), "fg-sup-"));
  const file = join(dir, "supervisors.json");
  const text = readFileSync(DEFAULT_CONFIG_PATH, "utf8").replace(
    /^ {2}web:\n/m,
    `  web:\n    supervisors: ${file}\n`,
  );
  const config = join(dir, "table.yaml");
  writeFileSync(config, text);
  return { config, file };
}

describe("feltguard supervisor", () => {
  it("adds with an argon2 hash, lists, removes; refuses a short password and an unknown name", async () => {
    const { config, file } = configWithSupervisors();
    const out: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((s) => (out.push(String(s)), true));
    vi.spyOn(process.stderr, "write").mockImplementation((s) => (out.push(String(s)), true));
    vi.stubEnv("FELTGUARD_PASSWORD", "a long enough password");
    expect(await main(["node", "feltguard", "supervisor", "add", "Ana", "-c", config])).toBe(0);
    const stored = readFileSync(file, "utf8");
    expect(stored).toMatch(/"\$argon2id\$/);
    expect(stored).not.toContain("a long enough password");
    expect(await Supervisors.load(file).check("Ana", "a long enough password")).toBe(true);
    expect(await Supervisors.load(file).check("Ana", "wrong password")).toBe(false);

    vi.stubEnv("FELTGUARD_PASSWORD", "short");
    expect(await main(["node", "feltguard", "supervisor", "add", "Ben", "-c", config])).toBe(1);
    expect(out.join("")).toMatch(/at least 10 characters/);
    process.exitCode = undefined;

    out.length = 0;
    expect(await main(["node", "feltguard", "supervisor", "list", "-c", config])).toBe(0);
    expect(out.join("")).toBe("Ana\n");
    expect(await main(["node", "feltguard", "supervisor", "remove", "Zed", "-c", config])).toBe(1);
    process.exitCode = undefined;
    expect(await main(["node", "feltguard", "supervisor", "remove", "Ana", "-c", config])).toBe(0);
    expect(Supervisors.load(file).names()).toEqual([]);
  });

  it("with no password at all says how to give one, not that it is too short", () => {
    const { config } = configWithSupervisors();
    const r = spawnSync(
      process.execPath,
      ["--import", "tsx", "src/app/main.ts", "supervisor", "add", "Bob", "-c", config],
      { encoding: "utf8", cwd: REPO_ROOT, input: "", env: { ...process.env, FELTGUARD_PASSWORD: "" } },
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /no password given \(set FELTGUARD_PASSWORD, or give it as the first line of stdin/,
    );
    expect(r.stderr).not.toMatch(/at least 10 characters/);
    // The limit only stops a hang: starting the CLI under tsx took 10 s with two CPU hogs beside the suite.
  }, 120_000);

  it("says which configuration path is missing when no supervisors' file is named", async () => {
    const err: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((s) => (err.push(String(s)), true));
    expect(await main(["node", "feltguard", "supervisor", "list", "-c", DEFAULT_CONFIG_PATH])).toBe(1);
    expect(err.join("")).toMatch(/displays\.web\.supervisors/);
  });
});
