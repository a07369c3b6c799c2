/**
 * The bridge emulator (firmware-bridge/emulator): the bridge's firmware core built for this machine,
 * scanning a scripted felt instead of PN5180 readers and speaking the bridge protocol on a
 * pseudo-terminal it creates itself. The host opens that pty as it opens /dev/ttyACM0 at a table, with
 * the real serialport binding: only the far end of the serial port is simulated.
 *
 * Over 300 lines: building the emulator, starting and stopping its process, and driving its virtual
 * clock all hold the same child process and pty, whose life they share.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type Config, PACKAGE_ROOT } from "../config/config.js";
import type { Runtime } from "../runtime/runtime.js";
import { channelMap, connectBridge } from "../runtime/tableDevices.js";
import { InputEvent } from "../contract/input.js";
import type { BridgeTransport } from "../devices/bridge/index.js";
import type { HostEvent } from "./bridgeScript.js";
import { markedBinding, type TimeMark } from "./emulatorLink.js";
import type { VirtualClock } from "./virtualClock.js";

export const FIRMWARE_DIR = join(PACKAGE_ROOT, "firmware-bridge");
export const EMULATOR_PATH = join(FIRMWARE_DIR, "build/emulator");

/** The emulator cannot be built or started here; the message says why in one line. */
export class EmulatorUnavailable extends Error {
  override readonly name = "EmulatorUnavailable";
}

/**
 * Builds the emulator if it is missing or older than its sources (`make -s -C firmware-bridge emulator`,
 * which does nothing when it is up to date) and returns its path.
 */
export function ensureEmulator(): string {
  if (!existsSync(join(FIRMWARE_DIR, "Makefile")))
    throw new EmulatorUnavailable(`the bridge emulator's sources are not here (${FIRMWARE_DIR})`);
  try {
    execFileSync("make", ["-s", "-C", FIRMWARE_DIR, "emulator"], { stdio: "pipe" });
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stderr?: Buffer };
    const why =
      err.code === "ENOENT"
        ? "make is not installed"
        : (err.stderr?.toString().trim().split("\n").at(-1) ?? err.message);
    throw new EmulatorUnavailable(
      `the bridge emulator could not be built (make -C firmware-bridge emulator needs g++ and make): ${why}`,
    );
  }
  if (!existsSync(EMULATOR_PATH)) throw new EmulatorUnavailable(`the build left no ${EMULATOR_PATH}`);
  return EMULATOR_PATH;
}

export interface EmulatorOptions {
  /** The script file (emulator/script.h). */
  readonly script: string;
  /** Where the emulator links its pty (the host opens this path). */
  readonly link: string;
  readonly channels: number;
  /** Missed scans before a tag has departed (the presence rule's K). */
  readonly k: number;
  /** Milliseconds per channel scan; 0 scans one channel per loop tick. */
  readonly scanMs: number;
  /** The main loop's sleep in microseconds. */
  readonly tickUs: number;
  /** Where to log the script clock's start and every frame written (monotonic µs). */
  readonly trace: string;
  /** The emulator binary (default: built by {@link ensureEmulator}). */
  readonly path?: string;
  /** Run on the virtual clock: time moves only when the host says `run <ms>` (emulatorLink.ts). */
  readonly virtualClock?: boolean;
  /** Reader chips scanning in parallel, each behind an RF switch over its block of channels. Default 1. */
  readonly readers?: number;
  /** Virtual clock only: an inventory takes base + perTag × tags in the field (PROTOCOL.md). */
  readonly inventoryMs?: { readonly base: number; readonly perTag: number };
  /** With inventoryMs: where the emulator logs every inventory (start, end, reader, channel, focus). */
  readonly scanLog?: string;
  /** The focus's share of the readers' time, % of round-robin time (default: the firmware's, 20). */
  readonly focusShare?: number;
  /** Round-robin turns probe channels known to hold at most one tag (PROTOCOL.md "Probes"). */
  readonly probeRoundRobin?: boolean;
}

