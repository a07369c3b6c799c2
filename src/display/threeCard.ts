/**
 * What a Three Card Poker table shows: per box the bets, the hand, the result and the payout; on the
 * dealer panel, once the dealer's hand is turned, what to pay each box. The box hands are named only
 * after the dealer's reveal (the view has no hand before it), so nothing secret reaches a display.
 * Bets are named as the dealer knows them (Ante, Play, Pair Plus, Prime, Ante bonus: the layout's and
 * the pay table's words), never by the rules' internal names.
 */
import type { FontSize } from "../devices/epaper/frame.js";
import { PANEL_WIDTH, type Screen, type ScreenItem } from "../devices/epaper/screen.js";
import { betWord, contractBetName } from "../rules/threeCard/payout.js";
import type { TcpBoxView, TcpView } from "../table/view.js";
import type { OpenAlert } from "./alertBoard.js";
import { chips, panelText, rankAlerts } from "./dealerPanel.js";

const MARGIN = 16;
const SMALL: FontSize = 32;
const LINE = 36;
/** A wrapped line's continuation is indented this far. */
const INDENT = 32;
/** Where the house line goes: the lists above stop before it. */
const FOOTER = 562;

/** How many characters of a font fit from `x` to the panel's edge (the font is half as wide as high). */
function fits(x: number, size: FontSize): number {
  return Math.floor((PANEL_WIDTH - x) / (size / 2));
}

/** The bets of a box in one line: "Ante 100, Play 100, Pair Plus 25, Prime 10". */
export function betsLine(box: TcpBoxView): string {
  const { ante, play, pairPlus, prime } = box.bets;
  const parts: string[] = [];
  if (ante > 0) parts.push(`${betWord("ante")} ${chips(ante)}`);
  if (play > 0) parts.push(`${betWord("play")} ${chips(play)}`);
  if (pairPlus > 0) parts.push(`${betWord("pairplus")} ${chips(pairPlus)}`);
  if (prime > 0) parts.push(`${betWord("prime")} ${chips(prime)}`);
  return parts.length > 0 ? parts.join(", ") : "no bet";
}

/** One line per box for a terminal or a list. */
export function boxLines(view: TcpView): string[] {
  return view.boxes.map((b) => {
    const who = `Box ${b.box}${b.blind ? " (blind)" : ""}`;
    const result =
      b.payout === null
        ? b.status
        : `${b.hand ?? ""}: pay ${chips(b.payout)} (net ${b.net! >= 0 ? "+" : ""}${chips(b.net!)})`;
    return `${who.padEnd(16)} ${betsLine(b).padEnd(44)} ${b.cards} cards  ${result}`;
  });
}

/** The dealer's line: his hand and whether it qualifies, once turned. */
export function dealerLine(view: TcpView): string {
  const d = view.dealer.hand;
  if (d === null) return `Dealer: ${view.dealer.cards} cards`;
  return `Dealer: ${d.name}${d.qualifies ? "" : " - does not qualify"}`;
}

/**
 * The pay list, as the dealer reads it while paying (issue 18): per box the payout due beside its
 * bets, line by line ("Pay box 1: 225 - Ante 100, Play 100, Pair Plus 25"); a box that only gets its
 * stake back says so.
 */
export function payLines(view: TcpView): string[] {
  if (view.dealer.pay.length === 0)
    return view.dealer.hand === null ? [] : ["Nothing to pay: take the lost bets"];
  return view.dealer.pay.map((p) => {
    if (p.due.length === 0) return `Box ${p.box}: stake back`;
    const sum = p.due.reduce((n, d) => n + d.due, 0);
    const each = p.due.map((d) => `${betWord(contractBetName(d.bet))} ${chips(d.due)}`);
    return `Pay box ${p.box}: ${chips(sum)} - ${each.join(", ")}`;
  });
}

/** The dealer panel of a Three Card Poker hand. */
export function threeCardPanel(view: TcpView, alerts: readonly OpenAlert[]): Screen {
  const items: ScreenItem[] = [];
  const text = (x: number, y: number, s: string, size: FontSize = SMALL) => {
    const clean = panelText(s).slice(0, fits(x, size));
    if (clean !== "") items.push({ kind: "text", x, y, text: clean, size });
  };
  /**
   * A line in the small font, carried onto indented lines rather than cut off, between its parts (a bet
   * and its chips stay together: "Pair Plus 1,750"); returns the next y.
   */
  const wrapped = (y: number, s: string, bottom: number): number => {
    let line = "";
    let at = y;
    for (const part of panelText(s).split(/(?<=, |: | - )/)) {
      const x = at === y ? MARGIN : MARGIN + INDENT;
      if (line !== "" && (line + part).trimEnd().length > fits(x, SMALL)) {
        if (at + LINE > bottom) return at;
        text(x, at, line.trimEnd());
        at += LINE;
        line = part;
      } else line += part;
    }
    if (line !== "" && at + LINE <= bottom) text(at === y ? MARGIN : MARGIN + INDENT, at, line.trimEnd());
    return at + LINE;
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
      // Large when it fits the panel's width; a line with a long breakdown in the small font, carried
      // onto the next line rather than cut (the dealer pays from it).
      const big = line.length <= fits(MARGIN, 48);
      if (big) text(MARGIN, y, line, 48);
      y = big ? y + 56 : wrapped(y, line, FOOTER) + 8;
    }
  } else {
    for (const b of view.boxes.slice(0, 7))
      y = wrapped(y, `Box ${b.box} (${b.status}): ${betsLine(b)}`, FOOTER);
  }
  if (view.house !== null) text(MARGIN, FOOTER, `House ${view.house >= 0 ? "+" : ""}${chips(view.house)}`);
  return items;
}
