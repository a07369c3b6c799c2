/**
 * Deck enrolment: the dealer places the cards of a new deck on one antenna, one at a time, in a stated
 * order, and each new tag becomes the face that was asked for. Pure: a function of the antenna's reports
 * (and the dealer's `undo`/`ok` keys) to prompts and registry entries; the CLI edge (src/app/commands/
 * enrol.ts) feeds it and writes the file.
 *
 * Correct at any pace: a tag counts as placed when a report shows it for the first time, whatever the
 * interval; two new tags in one report (two cards placed within one scan round) cannot be told apart, so
 * both are refused and the antenna must be cleared of them before the next card is taken.
 */
import type { InputEvent } from "../contract/input.js";
import { MAX_TAGS_PER_ANTENNA } from "../devices/bridge/protocol.js";
import { type Card, RANKS, rankIndex, rankName } from "../rules/cards.js";
import { type EnrolMessage, normaliseUid, type RegistryEntry } from "./messages.js";

const SUIT_ORDER = [
  ["s", "spades"],
  ["h", "hearts"],
  ["d", "diamonds"],
  ["c", "clubs"],
] as const;
const RANK_ORDER = ["A", ...RANKS.slice(0, 12)] as const;

/** The stated order of enrolment: spades, hearts, diamonds, clubs, each ace to king (docs/registry.md). */
export const ENROL_ORDER: readonly Card[] = SUIT_ORDER.flatMap(([s]) =>
  RANK_ORDER.map((r) => `${r}${s}` as Card),
);

/** A face as the prompt says it: "ace of spades (As)". */
export function faceWords(face: Card): string {
  const suit = SUIT_ORDER.find(([s]) => s === face[1])?.[1] ?? "?";
  return `${rankName(rankIndex(face))} of ${suit} (${face})`;
}

export interface DeckEnrolmentOptions {
  /** The deck's name in the registry (`card:<deck>:<face>`). */
  deck: string;
  /** The antenna the dealer places the cards on; reports of other antennas are ignored. */
  antenna: string;
  /** UID → logical id of the registry file already there: a tag in it is refused. */
  existing?: ReadonlyMap<string, string>;
}

/** One deck being enrolled. Feed it the input events in order. */
export class DeckEnrolment {
  private readonly taken: RegistryEntry[] = [];
  /** The tags on the antenna at its last report (UIDs as reported, upper case). */
  private present = new Set<string>();
  /** Tags refused because they arrived together: the antenna must be clear of them first. */
  private unclear = new Set<string>();

  constructor(private readonly options: DeckEnrolmentOptions) {
    const name = options.deck;
    const already = [...(options.existing?.values() ?? [])].filter((l) => l.startsWith(`card:${name}:`));
    if (already.length > 0)
      throw new Error(
        `the registry already has ${already.length} cards of deck ${name}: remove them first, or enrol under another deck name`,
      );
  }

  /** Whether every card of the deck has been taken. */
  get complete(): boolean {
    return this.taken.length === ENROL_ORDER.length;
  }

  /** The face the dealer is asked for next, or null when the deck is complete. */
  get next(): Card | null {
    return ENROL_ORDER[this.taken.length] ?? null;
  }

  /** The registry entries taken so far, in order. */
  entries(): RegistryEntry[] {
    return [...this.taken];
  }

  /** The first prompt. */
  start(t = 0): EnrolMessage[] {
    return [this.prompt(t)];
  }

