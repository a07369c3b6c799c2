/**
 * A stream of input events split the way a real table splits it. Every tag on the felt is something the
 * RFID bridge must see for itself, so the tags events become the bridge emulator's script: the
 * differences between one report of an antenna and the next, as `place`/`remove` on its channel, with
 * UIDs in place of the logical ids (a real tag has no idea which card it is glued to; the registry
 * says). Everything else — the dealer's keys, the floor's operations — does not go through the bridge:
 * the host submits it itself, at the same moment on the same clock.
 *
 * Times are compressed by `speed` (simulated milliseconds per real millisecond): the script and the
 * host's schedule are in real milliseconds from the start of the emulator's script clock, and the
 * runtime's clock runs `speed` times faster, so the controller sees the hands at their simulated pace.
 */
import type { InputEventIn } from "../contract/input.js";

/** One event the host submits itself, `at` real milliseconds after the script clock starts. */
export interface HostEvent {
  readonly at: number;
  readonly event: InputEventIn;
}

export interface BridgeScript {
  /** The emulator's script (emulator/script.h), ending with `end`. */
  readonly script: string;
  /** The events that do not go through the bridge (keys, floor), in time order. */
  readonly host: HostEvent[];
  /** UID → logical id: the registry of the tags this script uses. */
  readonly uids: Map<string, string>;
  /** place/remove/clear commands in the script: the tag frames to expect (a few may merge in one scan). */
  readonly tagCommands: number;
  /** Reports with more tags on one antenna than the bridge inventories (it reports the first ones). */
  readonly overCapacity: number;
  /** Real milliseconds from the script clock's start to its `end`. */
  readonly durationMs: number;
}

export interface BridgeScriptOptions {
  /** Antenna name → the bridge channel it is wired to (the configuration's antenna map). */
  readonly channels: Readonly<Record<string, number>>;
  /** Simulated milliseconds per real millisecond. */
  readonly speed: number;
  /** Real milliseconds before `origin`: the host is listening by then. Default 500. */
  readonly leadMs?: number;
  /** The simulated time that the script's `leadMs` stands for. Default 0. */
  readonly origin?: number;
  /**
   * Real milliseconds the bridge takes to scan every antenna once. A reader outage starts that long
   * after its moment: a report made at that moment or before it is one the readers made, so the bridge
   * must have scanned it before they stop. Default 0.
   */
  readonly scanRoundMs?: number;
}

/** Tags one antenna of the bridge inventories at most (firmware-bridge/src/core/protocol.h). */
export const MAX_TAGS_PER_ANTENNA = 48;

/**
 * UIDs as the tags of a real table carry them: ISO 15693, manufacturer code E0 04 (NXP ICODE), then a
 * serial number, handed out in order of first appearance.
 */
function uidFor(n: number): string {
  return `E0040150${n.toString(16).padStart(8, "0").toUpperCase()}`;
}

/** Writes the script and the host's schedule event by event (events in time order). */
export class BridgeScriptWriter {
  private readonly lines: string[] = [];
  private readonly host: HostEvent[] = [];
  private readonly logicalToUid = new Map<string, string>();
  /** What the emulator's felt holds now, per antenna. */
  private readonly felt = new Map<string, Set<string>>();
  private commands = 0;
  private overCapacity = 0;
  private lastAt = 0;
  /** The bridge's readers are faulted (between a `reader` offline and its online). */
  private faulted = false;
  private readonly leadMs: number;
  private readonly origin: number;

  constructor(private readonly options: BridgeScriptOptions) {
    if (!(options.speed > 0)) throw new RangeError(`speed must be positive, not ${options.speed}`);
    this.leadMs = options.leadMs ?? 500;
    this.origin = options.origin ?? 0;
  }

  /**
   * Real milliseconds from the script clock's start for simulated time `t`, never early: the emulator
   * counts whole milliseconds from a start its trace stamps in microseconds, so a command may run up to
   * 1 ms before its time; rounded up and 1 ms later, a tag is never on the felt before the simulated
   * dealer put it there (the runtime's clock is the script's, `speed` times faster).
   */
  realMs(t: number): number {
    return Math.max(0, Math.ceil(this.exactMs(t)) + 1);
  }

  private exactMs(t: number): number {
    return this.leadMs + (t - this.origin) / this.options.speed;
  }

  /** place/remove/clear commands written so far. */
  get tagCommands(): number {
    return this.commands;
  }

