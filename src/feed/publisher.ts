/**
 * The table's publisher on the floor feed (shared/spec/events.md §"The floor feed (MQTT)"), with
 * MQTT.js: every table event on `events` in `seq` order at QoS 1, the public state and the health
 * retained, the chain head after every hand, and a last will that says offline. It is a runtime output
 * and never blocks or fails the table: while the broker is away events wait in the outbox and the hand
 * goes on; on reconnection the unacknowledged ones go out again in order, and a consumer that missed
 * some asks on `replay`. Inbound signed floor operations come in on `rulings` (src/feed/floorInbox.ts).
 *
 * Over 300 lines: the connection, the ordered outbox and the retained topics share one MQTT
 * client's life cycle (connect, drop, reconnect, resend); the outbox (outbox.ts), topics (topics.ts)
 * and inbound rulings (floorInbox.ts) are apart.
 */
import { connect, type IClientOptions, type MqttClient } from "mqtt";
import type { TableEvent } from "../contract/output.js";
import { AlertBoard, type OpenAlert } from "../display/alertBoard.js";
import { tableView } from "../display/view.js";
import type { TableReadModel } from "../table/core.js";
import type { FloorInbox, RulingResult } from "./floorInbox.js";
import { Outbox } from "./outbox.js";
import { type PublicState, publicState } from "./publicState.js";
import { ReplayRequest, topics } from "./topics.js";

/** Events kept for resending and replay requests: a day of a busy table is ~20,000 events, a few MB. */
export const DEFAULT_KEEP = 50_000;
/**
 * Wait before reconnecting (ms): short enough that the floor sees a restarted broker at once, long
 * enough not to hammer a broker that is down (MQTT.js retries at this period).
 */
export const RECONNECT_MS = 1000;

export interface HealthInfo {
  [key: string]: unknown;
}

export interface FeedOptions {
  /** The table's id on the broker (config `table.id`). */
  tableId: string;
  /** The table's display name. */
  tableName: string;
  url: string;
  username?: string;
  password?: string;
  /** TLS: the broker's CA certificate (PEM). */
  ca?: Buffer;
  version: string;
  /** Extra health (readers, devices, journal), merged into the `health` payload when it changes. */
  health?: () => HealthInfo;
  /** The journal's chain head, published on `head` after every hand (absent: a journal-free table). */
  head?: () => { seq: number; hash: string } | Record<string, unknown>;
  /** Signed floor operations from the `rulings` topic. */
  inbox?: FloorInbox;
  keep?: number;
  reconnectMs?: number;
}

type Output = (events: readonly TableEvent[], core: TableReadModel) => void;

export class FeedPublisher {
  private readonly client: MqttClient;
  private readonly outbox: Outbox;
  private readonly alerts = new AlertBoard();
  private readonly topic: ReturnType<typeof topics>;
  private state: PublicState | null = null;
  private lastHealth = "";
  private lastSeq = 0;
  private closed = false;
  private flushing = false;
  private healthDue = false;
  private headDue = false;
  /** The replay answer under way (events left to be acknowledged). */
  private replaying: { from: number; left: number } | null = null;
  /** Messages the broker acknowledged (QoS 1), for the benchmark and the health payload. */
  acknowledged = 0;
  /** Messages handed to the broker connection (events, resends, state, health, head). */
  published = 0;
  /** Connections made (the first, then each reconnection). */
  connections = 0;

