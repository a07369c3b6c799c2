/**
 * The undo key takes the hand back to exactly where it was (src/hand/undo.ts copies the hand field by
 * field instead of deep-cloning it): for random PHH hands dealt as device events, cut at a random
 * input, pressing a key and then `undo` leaves the table as if the key had never been pressed — the
 * hand's context, its chart state, the public and private views, and everything the table says
 * for the rest of the hand and after it.
 */
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { InputEvent } from "../../src/contract/input.js";
import type { TableEvent } from "../../src/contract/output.js";
import { isReplayable, listCorpus } from "../../src/rules/phh/corpus.js";
import { readPhhFile } from "../../src/rules/phh/read.js";
import { phhToInputEvents } from "../../src/sim/phhScript.js";
import { HandSession } from "../../src/hand/session.js";
import type { TableCore } from "../../src/table/core.js";
import { sessionInPlayForTests } from "../../src/table/sessionForTests.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { PHH_ROOT } from "../support/paths.js";

const HANDS = listCorpus(PHH_ROOT)
  .filter((e) => isReplayable(e) && e.path.startsWith("pluribus/"))
  .slice(0, 60)
  .map((e) => readPhhFile(join(PHH_ROOT, e.path)));
const KEYS = ["check", "fold", "raise", "exposed"] as const;
type Key = (typeof KEYS)[number];

/** The hold'em hand in play's session: this test reads its context and wraps its key (white-box). */
function handOf(core: TableCore): HandSession | null {
  const session = sessionInPlayForTests(core);
  return session instanceof HandSession ? session : null;
}

function feed(core: TableCore, e: InputEvent): TableEvent[] {
  return [...core.advanceTo(e.t), ...core.handle(e)];
}

/**
 * The table as the hand sees it: the hand's data without the undo record itself and `t` (the time of
 * the last input the hand was given, which the next input overwrites), its chart state, and the views.
 * Copied, so that later inputs cannot change what was captured.
 */
function tableState(core: TableCore): unknown {
  const hand = handOf(core);
  if (hand === null) return null;
  const { undoable: _undoable, t: _t, out: _out, ...context } = hand.context;
  return structuredClone({ context, state: hand.state, view: core.view(), privateView: core.privateView() });
}

/**
 * `short push`: a push read short of the call was waiting for the pot; any key first reads it as the
 * action it is (src/hand/machine.ts onKey), which the undo does not take back.
 */
type Outcome = "undone" | "undone, same as never pressed" | "refused" | "ended" | "no hand" | "short push";

/**
 * Plays `events` up to `cut` on two tables, presses `key` and `undo` on one. The table that pressed
 * the key must be as it was when the key reached the hand (a key moves the action, so the core first
 * gives the hand what the readers saw before it: src/table/core.ts handle). When that is also the
 * table that never pressed the key (the readers had nothing pending), the two must say the same for
 * the rest of the hand and after it.
 */
function keyThenUndo(events: InputEvent[], cut: number, key: Key): Outcome {
  const pressed = createTableFromConfig(loadConfig());
  const never = createTableFromConfig(loadConfig());
  for (const e of events.slice(0, cut)) {
    feed(pressed, e);
    feed(never, e);
  }
  const hand = handOf(pressed);
  if (hand === null || hand.state === "over") return "no hand";
  if (hand.context.timers.some((w) => w.kind === "shortPush")) return "short push";
  const t = events[cut - 1]!.t;
  let atKey: unknown = undefined;
  const sessionKey = hand.key.bind(hand);
  hand.key = (at, button) => {
    if (button === key) atKey = tableState(pressed);
    return sessionKey(at, button);
  };
  const byKey = pressed.handle(InputEvent.parse({ t, kind: "button", button: key }));
  if (byKey.some((o) => o.kind === "hand_end")) return "ended";
  expect(atKey).not.toBeUndefined();
  const byUndo = pressed.handle(InputEvent.parse({ t, kind: "button", button: "undo" }));
  if (byUndo.some((o) => o.kind === "alert" && o.code === "UNDO_REFUSED")) {
    // Refused only when the key raised an alert the floor must rule on.
    expect(byKey.some((o) => o.kind === "alert" && o.severity === "floor")).toBe(true);
    return "refused";
  }
  expect(byUndo.some((o) => o.kind === "key_undone")).toBe(true);
  expect(tableState(pressed)).toEqual(atKey);
  if (!isDeepStrictEqual(atKey, tableState(never))) return "undone";
  // The rest of the hand, and the next one's start, go exactly as if the key had never been pressed.
  for (const e of events.slice(cut)) expect(feed(pressed, e)).toEqual(feed(never, e));
  const end = events.at(-1)!.t;
  expect(pressed.finish(end)).toEqual(never.finish(end));
  return "undone, same as never pressed";
}

/** How many of the events bring the hand to its first betting round (the deal is over). */
function firstBetting(events: InputEvent[]): number {
  const core = createTableFromConfig(loadConfig());
  const dealt = events.findIndex((e) => (feed(core, e), core.live?.chart === "betting")) + 1;
  expect(dealt).toBeGreaterThan(0);
  return dealt;
}

describe("undo key: the hand as if the key had never been pressed", () => {
  it("for random hands, cuts and keys (fast-check)", () => {
    const seen: Record<Outcome, number> = {
      undone: 0,
      "undone, same as never pressed": 0,
      refused: 0,
      ended: 0,
      "no hand": 0,
      "short push": 0,
    };
    fc.assert(
      fc.property(
        fc.nat(HANDS.length - 1),
        fc.integer({ min: 1, max: 1000 }),
        fc.constantFrom<"fixed" | "random">("fixed", "random"),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        fc.constantFrom(...KEYS),
        (handIndex, seed, pace, where, key) => {
          const script = phhToInputEvents(HANDS[handIndex]!, { seed, pace });
          const events = script.events.map((e) => InputEvent.parse(e));
          // Keys during the deal judge a misdeal, which the floor rules on (refused; tested below).
          const start = firstBetting(events);
          const cut = start + Math.floor(where * (events.length - start));
          seen[keyThenUndo(events, cut, key)] += 1;
        },
      ),
      { numRuns: 120, seed: 15 },
    );
    // The property is about undone keys: most runs must be of that kind, not skipped.

    expect(seen.undone + seen["undone, same as never pressed"]).toBeGreaterThan(80);
    expect(seen["undone, same as never pressed"]).toBeGreaterThan(40);
  });

  it("each key, at the first betting action of a hand", () => {
    const events = phhToInputEvents(HANDS[0]!, { seed: 1 }).events.map((e) => InputEvent.parse(e));
    const dealt = firstBetting(events);
    for (const key of KEYS) expect(keyThenUndo(events, dealt, key)).toMatch(/^undone/);
  });

  it("a key during the deal that judges a misdeal is not taken back", () => {
    const events = phhToInputEvents(HANDS[0]!, { seed: 1 }).events.map((e) => InputEvent.parse(e));
    const shuffled = events.findIndex((e) => e.kind === "button" && e.button === "shuffler") + 1;
    expect(keyThenUndo(events, shuffled + 1, "check")).toBe("refused");
  });
});
