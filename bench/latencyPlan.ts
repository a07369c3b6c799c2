/**
 * The latency benchmark's table: Pluribus hands dealt as device events (as in the replay benchmark),
 * split between the bridge emulator's script (every tag on the felt, as place/remove/clear on its
 * channel) and the host's own schedule (dealer keys and floor operations, which do not go through the
 * bridge). Time is compressed by `speedup`; the runtime's clock runs that much faster, so the core sees
 * the hands at their simulated pace while the benchmark takes minutes instead of hours.
 */
import { join } from "node:path";
import type { InputEventIn } from "../src/contract/index.js";
import { isReplayable, listCorpus } from "../src/rules/phh/corpus.js";
import { readPhhFile } from "../src/rules/phh/read.js";
import { phhToInputEvents } from "../src/sim/phhScript.js";
import { PHH_ROOT } from "./replayLog.js";

export interface LatencyPlan {
  /** The emulator's script (times in real milliseconds from the script clock's start). */
  script: string;
  /** Keys and floor events the host submits itself, at real milliseconds from the same start. */
  host: { at: number; event: InputEventIn }[];
  /** UID → logical tag: the registry of this table's tags. */
  uids: Map<string, string>;
  /** place/remove/clear commands in the script: the tag frames to expect (a few merge in one scan). */
  tagCommands: number;
  hands: number;
  /** Real milliseconds until the script ends. */
  durationMs: number;
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
  const logicalToUid = new Map<string, string>();
  const uid = (logical: string): string => {
    let u = logicalToUid.get(logical);
    if (!u) {
      u = `E0040150${(logicalToUid.size + 1).toString(16).padStart(8, "0").toUpperCase()}`;
      logicalToUid.set(logical, u);
    }
    return u;
  };
  const channel = (antenna: string): number => {
    const ch = channels[antenna];
    if (ch === undefined) throw new Error(`antenna ${antenna} is not on the bridge`);
    return ch;
  };
  const real = (t: number) => LEAD_MS + Math.round(t / speedup);
  const lines: string[] = [];
  const host: LatencyPlan["host"] = [];
  const felt = new Map<string, Set<string>>();
  let tagCommands = 0;
  let hands = 0;
  let t = 0;
  while (tagCommands < minTagCommands) {
    // The dealer collects every card and chip of the last hand before the next shuffle (r.21).
    for (const [antenna, tags] of felt) {
      if (tags.size === 0) continue;
      t += 50;
      lines.push(`${real(t)} clear ${channel(antenna)}`);
      tagCommands += 1;
      tags.clear();
    }
    t += 1500;
    const entry = entries[hands % entries.length]!;
    const script = phhToInputEvents(readPhhFile(join(PHH_ROOT, entry.path)), { seed: hands + 1, startT: t });
    for (const e of script.events) {
      t = Math.max(t, e.t);
      if (e.kind === "tags") {
        const now = felt.get(e.antenna) ?? new Set<string>();
        felt.set(e.antenna, now);
        const next = new Set(e.tags);
        const gone = [...now].filter((x) => !next.has(x));
        const come = [...next].filter((x) => !now.has(x));
        const ch = channel(e.antenna);
        if (gone.length > 0) lines.push(`${real(e.t)} remove ${ch} ${gone.map(uid).join(" ")}`);
        if (come.length > 0) lines.push(`${real(e.t)} place ${ch} ${come.map(uid).join(" ")}`);
        tagCommands += (gone.length > 0 ? 1 : 0) + (come.length > 0 ? 1 : 0);
        felt.set(e.antenna, next);
        continue;
      }
      // After the first hand only stacks are reset; seats, game and level stay (as in the replay log).
      if (hands > 0 && e.kind === "floor" && (e.op === "game" || e.op === "level")) continue;
      const event: InputEventIn =
        hands > 0 && e.kind === "floor" && e.op === "seat"
          ? { t: e.t, kind: "floor", op: "stack", seat: e.seat, stack: e.stack }
          : e;
      host.push({ at: real(e.t), event });
    }
    t += 2000;
    hands += 1;
  }
  lines.push(`${real(t)} end`);
  return {
    script: `${lines.join("\n")}\n`,
    host,
    uids: new Map([...logicalToUid].map(([logical, u]) => [u, logical])),
    tagCommands,
    hands,
    durationMs: real(t),
  };
}
