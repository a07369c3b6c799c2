/**
 * What a supervisor ruled in the middle of a simulated deal, for the dealer to follow. The simulator
 * writes each hand's script before it is played; when the floor rules `continue` on a misdeal or `dead`
 * on a seat at a live simulated table, the session deals the hand again from its start with these words
 * (src/sim/session.ts hearRuling) and the dealer follows them from the moment they were said: what he
 * did before is the same, what he does after is what the ruling means. Words are in script time.
 */

/**
 * How long a simulated dealer who stopped for the floor waits for a supervisor before going on by the
 * house's standing procedure (the script's stand-in floor), ms. Why 30 s: a supervisor walks over or
 * opens the floor page and reads the alert in a few seconds to half a minute (npm start at speed 1);
 * longer, and an unattended simulated table (the CI's, a demo's) would stand still most of the time
 * under --inject all. Before, he went on at once and the stand-in ruled within two seconds.
 */
export const FLOOR_WAIT_MS = 30_000;

/** A ruling the dealer follows, said at script time `t`. */
export type FloorWord =
  /** The table held the hand for the floor: the dealer stops and waits for a supervisor. */
  | { readonly t: number; readonly ruling: "wait" }
  /** The deal stands: a misdeal the dealer was about to collect for is played on. */
  | { readonly t: number; readonly ruling: "continue" }
  /** The seat's hand is dead: its cards go to the muck, and it folds when the action reaches it. */
  | { readonly t: number; readonly ruling: "dead"; readonly seat: number };

/** The words of one deal, taken as the dealer comes to them. */
export class FloorWords {
  private readonly pending: FloorWord[];

  constructor(words: readonly FloorWord[] = []) {
    this.pending = [...words];
  }

  /**
   * Whether the floor ruled `continue` before `until` (when the dealer, stopped at a misdeal, would begin
   * to collect the cards): said later, the cards are being collected already and the ruling cannot keep
   * the deal. Taken when true. (A word is kept only once a deal took it, so one said before the misdeal
   * was never kept for it.)
   */
  continued(until: number): boolean {
    const i = this.pending.findIndex((w) => w.ruling === "continue" && w.t < until);
    if (i < 0) return false;
    this.pending.splice(i, 1);
    return true;
  }

  /**
   * Where the dealer would go on by the house's procedure at `now`: if he stopped for the floor before
   * it, when he goes on instead — just after the supervisor's next word, or at the end of his wait.
   * Null when he did not stop. Taken. `heeds`: the words he can follow there (another is no answer to
   * his wait: the table refused it, as Three Card Poker's `continue` on a card too many).
   */
  waitEnds(now: number, heeds: (word: FloorWord) => boolean = () => true): number | null {
    const i = this.pending.findIndex((w) => w.ruling === "wait" && w.t < now);
    if (i < 0) return null;
    const [wait] = this.pending.splice(i, 1);
    const answers = this.pending
      .filter((w) => w.ruling !== "wait" && w.t >= wait!.t && heeds(w))
      .map((w) => w.t);
    return Math.min(wait!.t + FLOOR_WAIT_MS, ...answers.map((t) => t + 1));
  }

  /** The seats ruled dead before `now` (strictly: what the dealer did at `now` may be played already). */
  deadBefore(now: number): number[] {
    const said = this.pending.filter((w) => w.ruling === "dead" && w.t < now);
    if (said.length === 0) return [];
    for (const w of said) this.pending.splice(this.pending.indexOf(w), 1);
    return said.flatMap((w) => (w.ruling === "dead" ? [w.seat] : []));
  }

  /** Words the deal never came to (said after the deal was over, or too late to change it). */
  get unheard(): readonly FloorWord[] {
    return this.pending;
  }
}
