/**
 * `feltguard enrol deck|chips`: the thin edge of enrolment (src/enrol/). It feeds the pure enrolment
 * the antenna's reports — from the bridge and the dealer keys, from a recorded input log (`--input`),
 * or a card maker's list (`--import`) — shows each prompt on the terminal and the dealer panel, and
 * writes the registry file atomically (a temporary file in the same directory, then a rename), so a
 * power cut leaves the old file or the new one, never half of one.
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { type Command, InvalidArgumentError } from "commander";
import { InputEvent } from "../../contract/input.js";
import { readJsonLines } from "../../contract/jsonl.js";
import { ChipEnrolment, highestSerial } from "../../enrol/chipEnrolment.js";
import { DeckEnrolment } from "../../enrol/deckEnrolment.js";
import { importChipCsv, importDeckCsv, ImportError } from "../../enrol/importCsv.js";
import type { EnrolMessage, RegistryEntry } from "../../enrol/messages.js";
import { appendEntries } from "../../enrol/registryText.js";
import { parseRegistryFile, RegistryFileError } from "../../reading/registry.js";
import { tableConfigPath, loadConfig } from "../../config/config.js";
import { diag } from "./io.js";

interface Common {
  antenna?: string;
  out: string;
  import?: string;
  input?: string;
  config: string;
}

/** What the edge needs of an enrolment (deck or chips). */
export type Enrolment = Pick<DeckEnrolment, "start" | "handle" | "entries" | "complete">;

/** Registers `feltguard enrol deck` and `feltguard enrol chips`. */
export function registerEnrol(program: Command): void {
  const enrol = program.command("enrol").description("enrol a new deck or chips into the registry file");
  const common = (c: Command) =>
    c
      // Not with --import: a card maker's list is read from a file, no antenna is involved.
      .option("--antenna <name>", "the antenna the dealer places them on (not with --import)")
      .requiredOption("-o, --out <file>", "the registry file to add to (created if absent)")
      .option("--import <csv>", "a card maker's UID list instead of the table")
      .option("--input <log>", "recorded input events (JSON Lines) instead of the devices")
      .option("-c, --config <file>", "table configuration (devices, antennas)", tableConfigPath());
  common(
    enrol
      .command("deck")
      .description("the dealer places the 52 cards one at a time in the order prompted")
      .requiredOption("--deck <name>", "the deck's name, e.g. B", deckName),
  ).action(async (opts: Common & { deck: string }) => {
    const existing = readExisting(opts.out);
    if (opts.import !== undefined) {
      const entries = guard(() =>
        importDeckCsv(readFileSync(opts.import ?? "", "utf8"), opts.import ?? "", opts.deck, existing),
      );
      return save(opts.out, `deck ${opts.deck}, imported from ${basename(opts.import)}`, entries);
    }
    const antenna = antennaOf(opts);
    const enrolment = guard(() => new DeckEnrolment({ deck: opts.deck, antenna, existing }));
    await run(enrolment, `Enrol deck ${opts.deck}`, antenna, opts);
    if (!enrolment.complete) {
      diag(`deck ${opts.deck} not complete (${enrolment.entries().length}/52 cards): nothing written`);
      process.exitCode = 1;
      return;
    }
    save(opts.out, `deck ${opts.deck}, enrolled on ${antenna}`, enrolment.entries());
  });
  common(
    enrol
      .command("chips")
      .description("every new tag on the antenna until ok is a chip of this denomination")
      .requiredOption("--denomination <chips>", "the chips' value, e.g. 500", denominationOf),
  ).action(async (opts: Common & { denomination: number }) => {
    const existing = readExisting(opts.out);
    const d = opts.denomination;
    if (opts.import !== undefined) {
      const first = highestSerial(existing.values(), d) + 1;
      const entries = guard(() =>
        importChipCsv(readFileSync(opts.import ?? "", "utf8"), opts.import ?? "", d, first, existing),
      );
      return save(opts.out, `chips of ${d}, imported from ${basename(opts.import)}`, entries);
    }
    const antenna = antennaOf(opts);
    const enrolment = new ChipEnrolment({ denomination: d, antenna, existing });
    await run(enrolment, `Enrol chips of ${d}`, antenna, opts);
    if (!enrolment.complete) {
      // Only the dealer's `ok` says the batch is all there (a stopped run may have missed chips).
      diag(`chips of ${d} not ended with ok (${enrolment.entries().length} taken): nothing written`);
      process.exitCode = 1;
      return;
    }
    save(opts.out, `chips of ${d}, enrolled on ${antenna}`, enrolment.entries());
  });
}

/** The antenna an enrolment at the table (or from its recorded reports) reads; only --import needs none. */
function antennaOf(opts: Common): string {
  if (opts.antenna === undefined)
    throw new InvalidArgumentError(
      "--antenna <name> is needed to enrol at the table or from --input (e.g. --antenna board); --import needs none",
    );
  return opts.antenna;
}

function deckName(value: string): string {
  if (!/^[A-Za-z0-9]+$/.test(value))
    throw new InvalidArgumentError("a deck name of letters and digits, e.g. B");
  return value;
}

function denominationOf(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError("a whole number of chips, e.g. 500");
  return n;
}

/** Known input faults become one clear message (the CLI prints it and exits 1). */
function guard<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof ImportError || e instanceof RegistryFileError) throw new InvalidArgumentError(e.message);
    if (e instanceof Error && !(e instanceof TypeError)) throw new InvalidArgumentError(e.message);
    throw e;
  }
}

/** The registry file already there (UID → logical id), or nothing. */
function readExisting(file: string): Map<string, string> {
  if (!existsSync(file)) return new Map();
  return guard(() => parseRegistryFile(readFileSync(file, "utf8"), file));
}

/** Runs an enrolment from the recorded log, or from the table's devices until it is complete. */
async function run(enrolment: Enrolment, title: string, antenna: string, opts: Common): Promise<void> {
  if (opts.input !== undefined) {
    for (const m of enrolment.start()) tell(m);
    const file = opts.input;
    for (const r of readJsonLines(readFileSync(file, "utf8"), file, InputEvent)) {
      if (!r.ok) throw r.error;
      // The whole log is read: a tag after the deck is complete is refused as extra, as at the table.
      for (const m of enrolment.handle(r.value)) tell(m);
    }
    return;
  }
  const { liveEnrolment } = await import("./enrolLive.js");
  await liveEnrolment(enrolment, { config: loadConfig(opts.config), antenna, title, tell });
}

/** What the dealer is told, on the terminal (stderr, one line each); the live edge adds the panel. */
function tell(m: EnrolMessage): void {
  diag(`${m.kind === "refused" ? "REFUSED: " : ""}${m.text}`);
}

/** Appends the entries to the registry file, atomically. */
function save(file: string, heading: string, entries: readonly RegistryEntry[]): void {
  const before = existsSync(file) ? readFileSync(file, "utf8") : "";
  const stamp = new Date().toISOString().slice(0, 10);
  const text = guard(() => appendEntries(before, `${heading}, ${stamp}`, entries, file));
  writeAtomically(file, text);
  diag(`${entries.length} tags written to ${file}`);
}

/** Writes a temporary file beside the target, flushes it, and renames it over the target. */
export function writeAtomically(file: string, text: string): void {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  const fd = openSync(tmp, "w", 0o644);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}
