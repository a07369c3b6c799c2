/**
 * One Three Card Poker hand as the readers see it: the shuffler, the players' chips on their
 * zones, three cards to each box and the dealer one at a time (boxes first, the dealer last in each
 * round), the decisions, and the felt cleared for the next hand — with at most one injected error,
 * made where the error happens at a real table and then put right as the alert's steps say. After the
 * reveal the dealer takes and pays from the tray (./paying.ts).
 */
import type { Card } from "../../rules/cards.js";
import { settleBox } from "../../rules/threeCard/settle.js";
import type { PayTable } from "../../rules/threeCard/payTable.js";
import type { ChipBox } from "../chips.js";
import { cardTag, Stub } from "../deck.js";
import { flicker, landChips } from "../noise.js";
import type { Pace, PaceStep } from "../pace.js";
import { chance, randInt, type Rng } from "../random.js";
import type { Timeline } from "../timeline.js";
import type { FloorWords } from "../floorWords.js";
import { boxOut, dealStands, floorOnBet, holdsTooMany, makeDealWhole } from "./floorContinue.js";
import { MISDEALS, PAYING, type TcpInjection } from "./inject.js";
import { afterCards, type PayingInjection, scriptPaying } from "./paying.js";
import type { SimTray } from "./tray.js";
import { type BoxPlan, playsHand } from "./players.js";

/** The deck the simulated dealer deals (its cards' tags are `card:A:<face>`). */
export const TCP_SIM_DECK = "A";

export interface TcpHandSetup {
  tl: Timeline;
  /** Timing and noise. */
  rng: Rng;
  /** The shuffle: its own generator, so noise never changes the cards. */
  cardRng: Rng;
  chips: ChipBox;
  boxes: BoxPlan[];
  injection: { kind: TcpInjection; box: number } | null;
  noisy: boolean;
  payTable: PayTable;
  /** How fast the dealer and players are (FixedPace on `rng` with TCP_FIXED: the old timings). */
  pace: Pace;
  /** The dealer's tray: losing bets go in, payouts come out. */
  tray: SimTray;
  /** How long the table takes to judge the tray once the chips stopped moving (its readers' lag twice, and more). */
  trayWaitMs: number;
  /** The soonest the floor comes to a deal (never before the table judged it), the dealer takes back a late bet. */
  floorWalkMs: number;
  lateBetNoticedMs: number;
  /** A live table's supervisor's words (src/sim/floorWords.ts); absent: the stand-in floor alone rules. */
  words?: FloorWords;
  /** The hand dealt again after a misdeal: `boxes`' bets stayed on the layout, none is placed. */
  redeal?: boolean;
}

/** What the hand should come to: a misdeal, or a settled hand with the house's net. */
export interface TcpHandTruth {
  misdeal: boolean;
  house: number;
  staked: number;
  /**
   * A paying error is made on a box the cards choose (a winner to pay wrong, a loser to forget): the
   * injection as made, or null when the hand gave it no box. Absent for the other errors.
   */
  injection?: { kind: TcpInjection; box: number } | null;
}

/** Scripts one hand on the timeline; returns what the controller should make of it. */
export function scriptTcpHand(s: TcpHandSetup): TcpHandTruth {
  const d = new HandScript(s);
  return d.run();
}

class HandScript {
  private readonly stub: Stub;
  private readonly hands = new Map<number | "dealer", Card[]>();
  private readonly bad: { kind: TcpInjection; box: number } | null;
  /** Boxes the floor ruled dead: out of the hand, with nothing left to decide. */
  private readonly dead = new Set<number>();

  constructor(private readonly s: TcpHandSetup) {
    this.stub = new Stub(s.cardRng);
    this.bad = s.injection;
  }