  /** Handles one input event; returns what to tell the dealer. */
  handle(event: InputEvent): EnrolMessage[] {
    if (event.kind === "button") return this.onKey(event.t, event.button);
    if (event.kind !== "tags" || event.antenna !== this.options.antenna) return [];
    const now = new Set(event.tags.map((tag) => tag.toUpperCase()));
    const arrived = [...now].filter((tag) => !this.present.has(tag));
    const filled = now.size >= MAX_TAGS_PER_ANTENNA && this.present.size < MAX_TAGS_PER_ANTENNA;
    this.present = now;
    this.unclear = new Set([...this.unclear].filter((tag) => now.has(tag)));
    const out: EnrolMessage[] = [];

    const fresh: string[] = [];
    for (const tag of arrived) {
      const refusal = this.refusal(tag);
      if (refusal === null) fresh.push(tag);
      else out.push({ t: event.t, kind: "refused", text: refusal });
    }
    if (fresh.length > 1) {
      for (const tag of fresh) this.unclear.add(tag);
      out.push({
        t: event.t,
        kind: "refused",
        text: `${fresh.length} new cards at once (${fresh.join(", ")}): take them off and place the ${this.nextWords()} alone`,
      });
    } else if (fresh[0] !== undefined) {
      if (this.unclear.size > 0) {
        out.push({
          t: event.t,
          kind: "refused",
          text: `first take off the cards placed together (${[...this.unclear].join(", ")})`,
        });
      } else out.push(...this.take(event.t, fresh[0]));
    }
    // A bridge reports at most 48 tags on one antenna: a 49th card left on the pile is never seen.
    if (filled && !this.complete)
      out.push({
        t: event.t,
        kind: "refused",
        text: `${now.size} cards on ${this.options.antenna}, as many as the bridge reports on one antenna: take the cards off before the next`,
      });
    if (out.length > 0 && !this.complete && out.at(-1)?.kind !== "prompt") out.push(this.prompt(event.t));
    return out;
  }

  /** `undo` takes back the last card taken; `ok` is the dealer reading the prompt again. */
  private onKey(t: number, key: string): EnrolMessage[] {
    if (key !== "undo") return key === "ok" && !this.complete ? [this.prompt(t)] : [];
    const last = this.taken.pop();
    if (last === undefined) return [this.prompt(t)];
    return [
      { t, kind: "enrolled", text: `taken back: ${last.uid} is no longer ${last.logical}` },
      this.prompt(t),
    ];
  }

  /** Why a tag that just arrived cannot be the next card, or null. */
  private refusal(tag: string): string | null {
    const uid = normaliseUid(tag);
    if (uid === null) return `${tag} is not a 16-digit hex UID: not a card tag we can enrol`;
    const mine = this.taken.find((e) => e.uid === uid);
    if (mine !== undefined)
      return `repeated tag: ${uid} is already enrolled as ${mine.logical}; place the ${this.nextWords()}`;
    const other = this.options.existing?.get(uid);
    if (other !== undefined) return `${uid} is already in the registry as ${other}`;
    if (this.complete) return `extra tag ${uid}: the deck is complete (${ENROL_ORDER.length} cards)`;
    return null;
  }

  private take(t: number, uid: string): EnrolMessage[] {
    const face = this.next;
    if (face === null) return [];
    const logical = `card:${this.options.deck}:${face}`;
    this.taken.push({ uid, logical });
    const count = `${this.taken.length}/${ENROL_ORDER.length}`;
    const out: EnrolMessage[] = [{ t, kind: "enrolled", text: `${count} ${uid} = ${logical}` }];
    if (this.complete)
      out.push({ t, kind: "done", text: `deck ${this.options.deck} complete: ${ENROL_ORDER.length} cards` });
    return out;
  }

  private prompt(t: number): EnrolMessage {
    return { t, kind: "prompt", text: `place the ${this.nextWords()} on ${this.options.antenna}` };
  }

  private nextWords(): string {
    const face = this.next;
    return face === null ? "nothing more" : faceWords(face);
  }
}

/** Enrols a deck from a list of input events (recorded reports): the messages and the entries taken. */
export function enrolDeck(
  events: Iterable<InputEvent>,
  options: DeckEnrolmentOptions,
): { messages: EnrolMessage[]; entries: RegistryEntry[]; complete: boolean } {
  const enrolment = new DeckEnrolment(options);
  const messages = enrolment.start();
  for (const e of events) messages.push(...enrolment.handle(e));
  return { messages, entries: enrolment.entries(), complete: enrolment.complete };
}
