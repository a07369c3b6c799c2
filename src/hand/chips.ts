/**
 * Whose push the chips are: chips settling on a seat's bet zone, and chips the pot gained unseen.
 * Chips that only fill in what the table already counted (posted blinds, an all-in declared with the
 * button, change, a correction, an undercall completed) are not actions; chips in front of a seat that
 * is not to act are out of turn (TDA 53). At any pace: a short push waits one scan round for the pot,
 * chips put out between rounds wait the readers' lag for the next street, and a push beside chips of a
 * voided out-of-turn action waits for them to leave (./voidedChips.ts). The push itself is read
 * by src/hand/turn.ts, an undercall's debt kept by ./shortCalls.ts. (Over 300 lines: the zone's and the
 * pot's readings decide together whose chips are whose; split, each would need the other's cases.)
 */
import { findSeat, type Street } from "../rules/betting.js";
import { type ChipTag, chipTotal } from "../reading/observations.js";
import { type HandContext, uncountedRoom, zoneAccount } from "./context.js";
import { dealEndedBy } from "./deal.js";
import { clear } from "./emit.js";
import { isHeld } from "./hold.js";
import { outOfTurnChipsBack, outOfTurnChipsLeft } from "./outOfTurnChips.js";
import { owedToThePot, payIntoThePot, payShortCall } from "./shortCalls.js";
import { potChipsUnread } from "./potUnread.js";
import { antesShown, blindShown, postedSweptIn } from "./postedUnseen.js";
import { chipsWentNowhere, takenBackAtTheEnd } from "./takenBack.js";
import { voidedChipsRead, waitsForVoidedChips } from "./voidedChips.js";
import { afterOneRound, cancel, departureKnown, schedule, waiting, withinOneRound } from "./timers.js";
import {
  actionKey,
  afterAction,
  beforeVoidCard,
  canBet,
  changedBeforeVoidCard,
  outOfTurn,
  readAndAct,
  readsAsUnderraise,
} from "./turn.js";

/** The chips of a report that a seat's zone account does not hold yet. */
function freshChips(h: HandContext, seat: number, chips: readonly ChipTag[]): ChipTag[] {
  const account = zoneAccount(h, seat);
  return chips.filter((c) => !account.chips.has(c.tag));
}

/** The account follows the report: chips no longer on the zone are gone from it. */
function dropGone(h: HandContext, seat: number, chips: readonly ChipTag[]): void {
  const account = zoneAccount(h, seat);
  const present = new Set(chips.map((c) => c.tag));
  for (const tag of account.chips.keys()) if (!present.has(tag)) account.chips.delete(tag);
}

/** Counts chips on a seat's zone for a street (they are that street's, whatever comes next). */
function countFor(h: HandContext, seat: number, chips: readonly ChipTag[], street: Street): void {
  const account = zoneAccount(h, seat);
  for (const c of chips) account.chips.set(c.tag, { denomination: c.denomination, street });
}

/**
 * A seat's bet zone settled with these chips. `sweptWith`: chips the pot gained unseen in the report
 * that swept this zone's unread chips in — the rest of this push if without them it falls short of the
 * call, else the next seat's action.
 */
export function betZoneSettled(
  h: HandContext,
  seat: number,
  chips: readonly ChipTag[],
  sweptWith: readonly ChipTag[] = [],
  changedAt?: number,
): void {
  if (changedAt !== undefined && changedAt < h.streetAt && fillsInLastStreet(h, seat, chips, sweptWith))
    return;
  if (voidedChipsWait(h, seat, chips, changedAt)) return;
  const beforeVoid = changedBeforeVoidCard(h, changedAt);
  if (sweptWith.length > 0) {
    const short = pushFallsShort(h, seat, chips);
    if (short) {
      zoneRead(h, seat, [...chips, ...sweptWith], true, beforeVoid);
      return;
    }
    zoneRead(h, seat, chips, true, beforeVoid);
    // They reached the pot from no zone (the reading's sweptWith): strays, which pay what a seat still
    // owes on a call pulled in short (e.g. the rest of this seat's undercall, its zone read first).
    potGained(h, sweptWith, sweptWith);
    return;
  }
  // A push short of the call may be the first part of one whose rest landed inside the settle window
  // and was swept before the zone's next scan (a quick dealer sweeps right after the last chip): the
  // pot reports that rest at its next slot, at most one scan round after this read. The read waits
  // that round; anything else the table reads in the meantime reads it first, as it stood.
  if (h.reading.scanRoundMs > 0 && pushInTurn(h, seat, chips) && pushFallsShort(h, seat, chips)) {
    schedule(h, { kind: "shortPush", due: afterOneRound(h), since: h.t, seat, chips: [...chips] });
    return;
  }
  zoneRead(h, seat, chips, true, beforeVoid);
}

