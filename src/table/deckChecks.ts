/**
 * When a deck check happens (spec: the `deckcheck` key, then `ok`): between hands at once; pressed while
 * the table still reads a hand, it waits the readers' lag for that hand to end (the dealer finished it;
 * its last card's report is K scans late) and is refused past it. The check itself — what it reads and
 * its result — is src/table/deckCheck.ts; this keeps the open check and the one asked for.
 */
import type { TableEvent } from "../contract/output.js";
import type { Observation } from "../reading/observations.js";
import type { Registry } from "../reading/registry.js";
import { DeckCheck, deckCheckRefused, deckCheckStarted, isCheckAntenna } from "./deckCheck.js";

/** What the deck checks read of the table reader. */
export interface CheckReader {
  lastReport(antenna: string): readonly string[];
  readonly lagMs: number;
  readonly scanRoundMs: number;
}

export class DeckChecks {
  /** A deck check between hands, if one is open. */
  private open: DeckCheck | null = null;
  /** A check asked for during a hand: the cards spread from the press on are read; refused past `until`. */
  private asked: { check: DeckCheck; until: number; hand: number } | null = null;
  /**
   * Cards that arrived while a check was asked for during a hand: the spread, not the hand's, if the hand
   * ends within the wait; the hand's after all (the dealer went on) if the check is refused.
   */
  private spread: Observation[] = [];

  constructor(
    private readonly antennas: readonly string[],
    private readonly registry: Registry,
    private readonly decks: readonly string[],
    private readonly reader: CheckReader,
  ) {}

  /** Whether a check is open or asked for (the core takes no checkpoint then). */
  get busy(): boolean {
    return this.open !== null || this.asked !== null;
  }

  /** A report from one of the table's antennas, before the reader takes it (what it listed is `before`). */
  report(antenna: string, tags: readonly string[]): void {
    if (this.open === null && this.asked === null) return;
    const before = this.reader.lastReport(antenna);
    this.open?.report(antenna, before, tags);
    this.asked?.check.report(antenna, before, tags);
  }

  /** The `deckcheck` key; `hand` is the hand the table still reads, if any. */
  press(t: number, hand: number | null): TableEvent[] {
    if (this.busy) return [];
    const check = new DeckCheck(t, this.cardsOnCheckAntennas());
    if (hand !== null) {
      this.asked = { check, until: t + this.reader.lagMs, hand };
      return [];
    }
    this.open = check;
    return [deckCheckStarted(t)];
  }

  /** `ok` ends an open check (one scan round later: a card laid just before it is still reported). */
  ok(t: number): boolean {
    if (this.open === null) return false;
    this.open.ok(t, this.reader.scanRoundMs);
    return true;
  }

  /**
   * What the hand still in play is given of the reader's observations: while a check asked for waits on
   * it, cards that arrive on the board, the burn or a seat (and foreign or unknown tags there) are held
   * back, as the dealer said with the key that the hand is over and he spreads the deck: read into the
   * hand, the spread on the board made its showdown (three readers, 5 missed scans, seed 80 at 700 ms
   * rounds, hand 662: an extra river card taken off was reported gone after the key; the hand was held,
   * INPUT_NOT_APPLIED, and every later hand lost). The muck's are given: the last fold, reported after
   * the key, ends the hand.
   *
   * A card that came to the spread from where the hand had it, whose old antenna had already reported
   * it gone, left that antenna as far as the hand goes: the hand is told so. The spread listed it inside
   * its departure window, which made it a move, not a departure (`k5s900`: 5 missed scans and a 900 ms
   * settle window, seed 89 at 700 ms rounds, hand 4140: the river's extra card, taken off, reported gone
   * from the board 29 ms before the burn listed it in the spread; the hand waited for it until the check
   * was refused, then read the spread: DUPLICATE_CARD and every later hand lost).
   */
  withoutSpread(observations: Observation[]): Observation[] {
    if (this.asked === null) return observations;
    const kept: Observation[] = [];
    for (const o of observations) {
      const arrival = o.type === "card_arrived" || o.type === "foreign_card" || o.type === "unknown_tag";
      if (!arrival || o.antenna === "muck" || !isCheckAntenna(o.antenna)) {
        kept.push(o);
        continue;
      }
      this.spread.push(o);
      if (o.type === "card_arrived" && o.from !== null && !this.reader.lastReport(o.from).includes(o.tag))
        kept.push({ type: "card_departed", t: o.t, tag: o.tag, card: o.card, antenna: o.from });
    }
    return kept;
  }

  /** Cards held back for a check that was refused since: the hand's after all (the dealer went on). */
  refusedSpread(): Observation[] {
    return this.asked === null ? this.spread.splice(0) : [];
  }

  /** The hand ended: a check asked for while it was read begins, with the cards spread since the press. */
  handEnded(t: number): TableEvent[] {
    const asked = this.asked;
    this.spread = [];
    if (asked === null) return [];
    this.asked = null;
    this.open = asked.check;
    return [deckCheckStarted(t)];
  }

  /**
   * The next hand begins: an open check ends with what was read so far; one still waiting for the last
   * hand to end is refused (the dealer went on).
   */
  nextHand(t: number): TableEvent[] {
    return this.open === null ? this.refuseAsked(t) : this.end(t);
  }

  /** When the open check ends or the asked one is refused (never both: one is asked only when none is). */
  nextDeadline(): number | null {
    return this.open?.closeAt ?? this.asked?.until ?? null;
  }

  /** Runs what is due at `t` (the core calls it at {@link nextDeadline}). */
  due(t: number): TableEvent[] {
    if (t === this.open?.closeAt) return this.end(t);
    if (t === this.asked?.until) return this.refuseAsked(t);
    return [];
  }

  private refuseAsked(t: number): TableEvent[] {
    const asked = this.asked;
    if (asked === null) return [];
    this.asked = null;
    return [deckCheckRefused(t, asked.hand)];
  }

  private end(t: number): TableEvent[] {
    const check = this.open;
    if (check === null) return [];
    const latest = (a: string) => this.reader.lastReport(a);
    const wait = check.closeAt === t ? check.leftoversKnownAt(t, this.reader.lagMs, latest) : null;
    if (wait !== null) {
      check.closeAt = wait;
      return [];
    }
    this.open = null;
    return check.end(t, this.registry, this.decks, latest);
  }

  /** Antenna → the tags its latest report lists, for the card antennas a deck is spread on. */
  private cardsOnCheckAntennas(): Map<string, readonly string[]> {
    return new Map(
      this.antennas.filter((a) => isCheckAntenna(a)).map((a) => [a, this.reader.lastReport(a)] as const),
    );
  }
}
