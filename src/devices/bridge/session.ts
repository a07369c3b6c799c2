/**
 * The host end of a bridge session, as plain state and functions of (message, t): sequence checks,
 * cumulative ACKs, resend requests, reconciliation from snapshots, and the input events that result.
 * No I/O and no timers here; the transport feeds it and writes what it asks for.
 */
import type { ReaderEvent, TagsEvent } from "../../contract/input.js";
import type { DeviceMessage, HelloMessage, HostMessage } from "./messages.js";
import { seqAfter, seqNext } from "./protocol.js";

export type BridgeEvent = TagsEvent | ReaderEvent;
/** A host message before the session numbers it. */
type HostCommand = HostMessage extends unknown ? DistributiveOmitSeq<HostMessage> : never;
type DistributiveOmitSeq<T> = T extends unknown ? Omit<T, "seq"> : never;

/** Protocol-level counters of the session (framing counters live in the decoder). */
export interface SessionCounters {
  hellos: number;
  boardResets: number;
  reconciles: number;
  beforeHello: number;
  duplicates: number;
  gaps: number;
  resendRequests: number;
  unmappedChannel: number;
}

export interface SessionOptions {
  antennas: Record<number, string>;
  resendTimeoutMs: number;
  /** Settings to push with SET_CONFIG when the board reports others. */
  desired?: { k?: number; heartbeatMs?: number };
  /**
   * Antenna → what the core last heard it list (a table restarted on its journal: the recovered hand's
   * cards and chips). The first snapshots are reported against it, not against empty antennas: an
   * antenna emptied while the table was down is reported empty (else a card folded into the muck
   * meanwhile stayed on its seat for the core, and was read on two antennas at once, READ_CONFLICT).
   * Default: nothing (a new table starts from empty antennas).
   */
  known?: Readonly<Record<string, readonly string[]>>;
}

interface Channel {
  tags: string[];
  /** The channel's tags are its snapshot's, not yet moved by an arrival or departure since. */
  snapshot: boolean;
  faulted: boolean;
  /** What the last tags event said (or what the core knew at start, SessionOptions.known). */
  emitted: string[];
  status?: "online" | "offline";
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const s = new Set(b);
  return a.every((x) => s.has(x));
}

/** Host-side protocol state for one bridge; survives reconnects so nothing is reported twice. */
export class BridgeSession {
  readonly counters: SessionCounters = {
    hellos: 0,
    boardResets: 0,
    reconciles: 0,
    beforeHello: 0,
    duplicates: 0,
    gaps: 0,
    resendRequests: 0,
    unmappedChannel: 0,
  };
  /** The last HELLO of the current connection, if any. */
  device: HelloMessage | undefined;
  /** True once the current connection is reconciled (every channel snapshotted). */
  linkUp = false;
  private readonly channels = new Map<number, Channel>();
  private expected = 0;
  private pendingSnapshots = new Set<number>();
  private dirty = new Set<number>();
  private needAck = false;
  private resendAskedFor = -1;
  private resendAskedAt = Number.NEGATIVE_INFINITY;
  private hostSeq = 0;
  private outbox: HostMessage[] = [];
  private statusKnown = false;
  private lastBootCounter: number | undefined;

  constructor(private readonly opts: SessionOptions) {}

  /** A fresh port was opened: nothing counts until HELLO. */
  connectionOpened(): void {
    this.device = undefined;
    this.pendingSnapshots.clear();
  }

  /** Queues a host command with the next host sequence number. */
  command(c: HostCommand): void {
    this.hostSeq = seqNext(this.hostSeq);
    this.outbox.push({ ...c, seq: this.hostSeq } as HostMessage);
  }

  /** Applies one message from the device received at time t. */
  receive(m: DeviceMessage, t: number): void {
    if (m.type === "HELLO") return this.hello(m);
    if (this.device === undefined) {
      this.counters.beforeHello++;
      return;
    }
    if (m.type === "HEARTBEAT") {
      if (seqAfter(m.seq, (this.expected - 1) & 0xffff)) this.askResend(t); // the tail was lost
      this.needAck = true;
      return;
    }
    if (m.seq === this.expected) {
      this.expected = seqNext(this.expected);
      this.needAck = true;
      this.apply(m);
    } else if (seqAfter(m.seq, this.expected)) {
      this.counters.gaps++;
      this.askResend(t);
    } else {
      this.counters.duplicates++;
      this.needAck = true;
    }
  }

