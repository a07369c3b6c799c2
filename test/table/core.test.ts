import { describe, expect, it } from "vitest";
import { InputEvent, type InputEventIn, type TableEvent } from "../../src/contract/index.js";
import { loadConfig } from "../../src/config/config.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";

const config = loadConfig();
const newTable = () => createTableFromConfig(config);

function run(events: InputEventIn[]): TableEvent[] {
  const core = newTable();
  const out = events.flatMap((e) => [...core.advanceTo(e.t), ...core.handle(InputEvent.parse(e))]);
  return [...out, ...core.finish(events.at(-1)?.t ?? 0)];
}

const setUp: InputEventIn[] = [
  { t: 0, kind: "floor", op: "game", game: "nlhe" },
  { t: 0, kind: "floor", op: "level", sb: 100, bb: 200 },
  { t: 0, kind: "floor", op: "seat", seat: 1, player: "Ana", stack: 20000 },
  { t: 0, kind: "floor", op: "seat", seat: 2, player: "Ben", stack: 20000 },
  { t: 0, kind: "floor", op: "seat", seat: 3, player: "Cai", stack: 20000 },
  { t: 0, kind: "floor", op: "seat", seat: 4, player: "Dov", stack: 20000 },
  { t: 0, kind: "floor", op: "button", seat: 1 },
];
const shuffler = (t: number): InputEventIn => ({ t, kind: "button", button: "shuffler" });

describe("the table core between hands", () => {
  it("starts hands on the shuffler with the button moving one seat each time", () => {
    const out = run([...setUp, shuffler(1000), shuffler(2000), shuffler(3000)]);
    expect(out.filter((e) => e.kind === "hand_start")).toEqual([
      { t: 1000, kind: "hand_start", hand: 1, game: "nlhe", button: 1, sb: 2, bb: 3, redeal: false },
      { t: 2000, kind: "hand_start", hand: 2, game: "nlhe", button: 2, sb: 3, bb: 4, redeal: false },
      { t: 3000, kind: "hand_start", hand: 3, game: "nlhe", button: 3, sb: 4, bb: 1, redeal: false },
    ]);
  });

  it("a hand never dealt ends void when the shuffler is pressed again, every chip back", () => {
    const out = run([...setUp, shuffler(1000), shuffler(2000)]);
    expect(out.map((e) => e.kind)).toEqual([
      "hand_start",
      "action",
      "action",
      "hand_end",
      "hand_start",
      "action",
      "action",
    ]);
    expect(out[1]).toEqual({
      t: 1000,
      kind: "action",
      seat: 2,
      action: "sb",
      amount: 100,
      to: 100,
      allin: false,
    });
    expect(out[3]).toEqual({
      t: 2000,
      kind: "hand_end",
      hand: 1,
      result: "void",
      stacks: { "1": 20000, "2": 20000, "3": 20000, "4": 20000 },
    });
  });

  it("a level set during a hand applies from the next shuffler press (TDA 21)", () => {
    const core = newTable();
    for (const e of [...setUp, shuffler(1000)]) core.handle(InputEvent.parse(e));
    core.handle(InputEvent.parse({ t: 1500, kind: "floor", op: "level", sb: 200, bb: 400, ante: 50 }));
    expect(core.snapshot().hand?.level).toEqual({ sb: 100, bb: 200, ante: 0, bbAnte: 0 });
    core.handle(InputEvent.parse(shuffler(2000)));
    expect(core.snapshot().hand?.level).toEqual({ sb: 200, bb: 400, ante: 50, bbAnte: 0 });
  });

  it("rejects impossible floor operations with a clear alert and keeps going (one that needs the hand over, once the readers' lag has passed)", () => {
    const out = run([
      ...setUp,
      { t: 1, kind: "floor", op: "seat", seat: 11, player: "Eve", stack: 100 },
      { t: 2, kind: "floor", op: "stack", seat: 9, stack: 100 },
      shuffler(1000),
      { t: 1001, kind: "floor", op: "stack", seat: 1, stack: 5 },
    ]);
    const texts = out.flatMap((e) => (e.kind === "alert" ? [e.text] : []));
    expect(texts).toEqual([
      'Floor operation "seat" not applied: seat 11 does not exist: the table has 10 seats',
      'Floor operation "stack" not applied: seat 9 is empty',
      'Floor operation "stack" not applied: stacks are corrected between hands',
    ]);
    expect(out.filter((e) => e.kind === "hand_start")).toHaveLength(1);
  });

  it("says why a hand cannot start", () => {
    const out = run([{ t: 0, kind: "floor", op: "level", sb: 1, bb: 2 }, shuffler(5)]);
    expect(out).toMatchObject([{ kind: "alert", code: "HAND_NOT_STARTED", severity: "info" }]);
  });

  it("is deterministic: the same inputs give the same table events", () => {
    const events = [
      ...setUp,
      shuffler(1000),
      { t: 1100, kind: "floor", op: "unseat", seat: 2 } as const,
      shuffler(2000),
    ];
    expect(run(events)).toEqual(run(events));
  });
});
