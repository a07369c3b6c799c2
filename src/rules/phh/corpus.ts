/** The PHH corpus on disk: which hands the replay harness can check, from INDEX.tsv and the side-pot files. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SUPPORTED_VARIANTS } from "./schema.js";

export interface CorpusEntry {
  /** Path relative to the corpus root, e.g. `wsop/2023/43/5/1.phh`. */
  readonly path: string;
  readonly variant: string;
  readonly tags: readonly string[];
}

/** Hands listed in `INDEX.tsv`, plus the constructed `side-pots/` hands (not indexed; variant read from the file). */
export function listCorpus(root: string): CorpusEntry[] {
  const lines = readFileSync(join(root, "INDEX.tsv"), "utf8").split("\n").slice(1);
  const indexed = lines
    .filter((l) => l.trim() !== "")
    .map((l) => {
      const [path = "", variant = "", , tags = ""] = l.split("\t");
      return { path, variant, tags: tags.split(",").filter((t) => t !== "") };
    });
  const known = new Set(indexed.map((e) => e.path));
  const sidePots = readdirSync(join(root, "side-pots"))
    .filter((f) => f.endsWith(".phh"))
    .map((f) => `side-pots/${f}`)
    .filter((p) => !known.has(p))
    .map((path) => {
      const variant = /^variant\s*=\s*'([^']+)'/m.exec(readFileSync(join(root, path), "utf8"))?.[1] ?? "";
      return { path, variant, tags: [] };
    });
  return [...indexed, ...sidePots];
}

/**
 * Whether the replay can check the hand: a variant the engine plays, finishing stacks recorded, and not one of the
 * hands whose recorded stacks hold half chips (fractional files are also refused by the importer).
 */
export function isReplayable(entry: CorpusEntry): boolean {
  return (
    (SUPPORTED_VARIANTS as readonly string[]).includes(entry.variant) &&
    !entry.tags.includes("no_finishing_stacks") &&
    !entry.tags.includes("FINISHING_STACKS_MISMATCH")
  );
}
