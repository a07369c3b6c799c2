/**
 * `feltguard sim`: the virtual table. A simulated dealer and players play hand after hand through the
 * real runtime and core; errors of the alert catalogue can be injected with their ground truth. Live
 * (the default, `npm start`) it plays in real time, shows the table in the terminal and serves the floor
 * page; with `--report` it plays as fast as it can and prints, per alert code, what was injected,
 * detected and falsely alerted — exit code 1 unless every error was detected and nothing else alerted.
 */
import { type Command, InvalidArgumentError } from "commander";
import type { TableEvent } from "../../contract/output.js";
import { CATALOGUE_CODES, parseInject } from "../../sim/injection.js";
import { flopGame } from "../../sim/games.js";
import { DetectionLedger, formatReport } from "../../sim/report.js";
import { runSim } from "../../sim/run.js";
import { formatTcpReport, runTcpSim } from "../../sim/tcp/run.js";
import { FlopSession } from "../../sim/session.js";
import { createTableFromConfig } from "../../table/core.js";
import { type Config, DEFAULT_CONFIG_PATH, loadConfig } from "../config.js";
import type { Runtime, TableOutput } from "../runtime.js";
import { GameName } from "../../contract/input.js";
import { diag, write } from "./io.js";

interface SimOpts {
  config: string;
  hands?: number;
  seed: number;
  inject: string;
  noise: boolean;
  report: boolean;
  direct: boolean;
  fast: boolean;
  speed: number;
  game?: string;
}

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
      "a simulated table playing hands through the controller, with injected errors and a detection report",
    )
    .option("-c, --config <file>", "table configuration", DEFAULT_CONFIG_PATH)
    .option("--hands <n>", "hands to play (default: play on until Ctrl-C; 1000 with --report)", whole(1))
    .option("--seed <s>", "seed of the cards, the players, the noise and the errors", whole(0), 1)
    .option("--inject <codes>", "errors to inject: all, none, or alert codes separated by commas", "none")
    .option("--noise", "realistic reader noise: flickering cards, bets over two reports, late reads", false)
    .option("--report", "play as fast as possible and print the detection report", false)
    .option("--direct", "input events straight to the runtime (the only path for now)", false)
    .option("--fast", "no real-time pacing", false)
    .option("--speed <x>", "pace: simulated seconds per second", positive, 1)
    .option("--game <game>", "nlhe, plhe, flhe or plo (default: the configuration's game)")
    .action(async (opts: SimOpts) => {
      process.exitCode = await simCommand(opts);
    });
}

async function simCommand(opts: SimOpts): Promise<number> {
  const config = loadConfig(opts.config);
  const gameName = GameName.safeParse(opts.game ?? config.game.name);
  if (!gameName.success) throw new InvalidArgumentError(`--game: unknown game ${opts.game}`);
  const game = flopGame(gameName.data);
  if (game === null) return threeCardSim(opts);
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
    chips: config.chips,
    bbAnteOrder: config.house.bbAnteOrder,
  });
  const core = createTableFromConfig(config);
  if (opts.report) {
    const hands = opts.hands ?? 1000;
    const ledger = new DetectionLedger();
    const started = performance.now();
    const summary = await runSim({ source: session, hands, ledger }, core);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const header =
      `feltguard sim: ${summary.hands} hands of ${game.name}, seed ${opts.seed}, inject ${opts.inject}` +
      `${opts.noise ? ", noise" : ""}; ${summary.inputEvents} input events in ${seconds} s`;
    const na = CATALOGUE_CODES.filter(game.notApplicable);
    write(formatReport(ledger, CATALOGUE_CODES, header, na));
    return ledger.clean ? 0 : 1;
  }
  const abort = new AbortController();
  const stop = () => abort.abort();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  /** Lines under every redraw of the table (the floor page's address). */
  const footer: string[] = [];
  if (!opts.direct)
    diag("sim: the device path (bridge emulator) is not built yet; events go straight to the runtime");
  try {
    const summary = await runSim(
      {
        source: session,
        hands: opts.hands ?? null,
        outputs: [await terminalOutput(config, footer)],
        ...(opts.fast ? {} : { pace: { speed: opts.speed } }),
        signal: abort.signal,
        onRuntime: async (runtime) => {
          const url = await floorPage(runtime, config, abort.signal);
          if (url !== null) footer.push(`Floor page: ${url}`);
        },
      },
      core,
    );
    diag(`sim: ${summary.hands} hands, ${summary.inputEvents} input events`);
  } finally {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
    abort.abort();
  }
  return 0;
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
    case "award":
      return `  seat ${e.seat} wins ${e.amount} (${e.hand})`;
    case "hand_end":
      return `— hand ${e.hand} ${e.result}`;
  }
}

/** Three Card Poker: its own dealer and report (src/sim/tcp/), through the same table core. */
function threeCardSim(opts: SimOpts): number {
  if (!opts.report) {
    diag("sim: Three Card Poker runs as a report only for now: add --report");
    return 1;
  }
  const started = performance.now();
  const report = runTcpSim({
    hands: opts.hands ?? 1000,
    seed: opts.seed,
    inject: opts.inject,
    noise: opts.noise,
  });
  write(`${formatTcpReport(report)}\n`);
  diag(
    `sim: ${report.hands} Three Card Poker hands in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const missed = Object.values(report.codes).some((c) => c.detected !== c.injected);
  const clean = !missed && Object.keys(report.falseAlerts).length === 0 && report.wrongEnds === 0;
  write(`RESULT: ${clean ? "clean" : "NOT clean"}\n`);
  return clean ? 0 : 1;
}
