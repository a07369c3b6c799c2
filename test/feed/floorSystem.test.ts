/**
 * The floor feed from a floor system's side (surveillance, player tracking): a small consumer written
 * against the contract alone (shared/spec/events.md §"The floor feed (MQTT)"), not the project's own
 * subscriber, on a real mosquitto, watching a real table process (`feltguard run` with its journal,
 * paced, under tsx). It subscribes to `feltguard/+/events`, `state`, `health` and `head` and checks:
 * events in `seq` order with no hole card of the hand in progress; the retained state in step with the
 * events it has followed; the chain head after every hand; through a broker down for a few hands and
 * back, every event exactly once (dropping `seq` ≤ N, asking `replay` for a gap); the last will
 * `{"status":"offline"}` when the table process is killed with SIGKILL; the same table started again on
 * its journal gives what the floor missed; rulings on `feltguard/<t>/rulings` applied for a supervisor
 * with a key and refused, with the reason, for an unknown one or an unsigned message. Everything waits
 * on what is seen (order, not speed).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect, type MqttClient } from "mqtt";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG_PATH, loadConfig } from "../../src/config/config.js";
import { formatJsonLine } from "../../src/contract/jsonl.js";
import { RulingKeys, signRuling } from "../../src/feed/signedRuling.js";
import { anchorText } from "../../src/journal/hashChain.js";
import { loadPublicKey } from "../../src/journal/tableKey.js";
import { FlopSession } from "../../src/sim/session.js";
import { toInputEvent } from "../../src/sim/run.js";
import { REPO_ROOT } from "../support/paths.js";
import { startMosquitto, until } from "./brokers.js";

const dir = mkdtempSync(join(tmpdir(), "fg-floor-system-"));
const stops: (() => unknown)[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
  rmSync(dir, { recursive: true, force: true });
});

const TABLE = "t-5";
const HANDS = 40;

interface Ev {
  seq: number;
  kind: string;
  hand?: number;
  t: number;
  code?: string;
  seat?: number;
  result?: string;
  street?: string;
  board?: string[];
  stacks?: Record<string, number>;
}

interface State {
  seq: number;
  hand: number | null;
  street: string | null;
  board: string[];
  alerts: { code: string; seat?: number }[];
  seats: { seat: number; stack: number; player: string | null }[];
}

/** The floor system: follows one table's events by `seq`, checks each state against what it followed. */
class FloorSystem {
  readonly client: MqttClient;
  last = 0;
  readonly events: Ev[] = [];
  readonly texts = new Map<number, string>();
  private readonly early = new Map<number, { e: Ev; text: string }>();
  dropped = 0;
  replays = 0;
  readonly states: State[] = [];
  readonly stateFaults: string[] = [];
  readonly health: Record<string, unknown>[] = [];
  readonly heads: { journal: string; seq: number; hash: string; sig: string; afterEvent: number }[] = [];
  readonly results: Record<string, unknown>[] = [];
  /** The consumer's own model of the table, from the events alone. */
  private hand: number | null = null;
  private street: string | null = null;
  private board: string[] = [];
  private open: { code: string; seat?: number }[] = [];
  private stacks: Record<string, number> | null = null;

  constructor(url: string) {
    this.client = connect(url, { clientId: "surveillance-1", reconnectPeriod: 100 });
    this.client.on("connect", () => {
      void this.client.subscribeAsync(
        ["events", "state", "health", "head", "rulings/result"].map((t) => `feltguard/+/${t}`),
        { qos: 1 },
      );
      // After a reconnection (the broker restarted), ask for what may have gone by meanwhile.
      if (this.last > 0) this.askFrom(this.last + 1);
    });
    this.client.on("message", (topic, payload) => this.receive(topic, payload.toString("utf8")));
  }

  ready(): Promise<void> {
    return new Promise((resolve) => {
      if (this.client.connected) resolve();
      else this.client.once("connect", () => resolve());
    });
  }

  private askFrom(from: number): void {
    this.replays += 1;
    void this.client.publishAsync(`feltguard/${TABLE}/replay`, JSON.stringify({ from }), { qos: 1 });
  }

