/**
 * Issue 13's "Done when", run as written: the detection report at random pace through a bridge's scan
 * rounds, clean (every injected error detected, no false alert, no stack or result mismatch) for
 * hold'em seeds 1–3 at 200 and 600 ms rounds, PLO, fixed-limit and pot-limit hold'em (3,000 hands) and
 * Three Card Poker; then the seeds the wider sweeps found not clean once (a raked game, the host's focus
 * and house settings that move a window among them). One figure per run: 1 when its report says
 * `RESULT: clean`.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { parseDocument } from "yaml";
import type { BenchFigure } from "./figure.js";

const ROOT = join(import.meta.dirname, "..");

/** One setting of a house's file: its path and value (undefined: the key taken out). */
type Setting = readonly [readonly (string | number)[], unknown];

/**
 * A house's settings on the default table: config/default.yaml with `settings` (path, value) set, as a
 * house would edit its file; written to a temporary file for `sim --config`.
 */
function houseConfig(name: string, settings: readonly Setting[], base = "config/default.yaml"): string {
  const doc = parseDocument(readFileSync(join(ROOT, base), "utf8"));
  for (const [path, value] of settings) {
    if (value === undefined) doc.deleteIn(path);
    else doc.setIn(path, value);
  }
  const file = join(mkdtempSync(join(tmpdir(), "feltguard-house-")), `${name}.yaml`);
  writeFileSync(file, doc.toString());
  return file;
}

interface Run {
  what: string;
  args: string[];
}

/**
 * A six-seat table: config/default.yaml with six seats, and the antennas and seat lights of seats 7–10
 * taken out (a house's file has none for seats it does not have).
 */
const SIX_SEATS: readonly Setting[] = [
  [["table", "seats"], 6],
  ...[7, 8, 9, 10].flatMap((seat): Setting[] => [
    [["antennas", `seat${seat}`], undefined],
    [["antennas", `bet${seat}`], undefined],
  ]),
  ...[9, 8, 7, 6].map((index): Setting => [["devices", "keys", "seats", index], undefined]),
];

/** Two decks through the shuffler (`decks: [A, B]` in place of `deck: A`). */
const TWO_DECKS: readonly Setting[] = [
  [["deck"], undefined],
  [["decks"], ["A", "B"]],
];

/**
 * Three bridges, as hardware.md allows a larger table: the seats on the table's bridge, the bet zones on
 * bridge2, and the board, burn, muck and pot on bridge3, each scanning its own antennas in its rounds.
 */
const THREE_READERS: readonly Setting[] = [
  ...Array.from({ length: 10 }, (_, i): Setting[] => [
    [["antennas", `seat${i + 1}`], { reader: "bridge", channel: i }],
    [["antennas", `bet${i + 1}`], { reader: "bridge2", channel: i }],
  ]).flat(),
  ...["board", "burn", "muck", "pot"].map((antenna, channel): Setting => [
    ["antennas", antenna],
    { reader: "bridge3", channel },
  ]),
  [
    ["devices", "bridges"],
    { bridge2: { path: "/dev/feltguard-bridge2" }, bridge3: { path: "/dev/feltguard-bridge3" } },
  ],
];

/**
 * One run on a house's table: `base` with one setting changed (what the house, the setting, the seed, the
 * round), and any `more`; `focus`: the readers also scan where the table expects the next card or chips.
 */
function houseRun(
  game: string,
  base: string,
  [house, setting, seed, scan]: readonly [string, Setting, number, number],
  focus = false,
  more: readonly Setting[] = [],
): Run {
  return {
    what: `${game} with ${house}${focus ? " and the host's focus" : ""}, 10,000 hands, seed ${seed}, ${scan} ms rounds`,
    args: [
      ...(focus ? ["--focus"] : []),
      "--config",
      houseConfig(`${base.includes("tcp") ? "tcp-" : ""}seed${seed}`, [setting, ...more], base),
      "--hands",
      "10000",
      "--seed",
      String(seed),
      "--scan-ms",
      String(scan),
    ],
  };
}

