/**
 * The whole table on simulated hardware, production code above the lowest layer: the bridge
 * emulator (the firmware core built for the host) plays a scripted hand on a pseudo-terminal, read
 * through the real serialport binding and the bridge driver into the runtime and the core; the seat
 * LEDs and digits come out on mock-firmata through johnny-five, the dealer panel as e-paper frames on
 * serialport's mock binding. The shuffler is pressed on its Firmata pin.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import mocks from "mock-firmata";
import { SerialPort, SerialPortMock } from "serialport";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { Runtime } from "../../src/runtime/runtime.js";
import { channelMap, connectBridge } from "../../src/runtime/tableDevices.js";
import type { InputEventIn } from "../../src/contract/input.js";
import { InputEvent, type TableEvent } from "../../src/contract/index.js";
import { Cmd } from "../../src/devices/epaper/frame.js";
import { EpaperPanel } from "../../src/devices/epaper/panel.js";
import { openDealerKeys } from "../../src/devices/keys/dealer-keys.js";
import { createDisplayOutputs } from "../../src/display/outputs.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { createRegistry } from "../../src/reading/registry.js";
import { MockPanel } from "../../src/devices/epaper/mock.js";

const FIRMWARE = fileURLToPath(new URL("../../firmware-bridge/", import.meta.url));
const EMULATOR = join(FIRMWARE, "build/emulator");
const config = loadConfig();
const channel = Object.fromEntries(
  Object.entries(channelMap(config)).map(([ch, name]) => [name, Number(ch)]),
);

/** Every tag of the hand gets a UID; the registry file maps them back to cards and chips. */
const uids = new Map<string, string>();
const uid = (logical: string) => {
  let u = uids.get(logical);
  if (!u) {
    u = `E0040150${(uids.size + 1).toString(16).padStart(8, "0").toUpperCase()}`;
    uids.set(logical, u);
  }
  return u;
};
const place = (ms: number, antenna: string, ...tags: string[]) =>
  `${ms} place ${channel[antenna]} ${tags.map(uid).join(" ")}`;
const move = (ms: number, from: string, to: string, ...tags: string[]) =>
  `${ms} move ${channel[from]} ${channel[to]} ${tags.map(uid).join(" ")}`;

/** Four players, blinds 100/200: seat 4 raises to 600, seats 1, 2 and 3 fold to the muck; seat 4 wins. */
const SCRIPT = [
  place(1000, "bet2", "chip:100:1"),
  place(1000, "bet3", "chip:100:2", "chip:100:3"),
  place(1500, "seat2", "card:A:Kh"),
  place(1650, "seat3", "card:A:7d"),
  place(1800, "seat4", "card:A:9s"),
  place(1950, "seat1", "card:A:Ac"),
  place(2100, "seat2", "card:A:Kd"),
  place(2250, "seat3", "card:A:2h"),
  place(2400, "seat4", "card:A:9h"),
  place(2550, "seat1", "card:A:Td"),
  place(3500, "bet4", "chip:500:4", "chip:100:5"),
  move(4500, "seat1", "muck", "card:A:Ac", "card:A:Td"),
  move(5500, "seat2", "muck", "card:A:Kh", "card:A:Kd"),
  move(6500, "seat3", "muck", "card:A:7d", "card:A:2h"),
  "30000 end",
].join("\n");

const SETUP: InputEventIn[] = [
  { t: 0, kind: "floor", op: "game", game: "nlhe" },
  { t: 0, kind: "floor", op: "level", sb: 100, bb: 200 },
  ...[1, 2, 3, 4].map((seat): InputEventIn => ({
    t: 0,
    kind: "floor",
    op: "seat",
    seat,
    player: `P${seat}`,
    stack: 20000,
  })),
  { t: 0, kind: "floor", op: "button", seat: 1 },
];

let built = false;
let dir = "";
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "feltguard-e2e-"));
  try {
    execFileSync("make", ["-s", "-C", FIRMWARE, "emulator"], { stdio: "pipe" });
    built = true;
  } catch (e) {
    console.warn(`skipping: the bridge emulator could not be built: ${String(e)}`);
  }
}, 120_000);

afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  rmSync(dir, { recursive: true, force: true });
});

