/**
 * What the dealer panel shows, as drawing primitives, and the frames that draw it.
 * The display layer maps its view model to a `Screen`; this module knows no game.
 */
import { FONT_CODES, type FontSize, frames } from "./frame.js";

/** The 4.3" module's resolution in its normal orientation. */
export const PANEL_WIDTH = 800;
export const PANEL_HEIGHT = 600;
/** Longest text item: a full line of the smallest font is 50 characters. */
export const MAX_TEXT = 100;

/** A line of text whose top-left corner is at (x, y); `size` is the font height in pixels. */
export interface TextItem {
  kind: "text";
  x: number;
  y: number;
  text: string;
  size: FontSize;
  /** White on black (drawn over a filled box): what must catch the eye, e.g. an alert's headline. */
  inverse?: boolean;
}

/** A rectangle between two corners, outlined or filled in black. */
export interface BoxItem {
  kind: "box";
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  fill?: boolean;
}

export interface LineItem {
  kind: "line";
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export type ScreenItem = TextItem | BoxItem | LineItem;
/** A whole panel's content, drawn in order on a white background. */
export type Screen = readonly ScreenItem[];

/** Throws a RangeError naming the first item that cannot be drawn. */
export function checkScreen(screen: Screen): void {
  screen.forEach((item, i) => {
    const where = `e-paper: screen item ${i}`;
    const points: [number, number][] =
      item.kind === "text"
        ? [[item.x, item.y]]
        : [
            [item.x0, item.y0],
            [item.x1, item.y1],
          ];
    for (const [x, y] of points) {
      if (
        !Number.isInteger(x) ||
        !Number.isInteger(y) ||
        x < 0 ||
        y < 0 ||
        x >= PANEL_WIDTH ||
        y >= PANEL_HEIGHT
      ) {
        throw new RangeError(`${where}: point (${x}, ${y}) is off the panel`);
      }
    }
    if (item.kind === "text") {
      if (!(item.size in FONT_CODES)) throw new RangeError(`${where}: font size ${item.size} not built in`);
      if (item.text.length > MAX_TEXT) throw new RangeError(`${where}: text longer than ${MAX_TEXT}`);
    }
  });
}

/**
 * The frames that draw a screen into the module's buffer (black on white), refresh excluded.
 * The font is set only when it changes. Both font commands are sent because firmware
 * versions differ on which of 0x1E/0x1F sizes the ASCII font.
 */
export function screenFrames(screen: Screen): Buffer[] {
  checkScreen(screen);
  const out: Buffer[] = [frames.setColor("black", "white"), frames.clear()];
  let font: FontSize | null = null;
  for (const item of screen) {
    if (item.kind === "text") {
      if (item.text === "") continue;
      if (item.size !== font) {
        out.push(frames.setEnFont(item.size), frames.setCnFont(item.size));
        font = item.size;
      }
      if (item.inverse) out.push(frames.setColor("white", "black"));
      out.push(frames.drawString(item.x, item.y, item.text));
      if (item.inverse) out.push(frames.setColor("black", "white"));
    } else if (item.kind === "box") {
      const draw = item.fill ? frames.fillRect : frames.drawRect;
      out.push(draw(item.x0, item.y0, item.x1, item.y1));
    } else {
      out.push(frames.drawLine(item.x0, item.y0, item.x1, item.y1));
    }
  }
  return out;
}
