/** One measured figure of `npm run bench`, written to bench/results.md beside its target. */
export interface BenchFigure {
  /** What was measured, e.g. "7-card evaluations per second (feltguard)". */
  name: string;
  value: number;
  unit: string;
  /** The target in words, e.g. "≥ phe" or "≤ 5 ms"; empty when the figure is for comparison only. */
  target: string;
  /** Whether the target is met; null when there is no target. */
  met: boolean | null;
  /** Anything a reader needs to understand the figure. */
  note?: string;
}

/** A benchmark module: `bench/<name>.bench.ts` exports `run`. */
export type BenchRun = () => Promise<BenchFigure[]>;
