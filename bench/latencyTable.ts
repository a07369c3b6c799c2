/**
 * The table of the latency benchmark, wired as in test/e2e/tableOnDevices.test.ts: the real serialport
 * binding reading the bridge emulator's pty, the bridge driver, the SQLite journal, the core, and every
 * display: seat LEDs and digits through johnny-five on mock-firmata, the e-paper panel on serialport's
 * mock binding, and the floor page's WebSocket with one client. Each bridge event is timed on the way:
 * when the runtime takes it, when it is done, its first pin write and its first WebSocket message.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import mocks from "mock-firmata";
import { pino } from "pino";
import { SerialPortMock } from "serialport";
import WebSocket from "ws";
import type { Config } from "../src/config/configSchema.js";
import { Runtime } from "../src/runtime/runtime.js";
import type { InputEvent, TableEvent } from "../src/contract/index.js";
import { EpaperPanel } from "../src/devices/epaper/panel.js";
import { openDealerKeys } from "../src/devices/keys/dealer-keys.js";
import { createDisplayOutputs } from "../src/display/outputs.js";
import { Journal } from "../src/journal/journal.js";
import { createTableFromConfig } from "../src/runtime/tableSettings.js";
import { createRegistry } from "../src/reading/registry.js";
import { scaledTime } from "../src/sim/deviceRun.js";
import { monotonicUs } from "../src/sim/emulator.js";
import { createFloorServer } from "../src/web/server.js";
import { MockPanel } from "../src/devices/epaper/mock.js";

/** CLOCK_MONOTONIC in microseconds: the clock of the emulator's trace. */
export { monotonicUs };

/** One event the bridge driver gave the runtime, with what it changed and when things happened (µs). */
export interface TimedEvent {
  antenna: string;
  added: string[];
  removed: string[];
  taken: number;
  done: number;
  pin: number | null;
  ws: number | null;
}

export interface LatencyTable {
  runtime: Runtime;
  /** Submits a keys or floor event as its driver would (stamped now); not timed. */
  submit(event: InputEvent): void;
  /** Bridge events, in order. */
  readonly timed: TimedEvent[];
  /** Every table event the core produced. */
  readonly events: TableEvent[];
  close(): Promise<void>;
}

/**
 * Builds the table. `speedup` scales the runtime's clock (and its timers) so that settle windows keep
 * their meaning while the hands are played faster than real time.
 */
export async function openLatencyTable(
  config: Config,
  uids: ReadonlyMap<string, string>,
  speedup: number,
): Promise<LatencyTable> {
  const dir = mkdtempSync(join(tmpdir(), "feltguard-latency-"));
  const registry = createRegistry({ deck: config.deck, chips: config.chips, simulated: false, uids });
  const core = createTableFromConfig(config, registry);
  const journal = Journal.open(join(dir, "journal.db"), { logger: pino({ level: "silent" }) });

  const timed: TimedEvent[] = [];
  let current: TimedEvent | null = null;

  // Keys, LEDs and digits: johnny-five over mock-firmata; every pin write is an output.
  const io = new mocks.Firmata({ pins: mocks.Pins.MEGA });
  io.digitalRead = () => undefined; // keys are submitted directly; nothing reads their pins
  const digitalWrite = io.digitalWrite.bind(io);
  io.digitalWrite = (pin, value) => {
    if (current !== null && current.pin === null) current.pin = monotonicUs();
    digitalWrite(pin, value);
  };
  const keysConfig = config.devices.keys!;
  let runtime: Runtime | null = null;
  const opening = openDealerKeys({
    io,
    buttons: keysConfig.buttons,
    seats: keysConfig.seats,
    ...(keysConfig.digits ? { digits: keysConfig.digits } : {}),
    now: () => runtime?.now() ?? 0,
  });
  io.emit("connect");
  io.emit("ready");
  const keys = await opening;

  // The dealer panel: the e-paper driver at its production pace, answered by a simulated module.
  const panelPath = `/dev/feltguard-panel-bench-${process.pid}`;
  SerialPortMock.binding.createPort(panelPath);
  const module = new MockPanel();
  const panel = new EpaperPanel({ path: panelPath, openPort: module.openPort });
  await panel.open();

  const displays = createDisplayOutputs({ tableName: config.table.name, keys, panel });
  const events: TableEvent[] = [];
  const started = monotonicUs();
  runtime = new Runtime({
    core,
    ...scaledTime(speedup, () => started),
    journal,
    outputs: [displays.output, (out) => events.push(...out)],
  });
  const rt = runtime;
  rt.addOutput((out, c) => journal.record(out, c, journal.lastSeq));

  // The floor page and one client. Server-side sends are queued with the event that caused them (null
  // for the page's own polling), so the client's n-th message is matched to the n-th send.
  const server = createFloorServer({
    runtime: rt,
    tableName: config.table.name,
    token: undefined,
    host: "127.0.0.1",
    port: 0,
  });
  const url = await server.listen();
  const sent: (TimedEvent | null)[] = [];
  const send = WebSocket.prototype.send;
  const client = new WebSocket(`${url.replace(/^http/, "ws")}ws`);
  WebSocket.prototype.send = function (this: WebSocket, ...args: Parameters<WebSocket["send"]>) {
    if (this !== client) sent.push(current);
    send.apply(this, args);
  } as WebSocket["send"];
  client.on("message", () => {
    const cause = sent.shift();
    if (cause && cause.ws === null) cause.ws = monotonicUs();
  });
  await new Promise<void>((resolve, reject) => {
    client.once("message", () => resolve());
    client.once("error", reject);
  });

  // Bridge events come through runtime.submit (connectBridge): time each.
  const submit = rt.submit.bind(rt);
  const sets = new Map<string, Set<string>>();
  rt.submit = (event: InputEvent) => {
    if (event.kind !== "tags") return submit(event);
    const before = sets.get(event.antenna) ?? new Set<string>();
    const after = new Set(event.tags);
    sets.set(event.antenna, after);
    const record: TimedEvent = {
      antenna: event.antenna,
      added: [...after].filter((x) => !before.has(x)),
      removed: [...before].filter((x) => !after.has(x)),
      taken: monotonicUs(),
      done: 0,
      pin: null,
      ws: null,
    };
    current = record;
    try {
      return submit(event);
    } finally {
      current = null;
      record.done = monotonicUs();
      timed.push(record);
    }
  };

  return {
    runtime: rt,
    submit: (event) => void submit({ ...event, t: rt.now() }),
    timed,
    events,
    async close() {
      rt.stop();
      client.close();
      await server.close();
      WebSocket.prototype.send = send;
      await panel.close();
      journal.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
