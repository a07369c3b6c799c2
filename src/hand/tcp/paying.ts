/**
 * Three Card Poker after the reveal (issue 18): the dealer takes each losing bet to the tray and pays
 * each winning bet beside it from the tray; then the player takes his chips. The hand has ended by
 * then (its awards say what each box is owed, as they always did); this desk watches the wager zones
 * until the dealer is done, checks every payout against the pay table (PAYOUT_WRONG) and every losing
 * bet taken (LOSING_BET_LEFT). Plain data and pure functions: the table core holds one between hands.
 *
 * How the zones read:
 * - a losing line's zone must empty (its stake goes to the tray);
 * - a winning line's zone must come to hold its stake plus the payout (the payout beside the stake
 *   lies on the same loop, hardware.md); the Ante bonus is paid on the Ante's zone, with the Ante's
 *   own win, so one payout there is split Ante first, bonus second;
 * - a zone that empties after its payout was read was taken by the player;
 * - the dealer has started paying when the first payout is read: a losing bet still out one reader
 *   lag later (a chip taken off is reported K scans late, a chip put down at once) was left;
 * - the dealer is done with the layout when he collects his own cards: any losing bet still out one
 *   reader lag later (his cards and the chips are scanned in different slots) was left, and a winning
 *   bet with no payout read was not paid (PAYOUT_WRONG, paid 0).
 *
 * Over 300 lines: the zones, the payouts and the losing bets are one desk, judged together; the plan a
 * settled hand gives it (what each zone is owed) is built here too, from the same pay-table lines.
 */
import type { TableEvent } from "../../contract/output.js";
import { type ChipTag, chipTotal, type Observation } from "../../reading/observations.js";
import type { PayoutBet } from "../../rules/threeCard/payout.js";
import type { BoxMovement, ChipCount } from "../../rules/tray.js";
import { alert } from "../alerts.js";
import { type AlertLedger, clear, isOpen, raise } from "../emit.js";
import type { TcpBet, TcpContext, TcpLine } from "./context.js";

/** A winning line paid beside a zone: what the pay table owes and how. */
export interface Owed {
  bet: PayoutBet;
  due: number;
  how: string;
}

export interface PayingZone {
  antenna: string;
  box: number;
  /** The stake on the zone when the dealer turned his cards. */
  stake: number;
  /** The chips of the stake as read then (their denominations go to the tray when it is lost). */
  stakeChips: ChipTag[];
  /** The stake goes to the house. */
  lost: boolean;
  owed: Owed[];
  /** The chips on the zone as last read. */
  chips: ChipTag[];
  collected: boolean;
  /** The payout as last read (chips beside the stake), null until one is. */
  paid: number | null;
  /** The chips of that payout. */
  payoutChips: ChipTag[];
  taken: boolean;
  /** The floor (or the dealer's `ok`) let the zone stand as it is. */
  waived: boolean;
}

export interface Paying extends AlertLedger {
  hand: number;
  zones: PayingZone[];
  /** One reader lag: a chip taken off a zone may be reported gone this late (ms). */
  lagMs: number;
  /** When to judge the losing bets once the first payout was read, or null. */
  losersDue: number | null;
  /** When to judge the layout once the dealer collected his cards, or null. */
  doneDue?: number | null;
  started: boolean;
}

const PAYOUT_NAME: Record<TcpBet, PayoutBet> = {
  ante: "ante",
  play: "play",
  anteBonus: "bonus",
  pairPlus: "pairplus",
  prime: "prime",
};
/** The wager zone a settled line is paid on: the Ante bonus on the Ante. */
const ZONE_OF: Record<TcpBet, string> = {
  ante: "ante",
  anteBonus: "ante",
  play: "play",
  pairPlus: "pairplus",
  prime: "prime",
};
const WORDS: Record<PayoutBet, string> = {
  ante: "Ante",
  play: "Play",
  pairplus: "Pair Plus",
  prime: "Prime",
  bonus: "Ante bonus",
};

