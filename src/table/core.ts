/**
 * The core: a deterministic function of the ordered input events. It never reads the wall clock
 * or the hardware; time enters only as each event's `t`, and delayed behaviour (settle windows)
 * runs when the runtime calls `advanceTo` — the live clock at the table, the next event's `t` in replay.
 */
import type { ButtonEvent, FloorEvent, InputEvent } from "../contract/input.js";
import type { AlertEvent, HandStartEvent, TableEvent } from "../contract/output.js";
import { applyFloorSetup } from "./floorOps.js";
import { nextPositions, type Positions, positionsFromButton } from "./positions.js";
import { emptyTable, type GameSettings, type Level, seatsInGame, type TableState } from "./state.js";

/** What the core needs from the configuration. */
export interface TableOptions {
  seats: number;
  game: GameSettings;
}

export interface TableCore {
  /** Feeds one input event; returns the table events it causes, in order. */
  handle(event: InputEvent): TableEvent[];
  /** Runs delayed behaviour due at or before `t` (the clock the runtime supplies). */
  advanceTo(t: number): TableEvent[];
  /** The earliest `t` at which `advanceTo` would do something, or null. */
  nextDeadline(): number | null;
  /** End of input (replay): pending windows run out. */
  finish(t: number): TableEvent[];
  /** The table as plain data (a copy). */
  snapshot(): TableState;
}

/** Creates the core for one table. */
export function createTable(options: TableOptions): TableCore {
  const state = emptyTable(options.seats, options.game);
  return {
    handle(event) {
      switch (event.kind) {
        case "floor":
          return onFloor(state, event);
        case "button":
          return onButton(state, event);
        case "tags":
        case "reader":
          // Card, chip and reader events belong to the hand machine.
          return [];
      }
    },
    advanceTo: () => [],
    nextDeadline: () => null,
    finish: () => [],
    snapshot: () => structuredClone(state),
  };
}

/** Creates the core from a validated configuration. */
export function createTableFromConfig(config: {
  table: { seats: number };
  game: { name: GameSettings["game"]; limitCap: number };
}): TableCore {
  return createTable({
    seats: config.table.seats,
    game: { game: config.game.name, cap: config.game.limitCap },
  });
}

function onFloor(state: TableState, event: FloorEvent): TableEvent[] {
  if (event.op === "ruling") {
    return [rejected(event.t, "ruling", "there is no open alert to rule on")];
  }
  const outcome = applyFloorSetup(state, event);
  return outcome.applied ? [] : [rejected(event.t, event.op, outcome.reason)];
}

function onButton(state: TableState, event: ButtonEvent): TableEvent[] {
  if (event.button !== "shuffler") return [];
  return startHand(state, event.t);
}

function startHand(state: TableState, t: number): TableEvent[] {
  const level = state.nextLevel;
  if (level === null) return [notStarted(t, "no blind level has been set (floor op level)")];
  const positions = placePositions(state);
  if (positions === null) return [notStarted(t, "fewer than two players with chips are seated")];
  state.handsStarted += 1;
  state.lastPositions = positions;
  state.placedButton = null;
  state.hand = {
    hand: state.handsStarted,
    positions,
    level: { ...level } satisfies Level,
    game: { ...state.game },
    redeal: false,
    stacksBefore: Object.fromEntries(seatsInGame(state).map((s) => [s, state.seats[s]?.stack ?? 0])),
  };
  const start: HandStartEvent = {
    t,
    kind: "hand_start",
    hand: state.handsStarted,
    game: state.game.game,
    button: positions.button,
    sb: positions.sb,
    bb: positions.bb,
    redeal: false,
  };
  return [start];
}

function placePositions(state: TableState): Positions | null {
  const inGame = seatsInGame(state);
  if (state.placedButton !== null) return positionsFromButton(state.placedButton, inGame, state.seatCount);
  if (state.lastPositions !== null) return nextPositions(state.lastPositions, inGame, state.seatCount);
  const first = inGame[0];
  // No button placed and no hand played: the first player in seat order has the button.
  return first === undefined ? null : positionsFromButton(first, inGame, state.seatCount);
}

function rejected(t: number, op: string, reason: string): AlertEvent {
  return {
    t,
    kind: "alert",
    code: "FLOOR_OP_REJECTED",
    rule: "—",
    severity: "info",
    text: `Floor operation "${op}" not applied: ${reason}`,
    steps: ["Check the operation and send it again"],
  };
}

function notStarted(t: number, reason: string): AlertEvent {
  return {
    t,
    kind: "alert",
    code: "HAND_NOT_STARTED",
    rule: "—",
    severity: "info",
    text: `The shuffler was pressed but no hand can start: ${reason}`,
    steps: ["Set up the table from the floor page, then press the shuffler again"],
  };
}
