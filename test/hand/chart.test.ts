/**
 * The hold'em chart's procedure and hold states, driven with xstate's own tools: `getNextSnapshot` for
 * one transition at a time, and `createActor` (from a snapshot) fed the hand's inputs, its `tick`
 * events being the simulated clock. Each test is named after the rule the state follows.
 *
 * The inputs are those a table gives the hand in a scenario (recorded at the HandSession, with the
 * hand's context and the chart's state just before each), so the contexts are real hands, not
 * hand-built ones; the chart alone is then stepped from them.
 *
 * Over 300 lines: both games' charts share the recorder and the snapshot helpers at the top, and one
 * test per state change reads best beside the others of its chart.
 */
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createActor, getNextSnapshot, type StateValue } from "xstate";
import { loadConfig } from "../../src/config/config.js";
import type { ButtonName } from "../../src/contract/input.js";
import type { HandContext } from "../../src/hand/context.js";
import { handMachine } from "../../src/hand/machine.js";
import type { HandInput } from "../../src/hand/machineSession.js";
import { HandSession } from "../../src/hand/session.js";
import type { MachineSession } from "../../src/hand/machineSession.js";
import type { TcpContext } from "../../src/hand/tcp/context.js";
import { tcpMachine } from "../../src/hand/tcp/machine.js";
import { TcpSession } from "../../src/hand/tcp/session.js";
import type { TableCore } from "../../src/table/core.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { tcpTable } from "./tcp/replay.js";
import { scenarioInputs } from "../support/scenarioFiles.js";

/** One input the hand took: the chart's state and the hand just before it, and the input. */
interface Step<C> {
  before: StateValue;
  h: C;
  event: HandInput;
  after: StateValue;
}

type Input = "observed" | "key" | "ruling" | "tick";
// The sessions' methods live on MachineSession's prototype; the recorder shadows them on the game's.
const prototypes = [HandSession.prototype, TcpSession.prototype] as unknown as Record<Input, unknown>[];
afterEach(() => {
  for (const proto of prototypes)
    for (const name of ["observed", "key", "ruling", "tick"] as const) delete proto[name];
});

/** Plays a scenario through a table and records every input its hands of one game took. */
function recordOn<C extends object>(
  session: typeof HandSession | typeof TcpSession,
  core: TableCore,
  path: string,
): Step<C>[] {
  const steps: Step<C>[] = [];
  const proto = session.prototype as unknown as Record<Input, unknown>;
  const wrap = (name: Input, toEvent: (...args: never[]) => HandInput) => {
    const original = proto[name] as (this: MachineSession<never>, ...args: unknown[]) => unknown;
    proto[name] = function (this: MachineSession<never>, ...args: never[]) {
      const before = this.state as StateValue;
      const context = this.context as C;
      const h = structuredClone("undoable" in context ? { ...context, undoable: null } : context);
      const result = original.apply(this, args);
      steps.push({ before, h, event: toEvent(...args), after: this.state as StateValue });
      return result;
    };
  };
  wrap("observed", (t: number, observations: never) => ({ type: "observed", t, observations }));
  wrap("key", (t: number, key: never) => ({ type: "key", t, key }));
  wrap("tick", (t: number) => ({ type: "tick", t }));
  wrap("ruling", (t: number, ruling: never, seat?: number, code?: string) => ({
    type: "ruling",
    t,
    ruling,
    ...(seat === undefined ? {} : { seat }),
    ...(code === undefined ? {} : { code }),
  }));
  const inputs = scenarioInputs(path);
  for (const e of inputs) {
    core.advanceTo(e.t);
    core.handle(e);
  }
  core.finish(inputs.at(-1)?.t ?? 0);
  return steps;
}

/** A hold'em scenario's recorded inputs. */
function record(scenario: string): Step<HandContext>[] {
  const path = fileURLToPath(new URL(`../scenarios/${scenario}.jsonl`, import.meta.url));
  return recordOn<HandContext>(HandSession, createTableFromConfig(loadConfig()), path);
}