  private receive(topic: string, text: string): void {
    const kind = topic.split("/")[2] === "rulings" ? "result" : topic.split("/")[2];
    const body = JSON.parse(text) as Record<string, unknown>;
    if (kind === "events") {
      const e = body as unknown as Ev;
      if (e.seq <= this.last || this.early.has(e.seq)) {
        this.dropped += 1;
        return;
      }
      if (e.seq > this.last + 1) {
        this.early.set(e.seq, { e, text });
        this.askFrom(this.last + 1);
        return;
      }
      this.accept(e, text);
      for (let next = this.early.get(this.last + 1); next; next = this.early.get(this.last + 1)) {
        this.early.delete(next.e.seq);
        this.accept(next.e, next.text);
      }
    } else if (kind === "state") {
      const s = body as unknown as State;
      this.states.push(s);
      if (s.seq > this.last) this.askFrom(this.last + 1);
      else if (s.seq === this.last) this.check(s);
    } else if (kind === "health") this.health.push(body);
    else if (kind === "head")
      this.heads.push({
        journal: body.journal as string,
        seq: body.seq as number,
        hash: body.hash as string,
        sig: body.sig as string,
        afterEvent: this.last,
      });
    else if (kind === "result") this.results.push(body);
  }

  private accept(e: Ev, text: string): void {
    this.last = e.seq;
    this.events.push(e);
    this.texts.set(e.seq, text);
    if (e.kind === "hand_start") {
      this.hand = e.hand ?? null;
      this.street = null;
      this.board = [];
      this.open = this.open.filter((a) => a.code === "READER_OFFLINE" || a.code === "FLOOR_CALLED");
    } else if (e.kind === "street") {
      this.street = e.street ?? null;
      this.board = e.board ?? [];
    } else if (e.kind === "alert" && e.code !== undefined) {
      this.open.push({ code: e.code, ...(e.seat === undefined ? {} : { seat: e.seat }) });
    } else if (e.kind === "alert_clear") {
      this.open = this.open.filter(
        (a) => !(a.code === e.code && (e.seat === undefined || a.seat === e.seat)),
      );
    } else if (e.kind === "hand_end") {
      this.hand = null;
      this.street = null;
      this.board = [];
      this.stacks = e.stacks ?? null;
      this.open = this.open.filter((a) => a.code === "READER_OFFLINE" || a.code === "FLOOR_CALLED");
    }
  }

  /** A state that says it includes exactly the events followed must show what they say. */
  private check(s: State): void {
    const fault = (what: string) => this.stateFaults.push(`state at seq ${s.seq}: ${what}`);
    if (s.hand !== this.hand) fault(`hand ${s.hand}, the events say ${this.hand}`);
    if (this.hand !== null && this.street !== null && s.street !== this.street)
      fault(`street ${s.street}, the events say ${this.street}`);
    // The board as the events dealt it is on the state's board (which also shows a card laid early).
    if (this.hand !== null && !this.board.every((c) => s.board.includes(c)))
      fault(`board ${s.board.join(" ")}, the events say ${this.board.join(" ")}`);
    // Notices (info) are the board's to keep or not; the detections open must be the events' ones.
    const detections = (list: { code: string; seat?: number }[]) =>
      list
        .filter((a) => !INFO.has(a.code))
        .map((a) => `${a.code}${a.seat === undefined ? "" : `@${a.seat}`}`)
        .sort()
        .join(",");
    if (detections(s.alerts) !== detections(this.open))
      fault(`alerts [${detections(s.alerts)}], the events say [${detections(this.open)}]`);
    if (this.hand === null && this.stacks !== null)
      for (const seat of s.seats)
        if (this.stacks[seat.seat] !== undefined && this.stacks[seat.seat] !== seat.stack)
          fault(`seat ${seat.seat} stack ${seat.stack}, hand_end says ${this.stacks[seat.seat]}`);
  }
}

/** Notices (severity info): whether the state keeps them on its board is the display's choice. */
const INFO = new Set([
  "UNKNOWN_TAG",
  "READER_UNKNOWN",
  "ACTION_REJECTED",
  "FLOOR_CALLED",
  "FLOOR_OP_REJECTED",
  "RULING_PENDING",
  "RULING_UNDONE",
  "HAND_NOT_STARTED",
  "UNDO_REFUSED",
  "DECK_CHECK",
  "DECK_CHECK_REFUSED",
  "HAND_RECOVERED",
  "TCP_PLAYER_EXPOSED",
]);

/**
 * The table process: `feltguard run` on the journal, paced, publishing to the broker. `holdAt`: it stops
 * dead once that input is journaled (until killed) instead of ending.
 */
function startRun(
  config: string,
  journal: string,
  input: string,
  out: string,
  holdAt?: number,
): ChildProcess {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "src/app/main.ts", "run", "-c", config, "-j", journal, "-i", input, "-o", out].concat(
      ["--pace-ms", "4"],
      holdAt === undefined ? [] : ["--hold-at", String(holdAt)],
    ),
    { cwd: REPO_ROOT, stdio: ["ignore", "ignore", "pipe"] },
  );
  child.stderr!.resume();
  stops.push(() => child.exitCode === null && child.kill("SIGKILL"));
  return child;
}

