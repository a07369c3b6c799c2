/**
 * Hole cards are the one secret of a hand (principle 5). The public view model never holds them, but
 * an alert's text may name a face (e.g. a duplicate card), so everything public is also scrubbed of the
 * faces that are, or were in the last hand, someone's hole cards.
 */
import type { OpenAlert } from "../display/alertBoard.js";
import type { TableReadModel } from "../table/core.js";

/** The faces of every hole card of the hand in progress, folded and mucked hands included. */
export function holeFaces(core: TableReadModel): string[] {
  return core.privateView().holeFaces;
}

/** What replaces a hidden face in public text. */
export const HIDDEN = "a hole card";

/** `text` with every face in `faces` (as a whole word, e.g. "As" but not "Ask") replaced by {@link HIDDEN}. */
export function scrub(text: string, faces: ReadonlySet<string>): string {
  if (faces.size === 0) return text;
  return text.replace(/(?<![A-Za-z0-9])[2-9TJQKA][cdhs](?![A-Za-z0-9])/g, (face) =>
    faces.has(face) ? HIDDEN : face,
  );
}

/** Alerts as the public may see them: texts and steps scrubbed. */
export function scrubAlerts(alerts: readonly OpenAlert[], faces: ReadonlySet<string>): OpenAlert[] {
  return alerts.map((a) => ({
    ...a,
    text: scrub(a.text, faces),
    steps: a.steps.map((s) => scrub(s, faces)),
  }));
}
