/**
 * The simulated Three Card Poker table's side of the simulator: what it needs of a configuration (the
 * zones it deals and pays on, its tags and chips), and the table under test, assembled from that
 * configuration by the one assembly (src/runtime/assemble.ts) as every table is, and fed as the drivers
 * feed a runtime — on the simulator's clock, with no journal.
 */
import { InputEvent, type InputEventIn, type TableEvent } from "../../contract/index.js";
import type { Registry } from "../../reading/registry.js";
import { DEFAULT_MISSED_SCANS, DEFAULT_SCAN_ROUND_MS } from "../../reading/tableReader.js";
import { assembleTable, noTimer, type TableConfig } from "../../runtime/assemble.js";
import type { Runtime } from "../../runtime/runtime.js";
import { DEFAULT_CHIP_SET } from "../chips.js";
import { TCP_SIM_DECK } from "./hand.js";
import { TCP_SEATING } from "./players.js";
import { TRAY_ANTENNAS } from "./tray.js";

/** The boxes of the simulated table. */
const SEATS = 7;

/** The antennas of the simulated table (config/tcp.yaml's). */
export const TCP_SIM_ANTENNAS = [
  "dealer",
  "muck",
  ...Object.keys(TCP_SEATING).flatMap((s) =>
    ["seat", "ante", "play", "pairplus", "prime"].map((z) => `${z}${s}`),
  ),
  ...TRAY_ANTENNAS,
];

/**
 * What the simulated table needs of a configuration, or null when it has it all: the seven boxes'
 * zones, the dealer's, the muck and the tray (the simulator deals and pays on them), a simulated
 * registry (its tags are logical ids) with the deck it deals, and the chips it bets with.
 */
export function tcpSimTableProblem(config: TableConfig): string | null {
  const missing = TCP_SIM_ANTENNAS.filter((a) => config.antennas[a] === undefined);
  if (missing.length > 0)
    return `antennas: the simulated table deals on ${missing.join(", ")}, which are missing`;
  if (config.table.seats < SEATS)
    return `table.seats: ${config.table.seats}, the simulated table has ${SEATS} boxes`;
  if (!config.registry.simulated) return "registry.simulated: false; the simulator's tags are logical ids";
  const decks = config.decks ?? [config.deck];
  if (!decks.includes(TCP_SIM_DECK))
    return `deck: ${decks.join(", ")}; the simulator deals deck ${TCP_SIM_DECK}`;
  const chips = DEFAULT_CHIP_SET.filter((c) => !config.chips.includes(c));
  if (chips.length > 0)
    return `chips: ${chips.join(", ")} missing; the simulator bets with ${DEFAULT_CHIP_SET.join(", ")}`;
  return null;
}

/** One reader lag of the table: a tag gone is reported this late (K missed scans and the round it left in). */
export function readerLagMs(config: TableConfig): number {
  // The core's defaults when the configuration says nothing (a validated one always does).
  const reading = config.reading ?? { scanRoundMs: DEFAULT_SCAN_ROUND_MS, missedScans: DEFAULT_MISSED_SCANS };
  return (reading.missedScans + 1) * reading.scanRoundMs;
}

/**
 * The soonest a dealer takes back chips put on a zone after the first card: once the table can have
 * read them settled. A zone settles `settleWindowMs` and a round after its last report, and chips
 * taken off are reported (K - 1) to K rounds late: 600 ms covers the default 400 ms window with K = 3,
 * a house's longer window (900 ms: TCP seed 52 at 400 ms rounds, a late bet never read) or fewer
 * missed scans need longer.
 */
export function lateBetNoticedMs(config: TableConfig): number {
  const reading = config.reading ?? { scanRoundMs: DEFAULT_SCAN_ROUND_MS, missedScans: DEFAULT_MISSED_SCANS };
  const unseen = config.settleWindowMs + Math.max(0, 3 - reading.missedScans) * reading.scanRoundMs;
  return Math.max(600, unseen + 200);
}

/**
 * The table under test, assembled with no journal on the simulator's clock: the runtime takes each
 * input as a driver would submit it, and the windows run when the next input's `t`, or the end of the
 * hand, moves that clock on (as in replay).
 */
export class SimulatedTable {
  private now = 0;
  private readonly runtime: Runtime;

  constructor(config: TableConfig, registry: Registry) {
    this.runtime = assembleTable(config, {
      registry,
      clock: () => () => this.now,
      setTimer: noTimer,
    }).runtime;
  }

  /** Submits a hand's events in order, then runs the windows due by `until`; what was fed and said. */
  feed(events: readonly InputEventIn[], until: number): { fed: InputEvent[]; out: TableEvent[] } {
    const fed: InputEvent[] = [];
    const out: TableEvent[] = [];
    let last = 0;
    for (const raw of events) {
      const event = InputEvent.parse(raw);
      fed.push(event);
      last = event.t;
      this.now = Math.max(this.now, event.t);
      out.push(...this.runtime.submit(event));
    }
    this.now = Math.max(this.now, until, last);
    out.push(...this.runtime.tick());
    return { fed, out };
  }

  /** Stops the runtime (its timer: none is armed off the live clock, but a run leaves nothing behind). */
  stop(): void {
    this.runtime.stop();
  }
}
