/**
 * `feltguard sim`: the virtual table. A simulated dealer and players play hand after hand through the
 * real runtime and core; errors of the alert catalogue can be injected with their ground truth. Live
 * (the default, `npm start`; Three Card Poker's table too, `--game tcp`) it plays in real time, shows
 * the table in the terminal and serves the floor page; with `--report` it plays as fast as it can and prints, per alert code, what was injected,
 * detected and falsely alerted — exit code 1 unless every error was detected and nothing else alerted.
 *
 * Two paths into the controller. By default the input events go straight to the runtime. With
 * `--devices` the tags go the way they go at a table — real parts, simulated at the lowest layer: the
 * bridge emulator (the bridge firmware built for this machine) holds the simulated felt and reports it
 * over a pseudo-terminal to the real serialport binding and bridge driver (src/sim/deviceRun.ts).
 *
 * Over 300 lines: the options of three modes (live, --report, --devices, plus --tables) for two
 * simulators (the flop games', Three Card Poker's) and their checks; each mode's work is elsewhere
 * (src/sim/run.ts, src/sim/tcp/, src/sim/deviceRun.ts, src/app/roomSim.ts).
 * Splitting it per mode is the next step when a mode grows.
 */
import { dirname, join } from "node:path";
import { type Command, InvalidArgumentError } from "commander";
import type { TableEvent } from "../../contract/output.js";
import { CATALOGUE_CODES, parseInject } from "../../sim/injection.js";
import { SIM_RAKE } from "../../sim/injectRake.js";
import { flopGame } from "../../sim/games.js";
import { DetectionLedger, formatReport } from "../../sim/report.js";
import { MAX_TAGS_PER_ANTENNA } from "../../sim/bridgeScript.js";
import { runDeviceSim } from "../../sim/deviceRun.js";
import { RULINGS_NOT_FOLLOWED, tellRulingsNotFollowed } from "../../sim/rulingsNotFollowed.js";
import { EmulatorUnavailable } from "../../sim/emulator.js";
import { parsePace, type PaceMode } from "../../sim/pace.js";
import { type ScanFocus, shadowFocus } from "../../sim/scanFocus.js";
import { type HandSource, runSim, withScanRounds } from "../../sim/run.js";
import { ScanRounds, scanLayout } from "../../sim/scanRounds.js";
import { readingLatencyMs } from "../../sim/report.js";
import { formatTcpReport, runTcpSim, tcpSimTableProblem, trayBalanced } from "../../sim/tcp/run.js";
import { TcpSession } from "../../sim/tcp/session.js";
import { FlopSession } from "../../sim/session.js";
import { type Config, DEFAULT_CONFIG_PATH, loadConfig } from "../../config/config.js";
import { QUICKEST_REACTION_MS } from "../../config/configSchema.js";
import type { Runtime, TableOutput } from "../../runtime/runtime.js";
import { GameName } from "../../contract/input.js";
import { diag, write } from "./io.js";

interface SimOpts {
  config: string;
  /** A raked cash game (issue 18). */
  rake?: boolean;
  hands?: number;
  seed: number;
  inject: string;
  noise: boolean;
  report: boolean;
  direct: boolean;
  devices: boolean;
  fast: boolean;
  speed?: number;
  game?: string;
  pace: PaceMode;
  scanMs?: number;
  focus: boolean;
  tables?: number;
  mqtt?: string;
}

/**
 * Why Three Card Poker's simulator plays no room (--tables, --mqtt): its live table is one process's
 * (`sim --game tcp`: the terminal and the floor page, src/sim/tcp/session.ts); the room's tables are
 * the flop games' (src/app/roomSim.ts). Said rather than played silently.
 */
const TCP_NO_ROOM =
  "Three Card Poker has no simulated room yet: play one live table with `sim --game tcp` (its floor page " +
  "rules it), or its report with --report";

/** The Three Card Poker table's configuration, beside the default one. */
const TCP_CONFIG_PATH = join(dirname(DEFAULT_CONFIG_PATH), "tcp.yaml");

const whole = (min: number) => (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`${v} is not a whole number ≥ ${min}`);
  return n;
};

const positive = (v: string) => {
  const n = Number(v);
  if (!(n > 0)) throw new InvalidArgumentError(`${v} is not a positive number`);
  return n;
};