/** A Three Card Poker scenario's recorded inputs. */
function tcp(scenario: string): Step<TcpContext>[] {
  const path = fileURLToPath(new URL(`./tcp/scenarios/${scenario}.jsonl`, import.meta.url));
  return recordOn<TcpContext>(TcpSession, tcpTable(), path);
}

/** The Three Card Poker chart's snapshot before a recorded step (with a copy of the hand as it was then). */
function tcpSnapshotBefore(step: Step<TcpContext>) {
  return tcpMachine.resolveState({ value: step.before, context: { h: structuredClone(step.h) } });
}

const top = (v: StateValue): string => (typeof v === "string" ? v : (Object.keys(v)[0] ?? ""));

/** The snapshot the chart had before a recorded step (with a copy of the hand as it was then). */
function snapshotBefore(step: Step<HandContext>) {
  return handMachine.resolveState({ value: step.before, context: { h: structuredClone(step.h) } });
}

/**
 * A copy of a snapshot with its own hand: the chart's actions update the hand in place (plain data,
 * see context.ts), so a snapshot stepped twice must not share it.
 */
function copy(snapshot: ReturnType<typeof snapshotBefore>) {
  return handMachine.resolveState({
    value: snapshot.value,
    context: { h: structuredClone(snapshot.context.h) },
  });
}

/** The step that took the chart into state `name` (top level), and the chart's own next snapshot for it. */
function entering(steps: Step<HandContext>[], name: string) {
  const i = steps.findIndex((s) => top(s.before) !== name && top(s.after) === name);
  expect(i, `no input took the chart into ${name}`).toBeGreaterThanOrEqual(0);
  const step = steps[i]!;
  return { i, step, next: getNextSnapshot(handMachine, snapshotBefore(step), step.event) };
}

/** The first step from index `from` that took the chart out of state `name`. */
function leaving(steps: Step<HandContext>[], name: string, from: number) {
  const i = steps.findIndex((s, k) => k > from && top(s.before) === name && top(s.after) !== name);
  expect(i, `no input took the chart out of ${name}`).toBeGreaterThan(from);
  const step = steps[i]!;
  return { i, step, next: getNextSnapshot(handMachine, snapshotBefore(step), step.event) };
}

/** Inputs the state took and stayed in (the events that matter to it, e.g. the betting that goes on). */
function staying(steps: Step<HandContext>[], name: string, from: number, to: number): Step<HandContext>[] {
  return steps.slice(from + 1, to).filter((s) => top(s.before) === name && top(s.after) === name);
}

