/** The fields of a PHH hand history (TOML) that the importer uses, validated with zod. */
import { z } from "zod";

const chips = z.number().nonnegative();

/** A PHH file as parsed from TOML; other fields (event, players, …) are allowed and ignored. */
export const PhhFileSchema = z.looseObject({
  variant: z.string().min(1),
  ante_trimming_status: z.boolean().optional(),
  antes: z.array(chips),
  blinds_or_straddles: z.array(chips).optional(),
  bring_in: chips.optional(),
  min_bet: chips.optional(),
  small_bet: chips.optional(),
  big_bet: chips.optional(),
  starting_stacks: z.array(chips).min(2),
  actions: z.array(z.string()),
  finishing_stacks: z.array(chips).optional(),
  /** Chips the house raked from the pot (issue 18; Feltguard's export writes it for a raked hand). */
  rake: chips.optional(),
});

export type PhhFile = z.infer<typeof PhhFileSchema>;

/** Variants the betting engine plays: no-limit hold'em, pot-limit Omaha, fixed-limit hold'em. */
export const SUPPORTED_VARIANTS = ["NT", "PO", "FT"] as const;
export type SupportedVariant = (typeof SUPPORTED_VARIANTS)[number];
