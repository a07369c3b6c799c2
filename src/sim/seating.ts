/**
 * Who sits where between hands, as the floor sets it up: players, stacks, the blind level and the
 * button. The simulated table keeps its own account (it never reads the controller) and places the
 * button by the same dead-button rule, so a disagreement with the controller shows as a mismatch.
 */
import { nextPositions, type Positions, positionsFromButton } from "../rules/positions.js";
import type { Level } from "../table/state.js";
import { chance, pick, randInt, type Rng } from "./random.js";
import type { Unstamped } from "./timeline.js";

/** Blind levels the simulated tournament climbs, one every `LEVEL_HANDS` hands, then round again. */
const LEVELS: readonly Level[] = [
  { sb: 100, bb: 200, ante: 0, bbAnte: 0 },
  { sb: 150, bb: 300, ante: 0, bbAnte: 300 },
  { sb: 200, bb: 400, ante: 50, bbAnte: 0 },
  { sb: 300, bb: 600, ante: 0, bbAnte: 600 },
];
const LEVEL_HANDS = 40;

export interface SimSeat {
  player: string;
  stack: number;
}

/** The table between hands. */
export class Seating {
  readonly seats = new Map<number, SimSeat>();
  level: Level = LEVELS[0]!;
  lastPositions: Positions | null = null;
  placedButton: number | null = null;
  private players = 0;
  private hands = 0;
  /** How many players the floor keeps at the table for now (2 … seatCount - 1, so a seat stays empty). */
  private target: number;

  constructor(
    readonly seatCount: number,
    private readonly rng: Rng,
  ) {
    this.target = Math.max(2, seatCount - 2);
  }

  /** The floor's first set-up: the level, a full table but one seat, the button. */
  opening(): Unstamped[] {
    const out: Unstamped[] = [{ kind: "floor", op: "level", ...this.level }];
    const free = this.freeSeats();
    for (const seat of free.slice(0, this.target)) out.push(this.sit(seat));
    const button = pick(this.rng, this.inGame()) ?? 1;
    this.placedButton = button;
    out.push({ kind: "floor", op: "button", seat: button });
    return out;
  }

  /** Between hands: busted players leave, new ones sit down, the level moves on. */
  betweenHands(): Unstamped[] {
    const out: Unstamped[] = [];
    this.hands += 1;
    for (const [seat, s] of [...this.seats]) {
      if (s.stack > 0) continue;
      this.seats.delete(seat);
      out.push({ kind: "floor", op: "unseat", seat });
    }
    if (this.hands % 60 === 0) this.target = randInt(this.rng, 2, this.seatCount - 1);
    const free = this.freeSeats();
    if (this.seats.size < this.target && free.length > 0 && (this.seats.size < 2 || chance(this.rng, 0.5))) {
      out.push(this.sit(pick(this.rng, free)!));
    }
    if (this.hands % LEVEL_HANDS === 0) {
      this.level = LEVELS[(this.hands / LEVEL_HANDS) % LEVELS.length]!;
      out.push({ kind: "floor", op: "level", ...this.level });
    }
    return out;
  }

  /** Seats in the next hand: a player with chips. */
  inGame(): number[] {
    return [...this.seats]
      .filter(([, s]) => s.stack > 0)
      .map(([seat]) => seat)
      .sort((a, b) => a - b);
  }

  /** Where the button and blinds go for the next hand (the controller's rule: placed, else moved on). */
  nextPositions(): Positions {
    const inGame = this.inGame();
    const p =
      this.placedButton !== null
        ? positionsFromButton(this.placedButton, inGame, this.seatCount)
        : this.lastPositions !== null
          ? nextPositions(this.lastPositions, inGame, this.seatCount)
          : positionsFromButton(inGame[0] ?? 1, inGame, this.seatCount);
    if (p === null) throw new Error("the simulated table has fewer than two players");
    return p;
  }

  /** A hand started at these positions. */
  started(positions: Positions): void {
    this.lastPositions = positions;
    this.placedButton = null;
  }

  /** Empty seats (a card dealt there is a misdeal, r.33-A3). */
  freeSeats(): number[] {
    return Array.from({ length: this.seatCount }, (_, i) => i + 1).filter((s) => !this.seats.has(s));
  }

  private sit(seat: number): Unstamped {
    this.players += 1;
    const player = `P${this.players}`;
    // Stacks of different sizes make short all-ins and side pots.
    const stack = randInt(this.rng, 20, 160) * 250;
    this.seats.set(seat, { player, stack });
    return { kind: "floor", op: "seat", seat, player, stack };
  }
}
