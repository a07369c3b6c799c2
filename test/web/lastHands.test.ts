/** The floor page's last hands: Three Card Poker payouts and the tray, which come after `hand_end` (issue 18). */
import { describe, expect, it } from "vitest";
import { InputEvent, type TableEvent } from "../../src/contract/index.js";
import { LastHands } from "../../src/web/lastHands.js";
import { readScenario } from "../support/scenarioFiles.js";
import { replayTcp, tcpTable } from "../hand/tcp/replay.js";

const scenario = (name: string) =>
  readScenario(new URL(`../hand/tcp/scenarios/${name}.jsonl`, import.meta.url).pathname).inputs.map((l) =>
    InputEvent.parse(l),
  );

describe("floor page: last hands", () => {
  it("shows each payout as last read against the pay table, and the tray after the hand", () => {
    const core = tcpTable();
    const events: TableEvent[] = replayTcp(scenario("payout-underpaid"), core);
    const hands = new LastHands();
    hands.apply(events, core);
    const [last] = hands.list();
    expect(last?.payouts).toEqual([
      { box: 1, bet: "ante", due: 100, paid: 100 },
      { box: 1, bet: "play", due: 100, paid: 100 },
      // Read 20 first (PAYOUT_WRONG), then put right: the page keeps the last read.
      { box: 1, bet: "pairplus", due: 25, paid: 25 },
    ]);
    expect(last?.tray).toEqual({ expected: 17375, read: 17375, variance: 0 });
  });
});
