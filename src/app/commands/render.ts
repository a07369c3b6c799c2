/** `feltguard render`: replays an input log up to event N and writes the dealer panel as a PNG. */
import { readFileSync } from "node:fs";
import { type Command, InvalidArgumentError } from "commander";
import { InputEvent, readJsonLines } from "../../contract/index.js";
import { AlertBoard } from "../../display/alertBoard.js";
import { dealerPanel } from "../../display/dealerPanel.js";
import { rasterize } from "../../display/raster.js";
import { terminalView } from "../../display/terminal.js";
import { type TableView, tableView } from "../../display/view.js";
import { type TableCore } from "../../table/core.js";
import { createTableFromConfig } from "../../runtime/tableSettings.js";
import { DEFAULT_CONFIG_PATH, loadConfig } from "../../config/config.js";
import { diag, write } from "./io.js";

export interface ViewAt {
  view: TableView;
  /** The input events replayed (N, or fewer when the log is shorter). */
  events: number;
  /** `t` of the last event replayed (0 when none). */
  t: number;
}

/**
 * The public view after the first `at` input events of a log, as the displays showed it live: the
 * clock advanced to each event, then the event; windows still pending after event N are not run.
 * Invalid lines throw, or with `onSkip` are reported and not counted.
 */
export function viewAtEvent(
  text: string,
  file: string,
  core: TableCore,
  at: number,
  tableName: string,
  onSkip?: (message: string) => void,
): ViewAt {
  const alerts = new AlertBoard();
  const offline = new Set<string>();
  let events = 0;
  let t = 0;
  for (const result of readJsonLines(text, file, InputEvent)) {
    if (events >= at) break;
    if (!result.ok) {
      if (!onSkip) throw result.error;
      onSkip(result.error.message);
      continue;
    }
    const event = result.value;
    alerts.apply(core.advanceTo(event.t));
    alerts.apply(core.handle(event));
    // The input says exactly which reader is away; the alerts only say that one is.
    if (event.kind === "reader") {
      if (event.status === "offline") offline.add(event.reader);
      else offline.delete(event.reader);
    }
    events += 1;
    t = event.t;
  }
  const view = tableView(core, { tableName, alerts: alerts.list(), readersOffline: [...offline] });
  return { view, events, t };
}

/** Registers `render`. */
export function registerRender(program: Command): void {
  program
    .command("render")
    .description("replay an input log up to input event N and write the dealer panel as a PNG")
    .argument("<file>", "input events, one JSON object per line (shared/spec/events.md)")
    .requiredOption(
      "--at <n>",
      "show the panel after input event N (1 = the first; 0 = before any)",
      eventNumber,
    )
    .requiredOption("-o, --out <png>", "where to write the PNG (800x600, black and white)")
    .option("-c, --config <file>", "table configuration", DEFAULT_CONFIG_PATH)
    .option("--lenient", "skip lines that are not input events (e.g. a scenario's expect lines)", false)
    .option("--text", "also print the terminal view of the table to stdout", false)
    .action(
      async (
        file: string,
        opts: { at: number; out: string; config: string; lenient: boolean; text: boolean },
      ) => {
        const config = loadConfig(opts.config);
        const core = createTableFromConfig(config);
        const text = readFileSync(file, "utf8");
        const skip = opts.lenient ? (message: string) => diag(`skipped ${message}`) : undefined;
        const at = viewAtEvent(text, file, core, opts.at, config.table.name, skip);
        if (at.events < opts.at) {
          throw new InvalidArgumentError(`${file} has only ${at.events} input events, not ${opts.at}`);
        }
        // pngjs loads only for this command.
        const { writeBitmapPng } = await import("../../display/png.js");
        writeBitmapPng(opts.out, rasterize(dealerPanel(at.view)));
        if (opts.text) write(terminalView(at.view));
        diag(`dealer panel after input event ${at.events} (t=${at.t}) written to ${opts.out}`);
      },
    );
}

function eventNumber(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n)) {
    throw new InvalidArgumentError(`--at wants a whole number of input events, not "${value}"`);
  }
  return n;
}
