/**
 * One hand, from the shuffler press to `hand_end`: sets up the context (positions, forced bets,
 * who is entitled to cards), runs the hand machine, and hands back the table events of each input.
 */
import type { RakeSchedule } from "../rules/rake.js";
import { withRake } from "./rake.js";
import { createActor } from "xstate";
import type { TableEvent } from "../contract/output.js";
import { type BbAnteOrder, type BettingState, forcedBetsPosted, openPreflop } from "../rules/betting.js";
import { gameDef, limitSizes } from "../rules/games.js";
import { type HandContext, type ReadingWindows, uncountedRoom, type ZoneAccount } from "./context.js";
import { posted } from "./postedUnseen.js";
import { schedule } from "./timers.js";
import { handMachine } from "./machine.js";
import { type HandOpening, MachineSession } from "./machineSession.js";
import { type ProcedureName, procedureState } from "./procedure.js";
import type { ChipTag, Leftover } from "../reading/observations.js";

export interface HandInit extends HandOpening {
  /** Stacks of the seats dealt in, before the forced bets. */
  stacks: Record<number, number>;
  oddChipUnit: number;
  bbAnteOrder: BbAnteOrder;
  /** Card tags of the last hand still on the table, and where. */
  leftovers: Leftover[];
  /** Chips already on each seat's bet zone (a re-deal leaves the blinds' chips where they are). */
  chipsOnZones?: Record<number, ChipTag[]>;
  /** The reading's windows (scan round, departure lag). */
  reading: ReadingWindows;
  /** Chip tags on bet zones at the press that were there before the last hand ended. */
  lastHandsChips?: string[];
  /** A raked cash game: the house rake schedule (issue 18). */
  rake?: RakeSchedule;
}

export class HandSession extends MachineSession<HandContext> {
  private constructor(h: HandContext) {
    const actor = createActor(handMachine, { input: { h } });
    actor.start();
    super(actor);
  }

  /** The board procedure in force: the state of the chart's `procedure` region, e.g. "prematureFlop". */
  get procedure(): ProcedureName {
    return procedureState(this.state);
  }

  /** Starts a hand: `hand_start`, the forced bets, and DECK_NOT_COLLECTED if cards were left out. */
  static start(init: HandInit): { session: HandSession; events: TableEvent[] } {
    const { h, forced } = initialContext(init);
    withRake(h, init.rake);
    h.out.push({
      t: init.t,
      kind: "hand_start",
      hand: init.hand,
      game: init.game.game,
      button: init.positions.button,
      sb: init.positions.sb,
      bb: init.positions.bb,
      redeal: init.redeal,
    });
    postForcedBets(h, forced);
    // Judged once the bridge has had time to report cards collected just before the press (K scans).
    if (init.leftovers.length > 0)
      schedule(h, { kind: "deckCollected", due: init.t + init.reading.lagMs, since: init.t });
    const session = new HandSession(h);
    return { session, events: session.drain() };
  }
}

function initialContext(init: HandInit): { h: HandContext; forced: BettingState } {
  const def = gameDef(init.game.game);
  if (!def) throw new Error(`game ${init.game.game} is not a flop game`);
  // Loops over the seat-keyed records, not Object.entries: a hand starts at every press (bench/replay).
  const seats: { seat: number; stack: number }[] = [];
  for (const seat in init.stacks) seats.push({ seat: Number(seat), stack: init.stacks[seat]! });
  const limit =
    def.structure === "limit"
      ? limitSizes(init.game.smallBet ?? init.level.bb, init.game.bigBet, init.game.cap ?? undefined)
      : undefined;
  // The blinds as posted, before the round opens (an all-in from them closes it at once).
  const forced = forcedBetsPosted({
    game: def,
    seats,
    button: init.positions.button,
    sbSeat: init.positions.sb,
    bbSeat: init.positions.bb,
    level: init.level,
    bbAnteOrder: init.bbAnteOrder,
    ...(limit ? { limit } : {}),
  });
  const betting = openPreflop(forced);
  const h: HandContext = {
    t: init.t,
    hand: init.hand,
    game: init.game,
    def,
    positions: init.positions,
    level: init.level,
    redeal: init.redeal,
    seatCount: init.seatCount,
    oddChipUnit: init.oddChipUnit,
    stacksBefore: { ...init.stacks },
    // The seats dealt in, in dealing order: the order the forced bets list them in (rules/forcedBets.ts).
    entitled: betting.seats.map((s) => s.seat),
    betting,
    hole: {},
    faces: new Map(),
    cardsDealt: 0,
    dealComplete: false,
    exposures: 0,
    board: {
      tags: [],
      cards: [],
      burns: [],
      burnsUsed: 0,
      noBurn: [],
      procedure: null,
      aside: [],
      clearOnStreet: [],
      extraBurn: null,
      burnMissed: [],
      tooManyAt: null,
      lastCardAt: null,
    },
    // Chips lying on a zone when the hand starts are not a push: at most they are the posted blinds.
    zones: zonesAtStart(init.chipsOnZones ?? {}),
    committed: {},
    pendingFolds: [],
    pendingOutOfTurn: null,
    voidedOutOfTurn: null,
    deferredKeys: [],
    deferredChips: [],
    raiseDeclared: false,
    streetActions: 0,
    streetAt: init.t,
    actionsInTurn: [],
    substantial: false,
    dead: [],
    held: null,
    voidCardAt: null,
    open: [],
    stepsDone: {},
    stale: init.leftovers.map((l) => l.tag),
    staleWhere: staleWhere(init.leftovers),
    passedLeftovers: [],
    lastHands: Object.fromEntries(
      init.leftovers.map(({ tag, antenna, card, backOn }) => [
        tag,
        { antenna, card, ...(backOn ? { backOn } : {}) },
      ]),
    ),
    lastHandsChips: lastHandsChips(init, betting),
    reading: init.reading,
    timers: [],
    allinAnnounced: false,
    countedUnseen: 0,
    postedUnseen: { blinds: {}, antes: 0 },
    lastAllInKey: null,
    takenBack: {},
    unreadInPot: null,
    shortCalls: {},
    result: null,
    finalStacks: null,
    owedAtTheEnd: [],
    out: [],
    undoable: null,
  };
  return { h, forced };
}

