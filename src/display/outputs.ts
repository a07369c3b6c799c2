/**
 * The runtime output that drives the table's displays: it keeps the open alerts from the table
 * events, derives the public view after each batch, and pushes to each device only what changed
 * (an e-paper refresh takes seconds; LEDs and digits are written over a slow Firmata link).
 */
import type { TableOutput } from "../ports/ports.js";
import type { Screen } from "../devices/epaper/screen.js";
import type { DigitsView, SeatLight } from "../devices/keys/dealer-keys.js";
import type { TableReadModel } from "../table/core.js";
import { AlertBoard, type OpenAlert } from "./alertBoard.js";
import { dealerPanel } from "./dealerPanel.js";
import { digits, seatLights } from "./seatLights.js";
import { alertLines, terminalView } from "./terminal.js";
import { boxLines, dealerLine, payLines, threeCardPanel } from "./threeCard.js";
import { type TableView, viewOf } from "./view.js";

/** What the dealer-keys driver offers for output (the real `DealerKeys`, or a fake in tests). */
export interface SeatDisplays {
  showSeats(lights: readonly SeatLight[]): void;
  showDigits(view: DigitsView): void;
}

/** What the e-paper driver offers (the real `EpaperPanel`, or a fake in tests). */
export interface PanelDisplay {
  show(screen: Screen): void;
}

export interface DisplayOptions {
  tableName: string;
  keys?: SeatDisplays;
  panel?: PanelDisplay;
  /** Receives the terminal view whenever it changes (the simulator prints it). */
  terminal?: (text: string) => void;
  /** The readers offline now; by default those named by the open READER_OFFLINE alerts. */
  readersOffline?: () => string[];
}

export interface DisplayOutputs {
  /** Give this to the runtime (`outputs` or `addOutput`). */
  output: TableOutput;
  readonly alerts: AlertBoard;
  /** The view last pushed, or null before the first table event. */
  view(): TableView | null;
}

/** Builds the display output; nothing is pushed until the first table events arrive. */
export function createDisplayOutputs(options: DisplayOptions): DisplayOutputs {
  const alerts = new AlertBoard();
  const readers = options.readersOffline ?? (() => readersInAlerts(alerts.list()));
  const last = new Map<string, string>();
  let current: TableView | null = null;
  /** Runs `push` when `value` differs from what this channel last showed. */
  const changed = <T>(channel: string, value: T, push: (value: T) => void) => {
    const key = JSON.stringify(value);
    if (last.get(channel) === key) return;
    last.set(channel, key);
    push(value);
  };
  const output: TableOutput = (events, core: TableReadModel) => {
    alerts.apply(events);
    const read = core.view();
    const view = viewOf(read, {
      tableName: options.tableName,
      alerts: alerts.list(),
      readersOffline: readers(),
    });
    current = view;
    const { keys, panel, terminal } = options;
    if (keys) {
      changed("seats", seatLights(view), (lights) => keys.showSeats(lights));
      changed("digits", digits(view), (d) => keys.showDigits(d));
    }
    // Three Card Poker has its own panel and box lines (the pay list stays up until the next hand).
    const tcp = read.threeCard;
    if (panel)
      changed("panel", tcp ? threeCardPanel(tcp, view.alerts) : dealerPanel(view), (screen) =>
        panel.show(screen),
      );
    if (terminal) {
      const lines = tcp
        ? [
            `${view.table}: Three Card Poker, hand ${tcp.hand}${view.held ? ", HELD for the floor" : ""}`,
            dealerLine(tcp),
            ...boxLines(tcp),
            ...payLines(tcp),
            // What the dealer and the floor are told to do, as the flop games' view ends with it.
            ...alertLines(view.alerts),
          ]
        : null;
      changed("terminal", lines ? lines.join("\n") : terminalView(view), terminal);
    }
  };
  return { output, alerts, view: () => current };
}

/** The readers named by the open READER_OFFLINE alerts. */
export function readersInAlerts(open: readonly OpenAlert[]): string[] {
  const names = open.filter((a) => a.code === "READER_OFFLINE").map((a) => a.reader ?? "reader");
  return [...new Set(names)];
}
