/**
 * A clock that moves only when told to, with timers that fire when it passes their deadline. The device
 * path (`sim --devices`) and the latency benchmark run the runtime on it, driven by the bridge
 * emulator's own virtual time (emulatorLink.ts): a settle window then lasts as long as the events say,
 * not as long as a busy machine takes to deliver them, so a run gives the same verdict at any machine
 * speed. The table itself never uses this: it runs on the process's monotonic clock.
 */

interface Timer {
  readonly due: number;
  readonly order: number;
  readonly fire: () => void;
  cancelled: boolean;
}

/** Whole milliseconds from 0; `advance` moves it forward and fires the timers it passes, in order. */
export class VirtualClock {
  private nowMs = 0;
  private timers: Timer[] = [];
  private armed = 0;

  /** The current time. */
  now(): number {
    return this.nowMs;
  }

  /** Runs `fire` once the clock reaches now + ms (a timer due now fires at the next advance). */
  setTimer(ms: number, fire: () => void): { cancel(): void } {
    const timer: Timer = { due: this.nowMs + Math.max(0, ms), order: this.armed++, fire, cancelled: false };
    this.timers.push(timer);
    return {
      cancel: () => {
        timer.cancelled = true;
      },
    };
  }

  /**
   * Moves to `to` (never back). Each timer due by then fires with the clock at its own deadline, earliest
   * first (armed first among equals); a timer armed by one that fires runs too if it is due by `to`.
   */
  advance(to: number): void {
    for (;;) {
      this.timers = this.timers.filter((t) => !t.cancelled);
      let next: Timer | undefined;
      for (const t of this.timers)
        if (
          t.due <= to &&
          (next === undefined || t.due < next.due || (t.due === next.due && t.order < next.order))
        )
          next = t;
      if (next === undefined) break;
      next.cancelled = true;
      this.nowMs = Math.max(this.nowMs, next.due);
      next.fire();
    }
    this.nowMs = Math.max(this.nowMs, to);
  }

  /** Timers still waiting. */
  get pending(): number {
    return this.timers.filter((t) => !t.cancelled).length;
  }
}
