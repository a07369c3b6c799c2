/**
 * deploy/install.sh in a dry run under a DESTDIR: it writes the configuration, the unit and the udev
 * rules where the Pi keeps them, makes the service's directories, and says (without running them)
 * the commands that change the system: the service user, ownership, the npm install of the artifact,
 * udev's reload, the table key and enabling the service. The udev rules name the devices the
 * default configuration opens.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG_PATH, loadConfig } from "../../src/config/config.js";
import { REPO_ROOT } from "../support/paths.js";

const dir = mkdtempSync(join(tmpdir(), "fg-install-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const script = join(REPO_ROOT, "deploy/install.sh");

/** A stand-in artifact: npm pack's layout (package/…) with the bundled configuration and package.json. */
function fakeArtifact(): string {
  const root = join(dir, "pkgroot");
  spawnSync("mkdir", ["-p", join(root, "package/config")]);
  writeFileSync(join(root, "package/config/default.yaml"), readFileSync(DEFAULT_CONFIG_PATH));
  writeFileSync(join(root, "package/package.json"), readFileSync(join(REPO_ROOT, "package.json")));
  const tgz = join(dir, "feltguard-0.0.0.tgz");
  const r = spawnSync("tar", ["-czf", tgz, "-C", root, "package"]);
  expect(r.status).toBe(0);
  return tgz;
}

describe("deploy/install.sh", () => {
  it("installs under a DESTDIR in a dry run: files written, system commands said", () => {
    const dest = join(dir, "root");
    const r = spawnSync("bash", [script, "--destdir", dest, "--dry-run", fakeArtifact()], {
      encoding: "utf8",
    });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    for (const file of [
      "etc/feltguard/table.yaml",
      "etc/systemd/system/feltguard.service",
      "etc/udev/rules.d/99-feltguard.rules",
    ])
      expect(existsSync(join(dest, file)), file).toBe(true);
    expect(statSync(join(dest, "var/lib/feltguard")).isDirectory()).toBe(true);
    expect(statSync(join(dest, "etc/feltguard")).mode & 0o777).toBe(0o750);
    expect(statSync(join(dest, "etc/feltguard/table.yaml")).mode & 0o777).toBe(0o640);
    expect(readFileSync(join(dest, "etc/systemd/system/feltguard.service"), "utf8")).toBe(
      readFileSync(join(REPO_ROOT, "deploy/feltguard.service"), "utf8"),
    );
    // npm takes overrides only from the project it installs into: the artifact's are written there, a
    // `$name` reference as the artifact's own range (johnny-five's serialport 8 compiles at install).
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    const opt = JSON.parse(readFileSync(join(dest, "opt/feltguard/package.json"), "utf8")) as {
      overrides: Record<string, string>;
    };
    expect(opt.overrides).toMatchObject({ serialport: manifest.dependencies.serialport });
    // And the install scripts the checkout allows and blocks (npm 11 warned of each one not listed).
    expect((opt as unknown as { allowScripts: unknown }).allowScripts).toEqual(
      (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { allowScripts: unknown })
        .allowScripts,
    );
    // The configuration it wrote is the bundled default, and valid.
    expect(loadConfig(join(dest, "etc/feltguard/table.yaml")).table.name).toBe("Table 1");
    const said = r.stdout.split("\n").filter((l) => l.startsWith("would run:"));
    const has = (pattern: RegExp) =>
      expect(
        said.some((l) => pattern.test(l)),
        `${pattern} in\n${said.join("\n")}`,
      ).toBe(true);
    has(/useradd --system .*--groups dialout feltguard|usermod --append --groups dialout feltguard/);
    has(/chown feltguard:feltguard .*\/var\/lib\/feltguard$/);
    has(/npm install --prefix .*\/opt\/feltguard --omit=dev .*feltguard-0\.0\.0\.tgz$/);
    has(/udevadm control --reload/);
    has(/bin\/feltguard\.js journal keygen --key .*\/etc\/feltguard\/table\.key$/);
    has(/systemctl enable feltguard\.service/);
  });

  it("keeps an existing configuration and key, and can leave the service disabled", () => {
    const dest = join(dir, "again");
    const artifact = fakeArtifact();
    spawnSync("bash", [script, "--destdir", dest, "--dry-run", artifact]);
    writeFileSync(join(dest, "etc/feltguard/table.yaml"), "# the casino's own\n");
    writeFileSync(join(dest, "etc/feltguard/table.key"), "key");
    const r = spawnSync("bash", [script, "--destdir", dest, "--dry-run", "--no-enable", artifact], {
      encoding: "utf8",
    });
    expect(r.status).toBe(0);
    expect(readFileSync(join(dest, "etc/feltguard/table.yaml"), "utf8")).toBe("# the casino's own\n");
    expect(r.stdout).toMatch(/configuration .* kept/);
    expect(r.stdout).toMatch(/table key .* kept/);
    expect(r.stdout).not.toMatch(/keygen|systemctl enable/);
  });

  it("refuses a dry run without --destdir: it would write the configuration, unit and rules into /", () => {
    const r = spawnSync("bash", [script, "--dry-run", fakeArtifact()], { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^install\.sh: --dry-run writes the files under --destdir/);
    expect(r.stdout).toBe("");
  });

  it("refuses without an artifact, or a missing one, with one line", () => {
    const none = spawnSync("bash", [script, "--dry-run", "--destdir", dir], { encoding: "utf8" });
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^install\.sh: name the packed artifact/);
    const missing = spawnSync("bash", [script, "--dry-run", "--destdir", dir, join(dir, "nope.tgz")], {
      encoding: "utf8",
    });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/nope\.tgz: no such file/);
  });
});

describe("deploy/99-feltguard.rules", () => {
  const rules = readFileSync(join(REPO_ROOT, "deploy/99-feltguard.rules"), "utf8");
  const active = rules.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("#"));

  it('every rule is udev syntax: KEY=="…" matches and KEY=/+="…" assignments', () => {
    for (const line of active) {
      for (const part of line.split(/,\s*/))
        expect(part, line).toMatch(
          /^(SUBSYSTEM|KERNEL|ATTRS\{\w+\}|ENV\{\w+\})(==|!=)"[^"]+"$|^(SYMLINK\+|GROUP|MODE)="[^"]+"$/,
        );
    }
  });

  it("makes the names the default configuration opens, and gives hidraw to the service's group", () => {
    const config = loadConfig();
    const names = active.flatMap((l) => [...l.matchAll(/SYMLINK\+="([^"]+)"/g)].map((m) => `/dev/${m[1]}`));
    for (const path of [config.devices.bridge?.path, config.devices.keys?.path, config.devices.epaper?.path])
      expect(names).toContain(path);
    const hid = config.devices.hid!;
    const hidraw = active.find((l) => l.includes('KERNEL=="hidraw*"'))!;
    expect(hidraw).toContain(`ATTRS{idVendor}=="${String(hid.vendorId)}"`);
    expect(hidraw).toContain(`ATTRS{idProduct}=="${String(hid.productId)}"`);
    expect(hidraw).toMatch(/GROUP="feltguard", MODE="0660"/);
    expect(readFileSync(join(REPO_ROOT, "deploy/feltguard.service"), "utf8")).toMatch(/^Group=feltguard$/m);
  });
});
