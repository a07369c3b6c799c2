/**
 * The room's side of the feed: one MQTT client subscribed to every table on the broker, keeping each
 * table's latest state, health and chain head and following its events once each, in `seq` order
 * (src/feed/follower.ts). A gap (the broker lost what it had acknowledged, or the client was away) is
 * asked for on the table's `replay` topic; after every (re)connection the subscriber asks every table it
 * knows from the first event it is missing. The room overview (src/web/floor/) and the tests read it.
 */
import { connect, type IClientOptions, type MqttClient } from "mqtt";
import { DEFAULT_ASK_AGAIN_MS } from "./askAgain.js";
import { SeqFollower } from "./follower.js";
import { type PublicState } from "./publicState.js";
import { parseTopic, topics } from "./topics.js";

/** A table event as the room sees it (the contract's fields; only `seq` and `kind` are relied on). */
export interface FeedEvent {
  seq: number;
  kind: string;
  t: number;
  [field: string]: unknown;
}

export interface RoomTable {
  id: string;
  state: PublicState | null;
  health: Record<string, unknown> | null;
  head: Record<string, unknown> | null;
  /** Wall time (ms) of the last message from the table. */
  lastSeen: number;
  follower: SeqFollower<FeedEvent>;
  /** Events delivered in order. */
  delivered: number;
  /** The last `expected` asked for on `replay` (so one gap is asked once per arrival burst). */
  asked: number;
  /** The retry timer of an open gap. */
  retry: FeedTimer | null;
  /** The last `seq` the table says it has (its retained state): events up to it are owed. */
  owed: number;
  /** The timer that re-reads a state left behind by the events (see `checkState`). */
  stateCheck: FeedTimer | null;
}

/** A timer of the subscriber's clock: cancelled with the clock's `clear`. */
export type FeedTimer = unknown;

/**
 * The clock the subscriber waits on (`ask-again` windows): the event loop's timers, or the tests' own,
 * which fire when a test says so, so no test depends on how fast the machine is.
 */
export interface FeedTimers {
  set(run: () => void, ms: number): FeedTimer;
  clear(timer: FeedTimer): void;
}

/** The event loop's timers. */
export const realTimers: FeedTimers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

export interface SubscriberOptions {
  url: string;
  username?: string;
  password?: string;
  ca?: Buffer;
  clientId?: string;
  /**
   * A table first met through its retained state: follow on from the state (false, the overview's way),
   * or ask for its whole history still kept (true: an archive, surveillance).
   */
  history?: boolean;
  /** Each table's events, once each, in order. */
  onEvents?: (table: string, events: readonly FeedEvent[]) => void;
  /** Anything about a table changed (state, health, head or events). */
  onChange?: (table: RoomTable) => void;
  /** A ruling's answer from a table. */
  onResult?: (table: string, result: Record<string, unknown>) => void;
  /** The wall clock (ms), for "last seen". */
  now?: () => number;
  /**
   * The ask-again window (ms; {@link DEFAULT_ASK_AGAIN_MS} unless given). A gap in a table's events still
   * open this long after it was asked for is asked for again: the request, or the answer, may have
   * crossed a broker restart, or reached the table before it subscribed again. A retained state still
   * behind the events this long after they came is re-read: the table sends its state after every batch
   * of events, so it is behind for a moment after each, and only one still behind a window later was
   * dropped on the way (see `checkState`). Shorter: a lost message costs less time, at the price of more
   * repeated requests on a slow broker; neither ever changes what is delivered, only how soon. It must be
   * well above the broker's round trip (a table answers a request through it), and far below the floor's
   * patience with a stale row (its bounds: ./askAgain.ts). `feltguard floor --ask-again-ms`.
   */
  askAgainMs?: number;
  /** The timers the windows run on (the event loop's unless given: tests fire their own). */
  timers?: FeedTimers;
}

export class RoomSubscriber {
  readonly client: MqttClient;
  readonly tables = new Map<string, RoomTable>();
  private readonly now: () => number;
  /** The ask-again window in force (ms): see `SubscriberOptions.askAgainMs`. */
  readonly askAgainMs: number;
  private readonly timers: FeedTimers;
  private closed = false;
  /** Retained states re-read because the events had gone past them (see `checkState`). */
  stateRereads = 0;

  constructor(private readonly options: SubscriberOptions) {
    this.now = options.now ?? Date.now;
    this.askAgainMs = options.askAgainMs ?? DEFAULT_ASK_AGAIN_MS;
    this.timers = options.timers ?? realTimers;
    const mqttOptions: IClientOptions = {
      clientId: options.clientId ?? `feltguard-room-${Math.random().toString(36).slice(2, 10)}`,
      clean: true,
      reconnectPeriod: 1000,
      ...(options.username === undefined ? {} : { username: options.username }),
      ...(options.password === undefined ? {} : { password: options.password }),
      ...(options.ca === undefined ? {} : { ca: options.ca }),
    };
    this.client = connect(options.url, mqttOptions);
    this.client.on("connect", () => {
      this.client.subscribe(
        [
          "feltguard/+/state",
          "feltguard/+/health",
          "feltguard/+/head",
          "feltguard/+/events",
          "feltguard/+/rulings/result",
        ],
        { qos: 1 },
        () => {
          // After a broker restart nothing of the old session is left: ask each table for what we miss.
          for (const t of this.tables.values()) this.ask(t, true);
        },
      );
    });
    this.client.on("message", (topic, payload) => this.onMessage(topic, payload));
    this.client.on("error", () => undefined);
  }