describe("the board procedures are states of the hold'em chart", () => {
  it("RP-5 A (premature flop): entered on flop cards before the pre-flop round is complete, through the betting, left when they leave", () => {
    const steps = record("premature-flop-procedure-followed");
    const into = entering(steps, "prematureFlop");
    expect(top(into.step.before)).toBe("betting");
    expect(into.next.value).toEqual({ prematureFlop: "on" });
    // The procedure is the chart's: the context holds none between inputs, only the cards it waits for.
    expect(into.next.context.h.board.procedure).toBeNull();
    expect(into.next.context.h.board.aside).toHaveLength(3);
    const out = leaving(steps, "prematureFlop", into.i);
    expect(out.next.value).toBe("betting");
    expect(out.next.context.h.board.aside).toEqual([]);
    // A premature card gone is not the procedure done while others are still on the board.
    for (const s of staying(steps, "prematureFlop", into.i, out.i)) {
      expect(getNextSnapshot(handMachine, snapshotBefore(s), s.event).value).toEqual({ prematureFlop: "on" });
    }
  });

  it("RP-5 B (premature turn): a turn card before the flop round is complete", () => {
    const steps = record("premature-turn-procedure-followed");
    const into = entering(steps, "prematureTurn");
    expect(into.next.value).toEqual({ prematureTurn: "on" });
    expect(into.next.context.h.board.aside).toHaveLength(1);
    const out = leaving(steps, "prematureTurn", into.i);
    expect(top(out.next.value)).not.toBe("prematureTurn");
  });

  it("RP-5 C (premature river): a river card before the turn round is complete", () => {
    const steps = record("premature-river-procedure-followed");
    const into = entering(steps, "prematureRiver");
    expect(into.next.value).toEqual({ prematureRiver: "on" });
    const out = leaving(steps, "prematureRiver", into.i);
    expect(top(out.next.value)).not.toBe("prematureRiver");
  });

  it("r.35 (four-card flop): entered on a fourth flop card, left when one of the four goes to the burn", () => {
    const steps = record("four-card-flop-resolved");
    const into = entering(steps, "fourCardFlop");
    expect(into.next.value).toEqual({ fourCardFlop: "on" });
    expect(into.next.context.h.board.aside).toHaveLength(4);
    const out = leaving(steps, "fourCardFlop", into.i);
    // The flop is announced with the three cards left, and the turn will come without a burn.
    expect(out.next.context.h.board.noBurn).toContain("turn");
    expect(out.next.context.h.board.aside).toEqual([]);
    expect(top(out.next.value)).not.toBe("fourCardFlop");
  });

  it("a card too many for the turn (RP-5): entered on two turn cards at once, left when the extra one is off", () => {
    const steps = record("board-too-many-at-turn");
    const into = entering(steps, "tooManyTurn");
    expect(into.next.value).toEqual({ tooManyTurn: "on" });
    const out = leaving(steps, "tooManyTurn", into.i);
    expect(["betting", "board", "dealing"]).toContain(top(out.next.value));
    expect(out.next.context.h.betting.street).toBe("turn");
  });

  it("a card too many for the river: entered on two river cards at once, left when the extra one is off", () => {
    const steps = record("board-too-many-at-river");
    const into = entering(steps, "tooManyRiver");
    expect(into.next.value).toEqual({ tooManyRiver: "on" });
    const out = leaving(steps, "tooManyRiver", into.i);
    expect(out.next.context.h.betting.street).toBe("river");
  });

  it("an actor restored in a procedure goes on with it: the board's functions are given the chart's procedure", () => {
    const steps = record("premature-flop-procedure-followed");
    const into = entering(steps, "prematureFlop");
    const out = leaving(steps, "prematureFlop", into.i);
    const restored = handMachine.getPersistedSnapshot(snapshotBefore(steps[into.i + 1]!));
    // (`input` is what a new hand would start from; a restored snapshot has its own context.)
    const actor = createActor(handMachine, {
      snapshot: restored,
      input: { h: steps[into.i + 1]!.h },
    }).start();
    expect(actor.getSnapshot().value).toEqual({ prematureFlop: "on" });
    for (const s of steps.slice(into.i + 1, out.i + 1)) actor.send(s.event);
    expect(actor.getSnapshot().value).toBe(top(steps[out.i]!.after));
    // Without the chart's state the same inputs do not end a procedure the functions were not given.
    const betting = handMachine.resolveState({
      value: "betting",
      context: { h: structuredClone(steps[into.i + 1]!.h) },
    });
    const lost = createActor(handMachine, {
      snapshot: handMachine.getPersistedSnapshot(betting),
      input: { h: betting.context.h },
    }).start();
    for (const s of steps.slice(into.i + 1, out.i + 1)) lost.send(s.event);
    expect(lost.getSnapshot().context.h.board.aside).not.toEqual([]);
  });
});

