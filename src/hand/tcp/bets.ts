/**
 * The wagers of a hand, read from the chip zones: free until the first card is drawn, then locked
 * (digest: bets "cannot be changed once any card is drawn"). After that the only chips that may
 * move are a Play bet equal to the Ante (an open box's decision, or a blind box's owed Play), a
 * folded box's Ante taken by the house, and the fix of an alert the table raised at the lock.
 */
import {
  type BetViolation,
  checkBetChange,
  checkBlindPlay,
  NO_BETS,
  type ThreeCardBets,
  validateBets,
  type WagerKind,
} from "../../rules/threeCard/bets.js";
import { stepsDone } from "../emit.js";
import { clear, isOpen, raise, tcpSay } from "./alerts.js";
import { betsOnZones, type TcpBox, type TcpContext, wagerZone } from "./context.js";

const sameBets = (a: ThreeCardBets, b: ThreeCardBets) =>
  a.ante === b.ante && a.play === b.play && a.pairPlus === b.pairPlus && a.prime === b.prime;

/** Boxes with chips on any zone now. */
function boxesWithBets(h: TcpContext): number[] {
  const boxes = new Set<number>();
  for (const [antenna, total] of Object.entries(h.zones)) {
    const zone = wagerZone(antenna);
    if (zone && total > 0) boxes.add(zone.box);
  }
  return [...boxes].sort((a, b) => a - b);
}

/** Open or blind: a player's lowest box in the hand is open, his others blind. */
function blindBoxes(h: TcpContext, boxes: readonly number[]): Set<number> {
  const firstOf = new Map<string, number>();
  const blind = new Set<number>();
  for (const box of boxes) {
    // A box with nobody seated is its own player: it cannot share a player with another box.
    const player = h.players[box] ?? `#box${box}`;
    if (firstOf.has(player)) blind.add(box);
    else firstOf.set(player, box);
  }
  return blind;
}

/** The first card was drawn: the boxes that bet are in the hand, their bets locked and checked. */
export function lockBets(h: TcpContext): void {
  const numbers = boxesWithBets(h);
  const blind = blindBoxes(h, numbers);
  for (const box of numbers) {
    const bets = betsOnZones(h, box);
    h.boxes[box] = { box, blind: blind.has(box), bets, owesPlay: false, folded: false, tags: [], faces: [] };
  }
  for (const box of numbers) checkBox(h, h.boxes[box]!);
}

/** What breaks the limits and bet rules on a box (a blind box's missing or short Play has its own code). */
function violations(box: TcpBox, bets: ThreeCardBets, h: TcpContext): BetViolation[] {
  return validateBets(bets, h.limits).filter((v) => !(box.blind && v.code === "PLAY_NOT_EQUAL_ANTE"));
}

/** The limits and bet rules, and a blind box's Play (raised once per box). */
function checkBox(h: TcpContext, box: TcpBox): void {
  const problems = violations(box, box.bets, h).map((v) => v.message);
  if (problems.length > 0) raise(h, tcpSay.betInvalid(h.t, box.box, problems));
  const blindIssue = checkBlindPlay([{ box: box.box, blind: box.blind, bets: box.bets }]).find(
    (v) => v.code === "BLIND_PLAY_MISSING",
  );
  if (blindIssue) {
    box.owesPlay = true;
    // Whatever is on Play is not a Play bet until it equals the Ante.
    box.bets = { ...box.bets, play: 0 };
    raise(h, tcpSay.blindPlayMissing(h.t, box.box, box.bets.ante));
  }
}

/**
 * A chip zone settled: before the first card it is a bet; after it, judged against the locked bets.
 * `changedAt`: when the zone's report changed (absent: now).
 */
export function zoneSettled(h: TcpContext, antenna: string, total: number, changedAt?: number): void {
  const zone = wagerZone(antenna);
  if (!zone) return;
  h.zones[antenna] = total;
  // Until the lock, chips still count as placed before the first card (reported within its round).
  if (!h.locked) return;
  const box = h.boxes[zone.box];
  const now = betsOnZones(h, zone.box);
  if (!box) {
    // Chips on a box that was not in the hand when the cards were drawn: a late bet.
    betsAfterDeal(h, zone.box, sameBets(now, NO_BETS));
    return;
  }
  if (takenOffBeforeTheDraw(h, box, now, changedAt ?? h.t)) return;
  judgeChange(h, box, now);
}