  /** Resolves once connected and subscribed. */
  ready(): Promise<void> {
    return new Promise((resolve) => {
      const check = () =>
        this.client.connected ? resolve() : this.client.once("connect", () => setImmediate(resolve));
      check();
    });
  }

  /** Publishes a message (the floor's signed rulings). */
  publish(topic: string, payload: string): Promise<void> {
    return new Promise((resolve, reject) =>
      this.client.publish(topic, payload, { qos: 1 }, (e) => (e ? reject(e) : resolve())),
    );
  }

  close(): Promise<void> {
    this.closed = true;
    for (const t of this.tables.values()) {
      if (t.retry !== null) this.timers.clear(t.retry);
      if (t.stateCheck !== null) this.timers.clear(t.stateCheck);
    }
    return this.client.endAsync(true);
  }

  private table(id: string): RoomTable {
    let t = this.tables.get(id);
    if (t === undefined) {
      t = {
        id,
        state: null,
        health: null,
        head: null,
        lastSeen: 0,
        follower: new SeqFollower(),
        delivered: 0,
        asked: 0,
        retry: null,
        owed: 0,
        stateCheck: null,
      };
      this.tables.set(id, t);
    }
    return t;
  }

  private onMessage(topic: string, payload: Buffer): void {
    const where = parseTopic(topic);
    if (where === null) return;
    let body: unknown;
    try {
      body = JSON.parse(payload.toString("utf8"));
    } catch {
      return;
    }
    if (typeof body !== "object" || body === null) return;
    const known = this.tables.has(where.table);
    const table = this.table(where.table);
    const record = body as Record<string, unknown>;
    switch (where.topic) {
      case "state": {
        const state = body as PublicState;
        // A state older than the one held is a QoS 1 message redelivered after a reconnect (the client
        // resends what the broker had not acknowledged): `seq` only grows, so the newer one stands.
        if (typeof state.seq === "number" && (table.state?.seq ?? -1) > state.seq) break;
        // A table first met through its retained state: its events follow on from the state's.
        if (!known && typeof state.seq === "number" && this.options.history !== true)
          table.follower = new SeqFollower(state.seq);
        table.state = state;
        table.owed = Math.max(table.owed, state.seq);
        this.checkGap(table);
        break;
      }
      case "health":
        table.health = record;
        if (record.status === "offline") {
          this.options.onChange?.(table);
          return;
        }
        break;
      case "head":
        table.head = record;
        break;
      case "events": {
        if (typeof record.seq !== "number") return;
        const out = table.follower.take(record as FeedEvent);
        table.delivered += out.length;
        if (out.length > 0) this.options.onEvents?.(table.id, out);
        this.checkGap(table);
        this.checkState(table);
        break;
      }
      case "result":
        this.options.onResult?.(table.id, record);
        return;
      default:
        return;
    }
    table.lastSeen = this.now();
    this.options.onChange?.(table);
  }

  /** Whether events are missing (early arrivals wait, or the state says more were said); asks if so. */
  private missing(table: RoomTable): boolean {
    return table.follower.waiting || table.owed >= table.follower.expected;
  }

  private checkGap(table: RoomTable): void {
    if (!this.missing(table)) return;
    if (table.asked !== table.follower.expected) this.ask(table, true);
    if (table.retry !== null) return;
    const at = table.follower.expected;
    table.retry = this.timers.set(() => {
      table.retry = null;
      if (this.closed || !this.missing(table)) return;
      // Events still coming in answer to the last request: wait for them before asking again.
      if (table.follower.expected === at) this.ask(table, true);
      this.checkGap(table);
    }, this.askAgainMs);
  }

  /** Whether the events delivered are newer than the state held. */
  private stateBehind(table: RoomTable): boolean {
    return table.state !== null && table.follower.expected - 1 > table.state.seq;
  }

  /**
   * A state left behind by the events is re-read from the broker's retained copy. The table sends its
   * state after every batch of events, so the state is behind for a moment after each batch; if it is
   * still behind the ask-again window later, the broker dropped it on the way to us (mosquitto drops QoS 1
   * messages past a slow client's queue, `max_queued_messages`, as it did in CI when 20 tables caught
   * up at once). Events come back on `replay`; a state does not, but the broker keeps the latest one
   * retained, and subscribing to its topic again sends that copy (MQTT 3.1.1 §3.8.4).
   */
  private checkState(table: RoomTable): void {
    if (table.stateCheck !== null || !this.stateBehind(table)) return;
    const held = table.state;
    table.stateCheck = this.timers.set(() => {
      table.stateCheck = null;
      if (this.closed || !this.stateBehind(table)) return;
      // A state came meanwhile (still behind: the table's next one is on its way): look again later.
      if (table.state === held && this.client.connected) {
        const topic = topics(table.id).state;
        this.stateRereads += 1;
        this.client.subscribe(topic, { qos: 1 }, () => this.client.unsubscribe(topic));
      }
      this.checkState(table);
    }, this.askAgainMs);
  }

  /** Asks the table for its events from the first one missing. */
  private ask(table: RoomTable, _always: boolean): void {
    if (!this.client.connected) return;
    const from = table.follower.expected;
    table.asked = from;
    this.client.publish(topics(table.id).replay, JSON.stringify({ from }), { qos: 1 });
  }
}
