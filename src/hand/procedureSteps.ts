/**
 * How far the dealer is through the steps of a board procedure's alert (RP-5's premature cards, r.35's
 * four-card flop), as the table sees them done: the cards off the board, the betting round finished,
 * the street dealt. The dealer panel shows only a few steps of a long procedure at arm's length, so it
 * shows the step the table waits for now (`alert_step`, ./emit.ts stepsDone); the alert keeps them all.
 * Steps the table cannot see (calling the floor, scrambling) count as done with the first one after
 * them that it sees.
 */
import { STREETS, type Street } from "../rules/betting.js";
import type { HandContext } from "./context.js";
import { isOpen, stepsDone } from "./emit.js";
import { type PrematureCode, procedureOf } from "./procedure.js";

/** Tells the dealer how far he is through each open procedure's steps (after every input). */
export function tellProcedureSteps(h: HandContext): void {
  for (const c of h.board.clearOnStreet)
    if (isOpen(h, c.code) && isPremature(c.code)) stepsDone(h, c.code, prematureSteps(h, c.code));
  if (isOpen(h, "FOUR_CARD_FLOP") && procedureOf(h).kind === "fourCardFlop")
    stepsDone(h, "FOUR_CARD_FLOP", fourCardFlopSteps(h));
}

function isPremature(code: string): code is PrematureCode {
  return code === "PREMATURE_FLOP" || code === "PREMATURE_TURN" || code === "PREMATURE_RIVER";
}

/** Whether the betting round of `street` is over (its street is past, or it is between rounds). */
function closed(h: HandContext, street: Street): boolean {
  const now = STREETS.indexOf(h.betting.street);
  const phase = h.betting.phase;
  return now > STREETS.indexOf(street) || (now === STREETS.indexOf(street) && phase !== "betting");
}

/**
 * The steps of src/hand/alerts.ts `prematureFlop`/`Turn`/`River`, in their order: the premature cards
 * off the board (A: back to the stub, the burn left; B: the turn card set aside), the round finished,
 * (B) the turn burned and dealt; the last step, the street dealt again, closes the alert. A step counts
 * only once those before it are done.
 */
function prematureSteps(h: HandContext, code: PrematureCode): number {
  const proc = procedureOf(h);
  const off = !(proc.kind === "premature" && proc.code === code) || h.board.aside.length === 0;
  if (!off) return 0;
  switch (code) {
    case "PREMATURE_FLOP":
      return closed(h, "preflop") ? 3 : 2;
    case "PREMATURE_RIVER":
      return closed(h, "turn") ? 3 : 2;
    case "PREMATURE_TURN":
      if (!closed(h, "flop")) return 1;
      // Step 4 (after the turn betting, the set-aside card back to the stub) is off the antennas: the
      // table sees it done only when the river comes, which closes the alert.
      return STREETS.indexOf(h.betting.street) < STREETS.indexOf("turn") ? 2 : 3;
  }
}

/**
 * The steps of `fourCardFlop` (and of `fourCardFlopNotDone`): once the four are off the board, or one of
 * them, with no other card on it (the floor called, the cards scrambled; or the card dealt on taken
 * off), the dealer is at the pick; one of them on the burn resolves the procedure and closes the alert.
 */
function fourCardFlopSteps(h: HandContext): number {
  const four = h.board.aside;
  const off = four.some((t) => !h.board.tags.includes(t));
  const others = h.board.tags.some((t) => !four.includes(t));
  return off && !others ? 2 : 0;
}
