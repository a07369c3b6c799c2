/**
 * The floor's rulings as the core sees them: a ruling must answer an alert that is open (a ruling that
 * answers nothing, or answers twice, is refused); a misdeal or void sent with an undo window waits for
 * it, as a core deadline, so that a supervisor can take it back with `undo`; and the dealer's `floor`
 * key calls the floor. Everything here runs on the events' `t`, so replay gives the same result.
 *
 * Over 300 lines: the ledger of open alerts and each kind of ruling that answers one (a hand's, a
 * carried after-hand alert, a call for the floor, a pending misdeal or void) read and write one list.
 */
import type { FloorEvent, RulingName } from "../contract/input.js";
import { AFTER_THE_HAND, type AlertCode, alert } from "../contract/alerts.js";
import type { TableEvent } from "../contract/output.js";
import { nothingToRule, rejected } from "./floorRefusals.js";

/** What the desk needs of the core: whether a hand is on, and how to apply a ruling to it. */
export interface RulingTarget {
  hasHand(): boolean;
  /** The number of the hand on the table (or just ended, while its after-hand work goes on); 0 before any. */
  handNumber(): number;
  /** Applies a ruling to the hand in progress and returns what it caused (hand end included). */
  rule(t: number, ruling: RulingName, seat?: number, code?: string): TableEvent[];
}

/** A misdeal or void waiting for its undo window to run out. */
export interface PendingRuling {
  ruling: "misdeal" | "void";
  /** When it was ruled and when it takes effect (core clock). */
  t: number;
  due: number;
  by?: string;
  code?: string;
  /** A void with no open alert says why. */
  reason?: string;
}

type DeskOp = Extract<FloorEvent, { op: "ruling" | "voidHand" | "undo" }>;

interface OpenEntry {
  code: string;
  severity: "floor" | "dealer" | "info";
  seat?: number;
  reader?: string;
  /** Raised by the work after a hand, after its end (AFTER_THE_HAND): it outlives the next hand's start. */
  afterHand?: boolean;
  /** An after-hand alert still open when the next hand started: the floor's continue clears it. */
  carried?: boolean;
}

const ENDED_OWING = "HAND_ENDED_OWING" satisfies AlertCode; // src/table/owedAtThePress.ts
/** The code of the dealer's call for a supervisor (`floor` key). */
export const FLOOR_CALLED = "FLOOR_CALLED" satisfies AlertCode;

export class RulingDesk {
  private open: OpenEntry[] = [];
  private pendingRuling: PendingRuling | null = null;
  /** A hand has ended and the next has not started: the dealer's work after it is going on. */
  private betweenHands = false;

  constructor(private readonly target: RulingTarget) {}

  /** The misdeal or void waiting for its window, if any. */
  get pending(): PendingRuling | null {
    return this.pendingRuling === null ? null : { ...this.pendingRuling };
  }

  /** Whether an alert with this code is open. */
  isOpen(code: string): boolean {
    return this.open.some((a) => a.code === code);
  }

  /** Whether an open alert answers a ruling naming `code` (and `seat`). */
  answers(code?: string, seat?: number): boolean {
    return this.answering(code, seat).length > 0;
  }

  /** The open alerts a ruling naming `code` (and `seat`) answers: a seat's alert only for that seat (HAND_DEAD). */
  private answering(code?: string, seat?: number): OpenEntry[] {
    return this.open.filter(
      (a) =>
        (code === undefined || a.code === code) &&
        (code === undefined || seat === undefined || a.seat === undefined || a.seat === seat),
    );
  }

  /** Seeds the ledger after a restore (readers still offline). */
  seedOffline(readers: Iterable<string>): void {
    for (const reader of readers) this.open.push({ code: "READER_OFFLINE", severity: "floor", reader });
  }