/**
 * When every chip that left before the first card is known gone (the readers' lag and the departure
 * window after it; reports at that moment come after it), or null before the first card.
 */
export function drawnChipsKnown(h: TcpContext): number | null {
  return h.drawnAt === null ? null : h.drawnAt + h.reading.lagMs + (h.reading.departMs ?? 0);
}

/**
 * Chips reported gone from a box so soon after the first card that they may have left before it
 * (events.md, "Reading at any pace"): a departure is reported up to the readers' lag and the departure
 * window after the chips left (K missed scans), so a dealer who took a box's chips off just before the
 * press (after a void he gives every bet back), or a player who took back part of his bet just
 * before the first card, is read doing it after the first card. What is left is the box's bets at the
 * draw, judged as the lock would have (a box left with none was never in the hand); reported later, the
 * change is the floor's (TCP_BET_AFTER_DEAL). Only chips taken off: chips put down are reported within
 * the lock's round.
 *
 * A box with some bet left is dealt to as usual, so its cards do not tell when its chips left: before,
 * a box that held a card by the report was judged changed after the deal, and part of a bet taken back
 * just before the first card got a false TCP_BET_AFTER_DEAL. A box left with no bet that holds a card is
 * still the floor's: the dealer dealt to it, so to his eye it had a bet then.
 */
function takenOffBeforeTheDraw(h: TcpContext, box: TcpBox, now: ThreeCardBets, reportedAt: number): boolean {
  const known = drawnChipsKnown(h);
  if (known === null || reportedAt >= known || box.folded) return false;
  if (isOpen(h, "TCP_BET_AFTER_DEAL", box.box) || sameBets(now, box.bets)) return false;
  if ((["ante", "play", "pairPlus", "prime"] as const).some((l) => now[l] > box.bets[l])) return false;
  const none = sameBets(now, NO_BETS);
  if (none && box.tags.length > 0) return false;
  // Part of a bet gone while TCP_BET_INVALID is open: the dealer putting the box right (its follow-up).
  if (!none && isOpen(h, "TCP_BET_INVALID", box.box)) return false;
  clear(h, "TCP_BET_INVALID", box.box);
  clear(h, "TCP_BLIND_PLAY_MISSING", box.box);
  if (none) {
    delete h.boxes[box.box];
    return true;
  }
  box.bets = { ...now };
  box.owesPlay = false;
  checkBox(h, box);
  return true;
}

/**
 * The floor let a box's changed bets stand as they were (`continue` on TCP_BET_AFTER_DEAL): a Play put
 * down while the alert was open is still the box's decision. Before, it was read only with the other
 * change, so the box was still to decide and the dealer's cards waited for the zones to change again.
 */
export function playStandsAsRuled(h: TcpContext, boxNo: number): void {
  const box = h.boxes[boxNo];
  if (!box || box.folded || box.bets.play > 0) return;
  const play = betsOnZones(h, boxNo).play;
  if (play > 0) judgeChange(h, box, { ...box.bets, play });
}

function judgeChange(h: TcpContext, box: TcpBox, now: ThreeCardBets): void {
  if (isOpen(h, "TCP_BET_INVALID", box.box) && validateBets(now, h.limits).length === 0) {
    // The dealer put the bets right: they are the box's bets from now on.
    box.bets = { ...now };
    clear(h, "TCP_BET_INVALID", box.box);
  } else if (correctingInvalid(h, box, now)) return;
  const verdict = checkBetChange(box.bets, now, {
    // A blind box that owes its Play may still put it down, like an open box deciding.
    blind: box.blind && !box.owesPlay,
    cardsDrawn: h.cardsDealt,
  });
  if (verdict.allowed && verdict.kind === "playDecision" && !box.folded) {
    box.bets = { ...box.bets, play: now.play };
    if (box.owesPlay) {
      box.owesPlay = false;
      clear(h, "TCP_BLIND_PLAY_MISSING", box.box);
    }
  }
  if (box.owesPlay) blindPlayWrong(h, box, now.play);
  betsAfterDeal(h, box.box, acceptable(h, box, now));
}