export interface RunningEmulator {
  readonly link: string;
  readonly process: ChildProcess;
  /** What the emulator printed so far (READY, UNPLUGGED, REPLUGGED, END) and its errors. */
  output(): string;
  /**
   * CLOCK_MONOTONIC in µs when the script clock started: with `--wait-host`, once the host has sent its
   * first valid frame. Rejects if it has not started within `ms` or the emulator exits first.
   */
  scriptStart(ms: number): Promise<number>;
  /** Resolves with the exit code (or the signal) when the emulator has exited. */
  readonly exited: Promise<number | string | null>;
  /** Ends the emulator (SIGTERM) and waits for it. */
  stop(): Promise<void>;
  /** Writes one line to the emulator's standard input (the virtual clock's commands). */
  send(line: string): void;
}

/** CLOCK_MONOTONIC in microseconds: the clock of the emulator's trace. */
export const monotonicUs = (): number => Number(process.hrtime.bigint() / 1000n);

/**
 * Spawns the emulator with `--wait-host` (the board stays unpowered and its script clock stopped until
 * the host speaks, so nothing races the host's start) and resolves once its pty exists (READY).
 */
export async function startEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const child = spawn(options.path ?? ensureEmulator(), [
    ...["--link", options.link, "--script", options.script, "--trace", options.trace, "--wait-host"],
    ...["--channels", String(options.channels), "--k", String(options.k)],
    ...["--scan-ms", String(options.scanMs), "--tick-us", String(options.tickUs)],
    ...(options.virtualClock ? ["--virtual-clock"] : []),
    ...(options.readers ? ["--readers", String(options.readers)] : []),
    ...(options.inventoryMs
      ? ["--inventory-ms", `${options.inventoryMs.base},${options.inventoryMs.perTag}`]
      : []),
    ...(options.scanLog ? ["--scan-log", options.scanLog] : []),
    ...(options.focusShare ? ["--focus-share", String(options.focusShare)] : []),
    ...(options.probeRoundRobin ? ["--probe-round-robin"] : []),
  ]);
  // The emulator may be gone when a last line is written: its exit says so, not an EPIPE.
  child.stdin.on("error", () => undefined);
  let said = "";
  child.stdout.on("data", (d: Buffer) => (said += d.toString()));
  child.stderr.on("data", (d: Buffer) => (said += d.toString()));
  let exitedWith: number | string | null | undefined;
  const exited = new Promise<number | string | null>((resolve) => {
    child.on("exit", (code, signal) => resolve((exitedWith = code ?? signal)));
    child.on("error", (e) => {
      said += `${e.message}\n`;
      resolve((exitedWith = null));
    });
  });
  const emulator: RunningEmulator = {
    link: options.link,
    process: child,
    output: () => said,
    exited,
    async scriptStart(ms) {
      await until(
        () => existsSync(options.trace) && /^\d+ start$/m.test(readFileSync(options.trace, "utf8")),
        ms,
        () => exitedWith !== undefined,
        "the bridge emulator's script did not start (no frame from the host)",
        () => said,
      );
      return Number(/^(\d+) start$/m.exec(readFileSync(options.trace, "utf8"))![1]);
    },
    async stop() {
      if (exitedWith === undefined) child.kill("SIGTERM");
      await exited;
    },
    send(line) {
      if (exitedWith === undefined) child.stdin.write(`${line}\n`);
    },
  };
  try {
    await until(
      () => said.includes("READY"),
      5000,
      () => exitedWith !== undefined,
      "the bridge emulator did not create its pty",
      () => said,
    );
  } catch (e) {
    await emulator.stop();
    throw e;
  }
  return emulator;
}

async function until(
  ok: () => boolean,
  ms: number,
  gone: () => boolean,
  why: string,
  said: () => string,
): Promise<void> {
  const deadline = performance.now() + ms;
  while (!ok()) {
    if (gone()) {
      const out = said().trim().replaceAll("\n", "; ");
      throw new EmulatorUnavailable(`${why}: it exited${out ? ` (${out})` : ""}`);
    }
    if (performance.now() > deadline) throw new EmulatorUnavailable(`${why} within ${ms} ms`);
    await sleep(5);
  }
}

/** Simulated milliseconds the emulator takes to scan every channel once, whatever the speed-up. */
export const SIM_SCAN_ROUND_MS = 60;
/** What a loop tick costs beyond its sleep (usleep's timer slack and the scan), in µs. */
const TICK_OVERHEAD_US = 55;

