/**
 * Frames of the Waveshare 4.3" UART e-paper module:
 * `A5 | LEN (2, big-endian, whole frame) | CMD | DATA | CC 33 C3 3C | XOR of all previous bytes`.
 * Command codes as in Waveshare's lib_epd (CMD_HANDSHAKE … CMD_DRAW_BITMAP).
 */

export const FRAME_START = 0xa5;
export const FRAME_END = Uint8Array.of(0xcc, 0x33, 0xc3, 0x3c);
/** Start, length, command, end marker and checksum: a frame with no data. */
export const FRAME_OVERHEAD = 9;
/** Waveshare's library allows up to 1024 data bytes per frame. */
export const MAX_DATA = 1024;

export const Cmd = {
  handshake: 0x00,
  setBaud: 0x01,
  readBaud: 0x02,
  readStorage: 0x06,
  setStorage: 0x07,
  sleep: 0x08,
  refresh: 0x0a,
  setRotation: 0x0d,
  setColor: 0x10,
  setEnFont: 0x1e,
  setCnFont: 0x1f,
  drawPixel: 0x20,
  drawLine: 0x22,
  fillRect: 0x24,
  drawRect: 0x25,
  clear: 0x2e,
  drawString: 0x30,
  drawBitmap: 0x70,
} as const;

/** Palette codes of the set-color command. */
export const Color = {
  black: 0x00,
  darkGray: 0x01,
  lightGray: 0x02,
  white: 0x03,
} as const;
export type ColorName = keyof typeof Color;

/** Font heights the module has built in, and their codes. */
export const FONT_CODES = { 32: 0x01, 48: 0x02, 64: 0x03 } as const;
export type FontSize = keyof typeof FONT_CODES;

/** Where the module takes fonts and images from. */
export const Storage = { nand: 0x00, microSd: 0x01 } as const;

/** Builds one frame: header, length, command, data, end marker, XOR checksum. */
export function buildFrame(cmd: number, data: Uint8Array = new Uint8Array(0)): Buffer {
  if (!Number.isInteger(cmd) || cmd < 0 || cmd > 0xff) throw new RangeError(`e-paper: bad command ${cmd}`);
  if (data.length > MAX_DATA) throw new RangeError(`e-paper: ${data.length} data bytes, at most ${MAX_DATA}`);
  const length = FRAME_OVERHEAD + data.length;
  const frame = Buffer.alloc(length);
  frame[0] = FRAME_START;
  frame.writeUInt16BE(length, 1);
  frame[3] = cmd;
  frame.set(data, 4);
  frame.set(FRAME_END, 4 + data.length);
  frame[length - 1] = xor(frame.subarray(0, length - 1));
  return frame;
}

/** A frame taken apart; throws when the bytes are not exactly one valid frame. */
export function decodeFrame(frame: Uint8Array): { cmd: number; data: Buffer } {
  const bytes = Buffer.from(frame);
  if (bytes.length < FRAME_OVERHEAD || bytes[0] !== FRAME_START) throw new Error("e-paper: not a frame");
  if (bytes.readUInt16BE(1) !== bytes.length) throw new Error("e-paper: frame length mismatch");
  const end = bytes.subarray(bytes.length - 5, bytes.length - 1);
  if (!end.equals(FRAME_END)) throw new Error("e-paper: frame end marker missing");
  if (xor(bytes.subarray(0, bytes.length - 1)) !== bytes[bytes.length - 1]) {
    throw new Error("e-paper: frame checksum mismatch");
  }
  return {
    cmd: bytes[3]!,
    data: Buffer.from(bytes.subarray(4, bytes.length - 5)),
  };
}

function xor(bytes: Uint8Array): number {
  let sum = 0;
  for (const byte of bytes) sum ^= byte;
  return sum;
}

function words(...values: number[]): Buffer {
  const data = Buffer.alloc(values.length * 2);
  values.forEach((value, i) => {
    if (!Number.isInteger(value) || value < 0 || value > 0xffff) {
      throw new RangeError(`e-paper: coordinate ${value} out of range`);
    }
    data.writeUInt16BE(value, i * 2);
  });
  return data;
}

/**
 * A string as the module takes it: bytes ending in 0x00. Only printable ASCII is sent:
 * the module reads other bytes as GBK, so anything else would show as a wrong glyph.
 */
export function textBytes(text: string): Buffer {
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x20 || code > 0x7e)
      throw new RangeError(`e-paper: character ${JSON.stringify(ch)} not supported`);
  }
  return Buffer.concat([Buffer.from(text, "latin1"), Buffer.of(0)]);
}

/** The commands the driver sends, as ready frames. */
export const frames = {
  /** "Are you there?": the module answers OK when ready. */
  handshake: () => buildFrame(Cmd.handshake),
  setBaud: (baud: number) => {
    const data = Buffer.alloc(4);
    data.writeUInt32BE(baud);
    return buildFrame(Cmd.setBaud, data);
  },
  setStorage: (storage: number) => buildFrame(Cmd.setStorage, Buffer.of(storage)),
  setColor: (fg: ColorName, bg: ColorName) => buildFrame(Cmd.setColor, Buffer.of(Color[fg], Color[bg])),
  setEnFont: (size: FontSize) => buildFrame(Cmd.setEnFont, Buffer.of(FONT_CODES[size])),
  setCnFont: (size: FontSize) => buildFrame(Cmd.setCnFont, Buffer.of(FONT_CODES[size])),
  /** Clears the module's frame buffer to the background color (shows at the next refresh). */
  clear: () => buildFrame(Cmd.clear),
  drawString: (x: number, y: number, text: string) =>
    buildFrame(Cmd.drawString, Buffer.concat([words(x, y), textBytes(text)])),
  drawLine: (x0: number, y0: number, x1: number, y1: number) =>
    buildFrame(Cmd.drawLine, words(x0, y0, x1, y1)),
  fillRect: (x0: number, y0: number, x1: number, y1: number) =>
    buildFrame(Cmd.fillRect, words(x0, y0, x1, y1)),
  drawRect: (x0: number, y0: number, x1: number, y1: number) =>
    buildFrame(Cmd.drawRect, words(x0, y0, x1, y1)),
  /** Shows a bitmap stored on the module (upper-case 8.3 name, e.g. "PIC7.BMP"). */
  drawBitmap: (x: number, y: number, name: string) =>
    buildFrame(Cmd.drawBitmap, Buffer.concat([words(x, y), textBytes(name)])),
  /** Full refresh of the panel from the frame buffer: takes seconds. */
  refresh: () => buildFrame(Cmd.refresh),
};