/**
 * Chips that reached a seat's zone before this street's cards did, read only after them (the settle
 * window, or the sweep, ran past the cards): if they only make up what the last street counted for the
 * seat (an undercall being completed), they are that street's fill-in, not a bet on this one — with
 * any chips of the same push the pot gained unseen (`sweptWith`). Only while the seat still owes on
 * it: its short call, or its chips still out on the zone. Once that street's chips are in the pot
 * (swept, or read from the pot), nothing is owed, and the room the account shows is only chips gone.
 */
function fillsInLastStreet(
  h: HandContext,
  seat: number,
  chips: readonly ChipTag[],
  sweptWith: readonly ChipTag[],
): boolean {
  const last = h.committed[seat]?.street;
  if (last === undefined || last === h.betting.street) return false;
  if (h.shortCalls[seat]?.street !== last && !stillOut(h, seat, last, chips)) return false;
  const fresh = freshChips(h, seat, chips);
  const value = chipTotal([...fresh, ...sweptWith]);
  if (value === 0 || value > uncountedRoom(h, seat, last)) return false;
  dropGone(h, seat, chips);
  countFor(h, seat, fresh, last);
  correctionMade(h, seat, last);
  // The chips of the same push swept in unseen went straight into the pot: they pay the rest (r.51).
  payShortCall(h, seat, chipTotal(sweptWith));
  return true;
}

/**
 * Whether a seat's zone still holds chips counted for a street: among those it lists now. The account
 * may still name chips swept into the pot with the zone never reported empty in between (its next
 * report lists the new street's bet): they are not out.
 */
function stillOut(h: HandContext, seat: number, street: Street, onZone: readonly ChipTag[]): boolean {
  const account = zoneAccount(h, seat).chips;
  for (const c of onZone) if (account.get(c.tag)?.street === street) return true;
  return false;
}

/**
 * The steps of UNDERCALL and UNDERRAISE ask the dealer to have the seat bring its chips up to what the
 * table counted for it (2019 r.51–52): once the zone holds all of it, the correction is made and the
 * alert is done (the dealer need not press ok as well).
 */
function correctionMade(h: HandContext, seat: number, street: Street): void {
  const room = uncountedRoom(h, seat, street);
  const debt = h.shortCalls[seat];
  if (debt?.street === street) debt.owed = Math.max(0, room);
  if (room > 0) return;
  delete h.shortCalls[seat];
  if (debt?.code !== undefined) clear(h, debt.code, seat);
  clear(h, "UNDERCALL", seat);
  clear(h, "UNDERRAISE", seat);
}

/** A seat's chips wait to be read (the seat's latest report replaces one that waited before). */
function deferChips(h: HandContext, seat: number, chips: readonly ChipTag[]): void {
  h.deferredChips = [...h.deferredChips.filter((d) => d.seat !== seat), { seat, at: h.t, chips: [...chips] }];
}

/** Chips that waited between rounds past the readers' lag with no street begun: read as they are now. */
export function readChipsBetweenRounds(h: HandContext): void {
  for (const d of h.deferredChips.splice(0)) zoneRead(h, d.seat, d.chips, false);
}

