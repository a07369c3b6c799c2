/**
 * Reader health for the floor page, followed from the table events: a reader going away is a
 * READER_OFFLINE alert with its `reader`, its return a clear with the same `reader`.
 */
import type { TableEvent } from "../contract/output.js";

export interface ReaderStatus {
  reader: string;
  /** True only once the reader has been seen working (it came back after going away); never assumed. */
  online: boolean;
  /** "unknown" until the reader has reported: a table with no device open must not look healthy. */
  state: "unknown" | "online" | "offline";
  /** The antennas this reader serves (from the configuration): what is blind while it is away. */
  antennas?: string[];
  /** `t` of the last change, when one was seen. */
  since: number | null;
}

export class ReaderHealth {
  private readonly status = new Map<string, ReaderStatus>();

  /** `known` are the readers the configuration names (each antenna's `reader`). */
  constructor(
    known: readonly string[],
    private readonly antennas: Readonly<Record<string, readonly string[]>> = {},
  ) {
    for (const reader of known)
      this.status.set(reader, { reader, online: false, state: "unknown", since: null });
  }

  /** Follows the table events. */
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

  /** Every reader known or seen, by name. */
  list(): ReaderStatus[] {
    return [...this.status.values()]
      .map((s) => {
        const antennas = this.antennas[s.reader];
        return antennas && antennas.length > 0 ? { ...s, antennas: [...antennas] } : { ...s };
      })
      .sort((a, b) => a.reader.localeCompare(b.reader));
  }

  /** Names of the readers that are away. */
  offline(): string[] {
    return this.list().flatMap((s) => (s.state === "offline" ? [s.reader] : []));
  }
}
