/**
 * Plays a scene (test/scenarios/dsl.ts) through a table core built from a configuration, on the scene's
 * own clock: the windows run out between inputs (advanceTo), and at the end (finish). The scene tests of
 * the reading share it: each builds its situation and asks what the table told.
 */
import type { Config } from "../../src/config/configSchema.js";
import { InputEvent, type TableEvent } from "../../src/contract/index.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import type { Scene } from "./dsl.js";

/** The table events of a scene, played on a fresh table of `config`. */
export function playScene(config: Config, scene: Scene): TableEvent[] {
  const core = createTableFromConfig(config);
  const out: TableEvent[] = [];
  let last = 0;
  for (const line of scene.lines) {
    if ("expect" in line || "absent" in line || "config" in line) continue;
    const event = InputEvent.parse(line);
    out.push(...core.advanceTo(event.t), ...core.handle(event));
    last = event.t;
  }
  return [...out, ...core.finish(last)];
}

/** The codes of the alerts told, in order. */
export const codes = (events: readonly TableEvent[]): string[] =>
  events.flatMap((e) => (e.kind === "alert" ? [e.code] : []));
