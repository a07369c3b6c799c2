/**
 * What the displays show of a Three Card Poker hand: per box the bets, the hand, the result and the
 * payout; for the dealer panel, what to pay each box. A pure function of the hand's context.
 */
import type { Card } from "../../rules/cards.js";
import type { ThreeCardBets } from "../../rules/threeCard/bets.js";
import { awaitsPlay, boxesInOrder, type TcpContext, type TcpLine } from "./context.js";

export interface TcpBoxView {
  box: number;
  player: string | null;
  blind: boolean;
  bets: ThreeCardBets;
  /** How many cards the box holds (never which: the public view has no hole cards). */
  cards: number;
  status: "betting" | "to-decide" | "played" | "folded" | "settled";
  /** The box's hand once the dealer has turned his cards. */
  hand: string | null;
  lines: TcpLine[];
  /** What the dealer pays the box back in all (stakes returned included), once settled. */
  payout: number | null;
  /** The box's net over the hand, once settled. */
  net: number | null;
}

export interface TcpDealerView {
  cards: number;
  /** The dealer's hand and whether it qualifies, once turned. */
  hand: { cards: Card[]; name: string; qualifies: boolean } | null;
  /**
   * The pay-out list of the dealer panel: box → chips to hand back, boxes in order, and per winning
   * line the payout due beside the bet with the pay table's sum (what the dealer checks as he pays).
   */
  pay: { box: number; amount: number; due: { bet: TcpLine["bet"]; due: number; how: string }[] }[];
}

export interface TcpView {
  hand: number;
  phase: TcpContext["phase"];
  held: boolean;
  boxes: TcpBoxView[];
  dealer: TcpDealerView;
  house: number | null;
}

/** The Three Card Poker view of a hand. */
export function tcpView(h: TcpContext, held: boolean): TcpView {
  const settled = h.showdown;
  const boxes = boxesInOrder(h).map((b): TcpBoxView => {
    const s = settled?.boxes[b.box];
    let status: TcpBoxView["status"] = b.folded ? "folded" : awaitsPlay(b) ? "to-decide" : "played";
    if (s) status = "settled";
    return {
      box: b.box,
      player: h.players[b.box] ?? null,
      blind: b.blind,
      bets: { ...b.bets },
      cards: b.tags.length,
      status,
      hand: s?.hand ?? null,
      lines: s?.lines ?? [],
      payout: s?.paid ?? null,
      net: s ? s.paid - s.staked : null,
    };
  });
  return {
    hand: h.hand,
    phase: h.phase,
    held,
    boxes,
    dealer: {
      cards: h.dealerTags.length,
      hand: settled?.dealer ?? null,
      pay: settled
        ? Object.entries(settled.boxes)
            .map(([box, s]) => ({
              box: Number(box),
              amount: s.paid,
              due: s.lines.flatMap((l) => (l.payout ? [{ bet: l.bet, ...l.payout }] : [])),
            }))
            .filter((p) => p.amount > 0)
        : [],
    },
    house: settled ? h.house : null,
  };
}
