/** BridgeTransport against a board simulated over MockBinding: handshake, ACK, resend, watchdog, reconnect. */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type BridgeEvent,
  BridgeTransport,
  type BridgeTransportOptions,
  encodeMessage,
} from "../../../src/devices/bridge/index.js";
import { createRegistry } from "../../../src/reading/registry.js";
import { createTable } from "../../../src/table/core.js";
import { MockDevice } from "../../../src/devices/bridge/mock.js";

const A = "E004015000000001";
const B = "E004015000000002";
const C = "E004015000000003";
const D = "E004015000000004";
const ANTENNAS = { 0: "seat1", 1: "seat2", 2: "board", 3: "pot" };

let stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const s of stops) await s();
  stops = [];
});

function rig(opts: Partial<BridgeTransportOptions> = {}) {
  const dev = new MockDevice();
  const events: BridgeEvent[] = [];
  const start = performance.now();
  const transport = new BridgeTransport({
    path: dev.path,
    binding: dev.binding,
    antennas: ANTENNAS,
    now: () => Math.round(performance.now() - start),
    onEvent: (e) => events.push(e),
    helloTimeoutMs: 150,
    watchdogMs: 400,
    resendTimeoutMs: 50,
    backoff: { initialMs: 20, maxMs: 100 },
    ...opts,
    onLog: process.env.BRIDGE_DEBUG ? (m) => console.log(m) : undefined,
  });
  stops.push(() => transport.stop());
  transport.start();
  const opened = () => vi.waitFor(() => expect(dev.port?.isOpen).toBe(true), { timeout: 2000 });
  const settle = (ms = 30) => new Promise((r) => setTimeout(r, ms));
  /** Events as short strings, easier to compare. */
  const log = () =>
    events.map((e) => (e.kind === "tags" ? `${e.antenna}=${e.tags.join(",")}` : `${e.reader}:${e.status}`));
  const online = async () => {
    await opened();
    dev.hello({ 0: [A] });
    await vi.waitFor(() => expect(transport.state).toBe("online"));
  };
  return { dev, transport, events, opened, settle, log, online };
}

const ALL_ONLINE = ["seat1:online", "seat2:online", "board:online", "pot:online"];
const ALL_OFFLINE = ["seat1:offline", "seat2:offline", "board:offline", "pot:offline"];

