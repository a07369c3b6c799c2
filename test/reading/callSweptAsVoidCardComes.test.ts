/**
 * The last call of a round swept in before its zone settled, as a card that voids the hand arrives:
 * the zone reports itself empty before the card, the pot reports the chips just after it. The push was
 * put out before the card, so it is the round's action as it stood, which the floor rules on (as chips
 * still settling on the zone when the card came: atAnyPace "the last call still settling…"). Found by
 * the simulator (--focus, seed 16, 600 ms rounds, hand 5129): seat 4 called an all-in, the dealer swept
 * 440 ms later and dealt the flop with a second 4h; the call, read only from the emptied zone, carried
 * no time, waited for the floor's ruling, and ALLIN_TABLE_HANDS was missed.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

const config = loadConfig();

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Seats 1–4, button 1, seat 4's stack 1000: seat 4 is all-in, seats 1 and 2 fold (seat 2 holds Kh),
 * seat 3 (the big blind) calls 800 more. The dealer sweeps bets 3 and 4 at once (their zones report
 * empty 100 ms after the call), burns and puts a second Kh on the board; the pot reports every bet 50
 * ms after that card. `callAfterCard`: the call's chips are reported only after the card.
 */
const callSweptAsDuplicateComes = (callAfterCard: boolean) => {
  const s = new Scene("").setup({ stacks: { 4: 1000 } }).standardDeal();
  s.chips(4, 500, 500).fold(1).fold(2).wait(1000);
  const call = () => s.chips(3, 500, 100, 100, 100).after(100).report("bet3").after(0).report("bet4");
  if (!callAfterCard) call();
  s.after(50).burn("5d").after(50).board("Kh/2");
  if (callAfterCard) call();
  const bets = ["chip:100:1", "chip:100:2", "chip:100:3", "chip:500:4", "chip:500:5"];
  s.after(50).toPot(...bets, "chip:500:6", "chip:100:7", "chip:100:8", "chip:100:9");
  return s.wait();
};

const seat3Calls = (events: TableEvent[]) =>
  events.filter((e) => e.kind === "action" && e.seat === 3 && e.action === "call").length;

describe("the last call swept in as a card that voids the hand arrives", () => {
  it("its zone emptied before the card, the pot's report after it: the call is the round's action, ALLIN_TABLE_HANDS is told", () => {
    const events = play(callSweptAsDuplicateComes(false));
    expect(codes(events)).toEqual(expect.arrayContaining(["DUPLICATE_CARD", "ALLIN_TABLE_HANDS"]));
    expect(seat3Calls(events)).toBe(1);
  });

  it("its chips reported only after the card: they wait for the floor's ruling", () => {
    const events = play(callSweptAsDuplicateComes(true));
    expect(codes(events)).toContain("DUPLICATE_CARD");
    expect(seat3Calls(events)).toBe(0);
  });
});
