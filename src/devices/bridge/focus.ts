/**
 * Expectation-driven scanning, the host's half (issue 20): from what the table shows publicly, the
 * antennas where the next card or chips should land, most likely first. The bridge scans them between
 * its round-robin turns (FOCUS, firmware-bridge/PROTOCOL.md), so an expected card is read within about
 * one inventory instead of a whole round. A pure function of the public view (display/view.ts, the
 * same data the seat lights show; typed here by the fields it reads, so this module imports no display
 * code): nothing secret goes into it and nothing it returns decides anything about the game.
 */
import { MAX_FOCUS } from "./protocol.js";

/** The fields of the public table view (display/view.ts TableView) that the focus reads. */
export interface FocusView {
  readonly hand: number | null;
  /** null while the hole cards are being dealt. */
  readonly street: string | null;
  readonly toAct: number | null;
  readonly button: number | null;
  readonly held: boolean;
  readonly seats: readonly { readonly seat: number; readonly light: string; readonly holeCards: number }[];
}

const IN_HAND = new Set(["in-hand", "to-act", "all-in"]);

/**
 * The antennas where a tag is expected next, most likely first (at most MAX_FOCUS names):
 * - dealing: the seat the next card goes to (left of the button, fewest cards), then the one after;
 * - a seat to act: its bet zone (a bet, call or raise), then the muck (a fold);
 * - a street over and another due: the burn, then the board;
 * - showdown, a held hand, no hand: nothing (plain round-robin).
 */
export function expectedAntennas(view: FocusView): string[] {
  if (view.hand === null || view.held || view.street === "showdown") return [];
  if (view.street === null) return nextToDeal(view).map((seat) => `seat${seat}`);
  if (view.toAct !== null) return [`bet${view.toAct}`, "muck"];
  if (view.street === "river") return [];
  return ["burn", "board"];
}

/** The two seats next in the deal: clockwise from the button's left, the first with the fewest cards. */
function nextToDeal(view: FocusView): number[] {
  const seats = view.seats
    .filter((s) => IN_HAND.has(s.light))
    .map((s) => ({ seat: s.seat, cards: s.holeCards }));
  if (seats.length === 0) return [];
  const button = view.button ?? 0;
  // Clockwise from the seat left of the button.
  seats.sort((a, b) => ((a.seat - button + 99) % 100) - ((b.seat - button + 99) % 100));
  const fewest = Math.min(...seats.map((s) => s.cards));
  const i = seats.findIndex((s) => s.cards === fewest);
  const next = seats[(i + 1) % seats.length]!;
  const order = [seats[i]!.seat];
  if (next.seat !== order[0]) order.push(next.seat);
  return order;
}

/** The focus as bridge channels: the expected antennas this bridge serves, in order, at most MAX_FOCUS. */
export function focusChannels(view: FocusView, channelOf: Readonly<Record<string, number>>): number[] {
  const out: number[] = [];
  for (const antenna of expectedAntennas(view)) {
    const ch = channelOf[antenna];
    if (ch !== undefined && !out.includes(ch)) out.push(ch);
  }
  return out.slice(0, MAX_FOCUS);
}

/**
 * Sends the focus to a bridge whenever it changes: call `update` with the public view after every input
 * and timer (display/focus.ts does, as a runtime observer); the bridge hears only changes, so an
 * unchanged focus costs no frame. BridgeTransport itself sends its last focus again after each HELLO.
 */
export class FocusFollower {
  private last = "";

  constructor(
    private readonly send: (channels: number[]) => void,
    private readonly channelOf: Readonly<Record<string, number>>,
  ) {}

  /** Recomputes the focus from the view; sends it if it differs from the last one sent. */
  update(view: FocusView): number[] {
    const channels = focusChannels(view, this.channelOf);
    const key = channels.join(",");
    if (key !== this.last) {
      this.last = key;
      this.send(channels);
    }
    return channels;
  }

  /** Forgets what was sent, so the next update sends (for a sender that does not repeat it itself). */
  reset(): void {
    this.last = "";
  }
}
