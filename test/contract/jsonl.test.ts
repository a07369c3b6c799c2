import { describe, expect, it } from "vitest";
import { formatJsonLine, InputEvent, readJsonLines, TableEvent } from "../../src/contract/index.js";

describe("JSON Lines reader", () => {
  it("reads every input kind of the contract, filling defaults", () => {
    const text = [
      '{"t":0,"kind":"floor","op":"level","sb":100,"bb":200}',
      '{"t":5,"kind":"tags","antenna":"seat2","tags":["card:A:Kh"]}',
      '{"t":6,"kind":"button","button":"shuffler"}',
      '{"t":7,"kind":"reader","reader":"bridge","status":"offline"}',
      "",
      '{"t":8,"kind":"floor","op":"ruling","ruling":"continue","code":"PREMATURE_FLOP"}',
    ].join("\n");
    const results = [...readJsonLines(text, "s.jsonl", InputEvent)];
    expect(results.every((r) => r.ok)).toBe(true);
    const first = results[0];
    expect(first?.ok && first.value).toEqual({
      t: 0,
      kind: "floor",
      op: "level",
      sb: 100,
      bb: 200,
      ante: 0,
      bbAnte: 0,
    });
    expect(results.map((r) => (r.ok ? r.line : 0))).toEqual([1, 2, 3, 4, 6]);
  });

  it("names the file and line of a malformed line and what is wrong", () => {
    const text =
      '{"t":0,"kind":"button","button":"shuffler"}\n{"t":1,"kind":"tags","antenna":"seat1","tags":"As"}\n';
    const results = [...readJsonLines(text, "hand.jsonl", InputEvent)];
    const bad = results[1];
    expect(bad?.ok).toBe(false);
    expect(bad && !bad.ok && bad.error.message).toMatch(/^hand\.jsonl:2: tags: .*expected array/);
  });

  it("reports a line that is not JSON, an unknown kind and a time that goes backwards", () => {
    const text = [
      '{"t":10,"kind":"button","button":"ok"}',
      "{not json",
      '{"t":11,"kind":"teleport"}',
      '{"t":9,"kind":"button","button":"ok"}',
      '{"t":12,"kind":"button","button":"dance"}',
    ].join("\n");
    const errors = [...readJsonLines(text, "x.jsonl", InputEvent)].flatMap((r) =>
      r.ok ? [] : [r.error.message],
    );
    expect(errors).toHaveLength(4);
    expect(errors[0]).toMatch(/^x\.jsonl:2: not JSON/);
    expect(errors[1]).toMatch(/^x\.jsonl:3: kind: /);
    expect(errors[2]).toBe("x.jsonl:4: t: 9 is earlier than the line before (10)");
    expect(errors[3]).toMatch(/^x\.jsonl:5: button: /);
  });

  it("writes t and kind first, and what it writes reads back as a table event", () => {
    const line = formatJsonLine({ kind: "alert_clear", code: "READER_OFFLINE", t: 42 });
    expect(line).toBe('{"t":42,"kind":"alert_clear","code":"READER_OFFLINE"}\n');
    const [back] = [...readJsonLines(line, "out.jsonl", TableEvent)];
    expect(back?.ok).toBe(true);
  });

  it("accepts the spec's example alert as a table event", () => {
    const alert = {
      t: 9300,
      kind: "alert",
      code: "PREMATURE_FLOP",
      rule: "RP-5A",
      severity: "floor",
      text: "Premature flop: pre-flop betting is not complete",
      steps: ["Leave the burn card where it is"],
    };
    expect(TableEvent.safeParse(alert).success).toBe(true);
    expect(TableEvent.safeParse({ ...alert, severity: "urgent" }).success).toBe(false);
  });
});
