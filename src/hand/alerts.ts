/**
 * What the table says for each detection of the alert catalogue (src/contract/alerts.ts holds the
 * codes, rules and severities): the text and the steps the dealer follows. One home for every word the
 * dealer reads on the panel. (Over 300 lines: one entry per detection, kept in one file so that the
 * words can be read and reviewed side by side.)
 */
import { alert } from "../contract/alerts.js";
import type { DeviceUnit } from "../contract/input.js";

// The catalogue itself (codes, rules, severities) is the contract's: src/contract/alerts.ts.
export { type AlertCode, alert, CATALOGUE, isAlertCode } from "../contract/alerts.js";

interface DeviceWords {
  name: string;
  meaning: string;
  steps: string[];
}

/**
 * The devices that report going away as readers do (src/contract/input.ts): the floor reads what their
 * loss means at the table, not that a reader lost antennas it does not have.
 */
const DEVICE_WORDS: Record<DeviceUnit, DeviceWords> = {
  keys: {
    name: "The dealer keys",
    meaning: "no key reaches the table, and the seat lights and pot digits they drive are dark",
    steps: [
      "Keep dealing; tell the floor what a key would have told the table (a fold, an exposed card)",
      "Call the table engineer: the keys' board must be plugged back in and the service restarted",
    ],
  },
  allin: {
    name: "The all-in button",
    meaning: "a press of it does not reach the table",
    steps: [
      "Keep dealing as usual",
      "Call the table engineer if it does not come back (the table looks for it again every few seconds)",
    ],
  },
  panel: {
    name: "The dealer panel",
    meaning: "it no longer shows the alerts and their steps",
    steps: [
      "Read the alerts and their steps on the floor page, or ask the floor",
      "Call the table engineer if it does not come back (the table tries the panel again every few seconds)",
    ],
  },
};

const MISDEAL_STEPS = [
  "Stop dealing",
  "Call the floor",
  "If the floor declares a misdeal: collect every card, press the shuffler and deal again (same button, same blinds)",
];

