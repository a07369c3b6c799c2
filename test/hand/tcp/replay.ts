/** Replays Three Card Poker input events through the table core with config/tcp.yaml. */
import { fileURLToPath } from "node:url";
import { loadConfig } from "../../../src/config/config.js";
import { InputEvent, type TableEvent } from "../../../src/contract/index.js";
import { type TableCore } from "../../../src/table/core.js";
import { createTableFromConfig } from "../../../src/runtime/tableSettings.js";

export const TCP_CONFIG = fileURLToPath(new URL("../../../config/tcp.yaml", import.meta.url));

/** A fresh 7-box table core from config/tcp.yaml (or that file with changes). */
export function tcpTable(change: (config: ReturnType<typeof loadConfig>) => void = () => {}): TableCore {
  const config = loadConfig(TCP_CONFIG);
  change(config);
  return createTableFromConfig(config);
}

/** Every table event the input lines cause, windows run out at the end. */
export function replayTcp(lines: unknown[], table: TableCore = tcpTable()): TableEvent[] {
  const out: TableEvent[] = [];
  let lastT = 0;
  for (const line of lines) {
    const event = InputEvent.parse(line);
    out.push(...table.advanceTo(event.t), ...table.handle(event));
    lastT = event.t;
  }
  out.push(...table.finish(lastT));
  return out;
}
