/**
 * The dealer's `undo` key (issue #16 item 4): it takes back the dealer's last key — `check`, `fold`,
 * `raise` or `exposed` — within the current action, i.e. before anything else has happened at the
 * table (chips read, a card arrived, another key, a ruling). The hand goes back to exactly where it was
 * before the key: the hand keeps a plain-data copy of itself from just before each such key.
 *
 * That copy is taken before every `check`, `fold`, `raise` and `exposed` key, so it is made field by
 * field ({@link copyHand}) rather than with `structuredClone`, which serialised the whole hand and was a
 * quarter of the replay's CPU (bench/replay-profile.md). What a hand never changes in place — its
 * configuration and the betting state, whose type is read-only and is replaced, never edited — is
 * shared; every container the hand edits in place is copied. It names every field: a new
 * field of the context does not compile until it says how it is copied. Two fields ride on the hand
 * outside its type, `deck` (src/hand/deck.ts) and `rakeSchedule` (src/hand/rake.ts): each is set once
 * (the first card dealt, which moves the action on; the start) and the undo, which overwrites only
 * the copied fields, leaves them as they are.
 *
 * What the floor must decide is never taken back by the dealer: if the key has already raised a
 * floor-severity alert (e.g. the `exposed` key judged a misdeal), the undo is refused.
 */
import type { ButtonName } from "../contract/input.js";
import type { AlertEvent } from "../contract/output.js";
import { alert, CATALOGUE, isAlertCode } from "./alerts.js";
import type { HandContext, HandTimer } from "./context.js";
import type { Observation } from "../reading/observations.js";

/** Keys the dealer may take back. */
export type UndoableKey = "check" | "fold" | "raise" | "exposed";
const UNDOABLE = new Set<ButtonName>(["check", "fold", "raise", "exposed"]);

/** The hand as it was before the last undoable key (without its outbox and this record). */
export type Before = Omit<HandContext, "out" | "undoable">;

/** Before a key: remember the hand if the key may be taken back, else forget what was remembered. */
export function beforeKey(h: HandContext, key: ButtonName): void {
  if (key === "undo") return;
  if (!UNDOABLE.has(key)) {
    h.undoable = null;
    return;
  }
  h.undoable = { key: key as UndoableKey, before: copyHand(h) };
}

/**
 * The hand without its outbox and undo record, sharing nothing the hand edits in place. One object
 * literal naming every field (a missing or unknown field does not compile): V8 builds it with one hidden
 * class, where a table of per-field copiers cost four times as much.
 */
export function copyHand(h: Before): Before {
  const b = h.board;
  return {
    t: h.t,
    hand: h.hand,
    // The configuration of the hand: set when it starts, only read afterwards.
    game: h.game,
    def: h.def,
    positions: h.positions,
    level: h.level,
    redeal: h.redeal,
    seatCount: h.seatCount,
    oddChipUnit: h.oddChipUnit,
    reading: h.reading,
    stacksBefore: { ...h.stacksBefore },
    entitled: h.entitled.slice(),
    // Read-only (rules/bettingTypes.ts): an action makes a new state.
    betting: h.betting,
    hole: recordOf(h.hole, (tags) => tags.slice()),
    faces: new Map(h.faces),
    cardsDealt: h.cardsDealt,
    dealComplete: h.dealComplete,
    exposures: h.exposures,
    board: {
      tags: b.tags.slice(),
      cards: b.cards.slice(),
      burns: b.burns.slice(),
      burnsUsed: b.burnsUsed,
      noBurn: b.noBurn.slice(),
      // One of the chart's constant procedures (./procedure.ts), never edited: shared.
      procedure: b.procedure,
      aside: b.aside.slice(),
      clearOnStreet: b.clearOnStreet.map((c) => ({ ...c })),
      extraBurn: b.extraBurn === null ? null : { ...b.extraBurn },
      burnMissed: b.burnMissed.slice(),
      tooManyAt: b.tooManyAt,
      lastCardAt: b.lastCardAt,
    },
    // Each chip's record and each seat's committed total are read-only (./context.ts): shared.
    zones: recordOf(h.zones, (z) => ({ chips: new Map(z.chips) })),
    committed: { ...h.committed },
    pendingFolds: h.pendingFolds.slice(),
    pendingOutOfTurn:
      h.pendingOutOfTurn === null
        ? null
        : {
            ...h.pendingOutOfTurn,
            denominations: h.pendingOutOfTurn.denominations.slice(),
            tags: h.pendingOutOfTurn.tags.slice(),
          },
    voidedOutOfTurn:
      h.voidedOutOfTurn === null ? null : { ...h.voidedOutOfTurn, tags: h.voidedOutOfTurn.tags.slice() },
    deferredKeys: h.deferredKeys.map((k) => ({ ...k })),
    deferredChips: h.deferredChips.map((d) => ({ ...d, chips: d.chips.map((c) => ({ ...c })) })),
    raiseDeclared: h.raiseDeclared,
    streetAt: h.streetAt,
    streetActions: h.streetActions,
    actionsInTurn: h.actionsInTurn.slice(),
    substantial: h.substantial,
    dead: h.dead.slice(),
    held: h.held === null ? null : { ...h.held },
    voidCardAt: h.voidCardAt,
    open: h.open.slice(),
    // What the dealer was told stays told: after an undo the steps are told again as they now stand.
    stepsDone: h.stepsDone,
    stale: h.stale.slice(),
    staleWhere: { ...h.staleWhere },
    passedLeftovers: h.passedLeftovers.slice(),
    lastHands: h.lastHands,
    lastHandsChips: { tags: h.lastHandsChips.tags.slice(), until: h.lastHandsChips.until },
    timers: h.timers.map(copyTimer),
    allinAnnounced: h.allinAnnounced,
    countedUnseen: h.countedUnseen,
    postedUnseen: { blinds: { ...h.postedUnseen.blinds }, antes: h.postedUnseen.antes },
    lastAllInKey: h.lastAllInKey,
    takenBack: recordOf(h.takenBack, (b) => ({
      ...b,
      ...(b.chips ? { chips: b.chips.map((c) => ({ ...c })) } : {}),
    })),
    unreadInPot:
      h.unreadInPot === null ? null : { ...h.unreadInPot, pot: h.unreadInPot.pot.map(([t, d]) => [t, d]) },
    shortCalls: recordOf(h.shortCalls, (d) => ({ ...d })),
    result: h.result,
    finalStacks: h.finalStacks === null ? null : { ...h.finalStacks },
    owedAtTheEnd: h.owedAtTheEnd.map((o) => ({ ...o })),
  };
}

