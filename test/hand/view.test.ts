/**
 * Each game shows its own hand (src/hand/view.ts, src/hand/tcp/view.ts): pure functions of the hand's
 * context. Hold'em's public view never names a hole card, a hold takes the action away from the seat
 * to act, and the private view names the cards of the seats still in the hand while listing every
 * face dealt (to scrub public text). The table's view over every scenario is checked against the views
 * as they were in test/table/viewTrace.test.ts.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { InputEvent } from "../../src/contract/index.js";
import { HandSession } from "../../src/hand/session.js";
import { holdemPrivateView, holdemView } from "../../src/hand/view.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { sessionInPlayForTests } from "../../src/table/sessionForTests.js";
import { scenarioInputs } from "../support/scenarioFiles.js";

const inputsOf = (file: string): InputEvent[] =>
  scenarioInputs(fileURLToPath(new URL(file, import.meta.url)));

/** The hold'em session after every input of a scenario, at the first moment `when` holds. */
function sessionWhen(file: string, when: (s: HandSession) => boolean): HandSession {
  const core = createTableFromConfig(loadConfig());
  for (const e of inputsOf(file)) {
    core.advanceTo(e.t);
    core.handle(e);
    const s = sessionInPlayForTests(core);
    if (s instanceof HandSession && when(s)) return s;
  }
  throw new Error(`${file}: never`);
}

describe("hold'em shows its own hand", () => {
  const betting = sessionWhen(
    "../scenarios/clean-hand-to-showdown.jsonl",
    (s) => s.context.dealComplete && s.context.betting.toAct !== null && s.held === null,
  );

  it("in a betting round: the street, the seat to act and what he may do; hole cards only counted", () => {
    const h = betting.context;
    const view = holdemView(h, false);
    expect(view).toMatchObject({ hand: h.hand, street: "preflop", toAct: h.betting.toAct, held: false });
    expect(view.toCall).not.toBeNull();
    expect(view.seats.find((s) => s.seat === view.toAct)?.light).toBe("to-act");
    expect(view.seats.every((s) => s.holeCards === 2)).toBe(true);
    const faces = holdemPrivateView(h).holeFaces;
    expect(faces.length).toBe(2 * view.seats.length);
    for (const face of faces) expect(JSON.stringify(view)).not.toMatch(new RegExp(`\\b${face}\\b`));
  });

  it("held for the floor: nobody is to act and there is nothing to call", () => {
    const view = holdemView(betting.context, true);
    expect(view).toMatchObject({ held: true, toAct: null, toCall: null, minRaiseTo: null });
    expect(view.seats.some((s) => s.light === "to-act")).toBe(false);
  });

  it("is a pure function: the same context gives the same view, and the view is a copy", () => {
    const h = betting.context;
    const before = structuredClone(h);
    const view = holdemView(h, false);
    view.board.push("As");
    view.level.sb = 1;
    expect(holdemView(h, false)).not.toEqual(view);
    expect(h).toEqual(before);
  });

  it("privately: a folded seat's cards leave `hole` but stay among the faces to scrub", () => {
    const session = sessionWhen("../scenarios/undo-key-takes-back-a-fold.jsonl", (s) =>
      s.context.betting.seats.some((seat) => seat.folded),
    );
    const h = session.context;
    const folded = h.betting.seats.find((seat) => seat.folded)!.seat;
    const priv = holdemPrivateView(h);
    expect(priv.hole[folded]).toBeUndefined();
    expect(Object.keys(priv.hole).length).toBe(h.betting.seats.length - 1);
    expect(priv.holeFaces.length).toBe(Object.values(h.hole).flat().length);
    expect(priv.holeFaces).toEqual(expect.arrayContaining(Object.values(priv.hole).flat()));
    const view = holdemView(h, false);
    expect(view.seats.find((s) => s.seat === folded)).toMatchObject({ light: "folded", holeCards: 0 });
  });
});
