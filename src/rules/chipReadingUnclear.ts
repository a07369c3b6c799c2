/**
 * Unclear spoken amounts (2019 TDA r.57): "I bet five" with several reasonable meanings is ruled the
 * highest reasonable amount below the pot before the bet.
 */

/** The amount an unclear figure ("five") stands for: the largest figure × 10ⁿ below the pot before the bet. */
export function readUnclearAmount(figure: number, potBeforeBet: number): number {
  if (!(Number.isFinite(figure) && figure > 0)) throw new RangeError(`not a spoken figure: ${figure}`);
  if (!(Number.isFinite(potBeforeBet) && potBeforeBet >= 0))
    throw new RangeError(`not a pot: ${potBeforeBet}`);
  // The figure as said stays when no larger meaning fits below the pot.
  let amount = figure;
  while (amount * 10 < potBeforeBet) amount *= 10;
  return amount;
}
