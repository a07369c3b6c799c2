/**
 * The e-paper driver end to end over serialport's SerialPortMock (stream + mock binding),
 * with a simulated module answering each frame.
 */
import { SerialPortMock } from "serialport";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Cmd, frames } from "../../../src/devices/epaper/frame.js";
import { EpaperError, type EpaperOptions, EpaperPanel } from "../../../src/devices/epaper/panel.js";
import type { Screen } from "../../../src/devices/epaper/screen.js";
import { MockPanel } from "../../../src/devices/epaper/mock.js";

const PATH = "/dev/ttyAMA0";
/**
 * The mock binding instance serialport itself uses: importing "@serialport/binding-mock"
 * from ESM would load its separate ESM build, whose port registry serialport never sees.
 */
const MockBinding = SerialPortMock.binding;

/** Lets the stream's nextTick/promise chains run (real setImmediate, fake timers untouched). */
async function settle(): Promise<void> {
  for (let i = 0; i < 30; i++) await new Promise((resolve) => setImmediate(resolve));
}

async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}

/** The commands that draw `screen(...)`: palette, clear, font (both codes), text, bar, refresh. */
const DRAW_A_SCREEN = [
  Cmd.setColor,
  Cmd.clear,
  Cmd.setEnFont,
  Cmd.setCnFont,
  Cmd.drawString,
  Cmd.fillRect,
  Cmd.refresh,
];

function screen(text: string): Screen {
  return [
    { kind: "text", x: 10, y: 10, text, size: 48 },
    { kind: "box", x0: 0, y0: 80, x1: 799, y1: 82, fill: true },
  ];
}

async function opened(options: Partial<EpaperOptions> = {}) {
  const mock = new MockPanel();
  const panel = new EpaperPanel({
    path: PATH,
    openPort: mock.openPort,
    minIntervalMs: 2000,
    ...options,
  });
  const drawn: string[] = [];
  const faults: EpaperError[] = [];
  panel.on("drawn", (s) => drawn.push(s[0]?.kind === "text" ? s[0].text : "?"));
  panel.on("fault", (e) => faults.push(e));
  await panel.open();
  mock.received.length = 0;
  return { mock, panel, drawn, faults };
}