/** The seat to act's push beside chips of its voided out-of-turn action waits for them (./voidedChips.ts). */
function voidedChipsWait(
  h: HandContext,
  seat: number,
  chips: readonly ChipTag[],
  changedAt?: number,
): boolean {
  if (waiting(h, "voidedChips")?.seat !== seat && !pushInTurn(h, seat, chips)) return false;
  const account = zoneAccount(h, seat);
  return waitsForVoidedChips(h, seat, chips, (tag) => !account.chips.has(tag), changedAt ?? h.t);
}

/** A key or a ruling comes after the pushes that wait: a short one, and one beside voided chips. */
export function readWaitingPushes(h: HandContext): void {
  readShortPush(h);
  readVoidedChips(h);
}

/** A push that waited for its voided chips' departure is read as it stood (./voidedChips.ts). */
export function readVoidedChips(h: HandContext, pending = waiting(h, "voidedChips")): void {
  voidedChipsRead(h, (seat, chips) => zoneRead(h, seat, chips), pending);
}

/**
 * A short push that waited for the pot is read as it stood: its round ran out, or the table read
 * something else first (another seat's chips, a key, a card) that must come after it.
 */
export function readShortPush(h: HandContext, pending = waiting(h, "shortPush")): void {
  if (pending === undefined) return;
  cancel(h, "shortPush");
  zoneRead(h, pending.seat, pending.chips);
}

/**
 * Whether the chips new on a seat's zone, as its action now, would fall short: less than the call and
 * not all-in, or a raise below the minimum (r.52). A raise pushed in two motions, the second swept in
 * unseen, is as much one push as a call is.
 */
function pushFallsShort(h: HandContext, seat: number, chips: readonly ChipTag[]): boolean {
  const s = findSeat(h.betting, seat);
  if (!s || h.betting.toAct !== seat) return false;
  const fresh = freshChips(h, seat, chips);
  const value = chipTotal(fresh);
  if (value === 0) return false;
  if (value < h.betting.currentBet - s.bet && value < s.stack) return true;
  return readsAsUnderraise(
    h,
    seat,
    fresh.map((c) => c.denomination),
    h.raiseDeclared,
  );
}

/**
 * Whether the chips new on a seat's zone would be read as its action in turn: a betting round of a
 * dealt hand, the seat to act, and more than only what is already counted (posted blinds, fill-in).
 */
function pushInTurn(h: HandContext, seat: number, chips: readonly ChipTag[]): boolean {
  const s = findSeat(h.betting, seat);
  if (!s || s.folded || s.stack === 0 || !canBet(h) || !h.dealComplete) return false;
  if (h.betting.phase !== "betting" || h.betting.toAct !== seat) return false;
  const fresh = chipTotal(freshChips(h, seat, chips));
  return fresh > uncountedRoom(h, seat, h.betting.street, new Set(chips.map((c) => c.tag)));
}

