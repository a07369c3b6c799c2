import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { InputEvent, type TableEvent } from "../../src/contract/index.js";
import { createTableFromConfig, registryFromConfig } from "../../src/runtime/tableSettings.js";

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
