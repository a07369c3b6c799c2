import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parsePhhAction } from "../../src/rules/phh/actions.js";
import { PhhError, parsePhh, readPhhFile } from "../../src/rules/phh/read.js";
import { replayHand } from "../../src/rules/phh/replay.js";
import { PHH_ROOT, replayAll, replayableHands } from "./phhCorpus.js";

const hands = replayableHands();

describe("PHH importer", () => {
  it("reads variant, blinds, big-blind ante, stacks and actions", () => {
    const h = readPhhFile(join(PHH_ROOT, "wsop/2023/43/5/1.phh"));
    expect(h.game.name).toBe("nlhe");
    expect(h.level).toEqual({ sb: 40000, bb: 80000, ante: 0, bbAnte: 120000 });
    expect(h.actions[5]).toEqual({ kind: "fold", player: 3 });
    expect(h.actions[6]).toEqual({
      kind: "bet-raise-to",
      player: 4,
      to: 170000,
    });
  });

  it("reads limit bet sizes", () => {
    const h = readPhhFile(join(PHH_ROOT, "side-pots/sp06_flhe_short_allin_side_pot.phh"));
    expect(h.limit).toEqual({ smallBet: 2, bigBet: 4, cap: 4 });
  });

  it("parses actions: cbr is bet or raise TO, bare sm mucks, ?? is an unseen card", () => {
    expect(parsePhhAction("p3 cbr 225")).toEqual({
      kind: "bet-raise-to",
      player: 3,
      to: 225,
    });
    expect(parsePhhAction("p4 sm")).toEqual({
      kind: "show",
      player: 4,
      cards: "muck",
    });
    expect(parsePhhAction("p2 sm AcKd")).toEqual({
      kind: "show",
      player: 2,
      cards: ["Ac", "Kd"],
    });
    expect(parsePhhAction("d dh p5 ????")).toEqual({
      kind: "deal-hole",
      player: 5,
      cards: null,
    });
    expect(parsePhhAction("d db Kc7h2d # flop")).toEqual({
      kind: "deal-board",
      cards: ["Kc", "7h", "2d"],
    });
  });

  it("validates with zod and names the file in the error", () => {
    const bad = "variant = 'NT'\nantes = [0, 0]\nstarting_stacks = 'lots'\nactions = []\n";
    expect(() => parsePhh(bad, "broken.phh")).toThrow(/broken\.phh: not a PHH hand: starting_stacks/);
  });

  it("refuses variants the engine does not play and fractional chips", () => {
    const stud = "variant = 'F7S'\nantes = [1, 1]\nstarting_stacks = [10, 10]\nactions = []\n";
    expect(() => parsePhh(stud, "stud.phh")).toThrow(PhhError);
    const half =
      "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n" +
      "starting_stacks = [10, 10]\nactions = []\nfinishing_stacks = [9.5, 10.5]\n";
    try {
      parsePhh(half, "half.phh");
      expect.unreachable();
    } catch (e) {
      expect(e instanceof PhhError && e.kind).toBe("fractional");
    }
  });

  it("explains an illegal recorded action, naming the file and the action", () => {
    const text =
      "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n" +
      "starting_stacks = [100, 100, 100]\nactions = ['p3 cbr 3']\nfinishing_stacks = [100, 100, 100]\n";
    expect(() => replayHand(parsePhh(text, "underraise.phh"))).toThrow(/underraise\.phh: action 1 .*TDA 42/);
  });
});

describe("PHH replay: side pots", () => {
  const sidePots = hands.filter((e) => e.path.startsWith("side-pots/"));

  it("replays every constructed side-pot hand of a played variant", () => {
    expect(sidePots.length).toBe(8);
    expect(replayAll(sidePots)).toEqual([]);
  });

  it("sp04 matches with the ante-first house setting; TDA blind-first gives the big blind a bigger main pot", () => {
    const h = readPhhFile(join(PHH_ROOT, "side-pots/sp04_nlhe_bb_ante_short_allin.phh"));
    expect(replayHand(h, { bbAnteOrder: "ante-first" }).finalStacks).toEqual([5300, 650, 4400, 5000]);
    expect(replayHand(h, { bbAnteOrder: "blind-first" }).finalStacks).toEqual([5200, 750, 4400, 5000]);
  });

  it("rule 19: sp09 splits each pot separately, odd chips left of the button (36/34, not 35/35)", () => {
    const h = readPhhFile(join(PHH_ROOT, "side-pots/sp09_nlhe_per_pot_odd_chips_vs_merge.phh"));
    expect(replayHand(h).finalStacks).toEqual([0, 0, 36, 34, 0]);
  });
});

describe("PHH replay: real hands", () => {
  it("replays every eligible WSOP 2023 event 43 hand (NLHE with big-blind ante, PLO, limit hold'em)", () => {
    const wsop = hands.filter((e) => e.path.startsWith("wsop/"));
    expect(wsop.length).toBe(25);
    expect(replayAll(wsop)).toEqual([]);
  });

  it("replays a sample of about 300 Pluribus hands", () => {
    const pluribus = hands.filter((e) => e.path.startsWith("pluribus/"));
    const sample = pluribus.filter((_, i) => i % 33 === 0);
    expect(sample.length).toBeGreaterThanOrEqual(300);
    expect(replayAll(sample)).toEqual([]);
  });
});

describe("PHH with a rake (issue 18)", () => {
  it("a hand that records its rake pays the pot less the rake; the same hand without one pays it all", async () => {
    const { readFileSync } = await import("node:fs");
    const text = readFileSync(join(PHH_ROOT, "wsop/2023/43/5/1.phh"), "utf8");
    const plain = replayHand(parsePhh(text, "plain"));
    expect(plain.matches).toBe(true);
    const raked = replayHand(parsePhh(`${text}\nrake = 5000\n`, "raked"));
    const diff = plain.finalStacks.map((s, i) => s - (raked.finalStacks[i] ?? 0));
    // The house's 5000 comes out of the main pot, from its winner alone.
    expect(diff.reduce((a, b) => a + b, 0)).toBe(5000);
    expect(diff.filter((d) => d !== 0)).toHaveLength(1);
  });
});