describe("the holds for the floor are states of the hold'em chart", () => {
  it("r.33 misdeal (first card to the wrong seat): held until the floor rules continue, then back in play", () => {
    const steps = record("misdeal-ruled-continue");
    const into = entering(steps, "held");
    expect(into.next.value).toEqual({ held: { misdeal: "firstCard" } });
    // Between inputs the hold is the chart's only.
    expect(into.next.context.h.held).toBeNull();
    const out = leaving(steps, "held", into.i);
    expect(out.step.event).toMatchObject({ type: "ruling", ruling: "continue" });
    expect(out.next.value).toBe("dealing");
    expect(out.next.context.h.open).not.toContain("MISDEAL_FIRST_CARD");
  });

  it("IPC 29 (duplicate card): held for a void; the floor's void ends the hand", () => {
    const steps = record("duplicate-card-void");
    const into = entering(steps, "held");
    expect(into.next.value).toEqual({ held: { void: "duplicateCard" } });
    const ruled = { type: "ruling", t: into.step.event.t + 1, ruling: "void" } as const;
    const end = getNextSnapshot(handMachine, copy(into.next), ruled);
    expect(end.value).toBe("over");
    expect(end.context.h.result).toBe("void");
    // A ruling other than the floor's call leaves the hand held.
    const dead = { type: "ruling", t: into.step.event.t + 1, ruling: "dead", seat: 9 } as const;
    expect(getNextSnapshot(handMachine, copy(into.next), dead).value).toEqual({
      held: { void: "duplicateCard" },
    });
  });

  it("IPC 29 (foreign card): held for a void, and cards are still read while held", () => {
    const steps = record("foreign-card");
    const into = entering(steps, "held");
    expect(into.next.value).toEqual({ held: { void: "foreignCard" } });
    const held = steps
      .slice(into.i + 1)
      .filter((s) => top(s.before) === "held" && s.event.type === "observed");
    for (const s of held) {
      const next = getNextSnapshot(handMachine, snapshotBefore(s), s.event);
      expect(top(next.value)).toBe(top(s.after));
    }
  });
});

describe("the holds for the floor are states of the Three Card Poker chart", () => {
  const into = (steps: Step<TcpContext>[]) => {
    const step = steps.find((s) => top(s.before) !== "held" && top(s.after) === "held");
    expect(step, "no input held the hand").toBeDefined();
    return { step: step!, next: getNextSnapshot(tcpMachine, tcpSnapshotBefore(step!), step!.event) };
  };
  const copy = (snapshot: ReturnType<typeof tcpSnapshotBefore>) =>
    tcpMachine.resolveState({ value: snapshot.value, context: { h: structuredClone(snapshot.context.h) } });

  it("TCP rules misdeal (a box with a card too many): held, the floor's misdeal ends the hand; continue is refused", () => {
    const { step, next } = into(tcp("misdeal-card-count-box"));
    expect(next.value).toEqual({ held: { misdeal: "cardCount" } });
    expect(next.context.h.held).toBeNull();
    const misdeal = getNextSnapshot(tcpMachine, copy(next), {
      type: "ruling",
      t: step.event.t + 1,
      ruling: "misdeal",
    });
    expect(misdeal.value).toBe("over");
    expect(misdeal.context.h.result).toBe("misdeal");
    const go = getNextSnapshot(tcpMachine, copy(next), {
      type: "ruling",
      t: step.event.t + 1,
      ruling: "continue",
    });
    // "An incorrect number of cards dealt to the dealer or to any player is a misdeal": the chart's
    // refusal, on a transition of its own, says so and the hand stays in its hold.
    expect(go.value).toEqual({ held: { misdeal: "cardCount" } });
    expect(go.context.h.open).toEqual(next.context.h.open);
    expect(go.context.h.out).toContainEqual(
      expect.objectContaining({ kind: "alert", code: "FLOOR_OP_REJECTED" }),
    );
  });

  it("TCP rules misdeal (a box short): continue releases it (the dealer deals the box its card)", () => {
    const { step, next } = into(tcp("misdeal-card-count-box-short"));
    expect(next.value).toEqual({ held: { misdeal: "cardCount" } });
    const go = getNextSnapshot(tcpMachine, copy(next), {
      type: "ruling",
      t: step.event.t + 1,
      ruling: "continue",
    });
    expect(top(go.value)).not.toBe("held");
    expect(go.context.h.open).not.toContain("MISDEAL_CARD_COUNT");
  });

  it("TCP rules (the dealer's card exposed): held for the floor's misdeal", () => {
    const { next } = into(tcp("dealer-exposed"));
    expect(next.value).toEqual({ held: { misdeal: "dealerExposed" } });
  });
});

