/**
 * Tags lying where they cannot be read (a chip on a card antenna, a card on a chip antenna), for as
 * long as they lie there. The contract says such a reading is never acted on silently
 * (`TAG_MISPLACED`): each misplaced tag is told when it is first listed, however many already lie
 * elsewhere, and the table hears when the last of them is gone, so the alert closes when the dealer has
 * put every one right.
 *
 * A tag that drops out of one report and is listed again is the same tag still lying there (a flicker,
 * like a card's): it is gone only once unlisted for the reader's departure window.
 */
import type { Observation } from "./observations.js";

interface Lying {
  antenna: string;
  what: "card" | "chip";
  /** When its antenna stopped listing it, or null while listed. */
  goneSince: number | null;
}

/** What {@link MisplacedTags} remembers, as plain data (checkpoints): `antenna|tag` to its place. */
export type MisplacedSnapshot = Record<string, Lying>;

export class MisplacedTags {
  private readonly lying = new Map<string, Lying>();

  /** @param departWindowMs how long an unlisted tag must stay unseen before it has gone (a flicker is shorter) */
  constructor(private readonly departWindowMs: number) {}

  /** `antenna` lists `tag`, which does not belong there: told once, when it starts lying there. */
  listed(t: number, tag: string, antenna: string, what: "card" | "chip", out: Observation[]): void {
    const key = `${antenna}|${tag}`;
    const known = this.lying.get(key);
    if (known !== undefined) {
      known.goneSince = null;
      return;
    }
    this.lying.set(key, { antenna, what, goneSince: null });
    out.push({ type: "tag_misplaced", t, tag, antenna, what });
  }

  /** `antenna` no longer lists `tag`: its departure window starts (if it was misplaced there). */
  unlisted(t: number, tag: string, antenna: string): void {
    const known = this.lying.get(`${antenna}|${tag}`);
    if (known !== undefined && known.goneSince === null) known.goneSince = t;
  }

  /** Tags unlisted for the departure window are gone; when the last goes, the table is told. */
  advanceTo(t: number, out: Observation[]): void {
    let lastGone: number | null = null;
    for (const [key, place] of this.lying) {
      if (place.goneSince === null) continue;
      const due = place.goneSince + this.departWindowMs;
      if (t < due) continue;
      this.lying.delete(key);
      if (lastGone === null || due > lastGone) lastGone = due;
    }
    if (lastGone !== null && this.lying.size === 0) out.push({ type: "tag_misplaced_cleared", t: lastGone });
  }

  /**
   * The shuffler press: what the table remembers does not cross a hand boundary. A tag still lying
   * misplaced is told again in the new hand at its antenna's next report (the last hand's alert closed
   * with that hand).
   */
  newHand(): void {
    this.lying.clear();
  }

  /** The earliest departure window to run out, or null. */
  nextDeadline(): number | null {
    // Asked before every input, and nearly always nothing lies misplaced.
    if (this.lying.size === 0) return null;
    let next: number | null = null;
    for (const place of this.lying.values()) {
      if (place.goneSince === null) continue;
      const due = place.goneSince + this.departWindowMs;
      if (next === null || due < next) next = due;
    }
    return next;
  }

  snapshot(): MisplacedSnapshot {
    return Object.fromEntries([...this.lying].map(([key, place]) => [key, { ...place }]));
  }

  restore(snapshot: MisplacedSnapshot | undefined): void {
    this.lying.clear();
    for (const [key, place] of Object.entries(snapshot ?? {})) this.lying.set(key, { ...place });
  }
}
