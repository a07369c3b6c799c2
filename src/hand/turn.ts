/**
 * The action in turn: a push read by the chip-reading rules with the dealer's corrections (TDA 41–46,
 * 51, 52), the dealer's keys, a hole card on the muck (a fold), and what waits out of turn (TDA 53).
 * The bet zones' reading (src/hand/chips.ts) decides whose push it is; this module acts on it.
 */
import { findSeat, legalActions, limitBetSize, liveSeats } from "../rules/betting.js";
import { readPushedChips } from "../rules/chipReading.js";
import { act, actAllIn } from "./act.js";
import { say } from "./alerts.js";
import { type HandContext, zoneAccount } from "./context.js";
import { completeIfWhole, dealEndedBy } from "./deal.js";
import { clear, raise, raiseEach } from "./emit.js";
import { procedureOf } from "./procedure.js";
import { isHeld } from "./hold.js";
import { departureKnown, schedule, sweepReported, withinOneRound } from "./timers.js";
import { muckedInRunout } from "./tabledHands.js";
import { outOfTurnVoided } from "./voidedChips.js";

/** Whether the hand takes actions now: not held for the floor, not over. */
export function canBet(h: HandContext): boolean {
  return !isHeld(h) && h.result === null;
}

/**
 * A card that voids the hand (a duplicate, a foreign card) was read within the last scan round: the
 * muck and the pot are scanned after the board, so a fold or chips they report now may have come
 * before that card, the round's action (events.md, "Reading at any pace"). The floor then rules on the
 * hand as it stood.
 */
export function beforeVoidCard(h: HandContext): boolean {
  return (
    h.result === null && h.held?.kind === "void" && h.voidCardAt !== null && withinOneRound(h, h.voidCardAt)
  );
}

/**
 * Chips a bet zone reported before the card that voids the hand (and still settling when it came): put
 * out before it, they are the round's action as it stood, which the floor rules on (as beforeVoidCard).
 */
export function changedBeforeVoidCard(h: HandContext, changedAt: number | undefined): boolean {
  return (
    changedAt !== undefined &&
    h.result === null &&
    h.held?.kind === "void" &&
    h.voidCardAt !== null &&
    changedAt <= h.voidCardAt
  );
}

/**
 * How the chip-reading rules read a push by the seat to act (TDA 41–46, 51, 52), before it is applied;
 * null when no action is legal now. Throws the rules' refusal.
 */
function readPush(
  h: HandContext,
  seat: number,
  denominations: number[],
  declaredRaise: boolean,
): ReturnType<typeof readPushedChips> | null {
  const s = findSeat(h.betting, seat)!;
  const legal = legalActions(h.betting);
  if (!legal) return null;
  const structure = h.betting.rules.structure;
  return readPushedChips(
    { chips: denominations, ...(declaredRaise ? { declared: "raise" as const } : {}) },
    {
      structure,
      currentBet: h.betting.currentBet,
      seatStreetTotal: s.bet,
      // The engine has not taken this push from the stack yet: what is behind excludes it (TDA 45-B).
      stackBehind: Math.max(0, s.stack - denominations.reduce((sum, d) => sum + d, 0)),
      lastFullRaise: h.betting.lastFullRaise,
      bigBlind: h.betting.rules.minBet,
      // A seat that may not raise (all-in ahead, betting not re-opened) still calls: the most it can make is the call.
      ...(structure === "pot-limit" ? { potLimitMaxTo: legal.maxTo ?? h.betting.currentBet } : {}),
      // Limit: the raise goes to exactly what the engine allows — after a short all-in, one bet over the last full level (TDA 47-B).
      ...(structure === "limit"
        ? {
            limitBet:
              legal.minTo !== null && legal.canRaise
                ? legal.minTo - h.betting.currentBet
                : limitBetSize(h.betting),
          }
        : {}),
      facing: { headsUp: liveSeats(h.betting).length === 2, openingBet: h.betting.raiseCount <= 1 },
      raiseOpen: legal.canRaise,
    },
  );
}

/**
 * Whether a push by the seat to act reads as a raise short of the minimum (r.52): like a push short of
 * the call, it may be the first part of one whose rest the pot reports unseen (src/hand/chips.ts).
 */
export function readsAsUnderraise(
  h: HandContext,
  seat: number,
  denominations: number[],
  declaredRaise: boolean,
): boolean {
  try {
    return readPush(h, seat, denominations, declaredRaise)?.correction?.code === "UNDERRAISE";
  } catch {
    return false;
  }
}

