/**
 * Chip enrolment: every new tag on one antenna until the dealer presses `ok` is a chip of one
 * denomination, numbered on from the highest serial the registry already has for it. Pure: input
 * events in, messages and registry entries out; the CLI edge writes the file.
 *
 * Chips come in stacks, so many new tags in one report are all taken, in the order the report lists
 * them (the order is only the serials' order: any order is as good, and replay gives the same one).
 */
import { MAX_TAGS_PER_ANTENNA } from "../devices/bridge/protocol.js";
import type { InputEvent } from "../contract/input.js";
import { type EnrolMessage, normaliseUid, type RegistryEntry } from "./messages.js";

export interface ChipEnrolmentOptions {
  denomination: number;
  antenna: string;
  /** UID → logical id of the registry file already there. */
  existing?: ReadonlyMap<string, string>;
}

/** The highest numeric serial the registry has for a denomination (0 when none). */
export function highestSerial(existing: Iterable<string>, denomination: number): number {
  let high = 0;
  const prefix = `chip:${denomination}:`;
  for (const logical of existing) {
    if (!logical.startsWith(prefix)) continue;
    const serial = Number(logical.slice(prefix.length));
    if (Number.isInteger(serial) && serial > high) high = serial;
  }
  return high;
}

/** One batch of chips being enrolled. Feed it the input events in order. */
export class ChipEnrolment {
  private readonly taken: RegistryEntry[] = [];
  private present = new Set<string>();
  private serial: number;
  private ended = false;

  constructor(private readonly options: ChipEnrolmentOptions) {
    this.serial = highestSerial(options.existing?.values() ?? [], options.denomination);
  }

  /** Whether `ok` has ended the enrolment. */
  get complete(): boolean {
    return this.ended;
  }

  entries(): RegistryEntry[] {
    return [...this.taken];
  }

  start(t = 0): EnrolMessage[] {
    return [this.prompt(t)];
  }

  handle(event: InputEvent): EnrolMessage[] {
    if (this.ended) return [];
    if (event.kind === "button") {
      if (event.button !== "ok") return [];
      this.ended = true;
      return [
        {
          t: event.t,
          kind: "done",
          text: `${this.taken.length} chips of ${this.options.denomination} enrolled`,
        },
      ];
    }
    if (event.kind !== "tags" || event.antenna !== this.options.antenna) return [];
    const now = new Set(event.tags.map((tag) => tag.toUpperCase()));
    const arrived = [...now].filter((tag) => !this.present.has(tag));
    const filled = now.size >= MAX_TAGS_PER_ANTENNA && this.present.size < MAX_TAGS_PER_ANTENNA;
    this.present = now;
    const out: EnrolMessage[] = [];
    for (const tag of arrived) out.push(this.take(event.t, tag));
    // A bridge reports at most 48 tags on one antenna: chips beyond them would be missed unseen.
    if (filled)
      out.push({
        t: event.t,
        kind: "refused",
        text: `${now.size} tags on ${this.options.antenna}, as many as the bridge reports on one antenna: more would be missed; take the enrolled chips off before adding more`,
      });
    if (out.length > 0) out.push(this.prompt(event.t));
    return out;
  }

  /** Takes a tag as the next chip, or refuses it with the reason. */
  take(t: number, tag: string): EnrolMessage {
    const uid = normaliseUid(tag);
    if (uid === null)
      return { t, kind: "refused", text: `${tag} is not a 16-digit hex UID: not a chip tag we can enrol` };
    const mine = this.taken.find((e) => e.uid === uid);
    if (mine !== undefined)
      return { t, kind: "refused", text: `repeated tag: ${uid} is already ${mine.logical}` };
    const other = this.options.existing?.get(uid);
    if (other !== undefined)
      return { t, kind: "refused", text: `${uid} is already in the registry as ${other}` };
    this.serial += 1;
    const logical = `chip:${this.options.denomination}:${this.serial}`;
    this.taken.push({ uid, logical });
    return { t, kind: "enrolled", text: `${uid} = ${logical}` };
  }

  private prompt(t: number): EnrolMessage {
    return {
      t,
      kind: "prompt",
      text: `place chips of ${this.options.denomination} on ${this.options.antenna} (${this.taken.length} so far); press ok when done`,
    };
  }
}

/** Enrols chips from recorded input events. */
export function enrolChips(
  events: Iterable<InputEvent>,
  options: ChipEnrolmentOptions,
): { messages: EnrolMessage[]; entries: RegistryEntry[]; complete: boolean } {
  const enrolment = new ChipEnrolment(options);
  const messages = enrolment.start();
  for (const e of events) messages.push(...enrolment.handle(e));
  return { messages, entries: enrolment.entries(), complete: enrolment.complete };
}
