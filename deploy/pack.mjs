// Makes the packed artifact for a table (docs/install.md): `npm run pack:artifact [-- --out DIR]`.
//
// A table's Pi has no compiler, and `npm install` of a package that depends on better-sqlite3 builds
// it (prebuild-install downloads a binary from GitHub, else node-gyp compiles). So the artifact
// carries better-sqlite3 already built: a staged copy of the package whose bundled better-sqlite3 has
// its compiled binding and no install script (and no binding.gyp, which npm would build by default).
// The binding is this machine's: pack on the Pi's architecture (arm64) and Node major version.
// Everything else installs from the registry without a build (serialport, node-hid and argon2 ship
// prebuilt binaries).
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const outAt = process.argv.indexOf("--out");
const out = resolve(outAt > 0 ? process.argv[outAt + 1] : root);
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

execFileSync(npm, ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });

const stage = mkdtempSync(join(tmpdir(), "feltguard-pack-"));
try {
  for (const entry of [...pkg.files, "README.md", "package.json"]) {
    if (existsSync(join(root, entry))) cpSync(join(root, entry), join(stage, entry), { recursive: true });
  }
  // The installed package runs dist/: nothing to prepare, no dev tools.
  const staged = { ...pkg };
  // npm applies `overrides` only from the project it installs into, never from a dependency's
  // package.json: install.sh copies them into /opt/feltguard/package.json. A `$name` reference means
  // this package's own range for it, which the installing project does not have: written out here.
  staged.overrides = Object.fromEntries(
    Object.entries(pkg.overrides ?? {}).map(([name, spec]) => [
      name,
      typeof spec === "string" && spec.startsWith("$") ? pkg.dependencies[spec.slice(1)] : spec,
    ]),
  );
  delete staged.devDependencies;
  delete staged.scripts;
  staged.bundleDependencies = ["better-sqlite3"];
  writeFileSync(join(stage, "package.json"), `${JSON.stringify(staged, null, 2)}\n`);

  // better-sqlite3 as built here: its JavaScript, its binding, and `bindings`, which finds the binding.
  const from = join(root, "node_modules");
  const sqlite = join(stage, "node_modules/better-sqlite3");
  const binding = join(from, "better-sqlite3/build/Release/better_sqlite3.node");
  if (!existsSync(binding)) throw new Error(`no compiled better-sqlite3 at ${binding}: run npm ci first`);
  mkdirSync(join(sqlite, "build/Release"), { recursive: true });
  cpSync(join(from, "better-sqlite3/lib"), join(sqlite, "lib"), { recursive: true });
  cpSync(join(from, "better-sqlite3/LICENSE"), join(sqlite, "LICENSE"));
  cpSync(binding, join(sqlite, "build/Release/better_sqlite3.node"));
  const sqlitePkg = JSON.parse(readFileSync(join(from, "better-sqlite3/package.json"), "utf8"));
  delete sqlitePkg.scripts;
  delete sqlitePkg.devDependencies;
  sqlitePkg.gypfile = false;
  sqlitePkg.files = ["lib/**", "build/Release/better_sqlite3.node"];
  sqlitePkg.dependencies = { bindings: sqlitePkg.dependencies.bindings };
  writeFileSync(join(sqlite, "package.json"), `${JSON.stringify(sqlitePkg, null, 2)}\n`);
  for (const dep of ["bindings", "file-uri-to-path"]) {
    cpSync(join(from, dep), join(stage, "node_modules", dep), { recursive: true });
  }

  mkdirSync(out, { recursive: true });
  const name = execFileSync(npm, ["pack", "--pack-destination", out, "--ignore-scripts"], {
    cwd: stage,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  })
    .trim()
    .split("\n")
    .at(-1);
  process.stdout.write(`${join(out, name)}\n`);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
