/**
 * One Three Card Poker hand, from the shuffler press to `hand_end`, with the same shape as the
 * hold'em HandSession (start / observed / key / ruling / context), so the table core can hold either.
 */
import { createActor } from "xstate";
import type { TableEvent } from "../../contract/output.js";
import { DEFAULT_PAY_TABLE, type PayTable } from "../../rules/threeCard/payTable.js";
import type { HandInit } from "../session.js";
import { departureKnown, schedule } from "../timers.js";
import { type TcpContext, wagerZone } from "./context.js";
import { tcpMachine } from "./machine.js";
import { MachineSession } from "../machineSession.js";

/** What a Three Card Poker hand needs beyond what a hold'em hand gets. */
export interface TcpInit extends HandInit {
  /** Seat → player name: one name on several seats is one player playing several boxes. */
  players: Record<number, string>;
  /** Chip antenna → total on it now: bets placed before the shuffler (or left riding) count. */
  zones?: Record<string, number>;
  /** The house's pay tables; default the digest's. */
  payTable?: PayTable;
}

export class TcpSession extends MachineSession<TcpContext> {
  private constructor(h: TcpContext) {
    const actor = createActor(tcpMachine, { input: { h } });
    actor.start();
    super(actor);
  }

  /** Starts a hand: `hand_start`, and DECK_NOT_COLLECTED if cards of the last hand are still out. */
  static start(init: TcpInit): { session: TcpSession; events: TableEvent[] } {
    const h = initialContext(init);
    h.out.push({
      t: init.t,
      kind: "hand_start",
      hand: init.hand,
      game: "tcp",
      // No button in a house-banked game: the core puts the first box in the game there; no blinds.
      button: init.positions.button,
      sb: null,
      bb: null,
      redeal: init.redeal,
    });
    // Judged once the bridge has had time to report cards collected just before the press: K missed
    // scans and the reader's departure window on top (departureKnown). Before, the lag alone: a dealer
    // who pressed at once after collecting a misdeal's cards (the bets stay, nothing else to do) had a
    // card gathered just before the press read as not collected (false DECK_NOT_COLLECTED, sim seed 18
    // at 400 ms rounds, hand 5957).
    if (init.leftovers.length > 0)
      schedule(h, { kind: "deckCollected", due: departureKnown(h), since: init.t });
    const session = new TcpSession(h);
    return { session, events: session.drain() };
  }
}

function initialContext(init: TcpInit): TcpContext {
  const zones: Record<string, number> = {};
  for (const [antenna, total] of Object.entries(init.zones ?? {})) {
    if (wagerZone(antenna) && total > 0) zones[antenna] = total;
  }
  return {
    t: init.t,
    hand: init.hand,
    game: init.game,
    positions: init.positions,
    level: init.level,
    redeal: init.redeal,
    seatCount: init.seatCount,
    limits: { min: init.game.min ?? 0, max: init.game.max ?? Number.MAX_SAFE_INTEGER },
    payTable: init.payTable ?? DEFAULT_PAY_TABLE,
    players: { ...init.players },
    stacksBefore: { ...init.stacks },
    zones,
    phase: "betting",
    boxes: {},
    strays: {},
    discarded: {},
    dealerTags: [],
    dealerFaces: [],
    faces: new Map(),
    cardsDealt: 0,
    held: null,
    voidCardAt: null,
    open: [],
    stale: init.leftovers.map((l) => l.tag),
    staleWhere: Object.fromEntries(init.leftovers.map((l) => [l.tag, l.antenna])),
    reading: init.reading,
    early: [],
    locked: false,
    drawnAt: null,
    timers: [],
    result: null,
    finalStacks: null,
    house: 0,
    showdown: null,
    out: [],
  };
}
