/** Frames checked byte by byte against hand-computed frames and the module wiki's own example. */
import { describe, expect, it } from "vitest";
import { buildFrame, decodeFrame, frames } from "../../../src/devices/epaper/frame.js";

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ""), "hex");

describe("e-paper frames", () => {
  it("handshake: A5 00 09 00 CC 33 C3 3C AC", () => {
    expect(frames.handshake()).toEqual(hex("A5 00 09 00 CC 33 C3 3C AC"));
  });

  it("refresh and update: A5 00 09 0A CC 33 C3 3C A6", () => {
    expect(frames.refresh()).toEqual(hex("A5 00 09 0A CC 33 C3 3C A6"));
  });

  it("clear: A5 00 09 2E CC 33 C3 3C 82", () => {
    expect(frames.clear()).toEqual(hex("A5 00 09 2E CC 33 C3 3C 82"));
  });

  it("set baud 115200: four data bytes, big-endian", () => {
    expect(frames.setBaud(115_200)).toEqual(hex("A5 00 0D 01 00 01 C2 00 CC 33 C3 3C 6A"));
  });

  it("draw string 'Hi' at (10, 20): coordinates big-endian, string ended by 00", () => {
    expect(frames.drawString(10, 20, "Hi")).toEqual(hex("A5 00 10 30 00 0A 00 14 48 69 00 CC 33 C3 3C BA"));
  });

  it("fill rectangle (10,10)-(100,50)", () => {
    expect(frames.fillRect(10, 10, 100, 50)).toEqual(
      hex("A5 00 11 24 00 0A 00 0A 00 64 00 32 CC 33 C3 3C C6"),
    );
  });

  it("display image PIC7.BMP at (0,0) matches the module wiki's example frame", () => {
    expect(frames.drawBitmap(0, 0, "PIC7.BMP")).toEqual(
      hex("A5 00 16 70 00 00 00 00 50 49 43 37 2E 42 4D 50 00 CC 33 C3 3C DF"),
    );
  });

  it("set font sizes use codes 1/2/3 for 32/48/64 px", () => {
    expect(frames.setEnFont(48)).toEqual(hex("A5 00 0A 1E 02 CC 33 C3 3C B3"));
    expect(decodeFrame(frames.setCnFont(64))).toEqual({
      cmd: 0x1f,
      data: Buffer.of(3),
    });
  });

  it("decodes what it builds and refuses a corrupted checksum or length", () => {
    const frame = frames.drawLine(1, 2, 3, 4);
    expect(decodeFrame(frame)).toEqual({
      cmd: 0x22,
      data: hex("0001 0002 0003 0004"),
    });
    const bad = Buffer.from(frame);
    bad[bad.length - 1]! ^= 1;
    expect(() => decodeFrame(bad)).toThrow(/checksum/);
    expect(() => decodeFrame(frame.subarray(1))).toThrow();
  });

  it("refuses text the module would misread, coordinates out of range and oversized data", () => {
    expect(() => frames.drawString(0, 0, "café")).toThrow(RangeError);
    expect(() => frames.drawString(0, 0, "a\nb")).toThrow(RangeError);
    expect(() => frames.drawLine(0, 0, 70_000, 0)).toThrow(RangeError);
    expect(() => buildFrame(0x30, new Uint8Array(1025))).toThrow(RangeError);
  });
});
