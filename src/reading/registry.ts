/**
 * The tag registry: which tag is which card or chip.
 *
 * Two sources, one meaning. The simulated registry reads the contract's logical ids directly
 * (`card:A:As`, `card:A:As/2`, `chip:500:17`); a registry file (docs/registry.md) maps the hex UIDs of
 * real ISO 15693 tags to those same logical ids, so everything above the registry sees one form.
 */
import { readFileSync } from "node:fs";
import { type Card, isCard } from "../rules/cards.js";

export type TagInfo =
  /**
   * A card of a deck in play (`deck`: which one; with two decks a hand's deck is the deck of its first
   * card dealt); `copy` > 1 is a second physical card of the same face.
   */
  | { type: "card"; face: Card; deck: string; copy: number }
  /** A card tag that is not of a deck in play, or card-like but unreadable: IPC 29. */
  | { type: "foreign"; reason: string }
  | { type: "chip"; denomination: number; serial: string }
  /** Not a card or chip we know: raise an alert, never guess. */
  | { type: "unknown" };

export interface Registry {
  /** What this tag is, for the deck in play. */
  resolve(tagId: string): TagInfo;
}

const LOGICAL_CARD = /^card:([A-Za-z0-9]+):([^/]+)(?:\/(\d+))?$/;
const LOGICAL_CHIP = /^chip:(\d+):([A-Za-z0-9_-]+)$/;
const HEX_UID = /^[0-9A-F]{16}$/;

/** The decks in play: one name (`deck: A`) or the two a shuffler alternates (`decks: [A, B]`). */
export type DecksInPlay = string | readonly string[];

/** Reads a logical id of the contract for the deck(s) in play. */
export function resolveLogical(tagId: string, decks: DecksInPlay, chips: readonly number[]): TagInfo {
  const card = LOGICAL_CARD.exec(tagId);
  if (card) {
    const [, tagDeck = "", face = "", copy] = card;
    if (!isCard(face)) return { type: "foreign", reason: `${face} is not a card face` };
    const inPlay = typeof decks === "string" ? tagDeck === decks : decks.includes(tagDeck);
    if (!inPlay) {
      const names =
        typeof decks === "string"
          ? `the deck in play is ${decks}`
          : `the decks in play are ${decks.join(", ")}`;
      return { type: "foreign", reason: `card of deck ${tagDeck}, ${names}` };
    }
    return { type: "card", face, deck: tagDeck, copy: copy === undefined ? 1 : Number(copy) };
  }
  if (tagId.startsWith("card:")) return { type: "foreign", reason: "unreadable card tag" };
  const chip = LOGICAL_CHIP.exec(tagId);
  if (chip) {
    const denomination = Number(chip[1]);
    if (!chips.includes(denomination)) return { type: "unknown" };
    return { type: "chip", denomination, serial: chip[2] ?? "" };
  }
  return { type: "unknown" };
}

/** The built-in registry of the simulator and of hand-written scenarios. */
export function simulatedRegistry(deck: DecksInPlay, chips: readonly number[]): Registry {
  return { resolve: (tagId) => resolveLogical(tagId, deck, chips) };
}

/** A fault in a registry file, naming the file and line. */
export class RegistryFileError extends Error {
  constructor(file: string, line: number, problem: string) {
    super(`${file}:${line}: ${problem}`);
    this.name = "RegistryFileError";
  }
}

/** Parses a registry file: `UID logical-id` per line, `#` comments (docs/registry.md). */
export function parseRegistryFile(text: string, file: string): Map<string, string> {
  const map = new Map<string, string>();
  text.split("\n").forEach((raw, i) => {
    const line = raw.replace(/#.*$/, "").trim();
    if (line === "") return;
    const [uid, logical, extra] = line.split(/\s+/);
    if (uid === undefined || logical === undefined || extra !== undefined) {
      throw new RegistryFileError(file, i + 1, "expected two fields: a 16-digit hex UID and a logical id");
    }
    const upper = uid.toUpperCase();
    if (!HEX_UID.test(upper)) throw new RegistryFileError(file, i + 1, `${uid} is not a 16-digit hex UID`);
    if (!LOGICAL_CARD.test(logical) && !LOGICAL_CHIP.test(logical)) {
      throw new RegistryFileError(
        file,
        i + 1,
        `${logical} is not card:<deck>:<face> or chip:<denomination>:<serial>`,
      );
    }
    if (map.has(upper)) throw new RegistryFileError(file, i + 1, `${upper} is listed twice`);
    map.set(upper, logical);
  });
  return map;
}

/**
 * The table's registry: UIDs from the registry file (if any), then logical ids if the simulated
 * registry is on. A UID is matched case-insensitively, as readers differ in how they print hex.
 */
export function createRegistry(options: {
  deck: string;
  /** The decks a two-deck shuffler alternates (wins over `deck`). */
  decks?: readonly string[] | undefined;
  chips: readonly number[];
  simulated: boolean;
  uids?: ReadonlyMap<string, string>;
}): Registry {
  const { chips, simulated, uids } = options;
  const deck: DecksInPlay = options.decks ?? options.deck;
  // Readers repeat whole inventories many times a second: each tag is worked out once.
  const known = new Map<string, TagInfo>();
  const work = (tagId: string): TagInfo => {
    const logical = uids?.get(tagId.toUpperCase());
    if (logical !== undefined) return resolveLogical(logical, deck, chips);
    if (simulated) return resolveLogical(tagId, deck, chips);
    return { type: "unknown" };
  };
  return {
    resolve(tagId) {
      let info = known.get(tagId);
      if (info === undefined) {
        info = work(tagId);
        if (known.size < 100_000) known.set(tagId, info);
      }
      return info;
    },
  };
}

/** Loads the registry file named in the configuration. */
export function loadRegistryFile(file: string): Map<string, string> {
  return parseRegistryFile(readFileSync(file, "utf8"), file);
}