describe("the hold'em chart's states of play and holds: the floor's rulings (rule 1: the floor decides) and the dealer's keys on transitions of their own", () => {
  /** A betting round of a recorded hand, as the chart had it. */
  const inBetting = () => {
    const steps = record("hand-dead-after-substantial-action");
    const s = steps.find((x) => x.before === "betting" && x.h.betting.toAct !== null);
    expect(s, "no input in a betting round").toBeDefined();
    return snapshotBefore(s!);
  };
  const ruling = (
    snapshot: ReturnType<typeof snapshotBefore>,
    r: "misdeal" | "void" | "continue",
    seat?: number,
  ) =>
    getNextSnapshot(handMachine, copy(snapshot), {
      type: "ruling",
      t: snapshot.context.h.t + 1,
      ruling: r,
      ...(seat === undefined ? {} : { seat }),
    });

  it("r.33: the floor's misdeal in a betting round ends the hand on its own transition, the stacks as they were", () => {
    const snapshot = inBetting();
    const next = ruling(snapshot, "misdeal");
    expect(next.value).toBe("over");
    expect(next.context.h.result).toBe("misdeal");
    expect(next.context.h.finalStacks).toEqual(snapshot.context.h.stacksBefore);
  });

  it("IPC 29: the floor's void in a betting round ends the hand", () => {
    const next = ruling(inBetting(), "void");
    expect(next.value).toBe("over");
    expect(next.context.h.result).toBe("void");
  });

  it("the floor's dead hand: the seat folds when the action reaches it, and the round goes on", () => {
    const snapshot = inBetting();
    const seat = snapshot.context.h.betting.toAct!;
    const next = getNextSnapshot(handMachine, copy(snapshot), {
      type: "ruling",
      t: snapshot.context.h.t + 1,
      ruling: "dead",
      seat,
    });
    expect(next.context.h.dead).toContain(seat);
    expect(next.context.h.betting.seats.find((s) => s.seat === seat)?.folded).toBe(true);
    expect(next.value).not.toBe("over");
  });

  it("r.33 misdeal hold: the floor's misdeal ends a held hand, and the keys are still taken while held", () => {
    const steps = record("misdeal-ruled-continue");
    const into = entering(steps, "held");
    const held = into.next;
    expect(held.value).toEqual({ held: { misdeal: "firstCard" } });
    expect(ruling(held, "misdeal").value).toBe("over");
    // A key while held closes the undo window (and `exposed` is judged a round later): it is an input.
    expect(held.can({ type: "key", t: held.context.h.t + 1, key: "exposed" })).toBe(true);
    expect(held.can({ type: "key", t: held.context.h.t + 1, key: "check" })).toBe(true);
  });

  it("rule 1: in every state of play and every hold, the floor's misdeal and void lead straight to the end; continue and dead stay", () => {
    const plays = ["dealing", "betting", "board", "prematureFlop.on", "fourCardFlop.on", "tooManyRiver.on"];
    const holds = ["held.misdeal.cardCount", "held.void.duplicateCard", "prematureTurn.held.misdeal.exposed"];
    for (const path of [...plays, ...holds]) {
      const ruling = handMachine.getStateNodeById(`hand.${path}`).transitions.get("ruling") ?? [];
      const to = Object.fromEntries(ruling.map((t) => [String(t.guard), t.target?.map((n) => n.id) ?? []]));
      expect(to.floorCallsMisdeal, path).toEqual(["hand.over"]);
      expect(to.floorVoids, path).toEqual(["hand.over"]);
      expect(to.floorKills, path).toEqual([]);
      // A hold's `continue` releases the hand to play; in play it stays where it is.
      expect(to.floorContinues, path).toEqual(path.includes("held") ? [expect.any(String)] : []);
    }
  });

  it("the dealer's keys, each on a transition named after what it does: the seat to act folds, and undo takes it back (issue 16)", () => {
    const snapshot = inBetting();
    const seat = snapshot.context.h.betting.toAct!;
    const t = snapshot.context.h.t + 1;
    const keys = handMachine.getStateNodeById("hand.betting").transitions.get("key") ?? [];
    expect(keys.map((k) => k.guard ?? null)).toEqual([
      "dealerTakesBack",
      "dealerActsForTheSeat",
      "dealerExposedACard",
      null,
    ]);
    const acted = getNextSnapshot(handMachine, copy(snapshot), { type: "key", t, key: "fold" });
    const action = acted.context.h.out.find((e) => e.kind === "action");
    expect(action).toMatchObject({ seat, action: "fold" });
    expect(acted.context.h.undoable?.key).toBe("fold");
    const undone = getNextSnapshot(handMachine, copy(acted), { type: "key", t: t + 1, key: "undo" });
    expect(undone.context.h.out.at(-1)).toMatchObject({ kind: "key_undone", key: "fold", seat });
    expect(undone.context.h.betting.toAct).toBe(seat);
  });

  it("r.33: the exposed key during the deal is judged one scan round later; `ok` only closes the undo window", () => {
    const steps = record("misdeal-exposed-two-cards");
    const s = steps.find((x) => x.before === "dealing" && x.h.cardsDealt > 0);
    expect(s, "no input during the deal").toBeDefined();
    const dealing = snapshotBefore(s!);
    const t = dealing.context.h.t + 1;
    const exposed = getNextSnapshot(handMachine, copy(dealing), { type: "key", t, key: "exposed" });
    expect(exposed.context.h.timers).toContainEqual({
      kind: "exposed",
      due: t + dealing.context.h.reading.scanRoundMs,
    });
    expect(exposed.context.h.undoable?.key).toBe("exposed");
    const ok = getNextSnapshot(handMachine, copy(exposed), { type: "key", t: t + 1, key: "ok" });
    expect(ok.context.h.undoable).toBeNull();
    expect(ok.value).toBe("dealing");
  });

  it("every state of play takes every input: each does something in each (see machine.ts PLAY_INPUTS)", () => {
    const snapshot = inBetting();
    const t = snapshot.context.h.t + 1;
    for (const key of ["check", "fold", "raise", "allin", "exposed", "undo", "ok"] as const)
      expect(snapshot.can({ type: "key", t, key }), key).toBe(true);
    for (const r of ["continue", "misdeal", "void", "dead"] as const)
      expect(snapshot.can({ type: "ruling", t, ruling: r }), r).toBe(true);
    expect(snapshot.can({ type: "tick", t })).toBe(true);
    expect(snapshot.can({ type: "observed", t, observations: [] })).toBe(true);
  });
});