/** The table events the process wrote, once per `seq` (a restart repeats the recovered hand's). */
function written(out: string): Ev[] {
  if (!existsSync(out)) return [];
  const bySeq = new Map<number, Ev>();
  for (const line of readFileSync(out, "utf8").split("\n"))
    if (line.trim() !== "") {
      const e = JSON.parse(line) as Ev;
      if (!bySeq.has(e.seq)) bySeq.set(e.seq, e);
    }
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

describe("a floor system on the feed of a real table process (mosquitto)", () => {
  it("events in order once each, no hole card, state in step, head per hand, last will on SIGKILL, rulings", async () => {
    const broker = await startMosquitto("max_queued_messages 100000\n");
    stops.push(() => broker.kill());
    const keysFile = join(dir, "ruling-keys.json");
    const keys = { supervisors: [{ name: "Ana", key: RulingKeys.newKey(), tables: ["*"] }] };
    writeFileSync(keysFile, JSON.stringify(keys));
    chmodSync(keysFile, 0o600);
    const config = join(dir, "table.yaml");
    writeFileSync(
      config,
      readFileSync(DEFAULT_CONFIG_PATH, "utf8").replace(/^table:\n/m, `table:\n  id: ${TABLE}\n`) +
        `\nfeed:\n  mqtt:\n    url: ${broker.url}\n    rulingKeys: ${keysFile}\n`,
    );
    // The table's input: hands of the simulated table, a few errors among them; the hole cards by hand.
    const session = new FlopSession({
      seed: 11,
      noise: true,
      inject: ["PREMATURE_FLOP", "MISDEAL_EXPOSED", "UNDERCALL"],
      game: "nlhe",
      seatCount: 10,
      deck: loadConfig(config).deck,
      chips: loadConfig(config).chips,
      bbAnteOrder: loadConfig(config).house.bbAnteOrder,
    });
    const inputs = Array.from({ length: HANDS }, () => session.nextHand().events).flat();
    const input = join(dir, "input.jsonl");
    writeFileSync(input, inputs.map((e) => formatJsonLine(toInputEvent(e))).join(""));
    const journal = join(dir, "journal.db");
    const out = join(dir, "out.jsonl");

    const floor = new FloorSystem(broker.url);
    stops.push(() => floor.client.endAsync(true));
    await floor.ready();
    const handsEnded = () => floor.events.filter((e) => e.kind === "hand_end").length;
    const writtenEnds = () => written(out).filter((e) => e.kind === "hand_end").length;

    // Paced by the wall clock, the table goes at its own speed, not the test's: on a loaded machine it
    // could end its input (and say offline itself) before the SIGKILL below, leaving no last will to
    // wait for. Held at its last input it is still there to be killed, however far it got.
    let table = startRun(config, journal, input, out, inputs.length);
    await until(() => handsEnded() >= 3, "three hands on the feed", 180_000);

    // The broker goes away for a few hands; the table plays and journals on.
    await broker.kill();
    const downAt = writtenEnds();
    await until(() => writtenEnds() >= downAt + 3, "three hands played while the broker is down", 180_000);
    await broker.start();
    await until(
      () => floor.last >= written(out).find((e) => e.kind === "hand_end" && e.hand! >= downAt + 3)!.seq,
      "the hands missed, on the feed",
      180_000,
    );

    // SIGKILL: no clean disconnect; the broker gives the table's last will.
    await until(() => handsEnded() >= downAt + 5, "two more hands", 180_000);
    const healthBefore = floor.health.length;
    expect(table.exitCode, "the table ended before it was killed").toBeNull();
    table.kill("SIGKILL");
    await until(
      () => floor.health.length > healthBefore && floor.health.at(-1)?.status === "offline",
      "the last will",
    );
    expect(floor.health.at(-1)).toEqual({ status: "offline", table: TABLE });

    // A floor system that connects now is told by the retained topics: offline, and where the table was.
    const late = new FloorSystem(broker.url);
    stops.push(() => late.client.endAsync(true));
    await late.ready();
    await until(
      () => late.health.length > 0 && late.states.length > 0 && late.heads.length > 0,
      "retained topics",
    );
    expect(late.health.at(-1)?.status).toBe("offline");
    expect(late.states.at(-1)!.seq).toBeGreaterThanOrEqual(
      floor.events.filter((e) => e.kind === "hand_end").at(-1)!.seq,
    );
    await late.client.endAsync(true);

    // The table starts again on its journal: what the floor missed comes from it, in order.
    table = startRun(config, journal, input, out);
    await until(() => floor.health.at(-1)?.status === "online", "the table back online", 180_000);

    // Rulings from the floor: a supervisor with her key, an unknown one, an unsigned message.
    const rulings = `feltguard/${TABLE}/rulings`;
    const anaKey = RulingKeys.from(keys).key("Ana")!;
    const op = { op: "away", seat: 1, away: false };
    const signed = signRuling(anaKey, TABLE, "Ana", op, new Date());
    await floor.client.publishAsync(rulings, JSON.stringify(signed), { qos: 1 });
    const stranger = signRuling(Buffer.from(RulingKeys.newKey(), "base64"), TABLE, "Mallory", op, new Date());
    await floor.client.publishAsync(rulings, JSON.stringify(stranger), { qos: 1 });
    await floor.client.publishAsync(
      rulings,
      JSON.stringify({ body: JSON.stringify({ table: TABLE, by: "Ana", op }) }),
      {
        qos: 1,
      },
    );
    await until(() => floor.results.length >= 3, "three answers on rulings/result", 60_000);

    await until(() => table.exitCode !== null, "the run to its end", 300_000);
    expect(table.exitCode).toBe(0);
    const all = written(out);
    await until(() => floor.last >= all.at(-1)!.seq, "every event on the feed", 60_000);

    // Every event once, in order, as the table said it.
    expect(floor.events.map((e) => e.seq)).toEqual(all.map((e) => e.seq));
    expect(floor.events.map((e) => JSON.stringify(e))).toEqual(all.map((e) => JSON.stringify(e)));
    expect(floor.dropped + floor.replays).toBeGreaterThan(0);
    // No hole card of the hand in progress, on events or state.
    const leaks = holeCardLeaks(inputs, floor);
    expect(leaks.slice(0, 5)).toEqual([]);
    // Every state that included exactly the events followed agreed with them.
    expect(floor.stateFaults.slice(0, 5)).toEqual([]);
    expect(floor.states.filter((s) => s.seq <= floor.last).length).toBeGreaterThan(HANDS);
    // The head after every hand the feed saw while up: hand ends and heads alternate, the head's row rising.
    const ends = floor.events.filter((e) => e.kind === "hand_end").map((e) => e.seq);
    for (const end of ends.slice(0, 3)) expect(floor.heads.some((h) => h.afterEvent >= end)).toBe(true);
    // Each head is signed by the table key: an auditor checks it with the public key alone.
    const auditor = loadPublicKey(`${journal}.key.pub`);
    for (const h of floor.heads)
      expect(auditor.verify(anchorText(h.journal, h.seq, h.hash), h.sig)).toBe(true);
    const rows = floor.heads.map((h) => h.seq);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    expect(new Set(rows).size).toBeGreaterThanOrEqual(ends.length - 3);
    // Rulings: applied for Ana; refused, with the reason, for the stranger and the unsigned message.
    expect(floor.results[0]).toMatchObject({ outcome: "applied", by: "Ana", op: "away" });
    // (An unknown name reads as a bad signature, so the answer does not tell which names exist; the
    // name it claims is not taken as `by`.)
    expect(floor.results.slice(1)).toEqual([
      expect.objectContaining({ outcome: "refused", reason: "the signature does not verify" }),
      expect.objectContaining({ outcome: "refused", reason: "not a signed request ({ body, sig })" }),
    ]);
    expect(floor.results[1]).not.toHaveProperty("by");
    // A clean end: the table says offline itself.
    expect(floor.health.at(-1)?.status).toBe("offline");
  }, 600_000);
});

/** Hole cards of a hand in progress found in what the floor system received about that hand. */
function holeCardLeaks(
  inputs: readonly { kind: string; antenna?: string; tags?: string[]; t: number }[],
  floor: FloorSystem,
): string[] {
  const starts = floor.events.filter((e) => e.kind === "hand_start");
  const leaks: string[] = [];
  for (const start of starts) {
    const end = floor.events.find((e) => e.kind === "hand_end" && e.hand === start.hand);
    const faces = new Set(
      inputs
        .filter(
          (e) =>
            e.kind === "tags" &&
            /^seat\d+$/.test(e.antenna ?? "") &&
            e.t >= start.t &&
            e.t <= (end?.t ?? Infinity),
        )
        .flatMap((e) =>
          (e.tags ?? [])
            .map((tag) => /^card:[^:]+:([2-9TJQKA][cdhs])/.exec(tag)?.[1])
            .filter((f) => f !== undefined),
        ),
    );
    for (const e of floor.events.filter((x) => x.seq > start.seq && x.seq < (end?.seq ?? Infinity))) {
      const text = floor.texts.get(e.seq) ?? "";
      for (const token of text.match(/\b[2-9TJQKA][cdhs]\b/g) ?? [])
        if (faces.has(token) && !(e.board ?? []).includes(token))
          leaks.push(`hand ${start.hand} seq ${e.seq}: ${token} in ${text}`);
    }
  }
  return leaks;
}
