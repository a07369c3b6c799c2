/**
 * Principle 5: nothing public shows a hole card during a hand. Real hands (PHH, dealt as device
 * events, with reader noise) are played through the core; after every input event every public
 * output — seat lights, digits, the dealer panel, the terminal view — is searched for each hole card
 * of the hand in progress. (The floor page's public HTTP and WebSocket output: test/web/server.test.ts.)
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { InputEvent } from "../../src/contract/index.js";
import { AlertBoard } from "../../src/display/alertBoard.js";
import { dealerPanel } from "../../src/display/dealerPanel.js";
import { digits, seatLights } from "../../src/display/seatLights.js";
import { terminalView } from "../../src/display/terminal.js";
import { privateTableView, tableView } from "../../src/display/view.js";
import { isReplayable, listCorpus } from "../../src/rules/phh/corpus.js";
import { readPhhFile } from "../../src/rules/phh/read.js";
import { phhToInputEvents } from "../../src/sim/phhScript.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { PHH_ROOT } from "../support/paths.js";

const config = { ...loadConfig(), house: { bbAnteOrder: "ante-first" as const } };

describe("no hole card on any public display during a hand", () => {
  it("seat lights, digits, dealer panel and terminal never show a hole card of the hand in progress", () => {
    const hands = listCorpus(PHH_ROOT)
      .filter(isReplayable)
      .filter((e) => !e.path.startsWith("pluribus/") || e.path.endsWith("/1"))
      .slice(0, 40);
    let checked = 0;
    for (const [i, entry] of hands.entries()) {
      const script = phhToInputEvents(readPhhFile(join(PHH_ROOT, entry.path)), {
        seed: i + 1,
        noise: { flicker: true, splitBets: true },
      });
      const core = createTableFromConfig(config);
      const alerts = new AlertBoard();
      for (const raw of script.events) {
        const e = InputEvent.parse(raw);
        alerts.apply([...core.advanceTo(e.t), ...core.handle(e)]);
        if (core.live === null) continue;
        const sources = { tableName: "T", alerts: alerts.list(), readersOffline: [] };
        const privateView = privateTableView(core, sources);
        const secret = Object.values(privateView.hole).flat();
        if (secret.length === 0) continue;
        // The search finds a hole card where one is shown: the authenticated view has them all.
        expect(JSON.stringify(privateView)).toMatch(new RegExp(`\\b${secret[0]}\\b`));
        const view = tableView(core, sources);
        const shown = [
          JSON.stringify(seatLights(view)),
          JSON.stringify(digits(view)),
          JSON.stringify(dealerPanel(view)),
          terminalView(view),
          JSON.stringify(view),
        ].join("\n");
        for (const card of secret)
          expect(shown, `${entry.path}: ${card} shown at t=${e.t}`).not.toMatch(new RegExp(`\\b${card}\\b`));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});
