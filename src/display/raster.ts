/**
 * The dealer panel's picture as the panel would show it: a 1-bit bitmap (800×600, one bit per
 * pixel, rows packed MSB first, 1 = black) drawn from the same `Screen` the panel driver sends.
 * The real module draws the primitives itself; this copy lets a person (and a test) see a screen
 * from a replayed log without the hardware.
 */
import type { FontSize } from "../devices/epaper/frame.js";
import { checkScreen, PANEL_HEIGHT, PANEL_WIDTH, type Screen } from "../devices/epaper/screen.js";
import { fontScale, glyph, GLYPH_COLUMNS, GLYPH_ROWS } from "./font.js";

/** A 1-bit image: `data` holds `height` rows of `stride` bytes, the leftmost pixel in bit 7. */
export interface Bitmap {
  width: number;
  height: number;
  stride: number;
  data: Uint8Array;
}

/** A white bitmap. */
export function blankBitmap(width: number = PANEL_WIDTH, height: number = PANEL_HEIGHT): Bitmap {
  const stride = Math.ceil(width / 8);
  return { width, height, stride, data: new Uint8Array(stride * height) };
}

/** Whether the pixel at (x, y) is black; false outside the bitmap. */
export function isBlack(bitmap: Bitmap, x: number, y: number): boolean {
  if (x < 0 || y < 0 || x >= bitmap.width || y >= bitmap.height) return false;
  return (bitmap.data[y * bitmap.stride + (x >> 3)]! & (0x80 >> (x & 7))) !== 0;
}

/** How many black pixels lie in the rectangle [x0, x1) × [y0, y1). */
export function blackIn(bitmap: Bitmap, x0: number, y0: number, x1: number, y1: number): number {
  let count = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (isBlack(bitmap, x, y)) count++;
  return count;
}

/** Draws a screen the way the panel does: white background, items in order, in black. */
export function rasterize(screen: Screen): Bitmap {
  checkScreen(screen);
  const bitmap = blankBitmap();
  for (const item of screen) {
    if (item.kind === "text") drawText(bitmap, item.x, item.y, item.text, item.size, item.inverse === true);
    else if (item.kind === "box") {
      if (item.fill) fillRect(bitmap, item.x0, item.y0, item.x1, item.y1);
      else {
        line(bitmap, item.x0, item.y0, item.x1, item.y0);
        line(bitmap, item.x1, item.y0, item.x1, item.y1);
        line(bitmap, item.x1, item.y1, item.x0, item.y1);
        line(bitmap, item.x0, item.y1, item.x0, item.y0);
      }
    } else line(bitmap, item.x0, item.y0, item.x1, item.y1);
  }
  return bitmap;
}

function setPixel(bitmap: Bitmap, x: number, y: number, white = false): void {
  // The panel clips at its edges: text running off the right simply is not seen.
  if (x < 0 || y < 0 || x >= bitmap.width || y >= bitmap.height) return;
  if (white) bitmap.data[y * bitmap.stride + (x >> 3)]! &= ~(0x80 >> (x & 7));
  else bitmap.data[y * bitmap.stride + (x >> 3)]! |= 0x80 >> (x & 7);
}

function fillRect(bitmap: Bitmap, xa: number, ya: number, xb: number, yb: number, white = false): void {
  const [x0, x1] = xa <= xb ? [xa, xb] : [xb, xa];
  const [y0, y1] = ya <= yb ? [ya, yb] : [yb, ya];
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) setPixel(bitmap, x, y, white);
}

/** Bresenham's line, both ends included. */
function line(bitmap: Bitmap, x0: number, y0: number, x1: number, y1: number): void {
  const dx = Math.abs(x1 - x0);
  const dy = -Math.abs(y1 - y0);
  const stepX = x0 < x1 ? 1 : -1;
  const stepY = y0 < y1 ? 1 : -1;
  let error = dx + dy;
  let x = x0;
  let y = y0;
  for (;;) {
    setPixel(bitmap, x, y);
    if (x === x1 && y === y1) return;
    const twice = 2 * error;
    if (twice >= dy) {
      error += dy;
      x += stepX;
    }
    if (twice <= dx) {
      error += dx;
      y += stepY;
    }
  }
}

function drawText(bitmap: Bitmap, x: number, y: number, text: string, size: FontSize, white: boolean): void {
  const { advance, sx, sy, top } = fontScale(size);
  // Centre the glyph in its cell, as a proportional-looking font would sit.
  // Strokes a little wider than one glyph column: thin 2-px lines are hard to read at arm's length.
  const stroke = sx + Math.max(1, Math.floor(sx / 2));
  const left = Math.floor((advance - (GLYPH_COLUMNS - 1) * sx - stroke) / 2);
  [...text].forEach((char, i) => {
    const columns = glyph(char);
    const cellX = x + i * advance + left;
    for (let column = 0; column < GLYPH_COLUMNS; column++) {
      const bits = columns[column]!;
      for (let row = 0; row < GLYPH_ROWS; row++) {
        if ((bits & (1 << row)) === 0) continue;
        const px = cellX + column * sx;
        const py = y + top + row * sy;
        fillRect(bitmap, px, py, px + stroke - 1, py + sy - 1, white);
      }
    }
  });
}
