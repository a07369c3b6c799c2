/**
 * The felt as the readers see it: the dealer's and players' hands move cards and chips between
 * antennas, and every move is a full-set report on a {@link Timeline}. No rules here, only movement.
 */
import type { Card } from "../rules/cards.js";
import { ChipBox } from "./chips.js";
import { cardTag } from "./deck.js";
import { flicker, landChips } from "./noise.js";
import { FixedPace, type Pace, type PaceStep } from "./pace.js";
import { chance, randInt, type Rng } from "./random.js";
import { Timeline } from "./timeline.js";

/** Antennas whose cards the dealer collects before the next shuffle (r.21). */
export const CARD_ZONES = (seatCount: number): string[] => [
  ...Array.from({ length: seatCount }, (_, i) => `seat${i + 1}`),
  "board",
  "burn",
  "muck",
];

export class Felt {
  readonly tl: Timeline;
  private readonly box: ChipBox;
  /** The decks the shuffler alternates (one, unless `alternate` was told two). */
  private decks: readonly string[];

  constructor(
    readonly seatCount: number,
    /** The deck in play now: with two decks, the shuffler brings out the other one each hand. */
    public deck: string,
    chipSet: readonly number[],
    /** Timing and noise only: card and betting choices have their own generators. */
    readonly rng: Rng,
    readonly noisy: boolean,
    startT = 0,
    /** How fast the dealer and players are (default: the fixed timings, drawn from `rng`). */
    readonly pace: Pace = new FixedPace(rng),
  ) {
    this.tl = new Timeline(startT);
    this.box = new ChipBox(chipSet);
    this.decks = [deck];
  }

  /** A two-deck shuffler: the decks it alternates, hand by hand (`decks: [A, B]`). */
  alternate(decks: readonly string[]): this {
    if (decks.length > 0) this.decks = [...decks];
    this.deck = this.decks[0] ?? this.deck;
    return this;
  }

  /** The shuffler is pressed: a two-deck shuffler hands out the deck it shuffled during the last hand. */
  nextDeck(): void {
    const i = this.decks.indexOf(this.deck);
    this.deck = this.decks[(i + 1) % this.decks.length] ?? this.deck;
  }

  /**
   * A deck that is not the one in play: the other deck of a two-deck shuffler (a mixed-deck hand), or
   * with one deck, a deck the table does not have.
   */
  otherDeck(inPlayOnly: boolean): string {
    const other = this.decks.find((d) => d !== this.deck);
    if (inPlayOnly && other !== undefined) return other;
    return ["B", "C", "D"].find((d) => !this.decks.includes(d)) ?? "X";
  }

  /** The tag of a face of the deck in play. */
  tag(face: Card): string {
    return cardTag(this.deck, face);
  }

  read(antenna: string): readonly string[] {
    return this.tl.read(antenna);
  }

  /** Waits a random time in [lo, hi] ms. */
  pause(lo: number, hi: number): this {
    this.tl.wait(randInt(this.rng, lo, hi));
    return this;
  }

  /** Waits as long as `step` takes at the pace of this hand. */
  step(step: PaceStep): this {
    this.tl.wait(this.pace.ms(step));
    return this;
  }

  /** A tag arrives on an antenna, added to what is there. */
  add(antenna: string, ...tags: string[]): this {
    this.tl.report(antenna, [...this.read(antenna), ...tags]);
    return this;
  }

  /** Tags leave an antenna. */
  remove(antenna: string, ...tags: string[]): this {
    this.tl.report(
      antenna,
      this.read(antenna).filter((t) => !tags.includes(t)),
    );
    return this;
  }

  /** A seat's cards go to the muck (a fold, or a dead hand put away). */
  muck(seat: number): this {
    const cards = this.read(`seat${seat}`);
    if (cards.length === 0) return this;
    this.tl.report(`seat${seat}`, []);
    this.pause(50, 100);
    return this.add("muck", ...cards);
  }

  /** Chips worth `amount` land in front of a seat, sometimes over two reports (noise); returns their tags. */
  push(seat: number, amount: number): string[] {
    if (amount <= 0) return [];
    const tags = this.box.take(amount);
    landChips(this.tl, this.rng, `bet${seat}`, tags, this.noisy);
    return tags;
  }

  /** Fresh chips worth `amount` (change the dealer makes from the pot for the rake). */
  chips(amount: number): string[] {
    return amount > 0 ? this.box.take(amount) : [];
  }

  /** Chips straight to the pot (antes). */
  toPot(amount: number): this {
    if (amount > 0) this.add("pot", ...this.box.take(amount));
    return this;
  }

  /** The dealer pulls every bet into the pot. */
  pull(seats: Iterable<number>): this {
    const zones = [...seats].map((s) => `bet${s}`).filter((z) => this.read(z).length > 0);
    if (zones.length === 0) return this;
    this.step("sweep");
    const pulled: string[] = [];
    for (const zone of zones) {
      pulled.push(...this.read(zone));
      this.tl.report(zone, []).wait(20);
    }
    return this.add("pot", ...pulled);
  }

  /** Everything off the felt: cards back to the deck, chips back to their owners or the winners. */
  clearAll(): this {
    for (const antenna of [...CARD_ZONES(this.seatCount), "pot"]) {
      if (this.read(antenna).length > 0) this.tl.report(antenna, []).wait(30);
    }
    for (let s = 1; s <= this.seatCount; s++) {
      if (this.read(`bet${s}`).length > 0) this.tl.report(`bet${s}`, []).wait(30);
    }
    return this;
  }

  /** Every antenna that holds something (what a reader coming back reports again). */
  antennasInUse(): string[] {
    const bets = Array.from({ length: this.seatCount }, (_, i) => `bet${i + 1}`);
    return [...CARD_ZONES(this.seatCount), ...bets, "pot"].filter((a) => this.read(a).length > 0);
  }

  /** Antennas that still hold a card. */
  cardZonesInUse(): string[] {
    return CARD_ZONES(this.seatCount).filter((a) => this.read(a).length > 0);
  }

  /** The pause before a player acts; now and then a card flickers in the middle of it (noise). */
  beforeAction(heldSeats: readonly number[]): this {
    const held = [...heldSeats.map((s) => `seat${s}`), "board"];
    if (this.pace.mode === "fixed") {
      // The old draws, in their old order (a seed reproduces its stream).
      if (this.noisy && chance(this.rng, 0.3)) {
        this.pause(450, 550);
        flicker(this.tl, this.rng, held);
        return this.pause(250, 400);
      }
      return this.step("think");
    }
    const think = this.pace.ms("think");
    if (!(this.noisy && chance(this.rng, 0.3))) {
      this.tl.wait(think);
      return this;
    }
    // The flicker falls inside the player's think; he still acts no sooner than his think.
    const half = Math.floor(think / 2);
    const start = this.tl.t;
    this.tl.wait(half);
    flicker(this.tl, this.rng, held);
    this.tl.wait(Math.max(0, start + think - this.tl.t));
    return this;
  }
}
