/**
 * Where the button and the blinds go for the next hand (poker-rules.md §2).
 *
 * Tournaments play a dead button (TDA 30): the big blind always moves forward to the next player in
 * the game, the small blind goes where the big blind was (missing if that player is gone), and the
 * button goes where the small blind was (possibly an empty seat). Heads-up (TDA 32) the button is the
 * small blind; the big blind still moves forward, so nobody pays it twice in a row at the switch.
 */

/** The positions of one hand. `sbPos` is the small-blind *seat*, kept even when nobody sits there. */
export interface Positions {
  button: number;
  sb: number | null;
  bb: number;
  sbPos: number;
}

/** The next seat after `from`, clockwise, that satisfies `ok` (never `from` itself). */
export function nextSeat(from: number, seatCount: number, ok: (seat: number) => boolean): number | null {
  for (let step = 1; step <= seatCount; step++) {
    const seat = ((from - 1 + step) % seatCount) + 1;
    if (seat !== from && ok(seat)) return seat;
  }
  return null;
}

function previousSeat(from: number, seatCount: number): number {
  return ((from - 2 + seatCount) % seatCount) + 1;
}

/** Positions for a hand whose button was placed by the floor (or the table's first hand). */
export function positionsFromButton(
  button: number,
  inGame: readonly number[],
  seatCount: number,
): Positions | null {
  if (inGame.length < 2) return null;
  const isIn = (s: number) => inGame.includes(s);
  if (inGame.length === 2) {
    // Heads-up: the button posts the small blind. A button on an empty seat moves to a player.
    const sb = isIn(button) ? button : nextSeat(button, seatCount, isIn);
    if (sb === null) return null;
    const bb = nextSeat(sb, seatCount, isIn);
    return bb === null ? null : { button: sb, sb, bb, sbPos: sb };
  }
  const sb = nextSeat(button, seatCount, isIn);
  if (sb === null) return null;
  const bb = nextSeat(sb, seatCount, isIn);
  return bb === null ? null : { button, sb, bb, sbPos: sb };
}

/** Positions for the next hand after `last`, by the dead-button rule. */
export function nextPositions(
  last: Positions,
  inGame: readonly number[],
  seatCount: number,
): Positions | null {
  if (inGame.length < 2) return null;
  const isIn = (s: number) => inGame.includes(s);
  const bb = nextSeat(last.bb, seatCount, isIn);
  if (bb === null) return null;
  if (inGame.length === 2) {
    const other = inGame.find((s) => s !== bb);
    return other === undefined ? null : { button: other, sb: other, bb, sbPos: other };
  }
  const sbPos = last.bb;
  const sb = isIn(sbPos) && sbPos !== bb ? sbPos : null;
  let button = last.sbPos;
  // A player seated between the old blinds can make the rotation collide; the button then sits
  // just before the small-blind seat, where it would be had that player not arrived.
  if (button === bb || button === sbPos) button = previousSeat(sbPos, seatCount);
  return { button, sb, bb, sbPos };
}
