/**
 * The dealer panel's layout: what the 800×600 e-paper shows, as drawing primitives, from the
 * public view. Large plain words for arm's length: the numbers the dealer needs (pot, to call,
 * minimum raise), where the hand is, and the alert that matters most with its steps in order.
 */
import type { FontSize } from "../devices/epaper/frame.js";
import { MAX_TEXT, PANEL_WIDTH, type Screen, type ScreenItem } from "../devices/epaper/screen.js";
import type { OpenAlert } from "./alertBoard.js";
import { textWidth } from "./font.js";
import type { TableView } from "./view.js";

const MARGIN = 16;
const SMALL: FontSize = 32;
const LINE = 34;
/** The alert box: inside it text starts at PAD from the frame. */
const ALERT_TOP = 194;
const ALERT_BOTTOM = 552;
const PAD = 16;
const FOOTER_Y = 562;
const COLUMNS = [MARGIN, 280, 544] as const;
const COLUMN_WIDTH = 248;

const STREET_WORDS: Record<string, string> = {
  preflop: "Pre-flop",
  flop: "Flop",
  turn: "Turn",
  river: "River",
  showdown: "Showdown",
};

/** The dealer panel for this view. */
export function dealerPanel(view: TableView): Screen {
  const items: ScreenItem[] = [];
  const text = (x: number, y: number, s: string, size: FontSize) => {
    const clean = panelText(s).slice(0, Math.min(MAX_TEXT, Math.floor((PANEL_WIDTH - x) / (size / 2))));
    if (clean !== "") items.push({ kind: "text", x, y, text: clean, size });
  };
  const right = (y: number, s: string, size: FontSize) =>
    text(Math.max(MARGIN, PANEL_WIDTH - MARGIN - textWidth(panelText(s), size)), y, s, size);

  text(MARGIN, 4, handLine(view), SMALL);
  right(4, levelLine(view), SMALL);
  text(MARGIN, 40, view.board.length > 0 ? `Board ${view.board.join(" ")}` : "Board -", SMALL);
  right(40, turnLine(view), SMALL);
  items.push(rule(78));

  const numbers: [string, number | null][] = [
    ["Pot", view.hand === null ? null : view.pot],
    ["To call", view.toCall],
    ["Min raise", view.minRaiseTo],
  ];
  numbers.forEach(([label, value], i) => {
    const x = COLUMNS[i]!;
    text(x, 84, label, SMALL);
    const shown = value === null ? "-" : chips(value);
    text(x, 118, shown, textWidth(shown, 64) <= COLUMN_WIDTH ? 64 : 48);
  });
  items.push(rule(186));

  const ranked = rankAlerts(view.alerts);
  const top = ranked[0];
  if (top) items.push(...alertBox(top, view.held));
  else {
    const words = view.held ? "Hand held: call the floor" : "No alerts";
    text(Math.floor((PANEL_WIDTH - textWidth(words, 48)) / 2), 350, words, 48);
  }

  text(MARGIN, FOOTER_Y, readerLine(view.readersOffline), SMALL);
  if (ranked.length > 1)
    right(FOOTER_Y, `+${ranked.length - 1} more alert${ranked.length > 2 ? "s" : ""}`, SMALL);
  return items;
}

/** The order alerts reach the panel: the floor's before the dealer's, a lost reader last (it is in the footer too), oldest first. */
export function rankAlerts(alerts: readonly OpenAlert[]): OpenAlert[] {
  const rank = (a: OpenAlert) => (a.code === "READER_OFFLINE" ? 2 : a.severity === "floor" ? 0 : 1);
  return alerts
    .map((a, i) => ({ a, i }))
    .sort((p, q) => rank(p.a) - rank(q.a) || p.i - q.i)
    .map(({ a }) => a);
}

/** A chip count with thousands separators: 12,500. */
export function chips(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Text the panel's ASCII fonts can draw: dashes and quotes made plain, anything else as "?". */
export function panelText(s: string): string {
  return s
    .replace(/[\u2012-\u2015]/g, "-")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\u2026/g, "...")
    .replace(/[^\x20-\x7e]/g, "?");
}