  run(): TcpHandTruth {
    const { tl } = this.s;
    this.step("toShuffler");
    tl.press("shuffler");
    if (!this.s.redeal) this.placeBets();
    this.step("toDeal");
    const stopped = this.deal();
    this.afterDeal();
    if (stopped || (this.bad && MISDEALS.has(this.bad.kind))) {
      // The floor walks over once called: seconds, never before the table has judged the deal
      // (a short deal is judged the departure lag after it ended, 2.4 s with 600 ms rounds).
      this.pause(this.s.floorWalkMs, this.s.floorWalkMs + 3000);
      if (!dealStands(tl, this.s.words, holdsTooMany(this.hands))) {
        tl.push({ kind: "floor", op: "ruling", ruling: "misdeal" });
        // The alert's steps: every card collected, the bets stay for the hand dealt again (./dealer.ts).
        // He gathers the deck for the shuffler as after any hand (the readers see the cards go: one
        // collected and dealt back to the same place within their lag would never be seen to leave).
        this.clearFelt();
        this.pause(this.s.trayWaitMs, this.s.trayWaitMs + 500);
        return { misdeal: true, house: 0, staked: 0 };
      }
      makeDealWhole({
        tl,
        hands: this.hands,
        card: (o) => this.card(o),
        pitch: () => this.step("cardPitch"),
      });
    }
    this.decide();
    const kind = this.bad && PAYING.has(this.bad.kind) ? (this.bad.kind as PayingInjection) : null;
    const paying = {
      tl: this.s.tl,
      rng: this.s.rng,
      tray: this.s.tray,
      boxes: this.s.boxes,
      hands: this.hands,
      payTable: this.s.payTable,
      kind,
    };
    const made = scriptPaying(paying);
    this.clearFelt();
    afterCards(paying, made);
    // The tray is judged the readers' lag and tray.judgeAfterMs after the chips stop moving: the next
    // hand begins after it (the dealer gathers the deck for the shuffler meanwhile).
    this.pause(this.s.trayWaitMs, this.s.trayWaitMs + 500);
    const truth = this.truth();
    return kind === null ? truth : { ...truth, injection: made && { kind, box: made.box } };
  }

  private pause(lo: number, hi: number): void {
    this.s.tl.wait(randInt(this.s.rng, lo, hi));
  }

  /** Waits as long as `step` takes at this hand's pace. */
  private step(step: PaceStep): void {
    this.s.tl.wait(this.s.pace.ms(step));
  }

  private chipsOn(zone: string, amount: number): void {
    if (amount <= 0) return;
    landChips(this.s.tl, this.s.rng, zone, this.s.chips.take(amount), this.s.noisy);
    this.pause(150, 300);
  }

  private placeBets(): void {
    for (const b of this.s.boxes) {
      if (this.bad?.kind === "bet-outside-limits" && this.bad.box === b.box) b.bets = { ...b.bets, ante: 1 };
      const owesPlay = this.bad?.kind === "blind-play-missing" && this.bad.box === b.box;
      this.chipsOn(`ante${b.box}`, b.bets.ante);
      this.chipsOn(`pairplus${b.box}`, b.bets.pairPlus);
      this.chipsOn(`prime${b.box}`, b.bets.prime);
      if (!owesPlay) this.chipsOn(`play${b.box}`, b.bets.play);
    }
  }

  /** The deal; true when the dealer stopped it (a misdeal he made). */
  private deal(): boolean {
    const order: (number | "dealer")[] = [...this.s.boxes.map((b) => b.box), "dealer"];
    const exposeAt = randInt(this.s.rng, 0, 2);
    for (let round = 0; round < 3; round++) {
      for (const owner of order) {
        if (round === 2 && this.skips(owner)) continue;
        this.card(owner);
        if (round === exposeAt && this.exposes(owner)) {
          this.pause(200, 400);
          this.s.tl.press("exposed");
          if (owner === "dealer") return true;
          // He announces the exposed card before he deals on.
          this.step("exposedToNext");
        }
      }
    }
    return false;
  }

  private skips(owner: number | "dealer"): boolean {
    if (this.bad?.kind === "dealer-short") return owner === "dealer";
    return this.bad?.kind === "box-short" && owner === this.bad.box;
  }

  private exposes(owner: number | "dealer"): boolean {
    if (this.bad?.kind === "dealer-exposed") return owner === "dealer";
    return this.bad?.kind === "player-exposed" && owner === this.bad.box;
  }

  private card(owner: number | "dealer"): void {
    const face = this.stub.draw();
    const cards = this.hands.get(owner) ?? [];
    cards.push(face);
    this.hands.set(owner, cards);
    const antenna = owner === "dealer" ? "dealer" : `seat${owner}`;
    this.s.tl.report(antenna, [...this.s.tl.read(antenna), cardTag(TCP_SIM_DECK, face)]);
    this.step("cardPitch");
    if (this.s.noisy && chance(this.s.rng, 0.08)) {
      flicker(
        this.s.tl,
        this.s.rng,
        [...this.hands.keys()].map((o) => (o === "dealer" ? "dealer" : `seat${o}`)),
      );
      this.pause(100, 200);
    }
  }