/** The words for each detection. */
export const say = {
  misdealFirstCard: (t: number, seat: number, expected: number) =>
    alert(
      t,
      "MISDEAL_FIRST_CARD",
      `Misdeal: the first card went to seat ${seat}; it should go to seat ${expected}`,
      MISDEAL_STEPS,
      seat,
    ),
  misdealNotEntitled: (t: number, seat: number) =>
    alert(
      t,
      "MISDEAL_NOT_ENTITLED",
      `Misdeal: seat ${seat} is not in this hand but was dealt a card`,
      MISDEAL_STEPS,
      seat,
    ),
  misdealDealtOut: (t: number, seat: number) =>
    alert(
      t,
      "MISDEAL_DEALT_OUT",
      `Misdeal: seat ${seat} is in the hand but was dealt out`,
      MISDEAL_STEPS,
      seat,
    ),
  misdealExposed: (t: number, why: string) => alert(t, "MISDEAL_EXPOSED", `Misdeal: ${why}`, MISDEAL_STEPS),
  misdealCardCount: (t: number, seat: number, count: number, expected: number) =>
    alert(
      t,
      "MISDEAL_CARD_COUNT",
      `Misdeal: seat ${seat} holds ${count} cards; the game deals ${expected}`,
      MISDEAL_STEPS,
      seat,
    ),
  handDead: (t: number, seat: number, why: string) =>
    alert(
      t,
      "HAND_DEAD",
      `Seat ${seat}'s hand is dead: ${why}`,
      [
        "Call the floor",
        `If the floor rules the hand dead: move seat ${seat}'s cards to the muck`,
        "Play continues without that hand",
      ],
      seat,
    ),
  /** The floor ruled a seat's hand dead with no alert asking it to (HAND_DEAD: "or the floor rules it dead"). */
  handRuledDead: (t: number, seat: number) =>
    alert(
      t,
      "HAND_DEAD",
      `Seat ${seat}'s hand is dead: the floor ruled it dead`,
      [`Move seat ${seat}'s cards to the muck`, "Play continues without that hand"],
      seat,
    ),
  // Short steps, each read at arm's length on the dealer panel, which shows the one the table waits for
  // (src/hand/procedureSteps.ts): the pick is one step, what it leaves (the flop, the turn unburned) the next.
  fourCardFlop: (t: number) =>
    alert(t, "FOUR_CARD_FLOP", "Four-card flop: the board holds four cards", [
      "Call the floor",
      "Scramble the four cards face down",
      "A player picks one for the burn",
      "The other three are the flop; the turn is dealt without burning",
    ]),
  fourCardFlopNotDone: (t: number) =>
    alert(
      t,
      "FOUR_CARD_FLOP",
      "Four-card flop not put right: a card came on the board before one of the four went on the burn",
      [
        "Stop dealing and call the floor",
        "Take the new card off the board",
        "A player picks one of the four to burn",
        "The other three are the flop; the turn is dealt without burning",
      ],
    ),
  prematureFlop: (t: number) =>
    alert(t, "PREMATURE_FLOP", "Premature flop: pre-flop betting is not complete", [
      "Leave the burn card where it is",
      "Return the three flop cards to the stub and reshuffle the stub",
      "Finish the pre-flop betting",
      "Deal the flop again without burning",
    ]),
  prematureTurn: (t: number) =>
    alert(t, "PREMATURE_TURN", "Premature turn: the flop betting is not complete", [
      "Set the premature turn card aside, face down",
      "Finish the flop betting",
      "Burn and deal the next card as the turn",
      "After the turn betting, return the set-aside card to the stub and reshuffle the stub",
      "Deal the river without burning",
    ]),
  prematureRiver: (t: number) =>
    alert(t, "PREMATURE_RIVER", "Premature river: the turn betting is not complete", [
      "Leave the burn: it is the river burn",
      "Return the river card to the stub",
      "Finish the turn betting",
      "Reshuffle the stub and deal the river without burning",
    ]),
  /**
   * RP-5: the betting round closed with the premature cards still on the board, and the table took them
   * as the street. That is what a dealer does who forgot the procedure, or (rarely) one whose reshuffled
   * stub gave the same cards again faster than the readers saw them leave: the floor tells which.
   */
  prematureStood: (
    t: number,
    code: "PREMATURE_FLOP" | "PREMATURE_TURN" | "PREMATURE_RIVER",
    cards: number,
  ) => {
    const street = code === "PREMATURE_FLOP" ? "flop" : code === "PREMATURE_TURN" ? "turn" : "river";
    const these = cards === 1 ? `the premature ${street} card is` : `${cards} premature ${street} cards are`;
    return alert(t, code, `Premature ${street}: ${these} still on the board after the betting round`, [
      "Stop dealing and call the floor",
      code === "PREMATURE_TURN"
        ? "RP-5B sets the premature turn card aside: the turn is the card dealt after a new burn"
        : `RP-5${code === "PREMATURE_FLOP" ? "A" : "C"} returns premature cards to the stub: the ${street} is dealt again from the reshuffled stub`,
      `The table has taken the board as it lies; the floor rules whether it stands (continue)`,
    ]);
  },
  // Told once the street's card is on the board, so a burn "before" it can no longer be given; the
  // rules' digest (shared/rules, section 5): a burn is a precaution and does not fix the order of the
  // cards, so the street stands and the next one is burned as usual.
  burnMissing: (t: number, street: string) =>
    alert(t, "BURN_MISSING", `No burn card before the ${street}`, [
      `The ${street} stands as dealt: a burn is a precaution and does not fix the order of the cards`,
      street === "river"
        ? "Do not burn a card now"
        : "Do not burn a card now; burn before the next street as usual",
      `Press ok; call the floor if a player disputes the ${street}`,
    ]),
  // A dealer's procedure (the contract makes it dealer severity): the card just burned is the one the
  // street is dealt from (r.35, RP-5: the street comes without a burn; after a missing burn, the next
  // street's burn), unseen, so it goes back on top of the stub. Taking it off the burn closes the alert.
  burnUnexpected: (t: number, street: string, why: string) =>
    alert(t, "BURN_UNEXPECTED", `A burn card was placed where no burn is due: ${why}`, [
      "Take the card just burned off the burn, face down, and put it back on top of the stub",
      why.startsWith(`the ${street} is dealt without`)
        ? `Deal the ${street} without burning`
        : `Finish the betting, then burn and deal the ${street} as usual`,
    ]),
  // The street was dealt with the extra burn still out: it stands, as a street dealt with no burn does
  // (shared/rules section 5: a burn does not fix the order of the cards).
  burnUnexpectedStood: (t: number, street: string) =>
    alert(
      t,
      "BURN_UNEXPECTED",
      `The ${street} was dealt with the extra burn card still on the burn: it was not put back on the stub`,
      [
        `The ${street} stands as dealt: a burn does not fix the order of the cards`,
        "Leave the card on the burn now",
        `Press ok; call the floor if a player disputes the ${street}`,
      ],
    ),
  // The face is never named: it may be a hole card, and alerts are public (principle 5).
  duplicateCard: (t: number, antenna: string) =>
    alert(
      t,
      "DUPLICATE_CARD",
      `A second card of a face already in play arrived on ${antenna}: the deck is not whole`,
      [
        "Stop the hand",
        "Call the floor: a hand with a duplicate card is void (IPC 29)",
        "Replace the deck before the next hand",
      ],
    ),
  foreignCard: (t: number, antenna: string, reason: string) =>
    alert(t, "FOREIGN_CARD", `A card that is not of this deck is in play on ${antenna}: ${reason}`, [
      "Stop the hand",
      "Call the floor: a hand with a card from another deck is void (IPC 29)",
      "Replace the deck before the next hand",
    ]),
  deckNotCollected: (t: number, where: string[]) =>
    alert(t, "DECK_NOT_COLLECTED", `Cards of the last hand are still on ${where.join(", ")}`, [
      "Collect every card of the last hand into the deck before dealing",
    ]),
  outOfTurn: (t: number, seat: number, toAct: number | null) =>
    alert(
      t,
      "ACTION_OUT_OF_TURN",
      `Seat ${seat} acted out of turn${toAct === null ? "" : `; seat ${toAct} is to act`}`,
      [
        `Leave seat ${seat}'s chips where they are`,
        `Action backs up to seat ${toAct ?? "to act"}`,
        `If the action to seat ${seat} does not change, the out-of-turn action stands; if it changes, seat ${seat} takes the chips back and has all options`,
      ],
      seat,
    ),
  // 2019 r.51: a full call heads-up or against the opening bet; elsewhere the floor decides (the table
  // reads a call until it rules: a fold is the floor's `dead`).
  // r.53: the out-of-turn action is binding while the action to the seat does not change; its chips stay out.
  outOfTurnTakenBack: (t: number, seat: number, toAct: number | null, missing: number) =>
    alert(
      t,
      "ACTION_OUT_OF_TURN",
      `Seat ${seat} took back ${missing} put out out of turn: the action stands while the action to seat ${seat} does not change (r.53)`,
      [
        `Have seat ${seat} put the ${missing} back out`,
        `Action backs up to seat ${toAct ?? "to act"}`,
        `If the action to seat ${seat} changes, seat ${seat} takes the chips back and has all options`,
      ],
      seat,
    ),
  undercall: (t: number, seat: number, text: string, bringTo: number, floorDecides = false) =>
    alert(
      t,
      "UNDERCALL",
      `Seat ${seat} put out less than the call: ${text}`,
      floorDecides
        ? [
            "Call the floor: r.51 leaves this undercall to the floor",
            `If the floor rules a call: have seat ${seat} complete it to ${bringTo}`,
            `If the floor rules a fold: the chips put out stay in the pot; the floor rules seat ${seat} dead`,
          ]
        : [`Have seat ${seat} complete the call to ${bringTo}`, "Call the floor if the player disputes it"],
      seat,
    ),
  /**
   * The bets were pulled into the pot with the undercall not completed. r.51 makes it a call: the table
   * counted the whole call, and the seat owes the rest to the pot (on its zone it would be a bet on the
   * street now being played).
   */
  undercallPulled: (t: number, seat: number, owed: number, to: number, street: string) =>
    alert(
      t,
      "UNDERCALL",
      `Seat ${seat}'s call went into the pot ${owed} short: the undercall is a call to ${to} (r.51), and seat ${seat} owes ${owed}`,
      [
        `Have seat ${seat} put ${owed} into the pot, not on the bet zone (that would be a bet on the ${street})`,
        "Call the floor if the player disputes it",
      ],
      seat,
    ),
  underraise: (t: number, seat: number, text: string, bringTo: number) =>
    alert(
      t,
      "UNDERRAISE",
      `Seat ${seat}'s bet is below the legal minimum: ${text}`,
      [`Have seat ${seat} bring the bet up to ${bringTo}`],
      seat,
    ),
  /**
   * The bets were pulled into the pot with the underraise not brought up. r.52 corrects it to the
   * minimum on its street: the table counted the minimum when it was made, and every later action on
   * that street faced it, so the minimum stands and the seat owes the rest to the pot.
   */
  underraisePulled: (t: number, seat: number, owed: number, to: number, street: string) =>
    alert(
      t,
      "UNDERRAISE",
      `Seat ${seat}'s bet went into the pot ${owed} short: it was corrected to ${to} on its street (r.52), where every later action faced ${to}; seat ${seat} owes ${owed}`,
      [
        `Have seat ${seat} put ${owed} into the pot, not on the bet zone (that would be a bet on the ${street})`,
        "Call the floor if the player disputes it",
      ],
      seat,
    ),
  // Rule 14; the table checks what it can see: the hands stay on their seats (src/hand/tabledHands.ts).
  allinTableHands: (t: number, seats: number[]) =>
    alert(
      t,
      "ALLIN_TABLE_HANDS",
      `All-in and all betting is complete: seats ${seats.join(", ")} table their hands`,
      [
        `Turn every hand in the pot face up now (seats ${seats.join(", ")}), each left on its seat: none goes to the muck`,
        "Then deal the rest of the board",
      ],
    ),
  /** Rule 14: an all-in hand may not be mucked unseen; mucked before it is tabled it is dead unless identifiable (r.13). */
  allinHandMucked: (t: number, seat: number) =>
    alert(
      t,
      "HAND_DEAD",
      `Seat ${seat}'s cards went to the muck before the showdown: an all-in hand is tabled, never mucked unseen (r.14)`,
      [
        "Deal no further card",
        `Call the floor: a hand mucked before it is tabled is dead unless it can be identified (r.13); the table read seat ${seat}'s cards`,
        `If the floor rules it dead: seat ${seat} is out of every pot; if not, take the cards back to seat ${seat} face up`,
      ],
      seat,
    ),
  readerOffline: (t: number, reader: string, antennas: readonly string[]) => {
    const device = DEVICE_WORDS[reader as DeviceUnit] as DeviceWords | undefined;
    return {
      ...(device
        ? alert(t, "READER_OFFLINE", `${device.name} stopped answering: ${device.meaning}`, device.steps)
        : alert(
            t,
            "READER_OFFLINE",
            `Reader ${reader} stopped answering: the table cannot see ${antennas.length > 0 ? antennas.join(", ") : "its antennas"}`,
            [
              "Keep dealing as usual and watch the hand yourself",
              "Call the floor or the table engineer if it does not come back",
            ],
          )),
      reader,
    };
  },
  unknownTag: (t: number, antenna: string, tag: string) =>
    alert(t, "UNKNOWN_TAG", `An unknown tag ${tag} is on ${antenna}`, [
      "Remove anything that is not a card or chip of this table from the antenna",
      "If it is a card or chip, the registry must be updated: call the table engineer",
    ]),
  actionRejected: (t: number, seat: number, why: string) =>
    alert(
      t,
      "ACTION_REJECTED",
      `Seat ${seat}: the table cannot take this action: ${why}`,
      ["Check the action with the player; the table has not recorded it"],
      seat,
    ),
  // r.35: the flop is not settled until one of the four is on the burn; a key for an action on it is
  // not applied (and not kept for later: the player sees another flop when it is put right).
  keyNotApplied: (t: number, key: string) =>
    alert(t, "KEY_NOT_APPLIED", `The ${key} key was not applied: the four-card flop is not put right yet`, [
      "Nobody acts until the flop is three cards (r.35)",
      `Once the flop is put right, press ${key} again if the player still means it`,
    ]),
  boardTooMany: (t: number, street: string, came: number, takes: number) =>
    alert(
      t,
      "BOARD_TOO_MANY",
      `${came} cards came on the board for the ${street}, which is ${takes === 1 ? "one card" : `${takes} cards`}`,
      [
        "Stop dealing",
        "Call the floor",
        "The extra card is premature (RP-5): take it off the board and set it aside as the floor directs",
        `The ${street} counts once the board holds the right number of cards`,
      ],
    ),
  inputNotApplied: (t: number, why: string) =>
    alert(t, "INPUT_NOT_APPLIED", `The table could not follow the hand: ${why}. The hand is held`, [
      "Call the floor",
      "Check the board, the hole cards and the bets against what the table shows",
      "The floor rules: continue, void (every chip back) or misdeal",
    ]),
  chipsTakenBack: (t: number, seat: number, amount: number) =>
    alert(
      t,
      "CHIPS_TAKEN_BACK",
      `Seat ${seat} put out ${amount} and took it back before the table read it`,
      [
        `Chips put over the line stay in (r.49–50): have seat ${seat} put the ${amount} back out if they were a bet`,
        "If they were never a bet (change, a slip), carry on",
      ],
      seat,
    ),
  /** CHIPS_TAKEN_BACK followed by another action: a bet the floor rules on, or a slip (src/hand/takenBack.ts). */
  chipsNotPutBack: (t: number, seat: number, amount: number, did: string) =>
    alert(
      t,
      "CHIPS_TAKEN_BACK",
      `Seat ${seat} ${did} without putting back out the ${amount} it took back: the table cannot tell whether they were a bet`,
      [
        `If the ${amount} was a bet, it stays in (r.49–50): call the floor`,
        "If it was never a bet (change, a slip), press ok",
      ],
      seat,
    ),
  potChipsUnread: (t: number, amount: number) =>
    alert(
      t,
      "POT_CHIPS_UNREAD",
      `The pot gained ${amount} that no bet zone held, while no seat was to act: the table counted it for nobody`,
      [
        "Say whose chips went into the pot",
        "If they are a player's, give them back to him or call the floor to rule on them",
        "If they were the pot's already (a sweep the table missed), press ok: the table cannot tell which",
      ],
    ),
  /** POT_CHIPS_UNREAD's chips given back in part (src/hand/potUnread.ts). */
  potChipsPartlyBack: (t: number, given: number, amount: number) =>
    alert(
      t,
      "POT_CHIPS_UNREAD",
      `${given} of the ${amount} the table counted for nobody left the pot: ${amount - given} is still in it`,
      [
        `If the ${amount} was a player's, give him back the other ${amount - given}, or call the floor`,
        "If the rest was the pot's already, press ok: the table cannot tell which",
      ],
    ),
  tagMisplaced: (t: number, antenna: string, what: "card" | "chip") =>
    alert(
      t,
      "TAG_MISPLACED",
      what === "card"
        ? `A card is lying on ${antenna}, where only chips are read`
        : `A chip is lying on ${antenna}, where only cards are read`,
      [
        what === "card"
          ? `Move the card off ${antenna} to where it belongs (seat, board, burn or muck)`
          : `Move the chip off ${antenna} to the bet zone or the pot it belongs to`,
      ],
    ),
  /**
   * Each card in conflict is told; a second one on the same two antennas says how many are read on
   * both now, so the floor can tell its line from the first without a card being named (principle 6).
   */
  readConflict: (t: number, antennas: readonly string[], count = 1) =>
    count <= 1
      ? alert(t, "READ_CONFLICT", `One card is read on both ${antennas.join(" and ")}`, [
          `Move the card fully onto one antenna: the table waits until only one reads it`,
        ])
      : alert(
          t,
          "READ_CONFLICT",
          `Another card is read on both ${antennas.join(" and ")}: ${count} cards are read on both now`,
          [`Move the ${count} cards fully onto one antenna: the table waits until only one reads each`],
        ),
  stackMismatch: (t: number, seat: number, put: number, stack: number) =>
    alert(
      t,
      "STACK_MISMATCH",
      `Seat ${seat} put out ${put}, more than the ${stack} the table knows it has`,
      [
        "Call the floor: the stack the table knows is wrong, or chips came from elsewhere",
        `The table reads seat ${seat} as all-in for ${stack} until the floor corrects the stack`,
      ],
      seat,
    ),
  /**
   * The dealer pressed the shuffler while the showdown waited only for the rest of an undercall (r.51:
   * a call) or an underraise (r.52: corrected to the minimum on its street). The hand is settled as the
   * rules count the bet, which the table did when it read it; the chips were never seen, so the floor
   * settles them (principle 4: nothing silently rewritten).
   */
  handEndedOwing: (
    t: number,
    hand: number,
    seat: number,
    owed: number,
    code: "UNDERCALL" | "UNDERRAISE",
    stack: number,
  ) =>
    alert(
      t,
      "HAND_ENDED_OWING",
      `Hand ${hand} was ended at the shuffler with seat ${seat} owing ${owed}: ${
        code === "UNDERCALL"
          ? "the undercall counts as a call (r.51)"
          : "the underraise was corrected to the minimum on its street (r.52)"
      }, and the pots were awarded on it`,
      [
        `The dealer pressed the shuffler before seat ${seat} put the ${owed} in`,
        `The table charged seat ${seat} the ${owed}: its stack is ${stack} as the table knows it`,
        `Floor: the pots were paid as if seat ${seat} had put it in; have seat ${seat} pay the ${owed}, or correct the stacks if you rule otherwise`,
        "Answer with continue once it is settled",
      ],
      seat,
    ),
  shufflerDuringHand: (t: number, hand: number) =>
    alert(t, "SHUFFLER_DURING_HAND", `The shuffler was pressed while hand ${hand} is not finished`, [
      "Finish the hand, or call the floor to rule it a misdeal or void",
    ]),
};