  /** Ends a batch of messages (one read): returns the frames to send and the events to emit. */
  flush(t: number): { send: HostMessage[]; events: BridgeEvent[] } {
    if (this.needAck && this.device !== undefined)
      this.command({ type: "ACK", ackSeq: (this.expected - 1) & 0xffff });
    this.needAck = false;
    const events: BridgeEvent[] = [];
    for (const ch of this.dirty) {
      const c = this.channel(ch);
      const antenna = this.opts.antennas[ch];
      if (this.pendingSnapshots.has(ch) || sameSet(c.tags, c.emitted)) continue;
      if (antenna === undefined) {
        this.counters.unmappedChannel++;
        continue;
      }
      c.emitted = [...c.tags];
      events.push({
        t,
        kind: "tags",
        antenna,
        tags: [...c.tags],
        ...(c.snapshot ? { snapshot: true as const } : {}),
      });
    }
    this.dirty.clear();
    events.push(...this.statusEvents(t));
    const send = this.outbox;
    this.outbox = [];
    return { send, events };
  }

  /** The link is gone (unplugged, watchdog, failed open): readers go offline. */
  linkLost(t: number): BridgeEvent[] {
    this.linkUp = false;
    this.device = undefined;
    this.statusKnown = true;
    this.outbox = [];
    return this.flush(t).events;
  }

  private hello(m: HelloMessage): void {
    this.counters.hellos++;
    if (this.lastBootCounter !== undefined && m.bootCounter !== this.lastBootCounter)
      this.counters.boardResets++;
    this.lastBootCounter = m.bootCounter;
    this.device = m;
    this.expected = seqNext(m.seq);
    this.resendAskedFor = -1;
    this.pendingSnapshots = new Set(Array.from({ length: m.channels }, (_, i) => i));
    this.needAck = true;
    const want = this.opts.desired;
    const k = want?.k !== undefined && want.k !== m.k ? want.k : 0;
    const hb = want?.heartbeatMs !== undefined && want.heartbeatMs !== m.heartbeatMs ? want.heartbeatMs : 0;
    if (k !== 0 || hb !== 0) this.command({ type: "SET_CONFIG", k, heartbeatMs: hb });
  }

  private askResend(t: number): void {
    // One request per gap, repeated only after resendTimeoutMs: resends in flight would re-trigger it.
    if (this.resendAskedFor === this.expected && t - this.resendAskedAt < this.opts.resendTimeoutMs) return;
    this.resendAskedFor = this.expected;
    this.resendAskedAt = t;
    this.counters.resendRequests++;
    this.command({ type: "RESEND_FROM", fromSeq: this.expected });
  }

  private apply(m: Exclude<DeviceMessage, HelloMessage | { type: "HEARTBEAT" }>): void {
    const c = this.channel(m.channel);
    this.dirty.add(m.channel);
    switch (m.type) {
      case "SNAPSHOT":
        c.tags = [...new Set(m.tags)];
        c.snapshot = true;
        c.faulted = m.status === 1;
        this.pendingSnapshots.delete(m.channel);
        if (this.pendingSnapshots.size === 0 && !this.linkUp) {
          this.linkUp = true;
          this.statusKnown = true;
          this.counters.reconciles++;
        } else if (this.pendingSnapshots.size === 0) {
          this.counters.reconciles++;
        }
        break;
      case "TAG_ARRIVED":
        c.snapshot = false;
        for (const tag of m.tags) if (!c.tags.includes(tag)) c.tags.push(tag);
        break;
      case "TAG_DEPARTED":
        c.snapshot = false;
        c.tags = c.tags.filter((tag) => !m.tags.includes(tag));
        break;
      case "READER_FAULT":
        c.faulted = m.active;
        break;
    }
  }

  private statusEvents(t: number): ReaderEvent[] {
    if (!this.statusKnown) return [];
    const out: ReaderEvent[] = [];
    for (const [key, reader] of Object.entries(this.opts.antennas)) {
      const ch = Number(key);
      const c = this.channel(ch);
      const exists = this.device === undefined || ch < this.device.channels;
      const status = this.linkUp && exists && !c.faulted ? "online" : "offline";
      if (status === c.status) continue;
      c.status = status;
      out.push({ t, kind: "reader", reader, status });
    }
    return out;
  }

  private channel(ch: number): Channel {
    let c = this.channels.get(ch);
    if (c === undefined) {
      const antenna = this.opts.antennas[ch];
      const known = antenna === undefined ? undefined : this.opts.known?.[antenna];
      c = { tags: [], snapshot: false, faulted: false, emitted: known === undefined ? [] : [...known] };
      this.channels.set(ch, c);
    }
    return c;
  }
}