/** One wager zone of a settled hand as the pay table left it: its stake, whether it is lost, what it is owed. */
export interface ZoneToPay {
  antenna: string;
  box: number;
  stake: number;
  lost: boolean;
  owed: Owed[];
}

/**
 * What the dealer must pay and take after a settled hand: plain data that Three Card Poker gives the
 * table when its hand ends (src/hand/tcp/lifecycle.ts), so the table's work after the hand
 * (src/table/afterHand.ts) starts the desk without reading the hand.
 */
export interface PayingPlan {
  /** When the hand ended. */
  t: number;
  hand: number;
  zones: ZoneToPay[];
}

/** The settled hand's plan; null when the hand was not settled (a misdeal or a void). */
export function payingPlan(h: TcpContext): PayingPlan | null {
  if (h.result !== "complete" || h.showdown === null) return null;
  const zones: ZoneToPay[] = [];
  for (const [boxNo, settled] of Object.entries(h.showdown.boxes)) {
    const box = Number(boxNo);
    const byZone = new Map<string, TcpLine[]>();
    for (const line of settled.lines) {
      const antenna = `${ZONE_OF[line.bet]}${box}`;
      byZone.set(antenna, [...(byZone.get(antenna) ?? []), line]);
    }
    for (const [antenna, lines] of byZone) {
      const main = lines.find((l) => l.bet !== "anteBonus");
      const stake = main?.stake ?? 0;
      const owed = lines.flatMap((l) =>
        l.payout && l.payout.due > 0
          ? [{ bet: PAYOUT_NAME[l.bet], due: l.payout.due, how: l.payout.how }]
          : [],
      );
      if (stake === 0 && owed.length === 0) continue;
      zones.push({ antenna, box, stake, lost: main?.outcome === "lose", owed });
    }
  }
  return { t: h.t, hand: h.hand, zones };
}

/** The desk for a settled hand's plan, its zones as the readers show them now. */
export function startPaying(
  plan: PayingPlan,
  chipsOn: (antenna: string) => ChipTag[],
  lagMs: number,
): Paying {
  const zones = plan.zones.map(({ antenna, box, stake, lost, owed }): PayingZone => {
    const chips = chipsOn(antenna);
    return {
      antenna,
      box,
      stake,
      stakeChips: chips,
      lost,
      owed,
      chips,
      // A folded box's Ante the dealer took before the reveal.
      collected: lost && chipTotal(chips) === 0,
      paid: null,
      payoutChips: [],
      taken: false,
      waived: false,
    };
  });
  return { t: plan.t, hand: plan.hand, zones, lagMs, losersDue: null, started: false, open: [], out: [] };
}

/** The antennas the desk watches. */
export function payingZones(p: Paying): string[] {
  return p.zones.map((z) => z.antenna);
}

/** What the table reader saw between hands: zone reads, and the dealer collecting his cards. */
export function payingObserved(p: Paying, t: number, observations: readonly Observation[]): TableEvent[] {
  p.t = t;
  for (const o of observations) {
    if (o.type === "zone_settled") {
      const z = p.zones.find((zone) => zone.antenna === o.antenna);
      if (z) zoneRead(p, z, o.chips);
    } else if (o.type === "card_departed" && o.antenna === "dealer") p.doneDue ??= t + p.lagMs;
  }
  return p.out.splice(0);
}

/** The losing bets are judged one reader lag after the first payout. */
export function payingTick(p: Paying, t: number): TableEvent[] {
  p.t = t;
  if (p.losersDue !== null && t >= p.losersDue) {
    p.losersDue = null;
    judgeLosers(p, false);
  }
  if (p.doneDue != null && t >= p.doneDue) dealerDone(p);
  return p.out.splice(0);
}

/** The dealer is done with the layout (his cards collected, or the next hand begins). */
export function payingEnd(p: Paying, t: number): TableEvent[] {
  p.t = t;
  dealerDone(p);
  return p.out.splice(0);
}