/**
 * The emulator's loop tick for a speed-up: with `--scan-ms 0` it scans one channel per tick, so the tick
 * sets how long a round of every channel takes, and a round is how late a tag can be reported. The
 * simulated dealer pitches a card every 150 ms, and the controller reads the deal in the order the
 * cards land: a round must stay well under that, or a card reported a round late arrives after the
 * next seat's and the deal looks out of order (at 30× the latency benchmark's 250 µs tick makes a
 * round of ~230 simulated ms, and a sim report fills with false misdeals). The tick is scaled so that a
 * round of 24 channels stays {@link SIM_SCAN_ROUND_MS} simulated ms: 2.4 ms ticks at real time, 28 µs
 * at 30× (a 2 ms round, about a fifth of a core), and from ~45× the shortest the loop has (1 µs, a
 * ~1.3 ms round: 80 simulated ms at 60×).
 */
export function tickForSpeed(speed: number, channels: number): number {
  const perChannelUs = (SIM_SCAN_ROUND_MS * 1000) / (channels * speed);
  return Math.max(1, Math.round(perChannelUs - TICK_OVERHEAD_US));
}

/** Real milliseconds a round of `channels` scans takes at `tickUs`. */
export function scanRoundMs(channels: number, tickUs: number): number {
  return (channels * (tickUs + TICK_OVERHEAD_US)) / 1000;
}

/** Simulated milliseconds a round of `channels` scans takes at `tickUs` and `speed`. */
export function simScanRoundMs(speed: number, channels: number, tickUs: number): number {
  return scanRoundMs(channels, tickUs) * speed;
}

export interface EmulatedBridgeOptions {
  /** The script text (bridgeScript.ts). */
  readonly script: string;
  /** Missed scans before a tag has departed. Default 1: the simulated felt says when a tag leaves. */
  readonly k?: number;
  readonly tickUs: number;
  /** The emulator binary (default: built if needed). */
  readonly emulator?: string;
  /**
   * Runs the emulator on its virtual clock and moves `clock` with it: the clock reads the virtual time
   * of the frames the driver is reading, and {@link EmulatedBridge.runTo} lets the emulator's time pass.
   */
  readonly clock?: VirtualClock;
  /** Virtual milliseconds per channel scan (virtual clock only). Default {@link VIRTUAL_SCAN_MS}. */
  readonly scanMs?: number;
  /** Reader chips in parallel (default 1). */
  readonly readers?: number;
  /** Virtual clock only: the inventory time model; scans then take as long as it says. */
  readonly inventoryMs?: { readonly base: number; readonly perTag: number };
  /** With inventoryMs: where the emulator logs every inventory (emulator.cpp, --scan-log). */
  readonly scanLog?: string;
  /** The focus's share of the readers' time, % of round-robin time (default: the firmware's). */
  readonly focusShare?: number;
  /** Round-robin turns probe channels known to hold at most one tag (default: plain inventories). */
  readonly probeRoundRobin?: boolean;
}

/**
 * Virtual milliseconds per channel scan in `sim --devices`: a round of the default table's 24 channels
 * takes 48 ms, under the 60 ms the real-time emulator kept, and well under the 150 ms between two
 * dealt cards (a round longer than that reports a deal out of order).
 */
export const VIRTUAL_SCAN_MS = 2;

/** The emulator on its pty and the table's bridge driver reading it, with the script clock running. */
export interface EmulatedBridge {
  readonly emulator: RunningEmulator;
  readonly bridge: BridgeTransport;
  /** CLOCK_MONOTONIC µs at which the script clock started (its times count from here). */
  readonly startUs: number;
  /** The emulator's trace: the start and every frame it wrote. Deleted by close(). */
  readonly trace: string;
  /** Stops the bridge driver first (so the board going away raises nothing), then the emulator. */
  close(): Promise<void>;
  /**
   * Virtual clock only: lets the emulator's time pass up to `ms` and resolves once the driver has read
   * every frame written by then (the clock then reads `ms`). Rejects if the emulator exits first.
   */
  runTo(ms: number): Promise<void>;
}

/**
 * Starts the emulator on `script` and connects the table's bridge driver to its pty exactly as
 * `feltguard table` connects it to /dev/feltguard-bridge (connectBridge, the real serialport binding),
 * feeding `runtime`. Resolves when the board is powered and its script clock runs.
 */