describe("e-paper panel over the serialport mock binding", () => {
  beforeEach(() => {
    MockBinding.createPort(PATH, { record: true });
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
    MockBinding.reset();
  });

  it("opening sends the handshake, then selects fonts from internal flash (bytes as recorded by the binding)", async () => {
    const { mock } = await opened();
    expect(mock.binding!.recording).toEqual(
      Buffer.concat([frames.handshake(), Buffer.from("A5000A0700CC33C33CA8", "hex")]),
    );
  });

  it("a screen is drawn black on white into the buffer, then one full refresh", async () => {
    const { mock, panel, drawn } = await opened();
    panel.show(screen("POT 1500"));
    await settle();
    await advance(3000);
    expect(mock.commands).toEqual(DRAW_A_SCREEN);
    expect(mock.received[4]!.data.subarray(4).toString("latin1")).toBe("POT 1500\0");
    expect(drawn).toEqual(["POT 1500"]);
  });

  it("updates during a refresh coalesce: only the latest pending screen is drawn next", async () => {
    const { mock, panel, drawn } = await opened();
    panel.show(screen("A"));
    await settle(); // A is refreshing (3 s)
    panel.show(screen("B"));
    panel.show(screen("C"));
    await advance(3000); // A done; the interval starts
    expect(drawn).toEqual(["A"]);
    await advance(2000 + 3000);
    expect(drawn).toEqual(["A", "C"]);
    expect(mock.commands.filter((c) => c === Cmd.refresh)).toHaveLength(2);
  });

  it("the next drawing waits the minimum interval after a refresh ends", async () => {
    const { mock, panel } = await opened({ minIntervalMs: 5000 });
    panel.show(screen("A"));
    await settle();
    await advance(3000);
    mock.received.length = 0;
    panel.show(screen("B"));
    await advance(4900);
    expect(mock.commands).toEqual([]);
    await advance(100);
    expect(mock.commands[0]).toBe(Cmd.setColor);
  });

  it("showing what is already on the panel does not refresh it again", async () => {
    const { mock, panel } = await opened();
    panel.show(screen("A"));
    await settle();
    await advance(5000);
    mock.received.length = 0;
    panel.show(screen("A"));
    await advance(10_000);
    expect(mock.commands).toEqual([]);
  });

  it("an Error:N answer is a device fault with its code; the screen is retried after the interval", async () => {
    const { mock, panel, drawn, faults } = await opened();
    mock.errorFor.set(Cmd.drawString, 3);
    panel.show(screen("A"));
    await advance(50); // the error code is complete after the quiet gap
    expect(faults).toHaveLength(1);
    expect(faults[0]).toMatchObject({ reason: "device", deviceCode: 3 });
    expect(mock.commands).not.toContain(Cmd.refresh);
    mock.errorFor.clear();
    await advance(2000);
    await advance(3000);
    expect(drawn).toEqual(["A"]);
  });

  it("a module that does not answer times out per command: 1 s for a command, 10 s for the refresh", async () => {
    const { mock, panel, faults } = await opened({
      timeouts: { commandMs: 1000, refreshMs: 10_000 },
    });
    mock.delayFor.set(Cmd.refresh, 9000); // slow, but within the refresh timeout
    panel.show(screen("A"));
    await settle();
    await advance(9000);
    expect(faults).toEqual([]);
    mock.autoReply = false;
    const handshake = panel.send(frames.handshake());
    const failed = expect(handshake).rejects.toMatchObject({
      reason: "timeout",
    });
    await advance(1000);
    await failed;
  });

  it("opening fails with a timeout when the module never answers the handshake", async () => {
    const mock = new MockPanel();
    mock.autoReply = false;
    const panel = new EpaperPanel({ path: PATH, openPort: mock.openPort });
    const opening = panel.open();
    const failed = expect(opening).rejects.toBeInstanceOf(EpaperError);
    await settle();
    await advance(1000);
    await failed;
  });

  it("commands are sent one at a time: the next frame waits for the answer to the previous one", async () => {
    const { mock, panel } = await opened();
    mock.delayFor.set(Cmd.clear, 500);
    const sent = [panel.send(frames.clear()), panel.send(frames.handshake())];
    await settle();
    expect(mock.commands).toEqual([Cmd.clear]);
    await advance(500);
    await Promise.all(sent);
    expect(mock.commands).toEqual([Cmd.clear, Cmd.handshake]);
  });

  it("the port closing under the driver fails what is in flight and reports closed", async () => {
    const { mock, panel } = await opened();
    const closed = vi.fn();
    panel.on("closed", closed);
    mock.autoReply = false;
    const pending = panel.send(frames.handshake());
    const failed = expect(pending).rejects.toMatchObject({ reason: "closed" });
    await settle();
    mock.serial!.close();
    await settle();
    await failed;
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it("a screen shown before the port is open is drawn once it opens", async () => {
    const mock = new MockPanel();
    const panel = new EpaperPanel({ path: PATH, openPort: mock.openPort });
    panel.show(screen("EARLY"));
    await panel.open();
    await advance(3000);
    expect(mock.commands).toEqual([Cmd.handshake, Cmd.setStorage, ...DRAW_A_SCREEN]);
  });

  it("a screen with a point off the panel or an unknown font is refused at once", async () => {
    const { panel } = await opened();
    expect(() => panel.show([{ kind: "text", x: 800, y: 0, text: "x", size: 32 }])).toThrow(RangeError);
    expect(() => panel.show([{ kind: "text", x: 0, y: 0, text: "x", size: 40 as 32 }])).toThrow(RangeError);
  });
});
