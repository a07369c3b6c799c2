/**
 * The simulated dealer hears the floor. The simulator deals each hand ahead as a script (src/sim/
 * session.ts); at a live simulated table (`npm start`, `sim --tables N --mqtt`) a supervisor may rule
 * on the floor page or from the room overview, and a real dealer then does what the ruling means
 * instead of going on as if nothing was said. This plays the script into the runtime and watches the
 * table:
 *
 * - a misdeal or void ruled with an undo window: the dealer stops and waits (the hand is the floor's);
 *   undone, he goes on where he stopped, the rest of the script as much later as he waited;
 * - the hand ended by the floor's misdeal or void: the rest of its script is dropped; the dealer collects
 *   the cards and chips from where the felt is, and for a misdeal presses the shuffler and deals the hand
 *   again (`HandSource.followRuling`); after a void the next hand comes as usual;
 * - continue on a misdeal the dealer had stopped for: the deal stands, he plays the hand on as it lies
 *   instead of collecting the cards; dead on a seat: he moves its cards to the muck and the hand goes on
 *   without it (`HandSource.hearRuling`: the hand's script dealt again, the same up to the ruling);
 *   likewise continue (the bets as they were) or dead (the box out) on a Three Card Poker bet changed
 *   after the deal;
 * - the simulator's own stand-in floor, scripted to rule on the same alert a moment later, stays quiet
 *   when the floor has answered it already.
 *
 * - an alert that holds the hand for the floor (a misdeal, a card not of the deck, a dead hand) or whose
 *   first step is to call the floor (a four-card flop, r.35): he stops and waits for a supervisor, up to
 *   FLOOR_WAIT_MS (src/sim/floorWords.ts); ruled, he follows the ruling from there (for a four-card flop
 *   the floor's only answer is `continue`, its word that the procedure may go on: he then scrambles the
 *   four and has one picked for the burn); not ruled by then, he goes on as the house's standing
 *   procedure says (the script's stand-in floor, or r.35's procedure). The wait is in the script (the hand dealt again with it), so the readers
 *   go on reporting what he did before he stopped. Before, he went on at once, and the stand-in ruled
 *   within two seconds: a supervisor who walked over found the deal collected and dealt again.
 *
 * Nothing here reads a clock: the table's events and inputs say what happened, in order.
 */
import type { InputEvent, InputEventIn } from "../contract/input.js";
import type { TableEvent } from "../contract/output.js";
import type { Runtime } from "../runtime/runtime.js";
import type { FloorEnding, HandBatch } from "./session.js";
import type { FloorWord } from "./floorWords.js";
import { MISDEAL_HOLDS, TCP_MISDEAL_HOLDS, VOID_HOLDS } from "../hand/hold.js";
import { AFTER_THE_HAND } from "../contract/alerts.js";
import { FLOOR_CALLED } from "../table/rulingDesk.js";

/**
 * Alerts the dealer stops for: the hand is held for the floor (r.33, IPC 29), a hand is dead (r.33-D),
 * or the procedure begins with the floor called (r.35's four-card flop: "the floor is called", and the
 * steps' first is "Call the floor"; the dealer scrambles the four only once a supervisor has seen them),
 * or it waits for the floor's ruling (Three Card Poker's bet changed after the deal: the bets put back,
 * "Call the floor: the hand waits for the ruling", continue or the box dead).
 */
const WAITS_FOR_FLOOR: ReadonlySet<string> = new Set([
  ...Object.values(MISDEAL_HOLDS),
  ...Object.values(TCP_MISDEAL_HOLDS),
  ...Object.values(VOID_HOLDS),
  "HAND_DEAD",
  "FOUR_CARD_FLOP",
  "TCP_BET_AFTER_DEAL",
]);

/**
 * Alerts that are not the hand's: what the work after the last hand left open (carried into this one),
 * the dealer's own call for the floor, a reader away. A ruling on one is the supervisor seeing to it:
 * neither his word on the deal nor the answer the house's stand-in would have given (it rules on none of
 * them). Before, a `continue` on the last hand's tray variance, taken by the table during a Three Card
 * Poker hold for a card too many, read as the deal let stand (four cards played: the simulator threw)
 * and as the hold answered (the stand-in's misdeal dropped: the dealer collected a hand still held).
 */