/** The chips on each seat's zone at the press, as the hand's zones (street pre-flop). */
function zonesAtStart(chipsOnZones: Record<number, ChipTag[]>): HandContext["zones"] {
  const zones: HandContext["zones"] = {};
  for (const seat in chipsOnZones) {
    // An empty zone's account is made on first use (context.ts zoneAccount), as for a seat with none.
    if (chipsOnZones[seat]!.length === 0) continue;
    const chips: ZoneAccount["chips"] = new Map();
    for (const c of chipsOnZones[seat]!)
      chips.set(c.tag, { denomination: c.denomination, street: "preflop" });
    zones[seat] = { chips };
  }
  return zones;
}

/** Where each card of the last hand still on the table lies. */
function staleWhere(leftovers: HandInit["leftovers"]): Record<string, string> {
  const where: Record<string, string> = {};
  for (const l of leftovers) where[l.tag] = l.antenna;
  return where;
}

/**
 * Chips a seat's zone still shows at the press that are not this hand's: more than the seat posts, or
 * on a seat that posts nothing, or there since before the last hand ended (but a re-deal's blinds' chips
 * stay where they were). The bridge lists chips K scans after they left, and a dealer may collect late.
 */
function lastHandsChips(init: HandInit, betting: HandContext["betting"]): HandContext["lastHandsChips"] {
  const tags: string[] = [];
  const zones = init.chipsOnZones ?? {};
  // (Most zones are empty at a press: the last hand's set is made only for a zone with chips.)
  let before: Set<string> | null = null;
  for (const seat in zones) {
    const chips = zones[seat]!;
    if (chips.length === 0) continue;
    const seen = (before ??= new Set(init.lastHandsChips ?? []));
    const posted = betting.seats.find((s) => s.seat === Number(seat))?.bet ?? 0;
    // The chips the press found to be the last hand's are; of the rest, more than the seat posts are too.
    const rest = init.redeal ? [] : chips.filter((c) => !seen.has(c.tag));
    // A re-deal's chips that came after the press which declared the misdeal (one that waited for the
    // hand to end: ../table/nextHand.ts ended) are its blinds put out again, not the misdealt hand's.
    for (const c of chips) if (seen.has(c.tag)) tags.push(c.tag);
    const value = rest.reduce((sum, c) => sum + c.denomination, 0);
    if (rest.length > 0 && (posted === 0 || value > posted)) tags.push(...rest.map((c) => c.tag));
  }
  // A re-deal's blinds may leave their chips where they were: those still there after the bridge's
  // departure lag are the blinds' chips again.
  return { tags, until: init.redeal ? init.t + init.reading.lagMs : Number.POSITIVE_INFINITY };
}

/**
 * Antes first (every seat at once), then the blinds; posting is not action (§4). The blinds are told as
 * posted (`forced`), also when they left nobody able to act and the round closed at once.
 */
function postForcedBets(h: HandContext, forced: BettingState): void {
  const post = (seat: number, action: "ante" | "sb" | "bb", amount: number, to: number) => {
    if (amount > 0)
      h.out.push({ t: h.t, kind: "action", seat, action, amount, to, allin: stackOf(h, seat) === 0 });
  };
  for (const s of h.betting.seats) {
    post(s.seat, "ante", s.ante, 0);
    posted(h, s.seat, 0, s.ante);
  }
  const { sb, bb } = h.positions;
  for (const [seat, action] of [
    [sb, "sb"],
    [bb, "bb"],
  ] as const) {
    if (seat === null) continue;
    const s = h.betting.seats.find((x) => x.seat === seat);
    if (!s) continue;
    const blind = forced.seats.find((x) => x.seat === seat)?.bet ?? 0;
    post(seat, action, blind, blind);
    h.committed[seat] = { street: "preflop", to: s.bet };
    posted(h, seat, Math.max(0, uncountedRoom(h, seat, "preflop")), 0);
  }
}

function stackOf(h: HandContext, seat: number): number {
  return h.betting.seats.find((s) => s.seat === seat)?.stack ?? 0;
}
