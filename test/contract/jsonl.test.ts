import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decodeUtf8,
  formatJsonLine,
  formatNumberedLine,
  InputEvent,
  readJsonLines,
  TableEvent,
} from "../../src/contract/index.js";

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

  it("writes t and kind first whatever order the object was built in (fast-check)", () => {
    // formatJsonLine writes an object that already starts with t and kind as it is: the same line.
    const key = fc.constantFrom("t", "kind", "code", "seat", "seq", "tags");
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(key, fc.oneof(fc.integer(), fc.string())), { selector: ([k]) => k }),
        (pairs) => {
          const value = Object.fromEntries(pairs);
          const { t, kind, ...rest } = value;
          const expected = {
            ...(t === undefined ? {} : { t }),
            ...(kind === undefined ? {} : { kind }),
            ...rest,
          };
          expect(formatJsonLine(value)).toBe(`${JSON.stringify(expected)}\n`);
        },
      ),
      { numRuns: 500, seed: 15 },
    );
  });

  it("writes a numbered event as the line of its numbered copy, in any key order, with or without seq (fast-check)", () => {
    // formatNumberedLine splices seq into the event's own line instead of copying the event: the same
    // line as { ...value, seq }, whatever fields it has (none written, undefined ones, its own seq).
    const key = fc.constantFrom("t", "kind", "code", "seat", "seq", "tags");
    const field = fc.oneof(fc.integer(), fc.string(), fc.constant(undefined), fc.array(fc.integer()));
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(key, field), { selector: ([k]) => k }), fc.nat(), (pairs, seq) => {
        const value: Record<string, unknown> = Object.fromEntries(pairs);
        expect(formatNumberedLine(value, seq)).toBe(formatJsonLine({ ...value, seq }));
      }),
      { numRuns: 1000, seed: 15 },
    );
    expect(formatNumberedLine({ kind: "street", t: 5 }, 7)).toBe('{"t":5,"kind":"street","seq":7}\n');
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

describe("the contract's stamps and numbers", () => {
  it("input events carry wall (ISO 8601 UTC) and floor events by; a wall that is not one is refused", () => {
    const text = [
      '{"t":1,"kind":"button","button":"check","wall":"2026-11-23T22:14:05.123Z"}',
      '{"t":2,"kind":"floor","op":"ruling","ruling":"continue","by":"floor:ana","wall":"2026-11-23T22:14:06.000Z"}',
      '{"t":3,"kind":"button","button":"check","wall":"yesterday"}',
    ].join("\n");
    const [a, b, c] = [...readJsonLines(text, "w.jsonl", InputEvent)];
    expect(a?.ok && a.value).toMatchObject({ wall: "2026-11-23T22:14:05.123Z" });
    expect(b?.ok && b.value).toMatchObject({ by: "floor:ana", wall: "2026-11-23T22:14:06.000Z" });
    expect(c?.ok).toBe(false);
    expect(!c?.ok && c?.error.message).toMatch(/^w\.jsonl:3: wall: /);
  });

  it("table events carry seq, kept by the schema", () => {
    const e = TableEvent.parse({ t: 1, kind: "alert_clear", code: "X", seq: 42 });
    expect(e.seq).toBe(42);
    expect(TableEvent.safeParse({ t: 1, kind: "alert_clear", code: "X", seq: 0 }).success).toBe(false);
  });
});

describe("UTF-8", () => {
  it("a line that is not valid UTF-8 is an error naming file:line (never a silent U+FFFD)", () => {
    const bytes = Buffer.concat([
      Buffer.from('{"t":0,"kind":"floor","op":"game","game":"nlhe"}\n{"t":1,"kind":"reader","reader":"r'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('","status":"online"}\n'),
    ]);
    expect(() => decodeUtf8(bytes, "in.jsonl")).toThrow(
      /^in\.jsonl:2: not valid UTF-8 \(byte 36 of the line\)$/,
    );
    expect(decodeUtf8(Buffer.from("é ok\n"), "in.jsonl")).toBe("é ok\n");
  });

  it("feltguard run refuses such a file with file:line, and journals nothing of it", () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-utf8-"));
    const file = join(dir, "in.jsonl");
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from('{"t":0,"kind":"reader","reader":"b'),
        Buffer.from([0xff]),
        Buffer.from('","status":"online"}\n'),
      ]),
    );
    const r = spawnSync(
      process.execPath,
      ["--import", "tsx", "src/app/main.ts", "run", "-j", join(dir, "j.db"), "-i", file],
      {
        encoding: "utf8",
      },
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(`${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}:1: not valid UTF-8`),
    );
  });
});
