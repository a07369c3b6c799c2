/**
 * The Three Card Poker hand beyond the scenario files: floor rulings, the deck checks, bets riding
 * from before the shuffler, house pay-table settings, and the view the displays show.
 */
import { describe, expect, it } from "vitest";
import type { TableEvent } from "../../../src/contract/index.js";
import { tcpView } from "../../../src/hand/tcp/view.js";
import { parsePayTable } from "../../../src/rules/threeCard/payTable.js";
import { TcpSession } from "../../../src/hand/tcp/session.js";
import type { TableCore } from "../../../src/table/core.js";
import { sessionInPlayForTests } from "../../../src/table/sessionForTests.js";
import { TcpScene } from "./dsl.js";
import { replayTcp, tcpTable } from "./replay.js";

const run = (scene: TcpScene, table?: TableCore) =>
  replayTcp(
    scene.lines.filter((l) => !("expect" in l) && !("absent" in l)),
    table,
  );
const alerts = (out: TableEvent[]) => out.flatMap((e) => (e.kind === "alert" ? [e.code] : []));
const end = (out: TableEvent[]) =>
  out.find((e) => e.kind === "hand_end") as Record<string, unknown> | undefined;
/** The awards by box and line (`bet`, added by Three Card Poker; `pot` is 0 for every line: no side pots). */
const awards = (out: TableEvent[]) =>
  out.flatMap((e) =>
    e.kind === "award"
      ? [{ seat: e.seat, pot: e.pot, bet: (e as { bet?: string }).bet, amount: e.amount }]
      : [],
  );

