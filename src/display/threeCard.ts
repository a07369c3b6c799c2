/**
 * What a Three Card Poker table shows: per box the bets, the hand, the result and the payout; on the
 * dealer panel, once the dealer's hand is turned, what to pay each box. The box hands are named only
 * after the dealer's reveal (the view has no hand before it), so nothing secret reaches a display.
 */
import type { FontSize } from "../devices/epaper/frame.js";
import { PANEL_WIDTH, type Screen, type ScreenItem } from "../devices/epaper/screen.js";
import type { TcpBoxView, TcpView } from "../table/view.js";
import type { OpenAlert } from "./alertBoard.js";
import { chips, panelText, rankAlerts } from "./dealerPanel.js";

const MARGIN = 16;
const SMALL: FontSize = 32;
const LINE = 36;

/** The bets of a box in one short line: "A 100 P 100 PP 25 Pr 10". */
export function betsLine(box: TcpBoxView): string {
  const { ante, play, pairPlus, prime } = box.bets;
  const parts: string[] = [];
  if (ante > 0) parts.push(`A ${chips(ante)}`);
  if (play > 0) parts.push(`P ${chips(play)}`);
  if (pairPlus > 0) parts.push(`PP ${chips(pairPlus)}`);
  if (prime > 0) parts.push(`Pr ${chips(prime)}`);
  return parts.length > 0 ? parts.join(" ") : "no bet";
}

/** One line per box for a terminal or a list. */
export function boxLines(view: TcpView): string[] {
  return view.boxes.map((b) => {
    const who = `Box ${b.box}${b.blind ? " (blind)" : ""}`;
    const result =
      b.payout === null
        ? b.status
        : `${b.hand ?? ""}: pay ${chips(b.payout)} (net ${b.net! >= 0 ? "+" : ""}${chips(b.net!)})`;
    return `${who.padEnd(16)} ${betsLine(b).padEnd(26)} ${b.cards} cards  ${result}`;
  });
}

/** The dealer's line: his hand and whether it qualifies, once turned. */
export function dealerLine(view: TcpView): string {
  const d = view.dealer.hand;
  if (d === null) return `Dealer: ${view.dealer.cards} cards`;
  return `Dealer: ${d.name}${d.qualifies ? "" : " - does not qualify"}`;
}

const SHORT: Record<string, string> = { ante: "A", play: "P", anteBonus: "AB", pairPlus: "PP", prime: "Pr" };

/**
 * The pay list, as the dealer reads it while paying (issue 18): per box the payout due beside its
 * bets, line by line ("Pay box 1: 225 - A 100 P 100 PP 25"); a box that only gets its stake back
 * says so.
 */
export function payLines(view: TcpView): string[] {
  if (view.dealer.pay.length === 0)
    return view.dealer.hand === null ? [] : ["Nothing to pay: take the lost bets"];
  return view.dealer.pay.map((p) => {
    if (p.due.length === 0) return `Box ${p.box}: stake back`;
    const sum = p.due.reduce((n, d) => n + d.due, 0);
    return `Pay box ${p.box}: ${chips(sum)} - ${p.due.map((d) => `${SHORT[d.bet] ?? d.bet} ${chips(d.due)}`).join(" ")}`;
  });
}

/** The dealer panel of a Three Card Poker hand. */
export function threeCardPanel(view: TcpView, alerts: readonly OpenAlert[]): Screen {
  const items: ScreenItem[] = [];
  const text = (x: number, y: number, s: string, size: FontSize = SMALL) => {
    const clean = panelText(s).slice(0, Math.floor((PANEL_WIDTH - x) / (size / 2)));
    if (clean !== "") items.push({ kind: "text", x, y, text: clean, size });
  };
  text(MARGIN, 4, `Three Card Poker - hand ${view.hand}${view.held ? " - HELD" : ""}`);
  text(MARGIN, 40, dealerLine(view));
  items.push({ kind: "line", x0: MARGIN, y0: 78, x1: PANEL_WIDTH - 1 - MARGIN, y1: 78 });
  const top = rankAlerts(alerts)[0];
  let y = 86;
  if (top) {
    text(MARGIN, y, `${top.severity === "floor" ? "FLOOR" : "DEALER"}: ${top.code.replace(/_/g, " ")}`, 48);
    y += 56;
    for (const step of top.steps.slice(0, 4)) {
      text(MARGIN, y, `- ${step}`);
      y += LINE;
    }
  } else if (view.dealer.pay.length > 0 || view.dealer.hand !== null) {
    for (const line of payLines(view).slice(0, 7)) {
      // Large when it fits the panel's width; a line with a long breakdown in the small font.
      const big = line.length * 24 <= PANEL_WIDTH - MARGIN;
      text(MARGIN, y, line, big ? 48 : SMALL);
      y += big ? 56 : LINE + 8;
    }
  } else {
    for (const b of view.boxes.slice(0, 7)) {
      text(MARGIN, y, `Box ${b.box}: ${betsLine(b)} - ${b.status}`);
      y += LINE;
    }
  }
  if (view.house !== null) text(MARGIN, 562, `House ${view.house >= 0 ? "+" : ""}${chips(view.house)}`);
  return items;
}