  /** Follows every table event the core gives out (the core passes each batch through here): which alerts are open. */
  track(events: readonly TableEvent[]): TableEvent[] {
    for (const e of events) {
      if (e.kind === "alert") {
        if (e.severity === "info" && e.code !== FLOOR_CALLED) continue;
        this.open.push({
          code: e.code,
          severity: e.severity,
          ...(e.seat === undefined ? {} : { seat: e.seat }),
          ...(e.reader === undefined ? {} : { reader: e.reader }),
          ...(this.betweenHands && AFTER_THE_HAND.has(e.code) ? { afterHand: true } : {}),
          // The last hand's debt, told in this one once the readers' lag after the press has passed.
          ...(!this.betweenHands && e.code === ENDED_OWING ? { afterHand: true, carried: true } : {}),
        });
      } else if (e.kind === "alert_clear") {
        this.open = this.open.filter(
          (a) =>
            !(
              a.code === e.code &&
              (e.seat === undefined || a.seat === e.seat) &&
              (e.reader === undefined || a.reader === e.reader)
            ),
        );
      } else if (e.kind === "hand_end") {
        // A hand's alerts end with it; a reader still away and a call for the floor stay (and what the
        // work after the hand before was still owed, carried through this one, ends now too).
        this.open = this.open.filter((a) => a.code === "READER_OFFLINE" || a.code === FLOOR_CALLED);
        this.betweenHands = true;
      } else if (e.kind === "hand_start") {
        // What the work after the last hand raised stays through this one, until answered: the tray
        // judged at this press, a losing bet still on the layout (said a moment ago, answered by nobody).
        this.open = this.open.filter(
          (a) => a.code === "READER_OFFLINE" || a.code === FLOOR_CALLED || a.afterHand === true,
        );
        for (const a of this.open) if (a.afterHand) a.carried = true;
        this.betweenHands = false;
        this.pendingRuling = null;
      }
    }
    return [...events];
  }

  /** The dealer's `floor` key: one open call at a time. */
  callFloor(t: number): TableEvent[] {
    if (this.open.some((a) => a.code === FLOOR_CALLED)) return [];
    return [alert(t, FLOOR_CALLED, "The dealer calls the floor", ["Wait for a supervisor at the table"])];
  }

  /**
   * The dealer's `ok` key: the dealer has done what the oldest open dealer-severity alert asked, and
   * says so; it is cleared. Floor alerts wait for a supervisor.
   */
  acknowledge(t: number): TableEvent[] {
    const a = this.open.find((e) => e.severity === "dealer");
    if (!a) return [];
    return [
      {
        t,
        kind: "alert_clear",
        code: a.code,
        ...(a.seat === undefined ? {} : { seat: a.seat }),
      },
    ];
  }

  /** A ruling, a void with a reason, or an undo. */
  floor(event: DeskOp): TableEvent[] {
    // A call for the floor and a reader away outlive the hand: answering them is not hand-bound.
    const crossesHands =
      event.op === "ruling" && (event.code === FLOOR_CALLED || event.code === "READER_OFFLINE");
    const stale = crossesHands ? null : this.staleHand(event.hand);
    if (stale !== null) return [rejected(event.t, event.op, stale)];
    switch (event.op) {
      case "undo":
        return this.undo(event.t, event.by);
      case "voidHand":
        if (!this.target.hasHand()) return [rejected(event.t, "voidHand", "there is no hand to void")];
        if (this.pendingRuling) return [rejected(event.t, "voidHand", this.waiting())];
        return this.decide(event.t, "void", event.undoWindowMs, {
          reason: event.reason,
          ...(event.by === undefined ? {} : { by: event.by }),
        });
      case "ruling":
        return this.ruling(event);
    }
  }

  /** The earliest `t` at which a pending ruling takes effect. */
  nextDeadline(): number | null {
    return this.pendingRuling?.due ?? null;
  }

  /** Runs a pending ruling whose window has run out by `t`. */
  advanceTo(t: number): TableEvent[] {
    const p = this.pendingRuling;
    if (p === null || p.due > t) return [];
    return this.apply(p.due);
  }

  /** The shuffler declares a pending misdeal or void at once: the deck is gone, nothing is left to undo. */
  settleNow(t: number): TableEvent[] {
    return this.pendingRuling === null ? [] : this.apply(t);
  }