describe("Three Card Poker session", () => {
  /**
   * "An incorrect number of cards dealt to the dealer or to any player is a misdeal" (rules/three-card-
   * poker.md). Before, `continue` on a card too many was taken: the box (or every box, for the dealer's)
   * got its bets back and the hand ended "complete", a misdeal under another name.
   */
  const refusal = (out: TableEvent[]) =>
    out.find((e) => e.kind === "alert" && e.code === "FLOOR_OP_REJECTED") as { text: string } | undefined;
  const tooMany = (deal: Parameters<TcpScene["deal"]>[0]) =>
    new TcpScene("too many")
      .setup({ 1: "Ana", 2: "Ben" })
      .key("shuffler")
      .bet(1, "ante", 100)
      .bet(2, "ante", 100)
      .deal(deal);

  it.each([
    {
      who: "box 2",
      deal: { 1: ["As", "Ad", "7c"], 2: ["5d", "6d", "7d", "8d"], dealer: ["Qh", "9s", "2c"] },
    },
    {
      who: "the dealer",
      deal: { 1: ["As", "Ad", "7c"], 2: ["5d", "6d", "7d"], dealer: ["Qh", "9s", "2c", "8d"] },
    },
  ])(
    "a card too many ($who): continue is refused with the rule, the hold stays, misdeal ends it",
    ({ who, deal }) => {
      const held = tooMany(deal).floor({ op: "ruling", ruling: "continue", code: "MISDEAL_CARD_COUNT" });
      const out = run(held);
      expect(alerts(out)).toEqual(["MISDEAL_CARD_COUNT", "FLOOR_OP_REJECTED"]);
      const raised = out.find((e) => e.kind === "alert" && e.code === "MISDEAL_CARD_COUNT");
      // The alert says which rulings it takes (the floor page offers only those), and its steps no continue.
      expect(raised).toMatchObject({ rulings: ["misdeal", "void"] });
      expect(refusal(out)?.text).toMatch(
        new RegExp(`${who} holds 4 cards.*is a misdeal.*Rule misdeal .* or void`),
      );
      expect(out).not.toContainEqual(
        expect.objectContaining({ kind: "alert_clear", code: "MISDEAL_CARD_COUNT" }),
      );
      expect(end(out)).toBeUndefined();
      // Still held: the players' Play bets are not taken as decisions, and the floor's misdeal ends it.
      const after = run(
        held.play(1, 100).floor({ op: "ruling", ruling: "misdeal", code: "MISDEAL_CARD_COUNT" }),
      );
      expect(end(after)).toMatchObject({ result: "misdeal", stacks: { "1": 10000, "2": 10000 } });
    },
  );

  it("a hand short: continue is taken (the dealer deals it its card), the hand played and paid", () => {
    const out = run(
      tooMany({ 1: ["As", "Ad", "7c"], 2: ["5d", "6d"], dealer: ["Qh", "9s", "2c"] })
        .key("ok")
        .wait(2000)
        .floor({ op: "ruling", ruling: "continue", code: "MISDEAL_CARD_COUNT" })
        .card(2, "8d")
        .play(1, 100)
        .play(2, 100)
        .wait(),
    );
    const raised = out.find((e) => e.kind === "alert" && e.code === "MISDEAL_CARD_COUNT");
    expect(raised).toBeDefined();
    expect(raised).not.toHaveProperty("rulings");
    expect(refusal(out)).toBeUndefined();
    expect(out).toContainEqual(expect.objectContaining({ kind: "alert_clear", code: "MISDEAL_CARD_COUNT" }));
    expect(end(out)).toMatchObject({ result: "complete" });
    expect(awards(out).filter((a) => a.seat === 2)).toHaveLength(2);
  });

  /**
   * Reading at any pace (events.md): a chip taken off is reported gone only the readers' lag and the
   * departure window after it left (K missed scans; 800 + 500 ms with config/tcp.yaml's 200 ms rounds).
   * A dealer who clears a box's chips just before the press (after a misdeal he gives every bet back) is
   * read doing it after the first card. Found by the sim report, seed 14 at 600 ms rounds (hand 9574):
   * a false TCP_BET_AFTER_DEAL on the box, then a false MISDEAL_CARD_COUNT (it held no card) that held
   * the hand for good. A box with no card whose chips are reported gone that soon was never in the hand;
   * reported later, it is a bet taken back after the deal, as before.
   */
  const cleared = (reportedAfterFirstCard: number) =>
    new TcpScene("cleared late")
      .setup({ 1: "Ana", 2: "Ben" })
      .bet(1, "ante", 100)
      .bet(2, "ante", 100)
      .key("shuffler")
      .card(1, "2c")
      .soon(reportedAfterFirstCard)
      .clearBet(2, "ante")
      .soon(0)
      .card("dealer", "9h")
      .card(1, "3c")
      .card("dealer", "Th")
      .card(1, "4c")
      .card("dealer", "Jh")
      .play(1, 100)
      .wait(3000);

  it("a box's chips reported gone within the lag and departure window of the first card: never in the hand", () => {
    // Past the lock (one round) and within 800 + 500 ms of the first card.
    const out = run(cleared(1200));
    expect(alerts(out)).toEqual([]);
    expect(end(out)).toMatchObject({ result: "complete", stacks: { "2": 10000 } });
    expect(awards(out).every((a) => a.seat === 1)).toBe(true);
  });

  it("the same chips reported gone after that window: a bet changed after the deal (the floor's)", () => {
    const out = run(cleared(1400));
    expect(alerts(out)).toContain("TCP_BET_AFTER_DEAL");
  });

  /** A quick deal to box 1 and the dealer (100 ms a card), box 2 given none; its chips cleared or not. */
  const quickDeal = (clearBox2: boolean) => {
    const scene = new TcpScene("quick deal")
      .setup({ 1: "Ana", 2: "Ben" })
      .bet(1, "ante", 100)
      .bet(2, "ante", 100)
      .key("shuffler")
      .card(1, "2c");
    for (const [owner, face] of [
      ["dealer", "9h"],
      [1, "3c"],
      ["dealer", "Th"],
      [1, "4c"],
      ["dealer", "Jh"],
    ] as const)
      scene.soon(100).card(owner, face);
    // 1200 ms after the first card: within the 800 + 500 ms window, and after the deal's end was due
    // to be judged (the dealer's last card and the 800 ms lag).
    if (clearBox2) scene.soon(700).clearBet(2, "ante");
    return scene.play(1, 100).wait(3000);
  };

  it("the deal's end judged before box 2's chips are known gone: it waits for them, and the hand plays on", () => {
    const out = run(quickDeal(true));
    expect(alerts(out)).toEqual([]);
    expect(end(out)).toMatchObject({ result: "complete", stacks: { "2": 10000 } });
  });

  it("box 2 dealt no card with its chips still on: a misdeal, once that window is over", () => {
    const out = run(quickDeal(false));
    const raised = out.find((e) => e.kind === "alert" && e.code === "MISDEAL_CARD_COUNT");
    expect(raised).toMatchObject({ seat: 2, text: "Misdeal: box 2 holds 0 cards; the game deals 3" });
    // The first card at 1900: known gone by 1900 + 800 + 500.
    expect(raised!.t).toBeGreaterThanOrEqual(3200);
  });

  it("a floor `dead` ruling on a box folds it", () => {
    const out = run(
      new TcpScene("dead")
        .setup({ 1: "Ana" })
        .key("shuffler")
        .bet(1, "ante", 100)
        .deal({ 1: ["As", "Ad", "7c"], dealer: ["Qh", "9s", "2c"] })
        .floor({ op: "ruling", ruling: "dead", seat: 1 }),
    );
    expect(end(out)).toMatchObject({ result: "complete", stacks: { "1": 9900 }, house: 100 });
  });

  it("IPC 29: a duplicate card holds the hand for a void; the void returns every bet", () => {
    const out = run(
      new TcpScene("duplicate")
        .setup({ 1: "Ana" })
        .key("shuffler")
        .bet(1, "ante", 100)
        .card(1, "As")
        .card("dealer", "As/2")
        .floor({ op: "ruling", ruling: "void" }),
    );
    expect(alerts(out)).toEqual(["DUPLICATE_CARD"]);
    expect(end(out)).toMatchObject({ result: "void", stacks: { "1": 10000 }, house: 0 });
  });

  it("bets left on the layout before the shuffler are the next hand's bets", () => {
    const table = tcpTable();
    const scene = new TcpScene("riding")
      .setup({ 1: "Ana" })
      .bet(1, "ante", 100)
      .wait(1000)
      .key("shuffler")
      .deal({ 1: ["As", "Ad", "7c"], dealer: ["Qh", "9s", "2c"] })
      .play(1, 100)
      .wait();
    const out = run(scene, table);
    expect(end(out)).toMatchObject({ result: "complete", stacks: { "1": 10200 } });
  });

  it("the shuffler pressed again before any card: the undealt hand is void and a new one starts", () => {
    const out = run(
      new TcpScene("again").setup({ 1: "Ana" }).key("shuffler").bet(1, "ante", 100).key("shuffler"),
    );
    expect(out.filter((e) => e.kind === "hand_start")).toHaveLength(2);
    expect(end(out)).toMatchObject({ result: "void" });
  });

  it("house settings: a fold forfeits Pair Plus, and Pair Plus pays from the house's table", () => {
    const table = tcpTable((config) => {
      config.threeCard = { payTable: parsePayTable({ foldForfeitsSideBets: true, pairPlus: { pair: 2 } }) };
    });
    const out = run(
      new TcpScene("house")
        .setup({ 1: "Ana", 2: "Ben" })
        .key("shuffler")
        .bet(1, "ante", 100)
        .bet(1, "pairplus", 100)
        .bet(2, "pairplus", 100)
        .deal({ 1: ["As", "Ad", "7c"], 2: ["Ks", "Kd", "8c"], dealer: ["Qh", "9s", "2c"] })
        .key("fold"),
      table,
    );
    expect(awards(out)).toEqual([
      { seat: 1, pot: 0, bet: "ante", amount: 0 },
      { seat: 1, pot: 0, bet: "pairplus", amount: 0 },
      { seat: 2, pot: 0, bet: "pairplus", amount: 300 },
    ]);
  });

  it("the view: per box the bets, hand, result and payout; the dealer panel's pay list", () => {
    const table = tcpTable();
    const scene = new TcpScene("view")
      .setup({ 1: "Ana", 3: "Ana" })
      .key("shuffler")
      .bet(1, "ante", 100)
      .bet(3, "pairplus", 25)
      .deal({ 1: ["As", "Ad", "7c"], 3: ["2h", "3h", "9c"], dealer: ["Qh", "9s", "2c"] });
    run(scene, table);
    // White-box: the session itself, driven past the core to settle the hand and viewed before and after.
    const live = sessionInPlayForTests(table);
    expect(live).toBeInstanceOf(TcpSession);
    if (!(live instanceof TcpSession)) throw new Error("no Three Card Poker hand in play");
    expect(table.view().threeCard).toEqual(tcpView(live.context, live.held !== null));
    const before = tcpView(live.context, live.held !== null);
    expect(before.boxes.map((b) => [b.box, b.blind, b.status, b.cards])).toEqual([
      [1, false, "to-decide", 3],
      [3, true, "played", 3],
    ]);
    live.observed(99_000, [
      { type: "zone_settled", t: 99_000, antenna: "play1", chips: [], added: [], total: 100 },
    ]);
    const after = tcpView(live.context, live.held !== null);
    expect(after.dealer.hand).toMatchObject({ name: "Queen high", qualifies: true });
    expect(after.boxes[0]).toMatchObject({ status: "settled", hand: "Pair of aces", payout: 400, net: 200 });
    expect(after.boxes[1]).toMatchObject({ hand: "Nine high", payout: 0, net: -25 });
    // Pair of aces beats queen high: Ante and Play each pay 1 to 1, beside the bet (issue 18's steps).
    expect(after.dealer.pay).toEqual([
      {
        box: 1,
        amount: 400,
        due: [
          { bet: "ante", due: 100, how: expect.stringMatching(/^Ante: .*; 100 at 1 to 1 = 100$/) },
          { bet: "play", due: 100, how: expect.stringMatching(/^Play: .*; 100 at 1 to 1 = 100$/) },
        ],
      },
    ]);
    expect(after.house).toBe(-175);
  });
});

