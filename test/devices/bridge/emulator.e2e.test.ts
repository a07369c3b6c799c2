/**
 * End to end: the C++ emulator (the firmware core on the host) on a pseudo-terminal, read through the REAL
 * serialport binding (@serialport/bindings-cpp via SerialPort.binding) by BridgeTransport.
 * The emulator is built here with `make -C firmware-bridge emulator`; without g++/make the tests skip.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SerialPort } from "serialport";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type BridgeEvent, BridgeTransport } from "../../../src/devices/bridge/index.js";

const FIRMWARE = fileURLToPath(new URL("../../../firmware-bridge/", import.meta.url));
const EMULATOR = join(FIRMWARE, "build/emulator");
const ANTENNAS = { 0: "seat1", 1: "seat2", 2: "board", 3: "burn", 4: "muck" };
const uid = (n: number) => `E0040150000000${n.toString(16).padStart(2, "0").toUpperCase()}`;
const [A, B, C, D, F1, F2, F3, X, T1] = [1, 2, 3, 4, 0x11, 0x12, 0x13, 0x10, 0x14].map(uid);

let built = "";
let dir = "";
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(() => {
  try {
    execFileSync("make", ["-C", FIRMWARE, "emulator"], { stdio: "pipe" });
    built = EMULATOR;
  } catch (e) {
    console.warn(`skipping the emulator end-to-end tests: could not build ${EMULATOR}: ${String(e)}`);
  }
  dir = mkdtempSync(join(tmpdir(), "feltguard-bridge-"));
}, 120_000);
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts the emulator on a script and a transport on its pty; resolves once the pty exists. */
async function run(name: string, script: string) {
  const link = join(dir, `${name}.tty`);
  const file = join(dir, `${name}.txt`);
  writeFileSync(file, script);
  const emu: ChildProcess = spawn(built, [
    "--link",
    link,
    "--script",
    file,
    "--wait-host",
    "--channels",
    "8",
  ]);
  const lines: string[] = [];
  emu.stdout?.on("data", (d: Buffer) => lines.push(...d.toString().trim().split("\n")));
  cleanups.push(() => {
    emu.kill("SIGTERM");
  });
  await vi.waitFor(() => expect(lines.some((l) => l.startsWith("READY"))).toBe(true), { timeout: 5000 });
  const events: BridgeEvent[] = [];
  const start = performance.now();
  const transport = new BridgeTransport({
    path: link,
    binding: SerialPort.binding,
    antennas: ANTENNAS,
    now: () => Math.round(performance.now() - start),
    onEvent: (e) => events.push(e),
    helloTimeoutMs: 300,
    backoff: { initialMs: 100, maxMs: 400 },
  });
  cleanups.unshift(() => transport.stop());
  transport.start();
  /** The sets one antenna reported, in order. */
  const sets = (antenna: string) =>
    events
      .filter((e) => e.kind === "tags" && e.antenna === antenna)
      .map((e) => (e.kind === "tags" ? e.tags : []));
  const statuses = (reader: string) =>
    events
      .filter((e) => e.kind === "reader" && e.reader === reader)
      .map((e) => (e.kind === "reader" ? e.status : ""));
  return { transport, events, lines, sets, statuses };
}

describe("emulator over a pty, real serialport binding", () => {
  it("a scripted hand arrives as tags events; garbage, corrupt and dropped frames are survived", async (ctx) => {
    if (!built) ctx.skip();
    const r = await run(
      "hand",
      `0 place 0 ${A}
       150 place 1 ${B}
       300 place 0 ${C}
       450 place 1 ${D}
       500 flicker 0 ${A} 2     # a lifted card: fewer than K missed scans
       600 garbage 64
       700 drop 2
       700 place 3 ${X}
       900 corrupt 1
       900 place 2 ${F1} ${F2} ${F3}
       1200 move 1 4 ${B} ${D}
       1400 garbage 300
       1500 place 2 ${T1}
       2500 end`.replace(/^ +/gm, ""),
    );
    await vi.waitFor(() => expect(r.sets("board").at(-1)).toEqual([F1, F2, F3, T1]), { timeout: 8000 });
    expect(r.sets("seat1")).toEqual([[A], [A, C]]);
    expect(r.sets("seat2")).toEqual([[B], [B, D], []]);
    expect(r.sets("muck")).toEqual([[B, D]]);
    expect(r.sets("burn")).toEqual([[X]]);
    expect(r.sets("board")).toEqual([
      [F1, F2, F3],
      [F1, F2, F3, T1],
    ]);
    expect(r.statuses("seat1")).toEqual(["online"]);
    const c = r.transport.counters;
    expect(c.resendRequests).toBeGreaterThanOrEqual(2); // the dropped and the corrupted frames
    expect(c.crc + c.cobs + c.short + c.oversize).toBeGreaterThan(0);
    expect(c.droppedBytes).toBeGreaterThan(300);
    expect(r.events.every((e) => Number.isInteger(e.t))).toBe(true);
    console.info("e2e hand counters", c);
  });

  it("board unplugged and replugged mid-hand, then reset: offline/online, nothing lost, snapshot reconciled", async (ctx) => {
    if (!built) ctx.skip();
    const r = await run(
      "unplug",
      `0 place 0 ${A}
       100 place 1 ${B}
       400 unplug 700
       600 place 3 ${X}        # dealt while the cable is out
       700 place 2 ${F1} ${F2} ${F3}
       1600 place 0 ${C}
       1900 reset
       2000 place 2 ${T1}
       2100 remove 1 ${B}
       3500 end`.replace(/^ +/gm, ""),
    );
    await vi.waitFor(() => expect(r.sets("seat2").at(-1)).toEqual([]), {
      timeout: 10_000,
    });
    expect(r.lines).toContain("UNPLUGGED");
    expect(r.statuses("seat1")).toEqual(["online", "offline", "online"]);
    expect(r.sets("seat1")).toEqual([[A], [A, C]]);
    expect(r.sets("burn")).toEqual([[X]]);
    expect(r.sets("board")).toEqual([
      [F1, F2, F3],
      [F1, F2, F3, T1],
    ]);
    expect(r.sets("seat2")).toEqual([[B], []]);
    const c = r.transport.counters;
    expect(c.disconnects).toBeGreaterThanOrEqual(1);
    // Power-on, replug, reset: three HELLOs when the host has the port open at each. A loaded host opens
    // or reopens it later (the emulator runs on the wall clock) and sees fewer: 2 once, the full npm test
    // beside the anyPace bench. Either way it sees the board's boot counter change, and (above) loses nothing.
    expect(c.hellos).toBeGreaterThanOrEqual(2);
    expect(c.boardResets).toBeGreaterThanOrEqual(1);
    console.info("e2e unplug counters", c);
  });
});
