/**
 * The board and the burn: which street each board card belongs to, whether a burn was due, and the
 * corrective procedures the dealer follows for a four-card flop (r.35) and premature cards (RP-5),
 * and a burn where none is due (BURN_UNEXPECTED: put back on the stub, or told when dealt on).
 * (Over 300 lines: the procedures and the burn accounting they share are judged together; split, each
 * part would need the other's state.)
 */
import { applyAction, dealNextStreet, legalActions, STREETS, type Street } from "../rules/betting.js";
import type { Card } from "../rules/cards.js";
import { say } from "./alerts.js";
import { dealtOnAfterTabling } from "./tabledHands.js";
import { replayDeferredKeys } from "./chips.js";
import type { HandContext } from "./context.js";
import { clear, isOpen, raise, raiseEach } from "./emit.js";
import { afterOneRound, cancel, departureKnown, schedule, waiting } from "./timers.js";
import { PREMATURE, type PrematureCode, procedureOf, PROCEDURES } from "./procedure.js";

const BOARD_SIZE: Record<Street, number> = { preflop: 0, flop: 3, turn: 4, river: 5 };

/** The street whose cards come next, or null after the river. */
function nextStreet(h: HandContext): Street | null {
  return STREETS[STREETS.indexOf(h.betting.street) + 1] ?? null;
}

function roundComplete(h: HandContext): boolean {
  return h.betting.phase === "dealing" || h.betting.phase === "runout";
}

function unusedBurns(h: HandContext): number {
  return h.board.burns.length - h.board.burnsUsed;
}

/** Cards that arrived on the board in one report. */
export function boardCardsArrived(
  h: HandContext,
  arrivals: { tag: string; card: Card }[],
  unreadBets = false,
): void {
  const before = h.board.tags.length;
  const strangers = () => h.board.tags.filter((t) => !h.board.aside.includes(t)).length;
  const strangersBefore = strangers();
  for (const { tag, card } of arrivals) {
    // The extra burn card put back on the stub and dealt as the street (its departure from the burn
    // may be reported K scans later): BURN_UNEXPECTED's steps followed.
    if (tag === h.board.extraBurn?.tag) burnLeft(h, tag);
    if (h.board.tags.includes(tag)) continue;
    h.board.tags.push(tag);
    h.board.cards.push(card);
  }
  const n = h.board.tags.length;
  if (n === before) return;
  h.board.lastCardAt = h.t;
  dealtOnAfterTabling(h);
  if (procedureOf(h).kind === "fourCardFlop" && strangersBefore === 0 && strangers() > 0) {
    // r.35 not followed: the dealer dealt on before one of the four went to the burn. Told once, in
    // place of the procedure's first telling (the panel shows it first).
    clear(h, "FOUR_CARD_FLOP");
    raise(h, say.fourCardFlopNotDone(h.t));
    return;
  }
  if (n <= BOARD_SIZE[h.betting.street] || procedureOf(h).kind !== "none") return;
  if (waiting(h, "board")) return;
  // Reports of one scan round come in channel order: the burn may be reported after the board card
  // it came before, and the last bets of the round (read from the pot, or still settling) after the
  // card that followed them.
  // (A burn is awaited only for a street's first cards: later ones of the same street had theirs judged.)
  const burnAwaited = before === BOARD_SIZE[h.betting.street] && unusedBurns(h) === 0 && !burnNotDue(h);
  if (burnAwaited || (!roundComplete(h) && (lastToAct(h) || unreadBets))) {
    schedule(h, { kind: "board", due: afterOneRound(h), before, since: h.t });
    return;
  }
  judgeBoard(h, before);
}

/**
 * A player acted while board cards waited for the readers, the betting round being closed: he acts on
 * the new street, so the board is as it is now (a player acts at least a reaction time after a street
 * lands, by when its burn has been reported).
 */
export function boardSettledByAction(h: HandContext): void {
  const board = waiting(h, "board");
  // While the round is open the action may be its last one, reported after the cards: it goes first.
  if (board && roundComplete(h)) judgeBoard(h, board.before);
}

