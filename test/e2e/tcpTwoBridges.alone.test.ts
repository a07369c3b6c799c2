/**
 * Three Card Poker on `feltguard table` over two bridges (#17 item 4): the 7-box table's 37 zones do
 * not fit one bridge's 32 channels, so its configuration puts the Prime bets on `bridge2`
 * (devices.bridges). Two bridge emulators (the firmware core built for the host) each script their
 * part of the felt on their own pseudo-terminal; `startTable` opens both through the real serialport
 * binding, exactly as at a table. The Pair Plus bet and the cards come from the first bridge, the
 * Prime bet from the second; the hand is read and paid, and /api/health lists both bridges online
 * with every antenna read.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { createLogger } from "../../src/runtime/log.js";
import { SystemdNotifier } from "../../src/app/systemd.js";
import { channelMap } from "../../src/runtime/tableDevices.js";
import { startTable } from "../../src/app/tableRun.js";
import type { TableEvent } from "../../src/contract/output.js";
import {
  ensureEmulator,
  EmulatorUnavailable,
  type RunningEmulator,
  startEmulator,
} from "../../src/sim/emulator.js";
import { REPO_ROOT } from "../support/paths.js";

const dir = mkdtempSync(join(tmpdir(), "fg-tcp2-"));
const emulators: RunningEmulator[] = [];
let emulatorPath: string | null = null;
let unavailable = "";
beforeAll(() => {
  try {
    emulatorPath = ensureEmulator();
  } catch (e) {
    if (!(e instanceof EmulatorUnavailable)) throw e;
    unavailable = e.message;
  }
}, 120_000);
afterAll(async () => {
  for (const e of emulators) await e.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Every logical tag gets a UID; the registry file maps them back (a real table's registry). */
const uids = new Map<string, string>();
const uid = (logical: string) => {
  let u = uids.get(logical);
  if (u === undefined) {
    u = `E0040150${(uids.size + 1).toString(16).padStart(8, "0").toUpperCase()}`;
    uids.set(logical, u);
  }
  return u;
};

