/**
 * The documented install path, end to end, in seconds: docs/install.md followed as written, on a
 * scratch directory standing in for the Pi's `/`. deploy/install.sh (dry run) writes the files; the
 * commands it would run that need no root are run as it says them (the table key); the npm install of
 * the artifact is a stand-in package that runs this checkout (test/deploy/packedArtifact.alone.test.ts
 * installs the real artifact, slowly); the ownership it would give is checked for the service user,
 * who must read the program, the configuration and the key and write the journal. Then install.md §3's
 * commands as the page gives them, a supervisor added as docs/floor.md says, the unit's own ExecStart
 * (the table), a sign-in and floor operations, kill -9, the same ExecStart again, and the journal
 * checked and read back. Nothing here waits on the machine's speed: every wait is for a line or a
 * file, with a timeout far beyond a loaded machine's.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it, vi } from "vitest";
import { parseDocument } from "yaml";
import { DEFAULT_CONFIG_PATH } from "../../src/config/config.js";
import { REPO_ROOT } from "../support/paths.js";

const dir = mkdtempSync(join(tmpdir(), "fg-install-path-"));
const root = join(dir, "pi");
const running: ChildProcess[] = [];
afterAll(() => {
  for (const p of running) p.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** The Pi's absolute paths, as the docs and the unit write them, moved under the scratch root. */
const onPi = (text: string) =>
  text.replace(/(?<![\w/.-])\/(opt|etc|var)\/(feltguard|lib\/feltguard)/g, `${root}/$1/$2`);

/** Runs this checkout's TypeScript wherever the stand-in package's bin/feltguard.js is started. */
const env = {
  ...process.env,
  NODE_OPTIONS: `--import=${pathToFileURL(join(REPO_ROOT, "node_modules/tsx/dist/loader.mjs")).href}`,
  FELTGUARD_LOG_LEVEL: "info",
};

/** npm pack's layout (package/…) with what install.sh reads from it: the bundled configuration, package.json. */
function artifact(): string {
  mkdirSync(join(dir, "pkg/package/config"), { recursive: true });
  writeFileSync(join(dir, "pkg/package/config/default.yaml"), readFileSync(DEFAULT_CONFIG_PATH));
  writeFileSync(join(dir, "pkg/package/package.json"), readFileSync(join(REPO_ROOT, "package.json")));
  const tgz = join(dir, "feltguard-0.0.0.tgz");
  expect(spawnSync("tar", ["-czf", tgz, "-C", join(dir, "pkg"), "package"]).status).toBe(0);
  return tgz;
}

/** The service user's access to `path`, from the modes install.sh left and the owners it gives. */
function serviceMay(path: string, need: "r" | "w", owners: Map<string, string>): boolean {
  const bit = (p: string, what: "r" | "w" | "x") => {
    const mode = statSync(p).mode;
    const owner = owners.get(p) ?? "root:root"; // install.sh runs as root: what it does not chown is root's
    const [user, group] = owner.split(":");
    const shift = user === "feltguard" ? 6 : group === "feltguard" || group === "dialout" ? 3 : 0;
    return ((mode >> shift) & { r: 4, w: 2, x: 1 }[what]) !== 0;
  };
  for (let p = dirname(path); p.startsWith(root); p = dirname(p)) if (!bit(p, "x")) return false;
  return bit(path, need);
}

/** Waits for a pino line of the table's stderr whose message matches, and gives it. */
async function line(out: { text: string }, pattern: RegExp): Promise<{ msg: string; url?: string }> {
  let found: { msg: string; url?: string } | undefined;
  await vi.waitFor(
    () => {
      found = out.text
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as { msg: string; url?: string })
        .find((l) => pattern.test(l.msg));
      expect(found, out.text).toBeDefined();
    },
    { timeout: 60_000, interval: 50 },
  );
  return found!;
}