/** What the board cards beyond the current street are, now that the readers have had their round. */
export function judgeBoard(h: HandContext, before: number): void {
  cancel(h, "board");
  const n = h.board.tags.length;
  const current = h.betting.street;
  if (n <= BOARD_SIZE[current] || procedureOf(h).kind !== "none") return;
  // r.35 — once a four-card flop has been put right, the next card is the turn, whatever else holds.
  const flopAlreadyFixed = h.board.noBurn.includes("turn");
  if (current === "flop" && n === 4 && h.streetActions === 0 && unusedBurns(h) === 0 && !flopAlreadyFixed) {
    startFourCardFlop(h);
    return;
  }
  const next = nextStreet(h);
  if (next === null) return;
  if (!roundComplete(h)) {
    premature(h, current, Math.min(before, n));
    return;
  }
  if (before === BOARD_SIZE[current]) checkBurn(h, next);
  if (next === "flop" && n > 3) {
    startFourCardFlop(h);
    return;
  }
  if (n > BOARD_SIZE[next]) {
    // Two cards for the turn, or for the river: the street cannot be told from the extra card.
    h.board.procedure = next === "turn" ? PROCEDURES.tooManyTurn : PROCEDURES.tooManyRiver;
    h.board.tooManyAt = h.t;
    raise(h, say.boardTooMany(h.t, next, n - before, BOARD_SIZE[next] - BOARD_SIZE[current]));
    return;
  }
  if (n >= BOARD_SIZE[next]) beginStreet(h);
}

/** The procedure in force is done: streets are dealt by the book again (the chart's `none`). */
function endProcedure(h: HandContext): void {
  h.board.procedure = PROCEDURES.none;
  h.board.tooManyAt = null;
  h.board.aside = [];
}

/** RP-5: board cards before the betting round is complete. */
function premature(h: HandContext, current: Street, before: number): void {
  const plan: Record<Exclude<Street, "river">, { code: PrematureCode; noBurn: Street; clearOn: Street }> = {
    // A: the flop burn stays; the flop is dealt again without another burn.
    preflop: { code: "PREMATURE_FLOP", noBurn: "flop", clearOn: "flop" },
    // B: burn and deal the next card as the turn; the river then comes without a burn.
    flop: { code: "PREMATURE_TURN", noBurn: "river", clearOn: "river" },
    // C: the burn stays as the river burn; the river is dealt again without a new burn.
    turn: { code: "PREMATURE_RIVER", noBurn: "river", clearOn: "river" },
  };
  if (current === "river") return;
  const { code, noBurn, clearOn } = plan[current];
  // The premature cards used their street's burn, which stays where it is.
  if (unusedBurns(h) > 0) h.board.burnsUsed += 1;
  h.board.noBurn.push(noBurn);
  h.board.clearOnStreet.push({ street: clearOn, code });
  h.board.procedure = PREMATURE[code];
  h.board.aside = h.board.tags.slice(before);
  const alert =
    code === "PREMATURE_FLOP"
      ? say.prematureFlop(h.t)
      : code === "PREMATURE_TURN"
        ? say.prematureTurn(h.t)
        : say.prematureRiver(h.t);
  raise(h, alert);
}

function startFourCardFlop(h: HandContext): void {
  h.board.procedure = PROCEDURES.fourCardFlop;
  h.board.aside = [...h.board.tags];
  raise(h, say.fourCardFlop(h.t));
}

/**
 * Whether the round is one action from closing: the last call or check, pushed and swept in between
 * two scans, may be reported by the pot after the card; a fold, by the muck. A fold closes a round
 * that a call would not where the big blind is left alone against short all-ins: his option is void.
 * With more than one seat still to act, a card on the board is premature whatever the readers are
 * about to say.
 */
function lastToAct(h: HandContext): boolean {
  const legal = legalActions(h.betting);
  const seat = h.betting.toAct;
  if (legal === null || seat === null) return false;
  const closes = (type: "check" | "call" | "fold") => {
    const closing = applyAction(h.betting, { seat, type });
    return closing.ok && closing.state.phase !== "betting";
  };
  return closes(legal.canCheck ? "check" : "call") || (!legal.canCheck && closes("fold"));
}

/** The next street is dealt without a burn under the procedure in force. */
function burnNotDue(h: HandContext): boolean {
  const next = nextStreet(h);
  return next !== null && h.board.noBurn.includes(next);
}