  constructor(private readonly options: FeedOptions) {
    this.topic = topics(options.tableId);
    this.outbox = new Outbox(options.keep ?? DEFAULT_KEEP);
    const mqttOptions: IClientOptions = {
      clientId: `feltguard-table-${options.tableId}`,
      clean: true,
      reconnectPeriod: options.reconnectMs ?? RECONNECT_MS,
      connectTimeout: 10_000,
      // Events wait in our outbox, not in the library's queue: we resend them in order ourselves.
      queueQoSZero: false,
      will: {
        topic: this.topic.health,
        payload: Buffer.from(JSON.stringify({ status: "offline", table: options.tableId })),
        qos: 1,
        retain: true,
      },
      ...(options.username === undefined ? {} : { username: options.username }),
      ...(options.password === undefined ? {} : { password: options.password }),
      ...(options.ca === undefined ? {} : { ca: options.ca }),
    };
    this.client = connect(options.url, mqttOptions);
    this.client.on("connect", () => this.onConnect());
    this.client.on("message", (topic, payload) => this.onMessage(topic, payload));
    // A broker that is away is normal; the table goes on and the client reconnects.
    this.client.on("error", () => undefined);
  }

  /** Give this to the runtime: every batch of table events, with the core to read the public view from. */
  readonly output: Output = (events, core) => {
    if (events.length === 0) return;
    this.alerts.apply(events);
    let handEnded = false;
    for (const e of events) {
      const seq = e.seq ?? this.lastSeq + 1;
      this.lastSeq = Math.max(this.lastSeq, seq);
      this.outbox.add(seq, JSON.stringify(e));
      if (e.kind === "hand_end") handEnded = true;
    }
    this.state = this.view(core, events.at(-1)?.t ?? 0);
    this.headDue ||= handEnded;
    if (!this.client.connected) return;
    this.sendPending();
    // The retained state and health are "now": one message per turn of the event loop carries the
    // latest, however many batches the turn held (events themselves all go out, above).
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => {
      this.flushing = false;
      if (!this.client.connected) return;
      this.sendState();
      this.sendHealth();
      if (this.headDue) this.sendHead();
      this.headDue = false;
    });
  };

  /**
   * The drivers' health may have changed without a table event (a bridge past its handshake, a port
   * lost while nothing is said): the retained health is sent again, once per turn of the event loop,
   * when it differs from the last one sent. Otherwise it said "connecting" until the next event.
   */
  healthMayHaveChanged(): void {
    if (this.healthDue || !this.client.connected) return;
    this.healthDue = true;
    setImmediate(() => {
      this.healthDue = false;
      if (this.client.connected) this.sendHealth();
    });
  }

  /**
   * Events said before this process started (rebuilt from the journal): kept for `replay` requests, not
   * sent unasked — a consumer that has them drops them, one that misses them asks.
   */
  preload(events: readonly TableEvent[]): void {
    for (const e of events) {
      if (e.seq === undefined) continue;
      this.outbox.add(e.seq, JSON.stringify(e));
      this.outbox.ack(e.seq);
      this.lastSeq = Math.max(this.lastSeq, e.seq);
    }
  }

  /** The public state of the table as it is now (at start, before any event: the consumers learn the last `seq`). */
  refresh(core: TableReadModel, t: number): void {
    this.state = this.view(core, t);
    if (this.client.connected) this.sendState();
  }

  private view(core: TableReadModel, t: number): PublicState {
    const view = tableView(core, {
      tableName: this.options.tableName,
      // Between hands, not the ended hand's alerts: a floor system was told ALLIN_TABLE_HANDS was still
      // open after its hand, and the overview offered rulings on it that the table refused.
      alerts: this.alerts.openAtTable(),
      readersOffline: readersOffline(this.alerts.list()),
    });
    return publicState(this.options.tableId, view, this.lastSeq, t);
  }

  /** Whether the broker connection is up. */
  get connected(): boolean {
    return this.client.connected;
  }

  /** The last event number given to the feed. */
  get seq(): number {
    return this.lastSeq;
  }

  /** Events not yet acknowledged by the broker. */
  get pending(): number {
    return this.outbox.pending;
  }

  /** Resolves on the first connection (true) or the first failure to connect (false). */
  firstAttempt(): Promise<boolean> {
    if (this.client.connected) return Promise.resolve(true);
    return new Promise((resolve) => {
      const ok = () => resolve(true);
      const failed = () => resolve(false);
      this.client.once("connect", ok);
      this.client.once("error", failed);
      this.client.once("offline", failed);
    });
  }

  /** Resolves once the broker has acknowledged every event, or at once while it is unreachable. */
  async drain(): Promise<void> {
    while (this.client.connected && this.outbox.pending > 0) await new Promise((r) => setTimeout(r, 10));
  }

  /** Disconnects cleanly (the health says offline: a clean disconnect sends no last will). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.client.connected) {
      await this.publish(
        this.topic.health,
        JSON.stringify({ status: "offline", table: this.options.tableId }),
        true,
      );
    }
    // The offline health was acknowledged; what else is in flight the table no longer owes anyone.
    await this.client.endAsync(true);
  }

  private onConnect(): void {
    this.connections += 1;
    const subscriptions = [this.topic.replay, ...(this.options.inbox ? [this.topic.rulings] : [])];
    this.client.subscribe(subscriptions, { qos: 1 }, () => undefined);
    this.lastHealth = "";
    this.replaying = null;
    this.outbox.reconnected();
    this.sendPending();
    this.sendState();
    this.sendHealth();
    this.sendHead();
  }

  private onMessage(topic: string, payload: Buffer): void {
    if (topic === this.topic.replay) {
      let request: unknown;
      try {
        request = JSON.parse(payload.toString("utf8"));
      } catch {
        return;
      }
      const parsed = ReplayRequest.safeParse(request);
      if (!parsed.success) return;
      // One answer at a time: a request from within the answer under way is covered by it.
      const from = parsed.data.from;
      if (this.replaying !== null && from >= this.replaying.from && this.replaying.left > 0) return;
      const answer = this.outbox.from(from);
      const replay = { from, left: answer.length };
      this.replaying = replay;
      for (const e of answer)
        this.sendEvent(e.seq, e.payload, () => {
          replay.left -= 1;
        });
    } else if (topic === this.topic.rulings && this.options.inbox) {
      const result: RulingResult = this.options.inbox.receive(payload);
      void this.publish(
        this.topic.rulingResult,
        JSON.stringify({ table: this.options.tableId, ...result }),
        false,
      );
    }
  }

  private sendPending(): void {
    for (const e of this.outbox.takeUnsent()) this.sendEvent(e.seq, e.payload);
  }

  private sendEvent(seq: number, payload: string, done?: () => void): void {
    this.published += 1;
    this.client.publish(this.topic.events, payload, { qos: 1 }, (error) => {
      done?.();
      if (error) return;
      this.acknowledged += 1;
      this.outbox.ack(seq);
    });
  }

  private sendState(): void {
    if (this.state !== null) void this.publish(this.topic.state, JSON.stringify(this.state), true);
  }

  private sendHealth(): void {
    const health = JSON.stringify({
      status: "online",
      table: this.options.tableId,
      name: this.options.tableName,
      version: this.options.version,
      readersOffline: this.state?.readersOffline ?? [],
      feed: { dropped: this.outbox.dropped },
      ...(this.options.health?.() ?? {}),
    });
    if (health === this.lastHealth) return;
    this.lastHealth = health;
    void this.publish(this.topic.health, health, true);
  }

  private sendHead(): void {
    const head = this.options.head?.();
    if (head !== undefined)
      void this.publish(this.topic.head, JSON.stringify({ table: this.options.tableId, ...head }), true);
  }

  private publish(topic: string, payload: string, retain: boolean): Promise<void> {
    this.published += 1;
    return new Promise((resolve) => {
      this.client.publish(topic, payload, { qos: 1, retain }, () => resolve());
    });
  }
}

/**
 * The readers named by the open READER_OFFLINE alerts (as src/display/outputs.ts does; not imported
 * from there, which would tie the feed to the runtime through the display's outputs).
 */
function readersOffline(open: readonly OpenAlert[]): string[] {
  return [...new Set(open.filter((a) => a.code === "READER_OFFLINE").map((a) => a.reader ?? "reader"))];
}