/** The floor lets an open alert stand (`continue`), or the dealer acknowledged it (`ok`). */
export function payingWaive(p: Paying, t: number, code: string, seat?: number): TableEvent[] {
  p.t = t;
  if (code !== "PAYOUT_WRONG" && code !== "LOSING_BET_LEFT") return [];
  for (const z of p.zones) {
    if (seat !== undefined && z.box !== seat) continue;
    if (code === "PAYOUT_WRONG" ? z.owed.length > 0 : z.lost) z.waived = true;
  }
  for (const box of new Set(p.zones.map((z) => z.box))) {
    if (seat === undefined || seat === box) clear(p, code, box);
  }
  return p.out.splice(0);
}

/** Whether the dealer has taken every losing bet and paid every winning one right (or the floor let it be). */
export function payingDone(p: Paying): boolean {
  return p.open.length === 0 && p.zones.every(resolved);
}

/** When the desk next needs the clock, or null. */
export function payingDue(p: Paying): number | null {
  const due = [p.losersDue, p.doneDue ?? null].filter((d): d is number => d !== null);
  return due.length === 0 ? null : Math.min(...due);
}

/** What the hand moved through the tray, per box and denomination (losing stakes in, payouts out). */
export function trayMovement(p: Paying): BoxMovement[] {
  const boxes = new Map<number, { collected: Record<number, number>; paid: Record<number, number> }>();
  const count = (into: Record<number, number>, chips: readonly ChipTag[]) => {
    for (const c of chips) into[c.denomination] = (into[c.denomination] ?? 0) + 1;
  };
  for (const z of p.zones) {
    const b = boxes.get(z.box) ?? { collected: {}, paid: {} };
    boxes.set(z.box, b);
    if (z.lost && z.collected) count(b.collected, z.stakeChips);
    count(b.paid, z.payoutChips);
  }
  return [...boxes].map(([box, m]) => ({ box, collected: m.collected as ChipCount, paid: m.paid }));
}

function resolved(z: PayingZone): boolean {
  if (z.waived) return true;
  const collected = !z.lost || z.collected;
  const paid = z.owed.length === 0 || z.taken || z.paid === dueOf(z);
  return collected && paid;
}

const dueOf = (z: PayingZone) => z.owed.reduce((sum, o) => sum + o.due, 0);

function zoneRead(p: Paying, z: PayingZone, chips: ChipTag[]): void {
  z.chips = chips;
  // Read by tag, not by total: a stake taken and a payout of the same value put down within one settle
  // window read as one change of chips (the readers' windows grow with the scan round).
  if (z.lost && !z.collected) givenBack(z, chips);
  const stakeTags = new Set(z.lost && z.collected ? [] : z.stakeChips.map((c) => c.tag));
  const beside = chips.filter((c) => !stakeTags.has(c.tag));
  if (z.lost && !z.collected && beside.length === chips.length) {
    z.collected = true;
    if (!p.zones.some((o) => o.box === z.box && o.lost && !o.collected)) clear(p, "LOSING_BET_LEFT", z.box);
  }
  if (chips.length === 0) {
    // The player took his chips: a winning bet with no payout read was not paid.
    if (z.owed.length > 0 && z.paid === null && !z.lost) payoutRead(p, z, 0, []);
    if (!z.lost || z.paid !== null) z.taken = true;
    return;
  }
  if (z.owed.length === 0) return;
  // Chips beside the stake are the payout; the stake alone after a payout was read means it was taken back.
  const paid = chipTotal(beside);
  if (paid > 0 || z.paid !== null) payoutRead(p, z, paid, beside);
}

/**
 * Chips that leave a losing zone while the rest still make its stake were never the stake: a bet put
 * down after the first card, the floor ruling play on with the bets as they were, is given back to the
 * player, however late the readers report it (TCP seed 42 at 600 ms rounds: its removal came after the
 * hand's end, and the tray was judged 25 short). Only what is left goes to the tray.
 */
