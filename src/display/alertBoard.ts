/** The alerts open right now, kept from the table events: what the dealer panel and floor page list. */
import { AFTER_THE_HAND } from "../contract/alerts.js";
import type { AlertEvent, TableEvent } from "../contract/output.js";

/** An open alert; `done`: how many of its steps the table has seen done (`alert_step`), if any. */
export type OpenAlert = Omit<AlertEvent, "kind"> & { done?: number };

/** Info alerts the board keeps until they are cleared or the next hand starts. */
const KEPT_NOTICES = new Set(["FLOOR_CALLED", "DECK_CHECK", "DECK_CHECK_RESULT"]);

/** Alerts that outlive a hand at the table (src/table/rulingDesk.ts): a reader away, a call for the floor. */
const OUTLIVE_THE_HAND = new Set(["READER_OFFLINE", "FLOOR_CALLED"]);

export class AlertBoard {
  private readonly open: OpenAlert[] = [];
  /** The `seq` of the last hand's end while no hand is on (null during a hand, or before any). */
  private handEndedAt: number | null = null;

  /** Follows the table events: alerts open, clears close, and a new hand leaves only table-wide ones. */
  apply(events: readonly TableEvent[]): void {
    for (const e of events) {
      if (e.kind === "alert") {
        // Info alerts are notices, except the dealer's call for the floor, which waits for a supervisor,
        // and a deck check's (under way, and its result until the next hand).
        if (e.severity === "info" && !KEPT_NOTICES.has(e.code)) continue;
        const { kind: _kind, ...alert } = e;
        this.open.push(alert);
      } else if (e.kind === "alert_clear") {
        this.remove(
          (a) =>
            a.code === e.code &&
            (e.seat === undefined || a.seat === e.seat) &&
            (e.reader === undefined || a.reader === e.reader),
        );
      } else if (e.kind === "alert_step") {
        // The latest alert of the code (and seat): a procedure told again is a new alert, with its own steps.
        for (let i = this.open.length - 1; i >= 0; i--) {
          const a = this.open[i]!;
          if (a.code !== e.code || a.seat !== e.seat) continue;
          a.done = e.done;
          break;
        }
      } else if (e.kind === "hand_start") {
        // A hand's alerts end with it; a reader that is still away stays on the board, and so does a
        // call for the floor not yet answered: the table keeps it open (a second press says nothing
        // until a supervisor answers), so dropping it here hid the call from the floor for good.
        // What the work after the last hand raised after its end stays too (the tray judged at this
        // press, a losing bet still on the layout): it was said a moment ago and nobody has answered it.
        this.remove((a) => !OUTLIVE_THE_HAND.has(a.code) && !this.afterTheHand(a));
        this.handEndedAt = null;
      } else if (e.kind === "hand_end") {
        this.handEndedAt = e.seq ?? null;
      }
    }
  }

  /**
   * The alerts open at the table, oldest first: between hands, not the ended hand's (the table closed
   * them with it, and refuses a ruling on one: "there is no hand to rule on"), only those that outlive a
   * hand and those said since it ended (TRAY_VARIANCE, a deck check). The dealer panel keeps the ended
   * hand's on its board ({@link list}) until the next hand; the floor page and the feed show these.
   */
  openAtTable(): OpenAlert[] {
    const ended = this.handEndedAt;
    const all = this.list();
    if (ended === null) return all;
    return all.filter((a) => OUTLIVE_THE_HAND.has(a.code) || (a.seq !== undefined && a.seq > ended));
  }

  /** Raised by the dealer's work after the last hand, after its end. */
  private afterTheHand(a: OpenAlert): boolean {
    return (
      AFTER_THE_HAND.has(a.code) &&
      this.handEndedAt !== null &&
      a.seq !== undefined &&
      a.seq > this.handEndedAt
    );
  }

  /** Open alerts, oldest first. */
  list(): OpenAlert[] {
    return this.open.map((a) => ({ ...a, steps: [...a.steps] }));
  }

  private remove(match: (a: OpenAlert) => boolean): void {
    for (let i = this.open.length - 1; i >= 0; i--) if (match(this.open[i]!)) this.open.splice(i, 1);
  }
}
