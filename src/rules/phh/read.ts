/** Reads a PHH hand history into the engine's terms: game, level, stacks by seat, typed actions. */
import { readFileSync } from "node:fs";
import { parse as parseToml } from "smol-toml";
import type { ForcedBetLevel } from "../forcedBets.js";
import { flhe, type GameDef, type LimitSizes, nlhe, plo } from "../games.js";
import { type PhhAction, parsePhhAction } from "./actions.js";
import { type PhhFile, PhhFileSchema, SUPPORTED_VARIANTS, type SupportedVariant } from "./schema.js";

/** Why a file could not be imported: malformed, a game or feature the engine does not play, or half chips. */
export type PhhErrorKind = "invalid" | "unsupported" | "fractional";

/** An import error that names the file. */
export class PhhError extends Error {
  constructor(
    readonly file: string,
    readonly kind: PhhErrorKind,
    detail: string,
  ) {
    super(`${file}: ${detail}`);
    this.name = "PhhError";
  }
}

/** A PHH hand ready to replay. Seat numbers are PHH player numbers (p1 = seat 1). */
export interface PhhHand {
  readonly file: string;
  readonly variant: SupportedVariant;
  readonly game: GameDef;
  readonly startingStacks: readonly number[];
  readonly finishingStacks: readonly number[] | null;
  readonly level: ForcedBetLevel;
  readonly limit: LimitSizes | null;
  readonly actions: readonly PhhAction[];
  /** Chips raked from the pot (0: none). */
  readonly rake: number;
}

const GAME_OF: Record<SupportedVariant, GameDef> = {
  NT: nlhe,
  PO: plo,
  FT: flhe,
};

/** Reads and validates a PHH file. Throws {@link PhhError}. */
export function readPhhFile(path: string): PhhHand {
  return parsePhh(readFileSync(path, "utf8"), path);
}

/** Parses and validates PHH text; `file` names the source in errors. Throws {@link PhhError}. */
export function parsePhh(text: string, file: string): PhhHand {
  let raw: unknown;
  try {
    raw = parseToml(text);
  } catch (e) {
    throw new PhhError(file, "invalid", `not valid TOML: ${(e as Error).message}`);
  }
  const parsed = PhhFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
    throw new PhhError(file, "invalid", `not a PHH hand: ${issues}`);
  }
  return toHand(parsed.data, file);
}

function toHand(phh: PhhFile, file: string): PhhHand {
  const variant = SUPPORTED_VARIANTS.find((v) => v === phh.variant);
  if (variant === undefined)
    throw new PhhError(file, "unsupported", `variant ${phh.variant} is not played here`);
  const n = phh.starting_stacks.length;
  const amounts = [
    ...phh.antes,
    ...(phh.blinds_or_straddles ?? []),
    ...phh.starting_stacks,
    ...(phh.finishing_stacks ?? []),
    phh.min_bet ?? 0,
    phh.small_bet ?? 0,
    phh.big_bet ?? 0,
  ];
  if (amounts.some((a) => !Number.isInteger(a))) {
    throw new PhhError(file, "fractional", "fractional chips: real chips cannot be split below one unit");
  }
  for (const [name, list] of [
    ["antes", phh.antes],
    ["blinds_or_straddles", phh.blinds_or_straddles],
    ["finishing_stacks", phh.finishing_stacks],
  ] as const) {
    if (list !== undefined && list.length !== n) {
      throw new PhhError(file, "invalid", `${name} has ${list.length} entries for ${n} players`);
    }
  }
  const level = forcedBets(phh, file);
  const limit = variant === "FT" ? limitOf(phh, file) : null;
  if (variant !== "FT" && phh.min_bet !== undefined && phh.min_bet !== level.bb) {
    throw new PhhError(file, "unsupported", `min_bet ${phh.min_bet} differs from the big blind ${level.bb}`);
  }
  let actions: PhhAction[];
  try {
    actions = phh.actions.map(parsePhhAction);
  } catch (e) {
    throw new PhhError(file, "unsupported", (e as Error).message);
  }
  return {
    file,
    variant,
    game: GAME_OF[variant],
    startingStacks: phh.starting_stacks,
    finishingStacks: phh.finishing_stacks ?? null,
    level,
    limit,
    actions,
    rake: phh.rake ?? 0,
  };
}

/** Blinds `[sb, bb, 0…]` (heads-up the same values, posted in reverse); antes per player or the big blind's. */
function forcedBets(phh: PhhFile, file: string): ForcedBetLevel {
  const blinds = phh.blinds_or_straddles ?? [];
  const [sb = 0, bb = 0, ...straddles] = blinds;
  if (bb <= 0) throw new PhhError(file, "unsupported", "no big blind (bring-in games are not played here)");
  if (straddles.some((s) => s > 0)) throw new PhhError(file, "unsupported", "straddles are not played here");
  const antes = phh.antes;
  if (antes.every((a) => a === 0)) return { sb, bb, ante: 0, bbAnte: 0 };
  // A big-blind ante is recorded as the big blind's entry only.
  if (antes.every((a, i) => (i === 1 ? a > 0 : a === 0))) return { sb, bb, ante: 0, bbAnte: antes[1]! };
  if (antes.every((a) => a === antes[0])) return { sb, bb, ante: antes[0]!, bbAnte: 0 };
  throw new PhhError(
    file,
    "unsupported",
    `antes ${JSON.stringify(antes)} are neither per-player nor a big-blind ante`,
  );
}

function limitOf(phh: PhhFile, file: string): LimitSizes {
  if (phh.small_bet === undefined || phh.big_bet === undefined) {
    throw new PhhError(file, "invalid", "a fixed-limit hand needs small_bet and big_bet");
  }
  // The house default cap (a bet and three raises); every recorded limit hand plays within it.
  return { smallBet: phh.small_bet, bigBet: phh.big_bet, cap: 4 };
}
