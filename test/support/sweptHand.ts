/**
 * A four-handed no-limit hand whose posted blinds no reader showed before the dealer swept them into
 * the pot (src/hand/postedUnseen.ts): the blinds' zones stay silent, the cards, the under-the-gun call
 * and the folds are read, the big blind checks with its key, the dealer sweeps and deals the flop.
 * Shared by the core's scene (test/table/postedUnseen.test.ts) and the restart through the journal
 * (test/journal/restartBlindsSwept.test.ts).
 */
import type { InputEvent } from "../../src/contract/input.js";

/** An input event before its time is given. */
type Untimed = InputEvent extends infer E ? (E extends InputEvent ? Omit<E, "t"> : never) : never;

export interface SweptHandOptions {
  /** Each seat's ante (0: none), put straight into the pot before the deal or, unseen, with the sweep. */
  ante?: number;
  /** The blinds' chips are reported on their zones at the press (as a dealer's usually are). */
  blindsShown?: boolean;
  /** Chips of no seat's bet that reach the pot with the sweep (a player's, never read anywhere). */
  extra?: string[];
  /** The antes reach the pot before the deal (false: unseen until the sweep). */
  antesBeforeDeal?: boolean;
}

/** The hand's inputs, and the indexes of its landmarks (the big blind's check, the sweep, the flop). */
export function sweptHand(o: SweptHandOptions = {}) {
  const ante = o.ante ?? 0;
  const inputs: InputEvent[] = [
    { t: 0, kind: "floor", op: "game", game: "nlhe" },
    { t: 0, kind: "floor", op: "level", sb: 50, bb: 100, ante, bbAnte: 0 },
    ...[1, 2, 3, 4].map((seat): InputEvent => ({
      t: 0,
      kind: "floor",
      op: "seat",
      seat,
      player: `p${seat}`,
      stack: 10000,
    })),
    { t: 0, kind: "floor", op: "button", seat: 1 },
  ];
  let t = 0;
  const add = (e: Untimed, gap: number): number => {
    inputs.push({ ...e, t: (t += gap) } as InputEvent);
    return inputs.length - 1;
  };
  const tags = (antenna: string, list: string[], gap: number) =>
    add({ kind: "tags", antenna, tags: list }, gap);
  add({ kind: "button", button: "shuffler" }, 1000);
  // Seat 2 posts the small blind (two 25s), seat 3 the big (a 100); the antes are 5s.
  const sb = ["chip:25:1", "chip:25:2"];
  const bb = ["chip:100:3"];
  const antes = ante > 0 ? [1, 2, 3, 4].map((seat) => `chip:${ante}:${100 + seat}`) : [];
  if (o.blindsShown === true) {
    tags("bet2", sb, 200);
    tags("bet3", bb, 200);
  }
  if (antes.length > 0 && o.antesBeforeDeal === true) tags("pot", antes, 200);
  const held = new Map<number, string[]>();
  const faces = ["2c", "3c", "4c", "5c", "2d", "3d", "4d", "5d"];
  faces.forEach((face, i) => {
    const seat = [2, 3, 4, 1][i % 4]!;
    held.set(seat, [...(held.get(seat) ?? []), `card:A:${face}`]);
    tags(`seat${seat}`, held.get(seat)!, 150);
  });
  tags("bet4", ["chip:100:5"], 1000);
  tags("seat1", [], 800);
  tags("muck", held.get(1)!, 60);
  tags("seat2", [], 800);
  tags("muck", [...held.get(1)!, ...held.get(2)!], 60);
  const bbChecks = add({ kind: "button", button: "check" }, 800);
  if (o.blindsShown === true) {
    tags("bet2", [], 600);
    tags("bet3", [], 20);
  }
  tags("bet4", [], o.blindsShown === true ? 20 : 600);
  const sweep = tags("pot", [...antes, ...sb, ...bb, "chip:100:5", ...(o.extra ?? [])], 100);
  tags("burn", ["card:A:9s"], 600);
  const flop = tags("board", ["card:A:7s", "card:A:9c", "card:A:Tc"], 400);
  add({ kind: "button", button: "check" }, 800);
  add({ kind: "button", button: "check" }, 800);
  return { inputs, bbChecks, sweep, flop };
}
