import { describe, expect, it } from "vitest";
import { createRegistry, parseRegistryFile, simulatedRegistry } from "../../src/reading/registry.js";

const CHIPS = [1, 5, 25, 100, 500, 1000, 5000, 25000, 100000];

describe("tag registry", () => {
  const sim = simulatedRegistry("A", CHIPS);

  it("reads the contract's logical ids", () => {
    expect(sim.resolve("card:A:As")).toEqual({ type: "card", face: "As", deck: "A", copy: 1 });
    expect(sim.resolve("card:A:As/2")).toEqual({ type: "card", face: "As", deck: "A", copy: 2 });
    expect(sim.resolve("chip:500:17")).toEqual({ type: "chip", denomination: 500, serial: "17" });
  });

  it("a card of another deck, or an unreadable card tag, is foreign (IPC 29)", () => {
    expect(sim.resolve("card:B:As")).toMatchObject({ type: "foreign" });
    expect(sim.resolve("card:A:Zz")).toMatchObject({ type: "foreign" });
    expect(sim.resolve("card:whatever")).toMatchObject({ type: "foreign" });
  });

  it("an unknown tag or a denomination not in the chip set is unknown, never guessed", () => {
    expect(sim.resolve("E004015012345678")).toEqual({ type: "unknown" });
    expect(sim.resolve("chip:250:1")).toEqual({ type: "unknown" });
  });

  it("maps hex UIDs from a registry file, case-insensitively", () => {
    const uids = parseRegistryFile(
      "# deck A\nE004015012345678  card:A:As\ne0040150abcdef01 chip:500:17 # a chip\n\n",
      "reg.txt",
    );
    const real = createRegistry({ deck: "A", chips: CHIPS, simulated: false, uids });
    expect(real.resolve("e004015012345678")).toMatchObject({ type: "card", face: "As" });
    expect(real.resolve("E0040150ABCDEF01")).toMatchObject({ type: "chip", denomination: 500 });
    // The simulated registry is off: logical ids are not accepted at a real table.
    expect(real.resolve("card:A:As")).toEqual({ type: "unknown" });
  });

  it("names the file and line of a bad registry line", () => {
    expect(() => parseRegistryFile("E004015012345678 card:A:As\nE00401 card:A:Ks\n", "reg.txt")).toThrow(
      "reg.txt:2: E00401 is not a 16-digit hex UID",
    );
    expect(() => parseRegistryFile("E004015012345678 ace\n", "reg.txt")).toThrow(/reg\.txt:1: ace is not/);
    expect(() =>
      parseRegistryFile("E004015012345678 card:A:As\ne004015012345678 card:A:Ks\n", "reg.txt"),
    ).toThrow("reg.txt:2: E004015012345678 is listed twice");
  });
});

describe("two decks in play (decks: [A, B])", () => {
  it("knows the cards of both decks and names each card's deck; a third deck is foreign", () => {
    const two = createRegistry({ deck: "A", decks: ["A", "B"], chips: CHIPS, simulated: true });
    expect(two.resolve("card:A:As")).toEqual({ type: "card", face: "As", deck: "A", copy: 1 });
    expect(two.resolve("card:B:As")).toEqual({ type: "card", face: "As", deck: "B", copy: 1 });
    expect(two.resolve("card:C:As")).toEqual({
      type: "foreign",
      reason: "card of deck C, the decks in play are A, B",
    });
  });
});
