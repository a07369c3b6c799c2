/**
 * A ruling heard at a live simulated table that has run for hours (npm start): the session deals the
 * batch in play again from a copy of the table as it stood before the batch (src/sim/session.ts), not by
 * dealing every hand since the seed again, which blocked the event loop for longer the longer the table
 * had run. The copy must give exactly what the full re-deal gave (the old path, rebuilt here from the
 * same parts: a fresh table, every call dealt again), and its work must not grow with the hands played.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { AlertCode } from "../../src/hand/alerts.js";
import type { FlopGameName } from "../../src/rules/games.js";
import { FlopDealer } from "../../src/sim/dealer.js";
import {
  type Call,
  dealCall,
  type FlopSessionOptions,
  freshTable,
  type HandBatch,
} from "../../src/sim/flopTable.js";
import type { FloorWord } from "../../src/sim/floorWords.js";
import { SIM_RAKE } from "../../src/sim/injectRake.js";
import { FLOP_INJECTORS } from "../../src/sim/injection.js";
import { FlopSession } from "../../src/sim/session.js";
import { feltAt, rulingStep } from "./rulingSteps.js";

const config = loadConfig("config/default.yaml");
const INJECTED = Object.keys(FLOP_INJECTORS) as AlertCode[];

const optionsOf = (over: Partial<FlopSessionOptions>): FlopSessionOptions => ({
  seed: 1,
  noise: true,
  inject: INJECTED,
  game: "nlhe",
  seatCount: config.table.seats,
  deck: config.deck,
  chips: config.chips,
  bbAnteOrder: config.house.bbAnteOrder,
  ...over,
});

/** The old path: every call dealt again on a fresh table, then the last one with the new word. */
function dealtFromTheSeed(options: FlopSessionOptions, calls: readonly Call[]): HandBatch | null {
  const table = freshTable(options);
  for (const call of calls.slice(0, -1)) dealCall(options, table, call);
  const batch = dealCall(options, table, calls.at(-1)!);
  return table.dealer.floorWords.unheard.length > 0 ? null : batch;
}

/** A batch as it was when handed out (truths handed out are closed later by the next shuffler press). */
const asHandedOut = (b: HandBatch | null) => (b === null ? null : structuredClone(b));

const step = rulingStep(10, 0.5);

describe("a ruling heard after the table has run a while", () => {
  afterEach(() => vi.restoreAllMocks());

  it("deals the batch again exactly as dealing every call since the seed again did (property)", () => {
    let heard = 0;
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.integer({ min: 1, max: 10_000 }),
          game: fc.constantFrom<FlopGameName>("nlhe", "plo", "flhe", "plhe"),
          pace: fc.constantFrom("fixed" as const, "random" as const),
          noise: fc.boolean(),
          rake: fc.boolean(),
          decks: fc.boolean(),
        }),
        fc.array(step, { minLength: 4, maxLength: 24 }),
        (o, steps) => {
          const options = optionsOf({
            seed: o.seed,
            game: o.game,
            pace: o.pace,
            noise: o.noise,
            ...(o.rake ? { rake: SIM_RAKE } : {}),
            ...(o.decks ? { decks: ["A", "B"] } : {}),
          });
          const session = new FlopSession(options);
          /** The calls as the old session kept them (a ruling heard: the last one with its word). */
          const calls: Call[] = [];
          const handedOut: (HandBatch | null)[] = [];
          let last: HandBatch = session.nextHand();
          calls.push({ kind: "hand", words: [] });
          handedOut.push(asHandedOut(last));
          for (const s of steps) {
            const first = last.events[0]?.t ?? 0;
            const t = Math.floor(
              first + (s.kind === "hand" ? 0 : s.at) * ((last.events.at(-1)?.t ?? 0) - first),
            );
            if (s.kind === "hand") {
              last = session.nextHand();
              calls.push({ kind: "hand", words: [] });
              handedOut.push(asHandedOut(last));
            } else if (s.kind === "follow") {
              const hand = last.ends.at(-1)?.hand;
              if (hand === undefined) continue;
              const ending = { hand, result: s.result, t };
              const felt = feltAt(last.events, t);
              last = session.followRuling(ending, felt);
              calls.push({ kind: "follow", ending, felt, words: [] });
              handedOut.push(asHandedOut(last));
            } else {
              const word: FloorWord =
                typeof s.said === "number" ? { t, ruling: "dead", seat: s.said } : { t, ruling: s.said };
              const again = session.hearRuling(word);
              const withWord: Call = { ...calls.at(-1)!, words: [...calls.at(-1)!.words, word] };
              const old = dealtFromTheSeed(options, [...calls.slice(0, -1), withWord]);
              expect(asHandedOut(again)).toEqual(asHandedOut(old));
              if (again === null) continue;
              heard += 1;
              last = again;
              calls[calls.length - 1] = withWord;
              handedOut[handedOut.length - 1] = asHandedOut(again);
            }
          }
          // And the hands after the rulings: every batch as the seed and the calls deal them.
          const table = freshTable(options);
          expect(calls.map((c) => asHandedOut(dealCall(options, table, c)))).toEqual(handedOut);
        },
      ),
      { numRuns: 60 },
    );
    // Most rulings change the batch (the rest: said after the deal, a seat not in it): not vacuous.
    expect(heard).toBeGreaterThan(40);
  });

  /** How many hands the dealer plays per ruling the session hears after `n` hands. */
  function handsDealtPerRuling(n: number): number {
    const session = new FlopSession(optionsOf({ seed: 5, pace: "random" }));
    for (let i = 0; i < n; i++) session.nextHand();
    const events = session.nextHand().events;
    const t = Math.floor((events[0]!.t + events.at(-1)!.t) / 2);
    const played = vi.spyOn(FlopDealer.prototype, "playHand");
    // A seat ruled dead, seat after seat, until one was in the hand (the ruling changed it).
    let tries = 0;
    let again: HandBatch | null = null;
    while (again === null && tries < 10) {
      tries += 1;
      again = session.hearRuling({ t, ruling: "dead", seat: tries });
    }
    expect(again).not.toBeNull();
    const hands = played.mock.calls.length;
    played.mockRestore();
    return hands / tries;
  }

  it("deals the hand in play again and no other, however many hands came before it", () => {
    // Before: every hand since the seed dealt again for each ruling (4 and 301).
    expect(handsDealtPerRuling(3)).toBe(1);
    expect(handsDealtPerRuling(300)).toBe(1);
  });
});
