/**
 * The registry file after an enrolment: the file as it was, with the new entries appended under a
 * comment saying what was enrolled and when. The old text is kept byte for byte (its comments are the
 * engineer's); the result is checked with the registry's own parser before anything is written.
 */
import { parseRegistryFile } from "../reading/registry.js";
import type { RegistryEntry } from "./messages.js";

/** The file's new text: `before`, then a heading comment and one `UID logical-id` line per entry. */
export function appendEntries(
  before: string,
  heading: string,
  entries: readonly RegistryEntry[],
  file: string,
): string {
  const head = before === "" || before.endsWith("\n") ? before : `${before}\n`;
  const gap = head === "" ? "" : "\n";
  const body = entries.map((e) => `${e.uid}  ${e.logical}\n`).join("");
  const text = `${head}${gap}# ${heading}\n${body}`;
  // The parser is the judge of the format: what it refuses is never written.
  parseRegistryFile(text, file);
  return text;
}
