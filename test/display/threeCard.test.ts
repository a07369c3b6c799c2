/**
 * Three Card Poker on the displays: per box the bets, hand, result and payout; the dealer panel's
 * pay list after the reveal, kept until the next hand; no card or hand name before the reveal.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputEvent } from "../../src/contract/index.js";
import type { Screen } from "../../src/devices/epaper/screen.js";
import { createDisplayOutputs } from "../../src/display/outputs.js";
import { Runtime } from "../../src/runtime/runtime.js";
import { tcpTable } from "../hand/tcp/replay.js";

const SCENARIOS = join(import.meta.dirname, "../hand/tcp/scenarios");

function play(file: string) {
  const screens: Screen[] = [];
  const terminals: string[] = [];
  const displays = createDisplayOutputs({
    tableName: "TCP",
    panel: { show: (s) => screens.push(s) },
    terminal: (t) => terminals.push(t),
  });
  const runtime = new Runtime({
    core: tcpTable(),
    outputs: [displays.output],
    setTimer: () => ({ cancel: () => {} }),
  });
  const lines = readFileSync(join(SCENARIOS, file), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "" && !l.includes('"expect"') && !l.includes('"absent"'))
    .map((l) => InputEvent.parse(JSON.parse(l)));
  for (const e of lines) runtime.submit(e);
  runtime.submit(InputEvent.parse({ t: (lines.at(-1)?.t ?? 0) + 5000, kind: "button", button: "ok" }));
  const text = (s: Screen) => s.flatMap((i) => (i.kind === "text" ? [i.text] : [])).join("\n");
  return { screens: screens.map(text), terminals };
}

describe("Three Card Poker displays", () => {
  it("after the reveal the dealer panel lists what to pay each box, and the terminal shows every box", () => {
    const { screens, terminals } = play("dealer-qualifies-player-wins.jsonl");
    const last = screens.at(-1)!;
    expect(last).toMatch(/Dealer: .+/);
    expect(last).toMatch(/Pay box \d+: [\d,]+/);
    expect(terminals.at(-1)).toMatch(/Box \d+ .*Ante [\d,]+.*pay [\d,]+ \(net \+/);
  });

  it("while the dealer pays, the panel shows each box's payout due beside its bets, line by line (issue 18)", () => {
    const { screens } = play("payout-right-negative.jsonl");
    expect(screens.at(-1)).toContain("Pay box 1: 225 - Ante 100, Play 100, Pair Plus 25");
  });

  it("the panel names every bet as the dealer knows it (Ante, Play, Pair Plus, Prime, Ante bonus), never AB, PP or the rules' names", () => {
    const internal = /\b(AB|PP|Pr|anteBonus|pairPlus|pairplus)\b|\b[AP] \d/;
    for (const file of readdirSync(SCENARIOS).filter((f) => f.endsWith(".jsonl"))) {
      const { screens, terminals } = play(file);
      for (const s of [...screens, ...terminals]) expect(s, file).not.toMatch(internal);
    }
    // Before the reveal: each box's bets by name.
    const { screens } = play("ante-bonus-and-pair-plus.jsonl");
    expect(screens.join("\n")).toMatch(/Box 1 \([a-z-]+\): Ante [\d,]+, Pair Plus [\d,]+/);
  });

  it("a pay line too long for the panel is carried onto the next line, not cut off: the Ante bonus and the Pair Plus both shown", () => {
    const { screens } = play("ante-bonus-and-pair-plus.jsonl");
    const last = screens.at(-1)!;
    expect(last).toMatch(/Pay box 1: [\d,]+ - Ante [\d,]+,/);
    expect(last.replace(/\n/g, " ")).toMatch(/Ante bonus [\d,]+, Pair Plus [\d,]+/);
    // Every line within the panel's width in the small font (49 characters): none was cut.
    for (const line of last.split("\n")) expect(line.length).toBeLessThanOrEqual(49);
  });

  it("the terminal shows a held hand and its alert with the steps, as the flop games' view does (live sim --game tcp)", () => {
    const { terminals } = play("misdeal-card-count-box.jsonl");
    const held = terminals.find((t) => t.includes("HELD for the floor"));
    expect(held).toBeDefined();
    expect(held).toMatch(/^Alerts:$/m);
    expect(held).toMatch(/FLOOR MISDEAL_CARD_COUNT .*: Misdeal: box \d+ holds \d cards/);
    expect(held).toMatch(/^ {4}1\. Stop dealing$/m);
  });

  it("before the dealer's hand is turned no display names a hand or shows a card", () => {
    const { screens, terminals } = play("dealer-qualifies-player-wins.jsonl");
    const beforeReveal = [...screens, ...terminals].filter((s) => !/Dealer: (?!\d+ cards)/.test(s));
    expect(beforeReveal.length).toBeGreaterThan(0);
    for (const s of beforeReveal) {
      expect(s).not.toMatch(/\b[2-9TJQKA][cdhs]\b/);
      expect(s).not.toMatch(/pair of|flush|straight|[a-z]+ high\b|three of a kind/i);
    }
  });
});
