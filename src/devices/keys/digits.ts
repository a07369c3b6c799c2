/**
 * What a seven-segment display shows for a chip count: plain data, no hardware.
 * The MAX7219 chips are written one position at a time, so the text is a fixed-width
 * array of characters (leftmost first) that the driver can diff against what is lit.
 */

/** Positions on one MAX7219 chip (eight digits). */
export const DIGIT_WIDTH = 8;

/** Shown when a count does not fit: a wrong number at a poker table is worse than none. */
const OVERFLOW = "OVER";

/** The characters (leftmost first) that show `value` right-aligned; all blanks for null. */
export function digitText(value: number | null, width: number = DIGIT_WIDTH): string[] {
  if (value !== null && (!Number.isSafeInteger(value) || value < 0)) {
    throw new RangeError(`digit display: not a chip count: ${value}`);
  }
  const text = value === null ? "" : String(value);
  const shown = text.length > width ? OVERFLOW : text;
  return shown.padStart(width, " ").split("");
}
