/** The floor page's bookkeeping: last hands, reader health, scrubbing faces, the token check. */
import { describe, expect, it } from "vitest";
import type { TableEvent } from "../../src/contract/output.js";
import { FloorAuth, bearerToken, floorToken } from "../../src/web/auth.js";
import { LastHands } from "../../src/web/lastHands.js";
import { ReaderHealth } from "../../src/runtime/readerHealth.js";
import { scrub } from "../../src/web/secrets.js";
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
    // The scenario's online report is one scan round after the offline one (4400); the harness let a
    // whole round pass after the offline report (to 4401), so the runtime's clock stamps it then.
    feed(runtime, setNow, events.slice(-1));
    expect(health.list()).toEqual([{ reader: "bridge", online: true, state: "online", since: 4401 }]);
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
