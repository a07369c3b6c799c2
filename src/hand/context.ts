/**
 * The hand's memory, as plain data: the xstate machine holds it in its context and the pure
 * functions of this folder read and update it. Nothing here is a live object.
 *
 * Over 300 lines: each field and each judgement that waits for the readers is declared here once,
 * with what it is for; the undo record and the checkpoint copy them from this one shape.
 */
import type { Before, UndoableKey } from "./undo.js";
import type { TableEvent } from "../contract/output.js";
import type { Card } from "../rules/cards.js";
import type { BettingState, Street } from "../rules/betting.js";
import type { GameDef, GameSettings, Level } from "../rules/games.js";
import type { Positions } from "../rules/positions.js";
import type { ChipTag } from "../reading/observations.js";
import type { AlertCode } from "./alerts.js";
import type { Hold } from "./hold.js";
import type { BoardProcedure } from "./procedure.js";

export interface BoardState {
  /** Card tags recognised as the board, in the order they were dealt. */
  tags: string[];
  cards: Card[];
  /** Burn cards of this hand (tags), in order. */
  burns: string[];
  /** Burns already used by a street (or by premature cards, which took their street's burn). */
  burnsUsed: number;
  /** Streets that must be dealt without a burn, by the procedure in force (RP-5, r.35). */
  noBurn: Street[];
  /**
   * The board procedure in force while the chart handles an input (its `procedure` region's state,
   * given by the chart), or the one an input started or ended; null between inputs (see ./procedure.ts).
   */
  procedure: BoardProcedure | null;
  /**
   * The cards the procedure in force waits to see leave the board: the premature cards (RP-5), or the
   * four cards of a four-card flop (r.35), one of which goes to the burn. Empty with no such procedure.
   */
  aside: string[];
  /** Alerts of procedures that close when this street has been dealt correctly. */
  clearOnStreet: { street: Street; code: AlertCode }[];
  /**
   * BURN_UNEXPECTED's follow-up: the burn card placed where none was due, and the street it came before.
   * Its steps have the dealer put it back on the stub, which closes the alert; the street dealt with it
   * still out is told. Null when there is none (or once its street is dealt).
   */
  extraBurn: { tag: string; street: Street } | null;
  /** Streets dealt with no burn (BURN_MISSING): a burn placed during their betting is a late one. */
  burnMissed: Street[];
  /** When a street dealt with a card too many had its cards out (play on it began then), else null. */
  tooManyAt: number | null;
  /** When the board last gained a card: its burn, placed before it, may be reported up to a round after. */
  lastCardAt: number | null;
}

/**
 * Chips on a seat's bet zone that the table has already accounted for (tag → denomination, street).
 * A Map: chip tags come and go in any order, which an object's hidden classes handle badly. Each
 * chip's record is read-only (a chip read again is a new record): the undo copy shares them.
 */
export interface ZoneAccount {
  chips: Map<string, Readonly<{ denomination: number; street: Street }>>;
}

/** An out-of-turn action waiting for the action to reach its seat (TDA 53). */
export interface PendingOutOfTurn {
  seat: number;
  denominations: number[];
  /** The chips' tags: if the action is void they are the seat's again, part of its next push. */
  tags: string[];
  declaredRaise: boolean;
  /** The bet to match when it happened: if it changed, the action is void. */
  currentBet: number;
  /** Chips of it the seat took back off its zone while it waits (r.53: they stay out): still to put back. */
  missing?: number;
}

export type HandResult = "complete" | "misdeal" | "void";

/**
 * Why a judgement of the deal's order was put off (src/hand/dealtPast.ts putOffWhileListed): the seat still
 * listed its last hand while DECK_NOT_COLLECTED was open, or a card it folded may be back on it; or the
 * first card went elsewhere only as a last hand's card, which may be the collected one (firstCardMayBeCollected).
 */
export type PutOff = "listed" | "backOnItsSeat" | "collection";

/**
 * A judgement that waits for the readers (spec "Reading at any pace"): reports of one scan round
 * arrive in channel order, and a bridge reports a tag gone only K scans after it left. Plain data,
 * due at `due` on the table's clock.
 */