/** Registers `sim`. */
export function registerSim(program: Command): void {
  program
    .command("sim")
    .description(
      "a simulated table playing hands through the controller, with injected errors: live in the terminal with the floor page (hold'em by default, --game tcp Three Card Poker), or a detection report (--report)",
    )
    .option("-c, --config <file>", "table configuration", DEFAULT_CONFIG_PATH)
    .option(
      "--hands <n>",
      "hands to play (default: play on until Ctrl-C; 1000 with --report; required with --devices)",
      whole(1),
    )
    .option("--seed <s>", "seed of the cards, the players, the noise and the errors", whole(0), 1)
    .option("--inject <codes>", "errors to inject: all, none, or alert codes separated by commas", "none")
    .option("--noise", "realistic reader noise: flickering cards, bets over two reports, late reads", false)
    .option(
      "--rake",
      "a raked cash game: the configuration's rake schedule (else 5%, cap 500) and the rake plate",
      false,
    )
    .option("--report", "play as fast as possible (--devices: 30×) and print the detection report", false)
    .option(
      "--devices",
      "the device path: tags through the bridge emulator on a pty, the real serialport binding and the bridge driver (needs --hands; g++ and make build the emulator)",
      false,
    )
    .option(
      "--direct",
      "input events straight to the runtime (the default path; no notice about --devices)",
      false,
    )
    .option("--fast", "no real-time pacing (direct path)", false)
    .option(
      "--speed <x>",
      "pace: simulated seconds per second (default 1; with --devices: at most, and --devices --report as fast as it goes)",
      positive,
    )
    .option(
      "--game <game>",
      "nlhe, plhe, flhe, plo or tcp (default: the configuration's game; tcp plays on config/tcp.yaml unless --config is a Three Card Poker table)",
    )
    .option(
      "--pace <pace>",
      "fixed (the simulator's own timings; a seed reproduces its stream) or random (a quick, steady or slow dealer drawn per hand, fast sweeps, quick shufflers, players who take up to 30 s)",
      (v: string) => {
        try {
          return parsePace(v);
        } catch (e) {
          throw new InvalidArgumentError((e as Error).message);
        }
      },
      "fixed",
    )
    .option(
      "--scan-ms <n>",
      "the readers scan in rounds of N ms: each antenna reported once per round in channel order, a tag gone after the configuration's reading.missedScans missed scans (sets reading.scanRoundMs = N)",
      whole(1),
    )
    .option(
      "--focus",
      "with --scan-ms: the readers also scan where the table expects the next card or chips, as `feltguard table` tells its bridges (off by default: a seed's stream stays the round-robin one, and a run takes half the time)",
      false,
    )
    .option(
      "--tables <n>",
      "simulated tables in this process, each on the floor feed (needs --mqtt)",
      whole(1),
    )
    .option("--mqtt <url>", "publish on the floor feed at this broker (ids sim-1 … sim-N)")
    .action(async (opts: SimOpts) => {
      process.exitCode = await simCommand(opts);
    });
}

