/** Where the shared documents and data live: `../shared` beside the repository, as in CI. */
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** FELTGUARD_SHARED overrides the location (e.g. a checkout elsewhere). */
export const SHARED = process.env.FELTGUARD_SHARED ?? resolve(REPO_ROOT, "../shared");
export const PHH_ROOT = resolve(SHARED, "data/phh");

if (!existsSync(PHH_ROOT)) {
  throw new Error(`the shared PHH data is not at ${PHH_ROOT}: check out shared/ beside the repository`);
}
