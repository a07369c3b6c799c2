/** The floor page's bookkeeping: last hands, reader health, scrubbing faces, the token check. */
import { describe, expect, it } from "vitest";
import type { TableEvent } from "../../src/contract/output.js";
import { FloorAuth, bearerToken, floorToken } from "../../src/web/auth.js";
import { LastHands } from "../../src/web/lastHands.js";
import { ReaderHealth } from "../../src/runtime/readerHealth.js";
import { scrub } from "../../src/web/secrets.js";
import { AlertBoard } from "../../src/display/alertBoard.js";
import { feed, scenario, testRuntime } from "./harness.js";

describe("LastHands", () => {
  it("keeps the newest results first, at most the limit, with awards and chips won or lost", () => {
    const { runtime, setNow } = testRuntime();
    const hands = new LastHands(2);
    runtime.addOutput((events, core) => hands.apply(events, core));
    feed(runtime, setNow, scenario("clean-hand-to-showdown"));
    setNow(1e6);
    runtime.tick();
    const [first] = hands.list();
    expect(first).toMatchObject({ hand: 1, result: "complete", redeal: false });
    expect(first?.awards.length).toBeGreaterThan(0);
    const net = Object.values(first?.net ?? {});
    expect(net.reduce((a, b) => a + b, 0)).toBe(0); // chips move between seats, none appear
    expect(net.some((d) => d > 0)).toBe(true);

    const end = (hand: number): TableEvent => ({
      t: hand,
      kind: "hand_end",
      hand,
      result: "void",
      stacks: {},
    });
    hands.apply([end(2), end(3)], runtime.core);
    expect(hands.list().map((h) => h.hand)).toEqual([3, 2]);
  });
});

describe("ReaderHealth", () => {
  it("never assumes a reader works: unknown until it reports; offline, then back on the clear", () => {
    const health = new ReaderHealth(["bridge"]);
    expect(health.list()).toEqual([{ reader: "bridge", online: false, state: "unknown", since: null }]);
    expect(health.offline()).toEqual([]);
    const { runtime, setNow } = testRuntime();
    runtime.addOutput((events) => health.apply(events));
    const events = scenario("reader-offline");
    feed(runtime, setNow, events.slice(0, -1));
    expect(health.offline()).toEqual(["bridge"]);
    feed(runtime, setNow, events.slice(-1));
    expect(health.list()).toEqual([{ reader: "bridge", online: true, state: "online", since: 4400 }]);
  });
});

describe("scrub", () => {
  it("replaces secret faces as whole words only", () => {
    const faces = new Set(["Th", "As", "2c"]);
    expect(scrub("The Th (As) 2c; Ask 2cd Kd", faces)).toBe(
      "The a hole card (a hole card) a hole card; Ask 2cd Kd",
    );
    expect(scrub("As", new Set())).toBe("As");
  });
});

describe("FloorAuth", () => {
  it("accepts only the token, refuses everything without one, and prefers the environment's", () => {
    const auth = new FloorAuth("s3cret-token");
    expect(auth.check("s3cret-token")).toBe(true);
    expect(auth.check("s3cret-tokem")).toBe(false);
    expect(auth.check("s3cret-token ")).toBe(false);
    expect(auth.check(undefined)).toBe(false);
    expect(new FloorAuth(undefined).check("")).toBe(false);
    expect(new FloorAuth("").enabled).toBe(false);
    expect(bearerToken("Bearer abc")).toBe("abc");
    expect(bearerToken("Basic abc")).toBeUndefined();
    expect(floorToken("config-token", { FELTGUARD_FLOOR_TOKEN: "env-token" })).toBe("env-token");
    expect(floorToken("config-token", {})).toBe("config-token");
  });
});

