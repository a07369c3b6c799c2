/**
 * Every table event the product says is one the contract's reader understands: an outside suite's own
 * schema, written from shared/spec/events.md's "Table events" table (not imported from src/), is held
 * against every event of every contract log and scenario (hold'em and Three Card Poker), with the
 * contract's sequencing: t never decreasing, seq 1, 2, 3 …, each alert_clear answering an open alert,
 * hands numbered in turn and ended before the next begins, streets in order with their boards, and each
 * contract alert code carrying the severity and rule of the contract's catalogue. The project's
 * additions are listed here by name (EXTRA_FIELDS, EXTRA_KINDS), so a new one is a decision, not an
 * accident. Over 300 lines: the contract's table of events written out field by field, and the one
 * pass that reads a run against it; apart, neither says anything.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { replayFile } from "../../src/app/replay.js";
import { loadConfig } from "../../src/config/config.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { numbered } from "../../src/table/numbered.js";
import { REPO_ROOT, SHARED } from "../support/paths.js";

const card = z.string().regex(/^[2-9TJQKA][cdhs]$/);
const seat = z.number().int().positive();
const chips = z.number().int().nonnegative();
const base = { t: chips, seq: seat };

/** The project's additions to the contract's kinds, each with why it changes no contract field's meaning. */
const EXTRA_FIELDS = {
  alert: {
    // The reader an alert (READER_OFFLINE, READER_UNKNOWN) is about; `seat`, `text` and `steps` unchanged.
    reader: z.string().min(1).optional(),
    // TRAY_VARIANCE: the variance and its likely source (the contract: "names the likely source (box,
    // denomination)"), as data beside the text.
    variance: z.number().int().optional(),
    denomination: chips.optional(),
    box: seat.optional(),
    // The only rulings the table takes on the alert, where the code alone does not say (a Three Card
    // Poker hand with a card too many: misdeal or void; the table refuses `continue` there). It narrows
    // what events.md's `ruling` may answer, never widens it: the rulings are the contract's names.
    rulings: z
      .array(z.enum(["misdeal", "continue", "void", "dead"]))
      .min(1)
      .optional(),
  },
  alert_clear: { reader: z.string().min(1).optional() },
  // Three Card Poker: the dealer's hand as he calls it, beside the showdown's board (his three cards).
  street: { dealer: z.string().min(1).optional() },
  // Three Card Poker: the line the award settles (by the names events.md gives `payout.bet`: one name per
  // bet), how it went and what was staked on it.
  award: {
    bet: z.enum(["ante", "play", "pairplus", "prime", "bonus"]).optional(),
    outcome: z.enum(["win", "lose", "push", "void"]).optional(),
    stake: chips.optional(),
  },
  hand_end: {
    // Three Card Poker: the house's net result of the hand.
    house: z.number().int().optional(),
    // A raked cash game: the rake taken from the pot (RAKE_WRONG judges it).
    rake: chips.optional(),
  },
} as const;

/**
 * Kinds the contract does not have (docs/dealer-keys.md): the dealer's undo key took back his last key;
 * how many of an open alert's steps the table has seen done (the dealer panel shows the next).
 */
const EXTRA_KINDS = {
  key_undone: z
    .object({
      ...base,
      kind: z.literal("key_undone"),
      key: z.enum(["check", "fold", "raise", "exposed"]),
      seat: seat.optional(),
    })
    .strict(),
  alert_step: z
    .object({
      ...base,
      kind: z.literal("alert_step"),
      code: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
      seat: seat.optional(),
      done: z.number().int().nonnegative(),
    })
    .strict(),
};

