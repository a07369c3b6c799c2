/**
 * `feltguard sim --devices`: the simulated hands' tags through the bridge emulator (the firmware core
 * built for the host) on a pty, the real serialport binding, the bridge driver and the runtime; the keys
 * on their twins under the product's drivers and the floor operations from the host, on the same schedule. The emulator is built with make; without g++ and
 * make this file fails and says so (CI installs them; `npm test` builds the emulator first).
 */
import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { channelMap } from "../../src/runtime/tableDevices.js";
import type { InputEventIn } from "../../src/contract/input.js";
import { bridgeScript } from "../../src/sim/bridgeScript.js";
import { ensureEmulator } from "../../src/sim/emulator.js";
import { parseInject } from "../../src/sim/injection.js";
import { flopGame } from "../../src/sim/games.js";
import { DetectionLedger } from "../../src/sim/report.js";
import { runSim } from "../../src/sim/run.js";
import { FlopSession } from "../../src/sim/session.js";

const config = loadConfig();

function session(seed: number): FlopSession {
  const game = flopGame("nlhe")!;
  return new FlopSession({
    seed,
    noise: true,
    inject: parseInject("all", game.injectable),
    game: "nlhe",
    seatCount: config.table.seats,
    deck: config.deck,
    chips: config.chips,
    bbAnteOrder: config.house.bbAnteOrder,
  });
}

interface Command {
  at: number;
  op: string;
  args: string[];
}

const parse = (script: string): Command[] =>
  script
    .trim()
    .split("\n")
    .map((line) => {
      const [at, op, ...args] = line.split(" ");
      return { at: Number(at), op: op!, args };
    });

/** Plays the script's tag commands on an imaginary felt: channel → the UIDs on it, after every command. */
function playFelt(commands: readonly Command[]): Map<number, Set<string>>[] {
  const felt = new Map<number, Set<string>>();
  const after: Map<number, Set<string>>[] = [];
  for (const c of commands) {
    if (!["place", "remove", "clear"].includes(c.op)) continue;
    const ch = Number(c.args[0]);
    const tags = felt.get(ch) ?? new Set<string>();
    felt.set(ch, tags);
    if (c.op === "clear") tags.clear();
    for (const uid of c.args.slice(1)) {
      if (c.op === "place") tags.add(uid);
      else tags.delete(uid);
    }
    after.push(new Map([...felt].map(([k, v]) => [k, new Set(v)])));
  }
  return after;
}