describe("the alerts open at the table (floor page and feed)", () => {
  const raise = (
    seq: number,
    code: string,
    severity: "floor" | "dealer" | "info",
    seat?: number,
  ): TableEvent => ({
    t: seq,
    seq,
    kind: "alert",
    code,
    rule: "—",
    severity,
    text: code,
    steps: [],
    ...(seat === undefined ? {} : { seat }),
  });
  it("between hands: not the ended hand's (the table refuses a ruling on one), but a reader away, a call for the floor and what came after the end", () => {
    const board = new AlertBoard();
    board.apply([
      { t: 0, seq: 1, kind: "hand_start", hand: 4, game: "nlhe", button: 1, sb: 2, bb: 3, redeal: false },
      raise(2, "READER_OFFLINE", "floor"),
      raise(3, "ALLIN_TABLE_HANDS", "dealer"),
      raise(4, "STACK_MISMATCH", "floor", 5),
      raise(5, "FLOOR_CALLED", "info"),
    ]);
    expect(board.openAtTable().map((a) => a.code)).toEqual([
      "READER_OFFLINE",
      "ALLIN_TABLE_HANDS",
      "STACK_MISMATCH",
      "FLOOR_CALLED",
    ]);
    board.apply([
      { t: 6, seq: 6, kind: "hand_end", hand: 4, result: "complete", stacks: {} },
      raise(7, "TRAY_VARIANCE", "floor"),
    ]);
    expect(board.openAtTable().map((a) => a.code)).toEqual([
      "READER_OFFLINE",
      "FLOOR_CALLED",
      "TRAY_VARIANCE",
    ]);
    // The dealer panel's board keeps the ended hand's until the next hand starts.
    expect(board.list().map((a) => a.code)).toContain("ALLIN_TABLE_HANDS");
    board.apply([
      { t: 8, seq: 8, kind: "hand_start", hand: 5, game: "nlhe", button: 2, sb: 3, bb: 4, redeal: false },
    ]);
    // A call for the floor not yet answered stays: the table keeps it open across hands; so does what
    // the work after the last hand raised (test/table/afterHandAlerts.test.ts).
    const codes = ["READER_OFFLINE", "FLOOR_CALLED", "TRAY_VARIANCE"];
    expect(board.openAtTable().map((a) => a.code)).toEqual(codes);
    expect(board.list().map((a) => a.code)).toEqual(codes);
    board.apply([{ t: 9, seq: 9, kind: "alert_clear", code: "FLOOR_CALLED" }]);
    expect(board.list().map((a) => a.code)).toEqual(["READER_OFFLINE", "TRAY_VARIANCE"]);
    // A hand later, it is gone with that hand.
    board.apply([
      { t: 10, seq: 10, kind: "hand_end", hand: 5, result: "complete", stacks: {} },
      { t: 11, seq: 11, kind: "hand_start", hand: 6, game: "nlhe", button: 3, sb: 4, bb: 5, redeal: false },
    ]);
    expect(board.list().map((a) => a.code)).toEqual(["READER_OFFLINE"]);
  });
});

describe("a call for the floor across hands", () => {
  it("stays on the board until a supervisor answers it: the table keeps it open, and a second press says nothing", () => {
    const { runtime, setNow } = testRuntime();
    const board = new AlertBoard();
    const said: TableEvent[] = [];
    runtime.addOutput((events) => {
      board.apply(events);
      said.push(...events);
    });
    const inputs = scenario("floor-key-calls-the-floor").filter((e) => e.t <= 4600);
    const collect = ["seat1", "seat2", "seat3", "seat4", "bet2", "bet3"].map((antenna) => ({
      t: 6000,
      kind: "tags" as const,
      antenna,
      tags: [],
    }));
    feed(runtime, setNow, [
      ...inputs,
      { t: 5000, kind: "floor", op: "voidHand", reason: "the deck is short" },
      ...collect,
      { t: 7000, kind: "button", button: "shuffler" },
      { t: 8000, kind: "button", button: "floor" },
    ]);
    expect(said.filter((e) => e.kind === "hand_start").map((e) => e.kind === "hand_start" && e.hand)).toEqual(
      [1, 2],
    );
    // The table said the call once, and has not closed it: the second press adds nothing.
    expect(said.filter((e) => e.kind === "alert" && e.code === "FLOOR_CALLED")).toHaveLength(1);
    expect(board.openAtTable().map((a) => a.code)).toContain("FLOOR_CALLED");
    feed(runtime, setNow, [
      { t: 9000, kind: "floor", op: "ruling", ruling: "continue", code: "FLOOR_CALLED" },
    ]);
    expect(board.openAtTable().map((a) => a.code)).not.toContain("FLOOR_CALLED");
  });
});
