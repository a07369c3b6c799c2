/**
 * The deal passing the last seat of its first round: the seat's first card should come before the first
 * seat's second. Found by the simulator (ante-first table configuration, seed 202, 300 ms rounds, hand
 * 7824): heads-up, the small blind all-in from the forced bets, the dealer gave the big blind both cards
 * and burned for the flop; the table ran the board out with the small blind holding nothing. And the
 * same hand's blinds: posted at the press, but no `sb`/`bb` event was told when they put everyone
 * all-in at once (the round closed before they were read off the betting state).
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

const config = loadConfig();
const ROUND = config.reading.scanRoundMs;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/** Heads-up, button 1 (the small blind, 50 chips: all-in from his blind), seat 2 the big blind. */
const shortSmallBlind = () =>
  new Scene("").setup({ seats: [1, 2], stacks: { 1: 50, 2: 20000 }, button: 1 }).key("shuffler");

describe("the deal passes the last seat of its first round", () => {
  it("heads-up: the big blind's second card before the small blind's first is a misdeal, past one round", () => {
    // Dealing order heads-up: the big blind (left of the button) first, the button last.
    const deal = (gap: number) =>
      shortSmallBlind()
        .deal([
          [2, "Kh"],
          [2, "Kd"],
        ])
        .after(gap)
        .deal([[1, "Ac"]])
        .wait();
    expect(codes(play(deal(ROUND - 1)))).not.toContain("MISDEAL_DEALT_OUT");
    expect(codes(play(deal(ROUND + 1)))).toContain("MISDEAL_DEALT_OUT");
  });

  it("heads-up all-in from the blinds: the board run out over a seat with no card is a misdeal", () => {
    const events = play(
      shortSmallBlind()
        .deal([
          [2, "Kh"],
          [2, "Kd"],
        ])
        .burn("2c")
        .board("9s", "8d", "3c")
        .wait(),
    );
    // Told before the board: the hold stops the dealer there (the floor rules on the cards as they lie).
    const alert = events.findIndex((e) => e.kind === "alert" && e.code === "MISDEAL_DEALT_OUT");
    const flop = events.findIndex((e) => e.kind === "street" && e.street === "flop");
    expect(alert).toBeGreaterThanOrEqual(0);
    expect(flop === -1 || alert < flop).toBe(true);
  });

  it("three-handed: the first seat's second card before the button's first is a misdeal", () => {
    const deal = (gap: number) =>
      new Scene("")
        .setup({ seats: [1, 2, 3], button: 3 })
        .key("shuffler")
        .chips(1, 100)
        .chips(2, 100, 100)
        .deal([
          [1, "Ac"],
          [2, "Kh"],
          [1, "Ad"],
        ])
        .after(gap)
        .deal([[3, "Qd"]])
        .wait();
    expect(codes(play(deal(ROUND - 1)))).not.toContain("MISDEAL_DEALT_OUT");
    expect(codes(play(deal(ROUND + 1)))).toContain("MISDEAL_DEALT_OUT");
  });

  it("a clean heads-up deal in order is not", () => {
    const events = play(
      shortSmallBlind()
        .deal([
          [2, "Kh"],
          [1, "Ac"],
          [2, "Kd"],
          [1, "Ad"],
        ])
        .burn("2c")
        .board("9s", "8d", "3c")
        .wait(),
    );
    expect(codes(events)).not.toContain("MISDEAL_DEALT_OUT");
    expect(events.find((e) => e.kind === "street" && e.street === "flop")).toBeDefined();
  });
});

describe("blinds that put every seat all-in at the press", () => {
  it("are told as posted: the small blind all-in for what he had, the big blind's full blind", () => {
    const events = play(shortSmallBlind().wait());
    const forced = events.flatMap((e) =>
      e.kind === "action" ? [{ seat: e.seat, action: e.action, amount: e.amount, allin: e.allin }] : [],
    );
    expect(forced).toEqual([
      { seat: 1, action: "sb", amount: 50, allin: true },
      { seat: 2, action: "bb", amount: 200, allin: false },
    ]);
  });
});
