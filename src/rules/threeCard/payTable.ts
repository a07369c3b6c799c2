/**
 * Pay tables as a house configures them; the defaults are the digest's ("Settling").
 * Odds are "N to 1": a win pays N times the stake on top of the returned stake.
 */
import { z } from "zod";

const Odds = z.number().positive().finite();

/** Ante bonus on a straight or better, whatever the dealer holds. The seed's odds are illegible; 1, 4, 5 to 1 is the usual table (digest). */
export const AnteBonusTable = z
  .object({
    straight: Odds.default(1),
    threeOfAKind: Odds.default(4),
    straightFlush: Odds.default(5),
  })
  .prefault({});

/** Pair Plus on pair or better, as posted in the seed (digest). */
export const PairPlusTable = z
  .object({
    pair: Odds.default(1),
    flush: Odds.default(4),
    straight: Odds.default(6),
    threeOfAKind: Odds.default(33),
    straightFlush: Odds.default(35),
  })
  .prefault({});

/** Prime: the player's three cards of one colour, more when the dealer's three are of one colour too (digest). */
export const PrimeTable = z
  .object({
    playerOneColour: Odds.default(3),
    dealerOneColourToo: Odds.default(4),
    /**
     * Whether the dealer's colour must be the player's for the higher odds. The digest says only "also all
     * of one colour"; an ambiguity is decided for the player, so by default any one colour will do.
     */
    dealerColourMustMatch: z.boolean().default(false),
  })
  .prefault({});

/** The whole pay-table configuration of a Three Card Poker table. */
export const PayTableConfig = z
  .object({
    anteBonus: AnteBonusTable,
    pairPlus: PairPlusTable,
    prime: PrimeTable,
    /**
     * Digest: Pair Plus and Prime "stay in" after a fold ("house setting: whether a fold also forfeits them").
     * Off by default: they stay in, the reading that favours the player.
     */
    foldForfeitsSideBets: z.boolean().default(false),
  })
  .prefault({});

export type PayTable = z.output<typeof PayTableConfig>;
export type PayTableInput = z.input<typeof PayTableConfig>;

/** Validates a house pay-table configuration, filling every missing line with the digest's default. */
export function parsePayTable(input: unknown = {}): PayTable {
  return PayTableConfig.parse(input);
}

/** The digest's pay tables. */
export const DEFAULT_PAY_TABLE: PayTable = parsePayTable({});
