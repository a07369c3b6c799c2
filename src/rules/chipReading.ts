/**
 * Reading chips pushed out (2019 TDA rules 40–52, 55, 61): from the chips of one motion, what was declared
 * first, and the betting state, the action the rules make of it and what the dealer must put right.
 * Pure: no xstate, no I/O.
 */
import type {
  BettingContext,
  ChipAction,
  ChipCorrection,
  ChipPush,
  ChipReading,
  CorrectionRule,
  TdaRule,
} from "./chipReadingTypes.js";

export type * from "./chipReadingTypes.js";

/** What the push puts on the table, measured once. */
interface Measure {
  /** Total of the chips of this motion. */
  readonly pushed: number;
  /** The seat's street total if every pushed chip counted. */
  readonly onTable: number;
  /** The seat's street total with every chip the player owns. */
  readonly allinTo: number;
  /** What the seat still needs to call. */
  readonly toCall: number;
}

interface Ruling {
  readonly ruledTo: number;
  readonly rule: TdaRule;
  readonly correction?: ChipCorrection;
}

interface Aggression {
  readonly rule: TdaRule;
  /** "Raise" or all-in was declared, so a closed betting round deserves a word to the dealer. */
  readonly declared: boolean;
  /** The rule that makes a short bet or raise come up to the minimum. */
  readonly underRule: CorrectionRule;
}

/** Reads the chips one player pushed in one motion into an action, its totals, change and any correction. */
export function readPushedChips(push: ChipPush, ctx: BettingContext): ChipReading {
  checkInput(push, ctx);
  const pushed = push.chips.reduce((sum, chip) => sum + chip, 0);
  const onTable = ctx.seatStreetTotal + pushed;
  const allinTo = onTable + ctx.stackBehind;
  const m: Measure = { pushed, onTable, allinTo, toCall: ctx.currentBet - ctx.seatStreetTotal };
  return settle(decide(push, ctx, m), ctx, m);
}

/** The smallest street total a bet or raise may make here (r.43; the big blind or the limit bet to open). */
export function minimumTo(ctx: BettingContext): number {
  if (ctx.currentBet === 0) return ctx.structure === "limit" ? limitBet(ctx) : ctx.bigBlind;
  return ctx.currentBet + raiseStep(ctx);
}

function decide(push: ChipPush, ctx: BettingContext, m: Measure): Ruling {
  // r.45-A: an all-in declaration puts every chip in, so the chip-count tests never apply to it.
  if (push.allinButton) return aggressive(m.allinTo, ctx, m, { ...bringUp, rule: "TDA 45", declared: true });
  switch (push.declared) {
    case "check":
    case "call":
      return declaredCall(push.declared, ctx, m);
    case "raise":
      return declaredRaise(push, ctx, m);
    default:
      return silent(push.chips, ctx, m);
  }
}

const bringUp: Aggression = { rule: "TDA 52", declared: false, underRule: "2019 r.52" };

function declaredCall(said: "check" | "call", ctx: BettingContext, m: Measure): Ruling {
  // r.55-A: "call" facing no bet is a check, and chips pushed after it go back.
  if (m.toCall === 0) return { ruledTo: ctx.seatStreetTotal, rule: said === "call" ? "TDA 55" : "TDA 40" };
  // r.55: "check" facing a bet leaves call or fold; chips pushed after it make the call, never a raise.
  if (said === "check" && m.pushed === 0) {
    throw new RangeError('"check" facing a bet with no chips: wait for the call or the fold (r.55)');
  }
  // r.51-A: a declared call binds the full call, whatever chips follow.
  return { ruledTo: callTo(ctx, m), rule: said === "call" ? "TDA 51" : "TDA 55" };
}

function declaredRaise(push: ChipPush, ctx: BettingContext, m: Measure): Ruling {
  // r.43-B: "raise" with an amount is the total; r.44: with one chip and no amount, the most the chip allows;
  // r.51-A, r.55-B: "raise" alone binds at least a minimum bet or raise.
  const target = push.declaredTo ?? (push.chips.length === 0 ? minimumTo(ctx) : m.onTable);
  const oneChip = push.declaredTo === undefined && push.chips.length === 1;
  const rule: TdaRule = ctx.currentBet === 0 ? "TDA 55" : oneChip ? "TDA 44" : "TDA 43";
  return aggressive(target, ctx, m, { ...bringUp, rule, declared: true });
}