describe("Three Card Poker: ok acknowledges the oldest dealer alert in every state, and only that", () => {
  const clears = (out: TableEvent[], code: string) =>
    out.filter((e) => e.kind === "alert_clear" && e.code === code).length;

  it("before the first card: DECK_NOT_COLLECTED acknowledged with ok is not cleared a second time when the cards are collected", () => {
    // Hand 1 played and paid nothing (the payouts are wrong: PAYOUT_WRONG for both boxes, carried);
    // hand 2 pressed with hand 1's cards still out. Three oks: both payouts, then the deck.
    const out = run(
      new TcpScene("ok before the deal")
        .setup({ 1: "Ana", 2: "Ben" })
        .key("shuffler")
        .bet(1, "ante", 100)
        .bet(2, "ante", 100)
        .deal({ 1: ["As", "Ad", "7c"], 2: ["5d", "6d", "7d"], dealer: ["Qh", "9s", "2c"] })
        .play(1, 100)
        .play(2, 100)
        .wait()
        .key("shuffler")
        .wait()
        .key("ok")
        .key("ok")
        .key("ok")
        .wait()
        .collectCards(1, 2)
        .wait(),
    );
    expect(alerts(out)).toContain("DECK_NOT_COLLECTED");
    // Before: the desk's clear at the third ok, and the hand's own when the cards left (a clear of
    // an alert no longer open, and a DECK_NOT_COLLECTED the hand would never tell again).
    expect(clears(out, "DECK_NOT_COLLECTED")).toBe(1);
  });

  it("during the deal: TCP_BLIND_PLAY_MISSING acknowledged after the second card does not end the deal (no false misdeal)", () => {
    const scene = () =>
      new TcpScene("ok during the deal")
        .setup({ 1: "Ana", 3: "Ana" })
        .key("shuffler")
        .bet(1, "ante", 100)
        .bet(3, "ante", 50)
        .card(1, "9c")
        .card(3, "Ah")
        .key("ok");
    const out = run(
      scene()
        .card("dealer", "Qd")
        .deal({ 1: ["9d", "4h"], 3: ["Kh", "2c"], dealer: ["Jc", "3h"] })
        .wait(),
    );
    expect(clears(out, "TCP_BLIND_PLAY_MISSING")).toBe(1);
    expect(alerts(out)).not.toContain("MISDEAL_CARD_COUNT");
    expect(out.some((e) => e.kind === "street" && e.street === "preflop")).toBe(true);
    // The other side: an ok with no alert to acknowledge still ends the deal, and a box short is a misdeal.
    const short = run(scene().key("ok").wait());
    expect(alerts(short)).toContain("MISDEAL_CARD_COUNT");
  });
});
