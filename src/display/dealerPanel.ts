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
/** The numbers' row (pot, to call, minimum raise) under the board line. */
const NUMBERS_Y = 84;
/** The alert box, under the numbers' row made small: inside it text starts at PAD from the frame. */
const ALERT_TOP = 146;
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

  const numbers: [string, string, number | null][] = [
    ["Pot", "Pot", view.hand === null ? null : view.pot],
    ["To call", "Call", view.toCall],
    ["Min raise", "Min", view.minRaiseTo],
  ];
  const ranked = rankAlerts(view.alerts);
  const top = ranked[0];
  if (top) {
    // An alert takes the room of the big numbers: they shrink to one row (3 mm, still read at arm's
    // length), so that a long procedure's step to do now and the next ones fit in the box.
    numbers.forEach(([, label, value], i) => {
      const x = COLUMNS[i]!;
      text(x, NUMBERS_Y + 14, label, SMALL);
      text(x + textWidth(`${label} `, SMALL), NUMBERS_Y, value === null ? "-" : chips(value), 48);
    });
    items.push(rule(ALERT_TOP - 8));
    items.push(...alertBox(top, view.held));
  } else {
    numbers.forEach(([label, , value], i) => {
      const x = COLUMNS[i]!;
      text(x, NUMBERS_Y, label, SMALL);
      const shown = value === null ? "-" : chips(value);
      text(x, NUMBERS_Y + 34, shown, textWidth(shown, 64) <= COLUMN_WIDTH ? 64 : 48);
    });
    items.push(rule(186));
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

/**
 * Sizes for arm's length on the 4.3" panel (800 px across ~87.4 mm: 0.109 mm a pixel). A capital is 7
 * of the glyph's 8 rows: 42 px (4.6 mm) at 64, 28 px (3.1 mm) at 48. The headline and the step to do
 * now need at least 4 mm, the later steps at least 3 mm (test/display/panelSizes.test.ts measures them).
 */
const HEADLINE: FontSize = 64;
const STEP_NOW: FontSize = 64;
const STEP_LATER: FontSize = 48;
const HEADLINE_BAND = 76;
/** The step to do now may take this many big lines before it is cut. */
const NOW_LINES = 3;

/**
 * The alert: its headline white on a black band (the eye goes there first), with how far the dealer is
 * ("STEP 3/5") when the table has seen steps done; the step to do now in the big font (the first not
 * seen done: `alert_step`), then as many of the next steps as fit in the smaller one, and how many more
 * there are. The steps already done are left out: the panel follows the dealer through the procedure.
 */
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
  items.push({ kind: "box", x0, y0: ALERT_TOP, x1, y1: ALERT_TOP + HEADLINE_BAND, fill: true });
  const left = x0 + PAD;
  const fits = (size: FontSize) => Math.floor((x1 - PAD - left) / (size / 2));
  const steps = alert.steps.length > 0 ? alert.steps : [held ? "Call the floor" : alert.text];
  const done = Math.min(alert.done ?? 0, steps.length - 1);
  const progress = done > 0 ? `STEP ${done + 1}/${steps.length}` : "";
  const words = alert.code.replace(/^TCP_/, "").replace(/_/g, " ");
  const seat = alert.seat === undefined ? "" : ` S${alert.seat}`;
  // The progress takes the band's right end when the headline leaves room for it.
  const room = fits(HEADLINE) - (progress === "" ? 0 : Math.ceil(((progress.length + 1) * SMALL) / HEADLINE));
  const headline = (words.length + seat.length <= room ? words + seat : words).slice(0, fits(HEADLINE));
  items.push({ kind: "text", x: left, y: ALERT_TOP + 6, text: headline, size: HEADLINE, inverse: true });
  if (progress !== "" && textWidth(headline, HEADLINE) + textWidth(` ${progress}`, SMALL) <= x1 - PAD - left)
    items.push({
      kind: "text",
      x: x1 - PAD - textWidth(progress, SMALL),
      y: ALERT_TOP + 6 + HEADLINE - SMALL,
      text: progress,
      size: SMALL,
      inverse: true,
    });

  let y = ALERT_TOP + HEADLINE_BAND + 8;
  const bottom = ALERT_BOTTOM - 6;
  const push = (text: string, size: FontSize) => {
    items.push({ kind: "text", x: left, y, text, size });
    y += size + 2;
  };
  // The step to do now: three big lines at most, cut with "..." rather than pushed off the box.
  const nowLines = wrap(`${done + 1}. ${steps[done] ?? ""}`, fits(STEP_NOW));
  const shownNow =
    nowLines.length > NOW_LINES
      ? [...nowLines.slice(0, NOW_LINES - 1), `${nowLines[NOW_LINES - 1]!.slice(0, fits(STEP_NOW) - 3)}...`]
      : nowLines;
  for (const l of shownNow) push(l, STEP_NOW);
  // The next steps, whole ones only; a last small line says how many did not fit.
  const later = steps.slice(done + 1);
  let shown = 0;
  for (const [i, step] of later.entries()) {
    const lines = wrap(`${done + i + 2}. ${step}`, fits(STEP_LATER));
    const more = later.length - shown - 1 > 0 ? SMALL + 2 : 0;
    if (y + lines.length * (STEP_LATER + 2) + more > bottom) break;
    for (const l of lines) push(l, STEP_LATER);
    shown += 1;
  }
  const hidden = later.length - shown;
  // They come into view as the table sees the steps before them done.
  if (hidden > 0) push(`+${hidden} more step${hidden > 1 ? "s" : ""}: shown here as you go`, SMALL);
  return items;
}