const NOT_THE_HANDS: ReadonlySet<string> = new Set([...AFTER_THE_HAND, FLOOR_CALLED, "READER_OFFLINE"]);

/**
 * Whether a `continue` answers the alert the dealer stops for: it names one of them, or none (it then
 * answers every open alert, his among them). On another alert it is not his word that the deal stands.
 */
const answersHisWait = (code: string | undefined): boolean => code === undefined || WAITS_FOR_FLOOR.has(code);

/** What the follower needs of the hands' source (src/sim/run.ts HandSource). */
export interface FollowedSource {
  nextHand(): HandBatch;
  /** The dealer after the floor ended a deal; absent: the source cannot follow (it plays on). */
  followRuling?(ending: FloorEnding, felt: ReadonlyMap<string, readonly string[]>): HandBatch;
  /**
   * A supervisor's `continue` or `dead` during the last batch: that batch dealt again, the same events
   * up to the ruling and the dealer following it after; null when it changes nothing he does. Absent:
   * the source cannot follow these (it plays on).
   */
  hearRuling?(word: FloorWord): HandBatch | null;
}

/** The next step of the script. */
export type ScriptStep =
  | { readonly kind: "event"; readonly event: InputEventIn }
  /** The floor holds the hand (a misdeal or void in its undo window): nothing to play until it says. */
  | { readonly kind: "held" }
  /** The hands asked for are dealt. */
  | { readonly kind: "done" };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export class FloorFollower {
  private queue: InputEventIn[] = [];
  /** Events of the batch in play already taken from the queue (a batch dealt again keeps them). */
  private played = 0;
  /** Table time = script time + shift (the time the dealer waited for the floor). */
  private shift = 0;
  private heldAt: number | null = null;
  private ending: FloorEnding | null = null;
  /** Inside the script's own submit (an input that is not the floor's). */
  private playing = false;
  /** The floor answered an alert, and no alert came since: the stand-in floor's ruling is not needed. */
  private floorAnswered = false;
  /** What the readers last reported, antenna by antenna (where the dealer collects from). */
  private readonly felt = new Map<string, readonly string[]>();
  private wake: (() => void) | null = null;
  /** Deals the dealer ended or held because the floor said so (tests, the run's summary). */
  readonly followed: FloorEnding[] = [];

  constructor(
    private readonly source: FollowedSource,
    /** Told of every batch taken from the source: a new hand, or the dealer following the floor. */
    /** `ruling`: the batch in play dealt again after a continue or dead (its first events were played). */
    private readonly onBatch: (batch: HandBatch, kind: "hand" | "follow" | "ruling") => void = () => {},
  ) {}

  /** Listens to the runtime's inputs and events. */
  attach(runtime: Runtime): void {
    runtime.addOutput((events) => this.watch(events));
    runtime.addInputObserver((event, out) => this.heard(event, out));
  }

  /** Whether the floor holds the hand. */
  get held(): boolean {
    return this.heldAt !== null;
  }

  /**
   * The next event to play, in table time; `startHand` false: no new hand is taken from the source
   * (the run has its hands), so `done` once this one is played out.
   */
  peek(startHand: boolean): ScriptStep {
    if (this.ending !== null) this.follow(this.ending);
    if (this.heldAt !== null) return { kind: "held" };
    if (this.queue.length === 0) {
      if (!startHand) return { kind: "done" };
      const batch = this.source.nextHand();
      this.onBatch(batch, "hand");
      this.queue = batch.events.map((e) => this.toTable(e));
      this.played = 0;
    }
    const event = this.queue[0];
    return event === undefined ? { kind: "done" } : { kind: "event", event };
  }

  /** Plays the event `peek` gave (the head of the script) with `submit` (into the runtime). */
  play(submit: (event: InputEventIn) => unknown): void {
    const event = this.queue.shift();
    if (event === undefined) return;
    this.played += 1;
    if (event.kind === "tags") this.felt.set(event.antenna, event.tags);
    // The stand-in floor's ruling on an alert the floor has answered already would be refused.
    if (event.kind === "floor" && event.op === "ruling" && this.floorAnswered) return;
    this.playing = true;
    try {
      submit(event);
    } finally {
      this.playing = false;
    }
  }

  /** Resolves when the table says something (a held hand waits on it); at once when aborted. */
  changed(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        signal?.removeEventListener("abort", done);
        this.wake = null;
        resolve();
      };
      this.wake = done;
      signal?.addEventListener("abort", done, { once: true });
    });
  }

  private toTable(e: InputEventIn): InputEventIn {
    return this.shift === 0 ? e : { ...e, t: e.t + this.shift };
  }

  /** The table's events: what is open, and a held hand's end. */
  private watch(events: readonly TableEvent[]): void {
    for (const e of events) {
      if (e.kind === "alert" && e.severity !== "info") this.floorAnswered = false;
      // The dealer stops for the floor (where his procedure would go on at once, he waits).
      if (e.kind === "alert" && WAITS_FOR_FLOOR.has(e.code) && this.heldAt === null && this.ending === null)
        this.hear({ ruling: "wait" }, e.t);
      if (e.kind === "hand_start") this.floorAnswered = false;
      // A misdeal or void the script did not deal: the floor's (ruled at once, or its window ran out).
      if (e.kind === "hand_end" && e.result !== "complete" && (this.heldAt !== null || !this.playing)) {
        this.ending = { hand: e.hand, result: e.result, t: e.t, playedTo: this.heldAt ?? e.t };
        this.heldAt = null;
      }
    }
    this.wake?.();
  }

  /** An input the table took: the floor's rulings, from whoever sent them, are followed. */
  private heard(event: InputEvent, out: readonly TableEvent[]): void {
    if (this.playing || event.kind !== "floor") return;
    if (event.op !== "ruling" && event.op !== "voidHand" && event.op !== "undo") return;
    if (out.some((e) => e.kind === "alert" && e.code === "FLOOR_OP_REJECTED")) return;
    if (event.op === "undo") {
      // The misdeal or void taken back: the dealer goes on where he stopped, as late as he waited.
      if (this.heldAt !== null) this.release(event.t - this.heldAt);
      return;
    }
    if (event.op === "ruling" && event.code !== undefined && NOT_THE_HANDS.has(event.code)) return;
    this.floorAnswered = true;
    if (out.some((e) => e.kind === "alert" && e.code === "RULING_PENDING") && this.ending === null)
      this.heldAt = event.t;
    else if (event.op === "ruling" && event.ruling === "continue" && answersHisWait(event.code))
      this.hear({ ruling: "continue" }, event.t);
    else if (event.op === "ruling" && event.ruling === "dead" && event.seat !== undefined)
      this.hear({ ruling: "dead", seat: event.seat }, event.t);
    this.wake?.();
  }

  /** A word of the floor at table time `t` (src/sim/floorWords.ts): the rest of the hand follows it. */
  private hear(word: DistributiveOmit<FloorWord, "t">, t: number): void {
    if (this.source.hearRuling === undefined) return;
    const batch = this.source.hearRuling({ ...word, t: t - this.shift } as FloorWord);
    if (batch === null) return;
    this.onBatch(batch, "ruling");
    this.queue = batch.events.slice(this.played).map((e) => this.toTable(e));
  }

  private release(waited: number): void {
    this.heldAt = null;
    this.shift += waited;
    this.queue = this.queue.map((e) => ({ ...e, t: e.t + waited }));
  }

  /** The floor ended the deal: the rest of its script goes; the dealer follows the ruling. */
  private follow(ending: FloorEnding): void {
    this.ending = null;
    this.followed.push(ending);
    if (this.source.followRuling === undefined) return;
    this.queue = [];
    const batch = this.source.followRuling(
      { ...ending, t: ending.t - this.shift, playedTo: (ending.playedTo ?? ending.t) - this.shift },
      this.felt,
    );
    this.onBatch(batch, "follow");
    this.queue = batch.events.map((e) => this.toTable(e));
    this.played = 0;
  }
}
