/** Checks on a converted PHH hand's event stream, shared by the converter tests. */
import type { InputEventIn } from "../../src/contract/input.js";
import type { PhhHand } from "../../src/rules/phh/read.js";
import { phhSeating } from "../../src/rules/phh/replay.js";
import { chipTotal } from "../../src/sim/chips.js";

/** `street:seat` → chips the seat had in front of it on that street, from the PHH record alone (no engine). */
export function phhStreetTotals(hand: PhhHand): Map<string, number> {
  const n = hand.startingStacks.length;
  const stack = [0, ...hand.startingStacks];
  const { sbSeat, bbSeat } = phhSeating(n);
  const { sb, bb, ante, bbAnte } = hand.level;
  const totals = new Map<string, number>();
  let street = 0;
  let bets = new Array<number>(n + 1).fill(0);
  const put = (seat: number, amount: number) => {
    const paid = Math.min(amount, stack[seat] ?? 0);
    stack[seat] = (stack[seat] ?? 0) - paid;
    bets[seat] = (bets[seat] ?? 0) + paid;
    if (paid > 0) totals.set(`${street}:${seat}`, bets[seat] ?? 0);
  };
  // PokerKit's order: antes (a big-blind ante too) before the blinds.
  for (let seat = 1; seat <= n; seat++) {
    const a = ante + (seat === bbSeat ? bbAnte : 0);
    stack[seat] = (stack[seat] ?? 0) - Math.min(a, stack[seat] ?? 0);
  }
  put(sbSeat, sb);
  put(bbSeat, bb);
  // Callers owe the full big blind pre-flop, even when the blind is short.
  let current = bb;
  for (const a of hand.actions) {
    if (a.kind === "deal-board") {
      street += 1;
      bets = bets.map(() => 0);
      current = 0;
    } else if (a.kind === "check-call") {
      put(a.player, current - (bets[a.player] ?? 0));
    } else if (a.kind === "bet-raise-to") {
      put(a.player, a.to - (bets[a.player] ?? 0));
      current = Math.max(current, a.to);
    }
  }
  return totals;
}

/** `street:seat` → the most chips seen on `bet<seat>` during that street (streets counted by board size). */
export function zoneTotals(events: readonly InputEventIn[]): Map<string, number> {
  const totals = new Map<string, number>();
  let boardMax = 0;
  for (const e of events) {
    if (e.kind !== "tags") continue;
    if (e.antenna === "board") boardMax = Math.max(boardMax, e.tags.length);
    const seat = /^bet(\d+)$/.exec(e.antenna)?.[1];
    if (seat === undefined || e.tags.length === 0) continue;
    const street = boardMax === 0 ? 0 : boardMax - 2;
    const key = `${street}:${seat}`;
    totals.set(key, Math.max(totals.get(key) ?? 0, chipTotal(e.tags)));
  }
  return totals;
}

/** Problems with where tags are: a tag on two antennas at once, a second copy of a face, a chip reused. */
export function tagProblems(events: readonly InputEventIn[]): string[] {
  const problems: string[] = [];
  const now = new Map<string, readonly string[]>();
  const leftForPot = new Set<string>();
  for (const e of events) {
    if (e.kind !== "tags") continue;
    now.set(e.antenna, e.tags);
    if (e.antenna === "pot") e.tags.forEach((tag) => leftForPot.add(tag));
    const where = new Map<string, string>();
    for (const [antenna, tags] of now) {
      for (const tag of tags) {
        const other = where.get(tag);
        if (other !== undefined) problems.push(`t=${e.t}: ${tag} on ${other} and ${antenna}`);
        where.set(tag, antenna);
      }
    }
    for (const tag of e.tags) {
      if (tag.includes("/")) problems.push(`t=${e.t}: second copy ${tag}`);
      if (/^bet\d+$/.test(e.antenna) && leftForPot.has(tag))
        problems.push(`t=${e.t}: ${tag} back from the pot`);
    }
  }
  return problems;
}

/** Every card face that appears anywhere in the stream. */
export function facesSeen(events: readonly InputEventIn[]): Set<string> {
  const faces = new Set<string>();
  for (const e of events)
    if (e.kind === "tags") for (const tag of e.tags) if (tag.startsWith("card:")) faces.add(tag);
  return faces;
}
