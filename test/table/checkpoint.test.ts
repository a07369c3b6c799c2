import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { InputEvent, type TableEvent } from "../../src/contract/index.js";
import { createTableFromConfig, registryFromConfig } from "../../src/runtime/tableSettings.js";
import { Scene } from "../scenarios/dsl.js";

const config = loadConfig();
const dir = join(import.meta.dirname, "../scenarios");

function inputsOf(file: string): InputEvent[] {
  return (
    readFileSync(join(dir, file), "utf8")
      .split("\n")
      // Expectations and a scenario's configuration line are not input events.
      .filter((l) => l.trim() !== "" && !/^\{"(expect|absent|config)"/.test(l))
      .map((l) => InputEvent.parse(JSON.parse(l)))
  );
}

describe("checkpoints between hands", () => {
  it("a core restored from any between-hands checkpoint says exactly what the uninterrupted core says", () => {
    let restarts = 0;
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".jsonl"))) {
      const events = inputsOf(file);
      const straight = createTableFromConfig(config);
      const reference: TableEvent[][] = events.map((e) => [
        ...straight.advanceTo(e.t),
        ...straight.handle(e),
      ]);
      const probe = createTableFromConfig(config);
      events.forEach((e, i) => {
        probe.advanceTo(e.t);
        probe.handle(e);
        const cp = probe.checkpoint();
        if (cp === null) return;
        // JSON round trip: the checkpoint is what the journal stores.
        const restored = createTableFromConfig(
          config,
          registryFromConfig(config),
          JSON.parse(JSON.stringify(cp)),
        );
        const after = events.slice(i + 1).map((x) => [...restored.advanceTo(x.t), ...restored.handle(x)]);
        expect(after, `${file} restored after event ${i}`).toEqual(reference.slice(i + 1));
        restarts += 1;
      });
    }
    expect(restarts).toBeGreaterThan(100);
  });

  it("there is no checkpoint while a hand is in progress", () => {
    const core = createTableFromConfig(config);
    for (const e of inputsOf("premature-flop-spec-example.jsonl")) core.handle(e);
    expect(core.live).not.toBeNull();
    expect(core.checkpoint()).toBeNull();
  });
});

describe("a checkpoint while a hand's debts wait the readers' lag (src/table/owedAtThePress.ts)", () => {
  const LAG = (config.reading.missedScans + 1) * config.reading.scanRoundMs;
  // Seat 4 undercalls pre-flop and the bets are pulled short (seat 4 owes 100); the hand is checked
  // down and the showdown waits for the 100 (r.51). The floor calls a break for after the hand; the
  // dealer sweeps the 100 in unseen and presses the shuffler: the hand ends owing, no hand starts (the
  // break), and the table is between hands while the debt waits the lag. The pot reports the 100 `gap`
  // ms after the press.
  const pressThenRest = (gap: number): InputEvent[] =>
    new Scene("")
      .setup()
      .standardDeal()
      .shortCallCheckedDown()
      .floor({ op: "break" })
      .key("shuffler")
      .after(20)
      .clear("board")
      .after(gap - 20)
      .toPot("chip:100:90")
      .lines.flatMap((l) => ("expect" in l || "absent" in l || "config" in l ? [] : [InputEvent.parse(l)]));
  const owing = (events: TableEvent[]) =>
    events.filter((e) => e.kind === "alert" && e.code === "HAND_ENDED_OWING").map((e) => e.t);

  for (const [side, gap] of [
    ["the rest reported within the lag pays it: no HAND_ENDED_OWING", LAG - 1],
    ["the rest reported past the lag: HAND_ENDED_OWING at the end of the lag", LAG + 1],
  ] as const)
    it(`restored from a checkpoint inside the window, the core says what the uninterrupted one says; ${side}`, () => {
      const events = pressThenRest(gap);
      const end = events.at(-1)!.t + 5000;
      const straight = createTableFromConfig(config);
      const reference = events.map((e) => [...straight.advanceTo(e.t), ...straight.handle(e)]);
      const rest = straight.finish(end);
      const ended = reference.findIndex((out) => out.some((e) => e.kind === "hand_end"));
      const endedAt = reference[ended]!.find((e) => e.kind === "hand_end")!.t;
      // The sides: the debt waits from the hand's end to the end of the lag, and the alert says so.
      expect(owing([...reference.flat(), ...rest])).toEqual(gap > LAG ? [endedAt + LAG] : []);
      let inside = 0;
      const probe = createTableFromConfig(config);
      events.forEach((e, i) => {
        probe.advanceTo(e.t);
        probe.handle(e);
        const cp = probe.checkpoint();
        if (cp === null) return;
        const restored = createTableFromConfig(
          config,
          registryFromConfig(config),
          JSON.parse(JSON.stringify(cp)),
        );
        const after = events.slice(i + 1).map((x) => [...restored.advanceTo(x.t), ...restored.handle(x)]);
        expect([...after, restored.finish(end)], `restored after event ${i}`).toEqual([
          ...reference.slice(i + 1),
          rest,
        ]);
        if (i >= ended && e.t < endedAt + LAG) inside += 1;
      });
      // The press and the board's collection: two checkpoints inside the window.
      expect(inside).toBeGreaterThanOrEqual(2);
    });
});
