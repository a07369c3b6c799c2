/**
 * Reading the all-in button's HID input reports: which reports are presses, and which
 * presses are the same physical push (contact bounce, keyboard-style auto-repeat).
 */

/** Which bits of which report byte mean "pressed". */
export interface ReportMatch {
  /** Index of the byte to look at (default 0). */
  byte?: number;
  /** Bits of that byte that mean pressed (default 0xff: any non-zero value). */
  mask?: number;
}

/** True when the report says the button is down. A report too short to hold the byte is not a press. */
export function isPressReport(report: Uint8Array, match: ReportMatch = {}): boolean {
  const value = report[match.byte ?? 0];
  return value !== undefined && (value & (match.mask ?? 0xff)) !== 0;
}

/**
 * Turns a stream of pressed/released reports into distinct pushes.
 * A pressed report counts when the button was seen released before it, or when no pressed
 * report came for a whole window (devices that never send a release); and never within a
 * window of the last counted push (bounce). Auto-repeat keeps the button "held".
 */
export class PressFilter {
  private lastCounted: number | null = null;
  private lastPressedReport: number | null = null;
  private released = true;

  constructor(private readonly windowMs: number) {}

  /** Feeds one report at time `t`; true when it is a new push. */
  feed(pressed: boolean, t: number): boolean {
    if (!pressed) {
      this.released = true;
      return false;
    }
    const fresh =
      this.released || this.lastPressedReport === null || t - this.lastPressedReport >= this.windowMs;
    const settled = this.lastCounted === null || t - this.lastCounted >= this.windowMs;
    this.lastPressedReport = t;
    this.released = false;
    if (!fresh || !settled) return false;
    this.lastCounted = t;
    return true;
  }

  /** Forgets the button state (the device was unplugged). */
  reset(): void {
    this.released = true;
    this.lastPressedReport = null;
  }
}