/** The first card of a street: one new burn is due, unless the procedure in force says no burn. */
function checkBurn(h: HandContext, street: Street): void {
  if (h.board.noBurn.includes(street)) return;
  const early = h.board.extraBurn;
  if (unusedBurns(h) === 0 && early !== null && early.street === street) {
    // The late burn (BURN_UNEXPECTED) stayed on the burn and the street came after it with no other:
    // it was this street's burn card after all, only taken early. The cards are in the book's order.
    h.board.extraBurn = null;
    clear(h, "BURN_UNEXPECTED");
    return;
  }
  if (unusedBurns(h) === 0) {
    // Each street's missing burn is told, even while an earlier one is still unacknowledged.
    raiseEach(h, say.burnMissing(h.t, street));
    h.board.burnMissed.push(street);
    return;
  }
  h.board.burnsUsed += 1;
}

/**
 * The street's cards are all out: the betting state moves on and the street is announced. `cardsAt`:
 * when they were, if earlier than now (a street that counted only once a card too many was off).
 */
function beginStreet(h: HandContext, cardsAt = h.t): void {
  const moved = dealNextStreet(h.betting);
  if (!moved.ok) return;
  h.betting = moved.state;
  h.streetActions = 0;
  h.streetAt = cardsAt;
  const board = h.board.cards.slice(0, BOARD_SIZE[h.betting.street]);
  h.out.push({ t: h.t, kind: "street", street: h.betting.street, board });
  const extra = h.board.extraBurn;
  // A card leaving the burn is reported K scans and the departure window late: judged then.
  if (extra !== null && extra.street === h.betting.street)
    schedule(h, {
      kind: "extraBurnStands",
      due: departureKnown(h),
      since: h.t,
      tag: extra.tag,
      street: extra.street,
    });
  for (const c of h.board.clearOnStreet.filter((c) => c.street === h.betting.street)) clear(h, c.code);
  // The pot reports the round's sweep up to a scan round after the street's cards: a call's rest swept
  // in with it is seen then. Only what is still owed after that round went in short.
  if (Object.keys(h.shortCalls).length > 0)
    schedule(h, { kind: "shortCallsPulled", due: afterOneRound(h), since: h.t });
  h.board.clearOnStreet = h.board.clearOnStreet.filter((c) => c.street !== h.betting.street);
}

/** A board card left the board (returned to the stub, set aside, or moved elsewhere). */
export function boardCardLeft(h: HandContext, tag: string): void {
  const i = h.board.tags.indexOf(tag);
  // At the showdown the board is final: a card leaving it is the dealer collecting (the showdown may
  // still wait, e.g. for the rest of a short call, while he clears the table for the next hand). So is
  // the river's board of five with no procedure in force while the last action is still unread: the
  // dealer pushed the pot with the last call before its zone was read, and collects (sim --focus seed 20
  // at 600 ms rounds, settleWindowMs 900: the board reported gone before the shuffler press that read
  // the call, and the showdown was evaluated on no board).
  if (i < 0 || h.betting.phase === "showdown" || riverBoardFinal(h)) return;
  h.board.tags.splice(i, 1);
  h.board.cards.splice(i, 1);
  const proc = procedureOf(h);
  if (proc.kind === "premature") {
    const aside = (h.board.aside = h.board.aside.filter((t) => t !== tag));
    const dealtAgain = h.board.tags.filter((t) => !aside.includes(t));
    const next = nextStreet(h);
    // The street dealt again came in while the premature cards' removal was still unreported (K scans
    // late): if the board now holds the street, what is left of the premature cards went back to it.
    const whole = next !== null && dealtAgain.length > 0 && h.board.tags.length === BOARD_SIZE[next];
    if (aside.length === 0 || (whole && roundComplete(h))) {
      endProcedure(h);
      if (h.board.tags.length > BOARD_SIZE[h.betting.street] && roundComplete(h)) judgeDealtAgain(h);
    }
  } else if (proc.kind === "tooMany" && h.board.tags.length >= BOARD_SIZE[proc.street]) {
    // The extra card is off the board: what is left makes the street — and a card dealt on meanwhile
    // (the bridge reports the removal K scans late, with the next street's card) comes after it.
    const cardsAt = h.board.tooManyAt ?? h.t;
    endProcedure(h);
    clear(h, "BOARD_TOO_MANY");
    if (nextStreet(h) === proc.street && roundComplete(h)) {
      beginStreet(h, cardsAt);
      if (h.board.tags.length <= BOARD_SIZE[proc.street]) return;
      // The street's actions keyed before that card came are read first: they waited for the street,
      // and may close its round (three readers, 5 missed scans, seed 80 at 700 ms rounds, hand 2860: the
      // turn checked round, then the river, read as PREMATURE_RIVER).
      replayDeferredKeys(h, h.board.lastCardAt ?? h.t);
      judgeBoard(h, BOARD_SIZE[proc.street]);
    }
  }
}