function givenBack(z: PayingZone, chips: readonly ChipTag[]): void {
  const now = new Set(chips.map((c) => c.tag));
  const left = z.stakeChips.filter((c) => now.has(c.tag));
  if (left.length < z.stakeChips.length && chipTotal(left) >= z.stake) z.stakeChips = left;
}

function payoutRead(p: Paying, z: PayingZone, paid: number, chips: readonly ChipTag[]): void {
  z.paid = paid;
  z.payoutChips = [...chips];
  // One payout beside the Ante pays the Ante's win first, then its bonus.
  let left = paid;
  z.owed.forEach((o, i) => {
    const share = i === z.owed.length - 1 ? left : Math.min(left, o.due);
    left -= share;
    p.out.push({ t: p.t, kind: "payout", box: z.box, bet: o.bet, due: o.due, paid: share });
  });
  if (paid > 0 && !p.started) {
    p.started = true;
    p.losersDue = p.t + p.lagMs;
  }
  judgeBox(p, z.box);
}

/** PAYOUT_WRONG for a box while any of its payouts read differs from the pay table. */
function judgeBox(p: Paying, box: number): void {
  const wrong = p.zones.filter((z) => z.box === box && !z.waived && z.paid !== null && z.paid !== dueOf(z));
  if (isOpen(p, "PAYOUT_WRONG", box)) clear(p, "PAYOUT_WRONG", box);
  if (wrong.length > 0) raise(p, payoutWrong(p.t, box, wrong));
}

/** `done`: the dealer has finished paying (his cards collected, or the next hand begun). */
function judgeLosers(p: Paying, done: boolean): void {
  for (const z of p.zones) {
    if (z.lost && !z.collected && !z.waived && chipTotal(z.chips) > 0) raise(p, losingBetLeft(p.t, z, done));
  }
}

function dealerDone(p: Paying): void {
  p.losersDue = null;
  p.doneDue = null;
  judgeLosers(p, true);
  for (const z of p.zones) {
    if (z.owed.length > 0 && z.paid === null && !z.taken && !z.waived && (!z.lost || z.collected))
      payoutRead(p, z, 0, []);
  }
}

function payoutWrong(t: number, box: number, zones: readonly PayingZone[]) {
  const steps: string[] = [];
  const parts: string[] = [];
  for (const z of zones) {
    const due = dueOf(z);
    const paid = z.paid ?? 0;
    const where = `box ${box}'s ${WORDS[z.owed[0]!.bet]}`;
    parts.push(`${where} paid ${paid}, due ${due}`);
    for (const o of z.owed) steps.push(`Due: ${o.how}`);
    steps.push(
      paid < due
        ? `Add ${due - paid} from the tray to the payout beside ${where}`
        : `Take ${paid - due} back from the payout beside ${where} to the tray`,
    );
  }
  steps.push("Let the player take the chips only once the payout is right");
  const under = zones.some((z) => (z.paid ?? 0) < dueOf(z));
  return alert(t, "PAYOUT_WRONG", `${under ? "Underpaid" : "Overpaid"}: ${parts.join("; ")}`, steps, box);
}

function losingBetLeft(t: number, z: PayingZone, done: boolean) {
  const what = WORDS[z.antenna.startsWith("ante") ? "ante" : (z.antenna.replace(/\d+$/, "") as PayoutBet)];
  // Once he has finished paying there is nothing to go on with: the bet must not stay as the next hand's.
  const steps = done
    ? [
        `Take box ${z.box}'s ${what} to the tray before the next hand's cards are drawn`,
        "A bet that lost is not a bet on the next hand",
      ]
    : [`Take box ${z.box}'s ${what} to the tray`, "Then go on paying"];
  return alert(
    t,
    "LOSING_BET_LEFT",
    `Box ${z.box}'s ${what} (${z.stake}) lost and is still on the layout`,
    steps,
    z.box,
  );
}
