import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { InputEvent, type InputEventIn } from "../../src/contract/input.js";
import { readJsonLines } from "../../src/contract/jsonl.js";
import { enrolChips } from "../../src/enrol/chipEnrolment.js";
import { DeckEnrolment, ENROL_ORDER, enrolDeck } from "../../src/enrol/deckEnrolment.js";
import { importChipCsv, importDeckCsv } from "../../src/enrol/importCsv.js";
import { appendEntries } from "../../src/enrol/registryText.js";
import { createRegistry, parseRegistryFile } from "../../src/reading/registry.js";

const FIXTURES = "test/enrol/fixtures";
const recorded = (file: string) =>
  [...readJsonLines(readFileSync(`${FIXTURES}/${file}`, "utf8"), file, InputEvent)].map((r) => {
    if (!r.ok) throw r.error;
    return r.value;
  });
const ev = (e: InputEventIn) => InputEvent.parse(e);
const uid = (n: number) => `E0040150A${n.toString(16).toUpperCase().padStart(7, "0")}`;

describe("deck enrolment (pure: reports in, prompts and registry entries out)", () => {
  it("enrols a deck from recorded reports: 52 cards in the stated order; a repeated and an extra tag refused", () => {
    const { messages, entries, complete } = enrolDeck(recorded("deck-b.jsonl"), {
      deck: "B",
      antenna: "board",
    });
    expect(complete).toBe(true);
    expect(entries).toHaveLength(52);
    expect(entries.map((e) => e.logical)).toEqual(ENROL_ORDER.map((f) => `card:B:${f}`));
    expect(entries[0]).toEqual({ uid: "E0040150B0000000", logical: "card:B:As" });
    const refused = messages.filter((m) => m.kind === "refused").map((m) => m.text);
    expect(refused).toEqual([
      "repeated tag: E0040150B0000002 is already enrolled as card:B:3s; place the six of spades (6s)",
      "extra tag E0040150C0000001: the deck is complete (52 cards)",
    ]);
    // The prompt after the refusal still asks for the six: the repeat took nothing.
    const i = messages.findIndex((m) => m.text.startsWith("repeated tag"));
    expect(messages[i + 1]).toMatchObject({ kind: "prompt", text: "place the six of spades (6s) on board" });
    expect(messages.filter((m) => m.kind === "done")).toHaveLength(1);
  });

  it("prompts the first face, then the next after each card", () => {
    const e = new DeckEnrolment({ deck: "B", antenna: "board" });
    expect(e.start()).toEqual([{ t: 0, kind: "prompt", text: "place the ace of spades (As) on board" }]);
    expect(e.handle(ev({ t: 5, kind: "tags", antenna: "board", tags: [uid(1)] }))).toEqual([
      { t: 5, kind: "enrolled", text: `1/52 ${uid(1)} = card:B:As` },
      { t: 5, kind: "prompt", text: "place the deuce of spades (2s) on board" },
    ]);
    // The card stays and the next is laid on it: only the new tag is taken.
    e.handle(ev({ t: 9, kind: "tags", antenna: "board", tags: [uid(1), uid(2)] }));
    expect(e.entries().map((x) => x.logical)).toEqual(["card:B:As", "card:B:2s"]);
  });

  it("a pile of 48 cards, all a bridge reports on one antenna: the dealer is told to take them off", () => {
    // docs/registry.md lets each card stay under the next; the bridge tracks 48 tags per antenna, so
    // a 49th card on the pile never appears in a report and the enrolment waited for it with no word.
    const e = new DeckEnrolment({ deck: "B", antenna: "board" });
    const pile = (n: number) => Array.from({ length: n }, (_, i) => uid(i + 1));
    let said: ReturnType<DeckEnrolment["handle"]> = [];
    for (let n = 1; n <= 48; n++)
      said = e.handle(ev({ t: n, kind: "tags", antenna: "board", tags: pile(n) }));
    expect(e.entries()).toHaveLength(48);
    expect(said).toEqual([
      { t: 48, kind: "enrolled", text: `48/52 ${uid(48)} = card:B:9c` },
      {
        t: 48,
        kind: "refused",
        text: "48 cards on board, as many as the bridge reports on one antenna: take the cards off before the next",
      },
      { t: 48, kind: "prompt", text: "place the ten of clubs (Tc) on board" },
    ]);
    // Said once, not at every report of the full pile; cleared, the pile takes the rest.
    expect(e.handle(ev({ t: 49, kind: "tags", antenna: "board", tags: pile(48) }))).toEqual([]);
    e.handle(ev({ t: 50, kind: "tags", antenna: "board", tags: [] }));
    for (let n = 49; n <= 52; n++) e.handle(ev({ t: n + 2, kind: "tags", antenna: "board", tags: [uid(n)] }));
    expect(e.complete).toBe(true);
  });

  it("a batch of chips reaching 48 tags on the antenna is told more would be missed", () => {
    const chips = Array.from({ length: 48 }, (_, i) => uid(100 + i));
    const { messages } = enrolChips([ev({ t: 1, kind: "tags", antenna: "pot", tags: chips })], {
      denomination: 500,
      antenna: "pot",
    });
    expect(messages.filter((m) => m.kind === "refused").map((m) => m.text)).toEqual([
      "48 tags on pot, as many as the bridge reports on one antenna: more would be missed; take the enrolled chips off before adding more",
    ]);
  });

  it("two new cards in one report (one scan round) are refused until the antenna is clear of them", () => {
    const e = new DeckEnrolment({ deck: "B", antenna: "board" });
    const two = e.handle(ev({ t: 1, kind: "tags", antenna: "board", tags: [uid(1), uid(2)] }));
    expect(two[0]).toMatchObject({ kind: "refused", text: expect.stringMatching(/^2 new cards at once/) });
    // One taken off, a third placed: not taken while one of the pair is still there.
    const still = e.handle(ev({ t: 2, kind: "tags", antenna: "board", tags: [uid(1), uid(3)] }));
    expect(still[0]).toMatchObject({ kind: "refused", text: expect.stringMatching(/first take off/) });
    expect(e.entries()).toEqual([]);
    e.handle(ev({ t: 3, kind: "tags", antenna: "board", tags: [] }));
    e.handle(ev({ t: 4, kind: "tags", antenna: "board", tags: [uid(2)] }));
    expect(e.entries()).toEqual([{ uid: uid(2), logical: "card:B:As" }]);
  });

  it("undo takes back the last card; a tag already in the registry file is refused", () => {
    const existing = new Map([[uid(9), "card:A:Kd"]]);
    const e = new DeckEnrolment({ deck: "B", antenna: "board", existing });
    e.handle(ev({ t: 1, kind: "tags", antenna: "board", tags: [uid(1)] }));
    e.handle(ev({ t: 2, kind: "button", button: "undo" }));
    expect(e.entries()).toEqual([]);
    e.handle(ev({ t: 3, kind: "tags", antenna: "board", tags: [] }));
    expect(e.handle(ev({ t: 4, kind: "tags", antenna: "board", tags: [uid(9)] }))[0]).toEqual({
      t: 4,
      kind: "refused",
      text: `${uid(9)} is already in the registry as card:A:Kd`,
    });
    expect(() => new DeckEnrolment({ deck: "A", antenna: "board", existing })).toThrow(
      /already has 1 cards of deck A/,
    );
  });

  it("a tag that is not a hex UID is refused, and nothing is taken", () => {
    const e = new DeckEnrolment({ deck: "B", antenna: "board" });
    expect(e.handle(ev({ t: 1, kind: "tags", antenna: "board", tags: ["card:A:As"] }))[0]).toMatchObject({
      kind: "refused",
    });
    expect(e.entries()).toEqual([]);
  });
});