describe("docs/install.md, followed as written", () => {
  it("installs, configures, checks, starts, survives kill -9 and keeps a journal that verifies", async () => {
    // §2: install.sh, with the commands that need root said instead of run.
    const tgz = artifact();
    const installed = spawnSync(
      "bash",
      [join(REPO_ROOT, "deploy/install.sh"), "--destdir", root, "--dry-run", tgz],
      {
        encoding: "utf8",
      },
    );
    expect(installed.status, installed.stderr).toBe(0);
    const said = installed.stdout
      .split("\n")
      .filter((l) => l.startsWith("would run: "))
      .map((l) => l.slice("would run: ".length).split(" "));
    const owners = new Map<string, string>();
    for (const [cmd, owner, ...paths] of said)
      if (cmd === "chown") for (const p of paths) owners.set(p, owner!);

    // The artifact's npm install: the package where the unit looks for it, running this checkout.
    const pkg = join(root, "opt/feltguard/node_modules/feltguard");
    mkdirSync(join(pkg, "bin"), { recursive: true });
    const main = pathToFileURL(join(REPO_ROOT, "src/app/main.ts")).href;
    writeFileSync(join(pkg, "bin/feltguard.js"), `await import(${JSON.stringify(main)});\n`);
    const npm = said.find(([cmd]) => cmd === "npm")!;
    expect(npm.join(" ")).toContain(`--prefix ${root}/opt/feltguard`);
    // The command on the PATH the docs use points at the installed package.
    expect(lstatSync(join(root, "usr/local/bin/feltguard")).isSymbolicLink()).toBe(true);
    expect(
      spawnSync("readlink", [join(root, "usr/local/bin/feltguard")], { encoding: "utf8" }).stdout.trim(),
    ).toBe("/opt/feltguard/node_modules/feltguard/bin/feltguard.js");
    // The table key, made by the command install.sh says.
    const keygen = said.find((c) => c.includes("keygen"))!;
    const made = spawnSync(keygen[0]!, keygen.slice(1), { env, encoding: "utf8" });
    expect(made.status, made.stderr).toBe(0);

    // What the service (User=feltguard) must reach: before, /opt/feltguard was root's 0750 and the
    // configuration root's 0640, so the unit could not even start the program.
    const config = join(root, "etc/feltguard/table.yaml");
    const key = join(root, "etc/feltguard/table.key");
    expect(serviceMay(join(pkg, "bin/feltguard.js"), "r", owners), "the program").toBe(true);
    expect(serviceMay(config, "r", owners), "the configuration").toBe(true);
    expect(serviceMay(key, "r", owners), "the table key").toBe(true);
    expect(serviceMay(join(root, "var/lib/feltguard"), "w", owners), "the journal's directory").toBe(true);
    expect(statSync(key).mode & 0o777).toBe(0o600);

    // §3: "Edit /etc/feltguard/table.yaml": this table has no hardware plugged in, its floor page takes
    // a free port, its supervisors live beside the journal (docs/floor.md), and its registry is the
    // file the enrolment writes.
    const doc = parseDocument(readFileSync(config, "utf8"));
    doc.setIn(["displays", "web", "port"], 0);
    doc.setIn(["displays", "web", "supervisors"], join(root, "var/lib/feltguard/supervisors.json"));
    doc.set("devices", doc.createNode({}));
    const guide = readFileSync(join(REPO_ROOT, "docs/install.md"), "utf8");
    const section = /## 3\. Configure, enrol the decks and chips, check([\s\S]*?)\n## 4\./.exec(guide)![1]!;
    const blocks = [...section.matchAll(/```(yaml|sh)\n([\s\S]*?)```/g)].map((m) => m[2]!);
    // The registry the page says to point at: the bundled default's simulated one reads no real tag.
    const registry = parseDocument(blocks[0]!).toJS() as { registry: Record<string, unknown> };
    expect(registry.registry).toEqual({ simulated: false, file: "registry.txt" });
    doc.set("registry", doc.createNode(registry.registry));
    writeFileSync(config, doc.toString());
    // Its enrolment, from the makers' lists (this table has no antenna to place cards on): the
    // commands as the page gives them, the lists beside them.
    const imports = [...blocks[1]!.matchAll(/^# (sudo feltguard enrol .* --import .*)$/gm)].map((m) => m[1]!);
    expect(imports).toHaveLength(2);
    const uids = (n: number, base: number) =>
      Array.from(
        { length: n },
        (_, i) => `E0040150${(base + i).toString(16).padStart(8, "0").toUpperCase()}`,
      );
    writeFileSync(join(dir, "maker.csv"), `${uids(52, 1).join("\n")}\n`);
    writeFileSync(join(dir, "chips.csv"), `${uids(20, 0x1000).join("\n")}\n`);
    const feltguardOnPi = (text: string) =>
      onPi(text).replaceAll("sudo feltguard ", `node ${join(pkg, "bin/feltguard.js")} `);
    // Before the registry file exists the page says check-config refuses the configuration.
    const early = spawnSync("node", [join(pkg, "bin/feltguard.js"), "check-config", config], {
      env,
      encoding: "utf8",
    });
    expect(early.status).toBe(1);
    expect(early.stderr).toContain("registry.file: expected a readable registry file");
    for (const command of imports) {
      const enrolled = spawnSync("bash", ["-euo", "pipefail", "-c", feltguardOnPi(command)], {
        cwd: dir,
        env: { ...env, FELTGUARD_CONFIG: config },
        encoding: "utf8",
      });
      expect(enrolled.status, `${command}\n${enrolled.stderr}`).toBe(0);
    }
    expect(readFileSync(join(root, "etc/feltguard/registry.txt"), "utf8")).toMatch(
      /card:A:Kc[\s\S]*chip:100:20/,
    );
    const check = blocks[2]!;
    expect(check).toContain("check-config");
    expect(check).toContain("doctor");
    // As the service user (`sudo -u feltguard`): its access is checked above; here it runs as us.
    const checked = spawnSync(
      "bash",
      ["-euo", "pipefail", "-c", onPi(check).replaceAll("sudo -u feltguard ", "")],
      {
        env,
        encoding: "utf8",
      },
    );
    expect(checked.stdout).toContain(`${config}: valid`);
    expect(checked.stdout).toMatch(/^ok +table key: .*table\.key \(mode 600\)$/m);
    expect(checked.stdout).toMatch(/^ok +journal: /m);
    expect(checked.status, `${checked.stdout}\n${checked.stderr}`).toBe(0);

    // docs/floor.md: a supervisor, the password on stdin.
    const floorGuide = readFileSync(join(REPO_ROOT, "docs/floor.md"), "utf8");
    const add = /^printf .* \| feltguard supervisor add (\w+) -c \/etc\/feltguard\/table\.yaml$/m.exec(
      floorGuide,
    )!;
    const supervisor = add[1]!;
    const password = /^printf '%s\\n' '([^']+)'/.exec(add[0])![1]!;
    const added = spawnSync(
      "node",
      [join(pkg, "bin/feltguard.js"), "supervisor", "add", supervisor, "-c", config],
      {
        env,
        input: `${password}\n`,
        encoding: "utf8",
      },
    );
    expect(added.status, added.stderr).toBe(0);

    // §5: the service, started as the unit starts it (its ExecStart and Environment).
    const unit = readFileSync(join(root, "etc/systemd/system/feltguard.service"), "utf8");
    const exec = onPi(/^ExecStart=(.*)$/m.exec(unit)![1]!).split(" ");
    const unitEnv = Object.fromEntries(
      [...unit.matchAll(/^Environment=(\w+)=(.*)$/gm)].map((m) => [m[1]!, onPi(m[2]!)]),
    );
    const start = () => {
      const out = { text: "" };
      const child = spawn(exec[0]!, exec.slice(1), { env: { ...env, ...unitEnv } });
      running.push(child);
      child.stderr.on("data", (d: Buffer) => (out.text += d.toString()));
      return { child, out };
    };
    const first = start();
    const url = (await line(first.out, /^ready — floor page /)).url!;
    const health = (await (await fetch(`${url}api/health`)).json()) as { journal: { state: string } };
    expect(health.journal.state).toBe("writing");

    // The floor signs in and seats two players; every operation is journaled with who and when.
    const signIn = await fetch(`${url}api/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: supervisor, password }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
    for (const op of [
      { op: "level", sb: 100, bb: 200 },
      { op: "seat", seat: 3, player: "Ada", stack: 20000 },
      { op: "seat", seat: 7, player: "Bea", stack: 15000 },
    ]) {
      const r = await fetch(`${url}api/floor`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify(op),
      });
      expect(r.status, await r.text()).toBe(200);
    }

    // A power cut: the process killed outright. The same ExecStart brings the table back.
    first.child.kill("SIGKILL");
    await new Promise((done) => first.child.once("exit", done));
    const second = start();
    const again = (await line(second.out, /^ready — floor page /)).url!;
    await line(second.out, /^journal audit: ok$/);
    expect(
      ((await (await fetch(`${again}api/health`)).json()) as { journal: { state: string } }).journal.state,
    ).toBe("writing");
    second.child.kill("SIGTERM");
    await new Promise((done) => second.child.once("exit", done));

    // The journal verifies under the table key install.sh made, and says who seated whom.
    const journal = unitEnv.FELTGUARD_JOURNAL!;
    const feltguard = (...args: string[]) =>
      spawnSync("node", [join(pkg, "bin/feltguard.js"), ...args], { env, encoding: "utf8" });
    const verified = feltguard("journal", "verify", "-j", journal, "-k", key);
    expect(verified.status, verified.stderr).toBe(0);
    expect(verified.stdout).toMatch(/: ok — \d+ rows/);
    const floor = feltguard("history", "--floor", "-j", journal, "-k", key);
    expect(floor.status, floor.stderr).toBe(0);
    expect(floor.stdout).toMatch(new RegExp(`${supervisor} +seat +seat=3 player=Ada stack=20000`));
    expect(floor.stdout).toMatch(new RegExp(`${supervisor} +seat +seat=7 player=Bea stack=15000`));
  }, 180_000);
});
