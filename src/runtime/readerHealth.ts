/**
 * Reader and device health for the floor page and /api/health. At a real table it comes from the
 * drivers' own state (a live report: is the bridge's port open and past its handshake, which antennas
 * the bridge says are read, are the keys, the all-in button and the panel open, is the journal
 * writing); nothing is assumed healthy. Without a live report (the simulator, tests) it is followed
 * from the table events: a READER_OFFLINE alert with its `reader`, its clear with the same `reader`.
 */
import type { DeviceUnit } from "../contract/input.js";
import type { TableEvent } from "../contract/output.js";

/** What a driver says of its device; "not-opened": configured but the table did not open it. */
export type LinkState = "online" | "connecting" | "offline" | "not-opened" | "unknown";

export interface AntennaStatus {
  antenna: string;
  /** The bridge's last word on this antenna's channel; "unknown" before it has said one. */
  state: "online" | "offline" | "unknown";
}

export interface ReaderStatus {
  reader: string;
  /** True only while the reader is known to work; never assumed. */
  online: boolean;
  /** "unknown" until the reader has reported: a table with no device open must not look healthy. */
  state: LinkState;
  /** The antennas this reader serves (from the configuration): what is blind while it is away. */
  antennas?: string[];
  /** Per antenna, from the driver (live reports only). */
  antennaStates?: AntennaStatus[];
  /** Where the driver opens it (live reports only). */
  path?: string;
  /** `t` of the last change, when one was seen. */
  since: number | null;
}

/** One device other than a reader: the dealer keys, the all-in button, the dealer panel. */
export interface DeviceStatus {
  device: DeviceUnit;
  state: LinkState;
  /** Why it is not online, in words. */
  detail?: string;
}

export interface JournalStatus {
  /** "writing": rows reach the disk; "fault": kept in memory; "off": the table runs without one. */
  state: "writing" | "fault" | "off";
  path: string | null;
  /** Rows waiting in memory for the disk. */
  waiting: number;
  reason?: string;
}

/** What the drivers and the journal say now (tableRun builds it from the open devices). */
export interface LiveHealth {
  readers: { reader: string; state: LinkState; path?: string; antennas: AntennaStatus[] }[];
  devices: DeviceStatus[];
  journal: JournalStatus;
}

export class ReaderHealth {
  private readonly status = new Map<string, ReaderStatus>();
  private readonly known: ReadonlySet<string>;

  /** `known` are the readers the configuration names (each antenna's `reader`). */
  constructor(
    known: readonly string[],
    private readonly antennas: Readonly<Record<string, readonly string[]>> = {},
    private readonly live?: () => LiveHealth,
  ) {
    this.known = new Set(known);
    for (const reader of known)
      this.status.set(reader, { reader, online: false, state: "unknown", since: null });
  }

  /** Follows the table events (the `since` of a change; the state itself when there is no live report). */
  apply(events: readonly TableEvent[]): void {
    for (const e of events) {
      if (e.kind === "alert" && e.code === "READER_OFFLINE") {
        const reader = e.reader ?? "reader";
        this.status.set(reader, { reader, online: false, state: "offline", since: e.t });
      } else if (e.kind === "alert_clear" && e.code === "READER_OFFLINE") {
        for (const s of this.status.values()) {
          if (s.state === "offline" && (e.reader === undefined || e.reader === s.reader))
            Object.assign(s, { online: true, state: "online", since: e.t });
        }
      }
    }
  }

  /** Every reader known or seen, by name; from the drivers when they report. */
  list(): ReaderStatus[] {
    const live = this.live?.();
    const byLive = new Map(live?.readers.map((r) => [r.reader, r]));
    // With a live report, the readers are those configured and opened (a lost key board's alert is a device's).
    const names = new Set(live === undefined ? this.status.keys() : [...this.known, ...byLive.keys()]);
    return [...names]
      .map((reader): ReaderStatus => {
        const followed = this.status.get(reader) ?? { reader, online: false, state: "unknown", since: null };
        const antennas = this.antennas[reader];
        const base =
          antennas && antennas.length > 0 ? { ...followed, antennas: [...antennas] } : { ...followed };
        const driver = byLive.get(reader);
        if (live === undefined) return base;
        // A live report knows every reader the table opened; one it does not name was not opened.
        if (driver === undefined) return { ...base, online: false, state: "not-opened" };
        return {
          ...base,
          online: driver.state === "online",
          state: driver.state,
          antennaStates: driver.antennas.map((a) => ({ ...a })),
          ...(driver.path === undefined ? {} : { path: driver.path }),
        };
      })
      .sort((a, b) => a.reader.localeCompare(b.reader));
  }

  /** The devices and the journal, when the drivers report (null otherwise). */
  devices(): Pick<LiveHealth, "devices" | "journal"> | null {
    const live = this.live?.();
    return live === undefined ? null : { devices: live.devices, journal: live.journal };
  }

  /** Names of the readers that are away. */
  offline(): string[] {
    return this.list().flatMap((s) => (s.state === "offline" ? [s.reader] : []));
  }
}

/**
 * The one-word verdict of /api/health: "ok" only when every reader and device is online and the
 * journal writes; "degraded" when one is known to be down; "unknown" while something has not reported.
 */
export function healthVerdict(
  readers: readonly ReaderStatus[],
  rest: Pick<LiveHealth, "devices" | "journal"> | null,
): "ok" | "degraded" | "unknown" {
  const states = [...readers.map((r) => r.state), ...(rest?.devices.map((d) => d.state) ?? [])];
  if (rest?.journal.state === "fault") return "degraded";
  if (states.some((s) => s === "offline" || s === "not-opened")) return "degraded";
  if (states.some((s) => s !== "online")) return "unknown";
  return "ok";
}

/** What an engineer does about a device that does not open: the cable, the udev name, the checks. */
export const CHECK_DEVICE =
  "check its USB cable and its /dev name (deploy/99-feltguard.rules); feltguard devices and feltguard doctor say what is found";