/**
 * The street dealt again, once the premature cards are known gone: judged now, unless its burn may still
 * be reported: the card came less than a scan round ago with no burn yet, and the burn antenna's report
 * of that round may follow the board's (channel order). Then it is judged a round after the card, as a
 * street's first card is (boardCardsArrived). Judged at once, the burn was told missing and then
 * unexpected (three readers, `--focus` seed 74 at 600 ms rounds, hand 8158: the premature turn known
 * gone 20 ms after the new turn's report, its burn reported 240 ms after it).
 */
function judgeDealtAgain(h: HandContext): void {
  const before = BOARD_SIZE[h.betting.street];
  const at = h.board.lastCardAt;
  const burnAwaited = unusedBurns(h) === 0 && !burnNotDue(h);
  if (burnAwaited && at !== null && h.t < at + h.reading.scanRoundMs) {
    schedule(h, { kind: "board", due: at + h.reading.scanRoundMs, before, since: at });
    return;
  }
  judgeBoard(h, before);
}

/** Whether the board is the river's five, with no procedure in force: no card leaves it but at the end. */
/**
 * A run-out's river waits for its judgement (its burn may still be reported, a scan round late): the hand
 * ends on that judgement, so a shuffler press meanwhile waits for it (./holdemLifecycle.ts
 * mayEndOnAReport). Refused, the press was lost and the next hand read as the one after it (three
 * readers, 5 missed scans, `--focus` seed 75 at 700 ms rounds, hand 746: every later hand lost).
 */
export function runOutEndsOnJudgement(h: HandContext): boolean {
  return (
    h.betting.phase === "runout" &&
    h.board.tags.length >= BOARD_SIZE.river &&
    waiting(h, "board") !== undefined
  );
}

export function riverBoardFinal(h: HandContext): boolean {
  return (
    h.betting.street === "river" && h.board.tags.length === BOARD_SIZE.river && procedureOf(h).kind === "none"
  );
}

/** A card arrived on the burn antenna (`fromBoard`: moved there from the board). */
export function burnArrived(h: HandContext, tag: string, fromBoard: boolean): void {
  if (h.board.burns.includes(tag)) return;
  h.board.burns.push(tag);
  dealtOnAfterTabling(h);
  // r.35: one of the four goes on the burn, straight from the board or after the dealer scrambled
  // them off it (its departure then reported first).
  if (procedureOf(h).kind === "fourCardFlop" && h.board.aside.includes(tag)) {
    resolveFourCardFlop(h, tag);
    return;
  }
  if (fromBoard) boardCardLeft(h, tag);
  if (extraCardStillListed(h))
    // Its departure, if it left before this burn, is reported K scans and the departure window late.
    schedule(h, { kind: "extraDealtAgain", due: departureKnown(h), since: h.t });
  const next = nextStreet(h);
  if (next !== null && h.board.noBurn.includes(next))
    extraBurn(h, tag, next, `the ${next} is dealt without a burn under the procedure in force`);
  else if (next !== null && lateBurn(h))
    // Judged a scan round later (events.md, "Reading at any pace"): the round's last chips may reach the
    // pot in a later slot of the round than the burn, and then the card is the next street's burn.
    schedule(h, { kind: "lateBurn", due: afterOneRound(h), since: h.t, tag, street: h.betting.street, next });
  // The burn came in the same scan round as the board card it preceded: the board is judged now.
  const board = waiting(h, "board");
  if (board && roundComplete(h)) judgeBoard(h, board.before);
}

