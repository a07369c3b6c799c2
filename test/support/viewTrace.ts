/**
 * The read model traced over recorded play: every hold'em and Three Card Poker scenario and a sample of
 * PHH hands (with reader noise, at fixed and random pace) are played through the core, and after every
 * input event (and the windows it runs out) the public and private views are written down. The trace
 * of each source is reduced to a digest, so that a change to how the view is computed can be checked
 * against the views the product showed before it (test/table/viewModel.test.ts).
 */
import { createHash } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../../src/config/config.js";
import { InputEvent } from "../../src/contract/index.js";
import { isReplayable, listCorpus } from "../../src/rules/phh/corpus.js";
import { readPhhFile } from "../../src/rules/phh/read.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { phhToInputEvents } from "../../src/sim/phhScript.js";
import type { TableCore } from "../../src/table/core.js";
import { PHH_ROOT } from "./paths.js";
import { scenarioFiles } from "./scenarioFiles.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const TCP_CONFIG = join(HERE, "../../config/tcp.yaml");

/** One source of play: its name, a fresh table, and its input lines. */
export interface PlaySource {
  name: string;
  table: () => TableCore;
  inputs: unknown[];
}

/** Every scenario of both games, and `phhHands` PHH hands dealt twice (fixed pace; random pace with noise). */
export function playSources(phhHands: number): PlaySource[] {
  const holdem = scenarioFiles(join(HERE, "../scenarios")).map((f): PlaySource => ({
    name: `scenario ${f.name}`,
    table: () => {
      const base = loadConfig();
      const over = f.config ?? {};
      const decks = Array.isArray(over.decks) ? (over.decks as string[]) : base.decks;
      return createTableFromConfig({ ...base, ...over, decks, deck: decks[0] ?? base.deck });
    },
    inputs: f.inputs,
  }));
  const tcp = scenarioFiles(join(HERE, "../hand/tcp/scenarios")).map((f): PlaySource => ({
    name: `tcp scenario ${f.name}`,
    table: () => createTableFromConfig(loadConfig(TCP_CONFIG)),
    inputs: f.inputs,
  }));
  const config = { ...loadConfig(), house: { bbAnteOrder: "ante-first" as const } };
  const hands = listCorpus(PHH_ROOT)
    .filter(isReplayable)
    .filter((e) => !e.path.startsWith("pluribus/") || e.path.endsWith("/1"))
    .slice(0, phhHands);
  const phh = hands.flatMap((entry, i): PlaySource[] => {
    const hand = readPhhFile(join(PHH_ROOT, entry.path));
    const fixed = phhToInputEvents(hand, { seed: i + 1 });
    const random = phhToInputEvents(hand, {
      seed: i + 101,
      pace: "random",
      noise: { flicker: true, splitBets: true },
    });
    return [
      { name: `phh ${entry.path}`, table: () => createTableFromConfig(config), inputs: fixed.events },
      { name: `phh ${entry.path} random`, table: () => createTableFromConfig(config), inputs: random.events },
    ];
  });
  return [...holdem, ...tcp, ...phh];
}

/** The digest of the views after every input of `source`, and how many views went into it. */
export function viewTrace(source: PlaySource): { digest: string; views: number } {
  const core = source.table();
  const hash = createHash("sha256");
  let views = 0;
  const note = () => {
    hash.update(JSON.stringify(core.view()));
    hash.update(JSON.stringify(core.privateView()));
    hash.update("\n");
    views += 1;
  };
  let lastT = 0;
  for (const line of source.inputs) {
    const event = InputEvent.parse(line);
    core.advanceTo(event.t);
    note();
    core.handle(event);
    note();
    lastT = event.t;
  }
  core.finish(lastT);
  note();
  return { digest: hash.digest("hex"), views };
}