function silent(chips: readonly number[], ctx: BettingContext, m: Measure): Ruling {
  if (chips.length === 0) {
    if (m.toCall === 0) return { ruledTo: ctx.seatStreetTotal, rule: "TDA 40" };
    throw new RangeError("nothing pushed and nothing declared facing a bet: there is no action to read");
  }
  // r.44: facing no bet, a silent oversized chip is a bet of its full value; several chips bet their total (r.40).
  if (ctx.currentBet === 0) {
    return aggressive(m.onTable, ctx, m, { ...bringUp, rule: chips.length === 1 ? "TDA 44" : "TDA 40" });
  }
  // r.46-C2: prior chips already cover the call (the big blind's option): the combined bet meets the 50% test.
  if (m.toCall === 0) return lastChipsOrFiftyPercent(ctx, m, "TDA 46");
  if (m.onTable < ctx.currentBet) return short(ctx, m);
  if (chips.length === 1) {
    // r.44 (and r.46-C1): one chip, even the last and however big, is a call unless "raise" came first.
    const chip = chips[0] ?? 0;
    return { ruledTo: ctx.currentBet, rule: chip > m.toCall ? "TDA 44" : "TDA 41" };
  }
  // r.45-A: when one of the smallest chips fewer would not cover the call, every chip was needed: a call.
  if (m.pushed - Math.min(...chips) < m.toCall) return { ruledTo: ctx.currentBet, rule: "TDA 45" };
  return lastChipsOrFiftyPercent(ctx, m, "TDA 45");
}

function lastChipsOrFiftyPercent(ctx: BettingContext, m: Measure, rule: TdaRule): Ruling {
  // r.45-B2: a player's last chips are an all-in whether they reach the 50% threshold or not.
  if (ctx.stackBehind === 0) return aggressive(m.onTable, ctx, m, { ...bringUp, rule });
  // r.43-A: 50% or more of a full raise must be completed to a full raise; below 50% it is a call.
  if ((m.onTable - ctx.currentBet) * 2 < raiseStep(ctx)) return { ruledTo: ctx.currentBet, rule };
  return aggressive(m.onTable, ctx, m, { rule, declared: false, underRule: "2019 r.43" });
}

/** Less than the call, silently: all-in when these were the last chips (r.45), otherwise an undercall (r.51). */
function short(ctx: BettingContext, m: Measure): Ruling {
  if (ctx.stackBehind === 0) return { ruledTo: m.onTable, rule: "TDA 45" };
  const bringTo = callTo(ctx, m);
  // r.51-B: a mandatory full call only heads-up or against the opening bet; elsewhere the floor decides.
  const mandatory = ctx.facing.headsUp || ctx.facing.openingBet;
  const target = `${bringTo}${bringTo === m.allinTo ? " (all-in)" : ""}`;
  const text = mandatory
    ? `Undercall: a full call is required, bring the bet to ${target}`
    : `Undercall: call the floor, who rules a full call to ${target} or a fold forfeiting the chips put out`;
  const correction: ChipCorrection = {
    code: "UNDERCALL",
    rule: "2019 r.51",
    bringTo,
    floorDecides: !mandatory,
    text,
  };
  return { ruledTo: bringTo, rule: "TDA 51", correction };
}

/** A bet or raise to `target`, held to what the structure, the stack and the round allow. */
function aggressive(target: number, ctx: BettingContext, m: Measure, how: Aggression): Ruling {
  const { rule } = how;
  // A player who cannot cover the call cannot raise: every chip he has is an all-in call.
  if (m.allinTo <= ctx.currentBet) return { ruledTo: m.allinTo, rule };
  if (ctx.currentBet > 0 && !ctx.raiseOpen) return raiseClosed(ctx, how);
  const max = structureMax(ctx);
  const upper = Math.min(max, m.allinTo);
  if (target >= upper) {
    if (target > max && max < m.allinTo) return { ruledTo: max, rule, correction: overMaximum(ctx, max) };
    return { ruledTo: upper, rule };
  }
  const min = minimumTo(ctx);
  if (target >= min) return { ruledTo: target, rule };
  const bringTo = Math.min(min, upper);
  return { ruledTo: bringTo, rule, correction: underraise(target, bringTo, ctx, how.underRule) };
}

/** r.47, r.48: only call or fold is left, so whatever goes past the call is change. */
function raiseClosed(ctx: BettingContext, how: Aggression): Ruling {
  const ruledTo = ctx.currentBet;
  if (!how.declared) return { ruledTo, rule: how.rule };
  const text = `Raising is closed for this seat: it is a call to ${ruledTo}`;
  const correction: ChipCorrection = {
    code: "RAISE_CLOSED",
    rule: "2019 r.47",
    bringTo: ruledTo,
    floorDecides: false,
    text,
  };
  return { ruledTo, rule: how.rule, correction };
}

