/** Types of the chip reader: what one push of chips looks like, the betting state it meets, and the ruling. */

export type BettingStructure = "no-limit" | "pot-limit" | "limit";

/** What the player said before the chips landed (the dealer's `check` / `raise` keys; "call" by voice). */
export type Declaration = "check" | "call" | "raise";

/** The chips one player pushed out in a single motion, and what was declared before they landed. */
export interface ChipPush {
  /** Denominations of the chips of this motion only; chips already in front are `seatStreetTotal`. */
  readonly chips: readonly number[];
  /** Absent when the push was silent. */
  readonly declared?: Declaration;
  /** The street total announced with "raise" ("raise, eight thousand" is a total of 8000, 2019 r.43-B). */
  readonly declaredTo?: number;
  /** The all-in button was pressed before the chips landed: an all-in declaration (r.45-A). */
  readonly allinButton?: boolean;
}

/** Plain numbers from the betting state, as seen by the seat that pushed. */
export interface BettingContext {
  readonly structure: BettingStructure;
  /** Highest street total so far: 0 when nobody has bet this street, the big blind pre-flop. */
  readonly currentBet: number;
  /** Chips already in front of this seat on this street before this motion, blinds included (r.46). */
  readonly seatStreetTotal: number;
  /** Chips the player still holds behind, not counting the chips of this motion. */
  readonly stackBehind: number;
  /** Size of the largest full bet or raise of this street: the minimum raise increment (r.43). */
  readonly lastFullRaise: number;
  /** The minimum opening bet in no-limit and pot-limit. */
  readonly bigBlind: number;
  /** Pot-limit only: the largest street total this seat may make (the engine counts the pot). */
  readonly potLimitMaxTo?: number;
  /** Limit only: the fixed bet and raise size of this street. */
  readonly limitBet?: number;
  /** Who the bet faced comes from, for undercalls (r.51-B); `openingBet` is true pre-flop facing only the big blind. */
  readonly facing: { readonly headsUp: boolean; readonly openingBet: boolean };
  /** False when this seat may only call or fold: betting not re-opened to it (r.47) or the limit raise cap reached (r.48). */
  readonly raiseOpen: boolean;
}

export type ChipAction = "check" | "bet" | "call" | "raise";

/** Where a ruling comes from, named by its 2019 TDA number. */
export type TdaRule = `TDA ${number}`;

export type ChipCorrectionCode =
  /** Less than the call without going all-in (2019 r.51): the alert catalogue's `UNDERCALL`. */
  | "UNDERCALL"
  /** A bet or raise below the legal minimum that must be brought up (2019 r.43, r.52): `UNDERRAISE`. */
  | "UNDERRAISE"
  /** Pot-limit over the pot, or limit over the fixed size: reduced, the excess given back as change. */
  | "OVER_MAXIMUM"
  /** "Raise" or all-in declared where this seat may only call (r.47, r.48): read as a call. */
  | "RAISE_CLOSED";

export type CorrectionRule = `2019 r.${number}` | "pot limit" | "fixed limit";

/** What the dealer must put right after this push. */
export interface ChipCorrection {
  readonly code: ChipCorrectionCode;
  readonly rule: CorrectionRule;
  /** The street total the seat's bet must be brought to (up for UNDERCALL/UNDERRAISE, down for OVER_MAXIMUM). */
  readonly bringTo: number;
  /** True when the rules leave it to the floor (r.51-B: an undercall other than heads-up or vs the opening bet). */
  readonly floorDecides: boolean;
  /** One line for the dealer's panel. */
  readonly text: string;
}

/** How the rules read one push. */
export interface ChipReading {
  readonly action: ChipAction;
  /** The street total the action stands for (what the `action` event reports as `to`). */
  readonly ruledTo: number;
  /** The seat's street total formed by the chips on the table once change is given: never above what is there. */
  readonly to: number;
  /** Chips of this motion that stay in the bet: `to - seatStreetTotal`. */
  readonly amount: number;
  /** Chips of this motion the dealer gives back (the excess over the ruling, e.g. an oversized chip's change). */
  readonly change: number;
  /** Chips the player must still add for the ruling: `ruledTo - to`. */
  readonly owed: number;
  /** The ruling leaves the player with no chips behind. */
  readonly allin: boolean;
  /** The rule that read the push. */
  readonly rule: TdaRule;
  readonly correction?: ChipCorrection;
}