async function simCommand(opts: SimOpts): Promise<number> {
  const config = withRake(withScanRound(loadConfig(opts.config), opts.scanMs), opts.rake);
  const gameName = GameName.safeParse(opts.game ?? config.game.name);
  if (!gameName.success) throw new InvalidArgumentError(`--game: unknown game ${opts.game}`);
  const game = flopGame(gameName.data, config.rake !== undefined);
  if (opts.tables !== undefined && opts.mqtt === undefined)
    throw new InvalidArgumentError("sim --tables: give the broker with --mqtt URL");
  if (opts.mqtt !== undefined) {
    // The room plays the flop game asked for; Three Card Poker's live table is one process's (see above).
    if (game === null) throw new InvalidArgumentError(`sim --game tcp: ${TCP_NO_ROOM}`);
    let inject;
    try {
      inject = parseInject(opts.inject, game?.injectable ?? []);
    } catch (e) {
      throw new InvalidArgumentError((e as Error).message);
    }
    const { roomSimCommand } = await import("./simRoom.js");
    const room = {
      tables: opts.tables ?? 1,
      mqtt: opts.mqtt,
      seed: opts.seed,
      noise: opts.noise,
      inject,
      fast: opts.fast,
    };
    return roomSimCommand(
      { ...room, ...(opts.hands ? { hands: opts.hands } : {}), ...(opts.speed ? { speed: opts.speed } : {}) },
      { ...config, game: { ...config.game, name: game.name } },
    );
  }
  if (opts.devices && opts.direct) throw new InvalidArgumentError("give --devices or --direct, not both");
  if (game === null) {
    if (opts.devices) throw new InvalidArgumentError("sim: Three Card Poker does not play over devices yet");
    return opts.report ? threeCardReport(opts, config) : threeCardLive(opts, config);
  }
  let inject;
  try {
    inject = parseInject(opts.inject, game.injectable);
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message);
  }
  const session = new FlopSession({
    seed: opts.seed,
    noise: opts.noise,
    inject,
    game: game.name,
    seatCount: config.table.seats,
    deck: config.deck,
    decks: config.decks,
    chips: config.chips,
    bbAnteOrder: config.house.bbAnteOrder,
    pace: opts.pace,
    ...(config.rake ? { rake: config.rake } : {}),
  });
  if (opts.devices) {
    if (opts.scanMs !== undefined)
      throw new InvalidArgumentError(
        "sim --devices: the bridge emulator scans in rounds itself; leave out --scan-ms",
      );
    return devicesSim(opts, config, session, game);
  }
  const source: HandSource =
    opts.scanMs === undefined
      ? session
      : withScanRounds(session, scanRoundsFor(config, opts.focus ? shadowFocus(config) : undefined));
  if (opts.report) {
    const hands = opts.hands ?? 1000;
    const ledger = new DetectionLedger(latencyFor(config, opts.scanMs));
    const started = performance.now();
    const summary = await runSim({ source, hands, ledger }, config);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const header =
      `feltguard sim: ${summary.hands} hands of ${game.name}, seed ${opts.seed}, inject ${opts.inject}` +
      `${opts.noise ? ", noise" : ""}, pace ${opts.pace}` +
      `${opts.scanMs === undefined ? "" : `, scan rounds of ${opts.scanMs} ms${opts.focus ? " with focus" : ""}`}; ` +
      `${summary.inputEvents} input events in ${seconds} s` +
      // Past a player's quickest reaction the report is not expected to be clean (feltguard doctor).
      (opts.scanMs !== undefined && opts.scanMs > QUICKEST_REACTION_MS
        ? `\nnote: scan rounds longer than a player's quickest reaction (${QUICKEST_REACTION_MS} ms): ` +
          "a bet put out in two motions may be read as its first part"
        : "");
    const na = CATALOGUE_CODES.filter(game.notApplicable);
    write(formatReport(ledger, CATALOGUE_CODES, header, na));
    return ledger.clean ? 0 : 1;
  }
  const abort = abortOnSignals();
  /** Lines under every redraw of the table (the floor page's address). */
  const footer: string[] = [];
  if (!opts.direct)
    diag(
      "sim: input events go straight to the runtime; --devices takes the device path (bridge emulator on a pty, serialport, bridge driver)",
    );
  try {
    const summary = await runSim(
      {
        source,
        hands: opts.hands ?? null,
        outputs: [await terminalOutput(config, footer)],
        ...(opts.fast ? {} : { pace: { speed: opts.speed ?? 1 } }),
        signal: abort.signal,
        onRuntime: async (runtime) => {
          const url = await floorPage(runtime, config, abort.signal);
          if (url !== null) footer.push(`Floor page: ${url}`);
        },
      },
      config,
    );
    diag(`sim: ${summary.hands} hands, ${summary.inputEvents} input events`);
  } finally {
    abort.done();
  }
  return 0;
}

/**
 * `sim --devices`: the hands through the bridge emulator, the serialport binding and the bridge driver,
 * the keys and floor from the host on the same schedule. The simulated dealer does not look at the
 * controller, so the hands are dealt up front into the emulator's script (it loads the whole felt before
 * the board powers up): --hands is required.
 */
