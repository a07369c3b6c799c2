/**
 * The simulated Three Card Poker dealer's misdeal (the house's stand-in floor calls it, as in every
 * --report run): he collects every card and the bets stay on the layout, as the alert's steps say
 * ("collect every card, press the shuffler and deal again; the bets stay"), and the same boxes are dealt
 * again on them. Before, he gave every bet back and the players bet afresh.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config/config.js";
import type { InputEventIn } from "../../../src/contract/input.js";
import { TcpDealer } from "../../../src/sim/tcp/dealer.js";

const config = loadConfig("config/tcp.yaml");
const WAGER = /^(ante|play|pairplus|prime)\d+$/;
const reports = (events: readonly InputEventIn[]) =>
  events.flatMap((e) => (e.kind === "tags" && WAGER.test(e.antenna) ? [e] : []));

describe("the simulated Three Card Poker dealer after a misdeal", () => {
  it.each(["box-short", "dealer-exposed", "box-extra-card"])(
    "%s: every card collected, no bet taken off; the next hand dealt on them with none placed",
    (inject) => {
      const dealer = new TcpDealer({ seed: 3, inject, rate: 1 }, config);
      let misdealt = dealer.hand();
      while (misdealt === null || !misdealt.truth.misdeal) misdealt = dealer.hand();
      const ruling = misdealt.events.findIndex((e) => e.kind === "floor" && e.op === "ruling");
      expect(misdealt.events[ruling]).toMatchObject({ ruling: "misdeal" });
      const after = misdealt.events.slice(ruling + 1);
      expect(
        after.some((e) => e.kind === "tags" && /^(seat|dealer)/.test(e.antenna) && e.tags.length === 0),
      ).toBe(true);
      expect(reports(after)).toEqual([]);
      const next = dealer.hand()!;
      const firstCard = next.events.findIndex((e) => e.kind === "tags" && /^(seat|dealer)/.test(e.antenna));
      expect(reports(next.events.slice(0, firstCard))).toEqual([]);
    },
  );
});