describe("Three Card Poker on feltguard table over two emulated bridges", () => {
  it("reads the Pair Plus bet and the cards on bridge, the Prime bet on bridge2, and pays both", async (ctx) => {
    if (emulatorPath === null) ctx.skip(unavailable);
    const tcp = readFileSync(join(REPO_ROOT, "config/tcp.yaml"), "utf8");
    const base = loadConfig(join(REPO_ROOT, "config/tcp.yaml"));
    const ch = (reader: string) =>
      Object.fromEntries(Object.entries(channelMap(base, reader)).map(([c, name]) => [name, Number(c)]));
    const one = ch("bridge");
    const two = ch("bridge2");
    const place = (ms: number, at: Record<string, number>, antenna: string, ...tags: string[]) =>
      `${ms} place ${at[antenna]} ${tags.map(uid).join(" ")}`;
    // The Prime bet lands first on bridge2; the first bridge deals only well after it (both clocks
    // start together: the host speaks to both boards at once).
    const script1 = [
      place(1000, one, "pairplus1", "chip:25:1"),
      place(3000, one, "seat1", "card:A:2h"),
      place(3300, one, "dealer", "card:A:3c"),
      place(3600, one, "seat1", "card:A:7d"),
      place(3900, one, "dealer", "card:A:8h"),
      place(4200, one, "seat1", "card:A:Jh"),
      place(4500, one, "dealer", "card:A:Ks"),
      "60000 end",
    ].join("\n");
    const script2 = [place(500, two, "prime1", "chip:25:2"), "60000 end"].join("\n");
    const links: Record<string, string> = {};
    for (const [name, script, channels] of [
      ["bridge", script1, Object.keys(one).length],
      ["bridge2", script2, Object.keys(two).length],
    ] as const) {
      writeFileSync(join(dir, `${name}.txt`), script);
      const emulator = await startEmulator({
        path: emulatorPath!,
        script: join(dir, `${name}.txt`),
        trace: join(dir, `${name}.trace`),
        link: join(dir, `${name}.tty`),
        channels,
        k: 1,
        scanMs: 0,
        tickUs: 1000,
      });
      emulators.push(emulator);
      links[name] = emulator.link;
    }
    const registry = join(dir, "registry.txt");
    writeFileSync(registry, [...uids].map(([logical, u]) => `${u} ${logical}`).join("\n") + "\n");
    const config = join(dir, "tcp.yaml");
    writeFileSync(
      config,
      tcp
        .replace("port: 8080", "port: 0")
        .replace(/registry:\n\s+simulated: true/, `registry:\n  simulated: false\n  file: ${registry}`)
        // The shipped configuration's two bridges, at the emulators' ptys.
        .replace("path: /dev/feltguard-bridge,", `path: ${links.bridge},`)
        .replace("path: /dev/feltguard-bridge2,", `path: ${links.bridge2},`),
    );

    const table = await startTable({
      config,
      journal: join(dir, "journal.db"),
      devices: true,
      log: createLogger("test", { pretty: false, level: "silent" }),
      notifier: new SystemdNotifier({ env: {} }),
    });
    try {
      const events: TableEvent[] = [];
      table.runtime.addOutput((out) => events.push(...out));
      const submit = table.runtime.submit.bind(table.runtime);
      const now = () => table.runtime.now();
      submit({ t: now(), kind: "floor", op: "game", game: "tcp", min: 5, max: 1000, by: "test" });
      submit({ t: now(), kind: "floor", op: "seat", seat: 1, player: "Ana", stack: 10000, by: "test" });
      submit({ t: now(), kind: "button", button: "shuffler" });
      // Both boards are powered by the host's first frame: ping them together.
      const bridges = table.devices!.bridges;
      expect([...bridges.keys()].sort()).toEqual(["bridge", "bridge2"]);
      await vi.waitFor(
        () => expect([...bridges.values()].every((b) => b.state !== "connecting")).toBe(true),
        {
          timeout: 20_000,
        },
      );
      for (const b of bridges.values()) b.ping();

      await vi.waitFor(() => expect(events.some((e) => e.kind === "hand_end")).toBe(true), {
        timeout: 30_000,
        interval: 100,
      });
      const awards = events.filter((e) => e.kind === "award");
      expect(awards).toMatchObject([
        { seat: 1, bet: "pairplus", outcome: "lose", amount: 0 },
        { seat: 1, bet: "prime", outcome: "win", amount: 100, stake: 25 },
      ]);
      expect(events.find((e) => e.kind === "hand_end")).toMatchObject({
        result: "complete",
        stacks: { 1: 10050 },
      });
      // No alert about the hand. A bridge may be told offline and back when the machine is too busy to
      // answer its heartbeats in time (a full `npm test` beside two CPU hogs: both at t 2.9 s); each such
      // alert must have been cleared, and both readers are online at the end (below).
      const alerts = events.filter((e) => e.kind === "alert");
      expect(alerts.filter((e) => e.code !== "READER_OFFLINE")).toEqual([]);
      for (const lost of alerts.filter((e) => e.code === "READER_OFFLINE"))
        expect(
          events.some(
            (e) =>
              e.kind === "alert_clear" &&
              e.code === "READER_OFFLINE" &&
              e.t >= lost.t &&
              e.reader === lost.reader,
          ),
        ).toBe(true);

      const health = (await (await fetch(new URL("/api/health", table.url))).json()) as {
        readers: { reader: string; state: string; antennaStates: { state: string }[] }[];
      };
      expect(health.readers.map((r) => [r.reader, r.state, r.antennaStates.length])).toEqual([
        ["bridge", "online", 30],
        // The 7 Prime zones and the tray's 5 columns (config/tcp.yaml).
        ["bridge2", "online", 12],
      ]);
      expect(health.readers.every((r) => r.antennaStates.every((a) => a.state === "online"))).toBe(true);
    } finally {
      await table.stop();
    }
  }, 90_000);
});
