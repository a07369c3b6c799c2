/** Shared test fixtures for the evaluator tests: a seeded card dealer and the reference evaluators. */
import { createRequire } from "node:module";
import { mulberry32 } from "../../src/sim/random.js";

/** The parts of the `phe` package the tests and benchmark use (it ships no types). Lower is better. */
export interface Phe {
  evaluateCardCodes(codes: readonly number[]): number;
}

const require = createRequire(import.meta.url);
/** `phe` indexes cards rank * 4 + suit like `cardIndex`, with its own suit order, which changes nothing. */
export const phe = require("phe") as Phe;

/** A seeded generator (the simulator's mulberry32) so a failing hand can be replayed. */
export const seededRandom = mulberry32;

/** Deals `hands` hands of `size` distinct card indices each into one flat array. */
export function dealHands(hands: number, size: number, random: () => number): Int32Array {
  const out = new Int32Array(hands * size);
  const deck = Int32Array.from({ length: 52 }, (_, i) => i);
  for (let h = 0; h < hands; h++) {
    for (let i = 0; i < size; i++) {
      const j = i + Math.floor(random() * (52 - i));
      const card = deck[j]!;
      deck[j] = deck[i]!;
      deck[i] = card;
      out[h * size + i] = card;
    }
  }
  return out;
}
