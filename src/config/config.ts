/** Loads and validates the table configuration, naming the file, the path and what was expected. */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isMap, isSeq, LineCounter, parseDocument } from "yaml";
import type { z } from "zod";
import { loadRegistryFile, RegistryFileError } from "../reading/registry.js";
import { resolveConfigPaths } from "./configPaths.js";
import { type Config, ConfigSchema, runnableLayout } from "./configSchema.js";

export type { Config } from "./configSchema.js";

/** The bundled default configuration (config/default.yaml at the package root). */
export const DEFAULT_CONFIG_PATH = resolve(
  dirname(fileURLToPath(import.meta.url)),
  "../../config/default.yaml",
);

/** Where deploy/install.sh puts the table's configuration (docs/install.md). */
export const INSTALLED_CONFIG_PATH = "/etc/feltguard/table.yaml";

/**
 * The configuration a command about this table reads when given none: `FELTGUARD_CONFIG`, else the
 * installed table's, else the bundled default. On a Pi, `feltguard history` or `journal phh` without
 * `--config` replayed the journal with the bundled (simulated) registry, and said UNKNOWN_TAG alerts
 * the table never said.
 */
export function tableConfigPath(
  env: Record<string, string | undefined> = process.env,
  exists: (path: string) => boolean = existsSync,
): string {
  const named = env.FELTGUARD_CONFIG;
  if (named !== undefined && named !== "") return named;
  return exists(INSTALLED_CONFIG_PATH) ? INSTALLED_CONFIG_PATH : DEFAULT_CONFIG_PATH;
}