async function devicesSim(
  opts: SimOpts,
  config: Config,
  session: FlopSession,
  game: NonNullable<ReturnType<typeof flopGame>>,
): Promise<number> {
  if (opts.hands === undefined)
    throw new InvalidArgumentError(
      "sim --devices: give --hands N (the hands are dealt up front into the bridge emulator's script)",
    );
  if (opts.fast) throw new InvalidArgumentError("sim --devices: --fast is for the direct path; use --speed");
  // The emulator's virtual clock sets the time (deviceRun.ts); the speed only caps the pace. A report
  // runs as fast as the machine goes, watching runs at the dealer's pace unless told otherwise.
  const speed = opts.speed ?? (opts.report ? Number.POSITIVE_INFINITY : 1);
  const pace = Number.isFinite(speed) ? `at up to ${speed}×` : "as fast as the machine goes";
  const run = { config, source: session, hands: opts.hands, speed };
  const started = performance.now();
  const failed = (e: unknown): never => {
    if (e instanceof EmulatorUnavailable) throw new InvalidArgumentError(`sim --devices: ${e.message}`);
    throw e;
  };
  if (opts.report) {
    const ledger = new DetectionLedger();
    const summary = await runDeviceSim({ ...run, ledger }).catch(failed);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const header =
      `feltguard sim --devices: ${summary.hands} hands of ${game.name}, seed ${opts.seed}, inject ${opts.inject}` +
      `${opts.noise ? ", noise" : ""}; ${summary.inputEvents} input events (${summary.tagCommands} tag changes ` +
      `through the bridge emulator, ${summary.hostEvents} keys (on their twins) and floor operations from the host) ` +
      `${pace} in ${seconds} s`;
    write(formatReport(ledger, CATALOGUE_CODES, header, CATALOGUE_CODES.filter(game.notApplicable)));
    devicesNotes(summary);
    return ledger.clean ? 0 : 1;
  }
  const abort = abortOnSignals();
  const footer: string[] = [];
  try {
    const summary = await runDeviceSim({
      ...run,
      outputs: [await terminalOutput(config, footer)],
      signal: abort.signal,
      onRuntime: async (runtime) => {
        const url = await floorPage(runtime, config, abort.signal);
        if (url !== null) footer.push(`Floor page: ${url} (${RULINGS_NOT_FOLLOWED})`);
        diag(`sim --devices: ${RULINGS_NOT_FOLLOWED}`);
        tellRulingsNotFollowed(runtime, (line) => diag(`sim --devices: ${line}`));
      },
    }).catch(failed);
    diag(
      `sim --devices: ${summary.stopped ? "stopped; " : ""}${summary.handsEnded} hands ended of ${summary.hands} dealt, ` +
        `${summary.tagCommands} tag changes through the bridge emulator, ` +
        `${summary.hostEvents} keys (on their twins) and floor operations from the host, ${pace}`,
    );
    devicesNotes(summary);
  } finally {
    abort.done();
  }
  return 0;
}

/** What the device path did that the direct one does not: the bridge link's counters, the antenna limit. */
function devicesNotes(summary: Awaited<ReturnType<typeof runDeviceSim>>): void {
  const b = summary.bridge;
  diag(
    `sim --devices: bridge link: ${b.frames} frames, ${b.hellos} HELLO, ${b.resendRequests} resend requests, ` +
      `${b.disconnects} disconnects, ${b.crc + b.cobs + b.short + b.oversize} bad frames`,
  );
  diag(
    `sim --devices: all-in button (its HID twin under the product's driver): ${summary.allin.pushed} pushes, ` +
      `${summary.allin.read} read`,
  );
  diag(
    `sim --devices: dealer keys (their Firmata twin on a pty under the product's driver): ` +
      `${summary.keys.pushed} pushes, ${summary.keys.read} read`,
  );
  diag(
    `sim --devices: dealer panel (its e-paper twin under the product's driver): ${summary.panel.asked} screens ` +
      `asked for, ${summary.panel.drawn} drawn (a drawing takes the module seconds)`,
  );
  if (summary.overCapacity > 0)
    diag(
      `sim --devices: ${summary.overCapacity} report(s) put more than ${MAX_TAGS_PER_ANTENNA} tags on one antenna ` +
        `(the pot): the bridge inventories ${MAX_TAGS_PER_ANTENNA}, as a real one does`,
    );
}

/** The terminal view of the display helper, redrawn when it changes; one line per event without it. */
async function terminalOutput(config: Config, footer: readonly string[]): Promise<TableOutput> {
  const clear = process.stdout.isTTY ? "\x1b[2J\x1b[H" : "\n";
  try {
    const { createDisplayOutputs } = await import("../../display/outputs.js");
    return createDisplayOutputs({
      tableName: config.table.name,
      terminal: (text) => write(`${clear}${[text, ...footer].join("\n")}\n`),
    }).output;
  } catch (e) {
    diag(`sim: no terminal view (${(e as Error).message}); printing table events`);
    return (events) => events.forEach((e) => write(`${eventLine(e)}\n`));
  }
}