describe("chip enrolment", () => {
  it("every new tag until ok is the denomination, serials on from the highest; a repeat refused", () => {
    const existing = parseRegistryFile("E0040150FF000001 chip:500:17\nE0040150FF000002 chip:100:40\n", "r");
    const { entries, messages, complete } = enrolChips(recorded("chips-500.jsonl"), {
      denomination: 500,
      antenna: "pot",
      existing,
    });
    expect(complete).toBe(true);
    expect(entries.map((e) => e.logical)).toEqual([18, 19, 20, 21, 22].map((n) => `chip:500:${n}`));
    expect(messages.filter((m) => m.kind === "refused").map((m) => m.text)).toEqual([
      "repeated tag: E0040150E0000002 is already chip:500:19",
    ]);
    // After ok nothing more is taken (the tag at t 3000).
    expect(entries.some((e) => e.uid === "E0040150E0000009")).toBe(false);
  });
});

describe("a card maker's list (CSV)", () => {
  it("imports uid,face rows (10h as Th) in any order into 52 entries the registry reads", () => {
    const entries = importDeckCsv(readFileSync(`${FIXTURES}/deck-c.csv`, "utf8"), "deck-c.csv", "C");
    expect(entries).toHaveLength(52);
    const text = appendEntries("", "deck C", entries, "reg.txt");
    const registry = createRegistry({
      deck: "C",
      chips: [500],
      simulated: false,
      uids: parseRegistryFile(text, "reg.txt"),
    });
    expect(registry.resolve("E0040150D000000D")).toEqual({ type: "card", face: "Ah", deck: "C", copy: 1 });
    expect(new Set(entries.map((e) => e.logical)).size).toBe(52);
  });

  it("a one-column list is in the stated order; faults name the file and line", () => {
    const list = Array.from({ length: 52 }, (_, i) => uid(i)).join("\n");
    expect(importDeckCsv(list, "l.csv", "D")[51]).toEqual({ uid: uid(51), logical: "card:D:Kc" });
    expect(() => importDeckCsv(`${list}\n${uid(3)}`, "l.csv", "D")).toThrow("l.csv:53: repeated tag");
    expect(() => importDeckCsv(`${uid(0)},As\n${uid(1)},As`, "l.csv", "D")).toThrow(
      "l.csv:2: As is listed twice",
    );
    expect(() => importDeckCsv(`${uid(0)},Zz`, "l.csv", "D")).toThrow("l.csv:1: Zz is not a card face");
    expect(() => importDeckCsv(uid(0), "l.csv", "D")).toThrow(/1 cards listed, a deck has 52: missing 2s/);
    expect(importChipCsv(`uid\n${uid(1)}\n${uid(2)}`, "c.csv", 25, 7)).toEqual([
      { uid: uid(1), logical: "chip:25:7" },
      { uid: uid(2), logical: "chip:25:8" },
    ]);
  });
});