/** `beforeVoid`: reported before the card that voids the hand, read as play even though it is held. */
function zoneRead(
  h: HandContext,
  seat: number,
  chips: readonly ChipTag[],
  mayWait = true,
  beforeVoid = false,
): void {
  outOfTurnChipsLeft(h, seat, chips);
  dropGone(h, seat, chips);
  const fresh = freshChips(h, seat, chips);
  if (fresh.length === 0) return;
  blindShown(h, seat, chipTotal(fresh));
  if (outOfTurnChipsBack(h, seat, fresh)) return;
  const account = zoneAccount(h, seat);
  const street = h.betting.street;
  const markAccounted = () => countFor(h, seat, fresh, street);
  const s = findSeat(h.betting, seat);
  const freshValue = chipTotal(fresh);
  // Between rounds, once the sweep has taken this street's chips off the zone, new chips are the next
  // street's (a player acting before the table has its cards), not a fill-in of this one.
  const swept =
    h.betting.phase === "dealing" &&
    h.dealComplete &&
    [...account.chips.values()].every((c) => c.street !== street);
  // Held for the floor, a seat's chips wait for the ruling: read in the order of play when the floor
  // lets play go on (`continue`, events.md), gone with the hand when it rules a misdeal or a void.
  const inPlay = canBet(h) || beforeVoid;
  if (
    isHeld(h) &&
    !beforeVoid &&
    h.result === null &&
    s &&
    !s.folded &&
    s.stack > 0 &&
    (swept || freshValue > uncountedRoom(h, seat, street))
  ) {
    deferChips(h, seat, chips);
    return;
  }
  // Between rounds, after the sweep, chips of a seat that owes on an undercall up to what it owes are
  // the call completed (r.51), not the next street's bet.
  const debt = h.shortCalls[seat];
  if (swept && inPlay && debt?.street === street && freshValue <= debt.owed) {
    markAccounted();
    h.countedUnseen = Math.max(0, h.countedUnseen - freshValue);
    payShortCall(h, seat, freshValue);
    return;
  }
  // Chips that only make up what is already counted for this street: posted blinds, fill-in, change.
  if (
    !s ||
    s.folded ||
    s.stack === 0 ||
    !inPlay ||
    (!swept && freshValue <= uncountedRoom(h, seat, street))
  ) {
    markAccounted();
    correctionMade(h, seat, street);
    return;
  }
  // Between rounds a player acts on a street the table has not begun yet: its cards (or a card taken
  // off the board) are reported up to K scans late, and known gone a departure window later. His chips
  // wait that long for the street, as keys do.
  if (mayWait && h.betting.phase === "dealing" && h.dealComplete) {
    deferChips(h, seat, chips);
    schedule(h, { kind: "chipsBetweenRounds", due: departureKnown(h) });
    return;
  }
  const denominations = beyondTheRoom(fresh, uncountedRoom(h, seat, street)).map((c) => c.denomination);
  if (h.betting.phase === "betting" && h.betting.toAct === seat) {
    dealEndedBy(h);
    // The chips that showed the deal ended without a seat are the first action: if the floor lets the
    // deal stand (`continue`) they are read once the seat dealt out has its cards (replayDeferredKeys).
    if (isHeld(h) && h.result === null && !h.dealComplete) {
      deferChips(h, seat, chips);
      return;
    }
    markAccounted();
    if (!inPlay) return;
    readAndAct(h, seat, denominations, h.raiseDeclared);
    return;
  }
  markAccounted();
  outOfTurn(h, seat, {
    seat,
    denominations,
    tags: fresh.map((c) => c.tag),
    declaredRaise: false,
    currentBet: h.betting.currentBet,
  });
}

/**
 * The fresh chips beyond what is counted for the seat but not yet seen (a posted blind's room): a blind's
 * own chips read together with the action's (the zone changed again before it was steady) make up the
 * blind first, and only the rest is the action. Taken in the zone's order when some first chips make up
 * the room exactly; otherwise all of them (settleWindowMs 900 at 700 ms rounds, seed 57, hand 5804: the
 * small blind's chip, its window restarted by the last hand's chips reported gone late, read with its
 * completion: a call to 200 read as a raise to 300, UNDERRAISE).
 */
function beyondTheRoom(fresh: readonly ChipTag[], room: number): readonly ChipTag[] {
  let sum = 0;
  for (let i = 0; i < fresh.length && room > 0; i++) {
    sum += fresh[i]!.denomination;
    if (sum === room) return fresh.slice(i + 1);
    if (sum > room) break;
  }
  return fresh;
}

/**
 * Chips put out on a seat's zone left it before they were read, and not for the pot (TDA 49–50: chips
 * over the line may have to stay in; the dealer and the floor decide, the table does not act on them).
 */
export function chipsTakenBack(
  h: HandContext,
  seat: number,
  chips: readonly ChipTag[],
  emptiedAt: number,
): void {
  if (!canBet(h)) return;
  chipsWentNowhere(h, seat, chips, emptiedAt);
}

/**
 * The dealer ended the hand (the shuffler press, or the river's board collected) while the seat to act
 * took chips back this street and has not put them out again (CHIPS_TAKEN_BACK told, or waiting): they
 * went with the pot, as chips put over the line stay in (2019 r.49–50). They are read as the seat's
 * action as they stood, as when the press comes before the reading has judged them taken back
 * (src/reading/chipZones.ts emptiedAtTheEnd): which of these the dealer meets is only his pace.
 */
