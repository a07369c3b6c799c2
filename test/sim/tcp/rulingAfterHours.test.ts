/**
 * A ruling heard at the live Three Card Poker table after it has run for hours (`sim --game tcp`): the
 * session deals the hand in play again from a copy of the dealer as he stood before it
 * (src/sim/tcp/session.ts), not by dealing every hand since the seed again, which blocked the event loop
 * for longer the longer the table had run. The copy must give exactly what the full re-deal gave (the old
 * path, rebuilt here from the same parts: a fresh dealer, every call dealt again), and its work must not
 * grow with the hands played.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../../src/config/config.js";
import type { FloorWord } from "../../../src/sim/floorWords.js";
import type { HandBatch } from "../../../src/sim/session.js";
import { TcpDealer, type TcpDealerOptions } from "../../../src/sim/tcp/dealer.js";
import { type Call, dealCall, followCall } from "../../../src/sim/tcp/liveCall.js";
import { TcpSession } from "../../../src/sim/tcp/session.js";
import { feltAt, rulingStep } from "../rulingSteps.js";

const config = loadConfig("config/tcp.yaml");

/** The old path: every call dealt again on a fresh dealer, then the last one with the new word. */
function dealtFromTheSeed(options: TcpDealerOptions, calls: readonly Call[]): HandBatch | null {
  const dealer = new TcpDealer(options, config);
  for (const call of calls.slice(0, -1)) dealCall(dealer, call);
  const { batch, words } = dealCall(dealer, calls.at(-1)!);
  return words.unheard.length > 0 ? null : batch;
}

/** A batch as it was when handed out. */
const asHandedOut = (b: HandBatch | null) => (b === null ? null : structuredClone(b));

/**
 * What dealing gave: the batch, or the error it threw. Neither path may throw: a `continue` heard in a
 * hand with a card too many (the table refuses it there, and may take one on another alert) is no word
 * of his (src/sim/tcp/floorContinue.ts dealStands); before, he played on with four cards and threw.
 */
function outcome(deal: () => HandBatch | null): HandBatch | null | { threw: string } {
  try {
    return asHandedOut(deal());
  } catch (e) {
    return { threw: String(e) };
  }
}

const step = rulingStep(7, 0.3);

/** Injections the dealer stops at for the floor (a misdeal hold, a bet changed after the deal). */
const HELD = "box-short,box-extra-card,dealer-short,dealer-exposed,bet-after-deal";

describe("a ruling heard after the Three Card Poker table has run a while", () => {
  afterEach(() => vi.restoreAllMocks());

  it("deals the hand again exactly as dealing every call since the seed again did (property)", () => {
    let heard = 0;
    let threw = 0;
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.integer({ min: 1, max: 10_000 }),
          inject: fc.constantFrom("all", HELD),
          rate: fc.constantFrom(0.3, 1),
          pace: fc.constantFrom("fixed" as const, "random" as const),
          noise: fc.boolean(),
        }),
        fc.array(step, { minLength: 4, maxLength: 24 }),
        (options, steps) => {
          const session = new TcpSession(options, config);
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
              const ending = { hand: calls.length, result: s.result, t };
              const felt = feltAt(last.events, t);
              last = session.followRuling(ending, felt);
              calls.push(followCall(ending, felt));
              handedOut.push(asHandedOut(last));
            } else {
              const word: FloorWord =
                typeof s.said === "number" ? { t, ruling: "dead", seat: s.said } : { t, ruling: s.said };
              const again = outcome(() => session.hearRuling(word));
              const withWord: Call = { ...calls.at(-1)!, words: [...calls.at(-1)!.words, word] };
              const old = outcome(() => dealtFromTheSeed(options, [...calls.slice(0, -1), withWord]));
              expect(again).toEqual(old);
              if (again === null) continue;
              if ("threw" in again) {
                threw += 1;
                continue;
              }
              heard += 1;
              last = again;
              calls[calls.length - 1] = withWord;
              handedOut[handedOut.length - 1] = asHandedOut(again);
            }
          }
          // And the hands after the rulings: every batch as the seed and the calls deal them.
          const dealer = new TcpDealer(options, config);
          expect(calls.map((c) => asHandedOut(dealCall(dealer, c).batch))).toEqual(handedOut);
        },
      ),
      { numRuns: 150 },
    );
    // Many rulings change the hand (the rest: said in a hand with no hold, or after it): not vacuous.
    expect(heard).toBeGreaterThan(40);
    expect(threw).toBe(0);
  });

  /** How many hands the dealer deals per ruling the session hears after `n` hands. */
  function handsDealtPerRuling(n: number): number {
    const session = new TcpSession({ seed: 5, inject: "box-short", rate: 1, pace: "random" }, config);
    for (let i = 0; i < n; i++) session.nextHand();
    const played = vi.spyOn(TcpDealer.prototype, "hand");
    // Hand after hand until one held for the floor (box-short needs a box to deal short), where the
    // supervisor's `continue` from its start is heard.
    let again: HandBatch | null = null;
    for (let tries = 0; again === null && tries < 10; tries++) {
      const events = session.nextHand().events;
      played.mockClear();
      again = session.hearRuling({ t: events[0]!.t, ruling: "continue" });
    }
    expect(again).not.toBeNull();
    // A hand dealt is a plan with a bet (a plan with none deals nothing, and is drawn again).
    const hands = played.mock.results.filter((r) => r.value !== null).length;
    played.mockRestore();
    return hands;
  }

  it("deals the hand in play again and no other, however many hands came before it", () => {
    // Before: every hand since the seed dealt again for each ruling (4 and 301).
    expect(handsDealtPerRuling(3)).toBe(1);
    expect(handsDealtPerRuling(300)).toBe(1);
  });
});