  /** One input event: tags and the bridge's status to the script, the rest to the host. */
  add(e: InputEventIn): this {
    if (e.kind === "tags") this.tags(e.t, e.antenna, e.tags);
    else if (e.kind === "reader") this.reader(e.t, e.status);
    else this.host.push({ at: Math.max(0, Math.floor(this.exactMs(e.t))), event: e });
    return this;
  }

  /** Every event of a stream. */
  addAll(events: Iterable<InputEventIn>): this {
    for (const e of events) this.add(e);
    return this;
  }

  /** The dealer sweeps the felt at simulated time `t`: every antenna holding tags is cleared, 50 ms apart. */
  clearFelt(t: number): number {
    for (const [antenna, tags] of this.felt) {
      if (tags.size === 0) continue;
      t += 50;
      this.line(t, `clear ${this.channel(antenna)}`);
      this.commands += 1;
      tags.clear();
    }
    return t;
  }

  /** The script ends at simulated time `t` (default: with its last command or host event). */
  finish(t?: number): BridgeScript {
    const endAt = Math.max(this.lastAt, this.host.at(-1)?.at ?? 0, t === undefined ? 0 : this.realMs(t));
    return {
      script: `${[...this.lines, `${endAt} end`].join("\n")}\n`,
      host: [...this.host],
      uids: new Map([...this.logicalToUid].map(([logical, uid]) => [uid, logical])),
      tagCommands: this.commands,
      overCapacity: this.overCapacity,
      durationMs: endAt,
    };
  }

  /** The UID of a logical tag id (a new one the first time). */
  uid(logical: string): string {
    let u = this.logicalToUid.get(logical);
    if (u === undefined) {
      u = uidFor(this.logicalToUid.size + 1);
      this.logicalToUid.set(logical, u);
    }
    return u;
  }

  private tags(t: number, antenna: string, tags: readonly string[]): void {
    const now = this.felt.get(antenna) ?? new Set<string>();
    const next = new Set(tags);
    const gone = [...now].filter((x) => !next.has(x));
    const come = [...next].filter((x) => !now.has(x));
    const ch = this.channel(antenna);
    if (gone.length > 0) this.line(t, `remove ${ch} ${gone.map((x) => this.uid(x)).join(" ")}`);
    if (come.length > 0) this.line(t, `place ${ch} ${come.map((x) => this.uid(x)).join(" ")}`);
    this.commands += (gone.length > 0 ? 1 : 0) + (come.length > 0 ? 1 : 0);
    if (next.size > MAX_TAGS_PER_ANTENNA && come.length > 0) this.overCapacity += 1;
    this.felt.set(antenna, next);
  }

  /**
   * The bridge stops answering (`offline`) and comes back (`online`): every reader of the board stops
   * answering for that long. The board reports each channel's fault after a few failed scans and its
   * end at the first good one; what moved meanwhile is reported then. Pulling the USB cable (`unplug`)
   * would be closer to the letter, but the host's reconnection runs on the driver's real-time timers
   * (a 250 ms backoff, a 2 s HELLO timeout), which the speed-up does not scale: at 30× the backoff alone
   * is 7.5 simulated seconds and a missed HELLO a simulated minute, while the dealer plays on. The
   * controller sees the same either way: every antenna's reader offline, then back.
   */
  private reader(t: number, status: "online" | "offline"): void {
    if ((status === "offline") === this.faulted) return;
    this.faulted = status === "offline";
    const op = this.faulted ? "fault" : "recover";
    const at = this.realMs(t) + (this.faulted ? Math.ceil(this.options.scanRoundMs ?? 0) : 0);
    for (const ch of new Set(Object.values(this.options.channels))) this.lineAt(at, `${op} ${ch}`);
  }

  private line(t: number, command: string): void {
    this.lineAt(this.realMs(t), command);
  }

  /** A command at real ms `at`, or with the last one if that is later (the script's times never go back). */
  private lineAt(at: number, command: string): void {
    this.lastAt = Math.max(at, this.lastAt);
    this.lines.push(`${this.lastAt} ${command}`);
  }

  private channel(antenna: string): number {
    const ch = this.options.channels[antenna];
    if (ch === undefined) throw new Error(`antenna ${antenna} is not on the bridge`);
    return ch;
  }
}

/** The script and the host's schedule of a whole event stream. */
export function bridgeScript(events: Iterable<InputEventIn>, options: BridgeScriptOptions): BridgeScript {
  return new BridgeScriptWriter(options).addAll(events).finish();
}
