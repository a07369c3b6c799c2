import { describe, expect, it } from "vitest";
import { isPressReport, PressFilter } from "../../../src/devices/hid/report.js";

describe("HID report parsing", () => {
  it("any non-zero first byte is a press by default", () => {
    expect(isPressReport(Uint8Array.of(1, 0))).toBe(true);
    expect(isPressReport(Uint8Array.of(0, 7))).toBe(false);
  });

  it("a report too short for the configured byte is not a press", () => {
    expect(isPressReport(Uint8Array.of(1), { byte: 3 })).toBe(false);
  });

  it("the mask picks bits of the configured byte", () => {
    expect(isPressReport(Uint8Array.of(0, 0x10), { byte: 1, mask: 0x10 })).toBe(true);
    expect(isPressReport(Uint8Array.of(0, 0x0f), { byte: 1, mask: 0x10 })).toBe(false);
  });
});

describe("press filter", () => {
  it("a press after a release outside the window counts", () => {
    const f = new PressFilter(100);
    expect(f.feed(true, 0)).toBe(true);
    expect(f.feed(false, 50)).toBe(false);
    expect(f.feed(true, 200)).toBe(true);
  });

  it("a device that never reports a release still gives one press per push", () => {
    const f = new PressFilter(100);
    expect(f.feed(true, 0)).toBe(true);
    expect(f.feed(true, 500)).toBe(true);
  });
});
