/**
 * Enrolment on the real path: the bridge emulator (the firmware core on the host) on a pseudo-terminal,
 * read through the real serialport binding by the bridge driver, feeding `feltguard enrol deck`'s
 * live edge. The dealer lays the 52 cards one at a time on the board antenna and puts one down twice.
 * Without g++/make the test skips.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it, vi } from "vitest";
import { liveEnrolment } from "../../src/app/commands/enrolLive.js";
import { loadConfig } from "../../src/config/config.js";
import { DeckEnrolment, ENROL_ORDER } from "../../src/enrol/deckEnrolment.js";
import type { EnrolMessage } from "../../src/enrol/messages.js";

const FIRMWARE = fileURLToPath(new URL("../../firmware-bridge/", import.meta.url));
const EMULATOR = join(FIRMWARE, "build/emulator");
const uid = (n: number) => `E00401500000${n.toString(16).padStart(4, "0").toUpperCase()}`;
const dir = mkdtempSync(join(tmpdir(), "feltguard-enrol-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function buildEmulator(): boolean {
  try {
    execFileSync("make", ["-C", FIRMWARE, "emulator"], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
}

describe("deck enrolment over the bridge emulator (pty, real serialport binding)", () => {
  it("takes 52 cards in order, refuses the repeated one, and ends when the deck is complete", async (ctx) => {
    if (!buildEmulator()) ctx.skip();
    // Each card is laid on the board (channel 2) for 300 ms and taken off before the next, as a dealer
    // does (long enough for the bridge to scan it under any load); the third is put down again after the fifth.
    const lines: string[] = [];
    let t = 0;
    const lay = (n: number) => {
      lines.push(`${t} place 2 ${uid(n)}`, `${t + 300} remove 2 ${uid(n)}`);
      t += 350;
    };
    for (let n = 0; n < 52; n++) {
      lay(n);
      if (n === 4) lay(2);
    }
    // The emulator stops at "end": late enough for the last card to be reported whatever the load.
    lines.push(`${t + 8000} end`);
    const script = join(dir, "deck.txt");
    writeFileSync(script, lines.join("\n"));
    const link = join(dir, "bridge.tty");
    const emu: ChildProcess = spawn(EMULATOR, [
      "--link",
      link,
      "--script",
      script,
      "--wait-host",
      "--channels",
      "8",
    ]);
    const out: string[] = [];
    emu.stdout?.on("data", (d: Buffer) => out.push(...d.toString().trim().split("\n")));
    try {
      await vi.waitFor(() => expect(out.some((l) => l.startsWith("READY"))).toBe(true), { timeout: 5000 });
      const base = loadConfig();
      const config = {
        ...base,
        antennas: { board: { channel: 2, reader: "bridge" } },
        // The bridge only: no keys or panel on this machine.
        devices: { bridge: { path: link } },
      } as typeof base;
      const enrolment = new DeckEnrolment({ deck: "B", antenna: "board" });
      const told: EnrolMessage[] = [];
      const done = liveEnrolment(enrolment, {
        config,
        antenna: "board",
        title: "Enrol deck B",
        tell: (m) => told.push(m),
        terminal: false,
      });
      await vi.waitFor(() => expect(enrolment.complete, told.map((m) => m.text).join("\n")).toBe(true), {
        timeout: 40_000,
        interval: 200,
      });
      await done;
      expect(enrolment.complete).toBe(true);
      expect(enrolment.entries()).toEqual(
        ENROL_ORDER.map((f, i) => ({ uid: uid(i), logical: `card:B:${f}` })),
      );
      expect(told.filter((m) => m.kind === "refused").map((m) => m.text)).toEqual([
        `repeated tag: ${uid(2)} is already enrolled as card:B:3s; place the six of spades (6s)`,
      ]);
    } finally {
      emu.kill("SIGTERM");
    }
  }, 60_000);
});