export function takenBackReadAtTheEnd(h: HandContext): void {
  const back = takenBackAtTheEnd(h);
  if (back === null) return;
  cancel(h, "takenBackWait");
  betZoneSettled(h, back.seat, back.chips);
}

/**
 * The pot gained chips no bet zone was seen to hold: pushed and swept in between two scans. During a
 * betting round they are the action of the seat to act; before the deal is complete they are the
 * antes the hand posted; between rounds nobody is to act, and the sweep's chips were read already.
 */
export function potGained(h: HandContext, chips: readonly ChipTag[], strays: readonly ChipTag[] = []): void {
  // A short push waiting for the pot: these chips are the rest of it, swept in unseen.
  const pending = waiting(h, "shortPush");
  if (pending !== undefined) {
    cancel(h, "shortPush");
    zoneRead(h, pending.seat, [...pending.chips, ...chips]);
    return;
  }
  // Held, the floor is at the table and rules on the pot with the hand (but for chips that went in
  // before the card that voids it); during the deal the pot takes the antes straight from the stacks.
  if (!h.dealComplete) antesShown(h, strays);
  if ((!canBet(h) && !beforeVoidCard(h)) || !h.dealComplete) return;
  // Chips straight from a stack with no seat to act: whose they are cannot be decided, so the table
  // asks the dealer rather than guessing (events.md, "Reading at any pace").
  const undecided = () => {
    // Chips the table already counted (the `allin` key, an undercall brought up) may reach the pot
    // unseen: only what is beyond them is asked.
    const stray = chipTotal(strays);
    const counted = Math.min(stray, h.countedUnseen);
    h.countedUnseen -= counted;
    // Among them, what a seat owes on an undercall pulled in short (r.51) pays it.
    payIntoThePot(h, counted);
    // Then the forced bets posted at the press that no reader showed: swept in unseen (./postedUnseen.ts).
    const unread = stray - counted - postedSweptIn(h, stray - counted);
    if (unread > 0) potChipsUnread(h, unread, strays);
  };
  if (h.betting.phase !== "betting") return undecided();
  // Within a scan round of the street's cards the pot may report chips swept in before them (the
  // pot is scanned after the board): they belong to the closed round, whose actions were read (but
  // pre-flop has none: sweptAtTheStreetsStart). Chips from no bet zone, no more than seats owe on
  // undercalls pulled in short: the dealer was told to have them put into the pot (r.51), so they are
  // that, not the seat to act's bet. Within a scan round of the street's cards too: the rest of the
  // call, swept in with the round's bets unseen.
  const owed = owedToThePot(h).reduce((sum, d) => sum + d.owed, 0);
  const gained = chipTotal(chips);
  if (owed > 0 && gained <= owed && chipTotal(strays) === gained) {
    h.countedUnseen = Math.max(0, h.countedUnseen - gained);
    payIntoThePot(h, gained);
    return;
  }
  let pushed = chips;
  if (withinOneRound(h, h.streetAt)) {
    const swept = sweptAtTheStreetsStart(h, chips, strays);
    if (swept === "undecided") return undecided();
    if (swept === null) return;
    pushed = swept;
  }
  const seat = h.betting.toAct;
  const s = seat === null ? undefined : findSeat(h.betting, seat);
  if (seat === null || !s || s.folded || s.stack === 0) return undecided();
  readAndAct(
    h,
    seat,
    pushed.map((c) => c.denomination),
    h.raiseDeclared,
  );
}

/**
 * Pot chips from no zone within a scan round of the pre-flop street's start. Pre-flop has no closed
 * round whose sweep the pot could report late (null: the closed round's, as on the later streets): only
 * the antes can come so, put straight in during the deal and the pot scanned after its last card. The
 * chips beyond the antes still unseen are the seat to act's push, swept in unseen like any other: they
 * are returned. Late antes among them are the smallest chips that make up their value exactly; when no
 * such chips are there, the two cannot be told apart and the dealer is asked ("undecided"). Six seats,
 * 5 missed scans, seed 86 at 600 ms, hand 7300: the deal waited on a leftover still listed, and an
 * all-in call was swept in unseen just after it; read as a closed round's, it left pre-flop open and
 * made the flop premature.
 */