/** Two cards for the turn in an all-in run-out, both still listed on the board. */
function extraCardStillListed(h: HandContext): boolean {
  const proc = procedureOf(h);
  if (proc.kind !== "tooMany" || proc.street !== "turn" || h.betting.phase !== "runout") return false;
  return h.board.tags.length === BOARD_SIZE.turn + 1 && nextStreet(h) === "turn";
}

/**
 * Two cards came for the turn in an all-in run-out, a burn came, and no card has left the board by the
 * time a departure before the burn would have been reported. With no betting between streets, the
 * dealer took the extra card off, put it back on top of the stub, burned and dealt it as the river
 * within the bridge's K missed scans, so it never read as gone. The board as it lies is the turn and
 * the river: the procedure is done, and the burn is the river's. (Between betting rounds the turn is
 * bet first, longer than the lag, and the card is seen to leave.)
 */
export function judgeExtraDealtAgain(h: HandContext): void {
  if (!extraCardStillListed(h)) return;
  endProcedure(h);
  clear(h, "BOARD_TOO_MANY");
  beginStreet(h);
  judgeBoard(h, BOARD_SIZE.turn);
}

/** That judgement waits (the readers' lag and departure window after the burn). */
export const extraCardJudged = (h: HandContext): boolean => waiting(h, "extraDealtAgain") !== undefined;

/**
 * The dealer ended the hand (a deck check, the shuffler) while that judgement waited: the board as the
 * readers list it now is how the hand ended. Its collection, reported K scans late, would read as the
 * extra card taken off (sim seed 95 at 600 ms rounds: the river lost, the hand never ended).
 */
export function extraCardAtThePress(h: HandContext): void {
  if (!extraCardJudged(h)) return;
  cancel(h, "extraDealtAgain");
  judgeExtraDealtAgain(h);
}

/**
 * A late burn, a scan round on: if the street dealt with no burn is still being bet, BURN_MISSING's
 * steps said not to burn now, so the card is the next street's burn card taken while its round is
 * still bet. Counted as that street's burn, it would hide a next street dealt with no burn; it is the
 * extra card of the street that had none. If the round has ended meanwhile, it is that street's burn.
 */
export function judgeLateBurn(h: HandContext, tag: string, street: Street, next: Street): void {
  if (h.betting.street !== street || !lateBurn(h)) return;
  extraBurn(
    h,
    tag,
    next,
    `the ${street} was dealt without one, and a late burn takes the ${next}'s burn card before its betting`,
  );
}

/**
 * The burn just placed came during the betting of a street that was dealt with none (BURN_MISSING
 * told), and no other burn is waiting for the next street.
 */
function lateBurn(h: HandContext): boolean {
  return (
    h.betting.phase === "betting" && h.board.burnMissed.includes(h.betting.street) && unusedBurns(h) === 1
  );
}

/**
 * A burn card where none is due (BURN_UNEXPECTED, r.35 / RP-5): the dealer is told to put it back on
 * top of the stub, the card the street is dealt from. Until then it is spent, not the burn of a later
 * street (else one missing burn later would go unsaid).
 */
function extraBurn(h: HandContext, tag: string, street: Street, why: string): void {
  h.board.burnsUsed += 1;
  if (!raise(h, say.burnUnexpected(h.t, street, why))) return;
  h.board.extraBurn = { tag, street };
}

/**
 * A card left the burn antenna. The extra burn card put back on the stub (or dealt from it as the
 * street it came before) is BURN_UNEXPECTED's first step done: the alert closes and the burn no longer
 * counts. Any other card leaving the burn changes nothing (the burns are collected at the hand's end).
 */
export function burnLeft(h: HandContext, tag: string): void {
  const extra = h.board.extraBurn;
  if (extra === null || extra.tag !== tag) return;
  h.board.extraBurn = null;
  h.board.burns = h.board.burns.filter((t) => t !== tag);
  h.board.burnsUsed -= 1;
  cancel(h, "extraBurnStands");
  clear(h, "BURN_UNEXPECTED");
}