/** The contract's table events, field by field, strict: a field the list above does not name is reported. */
const CONTRACT_KINDS = {
  hand_start: z.object({
    ...base,
    kind: z.literal("hand_start"),
    hand: seat,
    game: z.enum(["nlhe", "plhe", "flhe", "plo", "tcp"]),
    button: seat,
    sb: seat.nullable(),
    bb: seat.nullable(),
    redeal: z.boolean(),
  }),
  street: z.object({
    ...base,
    kind: z.literal("street"),
    street: z.enum(["preflop", "flop", "turn", "river", "showdown"]),
    board: z.array(card),
    ...EXTRA_FIELDS.street,
  }),
  action: z.object({
    ...base,
    kind: z.literal("action"),
    seat,
    action: z.enum(["sb", "bb", "ante", "check", "bet", "call", "raise", "fold"]),
    amount: chips,
    to: chips,
    allin: z.boolean(),
  }),
  alert: z.object({
    ...base,
    kind: z.literal("alert"),
    code: z.string().regex(/^[A-Z][A-Z0-9_]+$/),
    rule: z.string().min(1),
    severity: z.enum(["floor", "dealer", "info"]),
    seat: seat.optional(),
    text: z.string().min(1),
    steps: z.array(z.string().min(1)),
    ...EXTRA_FIELDS.alert,
  }),
  alert_clear: z.object({
    ...base,
    kind: z.literal("alert_clear"),
    code: z.string().regex(/^[A-Z][A-Z0-9_]+$/),
    seat: seat.optional(),
    ...EXTRA_FIELDS.alert_clear,
  }),
  award: z.object({
    ...base,
    kind: z.literal("award"),
    seat,
    amount: chips,
    pot: chips,
    hand: z.string().min(1),
    ...EXTRA_FIELDS.award,
  }),
  hand_end: z.object({
    ...base,
    kind: z.literal("hand_end"),
    hand: seat,
    result: z.enum(["complete", "misdeal", "void"]),
    stacks: z.record(z.string().regex(/^[1-9]\d*$/), chips),
    ...EXTRA_FIELDS.hand_end,
  }),
  payout: z.object({
    ...base,
    kind: z.literal("payout"),
    box: seat,
    bet: z.enum(["ante", "play", "pairplus", "prime", "bonus"]),
    due: chips,
    paid: chips,
  }),
  tray: z.object({
    ...base,
    kind: z.literal("tray"),
    expected: chips,
    read: chips,
    variance: z.number().int(),
  }),
  deck_check: z.object({
    ...base,
    kind: z.literal("deck_check"),
    deck: z.string().min(1),
    cards: chips,
    missing: z.array(card),
    duplicates: z.array(card),
    foreign: z.array(z.string().min(1)),
  }),
};

type Out = Record<string, unknown> & { t: number; kind: string; seq: number };
const SCHEMAS: Record<string, z.ZodType> = Object.fromEntries(
  [...Object.entries(CONTRACT_KINDS), ...Object.entries(EXTRA_KINDS)].map(([k, s]) => [
    k,
    s instanceof z.ZodObject ? s.strict() : s,
  ]),
);

/** The contract's alert catalogue, read from events.md: code → severity and rule. */
function catalogue(): Map<string, { severity: string; rule: string }> {
  const text = readFileSync(join(SHARED, "spec/events.md"), "utf8");
  const section = text.slice(text.indexOf("## Alert catalogue"), text.indexOf("A misdeal alert holds"));
  return new Map(
    [...section.matchAll(/^\| `([A-Z0-9_]+)` \| (\w+) \| (.*?) \| .* \|$/gm)].map((m) => [
      m[1]!,
      { severity: m[2]!, rule: m[3]! },
    ]),
  );
}

const STREET_BOARD: Record<string, number[]> = {
  preflop: [0],
  flop: [3],
  turn: [4],
  river: [5],
  showdown: [5],
};
/** Three Card Poker has no community cards: its showdown's board is the dealer's hand, turned up. */
const TCP_STREET_BOARD: Record<string, number[]> = { preflop: [0], showdown: [3] };
const STREET_ORDER = ["preflop", "flop", "turn", "river", "showdown"];

/** What an outside reader of the contract would object to in one run's table events. */
function objections(out: readonly Out[], contract: ReturnType<typeof catalogue>): string[] {
  const wrong: string[] = [];
  const open = new Map<string, number>();
  let hand = 0;
  let inHand = false;
  let street = -1;
  let game = "";
  out.forEach((e, i) => {
    const at = `event ${i + 1} (${e.kind} t=${e.t})`;
    const schema = SCHEMAS[e.kind];
    if (!schema) wrong.push(`${at}: kind not in the contract nor a listed extension`);
    else {
      const r = schema.safeParse(e);
      if (!r.success)
        wrong.push(`${at}: ${r.error.issues.map((x) => `${x.path.join(".")} ${x.message}`).join("; ")}`);
    }
    if (e.seq !== i + 1) wrong.push(`${at}: seq ${e.seq}, expected ${i + 1}`);
    if (i > 0 && e.t < out[i - 1]!.t) wrong.push(`${at}: t goes back from ${out[i - 1]!.t}`);
    const key = `${String(e.code)}/${String(e.seat ?? "")}/${String(e.reader ?? "")}`;
    if (e.kind === "alert") {
      open.set(key, (open.get(key) ?? 0) + 1);
      const spec = contract.get(String(e.code));
      if (spec && (spec.severity !== e.severity || spec.rule !== e.rule))
        wrong.push(
          `${at}: ${String(e.code)} is ${String(e.severity)}/${String(e.rule)}, the contract says ${spec.severity}/${spec.rule}`,
        );
    }
    if (e.kind === "alert_clear") {
      const n = open.get(key) ?? 0;
      if (n === 0) wrong.push(`${at}: clears ${key}, which is not open`);
      open.delete(key);
    }
    if (e.kind === "hand_start") {
      if (inHand) wrong.push(`${at}: hand ${String(e.hand)} starts before hand ${hand} ended`);
      if (e.hand !== hand + 1) wrong.push(`${at}: hand ${String(e.hand)} after hand ${hand}`);
      hand = Number(e.hand);
      game = String(e.game);
      inHand = true;
      street = -1;
    }
    if (e.kind === "hand_end") {
      if (!inHand || e.hand !== hand)
        wrong.push(`${at}: ends hand ${String(e.hand)}, the hand on is ${inHand ? hand : "none"}`);
      inHand = false;
    }
    if (e.kind === "street") {
      const s = STREET_ORDER.indexOf(String(e.street));
      if (!inHand || s <= street) wrong.push(`${at}: street ${String(e.street)} out of order`);
      street = s;
      const n = Array.isArray(e.board) ? e.board.length : -1;
      const boards = game === "tcp" ? TCP_STREET_BOARD : STREET_BOARD;
      if (!boards[String(e.street)]?.includes(n))
        wrong.push(`${at}: ${String(e.street)} with ${n} board cards`);
    }
    // Three Card Poker settles every line with the house: there is no side pot for `pot` to name.
    if (e.kind === "award" && game === "tcp" && e.pot !== 0)
      wrong.push(`${at}: pot ${String(e.pot)} in a game with no side pots`);
    if ((e.kind === "action" || e.kind === "award") && !inHand) wrong.push(`${at}: outside a hand`);
  });
  return wrong;
}

