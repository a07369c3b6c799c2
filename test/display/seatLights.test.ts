import { describe, expect, it } from "vitest";
import type { DigitsView, SeatLight } from "../../src/devices/keys/dealer-keys.js";
import { digits, seatLights } from "../../src/display/seatLights.js";
import type { SeatView, TableView } from "../../src/display/view.js";
import { replayUntil } from "./scenario.js";

const lit = (lights: SeatLight[]) =>
  lights.flatMap((l) => [...(l.toAct ? [`${l.seat}:to-act`] : []), ...(l.allin ? [`${l.seat}:all-in`] : [])]);

describe("seat lights and digits from the view", () => {
  it("pre-flop, one player folded: only the seat to act is lit; pot and the call on the digits", () => {
    // Event 20: seat 4 called, seat 1 folded (muck), seat 2 (small blind) to act.
    const { view, pushed } = replayUntil("premature-flop-spec-example.jsonl", (out) =>
      out.some((e) => e.kind === "action" && e.action === "fold"),
    );
    expect(view.seats.slice(0, 4).map((s) => s.light)).toEqual(["folded", "to-act", "in-hand", "in-hand"]);
    expect(lit(seatLights(view))).toEqual(["2:to-act"]);
    expect(seatLights(view)).toHaveLength(10);
    expect(digits(view)).toEqual<DigitsView>({ pot: 500, toCall: 100 });
    expect(pushed.seats.at(-1)).toEqual(seatLights(view));
    expect(pushed.digits.at(-1)).toEqual(digits(view));
  });

  it("all-in: the all-in seats light their all-in LED while the next seat is to act", () => {
    const { view } = replayUntil("allin-table-hands-rule-14.jsonl", (out) =>
      out.some((e) => e.kind === "action" && e.seat === 2 && e.allin),
    );
    expect(lit(seatLights(view))).toEqual(["1:all-in", "2:all-in", "3:to-act"]);
    expect(digits(view).toCall).toBeGreaterThan(0);
  });

  it("all-in and betting over: nobody to act, the to-call digits blank, the pot still shown", () => {
    const { view } = replayUntil("allin-table-hands-rule-14.jsonl");
    expect(view.toAct).toBeNull();
    expect(lit(seatLights(view)).every((l) => l.endsWith("all-in"))).toBe(true);
    expect(digits(view).toCall).toBeNull();
    expect(digits(view).pot).toBe(view.pot);
  });

  it("between hands every light is dark and both digit displays are blank", () => {
    const seat = (n: number, light: SeatView["light"]): SeatView => ({
      seat: n,
      player: `p${n}`,
      stack: 100,
      bet: 0,
      away: false,
      light,
      holeCards: 0,
    });
    const view = {
      hand: null,
      pot: 0,
      toCall: null,
      seats: [seat(1, "off"), seat(2, "off")],
    } as Partial<TableView> as TableView;
    expect(lit(seatLights(view))).toEqual([]);
    expect(digits(view)).toEqual({ pot: null, toCall: null });
  });
});
