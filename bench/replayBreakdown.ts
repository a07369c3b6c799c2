/**
 * Where `feltguard replay` spends its time, measured in-process on the same log: reading and
 * validating the lines, the core, writing the table events — and the part of the core that is the
 * xstate interpreter itself, from the real hand machine fed an input that changes nothing.
 */
import { readFileSync } from "node:fs";
import { assign, createActor, setup } from "xstate";
import { DEFAULT_CONFIG_PATH, loadConfig } from "../src/config/config.js";
import { formatJsonLine, InputEvent, readJsonLines, type TableEvent } from "../src/contract/index.js";
import { MachineSession } from "../src/hand/machineSession.js";
import { createTableFromConfig } from "../src/runtime/tableSettings.js";
import { sessionInPlayForTests } from "../src/table/sessionForTests.js";

export interface ReplayBreakdown {
  validateMs: number;
  coreMs: number;
  /** CPU time (user + system) of this process while the core ran: what a loaded machine does not inflate as much as wall time. */
  coreCpuMs: number;
  formatMs: number;
  /** Inputs the core gave to a hand machine (one xstate event each). */
  machineInputs: number;
  hands: number;
  /** The xstate interpreter's own cost of one input to the hold'em hand machine, in µs. */
  xstateMicros: number;
  /** xstate's floor: one event to a one-state machine whose transition assigns its context, in µs. */
  xstateFloorMicros: number;
}

export function replayBreakdown(file: string): ReplayBreakdown {
  const text = readFileSync(file, "utf8");
  let started = performance.now();
  const events: InputEvent[] = [];
  for (const r of readJsonLines(text, file, InputEvent)) if (r.ok) events.push(r.value);
  const validateMs = performance.now() - started;

  const counted = countMachineInputs();
  const core = createTableFromConfig(loadConfig(DEFAULT_CONFIG_PATH));
  const out: TableEvent[] = [];
  started = performance.now();
  const cpuBefore = process.cpuUsage();
  for (const e of events) {
    for (const o of core.advanceTo(e.t)) out.push(o);
    for (const o of core.handle(e)) out.push(o);
  }
  for (const o of core.finish(events.at(-1)?.t ?? 0)) out.push(o);
  const coreMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const coreCpuMs = (cpu.user + cpu.system) / 1000;
  const machineInputs = counted.stop();

  started = performance.now();
  let bytes = 0;
  for (const o of out) bytes += formatJsonLine(o).length;
  const formatMs = performance.now() - started;
  if (bytes === 0) throw new Error("the replay wrote nothing");

  return {
    validateMs,
    coreMs,
    coreCpuMs,
    formatMs,
    machineInputs,
    hands: out.filter((o) => o.kind === "hand_start").length,
    xstateMicros: xstatePerInput(),
    xstateFloorMicros: xstateFloor(),
  };
}

/** Counts the inputs given to hand machines until `stop` (wraps the session's three entry points). */
function countMachineInputs(): { stop(): number } {
  const proto = MachineSession.prototype;
  const originals = { observed: proto.observed, key: proto.key, ruling: proto.ruling };
  let n = 0;
  proto.observed = function (this: MachineSession<never>, ...args) {
    if (args[1].length > 0) n += 1;
    return originals.observed.apply(this, args);
  };
  proto.key = function (this: MachineSession<never>, ...args) {
    n += 1;
    return originals.key.apply(this, args);
  };
  proto.ruling = function (this: MachineSession<never>, ...args) {
    n += 1;
    return originals.ruling.apply(this, args);
  };
  return {
    stop() {
      Object.assign(proto, originals);
      return n;
    },
  };
}

/**
 * The interpreter's cost per input: a real hand in its first betting round is sent the `undo` key,
 * which the hand ignores — what remains is xstate's work (transition selection, the assign action,
 * eventless guards, the new snapshot).
 */
function xstatePerInput(): number {
  const core = createTableFromConfig(loadConfig(DEFAULT_CONFIG_PATH));
  const setup: InputEvent[] = [
    { t: 0, kind: "floor", op: "level", sb: 50, bb: 100, ante: 0, bbAnte: 0 },
    ...[1, 2, 3, 4, 5, 6].map((seat): InputEvent => ({
      t: 0,
      kind: "floor",
      op: "seat",
      seat,
      player: `p${seat}`,
      stack: 10_000,
    })),
    { t: 1000, kind: "button", button: "shuffler" },
  ];
  for (const e of setup) core.handle(e);
  // The hand machine alone, past the core's routing: its session, as white-box tests take it.
  const hand = sessionInPlayForTests(core);
  if (hand === null) throw new Error("no hand started");
  const n = 300_000;
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    for (let i = 0; i < n; i++) hand.key(2000, "undo");
    best = Math.min(best, performance.now() - started);
  }
  return (best * 1000) / n;
}

/**
 * The least any input to a hand's chart can cost in xstate 5: an event to a machine of one state whose
 * only transition assigns its context (each input to the hand updates the hand, so it is an `assign`).
 * What the interpreter does for it (select the transition, resolve the action, clone the snapshot, look
 * for eventless transitions) no shape of the hand's chart can avoid.
 */
function xstateFloor(): number {
  const counter = setup({
    types: { context: {} as { n: number }, events: {} as { type: "input" } },
  }).createMachine({
    context: { n: 0 },
    on: { input: { actions: assign({ n: ({ context }) => context.n + 1 }) } },
  });
  const actor = createActor(counter).start();
  const n = 300_000;
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    for (let i = 0; i < n; i++) actor.send({ type: "input" });
    best = Math.min(best, performance.now() - started);
  }
  if (actor.getSnapshot().context.n !== 3 * n) throw new Error("the counter machine missed inputs");
  return (best * 1000) / n;
}