/**
 * Starts the floor page on the runtime and prints its address. When the configured port is taken
 * (another table or program on this machine), any free port will do for a simulated table.
 */
async function floorPage(runtime: Runtime, config: Config, signal: AbortSignal): Promise<string | null> {
  const { startFloorPage } = await import("../../web/start.js");
  const web = config.displays.web ?? { host: "127.0.0.1", port: 8080 };
  for (const port of [web.port, 0]) {
    try {
      const url = await startFloorPage(
        runtime,
        { ...config, displays: { ...config.displays, web: { ...web, port } } },
        { signal },
      );
      write(`Floor page: ${url}\n`);
      return url;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "EADDRINUSE" && port !== 0) {
        diag(`sim: port ${port} is taken; the floor page takes a free port instead`);
        continue;
      }
      diag(`sim: the floor page did not start: ${(e as Error).message}`);
      return null;
    }
  }
  return null;
}

/** An abort signal that Ctrl-C or SIGTERM raises, until `done` (which also aborts: the run is over). */
function abortOnSignals(): { signal: AbortSignal; done(): void } {
  const abort = new AbortController();
  const stop = () => abort.abort();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  return {
    signal: abort.signal,
    done() {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      abort.abort();
    },
  };
}

/** A compact line for a table event. */
export function eventLine(e: TableEvent): string {
  switch (e.kind) {
    case "hand_start":
      return `— hand ${e.hand}${e.redeal ? " (re-deal)" : ""}: button ${e.button}, blinds ${e.sb ?? "-"}/${e.bb ?? "-"}`;
    case "street":
      return `  ${e.street} ${e.board.join(" ")}`;
    case "action":
      return `  seat ${e.seat} ${e.action}${e.amount > 0 ? ` ${e.amount}` : ""}${e.allin ? " all-in" : ""}`;
    case "alert":
      return `  ! ${e.code}${e.seat === undefined ? "" : ` seat ${e.seat}`}: ${e.text}`;
    case "alert_clear":
      return `  ✓ ${e.code} cleared`;
    case "alert_step":
      return `  ✓ ${e.code}${e.seat === undefined ? "" : ` seat ${e.seat}`}: step ${e.done} done`;
    case "award":
      return `  seat ${e.seat} wins ${e.amount} (${e.hand})`;
    case "hand_end":
      return `— hand ${e.hand} ${e.result}`;
    case "key_undone":
      return `  ↶ ${e.key}${e.seat === undefined ? "" : ` seat ${e.seat}`} taken back`;
    case "deck_check":
      return `— deck check ${e.deck}: ${e.cards} cards, missing [${e.missing.join(" ")}], twice [${e.duplicates.join(" ")}], foreign [${e.foreign.join(" ")}]`;
    case "payout":
      return `  box ${e.box} ${e.bet} paid ${e.paid}${e.paid === e.due ? "" : ` (due ${e.due})`}`;
    case "tray":
      return `  tray ${e.read}${e.variance === 0 ? "" : ` (expected ${e.expected}, variance ${e.variance})`}`;
  }
}

/**
 * `--rake`: a raked cash game. The configuration's schedule if it has one, else 5% capped at 500 with
 * no flop no drop (a common house schedule); the rake plate on the bridge's next free channel.
 */
function withRake(config: Config, rake: boolean | undefined): Config {
  if (!rake) return config;
  const used = new Set(Object.values(config.antennas).map((a) => `${a.reader}:${a.channel}`));
  let channel = 0;
  while (used.has(`bridge:${channel}`)) channel += 1;
  return {
    ...config,
    rake: config.rake ?? SIM_RAKE,
    antennas: {
      ...config.antennas,
      ...(config.antennas.rake ? {} : { rake: { reader: "bridge", channel } }),
    },
  };
}

/** `--scan-ms N`: the table reads with scan rounds of N ms (configuration `reading.scanRoundMs`). */
function withScanRound(config: Config, scanMs: number | undefined): Config {
  return scanMs === undefined ? config : { ...config, reading: { ...config.reading, scanRoundMs: scanMs } };
}

/** The bridge model for the configuration's antennas, round and K, and the host's focus if given. */
function scanRoundsFor(config: Config, focus?: ScanFocus): ScanRounds {
  return new ScanRounds({
    roundMs: config.reading.scanRoundMs,
    missedScans: config.reading.missedScans,
    antennas: scanLayout(config),
    ...(focus ? { focus } : {}),
  });
}

