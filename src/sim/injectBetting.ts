/**
 * Errors of the betting (TDA 51–53), a hand that becomes dead after substantial action, and a reader
 * that stops answering — each followed by what the dealer and the floor then do.
 */
import { findSeat, legalActions } from "../rules/betting.js";
import type { Injector } from "./hooks.js";
import { chance, pick, type Rng } from "./random.js";

/** A push below `limit` in whole 25s where possible (at least one chip). */
function part(limit: number): number {
  const half = Math.floor(limit / 2);
  return half >= 25 ? Math.floor(half / 25) * 25 : Math.max(1, half);
}

/** TDA 53: a seat that still has to act mucks or puts in the call before its turn. */
export function outOfTurn(rng: Rng): Injector {
  let done = false;
  return {
    code: "ACTION_OUT_OF_TURN",
    beforeAction(d) {
      const b = d.betting;
      const candidates = b.seats.filter(
        (s) =>
          s.seat !== b.toAct &&
          !s.folded &&
          s.mustAct &&
          s.bet < b.currentBet &&
          s.stack > b.currentBet - s.bet,
      );
      const y = pick(rng, candidates);
      if (done || y === undefined || !chance(rng, 0.5)) return false;
      done = true;
      d.felt.beforeAction(d.liveSeats());
      if (chance(rng, 0.4)) {
        d.truth("ACTION_OUT_OF_TURN", `seat ${y.seat} folds before seat ${b.toAct}`);
        d.felt.muck(y.seat);
        d.pendingOutOfTurn = { seat: y.seat, kind: "fold", currentBet: b.currentBet, tags: [] };
      } else {
        d.truth("ACTION_OUT_OF_TURN", `seat ${y.seat} calls before seat ${b.toAct}`);
        const tags = d.felt.push(y.seat, b.currentBet - y.bet);
        d.pendingOutOfTurn = { seat: y.seat, kind: "call", currentBet: b.currentBet, tags };
      }
      return true;
    },
  };
}

/** TDA 51: the seat to act silently puts out less than the call, then completes it. */
export function undercall(rng: Rng): Injector {
  let done = false;
  return {
    code: "UNDERCALL",
    beforeAction(d) {
      const legal = legalActions(d.betting);
      const s = legal && findSeat(d.betting, legal.seat);
      if (done || !legal || !s || legal.callAmount < 2 || s.stack <= legal.callAmount) return false;
      if (!chance(rng, 0.5)) return false;
      done = true;
      const under = part(legal.callAmount);
      d.felt.beforeAction(d.liveSeats());
      d.truth("UNDERCALL", `seat ${s.seat} puts out ${under} of a ${legal.callAmount} call`);
      d.felt.push(s.seat, under);
      d.felt.step("completeShort").push(s.seat, legal.callAmount - under);
      d.apply({ seat: s.seat, type: "call" });
      return true;
    },
  };
}

/** TDA 52: a bet or declared raise below the minimum, brought up to it. */
export function underraise(rng: Rng): Injector {
  let done = false;
  return {
    code: "UNDERRAISE",
    beforeAction(d) {
      const legal = legalActions(d.betting);
      const s = legal && findSeat(d.betting, legal.seat);
      const minTo = legal?.minTo ?? null;
      if (done || !legal || !s || !legal.canRaise || minTo === null || s.bet + s.stack <= minTo) return false;
      const currentBet = d.betting.currentBet;
      const under = currentBet + part(minTo - currentBet);
      if (under <= currentBet || under >= minTo || under <= s.bet || !chance(rng, 0.5)) return false;
      done = true;
      d.felt.beforeAction(d.liveSeats());
      d.truth("UNDERRAISE", `seat ${s.seat} ${legal.raiseType}s to ${under}, below ${minTo}`);
      // A raise is declared first (otherwise it could be read as a call); a bet is silent.
      if (legal.raiseType === "raise") {
        d.felt.tl.press("raise");
        d.felt.step("keyToChips");
      }
      d.felt.push(s.seat, under - s.bet);
      d.felt.step("completeShort").push(s.seat, minTo - under);
      d.apply({ seat: s.seat, type: legal.raiseType, to: minTo });
      return true;
    },
  };
}

/** r.33-D: after substantial action a seat gets an extra card; the floor rules the hand dead. */
export function handDead(rng: Rng): Injector {
  let done = false;
  return {
    code: "HAND_DEAD",
    beforeAction(d) {
      const seat = d.betting.toAct;
      if (done || seat === null || !d.substantial || !chance(rng, 0.5)) return false;
      done = true;
      d.felt.pause(300, 600);
      d.truth("HAND_DEAD", `an extra card to seat ${seat} after substantial action`);
      d.dealHole(seat);
      d.felt.pause(1500, 2500);
      d.awaitFloor();
      d.felt.tl.push({ kind: "floor", op: "ruling", ruling: "dead", seat });
      // The seat to act folds at once; its cards go to the muck.
      d.apply({ seat, type: "fold" });
      d.felt.pause(300, 600).muck(seat);
      return true;
    },
  };
}

/** The bridge stops answering for a while and comes back with a full inventory of every antenna. */
export function readerOffline(rng: Rng): Injector {
  let done = false;
  return {
    code: "READER_OFFLINE",
    beforeAction(d) {
      if (done || !chance(rng, 0.3)) return false;
      done = true;
      const truth = d.truth("READER_OFFLINE", "the bridge goes offline");
      d.felt.tl.push({ kind: "reader", reader: "bridge", status: "offline" });
      d.felt.pause(800, 3000).tl.push({ kind: "reader", reader: "bridge", status: "online" });
      truth.to = d.felt.tl.t;
      for (const antenna of d.felt.antennasInUse()) d.felt.tl.report(antenna, d.felt.read(antenna));
      return false;
    },
  };
}