/** Reads a push by the seat to act and applies it, with the dealer's corrections. */
export function readAndAct(
  h: HandContext,
  seat: number,
  denominations: number[],
  declaredRaise: boolean,
): void {
  const s = findSeat(h.betting, seat)!;
  const pushed = denominations.reduce((sum, d) => sum + d, 0);
  // More than the seat has cannot be true: the floor is told; the seat is read all-in for its stack.
  if (pushed > s.stack) raise(h, say.stackMismatch(h.t, seat, pushed, s.stack));
  let reading;
  try {
    reading = readPush(h, seat, denominations, declaredRaise);
  } catch (e) {
    h.out.push(say.actionRejected(h.t, seat, (e as Error).message));
    return;
  }
  if (reading === null) return;
  const correction = reading.correction;
  if (correction?.code === "UNDERCALL" || correction?.code === "UNDERRAISE") {
    const { code, bringTo } = correction;
    raise(
      h,
      code === "UNDERCALL"
        ? say.undercall(h.t, seat, correction.text, bringTo, correction.floorDecides)
        : say.underraise(h.t, seat, correction.text, bringTo),
    );
    // r.51: an undercall is a call; r.52: an underraise is corrected to the minimum on its street. The
    // table counts the full amount, and the seat owes the rest until it puts it out (chips.ts
    // payShortCall), told again if the next street begins with it unpaid (./shortCalls.ts).
    h.shortCalls[seat] = {
      street: h.betting.street,
      owed: Math.max(0, bringTo - s.bet - pushed),
      pulled: false,
      ...(code === "UNDERRAISE" ? { code } : {}),
    };
  }
  const street = h.betting.street;
  if (reading.allin) actAllIn(h, seat);
  else if (reading.action === "check") act(h, seat, "check");
  else if (reading.action === "call") act(h, seat, "call");
  else act(h, seat, reading.action, reading.ruledTo);
  // What the action was told to put in beyond the chips read is still to come, maybe straight into
  // the pot. As told, not the stack's change: a call that closes a round which gives chips back (a big
  // blind all-in under the small blind) nets the return into the stack, and an undercall's rest swept
  // in unseen then read as nobody's (sim seed 207 at 600 ms rounds, missedScans 5, hand 6088).
  const told = h.committed[seat];
  h.countedUnseen += told?.street === street ? Math.max(0, told.to - s.bet - pushed) : 0;
  afterAction(h);
}

/** TDA 53: chips or a fold out of turn. The action backs up to the seat to act. */
export function outOfTurn(h: HandContext, seat: number, pending: HandContext["pendingOutOfTurn"]): void {
  raise(h, say.outOfTurn(h.t, seat, h.betting.toAct));
  if (pending) h.pendingOutOfTurn = pending;
}

/** The dealer's keys that act for the seat to act. */
export function actionKey(h: HandContext, key: "check" | "fold" | "raise" | "allin"): void {
  if (!canBet(h)) return;
  if (procedureOf(h).kind === "fourCardFlop") {
    // r.35: the flop is not settled; the dealer is told the key did nothing (each press), and the alert
    // closes when the flop is put right, when he can press it again.
    raiseEach(h, say.keyNotApplied(h.t, key));
    return;
  }
  if (key === "raise") {
    h.raiseDeclared = true;
    return;
  }
  const seat = h.betting.phase === "betting" ? h.betting.toAct : null;
  if (seat === null) {
    // Between rounds a player acts on a street the table has not begun yet: its cards (or a card taken
    // off the board) are reported up to K scans late, and a card reported gone is gone only after the
    // departure window. The key waits that long for the street (departureKnown): the lag alone forgot a
    // key when the river waited on a premature card taken off (keyBeforeChipsBetweenRounds.test.ts).
    if (h.betting.phase === "dealing" && h.dealComplete)
      h.deferredKeys.push({ key, at: h.t, until: departureKnown(h) });
    return;
  }
  dealEndedBy(h);
  if (!canBet(h)) return;
  if (key === "check") act(h, seat, "check");
  else if (key === "fold") act(h, seat, "fold");
  else {
    const bet = findSeat(h.betting, seat)?.bet ?? 0;
    const street = h.betting.street;
    h.lastAllInKey = { seat, street, t: h.t };
    actAllIn(h, seat);
    // What the key put in (as told), not the stack's change: the round it closes may give some back.
    const told = h.committed[seat];
    h.countedUnseen += told?.street === street ? Math.max(0, told.to - bet) : 0;
  }
  afterAction(h);
}

