import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { Runtime } from "../../src/runtime/runtime.js";
import type { EpaperPanel } from "../../src/devices/epaper/panel.js";
import type { DealerKeys } from "../../src/devices/keys/dealer-keys.js";
import {
  createDisplayOutputs,
  type PanelDisplay,
  readersInAlerts,
  type SeatDisplays,
} from "../../src/display/outputs.js";
import { InputEvent } from "../../src/contract/index.js";
import { readPhhFile } from "../../src/rules/phh/read.js";
import { phhToInputEvents } from "../../src/sim/phhScript.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { eligibleHands, PHH_ROOT } from "../hand/phhDeviceRun.js";
import { alertRaised, replayUntil, scenarioEvents } from "./scenario.js";

// The real drivers are what the outputs drive: a type error here means the interfaces drifted.
const keysFit: (keys: DealerKeys) => SeatDisplays = (keys) => keys;
const panelFits: (panel: EpaperPanel) => PanelDisplay = (panel) => panel;

describe("display outputs on the runtime", () => {
  it("push to each device only what changed", () => {
    expect([keysFit, panelFits]).toHaveLength(2);
    const core = createTableFromConfig(loadConfig());
    const calls = { seats: 0, digits: 0, screens: 0, terminal: 0 };
    const displays = createDisplayOutputs({
      tableName: "Table 1",
      keys: { showSeats: () => calls.seats++, showDigits: () => calls.digits++ },
      panel: { show: () => calls.screens++ },
      terminal: () => calls.terminal++,
    });
    let batches = 0;
    const runtime = new Runtime({
      core,
      clock: () => 0,
      setTimer: () => ({ cancel: () => undefined }),
      outputs: [displays.output, () => batches++],
    });
    for (const event of scenarioEvents("premature-flop-spec-example.jsonl")) runtime.submit(event);
    expect(batches).toBeGreaterThan(3);
    expect(displays.view()?.alerts.map((a) => a.code)).toEqual(["PREMATURE_FLOP"]);
    // Each device got its first picture and then only changes: never more pushes than batches.
    for (const n of Object.values(calls)) expect(n).toBeGreaterThan(0);
    for (const n of Object.values(calls)) expect(n).toBeLessThanOrEqual(batches);

    const before = { ...calls };
    displays.output([{ t: 9999, kind: "alert_clear", code: "NOTHING_OPEN" }], core);
    expect(calls).toEqual(before);
  });

  it("keeps the alert board: a premature flop is on the panel, and the next hand clears it", () => {
    const { pushed } = replayUntil("premature-flop-procedure-followed.jsonl", alertRaised("PREMATURE_FLOP"));
    expect(pushed.screens.at(-1)?.some((i) => i.kind === "text" && i.text === "PREMATURE FLOP")).toBe(true);
    expect(pushed.terminal.at(-1)).toContain("FLOOR PREMATURE_FLOP (RP-5A)");
  });

  it("names offline readers from the READER_OFFLINE alerts when no other source is given", () => {
    const { view } = replayUntil("reader-offline.jsonl", alertRaised("READER_OFFLINE"));
    expect(readersInAlerts(view.alerts)).toEqual(["bridge"]);
    const after = replayUntil("reader-offline.jsonl");
    expect(after.view.readersOffline).toEqual([]);
  });
});

/** Faces that were ever read on the matching antennas (on the seats: every hole card, folded hands' included). */
function faces(
  events: readonly { kind: string; antenna?: string; tags?: string[] }[],
  antenna: RegExp,
): string[] {
  const found = events.flatMap((e) =>
    e.kind === "tags" && antenna.test(e.antenna ?? "")
      ? (e.tags ?? []).flatMap((tag) => /^card:[^:]+:([2-9TJQKA][cdhs])/.exec(tag)?.[1] ?? [])
      : [],
  );
  return [...new Set(found)];
}

describe("what the display outputs push during real hands", () => {
  it("never carries a hole card, a folded one included, to the lights, digits, panel or terminal", () => {
    const config = { ...loadConfig(), house: { bbAnteOrder: "ante-first" as const } };
    // A sample the other secrecy test does not take: every 9th replayable hand.
    const hands = eligibleHands()
      .filter((_, i) => i % 9 === 4)
      .slice(0, 30);
    let boardSeen = 0;
    for (const [i, entry] of hands.entries()) {
      const script = phhToInputEvents(readPhhFile(join(PHH_ROOT, entry.path)), {
        seed: 100 + i,
        noise: { flicker: true, splitBets: true },
      });
      const core = createTableFromConfig(config);
      const pushed: string[] = [];
      const displays = createDisplayOutputs({
        tableName: "T",
        keys: {
          showSeats: (l) => pushed.push(JSON.stringify(l)),
          showDigits: (d) => pushed.push(JSON.stringify(d)),
        },
        panel: { show: (s) => pushed.push(JSON.stringify(s)) },
        terminal: (t) => pushed.push(t),
      });
      const runtime = new Runtime({
        core,
        clock: () => 0,
        setTimer: () => ({ cancel: () => undefined }),
        outputs: [displays.output],
      });
      for (const raw of script.events) runtime.submit(InputEvent.parse(raw));
      const all = pushed.join("\n");
      const hole = faces(script.events, /^seat\d+$/);
      expect(hole.length, entry.path).toBeGreaterThanOrEqual(2 * script.seats.length);
      for (const card of hole) expect(all, `${entry.path}: ${card}`).not.toMatch(new RegExp(`\\b${card}\\b`));
      // Not vacuous: the board's faces (same kind of tag, other antenna) are found by the same search.
      const board = faces(script.events, /^board$/);
      for (const card of board)
        expect(all, `${entry.path}: board ${card}`).toMatch(new RegExp(`\\b${card}\\b`));
      boardSeen += board.length;
    }
    expect(hands).toHaveLength(30);
    expect(boardSeen).toBeGreaterThan(30);
  });
});
