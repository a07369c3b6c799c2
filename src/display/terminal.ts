/**
 * The simulator's terminal view of the table: seats, stacks, bets, the board, the pot, whose turn,
 * and what every device shows (seat lights, digits, the dealer panel's text), then the open alerts
 * with their steps. It takes the public view only, so it can show no hole card.
 */
import type { Screen } from "../devices/epaper/screen.js";
import { digitText } from "../devices/keys/digits.js";
import { chips, dealerPanel, rankAlerts } from "./dealerPanel.js";
import { digits, seatLights } from "./seatLights.js";
import type { SeatLight, TableView } from "./view.js";

const LIGHT_WORDS: Record<SeatLight, string> = {
  off: "",
  "in-hand": "in hand",
  "to-act": "TO ACT",
  "all-in": "ALL-IN",
  folded: "folded",
};

/** The table as lines of text for a terminal (no colours, no cursor control: it also goes to logs). */
export function terminalView(view: TableView): string {
  const out: string[] = [];
  const street = view.hand === null ? "between hands" : `hand ${view.hand}, ${view.street ?? "dealing"}`;
  const level = view.level ? `, blinds ${view.level.sb}/${view.level.bb}` : "";
  out.push(`${view.table}: ${view.game}, ${street}${level}${view.held ? ", HELD for the floor" : ""}`);
  out.push(`Board: ${view.board.length > 0 ? view.board.join(" ") : "-"}    Pot: ${chips(view.pot)}`);
  const turn = view.toAct === null ? "nobody to act" : `seat ${view.toAct} to act`;
  const call =
    view.toCall === null
      ? ""
      : `, to call ${chips(view.toCall)}, min raise to ${chips(view.minRaiseTo ?? 0)}`;
  out.push(`Turn: ${turn}${call}`);
  out.push("");
  out.push(" seat pos player          stack      bet cards light");
  for (const s of view.seats) {
    if (s.player === null && s.light === "off") continue;
    const pos = [
      s.seat === view.button ? "D" : "",
      s.seat === view.sb ? "S" : "",
      s.seat === view.bb ? "B" : "",
    ].join("");
    const name = `${s.player ?? "(empty)"}${s.away ? " (away)" : ""}`;
    out.push(
      `${s.seat === view.toAct ? ">" : " "}${pad(s.seat, 4)} ${pos.padEnd(3)} ${name.padEnd(12).slice(0, 12)} ` +
        `${pad(chips(s.stack), 9)} ${pad(chips(s.bet), 8)} ${pad(s.holeCards === 0 ? "" : s.holeCards, 5)} ${LIGHT_WORDS[s.light]}`,
    );
  }
  out.push("");
  const leds = seatLights(view).map((l) => `${l.seat}:${l.toAct ? "T" : "."}${l.allin ? "A" : "."}`);
  out.push(`Seat LEDs (to act, all-in): ${leds.join(" ")}`);
  const d = digits(view);
  out.push(`Digits: pot [${digitText(d.pot).join("")}]  to call [${digitText(d.toCall).join("")}]`);
  out.push("Dealer panel:");
  for (const line of panelLines(dealerPanel(view))) out.push(`  | ${line}`);
  out.push(...alertLines(view.alerts));
  return out.join("\n") + "\n";
}

/** The open alerts, most pressing first, each with its steps (every game's terminal view ends with them). */
export function alertLines(open: TableView["alerts"]): string[] {
  const alerts = rankAlerts(open);
  const out = [alerts.length === 0 ? "Alerts: none" : "Alerts:"];
  for (const a of alerts) {
    out.push(
      `  ${a.severity.toUpperCase()} ${a.code} (${a.rule})${a.seat === undefined ? "" : ` seat ${a.seat}`}: ${a.text}`,
    );
    a.steps.forEach((step, i) => out.push(`    ${i + 1}. ${step}`));
  }
  return out;
}

/** The text of a screen, one line per row of text items, left to right. */
export function panelLines(screen: Screen): string[] {
  const rows = new Map<number, { x: number; text: string }[]>();
  for (const item of screen) {
    if (item.kind !== "text") continue;
    rows.set(item.y, [...(rows.get(item.y) ?? []), { x: item.x, text: item.text }]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, items]) =>
      items
        .sort((a, b) => a.x - b.x)
        .map((i) => i.text)
        .join("   "),
    );
}

function pad(value: string | number, width: number): string {
  return String(value).padStart(width);
}
