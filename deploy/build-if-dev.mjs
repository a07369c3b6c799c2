// The `prepare` script: compiles src/ to dist/ where the TypeScript compiler is installed (a
// developer's `npm ci`, `npm pack`), and is quiet where it is not (`npm ci --omit=dev` on a checkout
// that already has dist/). Without the compiler and without dist/ there is nothing to run: it says so.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
let tsc;
try {
  tsc = require.resolve("typescript/bin/tsc");
} catch {
  tsc = null;
}
if (tsc === null) {
  if (existsSync(fileURLToPath(import.meta.resolve("../dist/app/main.js")))) process.exit(0);
  console.error(
    "feltguard: no TypeScript compiler (--omit=dev) and no dist/: install the packed artifact (docs/install.md), or npm ci with dev dependencies",
  );
  process.exit(1);
}
const r = spawnSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { stdio: "inherit" });
process.exit(r.status ?? 1);
