/**
 * `feltguard table` tells its bridge where the next card should land (FOCUS, issue 20): the table is
 * started as the service starts it (startTable, devices on, the real serialport binding) on the bridge
 * emulator's pty; the emulator runs on its virtual clock with the inventory time model and logs every
 * inventory, so the test sees the board scan the seats to be dealt once the hand starts, and not before.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { SerialPort } from "serialport";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_CONFIG_PATH } from "../../src/config/config.js";
import { InputEvent, type InputEventIn } from "../../src/contract/input.js";
import { startTable } from "../../src/app/tableRun.js";
import { createLogger } from "../../src/runtime/log.js";
import { ensureEmulator, startEmulator } from "../../src/sim/emulator.js";
import { parseScanLog } from "../../src/sim/scanLog.js";

const dir = mkdtempSync(join(tmpdir(), "fg-table-focus-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(() => void ensureEmulator(), 120_000);

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

describe("feltguard table and the bridge's focus", () => {
  it("after the shuffle the board scans seat 2 and seat 3 (next in the deal) in focus turns; before it, none", async () => {
    const script = join(dir, "script.txt");
    writeFileSync(script, "600000 end\n");
    const scanLog = join(dir, "scans.txt");
    const emulator = await startEmulator({
      script,
      link: join(dir, "bridge.tty"),
      trace: join(dir, "trace.txt"),
      channels: 24,
      k: 3,
      scanMs: 1,
      tickUs: 1000,
      virtualClock: true,
      inventoryMs: { base: 14, perTag: 4 },
      scanLog,
    });
    const config = join(dir, "table.yaml");
    writeFileSync(
      config,
      readFileSync(DEFAULT_CONFIG_PATH, "utf8")
        .replace("port: 8080", "port: 0")
        .replace(/\ndevices:\n[\s\S]*$/, `\ndevices:\n  bridge: { path: ${emulator.link} }\n`),
    );
    const table = await startTable({
      config,
      journal: false,
      devices: true,
      binding: SerialPort.binding,
      log: createLogger("test", { pretty: false, level: "silent" }),
    });
    // The emulator's time moves only when told: in steps of 20 virtual ms, so heartbeats keep flowing
    // to the driver's real-time watchdog. The host's frames take effect at the start of a step.
    let virtual = 0;
    let running = true;
    const clock = (async () => {
      while (running) {
        virtual += 20;
        emulator.send(`run ${virtual}`);
        await sleep(10);
      }
    })();
    const bridge = table.devices!.bridges.get("bridge")!;
    try {
      await vi.waitFor(() => expect(bridge.state).toBe("online"), { timeout: 10_000 });
      const { runtime } = table;
      for (const e of SETUP) runtime.submit(InputEvent.parse({ ...e, t: runtime.now() }));
      // The board scans round-robin meanwhile: seats taken, no hand yet, nothing expected.
      await vi.waitFor(() => expect(parseScanLog(readFileSync(scanLog, "utf8")).length).toBeGreaterThan(10), {
        timeout: 10_000,
      });
      expect(parseScanLog(readFileSync(scanLog, "utf8")).some((s) => s.focus)).toBe(false);
      runtime.submit(InputEvent.parse({ t: runtime.now(), kind: "button", button: "shuffler" }));
      await vi.waitFor(
        () => {
          const focus = parseScanLog(readFileSync(scanLog, "utf8")).filter((s) => s.focus);
          expect(focus.map((s) => s.channel)).toEqual(expect.arrayContaining([1, 2])); // seat2, seat3
          expect(focus.every((s) => [1, 2].includes(s.channel))).toBe(true);
        },
        { timeout: 10_000 },
      );
    } finally {
      running = false;
      await clock;
      await table.stop();
      await emulator.stop();
    }
  }, 60_000);
});
