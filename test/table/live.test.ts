/**
 * The core's one game-neutral handle on the hand in play (`core.live`, src/table/tableCore.ts): its
 * number, game, chart state and hold, as plain data, null between hands; and how it agrees with the
 * composed view (src/table/view.ts) after every input of every scenario of both games.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { InputEvent } from "../../src/contract/index.js";
import { chartPath } from "../../src/hand/chartPath.js";
import type { TableCore } from "../../src/table/core.js";
import { playSources } from "../support/viewTrace.js";
import { changesThrough } from "../support/changesThrough.js";
import { scenarioInputs } from "../support/scenarioFiles.js";
import { tcpTable } from "../hand/tcp/replay.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const sources = playSources(0);
const tableFor = (name: string): TableCore => {
  const source = sources.find((s) => s.name === name);
  if (source === undefined) throw new Error(`no source ${name}`);
  return source.table();
};

/** `core.live` after each input, repeats folded. */
const livesThrough = (core: TableCore, inputs: InputEvent[]): unknown[] =>
  changesThrough(core, inputs, (c) => c.live);

describe("core.live: the hand in play, whichever the game", () => {
  it("hold'em: null between hands; number, game, chart and hold while a misdeal waits for the floor", () => {
    const core = tableFor("scenario misdeal-ruled-continue");
    const lives = livesThrough(core, scenarioInputs(join(HERE, "../scenarios/misdeal-ruled-continue.jsonl")));
    expect(lives).toEqual([
      null,
      { number: 1, game: "holdem", chart: "dealing", held: null },
      { number: 1, game: "holdem", chart: "held.misdeal.firstCard", held: "misdeal" },
      { number: 1, game: "holdem", chart: "dealing", held: null },
    ]);
  });

  it("Three Card Poker: the same shape; null once the hand has ended, while the view still shows it to pay", () => {
    const core = tcpTable();
    const inputs = scenarioInputs(join(HERE, "../hand/tcp/scenarios/dealer-qualifies-player-wins.jsonl"));
    const lives = livesThrough(core, inputs);
    expect(lives.at(0)).toBeNull();
    expect(lives.at(1)).toEqual({ number: 1, game: "threeCard", chart: "betting", held: null });
    expect(lives.at(-1)).toBeNull();
    // The settled hand is no longer in play, but the dealer pays from its view until the next hand.
    expect(core.view().threeCard).toMatchObject({ hand: 1, held: false });
    expect(core.view().hand).toBeNull();
  });

  it("is plain data taken when asked: no session, no function, not changed by later inputs", () => {
    const core = tableFor("scenario misdeal-ruled-continue");
    const inputs = scenarioInputs(join(HERE, "../scenarios/misdeal-ruled-continue.jsonl"));
    let taken: unknown = null;
    for (const e of inputs) {
      core.advanceTo(e.t);
      if (taken === null && core.live?.held === "misdeal") taken = core.live;
      core.handle(e);
    }
    expect(taken).toEqual(structuredClone(taken));
    expect(Object.keys(taken as object).sort()).toEqual(["chart", "game", "held", "number"]);
    // The floor ruled continue after it was taken: the copy still says what it said then.
    expect(taken).toMatchObject({ held: "misdeal" });
    expect(core.live?.held ?? null).toBeNull();
  });

  it("agrees with the view after every input of every scenario (both games)", () => {
    let inPlay = 0;
    for (const source of sources) {
      const core = source.table();
      const check = (e: InputEvent): void => {
        const live = core.live;
        const view = core.view();
        const where = `${source.name} at t=${e.t}`;
        // A hand in play is the hand the table says is on (snapshot) and the one its view shows.
        expect(live?.number ?? null, where).toBe(core.snapshot().hand?.hand ?? null);
        if (live === null) {
          expect(view.hand, where).toBeNull();
          expect(view.held, where).toBe(false);
          return;
        }
        inPlay += 1;
        const shown = live.game === "holdem" ? view : view.threeCard;
        expect(shown?.hand, where).toBe(live.number);
        expect(shown?.held, where).toBe(live.held !== null);
        expect(live.chart.startsWith(`held.${live.held}.`), where).toBe(live.held !== null);
      };
      for (const line of source.inputs) {
        const e = InputEvent.parse(line);
        core.advanceTo(e.t);
        check(e);
        core.handle(e);
        check(e);
      }
    }
    expect(inPlay).toBeGreaterThan(1000);
  });
});

describe("chartPath", () => {
  it("names a state value as a dotted path", () => {
    expect(chartPath("betting")).toBe("betting");
    expect(chartPath({ held: { misdeal: "firstCard" } })).toBe("held.misdeal.firstCard");
    expect(chartPath({ prematureFlop: "on" })).toBe("prematureFlop.on");
  });
});
