/**
 * Expectation-driven scanning end to end (issue 20): the table's focus output (src/display/focus.ts)
 * tells the bridge emulator, over its pty and the real serialport binding, where the next tags should
 * land, and the emulator's scheduler scans there between its round-robin turns. The emulator runs on its
 * virtual clock with the inventory time model and logs every inventory (--scan-log), so the test reads
 * what the board actually scanned, not only what the host sent.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseScanLog, type Scan } from "../../../src/sim/scanLog.js";
import { loadConfig } from "../../../src/config/config.js";
import { InputEvent, type InputEventIn } from "../../../src/contract/input.js";
import { focusObserver } from "../../../src/display/focus.js";
import { createRegistry } from "../../../src/reading/registry.js";
import { Runtime } from "../../../src/runtime/runtime.js";
import { channelMap, DEFAULT_BRIDGE } from "../../../src/runtime/tableDevices.js";
import { ensureEmulator, openEmulatedBridge } from "../../../src/sim/emulator.js";
import { VirtualClock } from "../../../src/sim/virtualClock.js";
import { createTableFromConfig } from "../../../src/runtime/tableSettings.js";

const config = loadConfig();
const ch = Object.fromEntries(Object.entries(channelMap(config)).map(([c, a]) => [a, Number(c)])) as Record<
  string,
  number
>;

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
  `${ms} place ${ch[antenna]} ${tags.map(uid).join(" ")}`;

/** Four players, button seat 1: the blinds go out, the shuffler is pressed at 1200, the deal from 2000. */
const DEAL = [2, 3, 4, 1, 2, 3, 4, 1].map((seat, i) => ({ seat, at: 2000 + i * 400 }));
const FACES = ["Kh", "7d", "9s", "Ac", "Kd", "2h", "9h", "Td"];
const SCRIPT = [
  place(500, "bet2", "chip:100:1"),
  place(500, "bet3", "chip:100:2", "chip:100:3"),
  ...DEAL.map((d, i) => place(d.at, `seat${d.seat}`, `card:A:${FACES[i]}`)),
  "30000 end",
].join("\n");
const SHUFFLE_AT = 1200;
const END_AT = 6000;

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

let dir = "";
beforeAll(() => {
  ensureEmulator();
  dir = mkdtempSync(join(tmpdir(), "feltguard-focus-"));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Plays the deal with or without the focus output; what the host sent and what the board scanned. */
async function play(
  focus: boolean,
  name: string,
  probeRoundRobin = false,
): Promise<{ sent: number[][]; scans: Scan[] }> {
  const clock = new VirtualClock();
  const registry = createRegistry({
    deck: config.deck,
    chips: config.chips,
    simulated: false,
    uids: new Map([...uids].map(([logical, u]) => [u, logical])),
  });
  const runtime = new Runtime({
    core: createTableFromConfig(config, registry),
    clock: () => clock.now(),
    setTimer: (ms, fire) => clock.setTimer(ms, fire),
    outputs: [],
  });
  const scanLog = join(dir, `${name}.txt`);

  const sent: number[][] = [];
  const link = await openEmulatedBridge(runtime, config, {
    script: SCRIPT,
    tickUs: 1000,
    clock,
    k: 3,
    inventoryMs: { base: 14, perTag: 4 },
    scanLog,
    probeRoundRobin,
  });
  try {
    if (focus) {
      const bridge = link.bridge;
      const recorded = {
        focus: (channels: readonly number[]) => {
          sent.push([...channels]);
          bridge.focus(channels);
        },
      };
      runtime.addObserver(focusObserver(new Map([[DEFAULT_BRIDGE, recorded]]), config.antennas));
    }
    for (const e of SETUP) runtime.submit(InputEvent.parse({ ...e, t: runtime.now() }));
    // In steps, as sim --devices does: the host's frames are on the pty before the board runs on.
    for (let to = 100; to <= END_AT; to += 100) {
      if (to === SHUFFLE_AT + 100)
        runtime.submit(InputEvent.parse({ t: runtime.now(), kind: "button", button: "shuffler" }));
      await link.bridge.written();
      await link.runTo(to);
    }
  } finally {
    await link.close();
    runtime.stop();
  }
  return { sent, scans: parseScanLog(readFileSync(scanLog, "utf8")) };
}

describe("the focus through the emulator on a pty", () => {
  it("the host sends FOCUS when the hand changes and the board scans there; without it, round-robin only; the same every run", async () => {
    const on = await play(true, "on");
    // Dealing: the next seat in deal order first (seat 2, left of the button), then the one after it.
    expect(on.sent).toContainEqual([ch.seat2, ch.seat3]);
    expect(on.sent).toContainEqual([ch.seat3, ch.seat4]);
    // The deal done: the seat to act (seat 4, under the gun) may bet, or fold to the muck.
    expect(on.sent.at(-1)).toEqual([ch.bet4, ch.muck]);
    // The board scanned seat 2 in focus turns before its first card landed, and bet4/muck after the deal.
    const focusOn = (c: number, from: number, to: number) =>
      on.scans.filter((s) => s.focus && s.channel === c && s.begin >= from && s.begin < to).length;
    expect(focusOn(ch.seat2!, SHUFFLE_AT, DEAL[0]!.at)).toBeGreaterThan(0);
    const dealt = DEAL.at(-1)!.at + 700;
    expect(focusOn(ch.bet4!, dealt, END_AT)).toBeGreaterThan(0);
    expect(focusOn(ch.muck!, dealt, END_AT)).toBeGreaterThan(0);
    // Only channels the host named were focus turns.
    const named = new Set(on.sent.flat());
    expect(on.scans.filter((s) => s.focus).every((s) => named.has(s.channel))).toBe(true);

    // A focus turn on a channel known empty is a 1-slot probe (PROTOCOL.md "Probes"): silent, it takes
    // 4 virtual ms (3.4 rounded up), not an inventory's 14; the round-robin stays plain inventories.
    const muck = on.scans.filter((s) => s.focus && s.channel === ch.muck && s.begin >= dealt);
    expect(muck.length).toBeGreaterThan(0);
    expect(muck.every((s) => s.probe && s.tags === 0 && s.end - s.begin === 4)).toBe(true);
    expect(on.scans.some((s) => !s.focus && s.probe)).toBe(false);

    const off = await play(false, "off");
    expect(off.sent).toEqual([]);
    expect(off.scans.some((s) => s.focus)).toBe(false);
    expect(off.scans.length).toBeGreaterThan(100);

    // Round-robin + probe: turns on channels known to hold at most one tag are probes, but every channel
    // still gets plain inventories (its first visit and every 8th); channels with two tags or more never
    // probe (bet3's two chips).
    const probing = await play(false, "probing", true);
    const rr = (c: number) => probing.scans.filter((s) => s.channel === c);
    expect(rr(ch.muck!).filter((s) => s.probe).length).toBeGreaterThan(rr(ch.muck!).length / 2);
    expect(rr(ch.muck!).some((s) => !s.probe)).toBe(true);
    expect(
      rr(ch.bet3!)
        .filter((s) => s.begin > 1000)
        .some((s) => s.probe),
    ).toBe(false);
    expect(probing.scans.length).toBeGreaterThan(off.scans.length);

    // The board applies a FOCUS at the virtual moment the host let time pass from: no machine speed in it.
    expect((await play(true, "again")).scans).toEqual(on.scans);
  }, 60_000);
});
