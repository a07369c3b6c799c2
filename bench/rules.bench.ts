/**
 * Rules engine benchmark: 7-card evaluations per second of our evaluator beside `phe` and `pokersolver`
 * on the same random hands in the same run, and the time to settle a 10-player showdown with side pots.
 * The machine is shared, so each figure is the best of several interleaved rounds.
 */
import { createRequire } from "node:module";
import { type Card, fullDeck } from "../src/rules/cards.js";
import { evaluate7, evaluateCards } from "../src/rules/evaluator.js";
import { buildPots, type Contribution } from "../src/rules/pots.js";
import { settleShowdown } from "../src/rules/showdown.js";
import type { BenchFigure } from "./figure.js";

/** phe's seven-card evaluator (its fastest entry point: seven card codes, rank * 4 + suit, no array). */
type Phe7 = (a: number, b: number, c: number, d: number, e: number, f: number, g: number) => number;
interface PokerSolver {
  Hand: { solve(cards: string[]): { rank: number } };
}

const require = createRequire(import.meta.url);
const phe7 = require("phe/lib/evaluator7.js") as Phe7;
const pokersolver = require("pokersolver") as PokerSolver;

const HANDS = 200_000;
const ROUNDS = 5;
const DECK = fullDeck();

/** Seeded random hands of `size` distinct card indices each, flat. */
function randomHands(count: number, seed: number, size = 7): Int32Array {
  let state = seed >>> 0;
  const random = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const out = new Int32Array(count * size);
  const deck = Int32Array.from({ length: 52 }, (_, i) => i);
  for (let h = 0; h < count; h++) {
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

/** Runs `pass` (which evaluates `perPass` hands) repeatedly for at least `ms` and returns evaluations per second. */
function rate(perPass: number, ms: number, pass: () => number): { perSecond: number; sink: number } {
  let sink = 0;
  let done = 0;
  const start = performance.now();
  let elapsed: number;
  do {
    sink += pass();
    done += perPass;
    elapsed = performance.now() - start;
  } while (elapsed < ms);
  return { perSecond: (done / elapsed) * 1000, sink };
}

function evaluatorRates(): { ours: number; oursCards: number; phe: number; pokersolver: number } {
  const hands = randomHands(HANDS, 2024);
  const faces: Card[][] = [];
  for (let h = 0; h < HANDS; h++) faces.push(Array.from(hands.subarray(h * 7, h * 7 + 7), (i) => DECK[i]!));
  const solverHands = faces.slice(0, 20_000);

  const ours = (): number => {
    let sum = 0;
    for (let i = 0; i < hands.length; i += 7) {
      sum += evaluate7(
        hands[i]!,
        hands[i + 1]!,
        hands[i + 2]!,
        hands[i + 3]!,
        hands[i + 4]!,
        hands[i + 5]!,
        hands[i + 6]!,
      );
    }
    return sum;
  };
  const theirs = (): number => {
    let sum = 0;
    for (let i = 0; i < hands.length; i += 7) {
      sum += phe7(
        hands[i]!,
        hands[i + 1]!,
        hands[i + 2]!,
        hands[i + 3]!,
        hands[i + 4]!,
        hands[i + 5]!,
        hands[i + 6]!,
      );
    }
    return sum;
  };
  const oursCards = (): number => {
    let sum = 0;
    for (const hand of faces) sum += evaluateCards(hand);
    return sum;
  };
  const solver = (): number => {
    let sum = 0;
    for (const hand of solverHands) sum += pokersolver.Hand.solve(hand).rank;
    return sum;
  };

  const best = { ours: 0, oursCards: 0, phe: 0, pokersolver: 0 };
  let sink = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, pass, perPass, ms] of [
      ["ours", ours, HANDS, 300],
      ["phe", theirs, HANDS, 300],
      ["oursCards", oursCards, HANDS, 200],
      ["pokersolver", solver, solverHands.length, 200],
    ] as const) {
      const r = rate(perPass, ms, pass);
      sink += r.sink;
      best[name] = Math.max(best[name], r.perSecond);
    }
  }
  if (sink === 0) throw new Error("benchmark produced no scores");
  return best;
}

/** Ten players all-in for ten different amounts: a main pot and nine side pots, all shown down. */
function tenWayShowdownMicros(): number {
  const cards = Array.from(randomHands(1, 99, 25), (i) => DECK[i]!);
  const board = cards.slice(0, 5);
  const seats = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const contribs: Contribution[] = seats.map((seat) => ({ seat, amount: seat * 137, folded: false }));
  const hands = seats.map((seat, i) => ({ seat, hole: cards.slice(5 + 2 * i, 7 + 2 * i) }));
  const settle = (): number => {
    const { pots } = buildPots(contribs);
    return settleShowdown({ game: "holdem", board, hands, pots, button: 10, seatOrder: seats }).length;
  };
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round++) {
    const r = rate(1, 200, settle);
    best = Math.min(best, 1e6 / r.perSecond);
  }
  return best;
}

/** Measures the evaluators and the showdown settlement. */
export async function run(): Promise<BenchFigure[]> {
  const rates = evaluatorRates();
  const micros = tenWayShowdownMicros();
  const perSecond = (name: string, value: number, target: string, met: boolean | null, note: string) => ({
    name,
    value: Math.round(value),
    unit: "evaluations/s",
    target,
    met,
    note,
  });
  return [
    perSecond(
      "7-card evaluations per second (feltguard, card indices)",
      rates.ours,
      "≥ phe",
      rates.ours >= rates.phe,
      `${(rates.ours / rates.phe).toFixed(1)}× phe; ${HANDS.toLocaleString("en")} seeded random hands, best of ${ROUNDS} rounds`,
    ),
    perSecond(
      "7-card evaluations per second (phe)",
      rates.phe,
      "",
      null,
      "phe 0.6 lib/evaluator7 called with seven card codes, its fastest entry point; same hands",
    ),
    perSecond(
      "7-card evaluations per second (pokersolver)",
      rates.pokersolver,
      "",
      null,
      "pokersolver 2.1 Hand.solve on card strings; first 20,000 of the same hands",
    ),
    perSecond(
      "7-card evaluations per second (feltguard, Card strings)",
      rates.oursCards,
      "",
      null,
      "evaluateCards on card strings, validated (duplicates, faces); same hands",
    ),
    {
      name: "settle a 10-player showdown with side pots",
      value: Number(micros.toFixed(2)),
      unit: "µs",
      target: "",
      met: null,
      note: "buildPots + settleShowdown: ten all-ins of different sizes (main pot and nine side pots), hold'em",
    },
  ];
}