describe("a hand from the emulator's antennas to the seat LEDs, digits and dealer panel", () => {
  it("reads the scripted hand through the real serial stack and drives every display", async (ctx) => {
    if (!built) ctx.skip();
    // A real table's registry: UIDs only (the script above gave every tag one).
    const registry = createRegistry({
      deck: config.deck,
      chips: config.chips,
      simulated: false,
      uids: new Map([...uids].map(([logical, u]) => [u, logical])),
    });
    const core = createTableFromConfig(config, registry);
    expect(registry.resolve(uid("card:A:Kh"))).toMatchObject({ type: "card", face: "Kh" });

    // Keys, LEDs and digits: johnny-five over mock-firmata.
    const io = new mocks.Firmata({ pins: mocks.Pins.MEGA });
    const wires = new Map<number, (value: number) => void>();
    vi.spyOn(io, "digitalRead").mockImplementation((pin, callback) => {
      wires.set(pin, callback);
    });
    const pinWrites = vi.spyOn(io, "digitalWrite");
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

    // The dealer panel: the e-paper driver on serialport's mock binding, answered by a simulated module.
    const PANEL = "/dev/feltguard-panel-e2e";
    SerialPortMock.binding.createPort(PANEL, { record: true });
    const module = new MockPanel();
    module.delayFor.set(Cmd.refresh, 20);
    const panel = new EpaperPanel({ path: PANEL, openPort: module.openPort, minIntervalMs: 100 });
    await panel.open();
    cleanups.push(() => panel.close());

    const shownSeats = vi.spyOn(keys, "showSeats");
    const shownDigits = vi.spyOn(keys, "showDigits");
    const displays = createDisplayOutputs({ tableName: "E2E", keys, panel });
    const events: TableEvent[] = [];
    runtime = new Runtime({ core, outputs: [displays.output, (out) => events.push(...out)] });
    cleanups.push(() => runtime?.stop());
    keys.on("button", (e) => runtime?.submit(e));
    for (const e of SETUP) runtime.submit(InputEvent.parse({ ...e, t: runtime.now() }));

    // The RFID bridge: the emulator on a pseudo-terminal, the real binding.
    const link = join(dir, "bridge.tty");
    const script = join(dir, "hand.txt");
    writeFileSync(script, SCRIPT);
    const emu: ChildProcess = spawn(EMULATOR, [
      "--link",
      link,
      "--script",
      script,
      "--wait-host",
      "--channels",
      "24",
    ]);
    cleanups.push(() => {
      emu.kill("SIGTERM");
    });
    const ready: string[] = [];
    emu.stdout?.on("data", (d: Buffer) => ready.push(d.toString()));
    await vi.waitFor(() => expect(ready.join("")).toContain("READY"), { timeout: 15_000 });
    const bridge = connectBridge(runtime, config, link, SerialPort.binding);
    cleanups.push(() => bridge.stop());
    await vi.waitFor(() => expect(bridge.state).toBe("online"), { timeout: 15_000 });

    // The dealer presses the shuffler on its Firmata pin (pulled up: pressed reads low).
    const shuffler = wires.get(Number(keysConfig.buttons.shuffler))!;
    // Released once the table has the press: johnny-five emits a press 7 ms after the pin's last change
    // (a debounce), so a release written after a fixed 30 ms could reach it first on a loaded machine,
    // and the press was never seen.
    shuffler(0);
    await vi.waitFor(() => expect(events.some((e) => e.kind === "hand_start")).toBe(true), {
      timeout: 15_000,
    });
    shuffler(1);

    await vi.waitFor(
      () =>
        expect(
          events.some((e) => e.kind === "hand_end"),
          JSON.stringify(events).slice(0, 3000),
        ).toBe(true),
      { timeout: 15_000, interval: 100 },
    );

    // The core read the hand from the antennas.
    const story = events
      .filter((e) => e.kind !== "alert_clear")
      .map((e) => (e.kind === "action" ? `${e.kind}:${e.seat}:${e.action}` : e.kind));
    expect(story).toEqual([
      "hand_start",
      "action:2:sb",
      "action:3:bb",
      "street",
      "action:4:raise",
      "action:1:fold",
      "action:2:fold",
      "action:3:fold",
      "award",
      "hand_end",
    ]);
    expect(events.filter((e) => e.kind === "alert")).toEqual([]);
    expect(events.find((e) => e.kind === "award")).toMatchObject({ seat: 4, amount: 500 }); // the 400 nobody called went back first;

    // Seat LEDs: each seat's "to act" LED lit in turn, written on its pin.
    const litToAct = (seat: number) =>
      shownSeats.mock.calls.some(([lights]) => lights.some((l) => l.seat === seat && l.toAct));
    expect([4, 1, 2, 3].every(litToAct)).toBe(true);
    const seat4Pin = Number(keysConfig.seats.find((s) => s.seat === 4)!.toAct);
    expect(pinWrites.mock.calls.some(([pin, value]) => pin === seat4Pin && value === 1)).toBe(true);
    // Digits: the pot grew from the blinds to the call, and went through the MAX7219 data pin.
    expect(shownDigits.mock.calls.map(([d]) => d.pot)).toEqual(expect.arrayContaining([300, 900]));
    const dataPin = Number(keysConfig.digits!.data);
    expect(pinWrites.mock.calls.some(([pin]) => pin === dataPin)).toBe(true);
    // The dealer panel: frames on the mock binding, with the pot and whose turn it is.
    await vi.waitFor(() => expect(module.commands).toContain(Cmd.refresh), { timeout: 15_000 });
    const texts = module.received
      .filter((f) => f.cmd === Cmd.drawString)
      .map((f) => f.data.subarray(4).toString("latin1"));
    expect(texts.join("|")).toMatch(/Hand 1/);
  }, 40_000);
});