describe("the bridge script: input events → emulator script + host schedule + UID registry", () => {
  const channels = { seat1: 0, seat2: 1, board: 2, bet1: 3 };
  const stream: InputEventIn[] = [
    { t: 0, kind: "floor", op: "seat", seat: 1, player: "P1", stack: 1000 },
    { t: 100, kind: "button", button: "shuffler" },
    { t: 200, kind: "tags", antenna: "seat1", tags: ["card:A:As"] },
    { t: 350, kind: "tags", antenna: "seat2", tags: ["card:A:Kd"] },
    { t: 500, kind: "tags", antenna: "seat1", tags: ["card:A:As", "card:A:7c"] },
    { t: 600, kind: "tags", antenna: "bet1", tags: ["chip:100:1", "chip:25:2"] },
    { t: 700, kind: "button", button: "check" },
    { t: 800, kind: "tags", antenna: "seat1", tags: ["card:A:7c"] }, // a flicker: As drops out…
    { t: 950, kind: "tags", antenna: "seat1", tags: ["card:A:As", "card:A:7c"] }, // …and is back
    { t: 1000, kind: "reader", reader: "bridge", status: "offline" },
    { t: 2000, kind: "reader", reader: "bridge", status: "online" },
    { t: 2000, kind: "tags", antenna: "seat1", tags: ["card:A:As", "card:A:7c"] }, // re-reported: no change
    { t: 2100, kind: "tags", antenna: "board", tags: ["card:A:2h", "card:A:3h", "card:A:4h"] },
    { t: 2200, kind: "tags", antenna: "bet1", tags: [] },
    { t: 2300, kind: "floor", op: "ruling", ruling: "continue" },
  ];
  const plan = bridgeScript(stream, { channels, speed: 10, leadMs: 100 });
  const commands = parse(plan.script);
  const uid = (logical: string) => [...plan.uids].find(([, l]) => l === logical)![0];

  it("places and removes exactly the difference between one report of an antenna and the next", () => {
    const tagCommands = commands.filter((c) => ["place", "remove", "clear"].includes(c.op));
    expect(tagCommands.map((c) => [c.op, ...c.args])).toEqual([
      ["place", "0", uid("card:A:As")],
      ["place", "1", uid("card:A:Kd")],
      ["place", "0", uid("card:A:7c")],
      ["place", "3", uid("chip:100:1"), uid("chip:25:2")],
      ["remove", "0", uid("card:A:As")],
      ["place", "0", uid("card:A:As")],
      ["place", "2", uid("card:A:2h"), uid("card:A:3h"), uid("card:A:4h")],
      ["remove", "3", uid("chip:100:1"), uid("chip:25:2")],
    ]);
    expect(plan.tagCommands).toBe(8);
    // Real milliseconds: the lead, then the simulated time ÷ speed, rounded up and 1 ms late (never early).
    expect(tagCommands.map((c) => c.at)).toEqual([121, 136, 151, 161, 181, 196, 311, 321]);
    expect(commands.at(-1)).toEqual({ at: 330, op: "end", args: [] }); // after the last host event
  });

  it("the host's schedule holds exactly the keys and floor operations, in order, at their real times", () => {
    expect(plan.host.map((h) => h.event)).toEqual(
      stream.filter((e) => e.kind === "button" || e.kind === "floor"),
    );
    expect(plan.host.map((h) => h.at)).toEqual([100, 110, 170, 330]);
  });

  it("the bridge going offline is every reader faulted until it is back; UIDs are ISO 15693 and map back", () => {
    const faults = commands.filter((c) => c.op === "fault" || c.op === "recover");
    expect(faults.map((c) => `${c.at} ${c.op} ${c.args.join(" ")}`)).toEqual([
      ...[0, 1, 2, 3].map((ch) => `201 fault ${ch}`),
      ...[0, 1, 2, 3].map((ch) => `301 recover ${ch}`),
    ]);
    // A report made as the readers stop was made by them: the fault waits for the bridge to scan it.
    const later = parse(bridgeScript(stream, { channels, speed: 10, leadMs: 100, scanRoundMs: 7 }).script);
    expect(later.filter((c) => c.op === "fault").map((c) => c.at)).toEqual([208, 208, 208, 208]);
    expect(later.filter((c) => c.op === "recover").map((c) => c.at)).toEqual([301, 301, 301, 301]);
    expect([...plan.uids.keys()].every((u) => /^E004[0-9A-F]{12}$/.test(u))).toBe(true);
    expect(new Set(plan.uids.values())).toEqual(
      new Set(stream.flatMap((e) => (e.kind === "tags" ? e.tags : []))),
    );
  });

  it("a simulated session's stream (with noise, every injection, a reader outage): the felt replays every report", () => {
    const table = Object.fromEntries(
      Object.entries(channelMap(config)).map(([ch, antenna]) => [antenna, Number(ch)]),
    );
    const s = session(1);
    const events = Array.from({ length: 46 }, () => s.nextHand().events).flat();
    expect(events.some((e) => e.kind === "reader")).toBe(true);
    const p = bridgeScript(events, { channels: table, speed: 30 });
    const felts = playFelt(parse(p.script));
    // Each report that changes its antenna is one or two commands; after them the antenna holds the report.
    const logical = (ch: number, felt: Map<number, Set<string>>) =>
      [...(felt.get(ch) ?? [])].map((u) => p.uids.get(u)).sort();
    const last = new Map<string, string[]>();
    let i = 0;
    for (const e of events) {
      if (e.kind !== "tags") continue;
      const before = last.get(e.antenna) ?? [];
      const next = [...e.tags].sort();
      last.set(e.antenna, next);
      const gone = before.some((x) => !next.includes(x));
      const come = next.some((x) => !before.includes(x));
      i += (gone ? 1 : 0) + (come ? 1 : 0);
      if (gone || come) expect(logical(table[e.antenna]!, felts[i - 1]!)).toEqual(next);
    }
    expect(i).toBe(felts.length);
    expect(p.host.map((h) => h.event)).toEqual(
      events.filter((e) => e.kind === "button" || e.kind === "floor"),
    );
    const times = parse(p.script).map((c) => c.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

/** Runs the real CLI entry point in a child process (TypeScript through tsx). */
function feltguard(...args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "src/app/main.ts", ...args], {
    encoding: "utf8",
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("feltguard sim --devices (the bridge emulator on a pty)", () => {
  beforeAll(() => {
    try {
      ensureEmulator();
    } catch (e) {
      throw new Error(
        `sim --devices needs the bridge emulator, which cannot run here: ${(e as Error).message}. ` +
          "Install g++ and make (Debian: apt-get install g++ make).",
        { cause: e },
      );
    }
  }, 120_000);

  // The emulator runs on a virtual clock that the host moves, and the runtime's clock follows the frames'
  // virtual time (src/sim/deviceRun.ts): how fast this machine is, or how busy, changes how long the run
  // takes, never what it reports. Two runs give the same report, line for line, bar the seconds taken.
  it("12 hands, seed 1, every error injected, noise: a clean report, as many hands ended as directly, twice the same", async () => {
    const args = [
      "sim",
      "--devices",
      "--report",
      "--hands",
      "12",
      "--seed",
      "1",
      "--inject",
      "all",
      "--noise",
    ];
    const started = performance.now();
    const r = feltguard(...args);
    const seconds = (performance.now() - started) / 1000;
    expect(r.stderr).not.toMatch(/Error|cannot/);
    expect(r.stdout).toMatch(
      /^feltguard sim --devices: 12 hands of nlhe, seed 1, inject all, noise; .* as fast as the machine goes in /,
    );
    const total = /^total +(\d+) +(\d+) +(\d+) +(\d+)$/m.exec(r.stdout);
    const ended = /^hands ended by the controller: (\d+); stack or result mismatches: (\d+)$/m.exec(r.stdout);
    expect(total, r.stdout).not.toBeNull();
    expect(ended, r.stdout).not.toBeNull();
    const [injected, detected, missed, falseAlerts] = total!.slice(1).map(Number);
    expect({ missed, falseAlerts, mismatches: Number(ended![2]) }, r.stdout).toEqual({
      missed: 0,
      falseAlerts: 0,
      mismatches: 0,
    });
    expect(injected).toBeGreaterThan(5);
    expect(detected).toBe(injected);
    expect(r.stdout).toMatch(/^RESULT: clean$/m);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /bridge link: \d+ frames, 1 HELLO, 0 resend requests, 0 disconnects, 0 bad frames/,
    );
    // The all-in key is pushed on the button's twin and read by the product's HID driver, every push.
    const allin = /all-in button \(its HID twin under the product's driver\): (\d+) pushes, (\d+) read/.exec(
      r.stderr,
    );
    expect(allin, r.stderr).not.toBeNull();
    expect(Number(allin![1])).toBeGreaterThan(0);
    expect(allin![2]).toBe(allin![1]);
    // The other keys are pushed on the keys board's Firmata twin and read by johnny-five and the driver.
    const keys =
      /dealer keys \(their Firmata twin on a pty under the product's driver\): (\d+) pushes, (\d+) read/.exec(
        r.stderr,
      );
    expect(keys, r.stderr).not.toBeNull();
    expect(Number(keys![1])).toBeGreaterThan(0);
    expect(keys![2]).toBe(keys![1]);
    // The displays ask the dealer panel's driver for screens (how many it drew in the time is the
    // module's real-time pace, not counted here).
    const screens =
      /dealer panel \(its e-paper twin under the product's driver\): (\d+) screens asked for/.exec(r.stderr);
    expect(Number(screens?.[1] ?? 0), r.stderr).toBeGreaterThan(0);

    const direct = new DetectionLedger();
    await runSim({ source: session(1), hands: 12, ledger: direct }, config);
    expect(Number(ended![1])).toBe(direct.hands);

    const again = feltguard(...args);
    const bare = (out: string) => out.replace(/ in [\d.]+ s$/m, "");
    expect(bare(again.stdout)).toBe(bare(r.stdout));
    console.info(
      `sim --devices: 12 hands → ${ended![1]} ended (direct: ${direct.hands}); ` +
        `detected ${detected}/${injected}; ${seconds.toFixed(1)} s; the second run's report identical`,
    );
  }, 90_000);

  it("asks for --hands: the hands are dealt up front into the emulator's script", () => {
    const r = feltguard("sim", "--devices");
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(
      "feltguard: sim --devices: give --hands N (the hands are dealt up front into the bridge emulator's script)",
    );
  });
});