const RUNS: Run[] = [
  ...[1, 2, 3].flatMap((seed) =>
    [200, 600].map((scan) => ({
      what: `hold'em, 10,000 hands, seed ${seed}, ${scan} ms rounds`,
      args: ["--hands", "10000", "--seed", String(seed), "--scan-ms", String(scan)],
    })),
  ),
  ...["plo", "flhe", "plhe"].flatMap((game) =>
    [200, 600].map((scan) => ({
      what: `${game}, 3,000 hands, ${scan} ms rounds`,
      args: ["--game", game, "--hands", "3000", "--seed", "1", "--scan-ms", String(scan)],
    })),
  ),
  ...[200, 600].map((scan) => ({
    what: `Three Card Poker, 10,000 hands, ${scan} ms rounds`,
    args: ["--game", "tcp", "--hands", "10000", "--seed", "1", "--scan-ms", String(scan)],
  })),
  // The sweeps' finds (sessions 12–14): each seed and round once lost hands or alerted falsely.
  ...[
    [10, 600],
    [14, 600],
    [18, 600],
    [29, 400],
    [44, 600],
    [49, 600],
    [77, 600],
    [88, 600],
    [95, 600],
  ].map(([seed, scan]) => ({
    what: `hold'em, 10,000 hands, seed ${seed}, ${scan} ms rounds`,
    args: ["--hands", "10000", "--seed", String(seed), "--scan-ms", String(scan)],
  })),
  {
    what: "hold'em raked (--rake), 5,000 hands, seed 3, 600 ms rounds",
    args: ["--rake", "--hands", "5000", "--seed", "3", "--scan-ms", "600"],
  },
  {
    what: "hold'em with the host's focus (--focus), 5,000 hands, seed 8, 600 ms rounds",
    args: ["--focus", "--hands", "5000", "--seed", "8", "--scan-ms", "600"],
  },
  // Session 15's finds: hold'em seeds 119 and 122 (sweep15), a raked game, and the house settings that
  // move a window or the order of the forced bets (each once lost hands or alerted falsely).
  ...[
    [119, 600],
    [122, 600],
    [122, 500],
  ].map(([seed, scan]) => ({
    what: `hold'em, 10,000 hands, seed ${seed}, ${scan} ms rounds`,
    args: ["--hands", "10000", "--seed", String(seed), "--scan-ms", String(scan)],
  })),
  {
    what: "hold'em raked (--rake), 10,000 hands, seed 15, 600 ms rounds",
    args: ["--rake", "--hands", "10000", "--seed", "15", "--scan-ms", "600"],
  },
  ...(
    [
      [
        "big-blind ante first (house.bbAnteOrder ante-first)",
        [["house", "bbAnteOrder"], "ante-first"],
        202,
        300,
      ],
      ["a 1.2 s departure window (reading.departWindowMs)", [["reading", "departWindowMs"], 1200], 211, 600],
      ["2 missed scans (reading.missedScans)", [["reading", "missedScans"], 2], 206, 300],
      ["a 900 ms settle window (settleWindowMs)", [["settleWindowMs"], 900], 232, 400],
    ] as const
  ).map((run) => houseRun("hold'em", "config/default.yaml", run)),
  // Session 16's find at PLO (pace16a: a last-hand card dealt again to the first seat, the last seat skipped).
  {
    what: "plo, 10,000 hands, seed 17, 600 ms rounds",
    args: ["--game", "plo", "--hands", "10000", "--seed", "17", "--scan-ms", "600"],
  },
  // Session 16's finds at Three Card Poker: the default table (seeds 42 and 55) and two house settings.
  ...[
    [42, 600],
    [55, 200],
  ].map(([seed, scan]) => ({
    what: `Three Card Poker, 10,000 hands, seed ${seed}, ${scan} ms rounds`,
    args: ["--game", "tcp", "--hands", "10000", "--seed", String(seed), "--scan-ms", String(scan)],
  })),
  ...(
    [
      ["5 missed scans (reading.missedScans)", [["reading", "missedScans"], 5], 50, 600],
      ["a 900 ms settle window (settleWindowMs)", [["settleWindowMs"], 900], 52, 400],
    ] as const
  ).map((run) => houseRun("Three Card Poker", "config/tcp.yaml", run)),
  // Session 17's finds with the host's focus: a river call pushed with the pot (seed 18 at 600 ms, and
  // seeds 20 and 24 under a 900 ms settle window), a call swept in as the bridge dropped out (raked,
  // seed 21), a fold read before the call swept in unread before it (2 missed scans, seed 23), a leftover
  // beside a first card collected after DECK_NOT_COLLECTED (5 missed scans, seed 26).
  {
    what: "hold'em with the host's focus (--focus), 10,000 hands, seed 18, 600 ms rounds",
    args: ["--focus", "--hands", "10000", "--seed", "18", "--scan-ms", "600"],
  },
  ...(
    [
      ["a 900 ms settle window (settleWindowMs)", [["settleWindowMs"], 900], 20, 600],
      ["a 900 ms settle window (settleWindowMs)", [["settleWindowMs"], 900], 24, 400],
      ["2 missed scans (reading.missedScans)", [["reading", "missedScans"], 2], 23, 600],
      ["5 missed scans (reading.missedScans)", [["reading", "missedScans"], 5], 26, 600],
    ] as const
  ).map((run) => houseRun("hold'em", "config/default.yaml", run, true)),
  {
    what: "hold'em raked (--rake) with the host's focus, 10,000 hands, seed 21, 600 ms rounds",
    args: ["--rake", "--focus", "--hands", "10000", "--seed", "21", "--scan-ms", "600"],
  },
  // pace17a's (session 17): rule 14 before a card too many (focus, seed 16), a call swept in as the reader
  // went away (focus, seed 22 at 400 ms), an undercall over a short big blind (5 missed scans, seed 207).
  ...[
    [16, 600],
    [22, 400],
  ].map(([seed, scan]) => ({
    what: `hold'em with the host's focus (--focus), 10,000 hands, seed ${seed}, ${scan} ms rounds`,
    args: ["--focus", "--hands", "10000", "--seed", String(seed), "--scan-ms", String(scan)],
  })),
  houseRun("hold'em", "config/default.yaml", [
    "5 missed scans (reading.missedScans)",
    [["reading", "missedScans"], 5],
    207,
    600,
  ]),
  // Session 18's finds with the host's focus and two house settings: a deck check after a river call
  // pushed to the winner unread (two decks and a 900 ms settle window, seed 43), a voided hand's duplicate
  // listed late beside the next deal (six seats and 5 missed scans, seed 42), and a deck collected after
  // the press but reported gone within the lag (5 missed scans and a 900 ms settle window, seed 40).
  houseRun(
    "hold'em",
    "config/default.yaml",
    ["two decks and a 900 ms settle window", [["settleWindowMs"], 900], 43, 600],
    true,
    TWO_DECKS,
  ),
  houseRun(
    "hold'em",
    "config/default.yaml",
    ["six seats and 5 missed scans", [["reading", "missedScans"], 5], 42, 600],
    true,
    SIX_SEATS,
  ),
  houseRun(
    "hold'em",
    "config/default.yaml",
    ["5 missed scans and a 900 ms settle window", [["reading", "missedScans"], 5], 40, 600],
    true,
    [[["settleWindowMs"], 900]],
  ),
  // And: a last hand's card of the other deck dealt to a seat (two decks and 5 missed scans, seed 50); a
  // closing call's zone reported empty at once, the pot's report 340 ms later (2 missed scans and a 900 ms
  // settle window, seed 54 at 300 ms); a blind's chip read with its completion (a 900 ms settle window at
  // 700 ms rounds, the longest the doctor allows, seed 57, without focus).
  houseRun(
    "hold'em",
    "config/default.yaml",
    ["two decks and 5 missed scans", [["reading", "missedScans"], 5], 50, 600],
    true,
    TWO_DECKS,
  ),
  houseRun(
    "hold'em",
    "config/default.yaml",
    ["2 missed scans and a 900 ms settle window", [["reading", "missedScans"], 2], 54, 300],
    true,
    [[["settleWindowMs"], 900]],
  ),
  houseRun("hold'em", "config/default.yaml", [
    "a 900 ms settle window (settleWindowMs)",
    [["settleWindowMs"], 900],
    57,
    700,
  ]),
  // Session 19's finds with the host's focus at 700 ms rounds: a river bet read before the first seat's
  // check, both waiting on a premature card's departure (5 missed scans, seed 56), and a raise swept first
  // after a reader's outage, the call read before it (2 missed scans and a 900 ms settle window, seed 63).
  houseRun(
    "hold'em",
    "config/default.yaml",
    ["5 missed scans", [["reading", "missedScans"], 5], 56, 700],
    true,
  ),
  houseRun(
    "hold'em",
    "config/default.yaml",
    ["2 missed scans and a 900 ms settle window", [["reading", "missedScans"], 2], 63, 700],
    true,
    [[["settleWindowMs"], 900]],
  ),
  // And three readers (THREE_READERS) with the host's focus: a premature turn's card known gone just after
  // the turn dealt again, its burn reported after it (seed 74 at 600 ms), and a run at 300 ms (seed 79).
  houseRun(
    "hold'em",
    "config/default.yaml",
    ["three readers", THREE_READERS[0]!, 74, 600],
    true,
    THREE_READERS,
  ),
  houseRun(
    "hold'em",
    "config/default.yaml",
    ["three readers", THREE_READERS[0]!, 79, 300],
    true,
    THREE_READERS,
  ),
  // Session 20's finds, three readers with 5 missed scans and the host's focus: a folded card dealt back
  // to its seat unseen (seed 75 at 700 ms), a leftover pair dealt to seats either side of its own and a
  // void ruled before DUPLICATE_CARD (seed 78 at 600 ms).
  houseRun(
    "hold'em",
    "config/default.yaml",
    ["three readers and 5 missed scans", [["reading", "missedScans"], 5], 75, 700],
    true,
    THREE_READERS,
  ),
  houseRun(
    "hold'em",
    "config/default.yaml",
    ["three readers and 5 missed scans", [["reading", "missedScans"], 5], 78, 600],
    true,
    THREE_READERS,
  ),
  // Session 21's finds: an all-in call swept in unseen just as a late pre-flop street began (six seats
  // and 5 missed scans, seed 86 at 600 ms, without focus), and a card too many that was a last hand's
  // card, its judgement reading a call at its first motion (three readers, 5 missed scans, the host's
  // focus, seed 81 at 700 ms).
  houseRun(
    "hold'em",
    "config/default.yaml",
    ["six seats and 5 missed scans", [["reading", "missedScans"], 5], 86, 600],
    false,
    SIX_SEATS,
  ),
  houseRun(
    "hold'em",
    "config/default.yaml",
    ["three readers and 5 missed scans", [["reading", "missedScans"], 5], 81, 700],
    true,
    THREE_READERS,
  ),
  // Session 22's finds, without focus at 700 ms rounds: three readers and 5 missed scans (seed 80: voided
  // out-of-turn chips replaced within the lag, a first player's fold before a seat's cards dealt again
  // were known, a turn's extra card reported gone with the river, a fold before it), and 5 missed scans
  // with a 900 ms settle window (seed 89: a card moved to the deck check's spread, a misdeal's card left
  // beside its seat's last hand, a run-out's two river cards when either gives the same pot).
  houseRun(
    "hold'em",
    "config/default.yaml",
    ["three readers and 5 missed scans", [["reading", "missedScans"], 5], 80, 700],
    false,
    THREE_READERS,
  ),
  houseRun(
    "hold'em",
    "config/default.yaml",
    ["5 missed scans and a 900 ms settle window", [["reading", "missedScans"], 5], 89, 700],
    false,
    [[["settleWindowMs"], 900]],
  ),
];

