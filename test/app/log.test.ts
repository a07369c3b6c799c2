/** The table's log: pretty for a person at a terminal, JSON Lines under systemd or into a pipe. */
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger, defaultLogTarget, underSystemd } from "../../src/runtime/log.js";

const dir = mkdtempSync(join(tmpdir(), "fg-log-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a logger writes to a file, after one info line. */
function written(pretty: boolean): string {
  const file = join(dir, `${pretty ? "pretty" : "json"}.log`);
  const fd = openSync(file, "w");
  createLogger("table", { pretty, fd }).info({ bridge: "bridge2" }, "link down: port closed");
  closeSync(fd);
  return readFileSync(file, "utf8");
}

describe("the table's log", () => {
  it("is JSON under systemd (INVOCATION_ID or JOURNAL_STREAM), even on a terminal", () => {
    expect(underSystemd({ INVOCATION_ID: "abc" })).toBe(true);
    expect(underSystemd({ JOURNAL_STREAM: "8:1234" })).toBe(true);
    expect(defaultLogTarget({ INVOCATION_ID: "abc" }, true).pretty).toBe(false);
    expect(defaultLogTarget({}, false).pretty).toBe(false); // a pipe or a file
    expect(defaultLogTarget({}, true).pretty).toBe(true); // a person at a terminal
    expect(defaultLogTarget({ FELTGUARD_LOG_LEVEL: "debug" }, false).level).toBe("debug");
  });

  it("writes one JSON object per line, with the logger's name and the fields", () => {
    const [line, ...rest] = written(false).trim().split("\n");
    expect(rest).toEqual([]);
    expect(JSON.parse(line!)).toMatchObject({
      level: 30,
      name: "table",
      bridge: "bridge2",
      msg: "link down: port closed",
    });
  });

  it("writes text for a person when pretty", () => {
    const text = written(true);
    expect(text).toMatch(/INFO.*\(table\): link down: port closed/);
    expect(() => JSON.parse(text)).toThrow();
  });
});