/**
 * The street the extra burn card came before was dealt and, the readers' lag later, the card is still
 * on the burn: the dealer dealt on without putting it back. The street stands (a burn does not fix the
 * order of the cards); the alert says what the table saw, in place of the steps that can no longer be
 * followed.
 */
export function judgeExtraBurnStands(h: HandContext, tag: string, street: Street): void {
  if (h.board.extraBurn?.tag !== tag || !h.board.burns.includes(tag)) return;
  h.board.extraBurn = null;
  if (!isOpen(h, "BURN_UNEXPECTED")) return;
  clear(h, "BURN_UNEXPECTED");
  raise(h, say.burnUnexpectedStood(h.t, street));
}

/** r.35: one of the four is the next burn, the other three are the flop, and the turn comes without a burn. */
function resolveFourCardFlop(h: HandContext, tag: string): void {
  const i = h.board.tags.indexOf(tag);
  if (i >= 0) {
    h.board.tags.splice(i, 1);
    h.board.cards.splice(i, 1);
  }
  endProcedure(h);
  // The moved card is the turn's burn: it is used up, and no new burn may come before the turn.
  h.board.burnsUsed = h.board.burns.length;
  h.board.noBurn.push("turn");
  if (h.betting.street === "preflop") {
    // The dealer scrambled the four off the board: the flop begins when its three are back, with the
    // flop's burn already used.
    if (h.board.tags.length < BOARD_SIZE.flop) h.board.noBurn.push("flop");
    else beginStreet(h);
  } else h.out.push({ t: h.t, kind: "street", street: "flop", board: [...h.board.cards] });
  clear(h, "FOUR_CARD_FLOP");
  // Keys pressed meanwhile were not applied: the dealer may press them again now.
  clear(h, "KEY_NOT_APPLIED");
}

/** A betting round just closed: cards already waiting on the board may now make the next street. */
export function afterRoundClosed(h: HandContext): void {
  const board = waiting(h, "board");
  if (board) {
    // The round's last action was read in the same scan round as the board cards: not premature.
    if (unusedBurns(h) > 0 || burnNotDue(h)) judgeBoard(h, board.before);
    return;
  }
  const next = nextStreet(h);
  const proc = procedureOf(h);
  if (next !== null && proc.kind === "premature" && h.board.tags.length === BOARD_SIZE[next]) {
    // The round closed with the premature cards still listed on the board. A card the dealer took off
    // is known gone K scans and the departure window late: if it is still listed then, it was put back and dealt again
    // (a reshuffled stub may give the same card) before the bridge saw it leave.
    schedule(h, { kind: "prematureStands", due: departureKnown(h), since: h.t, tags: [...h.board.aside] });
    return;
  }
  if (next === null || proc.kind !== "none") return;
  if (h.board.tags.length >= BOARD_SIZE[next] && BOARD_SIZE[next] > BOARD_SIZE[h.betting.street])
    beginStreet(h);
}

/**
 * The readers' lag after the round closed has passed and the premature cards are all still on the
 * board, with the street's count: the street begins with them, as the dealer went on. Either he left
 * them there (the procedure not followed) or his reshuffled stub gave them again before the bridge saw
 * them leave; the table cannot tell which, so the floor is told and rules.
 */
export function judgePrematureStands(h: HandContext, tags: readonly string[]): void {
  const next = nextStreet(h);
  const proc = procedureOf(h);
  if (proc.kind !== "premature" || next === null || !roundComplete(h)) return;
  if (!tags.every((t) => h.board.tags.includes(t)) || h.board.tags.length !== BOARD_SIZE[next]) return;
  endProcedure(h);
  // The procedure was not seen to be followed: its alert is not cleared with the street (as a street
  // dealt again by the book clears it) but told again as what the table saw, for the floor. It takes
  // the place of the procedure's steps, which can no longer be followed as they were, so that the
  // dealer panel shows it first.
  h.board.clearOnStreet = h.board.clearOnStreet.filter((c) => c.code !== proc.code);
  // A premature turn card that stands as the turn leaves the stub in its order: the river has its burn.
  if (proc.code === "PREMATURE_TURN") h.board.noBurn = h.board.noBurn.filter((s) => s !== "river");
  beginStreet(h);
  clear(h, proc.code);
  raise(h, say.prematureStood(h.t, proc.code, tags.length));
}
