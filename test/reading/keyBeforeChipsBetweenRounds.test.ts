/**
 * Between rounds, while the table waits for the next street's cards, the first seat's key and the next
 * seat's chips both wait for the street; when it begins they are replayed in the order they came. Found
 * by the simulator only: hold'em `--focus` with `reading.missedScans: 5`, seed 56 at 700 ms scan rounds,
 * hand 6620. A premature river card taken off was reported gone K scans late, so the river began seconds
 * after the dealer keyed seat 10's check and seat 7 bet; the waiting chips were replayed before the
 * waiting key, so seat 7's bet was a false ACTION_OUT_OF_TURN.
 *
 * A key moves the action (chips reported before it are read first), so chips read after the key were
 * put out after it. Here on the scene DSL's table (seats 1–4, button 1): the order both ways, and the
 * street beginning on both sides of the key's wait: the readers' lag (K + 1 scan rounds) for the card's
 * report, then the departure window before the table takes it as gone (src/hand/timers.ts departureKnown).
 * The key waited the lag alone before: the river began past it and the key was forgotten.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

/** The simulator's run: 700 ms scan rounds and 5 missed scans (`--scan-ms 700`, k5.yaml). */
const base = loadConfig();
const config = { ...base, reading: { ...base.reading, scanRoundMs: 700, missedScans: 5 } };
const LAG = (config.reading.missedScans + 1) * config.reading.scanRoundMs;
/** How long a bet zone is steady before it is read. */
const SETTLE = config.settleWindowMs;

/**
 * Limped pre-flop and checked to the turn; seat 2 checks the turn, then the dealer burns and deals the
 * river (6s) before the turn's betting is done (PREMATURE_RIVER); seats 3, 4 and 1 check. He returns 6s
 * to the stub and deals 9c; the board's report lists 6s beside it until K scans later (`departs` ms
 * after the key). The river's first actions come in `order`: seat 2's check key, then seat 3's bet a
 * round later (read after the settle window), or seat 3's bet read first and the key after it.
 */
function riverWaitsOnThePrematureCard(order: "key first" | "chips first", departs: number): Scene {
  const s = new Scene("").setup({ button: 1 }).standardDeal().limpedPreflop();
  s.burn("2c").board("Qs", "Jd", "4h").checkAround();
  s.burn("3c").board("8c").key("check");
  s.burn("5d").board("6s").key("check").key("check").key("check");
  s.after(1500).board("9c");
  // The board's report without 6s comes `departs` ms after the key (a round after the river card).
  if (order === "key first")
    s.after(500)
      .key("check")
      .after(700)
      .chips(3, 100, 100)
      .after(departs - 700);
  else
    s.after(500)
      .chips(3, 100, 100)
      .after(SETTLE + 100)
      .key("check")
      .after(departs);
  s.removeFrom("board", "card:A:6s");
  return s.wait(8000);
}

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/** The river's first two actions, and the alerts told on it. */
function river(events: readonly TableEvent[]) {
  const from = events.findIndex((e) => e.kind === "street" && e.street === "river");
  const on = events.slice(from);
  const actions = on.flatMap((e) => (e.kind === "action" ? [`${e.seat} ${e.action} ${e.amount}`] : []));
  return { began: from >= 0, actions: actions.slice(0, 2), alerts: codes(on) };
}

describe("reading at any pace: the first seat's key and the next seat's chips both wait for the river", () => {
  it("the key, then the bet: the check and the bet in turn, the card reported gone at the lag's end", () => {
    const r = river(play(riverWaitsOnThePrematureCard("key first", LAG)));
    expect(r).toEqual({ began: true, actions: ["2 check 0", "3 bet 200"], alerts: [] });
  });

  it("the key, then the bet: reported gone past the lag, the key is forgotten and the bet is out of turn", () => {
    const r = river(play(riverWaitsOnThePrematureCard("key first", LAG + 100)));
    expect(r.began).toBe(true);
    expect(r.alerts).toEqual(["ACTION_OUT_OF_TURN"]);
    expect(r.actions).not.toContain("2 check 0");
  });

  it("the bet read before the key: seat 3 acted out of turn, then seat 2 checked", () => {
    const r = river(play(riverWaitsOnThePrematureCard("chips first", 1000)));
    expect(r).toEqual({ began: true, actions: ["2 check 0", "3 bet 200"], alerts: ["ACTION_OUT_OF_TURN"] });
  });
});
