/** Replays a scenario file through the core and the display outputs, stopping where a test wants to look. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../../src/config/config.js";
import { InputEvent, type TableEvent } from "../../src/contract/index.js";
import type { Screen } from "../../src/devices/epaper/screen.js";
import type { DigitsView, SeatLight } from "../../src/devices/keys/dealer-keys.js";
import { createDisplayOutputs, type DisplayOutputs } from "../../src/display/outputs.js";
import type { TableView } from "../../src/display/view.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { REPO_ROOT } from "../support/paths.js";

export const SCENARIOS = join(REPO_ROOT, "test/scenarios");
export const ARTIFACTS = join(REPO_ROOT, "test/artifacts");

/** Everything the fake devices were asked to show, in order. */
export interface Pushed {
  seats: SeatLight[][];
  digits: DigitsView[];
  screens: Screen[];
  terminal: string[];
}

export interface Replayed {
  view: TableView;
  pushed: Pushed;
  outputs: DisplayOutputs;
  /** Input events fed. */
  events: number;
}

/** The input events of a scenario file (its `expect` and `absent` lines left out). */
export function scenarioEvents(file: string): InputEvent[] {
  return readFileSync(join(SCENARIOS, file), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((o) => "kind" in o)
    .map((o) => InputEvent.parse(o));
}

/**
 * Feeds the scenario through the default table and display outputs with fake devices, and stops after
 * the first event whose table events satisfy `stop` (or at the end of the file, where pending windows run out).
 */
export function replayUntil(
  file: string,
  stop: (events: readonly TableEvent[]) => boolean = () => false,
): Replayed {
  const core = createTableFromConfig(loadConfig());
  const pushed: Pushed = { seats: [], digits: [], screens: [], terminal: [] };
  const outputs = createDisplayOutputs({
    tableName: "Table 1",
    keys: { showSeats: (l) => pushed.seats.push([...l]), showDigits: (d) => pushed.digits.push(d) },
    panel: { show: (s) => pushed.screens.push(s) },
    terminal: (t) => pushed.terminal.push(t),
  });
  let events = 0;
  let lastT = 0;
  let stopped = false;
  for (const event of scenarioEvents(file)) {
    // What the table's windows say before the event (a departure known, a judgement due) reaches the
    // displays on its own, as it does live at its time: a test may stop there.
    const windows = core.advanceTo(event.t);
    if (windows.length > 0) outputs.output(windows, core);
    if (windows.length > 0 && stop(windows)) {
      stopped = true;
      break;
    }
    const out = core.handle(event);
    if (out.length > 0) outputs.output(out, core);
    events += 1;
    lastT = event.t;
    stopped = stop(out);
    if (stopped) break;
  }
  // End of input, as in replay: a bet still settling is read.
  if (!stopped) {
    const out = core.finish(lastT);
    if (out.length > 0) outputs.output(out, core);
  }
  const view = outputs.view();
  if (view === null) throw new Error(`${file}: no table event reached the displays`);
  return { view, pushed, outputs, events };
}

/** Stops at the first alert with this code. */
export const alertRaised =
  (code: string) =>
  (events: readonly TableEvent[]): boolean =>
    events.some((e) => e.kind === "alert" && e.code === code);