function sweptAtTheStreetsStart(
  h: HandContext,
  chips: readonly ChipTag[],
  strays: readonly ChipTag[],
): readonly ChipTag[] | null | "undecided" {
  if (h.betting.street !== "preflop" || strays.length === 0) return null;
  const antes = lateAntes(strays, h.postedUnseen.antes);
  if (antes === null) return "undecided";
  antesShown(h, antes);
  const pushed = chips.filter((c) => !antes.includes(c));
  return pushed.length > 0 ? pushed : null;
}

/**
 * The late antes among these chips: all of them when they are worth no more than the antes unseen, else
 * the smallest that are worth the antes exactly (none when no antes are unseen), or null.
 */
function lateAntes(strays: readonly ChipTag[], antes: number): readonly ChipTag[] | null {
  if (chipTotal(strays) <= antes) return strays;
  const taken: ChipTag[] = [];
  let left = antes;
  for (const chip of [...strays].sort((a, b) => a.denomination - b.denomination)) {
    if (left === 0 || chip.denomination > left) break;
    taken.push(chip);
    left -= chip.denomination;
  }
  return left === 0 ? taken : null;
}

/**
 * A street has begun: keys pressed and chips put out while it waited for the readers are the first
 * actions on it, in the order they came. A key moves the action (chips reported before it are read
 * first), so chips read after a key were put out after it: the key, for the seat to act, goes first.
 * Chips read before it go first, seat by seat from the seat to act: the readers report zones in channel
 * order, not in the order they were put out. Chips always first read a bet put out after the first
 * seat's key as out of turn (sim `--focus`, missedScans 5 at 700 ms rounds, seed 56, hand 6620: the
 * river waited on a premature card's departure). `before`: only those that came before it (./board.ts).
 */
export function replayDeferredKeys(h: HandContext, before = Number.POSITIVE_INFINITY): void {
  if (h.betting.phase !== "betting") return;
  // A fold made while the street waited stands once the action reaches its seat (turn.ts afterAction).
  if (h.pendingFolds.length > 0) afterAction(h);
  // Chips put out before the deal was whole (a deal the floor let stand) wait for the seat's cards.
  const chips = h.deferredChips.length > 0 && h.dealComplete ? takeBefore(h.deferredChips, before) : [];
  if (chips.length > 0 && h.deferredChips.length === 0) cancel(h, "chipsBetweenRounds");
  const keys = takeBefore(h.deferredKeys, before).filter((k) => k.until >= h.t);
  if (chips.length === 0 && keys.length === 0) return;
  const order = h.betting.seats.map((s) => s.seat);
  const from = h.betting.toAct === null ? 0 : Math.max(0, order.indexOf(h.betting.toAct));
  const rank = (seat: number) => (order.indexOf(seat) - from + order.length) % order.length;
  chips.sort((a, b) => rank(a.seat) - rank(b.seat));
  while (chips.length > 0 || keys.length > 0) {
    const key = keys[0];
    if (key !== undefined && chips.every((d) => key.at < d.at)) {
      keys.shift();
      actionKey(h, key.key);
      continue;
    }
    const toAct = h.betting.phase === "betting" ? h.betting.toAct : null;
    const own = chips.findIndex((c) => c.seat === toAct);
    const [d] = chips.splice(own < 0 ? 0 : own, 1);
    betZoneSettled(h, d!.seat, d!.chips);
  }
}

/** Takes out of `waiting` what was put there before `before` (in place); the rest waits on. */
function takeBefore<T extends { at: number }>(waiting: T[], before: number): T[] {
  const taken = waiting.filter((w) => w.at < before);
  if (taken.length > 0) waiting.splice(0, waiting.length, ...waiting.filter((w) => w.at >= before));
  return taken;
}
