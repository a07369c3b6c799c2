/** The panel's 1-bit bitmap as a PNG file, so a person can look at what the dealer saw. */
import { writeFileSync } from "node:fs";
import { PNG } from "pngjs";
import { type Bitmap, isBlack } from "./raster.js";

/** Encodes the bitmap as an 8-bit greyscale PNG (pngjs writes no 1-bit PNGs); black stays black. */
export function bitmapToPng(bitmap: Bitmap): Buffer {
  const png = new PNG({ width: bitmap.width, height: bitmap.height });
  for (let y = 0; y < bitmap.height; y++) {
    for (let x = 0; x < bitmap.width; x++) {
      const level = isBlack(bitmap, x, y) ? 0 : 255;
      const at = (y * bitmap.width + x) * 4;
      png.data[at] = level;
      png.data[at + 1] = level;
      png.data[at + 2] = level;
      png.data[at + 3] = 255;
    }
  }
  return PNG.sync.write(png, { colorType: 0 });
}

/** Writes the bitmap to `path` as PNG. */
export function writeBitmapPng(path: string, bitmap: Bitmap): void {
  writeFileSync(path, bitmapToPng(bitmap));
}
