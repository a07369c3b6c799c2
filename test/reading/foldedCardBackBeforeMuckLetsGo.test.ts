/**
 * A card folded at the end of a hand, collected with the muck and dealt back to the same seat, while the
 * muck still lists it (the bridge's K missed scans) and the deal goes past the seat. Found by the
 * simulator only: hold'em with `reading.missedScans: 5` and a 900 ms settle window, seed 89 at 700 ms
 * scan rounds, hand 4037 of `--inject all --noise --pace random`. Seat 9 folded Qc 5h to end hand 4036;
 * its report never dropped them before the press, and 5h was dealt back to it. Its next report dropped
 * Qc and kept 5h; the muck let 5h go only the readers' lag after the fold, and the seat was read with no
 * card when the next seat's card passed it: a false MISDEAL_DEALT_OUT, and the run was lost. The reader
 * reads such a card on its seat once the seat's listing can no longer be the fold's
 * (src/reading/backOnItsSeat.ts); the deal's judgements on that seat wait until then.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

/** The simulator's run: 700 ms scan rounds, K = 5, a 900 ms settle window (k5s900.yaml, `--scan-ms 700`). */
const base = loadConfig();
const config = {
  ...base,
  settleWindowMs: 900,
  reading: { ...base.reading, scanRoundMs: 700, missedScans: 5 },
};
/** How long after a move the antenna it left may still list the card (K missed scans, and a round). */
const LAG = (config.reading.missedScans + 1) * config.reading.scanRoundMs;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/** Hand 1: seats 1–3, button 3 (blinds seats 1 and 2), dealt from seat 1: As Ah, Kd Kc, 9c 5h. */
function handOneDealt(): Scene {
  return new Scene("")
    .setup({ seats: [1, 2, 3], button: 3 })
    .key("shuffler")
    .chips(1, 100)
    .chips(2, 100, 100)
    .deal([
      [1, "As"],
      [2, "Kd"],
      [3, "9c"],
      [1, "Ah"],
      [2, "Kc"],
      [3, "5h"],
    ]);
}

/**
 * Hand 1: seats 1–3, button 3. Seat 3 folds 9c 5h and seat 1 folds As Ah, their seats' reports still
 * listing them; seat 2 takes the blinds and the shuffler is pressed. Hand 2 (button 1, blinds seats 2 and
 * 3), dealt from seat 2: Qd, then seat 3's report lists 5h alone (`dealtBack`: 5h dealt back to it) or
 * nothing, Jd to seat 1 (going past seat 3), then the second round (Qs, 8h, Jc), a round after seat 3's
 * judgement. The muck lets its cards go `muckLetsGo` after the fold (just before the readers' lag after
 * it unless given). Seats 1 and 2 fold.
 */
function foldedCardDealtBack(dealtBack: boolean, muckLetsGo = LAG - 200): Scene {
  const s = handOneDealt();
  s.addTo("muck", "card:A:9c", "card:A:5h");
  const fold = s.now;
  const at = (ms: number) => s.after(fold + ms - s.now);
  at(300).addTo("muck", "card:A:As", "card:A:Ah");
  s.clear("bet1", "bet2", "seat2");
  at(1500).key("shuffler");
  at(1700).chips(2, 100);
  at(1900).chips(3, 100, 100);
  at(2500).report("seat2", "card:A:Qd");
  at(2700).report("seat3", ...(dealtBack ? ["card:A:5h"] : []));
  at(2900).report("seat1", "card:A:Jd");
  at(3400).report("seat2", "card:A:Qd", "card:A:Qs");
  at(3700).report("seat3", ...(dealtBack ? ["card:A:5h"] : []), "card:A:8h");
  at(3900).report("seat1", "card:A:Jd", "card:A:Jc");
  at(muckLetsGo).report("muck");
  s.wait(1000);
  return s.fold(1).fold(2).wait();
}

/**
 * Hand 1 as above, but seat 1 completes and seat 2 folds Kd Kc (its report still listing them) after seat
 * 3: seat 1 takes the pot. Hand 2 is dealt from seat 2, but seat 1's first card (Jd) is reported first,
 * and seat 2's own (Qd) later in the same scan round; every seat gets a new card.
 */
function firstSeatFoldedLast(): Scene {
  const s = handOneDealt();
  s.addTo("muck", "card:A:9c", "card:A:5h").chips(1, 100).after(1500).addTo("muck", "card:A:Kd", "card:A:Kc");
  s.clear("bet1", "bet2", "seat1");
  s.after(1000).key("shuffler").chips(2, 100).chips(3, 100, 100);
  s.after(600).report("seat1", "card:A:Jd").after(300).report("seat2", "card:A:Kd", "card:A:Kc", "card:A:Qd");
  s.report("seat3", "card:A:9c", "card:A:5h", "card:A:8h");
  s.report("seat1", "card:A:Jd", "card:A:Jc").report("seat2", "card:A:Qd", "card:A:Qs");
  s.report("seat3", "card:A:8h", "card:A:4d").after(800).report("muck");
  return s.fold(1).fold(2).wait();
}

describe("reading at any pace: a folded card dealt back to its seat while the muck still lists it", () => {
  it("dealt back: the seat holds it once the muck lets it go, and the deal did not go past it", () => {
    const events = play(foldedCardDealtBack(true));
    expect(codes(events)).toEqual([]);
    expect(events.filter((e) => e.kind === "hand_end").at(-1)).toMatchObject({
      hand: 2,
      result: "complete",
    });
  });

  // The reader reads the card back on its seat only once the muck has let it go, which may be after the
  // seat's listing is sure: up to the readers' lag after the press, when the muck collected before it
  // (three readers, 5 missed scans, seed 80 at 700 ms rounds, hand 9282: a false MISDEAL_FIRST_CARD).
  it("the muck lets it go past the fold's lag, within the press's: the judgement waits for it too", () => {
    const events = play(foldedCardDealtBack(true, LAG + 300));
    expect(codes(events)).toEqual([]);
    expect(events.filter((e) => e.kind === "hand_end").at(-1)).toMatchObject({ hand: 2, result: "complete" });
  });

  it("the first seat to be dealt, its own card in the scan round after another's: no judgement put off", () => {
    const events = play(firstSeatFoldedLast());
    expect(codes(events)).toEqual([]);
    expect(events.filter((e) => e.kind === "hand_end").at(-1)).toMatchObject({ hand: 2, result: "complete" });
  });

  it("not dealt back (the seat's report let both go): the deal went past it, MISDEAL_DEALT_OUT", () => {
    expect(codes(play(foldedCardDealtBack(false)))).toContain("MISDEAL_DEALT_OUT");
  });
});