export type HandTimer =
  /** The first card went to a seat other than the first to be dealt: unless that seat's card was in the same round. */
  | { kind: "firstCard"; due: number; seat: number; putOff?: PutOff; since?: number }
  /** A seat was passed by the deal: unless its card was in the same round (`since`: put off). */
  | { kind: "dealtOut"; due: number; seat: number; putOff?: PutOff; since?: number }
  /** A card too many on a seat: misdeal or dead hand, once the round's chips are read (`since`: put off). */
  | { kind: "cardCount"; due: number; seat: number; since?: number }
  /** The `exposed` key: the exposed card may be reported after the key, within one round. */
  | { kind: "exposed"; due: number; counted?: number; inDoubt?: string[] }
  /** Board cards for the next street came (at `since`) with no burn yet, or before the round closed. */
  | { kind: "board"; due: number; before: number; since: number }
  /** The last hand's cards were still listed at the press (`since`): unless they leave within the lag. */
  | { kind: "deckCollected"; due: number; since: number }
  /**
   * DECK_NOT_COLLECTED was told at the deck's judgement: the dealer collects now, and a card of the last
   * hand read as dealt again on its seat may be reported gone up to a departure later, so the deal is
   * not whole on it till then (./deal.ts mayBeCollected; missedScans 5 with the host's focus, seed 26 at
   * 600 ms: such a card, known gone just after the deal was judged whole, made the seat's second card
   * read as a third).
   */
  | { kind: "collecting"; due: number; since: number }
  /** A card of the face a leftover read as dealt again holds: a duplicate only if it stays (./leftoverCopy.ts). */
  | {
      kind: "leftoverCopy";
      due: number;
      since: number;
      leftover: string;
      tag: string;
      card: Card;
      antenna: string;
    }
  /** Premature cards still listed when their round closed (`since`): dealt again, unless they leave. */
  | { kind: "prematureStands"; due: number; since: number; tags: string[] }
  /**
   * A street was dealt with the extra burn (BURN_UNEXPECTED) still listed: told unless it leaves by then.
   * `since`: when the street began; only chips that changed before then are read ahead of it.
   */
  | { kind: "extraBurnStands"; due: number; since: number; tag: string; street: Street }
  /**
   * A burn placed during the betting of a street dealt with none, judged a scan round later: the round's
   * last action may still be on its way to the pot, and then the card is the next street's burn.
   */
  | { kind: "lateBurn"; due: number; since: number; tag: string; street: Street; next: Street }
  /**
   * Two cards for the turn in an all-in run-out, still both listed when a burn came: dealt again as the
   * river unseen, unless one is reported gone by the time a departure before the burn would be.
   */
  | { kind: "extraDealtAgain"; due: number; since: number }
  /**
   * A street began with a seat owing on an undercall or underraise: told pulled in short a scan round
   * later, once the pot has reported the round's sweep (the rest may have gone in with it unseen).
   */
  | { kind: "shortCallsPulled"; due: number; since: number }
  /**
   * A call that would end the river's betting left its zone unread and went nowhere seen: perhaps pushed
   * to the winner with the pot (reported K scans late). CHIPS_TAKEN_BACK waits the readers' lag from the
   * zone's emptying (./takenBack.ts); `to`: the seat's bet with the chips.
   */
  | { kind: "takenBackWait"; due: number; since: number; seat: number; to: number; chips: ChipTag[] }
  /** A seat's cards reached the muck out of turn while a bet zone's chips were unread (./turn.ts cardMucked). */
  | { kind: "foldOutOfTurn"; due: number; since: number; seat: number }
  /** Chips put out between rounds wait this long for the next street (see `deferredChips`). */
  | { kind: "chipsBetweenRounds"; due: number }
  /**
   * A push read short of the call: the rest of it may have been swept into the pot between two scans of
   * the zone; the pot reports it within one round. `chips`: the zone as it was read (not yet accounted).
   * Only the pot can complete it: chips the zone reports later are a second motion (the settle window).
   */
  | {
      kind: "shortPush";
      due: number;
      /** When it was read: chips that changed after it belong after it. */
      since: number;
      seat: number;
      chips: { tag: string; denomination: number }[];
    }
  /**
   * The seat to act's zone lists chips of its out-of-turn action made void beside new ones: they may have
   * been taken back already (./voidedChips.ts). `chips`: the zone as it was read (not yet accounted).
   */
  | {
      kind: "voidedChips";
      due: number;
      since: number;
      seat: number;
      chips: { tag: string; denomination: number }[];
    }
  /** Three Card Poker: the first card was drawn; bets reported within one round of it were placed before it. */
  | { kind: "betsLocked"; due: number; since: number }
  /** Three Card Poker: the deal looked over (dealer's third card, `ok`, a decision); a card short may be reported late. */
  | { kind: "dealEnd"; due: number; since: number }
  /** Three Card Poker: the `exposed` key; the card it is about may be reported after it, within one round. */
  | { kind: "tcpExposed"; due: number; since: number };