/** A configuration that cannot be used; `problems` has one line per fault, `file:line: path: expected …`. */
export class ConfigError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`invalid configuration ${file}:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** What to check beyond the file itself. */
export interface LoadOptions {
  /**
   * Check that a table can run on it: the card antennas it needs, a bridge for every antenna, and the
   * files it names (the registry file). `check-config`, `table` and `doctor` ask this; a scenario's
   * partial table does not.
   */
  checkFiles?: boolean;
  /**
   * Where the configuration's relative paths start (src/config/configPaths.ts): the directory of the
   * file {@link loadConfig} read. Absent: the paths are kept as written (text from no file).
   */
  baseDir?: string;
}

/** Reads, parses and validates a configuration file. Throws {@link ConfigError}. */
export function loadConfig(file: string = DEFAULT_CONFIG_PATH, options: LoadOptions = {}): Config {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    // Named in the problem itself, as every other problem is: doctor shows the problems alone.
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT"
        ? "ENOENT: no such file"
        : code === "EISDIR"
          ? "EISDIR: a directory"
          : (code ?? (e as Error).message);
    throw new ConfigError(file, [`${file}: expected a table configuration (YAML), cannot read it (${why})`]);
  }
  return parseConfig(text, file, { ...options, baseDir: dirname(resolve(file)) });
}

/** Parses and validates configuration text; `file` is only used in messages. */
export function parseConfig(text: string, file: string, options: LoadOptions = {}): Config {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    throw new ConfigError(
      file,
      doc.errors.map((e) => {
        const at = e.linePos?.[0];
        return `${at ? `${file}:${at.line}:${at.col}: ` : ""}YAML: ${e.message.split("\n")[0]?.replace(/ at line \d+, column \d+:?$/, "")}`;
      }),
    );
  }
  const parsed = ConfigSchema.safeParse(doc.toJS(), { reportInput: true });
  if (parsed.success) {
    const config =
      options.baseDir === undefined ? parsed.data : resolveConfigPaths(parsed.data, options.baseDir);
    const problems = options.checkFiles
      ? [
          ...runnableLayout(config).map((i) => ({ path: i.path.map(String), expected: i.message })),
          ...namedFileProblems(config),
        ]
      : [];
    if (problems.length === 0) return config;
    throw new ConfigError(
      file,
      problems.map(({ path, expected }) => {
        const line = lineOf(doc, lineCounter, path);
        return `${file}${line ? `:${line}` : ""}: ${path.join(".")}: ${expected}`;
      }),
    );
  }
  throw new ConfigError(
    file,
    parsed.error.issues.map((issue) => describeIssue(issue, file, (path) => lineOf(doc, lineCounter, path))),
  );
}

/** The files a configuration names that cannot be used: the registry file must exist and parse. */
function namedFileProblems(config: Config): { path: string[]; expected: string }[] {
  const file = config.registry.file;
  if (file === undefined) return [];
  try {
    loadRegistryFile(file);
    return [];
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const expected =
      e instanceof RegistryFileError
        ? `expected a registry file of "UID logical-id" lines; ${e.message}`
        : `expected a readable registry file, ${file} cannot be read (${code ?? (e as Error).message})`;
    return [{ path: ["registry", "file"], expected }];
  }
}

function describeIssue(
  issue: z.core.$ZodIssue,
  file: string,
  lineAt: (path: PropertyKey[]) => number | null,
): string {
  const path = issue.path.map(String);
  if (issue.code === "unrecognized_keys") {
    return issue.keys
      .map((key) => {
        const full = [...path, key];
        const line = lineAt(full);
        return `${file}${line ? `:${line}` : ""}: ${full.join(".")}: unknown key (expected one of ${knownKeysHint(path)})`;
      })
      .join("\n  ");
  }
  const line = lineAt(issue.path);
  const where = path.length > 0 ? path.join(".") : "(top level)";
  return `${file}${line ? `:${line}` : ""}: ${where}: ${expectation(issue)}`;
}

/** Turns zod's wording into "expected …, got …" for the people who edit this file by hand. */
function expectation(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type") {
    const got = issue.input === undefined ? "nothing (the value is missing)" : JSON.stringify(issue.input);
    return `expected ${issue.expected}, got ${got}`;
  }
  return issue.message;
}

function knownKeysHint(path: string[]): string {
  let shape: unknown = ConfigSchema;
  for (const key of path) {
    const inner = unwrap(shape);
    const next = (inner as { shape?: Record<string, unknown> }).shape?.[key];
    if (next === undefined) return "the documented keys";
    shape = next;
  }
  const keys = Object.keys((unwrap(shape) as { shape?: Record<string, unknown> }).shape ?? {});
  return keys.length > 0 ? keys.join(", ") : "the documented keys";
}

function unwrap(schema: unknown): unknown {
  let s = schema as { def?: { innerType?: unknown; in?: unknown; schema?: unknown } };
  for (let i = 0; i < 5 && s?.def; i++) {
    const next = s.def.innerType ?? s.def.in ?? s.def.schema;
    if (next === undefined) break;
    s = next as typeof s;
  }
  return s;
}

function lineOf(
  doc: ReturnType<typeof parseDocument>,
  counter: LineCounter,
  path: readonly PropertyKey[],
): number | null {
  // Walk down as far as the path exists, so a missing key points at its parent.
  for (let n = path.length; n >= 0; n--) {
    const sub = path.slice(0, n).map((p) => (typeof p === "symbol" ? String(p) : p));
    const node = sub.length === 0 ? doc.contents : doc.getIn(sub, true);
    const range = (node as { range?: [number, number, number] } | null)?.range;
    if (range && (isMap(node) || isSeq(node) || node)) return counter.linePos(range[0]).line;
  }
  return null;
}

/** Where the bundled files live, for commands that default to them. */
export const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * The installed package's version (its package.json): `feltguard --version` and the feed's health say
 * it, so an engineer can tell which artifact a table runs after an upgrade or a rollback.
 */
export function packageVersion(): string {
  try {
    const manifest: unknown = JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8"));
    const version = (manifest as { version?: unknown }).version;
    return typeof version === "string" ? version : "unknown";
  } catch {
    return "unknown"; // not where a package puts it (a test's bundle of the command): nothing to say
  }
}
export const EXAMPLES_DIR = join(PACKAGE_ROOT, "examples");
