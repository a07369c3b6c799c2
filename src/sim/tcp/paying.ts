/**
 * The simulated dealer after he turns his cards (issue 18): he takes every losing bet to the tray,
 * pays every winning bet beside it from the tray, the players take their chips; with at most one
 * error of his own — a payout short or over, a losing bet forgotten, a chip palmed from the tray —
 * put right as the alert's steps say once the table has had time to say it.
 */
import type { Card } from "../../rules/cards.js";
import { makeChange } from "../chips.js";
import type { PayTable } from "../../rules/threeCard/payTable.js";
import { settleBox } from "../../rules/threeCard/settle.js";
import { pick, randInt, type Rng } from "../random.js";
import type { Timeline } from "../timeline.js";
import type { BoxPlan } from "./players.js";
import type { SimTray } from "./tray.js";

/** The paying errors the dealer makes, each with the alert the table owes (seat: the box; the tray's names none). */
export const PAYING_INJECTIONS = {
  /** A payout one chip short. */
  underpay: "PAYOUT_WRONG",
  /** A payout one chip over. */
  overpay: "PAYOUT_WRONG",
  /** A losing bet not taken while the dealer pays (or, with nothing to pay, when he collects his cards). */
  "loser-left": "LOSING_BET_LEFT",
  /** A chip taken from the tray into the dealer's pocket. */
  "tray-palmed": "TRAY_VARIANCE",
} as const;
export type PayingInjection = keyof typeof PAYING_INJECTIONS;

/** One zone's settlement: the stake goes to the tray (lost), a payout comes beside it (due), or neither. */
interface Zone {
  antenna: string;
  box: number;
  lost: boolean;
  due: number;
}

export interface PayingSetup {
  tl: Timeline;
  rng: Rng;
  tray: SimTray;
  boxes: readonly BoxPlan[];
  hands: ReadonlyMap<number | "dealer", Card[]>;
  payTable: PayTable;
  kind: PayingInjection | null;
}

const ZONE: Record<string, string> = {
  ante: "ante",
  anteBonus: "ante",
  play: "play",
  pairPlus: "pairplus",
  prime: "prime",
};

/** The zones of the hand as the pay table settles them. */
function zonesOf(s: PayingSetup): Zone[] {
  const dealer = s.hands.get("dealer") ?? [];
  const zones = new Map<string, Zone>();
  for (const b of s.boxes) {
    const settled = settleBox({ bets: b.bets, player: s.hands.get(b.box) ?? [], dealer }, s.payTable);
    for (const r of settled.results) {
      const antenna = `${ZONE[r.bet]}${b.box}`;
      const z = zones.get(antenna) ?? { antenna, box: b.box, lost: false, due: 0 };
      if (r.bet !== "anteBonus" && r.outcome === "lose" && r.stake > 0) z.lost = true;
      if (r.outcome === "win") z.due += Math.floor(r.payout);
      zones.set(antenna, z);
    }
  }
  return [...zones.values()];
}

/** Scripts the taking and paying; returns the box the injected error was made on (null: none could be). */
export function scriptPaying(s: PayingSetup): { box: number } | null {
  const { tl, tray } = s;
  const pause = (lo: number, hi: number) => tl.wait(randInt(s.rng, lo, hi));
  const zones = zonesOf(s).filter((z) => tl.read(z.antenna).length > 0 || z.due > 0);
  const target = chooseTarget(s, zones);
  const forgotten = s.kind === "loser-left" ? target : null;
  for (const z of zones.filter((z) => z.lost && z !== forgotten)) {
    const chips = [...tl.read(z.antenna)];
    tl.report(z.antenna, []);
    pause(50, 150);
    tray.put(chips);
    pause(200, 500);
  }
  const paid = zones.filter((z) => z.due > 0);
  for (const z of paid) {
    const wrong = z === target && (s.kind === "underpay" || s.kind === "overpay") ? s.kind : null;
    const change = makeChange(z.due);
    const smallest = change[change.length - 1]!;
    const amount = wrong === "underpay" ? z.due - smallest : z.due;
    const chips = tray.take(amount);
    const extra = wrong === "overpay" ? tray.take(smallest) : [];
    pause(50, 150);
    tl.report(z.antenna, [...tl.read(z.antenna), ...chips, ...extra]);
    pause(300, 600);
    if (wrong === null) continue;
    // The table tells him: he puts the payout right before the player touches it.
    pause(3000, 5000);
    if (wrong === "underpay") {
      const more = tray.take(smallest);
      pause(50, 150);
      tl.report(z.antenna, [...tl.read(z.antenna), ...more]);
    } else {
      tl.report(
        z.antenna,
        tl.read(z.antenna).filter((tag) => !extra.includes(tag)),
      );
      pause(50, 150);
      tray.put(extra);
    }
    pause(300, 600);
  }
  if (s.kind === "tray-palmed") {
    tray.palm();
    pause(200, 400);
  }
  if (forgotten !== null && paid.length > 0) collectLate(s, forgotten);
  // The players reach for their chips once the dealer has paid the last box, a second or two later: a
  // payout that lay on the felt less than a scan round (600 ms at the slowest) no reader could see.
  if (paid.length > 0) pause(1000, 2000);
  // The players take their chips: stakes that stand and every payout, some at once, some later.
  for (const z of zones.filter((z) => !z.lost || z.due > 0)) {
    if (tl.read(z.antenna).length === 0) continue;
    tl.report(z.antenna, []);
    pause(100, 900);
  }
  return target === null ? null : { box: target.box };
}

/** After the dealer has collected his cards: a losing bet forgotten with nothing to pay is seen then. */
export function afterCards(s: PayingSetup, forgotten: { box: number } | null, zones?: Zone[]): void {
  if (s.kind !== "loser-left" || forgotten === null) return;
  const z = (zones ?? zonesOf(s)).find(
    (z) => z.box === forgotten.box && z.lost && s.tl.read(z.antenna).length > 0,
  );
  if (z) collectLate(s, z);
}

function collectLate(s: PayingSetup, z: Zone): void {
  // The table tells him (a reader lag after the first payout, or once his cards are in): seconds.
  s.tl.wait(randInt(s.rng, 4000, 6000));
  const chips = [...s.tl.read(z.antenna)];
  s.tl.report(z.antenna, []);
  s.tl.wait(randInt(s.rng, 50, 150));
  s.tray.put(chips);
  s.tl.wait(randInt(s.rng, 200, 500));
}

function chooseTarget(s: PayingSetup, zones: readonly Zone[]): Zone | null {
  switch (s.kind) {
    case null:
      return null;
    case "underpay":
      // One chip short of a payout of one chip would be no payout at all: the table sees that only later.
      return (
        pick(
          s.rng,
          zones.filter((z) => z.due > 0 && makeChange(z.due).length >= 2),
        ) ?? null
      );
    case "overpay":
      return (
        pick(
          s.rng,
          zones.filter((z) => z.due > 0),
        ) ?? null
      );
    case "loser-left":
      return (
        pick(
          s.rng,
          zones.filter((z) => z.lost && z.due === 0 && s.tl.read(z.antenna).length > 0),
        ) ?? null
      );
    case "tray-palmed":
      return zones[0] ?? null;
  }
}
