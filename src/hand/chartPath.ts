/**
 * How the table names where a hand's chart is (`LiveHand.inPlay`, ./lifecycle.ts): the xstate state value
 * as one dotted path. Its own module so that the hand's lifecycle stays one page.
 */
/** An xstate state value as a dotted path: `{ held: { misdeal: "firstCard" } }` is "held.misdeal.firstCard". */
export function chartPath(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value !== "object" || value === null) return String(value);
  // The charts are flat (one active child per state): a parallel region would list each, joined by ",".
  return Object.entries(value)
    .map(([key, inner]) => `${key}.${chartPath(inner)}`)
    .join(",");
}
