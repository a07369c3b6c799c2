import { describe, expect, it } from "vitest";
import { ReplyParser } from "../../../src/devices/epaper/reply.js";

const bytes = (s: string) => Buffer.from(s, "latin1");

describe("e-paper answers", () => {
  it("OK, also when split across reads", () => {
    const p = new ReplyParser();
    expect(p.push(bytes("O"))).toEqual([]);
    expect(p.push(bytes("K"))).toEqual([{ ok: true }]);
  });

  it("two answers in one read", () => {
    expect(new ReplyParser().push(bytes("OKOK"))).toEqual([{ ok: true }, { ok: true }]);
  });

  it("Error:N is held until a non-digit follows or the line goes quiet", () => {
    const p = new ReplyParser();
    expect(p.push(bytes("Error:1"))).toEqual([]);
    expect(p.holding).toBe(true);
    expect(p.push(bytes("2OK"))).toEqual([{ ok: false, code: 12 }, { ok: true }]);
    expect(p.push(bytes("Error:3"))).toEqual([]);
    expect(p.flush()).toEqual([{ ok: false, code: 3 }]);
    expect(p.holding).toBe(false);
  });

  it("line ends and noise between answers are dropped", () => {
    const p = new ReplyParser();
    expect(p.push(bytes("\r\n\x00OK\r\nxxEr"))).toEqual([{ ok: true }]);
    expect(p.push(bytes("ror:4\r\n"))).toEqual([{ ok: false, code: 4 }]);
    expect(p.push(bytes("OOK"))).toEqual([{ ok: true }]);
  });
});