describe("BridgeTransport", () => {
  it("waits for HELLO, reconciles the snapshots, reports readers online and ACKs cumulatively", async () => {
    const r = rig();
    await r.opened();
    r.dev.hello({ 0: [A, B] });
    await vi.waitFor(() => expect(r.log()).toEqual([`seat1=${A},${B}`, ...ALL_ONLINE]));
    await vi.waitFor(() =>
      expect(r.dev.take()).toContainEqual(expect.objectContaining({ type: "ACK", ackSeq: 4 })),
    );
    r.dev.send({ type: "TAG_ARRIVED", channel: 2, tags: [C] });
    await vi.waitFor(() => expect(r.log().at(-1)).toBe(`board=${C}`));
    await vi.waitFor(() =>
      expect(r.dev.take()).toContainEqual(expect.objectContaining({ type: "ACK", ackSeq: 5 })),
    );
    expect(r.transport.device?.boardId).toBe("E66038B7134F2A2C");
    expect(r.events.every((e) => Number.isInteger(e.t) && e.t >= 0)).toBe(true);
  });

  it("ignores frames before HELLO and sends SYNC when the board stays silent", async () => {
    const r = rig();
    await r.opened();
    r.dev.send({ type: "TAG_ARRIVED", channel: 0, tags: [A], seq: 9 });
    await vi.waitFor(() => expect(r.dev.take().map((m) => m.type)).toContain("SYNC"), { timeout: 1000 });
    expect(r.transport.counters.beforeHello).toBe(1);
    expect(r.events).toEqual([]);
    r.dev.hello();
    await vi.waitFor(() => expect(r.transport.state).toBe("online"));
  });

  it("asks for a resend on a sequence gap and applies the resent frames in order", async () => {
    const r = rig();
    await r.online();
    r.dev.take();
    r.dev.dropFrames = 1; // the twin's knob: seq 5 is lost on the line
    r.dev.send({ type: "TAG_ARRIVED", channel: 1, tags: [C] });
    r.dev.send({ type: "TAG_ARRIVED", channel: 1, tags: [B] });
    await vi.waitFor(() =>
      expect(r.dev.take()).toContainEqual(expect.objectContaining({ type: "RESEND_FROM", fromSeq: 5 })),
    );
    expect(r.log()).not.toContain(`seat2=${C},${B}`);
    r.dev.send({ type: "TAG_ARRIVED", channel: 1, tags: [C], seq: 5 });
    r.dev.send({ type: "TAG_ARRIVED", channel: 1, tags: [B], seq: 6 });
    await vi.waitFor(() => expect(r.log().at(-1)).toBe(`seat2=${C},${B}`));
    expect(r.transport.counters.gaps).toBe(1);
  });

  it("notices a lost last frame from the heartbeat, and ignores duplicates", async () => {
    const r = rig();
    await r.online();
    r.dev.take();
    r.dev.seq++; // seq 5 lost, nothing follows but heartbeats
    r.dev.heartbeat();
    await vi.waitFor(() =>
      expect(r.dev.take()).toContainEqual(expect.objectContaining({ type: "RESEND_FROM", fromSeq: 5 })),
    );
    r.dev.send({ type: "TAG_ARRIVED", channel: 3, tags: [C], seq: 5 });
    r.dev.send({ type: "TAG_ARRIVED", channel: 3, tags: [C], seq: 5 });
    await vi.waitFor(() => expect(r.transport.counters.duplicates).toBe(1));
    expect(r.log().filter((l) => l.startsWith("pot="))).toEqual([`pot=${C}`]);
  });

  it("counts and skips garbage and corrupt frames; the corrupt one is recovered by a resend", async () => {
    const r = rig();
    await r.online();
    r.dev.take();
    r.dev.emit(Buffer.from("00ffee1234000000abcdef", "hex")); // line noise
    const bad = encodeMessage({
      type: "TAG_ARRIVED",
      seq: 5,
      channel: 2,
      tags: [B],
    });
    bad[8] = bad[8]! ^ 0x10;
    r.dev.emit(bad); // seq 5 garbled on the line
    r.dev.seq = 6;
    r.dev.heartbeat(); // says seq 5 was sent
    await vi.waitFor(() =>
      expect(r.dev.take()).toContainEqual(expect.objectContaining({ type: "RESEND_FROM", fromSeq: 5 })),
    );
    r.dev.send({ type: "TAG_ARRIVED", channel: 2, tags: [B], seq: 5 });
    await vi.waitFor(() => expect(r.log().at(-1)).toBe(`board=${B}`));
    const c = r.transport.counters;
    expect(c.crc + c.cobs + c.short).toBeGreaterThanOrEqual(2);
    expect(c.droppedBytes).toBeGreaterThan(10);
    expect(r.transport.state).toBe("online");
  });

  it("reports a faulted reader offline and back online with its snapshot", async () => {
    const r = rig();
    await r.online();
    r.dev.fault(1, 1); // the twin's knob: reader chip 1 reports error 1
    await vi.waitFor(() => expect(r.log().at(-1)).toBe("seat2:offline"));
    r.dev.fault(1, 1, false);
    r.dev.send({ type: "SNAPSHOT", channel: 1, status: 0, tags: [B] });
    await vi.waitFor(() => expect(r.log().slice(-2)).toEqual([`seat2=${B}`, "seat2:online"]));
  });

  it("watchdog: a silent board takes the readers offline, then the link is reopened", async () => {
    const r = rig();
    await r.online();
    await vi.waitFor(() => expect(r.log().slice(-4)).toEqual(ALL_OFFLINE), {
      timeout: 2000,
    });
    expect(r.transport.counters.watchdogTimeouts).toBe(1);
    await r.opened();
    r.dev.bootCounter++;
    r.dev.hello({ 0: [A] });
    await vi.waitFor(() => expect(r.log().slice(-4)).toEqual(ALL_ONLINE));
  });

  it("board unplugged and replugged mid-hand: offline, backoff, online, changes while away reported", async () => {
    const r = rig();
    await r.online();
    r.dev.send({ type: "TAG_ARRIVED", channel: 1, tags: [B] });
    await vi.waitFor(() => expect(r.log().at(-1)).toBe(`seat2=${B}`));
    r.dev.unplug();
    await vi.waitFor(() => expect(r.log().slice(-4)).toEqual(ALL_OFFLINE));
    await r.settle(150); // a few failed reopen attempts
    expect(r.transport.counters.openFailures).toBeGreaterThan(0);
    r.dev.replug();
    await r.opened();
    r.dev.hello({ 0: [A], 1: [B, C] }); // C was dealt while the cable was out
    await vi.waitFor(() => expect(r.log().slice(-5)).toEqual([`seat2=${B},${C}`, ...ALL_ONLINE]));
    expect(r.transport.counters.disconnects).toBe(1);
  });

  it("board unplugged and replugged: through the core, one READER_OFFLINE naming the antennas, cleared once; the reconnection burst raises nothing", async () => {
    const r = rig();
    await r.online();
    r.dev.send({ type: "TAG_ARRIVED", channel: 1, tags: [B] });
    await vi.waitFor(() => expect(r.log().at(-1)).toBe(`seat2=${B}`));
    r.dev.unplug();
    await vi.waitFor(() => expect(r.log().slice(-4)).toEqual(ALL_OFFLINE));
    r.dev.replug();
    await r.opened();
    r.dev.hello({ 0: [A], 1: [B, C], 3: [D] }); // C and a chip arrived while the cable was out
    await vi.waitFor(() => expect(r.log().slice(-4)).toEqual(ALL_ONLINE));
    const registry = createRegistry({
      deck: "A",
      chips: [100],
      simulated: false,
      uids: new Map([
        [A, "card:A:As"],
        [B, "card:A:Kd"],
        [C, "card:A:7c"],
        [D, "chip:100:1"],
      ]),
    });
    const core = createTable({
      seats: 2,
      game: { game: "nlhe", cap: 4 },
      registry,
      antennas: Object.values(ANTENNAS),
      chips: [100],
      settleWindowMs: 400,
    });
    const out = r.events.flatMap((e) => [...core.advanceTo(e.t), ...core.handle(e)]);
    const alerts = out.filter((e) => e.kind === "alert");
    expect(alerts.map((e) => e.kind === "alert" && e.code)).toEqual(["READER_OFFLINE"]);
    expect(alerts[0]?.kind === "alert" && alerts[0].text).toContain("seat1, seat2, board, pot");
    expect(
      out.filter((e) => e.kind === "alert_clear").map((e) => e.kind === "alert_clear" && e.code),
    ).toEqual(["READER_OFFLINE"]);
  });

  it("board resets mid-hand: HELLO again, snapshot reconciled, only changed antennas reported", async () => {
    const r = rig();
    await r.online();
    const before = r.events.length;
    r.dev.bootCounter++;
    r.dev.hello({ 0: [A], 2: [C] });
    await vi.waitFor(() => expect(r.transport.counters.hellos).toBe(2));
    await vi.waitFor(() => expect(r.log().slice(before)).toEqual([`board=${C}`]));
    expect(r.transport.counters.boardResets).toBe(1);
    r.dev.send({ type: "TAG_DEPARTED", channel: 0, tags: [A] });
    await vi.waitFor(() => expect(r.log().at(-1)).toBe("seat1="));
  });

  it("pushes the configured K and heartbeat with SET_CONFIG when the board differs", async () => {
    const r = rig({ config: { k: 4, heartbeatMs: 250 } });
    await r.online();
    await vi.waitFor(() =>
      expect(r.dev.take()).toContainEqual(
        expect.objectContaining({ type: "SET_CONFIG", k: 4, heartbeatMs: 0 }),
      ),
    );
  });

  it("FOCUS: sent at once, and sent again after a HELLO (a new session starts without a focus); none before one is asked for", async () => {
    const r = rig();
    await r.online();
    await r.settle();
    expect(r.dev.take().filter((m) => m.type === "FOCUS")).toEqual([]);
    r.transport.focus([2, 3]);
    await vi.waitFor(() =>
      expect(r.dev.take()).toContainEqual(expect.objectContaining({ type: "FOCUS", channels: [2, 3] })),
    );
    r.dev.bootCounter++;
    r.dev.hello({ 0: [A] });
    await vi.waitFor(() => expect(r.transport.counters.hellos).toBe(2));
    await vi.waitFor(() =>
      expect(r.dev.take()).toContainEqual(expect.objectContaining({ type: "FOCUS", channels: [2, 3] })),
    );
    // Cleared: an empty focus is remembered too, and not sent again after the next HELLO.
    r.transport.focus([]);
    await vi.waitFor(() =>
      expect(r.dev.take()).toContainEqual(expect.objectContaining({ type: "FOCUS", channels: [] })),
    );
    r.dev.bootCounter++;
    r.dev.hello({ 0: [A] });
    await vi.waitFor(() => expect(r.transport.counters.hellos).toBe(3));
    await r.settle(50);
    expect(r.dev.take().filter((m) => m.type === "FOCUS")).toEqual([]);
  });
});