/** How late an alert may come: the reading latency with scan rounds, none without. */
function latencyFor(config: Config, scanMs: number | undefined): number {
  return scanMs === undefined
    ? 0
    : readingLatencyMs({ ...config.reading, settleWindowMs: config.settleWindowMs });
}

/**
 * Three Card Poker's table: the configuration given if it is a Three Card Poker one, else config/tcp.yaml
 * beside the default, with the round of --scan-ms.
 */
function tcpConfig(config: Config, scanMs: number | undefined): Config {
  return config.game.name === "tcp" ? config : withScanRound(loadConfig(TCP_CONFIG_PATH), scanMs);
}

/**
 * Three Card Poker's table for the simulator: its configuration (see tcpConfig), refused with the
 * file's name if the simulated table cannot deal on it, and the flop games' options it does not play.
 */
function threeCardTable(opts: SimOpts, config: Config): Config {
  // Options of the flop games' simulator that this one does not play: refused, not silently dropped.
  const unplayed = [
    opts.rake ? "--rake (Three Card Poker is house-banked: its tray is checked instead)" : null,
    opts.devices ? "--devices" : null,
    opts.focus ? "--focus" : null,
  ].filter((o) => o !== null);
  if (unplayed.length > 0)
    throw new InvalidArgumentError(`sim --game tcp: not for Three Card Poker: ${unplayed.join(", ")}`);
  const tcp = tcpConfig(config, opts.scanMs);
  const problem = tcpSimTableProblem(tcp);
  if (problem !== null)
    throw new InvalidArgumentError(
      `sim --game tcp: ${config.game.name === "tcp" ? opts.config : TCP_CONFIG_PATH}: ${problem}`,
    );
  return tcp;
}

/**
 * Three Card Poker live (`sim --game tcp`): the report's dealer in real time through the runtime, shown
 * in the terminal and on the floor page, waiting for a supervisor at a misdeal and following the ruling
 * (src/sim/tcp/session.ts).
 */
async function threeCardLive(opts: SimOpts, config: Config): Promise<number> {
  const tcp = threeCardTable(opts, config);
  let session;
  try {
    session = new TcpSession(
      { seed: opts.seed, inject: opts.inject, noise: opts.noise, pace: opts.pace },
      tcp,
    );
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message);
  }
  const source: HandSource =
    opts.scanMs === undefined ? session : withScanRounds(session, scanRoundsFor(tcp));
  const abort = abortOnSignals();
  const footer: string[] = [];
  try {
    const summary = await runSim(
      {
        source,
        hands: opts.hands ?? null,
        outputs: [await terminalOutput(tcp, footer)],
        ...(opts.fast ? {} : { pace: { speed: opts.speed ?? 1 } }),
        signal: abort.signal,
        onRuntime: async (runtime) => {
          const url = await floorPage(runtime, tcp, abort.signal);
          if (url !== null) footer.push(`Floor page: ${url}`);
        },
      },
      tcp,
    );
    diag(`sim: ${summary.hands} Three Card Poker hands, ${summary.inputEvents} input events`);
  } finally {
    abort.done();
  }
  return 0;
}

/** Three Card Poker's report: its own dealer and report (src/sim/tcp/), as fast as it goes. */
function threeCardReport(opts: SimOpts, config: Config): number {
  const tcp = threeCardTable(opts, config);
  const started = performance.now();
  const report = runTcpSim(
    {
      hands: opts.hands ?? 1000,
      seed: opts.seed,
      inject: opts.inject,
      noise: opts.noise,
      pace: opts.pace,
      // The readers of that table, scanning in its rounds (it reads with the same round and K).
      ...(opts.scanMs === undefined ? {} : { scan: scanRoundsFor(tcp) }),
    },
    tcp,
  );
  write(`${formatTcpReport(report)}\n`);
  diag(
    `sim: ${report.hands} Three Card Poker hands in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const missed = Object.values(report.codes).some((c) => c.detected !== c.injected);
  const clean =
    !missed && Object.keys(report.falseAlerts).length === 0 && report.wrongEnds === 0 && trayBalanced(report);
  write(`RESULT: ${clean ? "clean" : "NOT clean"}\n`);
  return clean ? 0 : 1;
}
