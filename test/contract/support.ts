/**
 * What the contract tests share: input logs written as an outside suite writes them (the contract's
 * input events, nothing of the product's own), replayed through the entry `feltguard replay` uses, and
 * the table events read back from the JSON lines it prints.
 */
import { replayText } from "../../src/app/replay.js";
import { type Config, loadConfig } from "../../src/config/config.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { numbered } from "../../src/table/numbered.js";

export type Line = Record<string, unknown> & { t: number; kind: string };
export type Out = Record<string, unknown> & { t: number; kind: string; seq: number };

export const floor = (t: number, op: string, fields: Record<string, unknown> = {}): Line => ({
  t,
  kind: "floor",
  op,
  ...fields,
});
export const tags = (t: number, antenna: string, list: string[]): Line => ({
  t,
  kind: "tags",
  antenna,
  tags: list,
});
export const key = (t: number, button: string): Line => ({ t, kind: "button", button });

/** The contract example's table: blinds 100/200, Ana, Ben, Cai and Dov in seats 1-4 with 20,000, button at 1. */
export function exampleTable(level: Record<string, unknown> = { sb: 100, bb: 200 }): Line[] {
  return [
    floor(0, "game", { game: "nlhe" }),
    floor(0, "level", level),
    ...["Ana", "Ben", "Cai", "Dov"].map((player, i) =>
      floor(0, "seat", { seat: i + 1, player, stack: 20000 }),
    ),
    floor(0, "button", { seat: 1 }),
  ];
}

/**
 * Two rounds of the deal to seats 1-4 from `first` (seat 2 with the button at 1), 300 ms apart from
 * `from`: as the contract's example (seat 2 Kh Kd, seat 3 7d 2h, seat 4 9s 9h, seat 1 Ac Td).
 */
export function deal(from: number, deck = "A", first = 2): Line[] {
  const faces: Record<number, [string, string]> = {
    1: ["Ac", "Td"],
    2: ["Kh", "Kd"],
    3: ["7d", "2h"],
    4: ["9s", "9h"],
  };
  const order = [0, 1, 2, 3].map((i) => ((first - 1 + i) % 4) + 1);
  const cards = [0, 1].flatMap((round) =>
    order.map((seat): [number, string] => [seat, faces[seat]![round]!]),
  );
  const held = new Map<number, string[]>();
  return cards.map(([seat, face], i) => {
    const now = [...(held.get(seat) ?? []), `card:${deck}:${face}`];
    held.set(seat, now);
    return tags(from + 300 * i, `seat${seat}`, now);
  });
}

/** The blinds' chips on their zones (the posted blinds), the shuffler at 1000 and the deal from 2000. */
export function handDealt(): Line[] {
  return [
    ...exampleTable(),
    key(1000, "shuffler"),
    tags(1500, "bet2", ["chip:100:1"]),
    tags(1500, "bet3", ["chip:100:2", "chip:100:3"]),
    ...deal(2000),
  ];
}

/** Replays `lines` through a numbered core (the default configuration, changed by `change`) as `feltguard replay` does. */
export function replayLines(lines: readonly Line[], change: (c: Config) => Config = (c) => c): Out[] {
  const text = lines.map((l) => JSON.stringify(l)).join("\n");
  const printed: string[] = [];
  const core = numbered(createTableFromConfig(change(loadConfig())));
  replayText(text, "test.jsonl", core, {
    lenient: false,
    out: (l) => printed.push(l),
    diag: () => undefined,
  });
  return printed
    .join("")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Out);
}

export const alertsOf = (out: readonly Out[], code?: string) =>
  out.filter((e) => e.kind === "alert" && (code === undefined || e.code === code));
export const actionsOf = (out: readonly Out[]) => out.filter((e) => e.kind === "action");