/** One report (a child process, so runs share the machine's cores). */
function report(run: Run): Promise<{ out: string; seconds: number }> {
  const started = performance.now();
  const args = [join(ROOT, "bin/feltguard.js"), "sim", ...run.args];
  const child = spawn(process.execPath, [
    ...args,
    "--inject",
    "all",
    "--noise",
    "--pace",
    "random",
    "--report",
  ]);
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString("utf8")));
  child.stderr.on("data", (d: Buffer) => (out += d.toString("utf8")));
  return new Promise((resolve) =>
    child.on("close", () => resolve({ out, seconds: (performance.now() - started) / 1000 })),
  );
}

function figure(run: Run, r: { out: string; seconds: number }): BenchFigure {
  const clean = /^RESULT: clean$/m.test(r.out);
  const total = [...r.out.matchAll(/^total\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/gm)].at(-1);
  const mismatches = /stack or result mismatches: (\d+)$/m.exec(r.out)?.[1];
  const note = total
    ? `${total[2]} of ${total[1]} injected detected, ${total[4]} false alerts, ${mismatches ?? "?"} mismatches; ${r.seconds.toFixed(0)} s`
    : `${r.seconds.toFixed(0)} s`;
  return {
    name: `clean at random pace: ${run.what}`,
    value: clean ? 1 : 0,
    unit: "",
    target: "1",
    met: clean,
    note,
  };
}

export async function run(): Promise<BenchFigure[]> {
  const figures = new Array<BenchFigure>(RUNS.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < RUNS.length; i = next++) figures[i] = figure(RUNS[i]!, await report(RUNS[i]!));
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
  return figures;
}