export async function openEmulatedBridge(
  runtime: Runtime,
  config: Config,
  options: EmulatedBridgeOptions,
): Promise<EmulatedBridge> {
  const path = options.emulator ?? ensureEmulator();
  const { SerialPort } = await import("serialport");
  const dir = mkdtempSync(join(tmpdir(), "feltguard-bridge-"));
  const script = join(dir, "script.txt");
  const trace = join(dir, "trace.txt");
  writeFileSync(script, options.script);
  const channels = Math.max(...Object.keys(channelMap(config)).map(Number)) + 1;
  const clock = options.clock;
  let reached = clock?.now() ?? 0;
  let waiter: { ms: number; resolve: () => void } | null = null;
  const onMark = (mark: TimeMark) => {
    clock?.advance(mark.ms);
    if (!mark.done) return;
    reached = Math.max(reached, mark.ms);
    if (waiter !== null && reached >= waiter.ms) {
      const w = waiter;
      waiter = null;
      w.resolve();
    }
  };
  let emulator: RunningEmulator | null = null;
  let bridge: BridgeTransport | null = null;
  const close = async () => {
    await bridge?.stop();
    await emulator?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    emulator = await startEmulator({
      path,
      script,
      trace,
      link: join(dir, "bridge.tty"),
      channels,
      k: options.k ?? 1,
      scanMs: clock ? (options.inventoryMs ? 1 : (options.scanMs ?? VIRTUAL_SCAN_MS)) : 0,
      tickUs: options.tickUs,
      virtualClock: clock !== undefined,
      ...(options.readers ? { readers: options.readers } : {}),
      ...(options.inventoryMs ? { inventoryMs: options.inventoryMs } : {}),
      ...(options.scanLog ? { scanLog: options.scanLog } : {}),
      ...(options.focusShare ? { focusShare: options.focusShare } : {}),
      ...(options.probeRoundRobin ? { probeRoundRobin: true } : {}),
    });
    const binding = clock ? markedBinding(SerialPort.binding, onMark) : SerialPort.binding;
    bridge = connectBridge(runtime, config, emulator.link, binding);
    // The board waits for the host to speak (--wait-host); the driver would speak after its 2 s HELLO
    // timeout. A liveness probe as soon as the port is open powers the board up at once.
    const opened = performance.now() + 5000;
    while (bridge.state === "connecting" && performance.now() < opened) await sleep(5);
    bridge.ping();
    const startUs = await emulator.scriptStart(5000);
    const emu = emulator;
    const runTo = (ms: number): Promise<void> => {
      if (clock === undefined) throw new Error("runTo needs the emulator's virtual clock");
      if (reached >= ms) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        waiter = { ms, resolve };
        void emu.exited.then((code) => {
          if (waiter?.ms === ms)
            reject(new EmulatorUnavailable(`the bridge emulator exited (${code}) before ${ms} ms`));
        });
        emu.send(`run ${ms}`);
      });
    };
    return { emulator, bridge, startUs, trace, close, runTo };
  } catch (e) {
    await close();
    throw e;
  }
}

/**
 * Submits the host's events (keys, floor) at their real times on the script clock, each stamped by the
 * runtime's clock when it is submitted, as the key driver stamps a press. With `simulated` (the runtime's
 * clock and its speed-up), an event also waits until that clock has reached the event's own time: the
 * script's whole milliseconds and the timers' granularity must not press a key before the moment the
 * simulated dealer pressed it. Stops early if `signal` aborts.
 */
export async function playHostSchedule(
  host: readonly HostEvent[],
  startUs: number,
  submit: (event: InputEvent) => void,
  options: { signal?: AbortSignal; simulated?: { now: () => number; speed: number } } = {},
): Promise<void> {
  const { signal, simulated } = options;
  for (const { at, event } of host) {
    await untilScriptTime(startUs, at, signal);
    while (simulated && !signal?.aborted && simulated.now() < event.t)
      await sleep(Math.max(1, (event.t - simulated.now()) / simulated.speed));
    if (signal?.aborted) return;
    submit(InputEvent.parse(event));
  }
}

/** Waits until `at` real milliseconds on the script clock that started at `startUs`. */
export async function untilScriptTime(startUs: number, at: number, signal?: AbortSignal): Promise<void> {
  const wait = (startUs + at * 1000 - monotonicUs()) / 1000;
  if (wait > 0) await sleep(wait, undefined, signal ? { signal } : {}).catch(() => undefined);
}