describe("each state of the Three Card Poker chart takes the keys and rulings that can change its hand", () => {
  /** The chart as it was before the first input in state `name` of a recorded hand. */
  const inState = (steps: Step<TcpContext>[], name: string) => {
    const s = steps.find((x) => top(x.before) === name);
    expect(s, `no input in ${name}`).toBeDefined();
    return tcpSnapshotBefore(s!);
  };
  const key = (t: number, k: ButtonName) => ({ type: "key", t, key: k }) as const;
  const rule = (t: number, r: "continue" | "misdeal" | "void" | "dead", seat?: number) =>
    ({ type: "ruling", t, ruling: r, ...(seat === undefined ? {} : { seat }) }) as const;

  it("betting (bets free): only `exposed` of the keys (its card may come a round later); no box to fold or kill, no deal to end", () => {
    const s = inState(tcp("dealer-qualifies-player-wins"), "betting");
    const t = s.context.h.t + 1;
    expect(s.can(key(t, "exposed"))).toBe(true);
    for (const k of ["fold", "ok", "check", "undo", "raise"] as const)
      expect(s.can(key(t, k)), k).toBe(false);
    expect(s.can(rule(t, "dead", 1))).toBe(false);
    expect(s.can(rule(t, "continue"))).toBe(true);
    // The floor may still call a misdeal or void the hand: straight to the end.
    expect(getNextSnapshot(tcpMachine, s, rule(t, "void")).value).toBe("over");
  });

  it("the deal: `fold`, `ok` (the deal is over) and `exposed` (a dealer's card is a misdeal), and every ruling", () => {
    const s = inState(tcp("dealer-qualifies-player-wins"), "dealing");
    const t = s.context.h.t + 1;
    for (const k of ["fold", "ok", "exposed"] as const) expect(s.can(key(t, k)), k).toBe(true);
    for (const k of ["check", "undo", "allin"] as const) expect(s.can(key(t, k)), k).toBe(false);
    expect(s.can(rule(t, "dead", 1))).toBe(true);
  });

  it("the decisions: `fold` and `exposed` (about the dealer's cards now); `ok` has no deal left to end", () => {
    const steps = tcp("dealer-qualifies-player-wins");
    const s = inState(steps, "decisions");
    const t = s.context.h.t + 1;
    expect(s.can(key(t, "fold"))).toBe(true);
    expect(s.can(key(t, "exposed"))).toBe(true);
    expect(s.can(key(t, "ok"))).toBe(false);
    // The floor's dead box folds it: it loses its Ante, as a fold does.
    const box = Number(Object.keys(s.context.h.boxes)[0]);
    const next = getNextSnapshot(tcpMachine, s, rule(t, "dead", box));
    expect(next.context.h.boxes[box]?.folded).toBe(true);
  });

  it("the deal and the decision: the card that completes the deal takes the chart to the decisions (the hand keeps no flag of it)", () => {
    const steps = tcp("dealer-qualifies-player-wins");
    const step = steps.find((x) => top(x.before) === "dealing" && top(x.after) === "decisions");
    expect(step, "no input completed the deal").toBeDefined();
    const next = getNextSnapshot(tcpMachine, tcpSnapshotBefore(step!), step!.event);
    expect(next.value).toBe("decisions");
    expect(next.context.h.out).toContainEqual(expect.objectContaining({ kind: "street", street: "preflop" }));
    expect("dealComplete" in next.context.h).toBe(false);
  });

  it("TCP rules misdeal hold: the keys of the game are still taken, the others are not inputs of the chart", () => {
    const steps = tcp("misdeal-card-count-box");
    const step = steps.find((x) => top(x.before) !== "held" && top(x.after) === "held")!;
    const held = getNextSnapshot(tcpMachine, tcpSnapshotBefore(step), step.event);
    const t = step.event.t + 1;
    for (const k of ["fold", "ok", "exposed"] as const) expect(held.can(key(t, k)), k).toBe(true);
    expect(held.can(key(t, "check"))).toBe(false);
  });

  it("an actor restored before a hold follows the recorded hand through the hold to its end (the ticks its clock)", () => {
    const steps = tcp("misdeal-card-count-box");
    const i = steps.findIndex((x) => top(x.before) !== "held" && top(x.after) === "held");
    const start = tcpSnapshotBefore(steps[i]!);
    const actor = createActor(tcpMachine, {
      snapshot: tcpMachine.getPersistedSnapshot(start),
      input: { h: start.context.h },
    }).start();
    const end = steps.findIndex((x, k) => k > i && x.after === "over");
    expect(end, "the hand did not end").toBeGreaterThan(i);
    for (const s of steps.slice(i, end + 1)) {
      actor.send(s.event);
      expect(actor.getSnapshot().value).toEqual(s.after);
    }
    expect(actor.getSnapshot().status).toBe("done");
  });
});
