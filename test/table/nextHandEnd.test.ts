/**
 * When the last hand ended, for the chips on the bet zones at the next press (src/table/nextHand.ts):
 * chips listed since before then are that hand's, later ones the new hand's (its blinds). A hand that
 * ended complete ended, for its chips, at its last action: one held on after it (a card taken off the
 * board reported K scans late, the press waiting for it) must not take the next hand's blinds, put out
 * at once after the press, for its own (hold'em seed 88 at 600 ms rounds, hand 987: the small blind's
 * call then read as its blind, ACTION_REJECTED and a false PREMATURE_FLOP, every later hand lost).
 */
import { describe, expect, it } from "vitest";
import type { TableEvent } from "../../src/contract/output.js";
import type { HandEnding } from "../../src/hand/lifecycle.js";
import type { TableReader } from "../../src/reading/tableReader.js";
import { NextHand } from "../../src/table/nextHand.js";
import type { TableSettings } from "../../src/table/settings.js";
import type { TableState } from "../../src/table/state.js";

// ended() and noteActions() read nothing of the table: the press (not called here) does.
const next = () => new NextHand({} as TableState, {} as TableReader, {} as TableSettings);
const action = (t: number, seat: number, kind: string): TableEvent =>
  ({ t, kind: "action", seat, action: kind, amount: 0, to: 0, allin: false }) as TableEvent;
const ending = (t: number, result: string): HandEnding => ({
  t,
  result,
  finalStacks: null,
  redeal: null,
  work: { kind: "none" },
  chipsToCome: {},
  owed: [],
});

describe("the last hand's end, for the chips on the zones at the next press", () => {
  it("a complete hand ended at its last action (the blinds posted at its start are not actions)", () => {
    const n = next();
    n.noteActions([
      action(100, 1, "sb"),
      action(100, 2, "bb"),
      action(5000, 3, "call"),
      action(6400, 2, "fold"),
    ]);
    n.noteActions([action(9000, 4, "ante")]);
    n.ended(ending(16300, "complete"));
    expect(n.lastHandEnd).toBe(6400);
  });

  it("a hand that ended at its last action ends there; one ruled a misdeal or a void ends when it ended", () => {
    const complete = next();
    complete.noteActions([action(6400, 2, "call")]);
    complete.ended(ending(6400, "complete"));
    expect(complete.lastHandEnd).toBe(6400);
    for (const result of ["misdeal", "void"]) {
      const n = next();
      n.noteActions([action(6400, 2, "call")]);
      n.ended(ending(16300, result));
      expect(n.lastHandEnd).toBe(16300);
    }
  });

  it("a hand with no action (Three Card Poker's, or one never played) ends when it ended; each hand counts its own", () => {
    const n = next();
    n.ended(ending(16300, "complete"));
    expect(n.lastHandEnd).toBe(16300);
    n.noteActions([action(20000, 1, "check")]);
    n.ended(ending(25000, "complete"));
    expect(n.lastHandEnd).toBe(20000);
    n.ended(ending(30000, "complete"));
    expect(n.lastHandEnd).toBe(30000);
  });
});