function underraise(
  target: number,
  bringTo: number,
  ctx: BettingContext,
  rule: CorrectionRule,
): ChipCorrection {
  const allin = bringTo < minimumTo(ctx) ? " (all-in)" : "";
  const text =
    rule === "2019 r.43"
      ? `Raise of ${target - ctx.currentBet} is at least half a full raise: complete it to ${bringTo}${allin}`
      : `${ctx.currentBet === 0 ? "Bet" : "Raise"} to ${target} is below the minimum: bring it to ${bringTo}${allin}`;
  return { code: "UNDERRAISE", rule, bringTo, floorDecides: false, text };
}

function overMaximum(ctx: BettingContext, max: number): ChipCorrection {
  const potLimit = ctx.structure === "pot-limit";
  const text = potLimit
    ? `Pot limit: the most this seat may bet is ${max}; reduce the bet and give back the excess`
    : `Fixed limit: the bet is ${limitBet(ctx)}; reduce it to ${max} and give back the excess`;
  const rule = potLimit ? "pot limit" : "fixed limit";
  return { code: "OVER_MAXIMUM", rule, bringTo: max, floorDecides: false, text };
}

function callTo(ctx: BettingContext, m: Measure): number {
  return Math.min(ctx.currentBet, m.allinTo);
}

function raiseStep(ctx: BettingContext): number {
  if (ctx.structure === "limit") return limitBet(ctx);
  return ctx.lastFullRaise > 0 ? ctx.lastFullRaise : ctx.bigBlind;
}

function structureMax(ctx: BettingContext): number {
  if (ctx.structure === "pot-limit") return ctx.potLimitMaxTo ?? Number.POSITIVE_INFINITY;
  if (ctx.structure === "limit") return ctx.currentBet + limitBet(ctx);
  return Number.POSITIVE_INFINITY;
}

function limitBet(ctx: BettingContext): number {
  return ctx.limitBet ?? ctx.bigBlind;
}

function settle(r: Ruling, ctx: BettingContext, m: Measure): ChipReading {
  // The chips on the table cap what this motion put in; beyond the ruling they are change, short of it owed.
  const to = Math.min(r.ruledTo, m.onTable);
  const reading: ChipReading = {
    action: actionOf(r.ruledTo, ctx),
    ruledTo: r.ruledTo,
    to,
    amount: to - ctx.seatStreetTotal,
    change: m.onTable - to,
    owed: r.ruledTo - to,
    allin: r.ruledTo === m.allinTo && r.ruledTo > ctx.seatStreetTotal,
    rule: r.rule,
  };
  return r.correction ? { ...reading, correction: r.correction } : reading;
}

function actionOf(ruledTo: number, ctx: BettingContext): ChipAction {
  if (ruledTo > ctx.currentBet) return ctx.currentBet === 0 ? "bet" : "raise";
  return ruledTo > ctx.seatStreetTotal ? "call" : "check";
}

function checkInput(push: ChipPush, ctx: BettingContext): void {
  for (const chip of push.chips) {
    if (!(Number.isFinite(chip) && chip > 0)) throw new RangeError(`not a chip denomination: ${chip}`);
  }
  const { currentBet, seatStreetTotal, stackBehind, lastFullRaise, bigBlind } = ctx;
  const amounts = { currentBet, seatStreetTotal, stackBehind, lastFullRaise, bigBlind };
  for (const [name, value] of Object.entries(amounts)) {
    if (!(Number.isFinite(value) && value >= 0))
      throw new RangeError(`${name} must be a chip count: ${value}`);
  }
  if (seatStreetTotal > currentBet) throw new RangeError("seatStreetTotal is above currentBet");
  if (
    ctx.structure === "pot-limit" &&
    !(ctx.potLimitMaxTo !== undefined && ctx.potLimitMaxTo >= currentBet)
  ) {
    throw new RangeError("pot-limit needs potLimitMaxTo, at least currentBet");
  }
  if (ctx.structure === "limit" && !(ctx.limitBet !== undefined && ctx.limitBet > 0)) {
    throw new RangeError("limit needs limitBet, the fixed bet size of the street");
  }
  if (push.declaredTo !== undefined && push.declared !== "raise") {
    throw new RangeError(
      'declaredTo is the amount said with "raise"; an amount alone counts as chips (r.40-C)',
    );
  }
}
