/**
 * A restart during a Three Card Poker hand: the bridge's snapshot burst after it (src/table/snapshotBurst.ts)
 * must be given to the hand in an order that can be true for this game, whatever order the channels came
 * in: the bets before the deal (a bet is placed before the first card is drawn: the burst's cards given
 * first made every Ante placed while the table was down a bet after the deal, TCP_BET_AFTER_DEAL for the
 * floor), the deal before the decisions (a Play bet, a box's cards to the muck). The hand then plays on
 * and settles as it did without the restart, and the recovered-hand notice asks the dealer to check.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { InputEvent } from "../../src/contract/input.js";
import type { TableEvent } from "../../src/contract/output.js";
import { HAND_RECOVERED } from "../../src/journal/faults.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { REPO_ROOT } from "../support/paths.js";
import { alertsOf, antennasAfter, burst, channelOrder, lifeOn } from "./restartLife.js";
import { tempDir } from "./support.js";

const tcpConfig = loadConfig(join(REPO_ROOT, "config/tcp.yaml"));

/** Three boxes: Ante on each, Pair Plus on box 1, Prime on box 3 (bridge2); box 2 folds, 1 and 3 play. */
function hand(): InputEvent[] {
  const out: InputEvent[] = [
    { t: 0, kind: "floor", op: "game", game: "tcp", min: 5, max: 1000 },
    { t: 0, kind: "floor", op: "seat", seat: 1, player: "Ana", stack: 10000 },
    { t: 0, kind: "floor", op: "seat", seat: 2, player: "Ben", stack: 10000 },
    { t: 0, kind: "floor", op: "seat", seat: 3, player: "Cai", stack: 10000 },
    { t: 1000, kind: "button", button: "shuffler" },
  ];
  let t = 1000;
  const tags = (antenna: string, ...list: string[]) =>
    out.push({ t: (t += 300), kind: "tags", antenna, tags: list });
  tags("ante1", "chip:100:1");
  tags("pairplus1", "chip:25:2");
  tags("ante2", "chip:100:3");
  tags("ante3", "chip:100:4");
  tags("prime3", "chip:25:5");
  const cards: Record<string, string[]> = {
    seat1: ["card:A:Kc", "card:A:Kd", "card:A:4h"],
    seat2: ["card:A:2c", "card:A:7d", "card:A:9h"],
    seat3: ["card:A:Ac", "card:A:Qd", "card:A:Jh"],
    dealer: ["card:A:Qh", "card:A:8s", "card:A:3c"],
  };
  for (let i = 1; i <= 3; i += 1)
    for (const antenna of ["seat1", "seat2", "seat3", "dealer"])
      tags(antenna, ...cards[antenna]!.slice(0, i));
  tags("play1", "chip:100:6");
  tags("seat2");
  tags("muck", ...cards.seat2!);
  tags("play3", "chip:100:7");
  return out;
}

const inputs = hand();
const reference = (() => {
  const core = createTableFromConfig(tcpConfig);
  const perEvent = inputs.map((e) => [...core.advanceTo(e.t), ...core.handle(e)]);
  return { perEvent, final: core.finish((inputs.at(-1)?.t ?? 0) + 10_000) };
})();
const all = (): TableEvent[] => [...reference.perEvent.flat(), ...reference.final];
const index = (pred: (e: InputEvent) => boolean) => inputs.findIndex(pred);
const firstCard = index((e) => e.kind === "tags" && e.antenna === "seat1");
const lastCard = inputs.length - 5;
const firstPlay = index((e) => e.kind === "tags" && e.antenna === "play1");

for (const scanRoundMs of [200, 600])
  describe(`a restart during a Three Card Poker hand (${scanRoundMs} ms scan rounds)`, () => {
    const config = { ...tcpConfig, reading: { ...tcpConfig.reading, scanRoundMs } };
    it("the test's hand: bets, then the deal, then the decisions, and it settles with no alert", () => {
      expect(firstCard).toBeGreaterThan(index((e) => e.kind === "tags" && e.antenna === "prime3"));
      expect(inputs[lastCard]).toMatchObject({ antenna: "dealer" });
      expect(alertsOf(all())).toEqual([]);
      expect(all().find((e) => e.kind === "hand_end")).toMatchObject({ result: "complete" });
    });

    const one = channelOrder(config);
    const two = channelOrder(config, "bridge2");
    const orders = [
      ["in channel order", one, two],
      ["in the reverse order", [...one].reverse(), [...two].reverse()],
    ] as const;
    const kills = [
      ["the kill at the press: the bets and the whole deal while down", () => 4, () => lastCard],
      ["the kill after the first bet: the other bets and the deal while down", () => 5, () => lastCard],
      ["the kill mid-deal: the rest of the deal while down", () => firstCard + 4, () => lastCard],
      ["the kill at the press: bets, deal and decisions while down", () => 4, () => inputs.length - 1],
      ["the kill after the deal: the decisions while down", () => lastCard, () => inputs.length - 1],
      [
        "the kill after the first Play: the fold and the last Play while down",
        () => firstPlay,
        () => inputs.length - 1,
      ],
    ] as const;
    for (const [orderName, first, second] of orders)
      for (const [name, downFrom, backAt] of kills)
        it(`${name}, the snapshots ${orderName}: no alert from the burst's order, the hand settles as it did`, () => {
          const path = join(tempDir(), "journal.db");
          const clock = { now: 0 };
          const life = lifeOn(config, path, clock);
          for (const e of inputs.slice(0, downFrom() + 1)) life.submit(e);
          life.kill();

          const back = inputs[backAt()]!.t + 3000;
          const again = lifeOn(config, path, clock);
          const at = antennasAfter(inputs, backAt());
          const known = again.recovered.antennas;
          for (const e of [
            ...burst(config, at, back, first, known),
            ...burst(config, at, back, second, known, "bridge2"),
          ])
            again.submit(e);
          const shift = back - inputs[backAt()]!.t;
          for (const e of inputs.slice(backAt() + 1)) again.submit({ ...e, t: e.t + shift });
          again.submit({ t: clock.now + 10_000, kind: "reader", reader: "bridge", status: "online" });
          again.kill();

          const said = again.said;
          expect(alertsOf(said).filter((c) => c !== HAND_RECOVERED)).toEqual([]);
          expect(said.find((e) => e.kind === "alert" && e.code === HAND_RECOVERED)).toBeDefined();
          const end = said.find((e) => e.kind === "hand_end");
          const endRef = all().find((e) => e.kind === "hand_end");
          expect(end).toMatchObject({
            result: "complete",
            stacks: endRef?.kind === "hand_end" ? endRef.stacks : {},
          });
          const awards = (events: TableEvent[]) =>
            events.flatMap((e) => (e.kind === "award" ? [JSON.stringify({ ...e, t: 0, seq: 0 })] : []));
          expect(awards(said)).toEqual(awards(all()));
        });
  });
