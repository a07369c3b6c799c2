/** The dealer's hands on the cards: the deal in order, and a street laid by the procedure in force. */
import type { Street } from "../rules/betting.js";
import type { FlopDealer } from "./dealer.js";
import type { DealStep } from "./hooks.js";
import { chance } from "./random.js";

/**
 * One card per seat per round, clockwise from the first seat left of the button. `injected` does a
 * step itself when an error is being made there; without one, a noisy reader now and then reports a
 * card of a later round after the next seat's (the order of the first round is never disturbed).
 */
export function dealHoleCards(d: FlopDealer, injected: (step: DealStep) => boolean, hooked: boolean): void {
  d.felt.step("toDeal");
  const order = d.betting.seats.map((s) => s.seat);
  const steps: DealStep[] = Array.from({ length: d.setup.game.holeCards }, (_, round) =>
    order.map((seat, i) => ({ index: round * order.length + i, round, seat })),
  ).flat();
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (injected(step)) continue;
    const next = steps[i + 1];
    if (!hooked && d.felt.noisy && step.round > 0 && next?.round === step.round && chance(d.felt.rng, 0.1)) {
      const [first, second] = [d.stub.draw(), d.stub.draw()];
      d.dealHole(next.seat, second);
      d.dealHole(step.seat, first);
      i += 1;
      continue;
    }
    d.dealHole(step.seat);
  }
}

/** A street dealt by the book, or by the procedure in force (no burn after r.35 or RP-5). */
export function layStreet(d: FlopDealer, street: Street, cards: number): void {
  if (street === "river" && d.setAside !== null) {
    d.stub.putBack([d.setAside]);
    d.setAside = null;
  } else if (street === "river" && d.reshuffleBeforeRiver) d.stub.reshuffle();
  if (!d.noBurn.has(street)) {
    d.burn();
    d.felt.step("burnToBoard");
  }
  const tags = Array.from({ length: cards }, () => d.felt.tag(d.stub.draw()));
  // A late read: one flop card shows up a report after the others.
  if (d.felt.noisy && tags.length === 3 && chance(d.felt.rng, 0.2)) {
    d.felt.add("board", ...tags.slice(0, 2)).pause(100, 300);
    d.felt.add("board", tags[2]!);
    return;
  }
  d.felt.add("board", ...tags);
}
