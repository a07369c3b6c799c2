/** Real time for a paced simulator run, stepped by a test (shared by the tests of the dealer following the floor). */
import type { Pacer } from "../../src/sim/run.js";

/** Real time for a paced run, stepped by the test: sleepers and the table's timers wake in order. */
export class SteppedTime implements Pacer {
  private t = 0;
  private waiting: { at: number; wake: () => void }[] = [];
  now = () => this.t;
  sleep = (ms: number, signal?: AbortSignal, interrupt?: Promise<void>): Promise<void> =>
    new Promise((resolve) => {
      if (ms <= 0 || signal?.aborted) return resolve();
      const w = { at: this.t + ms, wake: resolve };
      this.waiting.push(w);
      signal?.addEventListener("abort", () => resolve(), { once: true });
      void interrupt?.then(() => {
        this.waiting = this.waiting.filter((x) => x !== w);
        resolve();
      });
    });
  setTimer = (ms: number, run: () => void) => {
    const w = { at: this.t + Math.max(0, ms), wake: run };
    this.waiting.push(w);
    return { cancel: () => void (this.waiting = this.waiting.filter((x) => x !== w)) };
  };
  /** Moves time to `to`, waking what is due in order, letting the run go on after each. */
  async advance(to: number): Promise<void> {
    for (;;) {
      const due = this.waiting.filter((w) => w.at <= to).sort((a, b) => a.at - b.at)[0];
      if (due === undefined) break;
      this.t = Math.max(this.t, due.at);
      this.waiting = this.waiting.filter((w) => w !== due);
      due.wake();
      await new Promise<void>((r) => setImmediate(r));
    }
    this.t = to;
    await new Promise<void>((r) => setImmediate(r));
  }
}
