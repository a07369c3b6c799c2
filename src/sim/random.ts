/** A tiny seeded PRNG, so that simulated tables are reproducible from a seed (no Math.random anywhere). */

/** A source of numbers in [0, 1). */
export type Rng = () => number;

/**
 * A seeded generator that can be copied where it stands: the copy draws what the original would draw
 * next, and the two go on apart (a simulated table copied before a batch, src/sim/copyState.ts).
 */
export interface SeededRng extends Rng {
  copy(): SeededRng;
}

/** The generators {@link mulberry32} made: only those are copied as generators. */
const SEEDED = new WeakSet<object>();

/** mulberry32: 32-bit state, good enough for shuffles and noise, and identical on every platform. */
export function mulberry32(seed: number): SeededRng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  // The whole state is `a`, and a generator seeded with it starts from it.
  const rng = Object.assign(next, { copy: () => mulberry32(a) });
  SEEDED.add(rng);
  return rng;
}

/** Whether `f` is a generator {@link mulberry32} made (one that can be copied). */
export function isSeededRng(f: unknown): f is SeededRng {
  return typeof f === "function" && SEEDED.has(f);
}

/** A whole number in [lo, hi], both included. */
export function randInt(rng: Rng, lo: number, hi: number): number {
  return lo + Math.floor(rng() * (hi - lo + 1));
}

/** True with probability `p`. */
export function chance(rng: Rng, p: number): boolean {
  return rng() < p;
}

/** One element, uniformly; `undefined` for an empty list. */
export function pick<T>(rng: Rng, items: readonly T[]): T | undefined {
  return items.length === 0 ? undefined : items[Math.floor(rng() * items.length)];
}

/** A shuffled copy (Fisher–Yates). */
export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
