/**
 * The bets of one box and the checks made on them before and during the deal (digest, "Bets" and
 * "The deal and the decision"). Amounts are whole chips, as in the contract.
 */

/** The wagers a player can put on a box. */
export type WagerKind = "ante" | "play" | "pairPlus" | "prime";

/** The chips on one box. `play` is 0 (no Play bet, or a fold) or equal to `ante`. */
export interface ThreeCardBets {
  readonly ante: number;
  readonly play: number;
  readonly pairPlus: number;
  readonly prime: number;
}

/** One box as the hand knows it: its bets and whether it is played blind. */
export interface PlayerBox {
  readonly box: number;
  readonly blind: boolean;
  readonly bets: ThreeCardBets;
}

/** The table minimum and maximum, each placed bet must lie within (digest). */
export interface BetLimits {
  readonly min: number;
  readonly max: number;
}

export type BetViolationCode =
  | "NOT_WHOLE_CHIPS"
  | "BELOW_MINIMUM"
  | "ABOVE_MAXIMUM"
  | "NO_ANTE_OR_PAIR_PLUS"
  | "PRIME_WITHOUT_ANTE_OR_PAIR_PLUS"
  | "PLAY_NOT_EQUAL_ANTE";

export interface BetViolation {
  readonly code: BetViolationCode;
  readonly bet?: WagerKind;
  readonly message: string;
}

const WAGERS: readonly WagerKind[] = ["ante", "play", "pairPlus", "prime"];

/** An empty box: no chips on any circle. */
export const NO_BETS: ThreeCardBets = { ante: 0, play: 0, pairPlus: 0, prime: 0 };

function amountViolations(bets: ThreeCardBets, limits: BetLimits): BetViolation[] {
  const out: BetViolation[] = [];
  for (const bet of WAGERS) {
    const amount = bets[bet];
    if (!Number.isSafeInteger(amount) || amount < 0) {
      out.push({
        code: "NOT_WHOLE_CHIPS",
        bet,
        message: `${bet} must be a whole number of chips, got ${amount}`,
      });
    } else if (amount > 0 && amount < limits.min) {
      out.push({
        code: "BELOW_MINIMUM",
        bet,
        message: `${bet} ${amount} is below the table minimum ${limits.min}`,
      });
    } else if (amount > limits.max) {
      out.push({
        code: "ABOVE_MAXIMUM",
        bet,
        message: `${bet} ${amount} is above the table maximum ${limits.max}`,
      });
    }
  }
  return out;
}

/** Every violation of the betting rules on one box; empty when the bets are good. */
export function validateBets(bets: ThreeCardBets, limits: BetLimits): BetViolation[] {
  const out = amountViolations(bets, limits);
  // Digest: "A player must bet Ante, Pair Plus, or both" — an empty box is no bet at all, so not a violation.
  const placed = WAGERS.some((bet) => bets[bet] !== 0);
  if (placed && bets.ante <= 0 && bets.pairPlus <= 0) {
    out.push({ code: "NO_ANTE_OR_PAIR_PLUS", message: "a box needs an Ante, a Pair Plus bet, or both" });
  }
  if (bets.prime > 0 && bets.ante <= 0 && bets.pairPlus <= 0) {
    out.push({
      code: "PRIME_WITHOUT_ANTE_OR_PAIR_PLUS",
      bet: "prime",
      message: "a Prime bet needs an Ante or a Pair Plus bet beside it",
    });
  }
  if (bets.play !== 0 && bets.play !== bets.ante) {
    out.push({
      code: "PLAY_NOT_EQUAL_ANTE",
      bet: "play",
      message: `the Play bet must equal the Ante (${bets.ante}), got ${bets.play}`,
    });
  }
  return out;
}

export type BlindPlayViolationCode = "MORE_THAN_ONE_OPEN_BOX" | "BLIND_PLAY_MISSING";

export interface BlindPlayViolation {
  readonly code: BlindPlayViolationCode;
  readonly box: number;
  readonly message: string;
}

/** True when a box may be dealt as it stands: an open box, or a blind one whose Ante already has its equal Play. */
export function isBlindPlayReady(box: PlayerBox): boolean {
  return !box.blind || box.bets.ante === 0 || box.bets.play === box.bets.ante;
}

/**
 * Checks one player's boxes before the first card is drawn: at most one open box, and every blind box with
 * an Ante has its equal Play bet down (digest: "any other hand … must be played blind … before any card is drawn").
 */
export function checkBlindPlay(boxes: readonly PlayerBox[]): BlindPlayViolation[] {
  const out: BlindPlayViolation[] = [];
  const open = boxes.filter((b) => !b.blind);
  for (const extra of open.slice(1)) {
    out.push({
      code: "MORE_THAN_ONE_OPEN_BOX",
      box: extra.box,
      message: `box ${extra.box}: a player may play only one box open; box ${open[0]?.box} is already open`,
    });
  }
  for (const b of boxes) {
    if (!isBlindPlayReady(b)) {
      out.push({
        code: "BLIND_PLAY_MISSING",
        box: b.box,
        message: `blind box ${b.box} has an Ante of ${b.bets.ante} but no equal Play bet`,
      });
    }
  }
  return out;
}

/** Whether bets may still be placed or changed: only until the first card is drawn (digest, "Bets"). */
export function isBetChangeAllowed(cardsDrawn: number): boolean {
  return cardsDrawn === 0;
}

export type BetChangeVerdict =
  | { readonly allowed: true; readonly kind: "none" | "betting" | "playDecision" }
  | { readonly allowed: false; readonly message: string };

function sameBets(a: ThreeCardBets, b: ThreeCardBets): boolean {
  return WAGERS.every((bet) => a[bet] === b[bet]);
}

/**
 * Judges a change of one box's chips from `before` to `after` once `cardsDrawn` cards are out. Before the deal
 * anything goes (limits are checked by {@link validateBets}); after it, the only move is an open box with an
 * Ante putting down its equal Play bet — the player's decision, not a change of bet. A blind box has no
 * decision: its Play was due before the deal.
 */
export function checkBetChange(
  before: ThreeCardBets,
  after: ThreeCardBets,
  box: { readonly blind: boolean; readonly cardsDrawn: number },
): BetChangeVerdict {
  if (sameBets(before, after)) return { allowed: true, kind: "none" };
  if (isBetChangeAllowed(box.cardsDrawn)) return { allowed: true, kind: "betting" };
  const playDecision =
    !box.blind &&
    before.ante > 0 &&
    before.play === 0 &&
    after.play === before.ante &&
    sameBets({ ...before, play: after.play }, after);
  if (playDecision) return { allowed: true, kind: "playDecision" };
  return { allowed: false, message: "bets cannot be changed once any card is drawn" };
}