/** Splits `s` into lines of at most `width` characters, at spaces where it can. */
export function wrap(s: string, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of panelText(s)
    .split(" ")
    .filter((w) => w !== "")) {
    let rest = word;
    while (rest.length > width) {
      if (current !== "") lines.push(current);
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
      current = "";
    }
    if (current === "") current = rest;
    else if (current.length + 1 + rest.length <= width) current += ` ${rest}`;
    else {
      lines.push(current);
      current = rest;
    }
  }
  if (current !== "") lines.push(current);
  return lines;
}

function handLine(view: TableView): string {
  if (view.hand === null) return "Between hands";
  const street = view.street === null ? "Dealing" : (STREET_WORDS[view.street] ?? view.street);
  return `Hand ${view.hand} - ${street}`;
}

function levelLine(view: TableView): string {
  const level = view.level;
  if (level === null) return "No blinds set";
  const antes = [
    level.ante > 0 ? `ante ${chips(level.ante)}` : "",
    level.bbAnte > 0 ? `BB ante ${chips(level.bbAnte)}` : "",
  ];
  return [`Blinds ${chips(level.sb)}/${chips(level.bb)}`, ...antes].filter((s) => s !== "").join(" ");
}

function turnLine(view: TableView): string {
  if (view.held) return "HAND HELD";
  return view.toAct === null ? "" : `Seat ${view.toAct} to act`;
}

function readerLine(offline: readonly string[]): string {
  return offline.length === 0 ? "Readers OK" : `READER OFFLINE: ${offline.join(", ")}`;
}

function rule(y: number): ScreenItem {
  return { kind: "line", x0: MARGIN, y0: y, x1: PANEL_WIDTH - 1 - MARGIN, y1: y };
}

/** A thick frame with the alert's title, what happened and the numbered steps. */
function alertBox(alert: OpenAlert, held: boolean): ScreenItem[] {
  const x0 = MARGIN;
  const x1 = PANEL_WIDTH - 1 - MARGIN;
  const items: ScreenItem[] = [0, 1, 2].map((d) => ({
    kind: "box",
    x0: x0 + d,
    y0: ALERT_TOP + d,
    x1: x1 - d,
    y1: ALERT_BOTTOM - d,
  }));
  const left = x0 + PAD;
  const chars = Math.floor((x1 - PAD - left) / (SMALL / 2));
  const who = alert.severity === "floor" ? "FLOOR" : "DEALER";
  const title = `${who}: ${alert.code.replace(/_/g, " ")}`;
  items.push({
    kind: "text",
    x: left,
    y: ALERT_TOP + 10,
    text: title.slice(0, Math.floor((x1 - PAD - left) / 24)),
    size: 48,
  });

  const what = wrap(
    [alert.seat === undefined ? "" : `Seat ${alert.seat}:`, alert.text, held ? "(hand held)" : ""]
      .filter((s) => s)
      .join(" "),
    chars,
  );
  const steps = alert.steps.flatMap((step, i) => {
    const number = `${i + 1}. `;
    return wrap(step, chars - number.length).map(
      (l, j) => (j === 0 ? number : " ".repeat(number.length)) + l,
    );
  });
  const textTop = ALERT_TOP + 66;
  const room = Math.floor((ALERT_BOTTOM - PAD + LINE - SMALL - textTop) / LINE);
  // The steps are what the dealer acts on: when space runs out, the explanation goes first.
  let lines = what.length + steps.length <= room ? [...what, ...steps] : steps;
  if (lines.length > room) lines = [...lines.slice(0, room - 1), "... more steps on the floor page"];
  lines.forEach((l, i) => {
    if (l.trim() !== "") items.push({ kind: "text", x: left, y: textTop + i * LINE, text: l, size: SMALL });
  });
  return items;
}
