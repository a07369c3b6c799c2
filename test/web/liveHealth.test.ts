/**
 * Health from the drivers (a real table): the readers' and antennas' states are what the bridge
 * drivers say, not what the alerts suggest; a configured reader the table did not open is
 * "not-opened"; "ok" only when every reader and device is online and the journal writes.
 */
import { describe, expect, it } from "vitest";
import { healthVerdict, type LiveHealth, ReaderHealth } from "../../src/runtime/readerHealth.js";

const journal: LiveHealth["journal"] = {
  state: "writing",
  path: "/var/lib/feltguard/journal.db",
  waiting: 0,
};

describe("ReaderHealth with a live report", () => {
  it("takes each reader's and antenna's state from the driver", () => {
    let live: LiveHealth = {
      readers: [
        {
          reader: "bridge",
          path: "/dev/feltguard-bridge",
          state: "online",
          antennas: [
            { antenna: "seat1", state: "online" },
            { antenna: "board", state: "offline" },
          ],
        },
      ],
      devices: [{ device: "keys", state: "online" }],
      journal,
    };
    const health = new ReaderHealth(
      ["bridge", "bridge2"],
      { bridge: ["seat1", "board"], bridge2: ["prime1"] },
      () => live,
    );
    const [bridge, bridge2] = health.list();
    expect(bridge).toMatchObject({
      reader: "bridge",
      state: "online",
      online: true,
      path: "/dev/feltguard-bridge",
      antennaStates: [
        { antenna: "seat1", state: "online" },
        { antenna: "board", state: "offline" },
      ],
    });
    // Configured, but the table did not open it: not healthy, and said so.
    expect(bridge2).toMatchObject({
      reader: "bridge2",
      state: "not-opened",
      online: false,
      antennas: ["prime1"],
    });
    expect(healthVerdict(health.list(), health.devices())).toBe("degraded");

    // A READER_OFFLINE alert about the dealer keys is a device's, not a reader to list.
    health.apply([
      {
        t: 5,
        kind: "alert",
        code: "READER_OFFLINE",
        rule: "—",
        severity: "floor",
        text: "",
        steps: [],
        reader: "keys",
      },
    ]);
    expect(health.list().map((r) => r.reader)).toEqual(["bridge", "bridge2"]);

    live = {
      ...live,
      readers: [
        ...live.readers,
        { reader: "bridge2", state: "online", antennas: [{ antenna: "prime1", state: "online" }] },
      ],
    };
    expect(healthVerdict(health.list(), health.devices())).toBe("ok");
    live = { ...live, journal: { ...journal, state: "fault", waiting: 3, reason: "the disk is full" } };
    expect(healthVerdict(health.list(), health.devices())).toBe("degraded");
    live = { ...live, journal, devices: [{ device: "panel", state: "connecting" }] };
    expect(healthVerdict(health.list(), health.devices())).toBe("unknown");
  });

  it("without a live report (the simulator) nothing is ok until a reader has reported", () => {
    const health = new ReaderHealth(["bridge"]);
    expect(health.devices()).toBeNull();
    expect(healthVerdict(health.list(), null)).toBe("unknown");
  });
});
