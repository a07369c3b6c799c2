/**
 * The heartbeat watchdog against the bridge emulator on a pty, through the real serialport binding, on
 * both sides of its window (issue 13, "a loaded machine"):
 * - the host stalls for longer than the window while the board keeps sending heartbeats: the frames
 *   wait in the pty, and the link must stay up (a plain timeout ran before the frames were read and
 *   raised READER_OFFLINE at a live table when a journal audit blocked a loaded host);
 * - the board stops (SIGSTOP) while the host keeps listening: the link is dropped, and comes back when
 *   the board does.
 * Real time against a separate process, so it runs in the alone suite. Both are judged by order (frames read after the stall; offline reported while stopped), never by
 * how fast this machine is.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SerialPort } from "serialport";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type BridgeEvent, BridgeTransport } from "../../../src/devices/bridge/index.js";
import { ensureEmulator, type RunningEmulator, startEmulator } from "../../../src/sim/emulator.js";

const WATCHDOG_MS = 1000;
const ANTENNAS = { 0: "seat1", 1: "seat2", 2: "board", 3: "pot" };

let dir = "";
let path = "";
beforeAll(() => {
  path = ensureEmulator();
  dir = mkdtempSync(join(tmpdir(), "feltguard-watchdog-"));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

/** Blocks this thread (the host's event loop) without spinning a core. */
function stallHost(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

async function rig(name: string) {
  const script = join(dir, `${name}.txt`);
  writeFileSync(script, "600000 end\n");
  const emulator: RunningEmulator = await startEmulator({
    path,
    script,
    trace: join(dir, `${name}.trace`),
    link: join(dir, `${name}.tty`),
    channels: 4,
    k: 1,
    scanMs: 0,
    tickUs: 1000,
  });
  cleanup.push(() => emulator.stop());
  const events: BridgeEvent[] = [];
  const start = performance.now();
  const transport = new BridgeTransport({
    path: emulator.link,
    binding: SerialPort.binding,
    antennas: ANTENNAS,
    now: () => Math.round(performance.now() - start),
    onEvent: (e) => events.push(e),
    watchdogMs: WATCHDOG_MS,
    // The shipped figures: a heartbeat every 250 ms, four per watchdog window.
    config: { heartbeatMs: 250 },
  });
  cleanup.push(() => transport.stop());
  transport.start();
  await vi.waitFor(() => expect(transport.state).toBe("online"), { timeout: 20_000, interval: 20 });
  const offline = () => events.filter((e) => e.kind === "reader" && e.status === "offline").length;
  /** Resolves once the host has read `n` more valid frames. */
  const framesRead = async (n: number) => {
    const from = transport.counters.frames;
    await vi.waitFor(() => expect(transport.counters.frames).toBeGreaterThanOrEqual(from + n), {
      timeout: 20_000,
      interval: 10,
    });
  };
  return { emulator, transport, offline, framesRead };
}

describe("the bridge watchdog on a pty", () => {
  it("a host that stalls for three windows while the board sends heartbeats keeps the link", async () => {
    const r = await rig("stall");
    await r.framesRead(3);
    stallHost(3 * WATCHDOG_MS);
    // After the stall: the heartbeats that waited in the pty, and more, are read on the same link.
    await r.framesRead(8);
    expect(r.transport.counters.watchdogTimeouts).toBe(0);
    expect(r.offline()).toBe(0);
    expect(r.transport.state).toBe("online");
  }, 60_000);

  it("a board that falls silent while the host listens is dropped, and taken back when it speaks", async () => {
    const r = await rig("silent");
    await r.framesRead(3);
    r.emulator.process.kill("SIGSTOP");
    try {
      await vi.waitFor(() => expect(r.offline()).toBe(4), { timeout: 20_000, interval: 20 });
      expect(r.transport.counters.watchdogTimeouts).toBe(1);
    } finally {
      r.emulator.process.kill("SIGCONT");
    }
    await vi.waitFor(() => expect(r.transport.state).toBe("online"), { timeout: 20_000, interval: 20 });
  }, 60_000);
});
