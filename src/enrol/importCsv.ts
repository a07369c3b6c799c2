/**
 * A card maker's UID list (CSV) as enrolment input. Card makers ship a list per deck: one UID per
 * card, in the deck's order, or with the face beside it. Read here into the same entries an enrolment
 * at the table makes, refusing what the table would refuse, with the file and line of each fault.
 *
 * Accepted: a header line is skipped when its first field is not a UID; `,` or `;` separates fields;
 * one column (UIDs in the stated order, src/enrol/deckEnrolment.ts) or two (UID, face: `As`, `10h`).
 */
import { type Card, isCard } from "../rules/cards.js";
import { ENROL_ORDER } from "./deckEnrolment.js";
import { normaliseUid, type RegistryEntry } from "./messages.js";

/** A fault in an imported list, naming the file and line. */
export class ImportError extends Error {
  constructor(file: string, line: number, problem: string) {
    super(`${file}:${line}: ${problem}`);
    this.name = "ImportError";
  }
}

interface Row {
  line: number;
  uid: string;
  face?: string;
}

function rows(text: string, file: string): Row[] {
  const out: Row[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const fields = line.split(/[,;]/).map((f) => f.trim().replace(/^"|"$/g, ""));
    const [first = "", second] = fields;
    if (normaliseUid(first) === null) {
      if (out.length === 0 && i === firstLine(text)) return; // a header
      throw new ImportError(file, i + 1, `${first} is not a 16-digit hex UID`);
    }
    out.push({ line: i + 1, uid: first, ...(second === undefined || second === "" ? {} : { face: second }) });
  });
  return out;
}

function firstLine(text: string): number {
  return text.split(/\r?\n/).findIndex((l) => l.trim() !== "" && !l.trim().startsWith("#"));
}

/** A face as card makers print it: `As`, `AS`, `10h` → `Th`. */
function readFace(s: string): Card | null {
  const m = /^(10|[2-9TJQKA])([cdhs])$/i.exec(s);
  if (!m) return null;
  const rank = m[1] === "10" ? "T" : (m[1] ?? "").toUpperCase();
  const face = `${rank}${(m[2] ?? "").toLowerCase()}`;
  return isCard(face) ? face : null;
}

/** Reads a deck's UID list: 52 UIDs, each face once, none already in the registry. */
export function importDeckCsv(
  text: string,
  file: string,
  deck: string,
  existing: ReadonlyMap<string, string> = new Map(),
): RegistryEntry[] {
  const list = rows(text, file);
  const seenUid = new Map<string, number>();
  const seenFace = new Map<string, number>();
  const out: RegistryEntry[] = list.map((row, i) => {
    const uid = normaliseUid(row.uid) ?? row.uid;
    const before = seenUid.get(uid);
    if (before !== undefined) throw new ImportError(file, row.line, `repeated tag ${uid} (line ${before})`);
    seenUid.set(uid, row.line);
    const other = existing.get(uid);
    if (other !== undefined)
      throw new ImportError(file, row.line, `${uid} is already in the registry as ${other}`);
    let face: Card | null | undefined = ENROL_ORDER[i];
    if (row.face !== undefined) face = readFace(row.face);
    if (face === null)
      throw new ImportError(file, row.line, `${row.face ?? ""} is not a card face (e.g. As, 10h)`);
    if (face === undefined)
      throw new ImportError(file, row.line, `extra tag ${uid}: a deck has ${ENROL_ORDER.length} cards`);
    const dup = seenFace.get(face);
    if (dup !== undefined) throw new ImportError(file, row.line, `${face} is listed twice (line ${dup})`);
    seenFace.set(face, row.line);
    return { uid, logical: `card:${deck}:${face}` };
  });
  if (out.length !== ENROL_ORDER.length) {
    const missing = ENROL_ORDER.filter((f) => !seenFace.has(f));
    throw new ImportError(
      file,
      list.at(-1)?.line ?? 1,
      `${out.length} cards listed, a deck has 52: missing ${missing.join(" ")}`,
    );
  }
  return out;
}

/** Reads a list of chip UIDs: each a chip of the denomination, serials from the highest on. */
export function importChipCsv(
  text: string,
  file: string,
  denomination: number,
  firstSerial: number,
  existing: ReadonlyMap<string, string> = new Map(),
): RegistryEntry[] {
  const seen = new Map<string, number>();
  return rows(text, file).map((row, i) => {
    const uid = normaliseUid(row.uid) ?? row.uid;
    const before = seen.get(uid);
    if (before !== undefined) throw new ImportError(file, row.line, `repeated tag ${uid} (line ${before})`);
    seen.set(uid, row.line);
    const other = existing.get(uid);
    if (other !== undefined)
      throw new ImportError(file, row.line, `${uid} is already in the registry as ${other}`);
    return { uid, logical: `chip:${denomination}:${firstSerial + i}` };
  });
}