/**
 * A seat's hole card arrived on the muck: a fold (in turn, or out of turn and binding, TDA 53/58). Not
 * for a hand the floor ruled dead: its cards go to the muck as the ruling's step says, and it folds when
 * the action reaches it (not an action out of turn). `unreadBets`: a bet zone's chips were still unread
 * (left it before they were read, their report to come from the pot within K scan rounds): the action
 * may have reached the seat with them, so ACTION_OUT_OF_TURN waits for that report (sim --focus,
 * missedScans 2, seed 23 at 600 ms rounds: a call swept in unread, the next seat's fold told out of turn
 * 180 ms before the pot's report read the call).
 */
export function cardMucked(h: HandContext, seat: number, unreadBets = false): void {
  const s = findSeat(h.betting, seat);
  const inPlay = () => canBet(h) || beforeVoidCard(h);
  if (!s || s.folded || h.pendingFolds.includes(seat) || h.dead.includes(seat) || !inPlay()) return;
  if (muckedInRunout(h, seat)) return;
  const phase = h.betting.phase;
  if (phase === "betting" && h.betting.toAct === seat) {
    dealEndedBy(h);
    if (!inPlay()) return;
    act(h, seat, "fold");
    afterAction(h);
  } else if (phase === "betting" || phase === "dealing") {
    h.pendingFolds.push(seat);
    // Between rounds the next street may wait for a card taken off the board, reported K scans late: the
    // fold waits as long, as chips do (./chips.ts; three readers, 5 missed scans, seed 80 at 700 ms
    // rounds, hand 4552: the turn's first player folded before its extra card was known gone).
    const betweenRounds = phase === "dealing" && h.dealComplete;
    const due = Math.max(unreadBets ? sweepReported(h) : 0, betweenRounds ? departureKnown(h) : 0);
    if (due > 0) schedule(h, { kind: "foldOutOfTurn", due, since: h.t, seat });
    else outOfTurn(h, seat, null);
  }
}

/**
 * A fold that waited (for unread chips, or for the street): still waiting for the action to reach it, it
 * was out of turn; the action has reached it (a street begun since), it stands in turn.
 */
export function foldStillOutOfTurn(h: HandContext, seat: number): void {
  if (!h.pendingFolds.includes(seat) || !canBet(h)) return;
  if (h.betting.phase === "betting" && h.betting.toAct === seat) afterAction(h);
  else outOfTurn(h, seat, null);
}

/**
 * After every action: a seat whose out-of-turn action is waiting now has the action. A fold stands;
 * chips stand if the bet to him has not changed, and are his to take back otherwise (TDA 53).
 */
export function afterAction(h: HandContext): void {
  // A fold may leave every seat still in with its cards: the deal is whole.
  if (!h.dealComplete) completeIfWhole(h);
  for (let guard = 0; guard < 20 && h.betting.phase === "betting" && canBet(h); guard++) {
    const seat = h.betting.toAct;
    if (seat === null) return;
    if (h.pendingFolds.includes(seat) || h.dead.includes(seat)) {
      h.pendingFolds = h.pendingFolds.filter((s) => s !== seat);
      clear(h, "ACTION_OUT_OF_TURN", seat);
      act(h, seat, "fold");
      continue;
    }
    const pending = h.pendingOutOfTurn;
    if (pending?.seat !== seat) return;
    h.pendingOutOfTurn = null;
    const missing = pending.missing ?? 0;
    // The action stands with chips of it taken back: the alert stays until they are out again (r.53).
    if (missing === 0 || pending.currentBet !== h.betting.currentBet) clear(h, "ACTION_OUT_OF_TURN", seat);
    else
      h.shortCalls[seat] = {
        street: h.betting.street,
        owed: missing,
        pulled: false,
        code: "ACTION_OUT_OF_TURN",
      };
    if (pending.currentBet !== h.betting.currentBet) {
      // Void: the chips are the player's to take back — or to leave out as part of his next push.
      const account = zoneAccount(h, seat);
      for (const tag of pending.tags) account.chips.delete(tag);
      outOfTurnVoided(h, seat, pending.tags);
      return;
    }
    readAndAct(h, seat, pending.denominations, pending.declaredRaise);
    return;
  }
}