/** The reading's windows, as the hand needs them. */
export interface ReadingWindows {
  /** One scan round: judgements of order allow this much. */
  scanRoundMs: number;
  /** How long a report may go on listing a tag that has left (K missed scans, plus a round). */
  lagMs: number;
  /**
   * How long a tag reported missing stays unseen before the table takes it as gone (a flicker is
   * shorter): a departure is known `lagMs + departMs` after the tag left at the latest. Absent: 0.
   */
  departMs?: number;
  /** How long a bet zone must be steady before its chips are read (the settle window and a round). Absent: 0. */
  settleMs?: number;
}

export interface HandContext {
  /** Time of the event being handled (every output carries it). */
  t: number;
  hand: number;
  game: GameSettings;
  def: GameDef;
  positions: Positions;
  level: Level;
  redeal: boolean;
  seatCount: number;
  oddChipUnit: number;
  stacksBefore: Record<number, number>;
  /** Seats dealt in, in dealing order (first card first). */
  entitled: number[];
  betting: BettingState;
  /** Hole card tags per seat, as dealt. */
  hole: Record<number, string[]>;
  /** Face → tag of every card in play this hand: a second tag of a face is a duplicate. */
  faces: Map<Card, string>;
  cardsDealt: number;
  /**
   * Every seat dealt in had its cards. Not the chart's `dealing` state: a board procedure (RP-5 A, a
   * flop before the pre-flop round is complete) and a hold can begin during the deal, and their states
   * do not say whether it was complete; `undo` restores it with the rest of the hand (undo.ts).
   */
  dealComplete: boolean;
  exposures: number;
  board: BoardState;
  zones: Record<number, ZoneAccount>;
  /**
   * Each seat's total on the street of its last action (blinds included): chips up to it are not new.
   * Read-only records, replaced by each action: the undo copy shares them.
   */
  committed: Record<number, Readonly<{ street: Street; to: number }>>;
  pendingFolds: number[];
  pendingOutOfTurn: PendingOutOfTurn | null;
  /**
   * Chips of an out-of-turn action made void (the bet to the seat changed, TDA 53) that its zone still
   * listed then: the player's to take back or leave out (./voidedChips.ts).
   */
  voidedOutOfTurn: { seat: number; tags: string[] } | null;
  /** Player keys pressed before the table began the street they act on (see actionKey): when, until when. */
  deferredKeys: { key: "check" | "fold" | "allin"; at: number; until: number }[];
  /**
   * Chips read on a seat's zone between rounds, while the table waits for the next street's cards (a
   * card taken off the board is reported K scans late): the street's first actions, read when it begins.
   */
  deferredChips: { seat: number; at: number; chips: { tag: string; denomination: number }[] }[];
  raiseDeclared: boolean;
  /** When the current street began (its cards complete). */
  streetAt: number;
  /** Actions taken on the current street (a four-card flop is only possible before the first). */
  streetActions: number;
  /** Voluntary actions in turn, for substantial action (§4). */
  actionsInTurn: ("check" | "fold" | "chips")[];
  substantial: boolean;
  /** Seats the floor (or the rules) killed; they fold when the action reaches them. */
  dead: number[];
  /**
   * The chart's hold while it handles an input, or the hold an alert of this input asked for; null
   * between inputs: a held hand is the chart's state `held` (see ./hold.ts).
   */
  held: Hold | null;
  /** When the last card that voided the hand (a duplicate, a foreign card) was read (see ./hold.ts). */
  voidCardAt: number | null;
  /** Alerts raised and not yet cleared, as `CODE` or `CODE:seat`. */
  open: string[];
  /** Of the open alerts, how many of their steps the dealer was told are done (./emit.ts stepsDone). */
  stepsDone: Record<string, number>;
  /** The last hand's card tags still on the table at the press; where each lay; all as at the press. */
  stale: string[];
  staleWhere: Record<string, string>;
  lastHands: Readonly<
    Record<string, { antenna: string; card: Card; backOn?: { seat: string; sure: number } }>
  >;
  /** Lone ones read as dealt again on their seat that the deal then went past: its first cards (deal.ts). */
  passedLeftovers: string[];
  /** Chips listed at the press that are the last hand's, not this one's blinds: off their zone until `until`. */
  lastHandsChips: { tags: string[]; until: number };
  reading: ReadingWindows;
  /** Judgements waiting for the readers, earliest first. */
  timers: HandTimer[];
  allinAnnounced: boolean;
  /**
   * Chips counted for seats beyond those read for their actions (the `allin` key, an undercall brought
   * up), and forced bets posted at the press whose chips no reader has shown (./postedUnseen.ts): a
   * quick sweep may take them to the pot unseen, where with no seat to act only the rest is asked about.
   */
  countedUnseen: number;
  postedUnseen: { blinds: Record<number, number>; antes: number };
  /**
   * The last `allin` key: the seat, the street and when. A player puts his chips out after the key, so
   * if it ended the hand (a call that closed the betting) they are reported once the hand is over, and
   * the next hand must not take them for its own (holdemLifecycle.ts chipsToCome).
   */
  lastAllInKey: { seat: number; street: Street; t: number } | null;
  /**
   * CHIPS_TAKEN_BACK's follow-up (./takenBack.ts): per seat, the street (`next`: between rounds, the one
   * to come), the chips taken back, the total its bet reaches once they are out again (r.49–50), and
   * whether another follow-up was told.
   */
  takenBack: Record<
    number,
    { street: Street; to: number; amount: number; chips?: ChipTag[]; told?: boolean; next?: boolean }
  >;
  /** POT_CHIPS_UNREAD's follow-up (./potUnread.ts): chips counted for nobody, given back, the pot as read. */
  unreadInPot: { amount: number; givenBack: number; pot: [string, number][] } | null;
  /**
   * UNDERCALL's follow-up (2019 r.51: the undercall is a call): per seat, the street of the call, the
   * chips the seat still owes on it, and whether the table told that the bets were pulled in short.
   * Paid on the zone before the pull, or into the pot once the bets are in it.
   */
  shortCalls: Record<
    number,
    {
      street: Street;
      owed: number;
      pulled: boolean;
      /**
       * The alert the debt closes: an undercall (none given), an underraise the table counted at the
       * minimum (2019 r.52), or an out-of-turn action whose chips were taken back (r.53).
       */
      code?: "ACTION_OUT_OF_TURN" | "UNDERRAISE";
    }
  >;
  result: HandResult | null;
  finalStacks: Record<number, number> | null;
  /** The debts a shuffler press settled the hand with (./pressOwing.ts), for the floor. */
  owedAtTheEnd: OwedAtTheEnd[];
  /** Table events produced by the event being handled; drained by the session. */
  out: TableEvent[];
  /** The hand before the dealer's last key that `undo` may take back (src/hand/undo.ts), or null. */
  undoable: { key: UndoableKey; before: Before } | null;
}

/** A seat that still owed the rest of an undercall (r.51) or an underraise (r.52) when its hand ended. */
export type OwedAtTheEnd = { seat: number; owed: number; code: "UNDERCALL" | "UNDERRAISE" };

/** A seat's bet zone account (made on first use). */
export function zoneAccount(h: HandContext, seat: number): ZoneAccount {
  return (h.zones[seat] ??= { chips: new Map() });
}

/** Chips a seat's zone may still gain this street that only make up what is already counted for it. */
export function uncountedRoom(
  h: HandContext,
  seat: number,
  street: HandContext["betting"]["street"],
  present?: ReadonlySet<string>,
): number {
  const account = zoneAccount(h, seat);
  let onZone = 0;
  // Chips of the last hand still listed (the bridge's lag, a late collection) are not this hand's.
  const lastHands = h.t < h.lastHandsChips.until ? h.lastHandsChips.tags : [];
  for (const [tag, c] of account.chips)
    if (c.street === street && !lastHands.includes(tag) && (present?.has(tag) ?? true))
      onZone += c.denomination;
  const committed = h.committed[seat];
  const counted = committed?.street === street ? committed.to : 0;
  return counted - onZone;
}