/** The table events of one log, as `feltguard replay --lenient` prints them (expectation lines skipped). */
function replayLines(file: string, configFile?: string): Out[] {
  const config = loadConfig(configFile);
  const firstLine = readFileSync(file, "utf8").split("\n", 1)[0] ?? "";
  // A scenario's first line may change the configuration (two decks); `deck` follows `decks`.
  const over = (JSON.parse(firstLine) as { config?: Record<string, unknown> }).config ?? {};
  const decks = Array.isArray(over.decks) ? (over.decks as string[]) : config.decks;
  const core = numbered(createTableFromConfig({ ...config, ...over, decks, deck: decks[0] ?? config.deck }));
  const lines: string[] = [];
  replayFile(file, core, { lenient: true, out: (l) => lines.push(l), diag: () => undefined });
  return lines
    .join("")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Out);
}

const jsonl = (dir: string) =>
  readdirSync(join(REPO_ROOT, dir))
    .filter((f) => f.endsWith(".jsonl"))
    .map((f) => join(REPO_ROOT, dir, f));

describe("contract: every table event is one the contract's reader understands", () => {
  const contract = catalogue();
  const suites: [string, string[], string | undefined][] = [
    ["contract logs", jsonl("test/contract/logs"), undefined],
    ["hold'em scenarios", jsonl("test/scenarios"), undefined],
    ["Three Card Poker scenarios", jsonl("test/hand/tcp/scenarios"), join(REPO_ROOT, "config/tcp.yaml")],
    ["examples", jsonl("examples"), undefined],
  ];
  for (const [name, files, config] of suites) {
    it(`${name}: fields, types, order, seq, clears, hands, streets and the catalogue's severity and rule`, () => {
      expect(files.length).toBeGreaterThan(1);
      const wrong = files.flatMap((file) =>
        objections(replayLines(file, config), contract).map(
          (w) => `${file.slice(REPO_ROOT.length + 1)}: ${w}`,
        ),
      );
      expect(wrong).toEqual([]);
    }, 120_000);
  }

  it("the objections above can fail: each kind of fault is caught", () => {
    const good: Out[] = [
      { t: 0, seq: 1, kind: "hand_start", hand: 1, game: "nlhe", button: 1, sb: 2, bb: 3, redeal: false },
      { t: 5, seq: 2, kind: "street", street: "preflop", board: [] },
    ];
    expect(objections(good, contract)).toEqual([]);
    const bad = (e: Partial<Out>, i = 1) =>
      objections(
        good.map((g, j) => (j === i ? { ...g, ...e } : g)),
        contract,
      );
    expect(bad({ t: -1 }).join()).toMatch(/t goes back|t /);
    expect(bad({ seq: 7 }).join()).toMatch(/seq 7/);
    expect(bad({ board: ["Qs"] }).join()).toMatch(/preflop with 1 board/);
    expect(bad({ extra: 1 }).join()).toMatch(/extra/);
    expect(bad({ kind: "alert_clear", code: "UNDERCALL" }).join()).toMatch(/not open/);
    expect(
      bad({
        kind: "alert",
        code: "UNDERCALL",
        rule: "r.51",
        severity: "dealer",
        text: "x",
        steps: [],
      }).join(),
    ).toMatch(/the contract says dealer\/2019 r\.51/);
    expect(bad({ kind: "hand_start", hand: 2 }, 1).join()).toMatch(/before hand 1 ended/);
  });
});
