/**
 * The dealer panel during an enrolment: the next thing to place, large enough to read at arm's length
 * (the 64 px font, as the panel's alert headline), and the last thing the table said under it.
 */
import { MAX_TEXT, PANEL_WIDTH, type Screen, type ScreenItem } from "../devices/epaper/screen.js";
import type { EnrolMessage } from "./messages.js";

const MARGIN = 16;

/** Splits text into lines of at most `width` characters, at spaces. */
function lines(text: string, width: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line !== "" && line.length + 1 + word.length > width) {
      out.push(line);
      line = "";
    }
    line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") out.push(line);
  return out.map((l) => l.slice(0, Math.min(width, MAX_TEXT)));
}

/** The panel's screen: a title, the prompt at 64 px, the last refusal or enrolment at 32 px. */
export function enrolScreen(title: string, prompt: EnrolMessage | null, last: EnrolMessage | null): Screen {
  const items: ScreenItem[] = [{ kind: "text", x: MARGIN, y: 8, text: title.slice(0, 48), size: 32 }];
  let y = 70;
  // 64 px glyphs are 32 px wide on this module: 24 characters to a line.
  for (const l of lines(prompt?.text ?? "", Math.floor((PANEL_WIDTH - 2 * MARGIN) / 32)).slice(0, 5)) {
    items.push({ kind: "text", x: MARGIN, y, text: l, size: 64 });
    y += 72;
  }
  if (last !== null && last !== prompt) {
    const inverse = last.kind === "refused";
    for (const l of lines(last.text, Math.floor((PANEL_WIDTH - 2 * MARGIN) / 16)).slice(0, 3)) {
      if (inverse) items.push({ kind: "box", x0: 0, y0: y - 4, x1: PANEL_WIDTH - 1, y1: y + 36, fill: true });
      items.push({ kind: "text", x: MARGIN, y, text: l, size: 32, ...(inverse ? { inverse } : {}) });
      y += 40;
    }
  }
  return items;
}
