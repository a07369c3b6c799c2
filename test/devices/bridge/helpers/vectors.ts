/** Loads the shared vectors of firmware-bridge/vectors (the C++ host tests read the same files). */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const DIR = fileURLToPath(new URL("../../../../firmware-bridge/vectors/", import.meta.url));

/** Parses one vectors file; the shape is checked by the tests that use it. */
export function loadVectors<T>(file: string): { cases: T[] } {
  return JSON.parse(readFileSync(DIR + file, "utf8")) as { cases: T[] };
}

/** Hex string → Buffer. */
export const hex = (h: string): Buffer => Buffer.from(h, "hex");
