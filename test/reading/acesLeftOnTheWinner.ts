/**
 * A scene both tests of a seat's last hand dealt back to it start from (dealPastSeatBesideLeftover,
 * firstCardAmongLeftovers): heads-up, button 1, seat 1 raises and seat 2 folds; seat 1's Ac Ad stay on
 * its seat while the dealer clears the muck and the bets and presses the shuffler. Hand 2 (seat 1 the
 * big blind, dealt first) has its blinds out.
 */
import { Scene } from "../scenarios/dsl.js";

export function acesLeftOnTheWinner(): Scene {
  const s = new Scene("")
    .setup({ seats: [1, 2], button: 1 })
    .key("shuffler")
    .chips(1, 100)
    .chips(2, 100, 100);
  s.deal([
    [2, "Kh"],
    [1, "Ac"],
    [2, "Kd"],
    [1, "Ad"],
  ]);
  s.chips(1, 500).fold(2).wait().clear("muck", "bet1", "bet2").key("shuffler");
  return s.after(50).chips(2, 100).after(50).chips(1, 100, 100);
}