function recordOf<T>(r: Record<number, T>, copy: (v: T) => T): Record<number, T> {
  const c: Record<number, T> = {};
  // The seats as numbers: V8 stores them as the object's elements (for-in on them was the copy's
  // largest cost).
  const seats = Object.keys(r);
  for (let i = 0; i < seats.length; i++) {
    const seat = Number(seats[i]);
    c[seat] = copy(r[seat]!);
  }
  return c;
}

function copyTimer(t: HandTimer): HandTimer {
  if (t.kind === "prematureStands") return { ...t, tags: t.tags.slice() };
  if (t.kind === "exposed" && t.inDoubt) return { ...t, inDoubt: t.inDoubt.slice() };
  if (t.kind === "shortPush" || t.kind === "takenBackWait" || t.kind === "voidedChips")
    return { ...t, chips: t.chips.map((c) => ({ ...c })) };
  return { ...t };
}

/** The table moved on (chips read, a card arrived): the last key can no longer be taken back. */
export function movedOn(h: HandContext, observations: readonly Observation[]): void {
  if (h.undoable === null) return;
  const moved = observations.some(
    (o) =>
      o.type === "card_arrived" ||
      o.type === "pot_gained" ||
      o.type === "chips_taken_back" ||
      (o.type === "zone_settled" && o.added.length > 0),
  );
  if (moved) h.undoable = null;
}

/** The `undo` key. */
export function undoKey(h: HandContext): void {
  const u = h.undoable;
  if (u === null) {
    h.out.push(refused(h.t, "there is no key to take back: the action has moved on since"));
    return;
  }
  const raisedSince = h.open.filter((k) => !u.before.open.includes(k));
  const forFloor = raisedSince.filter((k) => {
    const code = k.split(":")[0] ?? "";
    return isAlertCode(code) && CATALOGUE[code].severity === "floor";
  });
  if (forFloor.length > 0) {
    h.out.push(refused(h.t, `the ${u.key} key raised ${forFloor.join(", ")}: the floor rules on it`));
    return;
  }
  const seat = u.key === "check" || u.key === "fold" ? u.before.betting.toAct : null;
  const t = h.t;
  // The record is dropped here, so the hand may take its copy over as it is.
  Object.assign(h, u.before, { t, undoable: null, stepsDone: h.stepsDone });
  // Alerts the key raised are gone with it.
  for (const k of raisedSince) {
    const [code = "", s] = k.split(":");
    h.out.push({ t, kind: "alert_clear", code, ...(s === undefined ? {} : { seat: Number(s) }) });
  }
  h.out.push({ t, kind: "key_undone", key: u.key, ...(seat === null ? {} : { seat }) });
}

function refused(t: number, why: string): AlertEvent {
  return alert(t, "UNDO_REFUSED", `The undo key was refused: ${why}`, [
    "Call the floor if the table has read an action wrongly",
  ]);
}