/**
 * TCP_BET_AFTER_DEAL is the floor's (the catalogue's severity): the dealer puts the bets back and calls
 * the floor, and the alert waits for the ruling (continue: the bets as they were; dead: the box out).
 * The bets put back are its first step done, not its end: the dealer panel moves on to calling the
 * floor; changed again, the step is undone and the panel says so.
 */
function betsAfterDeal(h: TcpContext, box: number, asTheyWere: boolean): void {
  if (asTheyWere) stepsDone(h, "TCP_BET_AFTER_DEAL", 1, box);
  else if (!raise(h, tcpSay.betAfterDeal(h.t, box))) stepsDone(h, "TCP_BET_AFTER_DEAL", 0, box);
}

/** The zones agree with the box: its bets as they stand, or a folded box whose Ante the house took. */
function acceptable(h: TcpContext, box: TcpBox, now: ThreeCardBets): boolean {
  if (sameBets(now, box.bets)) return true;
  // A blind box owing its Play may show short or wrong chips on Play: that is the open alert, not a change.
  if (box.owesPlay && sameBets({ ...now, play: 0 }, box.bets)) return true;
  if (!box.folded) return false;
  const forfeits = h.payTable.foldForfeitsSideBets;
  return (
    (now.ante === box.bets.ante || now.ante === 0) &&
    now.play === 0 &&
    (now.pairPlus === box.bets.pairPlus || (forfeits && now.pairPlus === 0)) &&
    (now.prime === box.bets.prime || (forfeits && now.prime === 0))
  );
}

/** The lines a rule broken at the lock names: the ones the dealer may change to put the box right. */
function linesAtFault(problems: readonly BetViolation[]): Set<WagerKind> {
  const lines = new Set<WagerKind>();
  for (const v of problems) {
    if (v.bet !== undefined) lines.add(v.bet);
    // "An Ante, a Pair Plus bet, or both": either may be put down.
    else lines.add("ante").add("pairPlus");
  }
  return lines;
}

/**
 * TCP_BET_INVALID's follow-up: while it is open, a change to only the lines at fault is the dealer
 * putting the box right, not a bet after the deal (the floor's). Still wrong, it is told again with what
 * is left to put right, in place of the first telling; right, judgeChange takes it.
 */
function correctingInvalid(h: TcpContext, box: TcpBox, now: ThreeCardBets): boolean {
  if (!isOpen(h, "TCP_BET_INVALID", box.box) || sameBets(now, box.bets)) return false;
  const atFault = linesAtFault(violations(box, box.bets, h));
  const changed = (["ante", "play", "pairPlus", "prime"] as const).filter((l) => now[l] !== box.bets[l]);
  if (!changed.every((l) => atFault.has(l))) return false;
  const left = violations(box, now, h).map((v) => v.message);
  clear(h, "TCP_BET_INVALID", box.box);
  if (left.length === 0) {
    // Right but for a blind box's owed Play, which has its own alert.
    box.bets = { ...now, play: box.owesPlay ? 0 : now.play };
    return false;
  }
  raise(h, tcpSay.betInvalid(h.t, box.box, left, true));
  return true;
}

/**
 * TCP_BLIND_PLAY_MISSING's follow-up: chips on an owing blind box's Play that are not its Ante are not
 * its Play bet (the digest: the equal Play). Told once per amount, in place of the first telling.
 */
function blindPlayWrong(h: TcpContext, box: TcpBox, play: number): void {
  if (play === 0 || play === box.bets.ante || box.playToldWrong === play) return;
  box.playToldWrong = play;
  clear(h, "TCP_BLIND_PLAY_MISSING", box.box);
  raise(h, tcpSay.blindPlayWrong(h.t, box.box, box.bets.ante, play));
}
