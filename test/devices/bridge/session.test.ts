/** BridgeSession alone: sequence wrap-around and one event per antenna per read. */
import { describe, expect, it } from "vitest";
import { BridgeSession, type HelloMessage } from "../../../src/devices/bridge/index.js";

const HELLO: HelloMessage = {
  type: "HELLO",
  seq: 0,
  fwMajor: 1,
  fwMinor: 0,
  fwPatch: 0,
  boardId: "0000000000000001",
  bootCounter: 1,
  channels: 1,
  k: 3,
  heartbeatMs: 250,
  maxTags: 48,
  window: 32,
  reason: 0,
};
const A = "E004015000000001";
const B = "E004015000000002";

function started(): BridgeSession {
  const s = new BridgeSession({ antennas: { 0: "seat1" }, resendTimeoutMs: 200 });
  s.connectionOpened();
  s.receive(HELLO, 0);
  s.receive({ type: "SNAPSHOT", seq: 1, channel: 0, status: 0, tags: [] }, 0);
  s.flush(0);
  return s;
}

describe("BridgeSession", () => {
  it("follows the sequence across 0xFFFF → 0x0000 without a gap", () => {
    const s = started();
    for (let i = 2; i <= 0x10005; i++) {
      const seq = i & 0xffff;
      s.receive({ type: i % 2 ? "TAG_DEPARTED" : "TAG_ARRIVED", seq, channel: 0, tags: [A] }, i);
    }
    const out = s.flush(1);
    expect(s.counters.gaps + s.counters.duplicates).toBe(0);
    expect(out.send).toContainEqual(expect.objectContaining({ type: "ACK", ackSeq: 5 }));
  });

  it("reports one tags event per antenna per read, and none when the set is back where it was", () => {
    const s = started();
    s.receive({ type: "TAG_ARRIVED", seq: 2, channel: 0, tags: [A] }, 10);
    expect(s.flush(10).events).toEqual([{ t: 10, kind: "tags", antenna: "seat1", tags: [A] }]);
    s.receive({ type: "TAG_DEPARTED", seq: 3, channel: 0, tags: [A] }, 20);
    s.receive({ type: "TAG_ARRIVED", seq: 4, channel: 0, tags: [B] }, 20);
    expect(s.flush(20).events).toEqual([{ t: 20, kind: "tags", antenna: "seat1", tags: [B] }]);
    s.receive({ type: "TAG_DEPARTED", seq: 5, channel: 0, tags: [B] }, 30);
    s.receive({ type: "TAG_ARRIVED", seq: 6, channel: 0, tags: [B] }, 30);
    expect(s.flush(30).events).toEqual([]);
  });

  it("counts messages for channels the configuration does not name, and emits nothing for them", () => {
    const s = started();
    s.receive({ type: "TAG_ARRIVED", seq: 2, channel: 7, tags: [A] }, 10);
    expect(s.flush(10).events).toEqual([]);
    expect(s.counters.unmappedChannel).toBe(1);
  });
});
