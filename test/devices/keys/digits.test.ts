import { describe, expect, it } from "vitest";
import { digitText } from "../../../src/devices/keys/digits.js";

describe("digit text", () => {
  it("right-aligns a count in eight positions", () => {
    expect(digitText(1500).join("")).toBe("    1500");
    expect(digitText(0).join("")).toBe("       0");
    expect(digitText(99_999_999).join("")).toBe("99999999");
  });

  it("is blank for nothing to show", () => {
    expect(digitText(null)).toEqual(Array(8).fill(" "));
  });

  it("shows OVER rather than a wrong number when the count does not fit", () => {
    expect(digitText(100_000_000).join("")).toBe("    OVER");
  });

  it("rejects what is not a chip count", () => {
    expect(() => digitText(-1)).toThrow(RangeError);
    expect(() => digitText(1.5)).toThrow(RangeError);
  });
});
