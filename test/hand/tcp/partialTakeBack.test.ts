/**
 * Reading at any pace (events.md): chips taken off a box are reported gone only the readers' lag and the
 * departure window after they left (K missed scans; 800 + 500 ms with config/tcp.yaml's 200 ms rounds),
 * so a player who takes back part of his bet just before the first card is read doing it after, by which
 * time his box (it still has a bet) has its first card. Within that window of the first card the chips
 * left may have left before it: what stays is his bet, no alert (as for a box whose chips all left,
 * bets.ts takenOffBeforeTheDraw). Reported after it, the change is the floor's (TCP_BET_AFTER_DEAL), as
 * before. Before, the partial case always got TCP_BET_AFTER_DEAL: the box held a card by then.
 */
import { describe, expect, it } from "vitest";
import type { TableEvent } from "../../../src/contract/index.js";
import { TcpScene } from "./dsl.js";
import { replayTcp } from "./replay.js";

const run = (scene: TcpScene) => replayTcp(scene.lines.filter((l) => !("expect" in l) && !("absent" in l)));
const alerts = (out: TableEvent[]) => out.flatMap((e) => (e.kind === "alert" ? [e.code] : []));
/** Box 2's settled lines (`bet`, `stake`: Three Card Poker's added fields). */
const linesOf = (out: TableEvent[], box: number) =>
  out.flatMap((e) =>
    e.kind === "award" && e.seat === box ? [e as unknown as { bet: string; stake: number }] : [],
  );

/** The first card to box 1; box 2's card 100 ms later; the player's take-back reported `after` ms after the first card. */
function takeBack(after: number, what: (s: TcpScene) => TcpScene): TcpScene {
  const s = new TcpScene("part of a bet taken back")
    .setup({ 1: "Ana", 2: "Ben" })
    .bet(1, "ante", 100)
    .bet(2, "ante", 100)
    .bet(2, "ante", 25)
    .bet(2, "pairplus", 25)
    .key("shuffler")
    .card(1, "2c")
    .soon(100)
    .card(2, "Ah")
    .soon(after - 100);
  return what(s)
    .soon(0)
    .card("dealer", "9h")
    .card(1, "3c")
    .card(2, "Ad")
    .card("dealer", "Th")
    .card(1, "4c")
    .card(2, "7s")
    .card("dealer", "Jh")
    .play(1, 100)
    .wait(3000);
}

const anteChip = (s: TcpScene) => s.takeChip(2, "ante", 25);
const pairPlus = (s: TcpScene) => s.take(2, "pairplus");

describe("Three Card Poker: part of a box's bet taken back just before the first card", () => {
  it.each([
    { what: "a chip off the Ante (125 to 100)", change: anteChip, ante: 100, pairPlus: 25 },
    { what: "the whole Pair Plus (the Ante stays)", change: pairPlus, ante: 125, pairPlus: 0 },
  ])("$what, reported within the lag and departure window: no alert, the rest is his bet", (c) => {
    // Past the lock (one round) and within 800 + 500 ms of the first card.
    const ante = c.ante;
    const out = run(takeBack(1200, c.change).play(2, ante).wait(3000));
    expect(alerts(out)).toEqual([]);
    expect(out.find((e) => e.kind === "hand_end")).toMatchObject({ result: "complete" });
    const lines = linesOf(out, 2);
    expect(lines.find((l) => l.bet === "ante")).toMatchObject({ stake: ante });
    expect(lines.find((l) => l.bet === "play")).toMatchObject({ stake: ante });
    expect(lines.some((l) => l.bet === "pairplus")).toBe(c.pairPlus > 0);
  });

  it.each([
    { what: "a chip off the Ante", change: anteChip },
    { what: "the whole Pair Plus", change: pairPlus },
  ])("$what, reported after that window: a bet changed after the deal (the floor's)", (c) => {
    const out = run(takeBack(1400, c.change));
    expect(alerts(out)).toContain("TCP_BET_AFTER_DEAL");
    expect(out.find((e) => e.kind === "alert" && e.code === "TCP_BET_AFTER_DEAL")).toMatchObject({ seat: 2 });
  });
});
