/**
 * The multi-table simulator (`feltguard sim --tables N --mqtt URL`): N simulated flop-game tables in one
 * process, each with its own id, core, runtime and floor-feed publisher, and no journal. Each table runs
 * on its own simulated clock (as `sim --fast` does), so "five minutes of table time" means the tables'
 * clocks, not the machine's: the tables are stepped in turns and yield to the event loop between turns,
 * so the publishers' network work goes on while they play, however fast the machine is.
 */
import type { InputEventIn } from "../contract/input.js";
import type { TableEvent } from "../contract/output.js";
import type { AlertCode } from "../hand/alerts.js";
import { FloorInbox } from "../feed/floorInbox.js";
import { FeedPublisher, type FeedOptions } from "../feed/publisher.js";
import { RulingKeys, RulingVerifier } from "../feed/signedRuling.js";
import { flopGame } from "../sim/games.js";
import { toInputEvent } from "../sim/run.js";
import { FloorFollower } from "../sim/floorFollower.js";
import { FlopSession } from "../sim/session.js";
import type { Config } from "../config/config.js";
import type { Runtime } from "../runtime/runtime.js";
import { assembleTable, noTimer } from "../runtime/assemble.js";

/** How long a misdeal or void ruled over MQTT can be undone, as on the floor page (its default). */
const UNDO_WINDOW_MS = 10_000;

/** Input events a table plays before the room yields to the event loop (keeps sockets served). */
const EVENTS_PER_TURN = 25;

export interface RoomOptions {
  config: Config;
  tables: number;
  url: string;
  seed: number;
  /** Table ids are `<prefix>-1` … `<prefix>-N`. */
  prefix?: string;
  inject?: readonly AlertCode[];
  noise?: boolean;
  version: string;
  /** Sees every input event a table plays (tests read the hole cards dealt from it). */
  onInput?: (table: string, event: InputEventIn) => void;
  /** Sees every table event (tests and the benchmark). */
  onEvents?: (table: string, events: readonly TableEvent[]) => void;
  feed?: Partial<FeedOptions>;
}

export interface SimTable {
  readonly id: string;
  readonly runtime: Runtime;
  readonly publisher: FeedPublisher;
  /** The table's simulated clock (ms). */
  now: number;
  hands: number;
}

interface Playing extends SimTable {
  readonly session: FlopSession;
  /** Plays the session's script and follows the floor's rulings (src/sim/floorFollower.ts). */
  readonly follower: FloorFollower;
}

export class SimRoom {
  readonly tables: SimTable[];
  private readonly playing: Playing[];

  constructor(private readonly options: RoomOptions) {
    const game = flopGame(options.config.game.name === "tcp" ? "nlhe" : options.config.game.name);
    if (game === null) throw new Error("the room simulator plays flop games");
    const prefix = options.prefix ?? "sim";
    // With the configuration's ruling keys, each table takes signed rulings as `feltguard table` does
    // (docs/floor-network.md): without them the overview's rulings to a simulated table went unanswered.
    const keysFile = options.config.feed?.mqtt?.rulingKeys;
    const keys = keysFile === undefined ? null : RulingKeys.load(keysFile);
    this.playing = Array.from({ length: options.tables }, (_, i) => {
      const id = `${prefix}-${i + 1}`;
      const { config } = options;
      const runtimeOf = (): Runtime => table.runtime;
      const inbox =
        keys === null
          ? undefined
          : new FloorInbox(
              new RulingVerifier(id, keys),
              {
                now: () => runtimeOf().now(),
                submit: (event) => runtimeOf().submit(event),
                get core() {
                  return runtimeOf().core;
                },
              },
              config.displays.web?.undoWindowMs ?? UNDO_WINDOW_MS,
            );
      const session = new FlopSession({
        seed: options.seed + i,
        noise: options.noise ?? false,
        inject: options.inject ?? [],
        game: game.name,
        seatCount: config.table.seats,
        deck: config.deck,
        chips: config.chips,
        bbAnteOrder: config.house.bbAnteOrder,
      });
      const publisher = new FeedPublisher({
        tableId: id,
        tableName: `${config.table.name} ${i + 1}`,
        url: options.url,
        version: options.version,
        ...(inbox ? { inbox } : {}),
        ...options.feed,
      });
      const table: Playing = {
        id,
        session,
        publisher,
        now: 0,
        hands: 0,
        follower: new FloorFollower(session, (_batch, kind) => {
          if (kind === "hand") table.hands += 1;
        }),
        runtime: undefined as unknown as Runtime,
      };
      const { runtime } = assembleTable(config, {
        clock: () => () => table.now,
        outputs: [
          ...(options.onEvents ? [(events: readonly TableEvent[]) => options.onEvents?.(id, events)] : []),
          publisher.output,
        ],
        // Off the live clock, windows run when the next event advances the core (as in replay).
        setTimer: noTimer,
        wallClock: () => new Date(Date.UTC(2026, 0, 1) + table.now),
      });
      (table as { runtime: Runtime }).runtime = runtime;
      table.follower.attach(runtime);
      return table;
    });
    this.tables = this.playing;
  }

  /** Plays every table until its clock reaches `t` (ms of table time). */
  async runUntil(t: number): Promise<void> {
    let busy = true;
    while (busy) {
      busy = false;
      for (const table of this.playing) {
        for (let n = 0; n < EVENTS_PER_TURN; n++) {
          const step = table.follower.peek(true);
          if (step.kind === "held") {
            // The floor holds the hand (a misdeal or void in its undo window): the table's time goes
            // on to the window's end, within this run, and the dealer waits.
            const due = table.runtime.core.nextDeadline();
            if (due === null || due > t) break;
            table.now = Math.max(table.now, due);
            table.runtime.tick();
            busy = true;
            continue;
          }
          if (step.kind !== "event" || step.event.t > t) break;
          const next = step.event;
          table.now = Math.max(table.now, next.t);
          table.follower.play((e) => {
            this.options.onInput?.(table.id, e);
            return table.runtime.submit(toInputEvent(e));
          });
          busy = true;
        }
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    for (const table of this.playing) table.now = Math.max(table.now, t);
  }

  /** Disconnects every publisher. */
  async close(): Promise<void> {
    for (const table of this.playing) table.runtime.stop();
    await Promise.all(this.playing.map((table) => table.publisher.close()));
  }
}
