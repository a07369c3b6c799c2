/** The alerts open right now, kept from the table events: what the dealer panel and floor page list. */
import type { AlertEvent, TableEvent } from "../contract/output.js";

/** An open alert; `done`: how many of its steps the table has seen done (`alert_step`), if any. */
export type OpenAlert = Omit<AlertEvent, "kind"> & { done?: number };

/** Info alerts the board keeps until they are cleared or the next hand starts. */
const KEPT_NOTICES = new Set(["FLOOR_CALLED", "DECK_CHECK", "DECK_CHECK_RESULT"]);

export class AlertBoard {
  private readonly open: OpenAlert[] = [];

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
        // A hand's alerts end with it; a reader that is still away stays on the board.
        this.remove((a) => a.code !== "READER_OFFLINE");
      }
    }
  }

  /** Open alerts, oldest first. */
  list(): OpenAlert[] {
    return this.open.map((a) => ({ ...a, steps: [...a.steps] }));
  }

  private remove(match: (a: OpenAlert) => boolean): void {
    for (let i = this.open.length - 1; i >= 0; i--) if (match(this.open[i]!)) this.open.splice(i, 1);
  }
}