  /**
   * Errors made once the cards are out, and put right. They come after the deal, as at a real table
   * (a player adds to Pair Plus once he has seen his cards; the dealer or the floor notices a missing
   * Play or a short Ante while dealing and settles it when the deal is done): a change within one scan
   * round of the first card cannot be told from a bet placed just before it, by any reader.
   */
  private afterCards(): void {
    const bad = this.bad;
    if (!bad) return;
    const box = this.s.boxes.find((b) => b.box === bad.box);
    if (bad.kind === "blind-play-missing" && box) {
      this.pause(500, 800);
      this.chipsOn(`play${bad.box}`, box.bets.ante);
      this.pause(500, 700);
    } else if (bad.kind === "bet-after-deal") {
      const zone = `pairplus${bad.box}`;
      const before = [...this.s.tl.read(zone)];
      this.chipsOn(zone, 25);
      this.pause(this.s.lateBetNoticedMs, this.s.lateBetNoticedMs + 300);
      this.s.tl.report(zone, before);
      // TCP_BET_AFTER_DEAL is the floor's: the dealer called it, and it rules once it has walked over
      // (the stand-in: the bets as they were when the first card was drawn; a supervisor may rule dead).
      this.pause(1500, 2500);
      const dead = floorOnBet(this.s.tl, this.s.words, bad.box);
      for (const b of this.s.boxes.filter((b) => dead.includes(b.box))) {
        boxOut(this.s.tl, b, () => this.step("cardPitch"));
        this.dead.add(b.box);
      }
      this.pause(500, 700);
    } else if (bad.kind === "bet-outside-limits") {
      this.pause(400, 600);
      this.s.tl.push({
        kind: "floor",
        op: "ruling",
        ruling: "continue",
        code: "TCP_BET_INVALID",
        seat: bad.box,
      });
    }
  }

  private afterDeal(): void {
    this.afterCards();
    if (this.bad?.kind === "box-extra-card") this.card(this.bad.box);
    if (this.bad?.kind === "dealer-extra-card") this.card("dealer");
    this.pause(300, 500);
    // The dealer says the deal is over.
    this.s.tl.press("ok");
  }

  /** Open boxes in order: Play (chips), or fold (to the muck, or the fold key). */
  private decide(): void {
    for (const b of this.s.boxes) {
      if (b.bets.ante === 0 || b.bets.play > 0 || this.dead.has(b.box)) continue;
      this.step("think");
      const cards = this.hands.get(b.box) ?? [];
      if (playsHand(cards)) {
        b.bets = { ...b.bets, play: b.bets.ante };
        this.chipsOn(`play${b.box}`, b.bets.ante);
      } else if (chance(this.s.rng, 0.5)) {
        const tags = [...this.s.tl.read(`seat${b.box}`)];
        this.s.tl.report(`seat${b.box}`, []);
        this.pause(50, 100);
        this.s.tl.report("muck", [...this.s.tl.read("muck"), ...tags]);
      } else {
        this.s.tl.press("fold");
      }
    }
    // He turns his three cards and reads them against each box's before he takes or pays a chip.
    this.pause(2000, 3000);
  }

  /** Cards back to the deck, his own first. */
  private clearFelt(): void {
    const { tl } = this.s;
    const antennas = ["dealer", "muck", ...this.s.boxes.map((b) => `seat${b.box}`)];
    for (const a of antennas) if (tl.read(a).length > 0) tl.report(a, []).wait(30);
    this.step("afterCollect");
  }

  private truth(): TcpHandTruth {
    const dealer = this.hands.get("dealer") ?? [];
    let house = 0;
    let staked = 0;
    for (const b of this.s.boxes) {
      const s = settleBox({ bets: b.bets, player: this.hands.get(b.box) ?? [], dealer }, this.s.payTable);
      for (const r of s.results) {
        if (r.bet === "anteBonus" && r.outcome !== "win") continue;
        staked += r.stake;
        house += r.stake - Math.floor(r.returned);
      }
    }
    return { misdeal: false, house, staked };
  }
}