  private ruling(event: Extract<DeskOp, { op: "ruling" }>): TableEvent[] {
    const { t, ruling, seat, code } = event;
    if (this.pendingRuling) return [rejected(t, "ruling", this.waiting())];
    const answers = this.answering(code, seat);
    // The catalogue lets the floor rule a hand dead on its own (HAND_DEAD: "or the floor rules it dead").
    const ownCause = ruling === "dead" && seat !== undefined && code === undefined;
    if (answers.length === 0 && !ownCause) {
      const reason =
        code === undefined
          ? "no alert is open; to end a hand with no alert, void it with a reason (voidHand)"
          : `no open alert ${code}${seat === undefined ? "" : ` for seat ${seat}`} to answer (it was cleared or ruled already)`;
      return [rejected(t, "ruling", reason)];
    }
    // What the last hand's work left open, answered during the next hand: the floor's word that it was
    // seen to (its figures stay in the journal); it ends no hand.
    if (answers.length > 0 && answers.every((a) => a.carried)) {
      if (ruling !== "continue")
        return [
          rejected(
            t,
            "ruling",
            `${answers[0]!.code} came after the last hand and this hand is not its: answer it with continue`,
          ),
        ];
      return answers.map((a) => ({
        t,
        kind: "alert_clear" as const,
        code: a.code,
        ...(a.seat === undefined ? {} : { seat: a.seat }),
      }));
    }
    if (code === FLOOR_CALLED) {
      if (ruling !== "continue")
        return [rejected(t, "ruling", "a call for the floor is answered with continue")];
      return [{ t, kind: "alert_clear", code: FLOOR_CALLED }];
    }
    if (!this.target.hasHand()) {
      // An alert raised after its hand (TRAY_VARIANCE: the tray judged once the dealer is done) waits
      // for the floor between hands: `continue` is the supervisor's word that it was seen to; the
      // variance itself stays in the `tray` event and the journal.
      const after = answers.find((a) => a.code === code && a.code !== "READER_OFFLINE");
      if (ruling === "continue" && after !== undefined)
        return [
          {
            t,
            kind: "alert_clear",
            code: after.code,
            ...(after.seat === undefined ? {} : { seat: after.seat }),
          },
        ];
      return [rejected(t, "ruling", "there is no hand to rule on")];
    }
    if (ruling === "misdeal" || ruling === "void") {
      return this.decide(t, ruling, event.undoWindowMs, {
        ...(code === undefined ? {} : { code }),
        ...(event.by === undefined ? {} : { by: event.by }),
      });
    }
    const caused = this.target.rule(t, ruling, seat, code);
    // A ruling that changes nothing must not read as applied: the page said "applied" and the alert
    // stayed (continue on READER_OFFLINE, which clears only when the reader is back).
    if (caused.length === 0) return [rejected(t, "ruling", nothingToRule(ruling, code))];
    return caused;
  }

  private decide(
    t: number,
    ruling: "misdeal" | "void",
    windowMs: number | undefined,
    extra: Pick<PendingRuling, "by" | "code" | "reason">,
  ): TableEvent[] {
    this.pendingRuling = { ruling, t, due: t + (windowMs ?? 0), ...extra };
    if (!windowMs) return this.apply(t);
    const who = extra.by ? ` by ${extra.by}` : "";
    return [
      alert(
        t,
        "RULING_PENDING",
        `${word(ruling)} ruled${who}: it takes effect in ${Math.round(windowMs / 1000)} s`,
        ["A supervisor can undo it until then"],
      ),
    ];
  }

  private apply(t: number): TableEvent[] {
    const p = this.pendingRuling;
    this.pendingRuling = null;
    if (p === null || !this.target.hasHand()) return [];
    return this.target.rule(t, p.ruling, undefined, p.code);
  }

  private undo(t: number, by: string | undefined): TableEvent[] {
    const p = this.pendingRuling;
    if (p === null) return [rejected(t, "undo", "no misdeal or void is waiting: nothing to undo")];
    this.pendingRuling = null;
    const who = by ? ` by ${by}` : "";
    return [alert(t, "RULING_UNDONE", `${word(p.ruling)} undone${who}: the hand goes on as before`, [])];
  }

  /** Why an operation meant for hand `hand` cannot be taken now, or null when that hand is on. */
  private staleHand(hand: number | undefined): string | null {
    if (hand === undefined) return null;
    const on = this.target.hasHand() ? this.target.handNumber() : null;
    if (on === hand) return null;
    const now = on === null ? "no hand is in play" : `hand ${on} is in play`;
    return `it was sent for hand ${hand}, but ${now} (the page was out of date: look at the table again)`;
  }

  private waiting(): string {
    const p = this.pendingRuling;
    return `a ${p?.ruling ?? "ruling"} is waiting for its undo window; undo it or wait`;
  }
}

function word(ruling: "misdeal" | "void"): string {
  return ruling === "misdeal" ? "Misdeal" : "Void";
}
