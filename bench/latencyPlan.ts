/**
 * The latency benchmark's table: Pluribus hands dealt as device events (as in the replay benchmark),
 * split between the bridge emulator's script (every tag on the felt, as place/remove/clear on its
 * channel) and the host's own schedule (dealer keys and floor operations, which do not go through the
 * bridge). Time is compressed by `speedup`; the runtime's clock runs that much faster, so the core sees
 * the hands at their simulated pace while the benchmark takes minutes instead of hours. The split is the
 * simulator's (src/sim/bridgeScript.ts, also behind `feltguard sim --devices`); the PHH hands are ours.
 */
import { join } from "node:path";
import type { InputEventIn } from "../src/contract/index.js";
import { isReplayable, listCorpus } from "../src/rules/phh/corpus.js";
import { readPhhFile } from "../src/rules/phh/read.js";
import { type BridgeScript, BridgeScriptWriter } from "../src/sim/bridgeScript.js";
import { phhToInputEvents } from "../src/sim/phhScript.js";
import { PHH_ROOT } from "./replayLog.js";

/** The script, the host's schedule and the UID registry (src/sim/bridgeScript.ts), and what was dealt. */
export interface LatencyPlan extends BridgeScript {
  hands: number;
}

/** Real milliseconds before the first command: the host is listening by then. */
const LEAD_MS = 500;

/** Deals hands until the script holds at least `minTagCommands` tag commands. */
export function latencyPlan(
  minTagCommands: number,
  speedup: number,
  channels: Readonly<Record<string, number>>,
): LatencyPlan {
  const entries = listCorpus(PHH_ROOT).filter((e) => isReplayable(e) && e.path.startsWith("pluribus/"));
  const writer = new BridgeScriptWriter({ channels, speed: speedup, leadMs: LEAD_MS });
  let hands = 0;
  let t = 0;
  while (writer.tagCommands < minTagCommands) {
    // The dealer collects every card and chip of the last hand before the next shuffle (r.21).
    t = writer.clearFelt(t);
    t += 1500;
    const entry = entries[hands % entries.length]!;
    const script = phhToInputEvents(readPhhFile(join(PHH_ROOT, entry.path)), { seed: hands + 1, startT: t });
    for (const e of script.events) {
      t = Math.max(t, e.t);
      // After the first hand only stacks are reset; seats, game and level stay (as in the replay log).
      if (hands > 0 && e.kind === "floor" && (e.op === "game" || e.op === "level")) continue;
      const event: InputEventIn =
        hands > 0 && e.kind === "floor" && e.op === "seat"
          ? { t: e.t, kind: "floor", op: "stack", seat: e.seat, stack: e.stack }
          : e;
      writer.add(event);
    }
    t += 2000;
    hands += 1;
  }
  return { ...writer.finish(t), hands };
}
