/**
 * A small language for writing scenario files: a dealer and players at a simulated table, in the
 * contract's input events, followed by what the table must say. `npx tsx test/scenarios/build.ts`
 * writes every scenario to test/scenarios/*.jsonl; the files are what the tests replay.
 */
import type { InputEventIn } from "../../src/contract/input.js";

/**
 * An expectation line: a table event that must appear (fields given must match), or a code that must
 * not; or the scenario's changes to the default configuration (`config`, its first line).
 */
export type Expectation =
  { expect: Record<string, unknown> } | { absent: string } | { config: Record<string, unknown> };

export class Scene {
  private t = 0;
  readonly lines: (InputEventIn | Expectation)[] = [];
  private readonly zones = new Map<string, string[]>();
  private chipSerial = 0;
  /** The deck the dealer's cards come from (`card:<deck>:<face>`). */
  private deck = "A";

  constructor(readonly title: string) {}

  /** The gap before the next input, when a scene sets it (a fast dealer, one scan round). */
  private nextGap: number | null = null;

  private at(ms = 300): number {
    this.t += this.nextGap ?? ms;
    this.nextGap = null;
    return this.t;
  }

  /** The time of the scene's last input so far (a gap set by {@link after} is not yet in it). */
  get now(): number {
    return this.t;
  }

  /** The next input comes `ms` after the last one (e.g. two reports of one scan round, 50 ms apart). */
  after(ms: number): this {
    this.nextGap = ms;
    return this;
  }

  private tags(antenna: string, tags: string[], gap?: number): this {
    this.zones.set(antenna, [...tags]);
    this.lines.push({ t: this.at(gap), kind: "tags", antenna, tags: [...tags] });
    return this;
  }

  /** What the antenna last reported in the scene so far (a copy). */
  on(antenna: string): string[] {
    return [...(this.zones.get(antenna) ?? [])];
  }

  /** Changes to the default configuration for this scenario (e.g. `{ decks: ["A", "B"] }`). */
  configure(over: Record<string, unknown>): this {
    this.lines.unshift({ config: over });
    return this;
  }

  /** The cards dealt from here on are of this deck (a two-deck shuffler brought it out). */
  fromDeck(deck: string): this {
    this.deck = deck;
    return this;
  }

  /** The end of a hand: the dealer collects every card, and the chips go to their owners. */
  collect(): this {
    for (const [antenna, tags] of [...this.zones]) if (tags.length > 0) this.tags(antenna, [], 100);
    return this;
  }

  /** The floor seats players (stacks 20000 unless given), sets blinds and the button. */
  setup(
    opts: {
      seats?: number[];
      stacks?: Record<number, number>;
      button?: number;
      sb?: number;
      bb?: number;
      game?: "nlhe" | "plo";
    } = {},
  ): this {
    const seats = opts.seats ?? [1, 2, 3, 4];
    this.lines.push({ t: 0, kind: "floor", op: "game", game: opts.game ?? "nlhe" });
    this.lines.push({ t: 0, kind: "floor", op: "level", sb: opts.sb ?? 100, bb: opts.bb ?? 200 });
    for (const seat of seats) {
      const stack = opts.stacks?.[seat] ?? 20000;
      this.lines.push({ t: 0, kind: "floor", op: "seat", seat, player: `P${seat}`, stack });
    }
    this.lines.push({ t: 0, kind: "floor", op: "button", seat: opts.button ?? 1 });
    return this;
  }

  /** A floor operation; a ruling comes once the floor has walked over (a second after the last input). */
  floor(op: Record<string, unknown>): this {
    this.lines.push({ t: this.at(op.op === "ruling" ? 1000 : 100), kind: "floor", ...op } as InputEventIn);
    return this;
  }

  /** Tags straight onto the pot (chips pushed and swept in before their zone was scanned). */
  toPot(...tags: string[]): this {
    return this.addTo("pot", ...tags);
  }

  /** A chip tag of this denomination that no zone has reported yet. */
  newChip(denomination: number): string {
    return `chip:${denomination}:${++this.chipSerial}`;
  }

  key(
    button:
      "shuffler" | "check" | "fold" | "raise" | "allin" | "exposed" | "floor" | "undo" | "ok" | "deckcheck",
  ): this {
    this.lines.push({ t: this.at(button === "shuffler" ? 1000 : 600), kind: "button", button });
    return this;
  }

  reader(reader: string, status: "online" | "offline"): this {
    this.lines.push({ t: this.at(200), kind: "reader", reader, status });
    return this;
  }

  /** Hole cards, one per entry, in the order given (`[seat, face]`). */
  deal(cards: [number, string][]): this {
    for (const [seat, face] of cards) this.addTo(`seat${seat}`, `card:${this.deck}:${face}`);
    return this;
  }

  /** A tag (card or chip id) arrives on an antenna, added to what is there. */
  addTo(antenna: string, ...tags: string[]): this {
    return this.tags(antenna, [...(this.zones.get(antenna) ?? []), ...tags]);
  }

  /** The antenna's next report lists exactly these tags (what it listed before gone in the same report). */
  report(antenna: string, ...tags: string[]): this {
    return this.tags(antenna, tags);
  }

  /** Tags leave an antenna (e.g. premature cards back to the stub). */
  removeFrom(antenna: string, ...tags: string[]): this {
    return this.tags(
      antenna,
      (this.zones.get(antenna) ?? []).filter((x) => !tags.includes(x)),
    );
  }

  /** These antennas are cleared, one report each (cards collected, chips taken by their owner). */
  clear(...antennas: string[]): this {
    for (const antenna of antennas) this.tags(antenna, [], 100);
    return this;
  }

  /** The first `n` tags an antenna listed leave it (e.g. chips the bridge listed K scans after they left). */
  dropFirst(antenna: string, n: number): this {
    return this.tags(antenna, (this.zones.get(antenna) ?? []).slice(n));
  }

  /** A seat puts chips of these denominations in front of it, in one motion. */
  chips(seat: number, ...denominations: number[]): this {
    return this.addTo(`bet${seat}`, ...denominations.map((d) => `chip:${d}:${++this.chipSerial}`));
  }

  /** A seat's hole cards go to the muck. */
  fold(seat: number): this {
    const cards = this.zones.get(`seat${seat}`) ?? [];
    this.tags(`seat${seat}`, []);
    return this.addTo("muck", ...cards);
  }

  /** The dealer pulls every bet into the pot. */
  pull(): this {
    const pulled: string[] = [];
    for (const [antenna, tags] of this.zones) {
      if (/^bet\d+$/.test(antenna) && tags.length > 0) {
        pulled.push(...tags);
        this.tags(antenna, [], 100);
      }
    }
    return pulled.length > 0 ? this.addTo("pot", ...pulled) : this;
  }

  /** The dealer sweeps these bet zones into the pot, one report each in this order, then the pot's. */
  sweep(...antennas: string[]): this {
    const pulled = antennas.flatMap((a) => this.zones.get(a) ?? []);
    for (const a of antennas) this.tags(a, [], 20);
    return this.after(20).addTo("pot", ...pulled);
  }

  burn(face: string): this {
    return this.addTo("burn", `card:${this.deck}:${face}`);
  }

  board(...faces: string[]): this {
    return this.addTo("board", ...faces.map((f) => `card:${this.deck}:${f}`));
  }

  /** Waits (longer than any window). */
  wait(ms = 2000): this {
    this.t += ms;
    return this;
  }

  expect(event: Record<string, unknown>): this {
    this.lines.push({ expect: event });
    return this;
  }

  absent(...codes: string[]): this {
    for (const code of codes) this.lines.push({ absent: code });
    return this;
  }

  /**
   * The opening for three players, button 3 (the rules digest's rule-14 table): shuffler, the blinds'
   * chips (seat 1 small, seat 2 big), two cards each from seat 1: Ac Ad, Kh Kd, Qd Qh.
   */
  threeHandedDeal(): this {
    this.key("shuffler").chips(1, 100).chips(2, 100, 100);
    return this.deal([
      [1, "Ac"],
      [2, "Kh"],
      [3, "Qd"],
      [1, "Ad"],
      [2, "Kd"],
      [3, "Qh"],
    ]);
  }

  /** The opening for four players, button 1: the shuffler, then the blinds' chips (seat 2 small, seat 3 big). */
  blindsPosted(): this {
    return this.key("shuffler").chips(2, 100).chips(3, 100, 100);
  }

  /** The standard opening for four players, button 1: shuffler, blinds' chips, two cards each from seat 2. */
  standardDeal(): this {
    return this.blindsPosted().deal([
      [2, "Kh"],
      [3, "7d"],
      [4, "9s"],
      [1, "Ac"],
      [2, "Kd"],
      [3, "2h"],
      [4, "9h"],
      [1, "Td"],
    ]);
  }

  /**
   * Seats 1–3 (stacks 700, 5000, 5000; button 3): seat 3 folds, seat 1 is all-in pre-flop and seat 2
   * calls; the flop (9s 8d 3c), then two cards for the turn (4d, 7c) in the run-out.
   */
  allInTwoTurnCards(): this {
    return this.allInToTheFlop().burn("3h").board("4d", "7c");
  }

  /**
   * allInToTheFlop, then the turn (4d, after its burn 3h) and two cards together for the river (7c and
   * `second`, Jd unless given, after 5s): BOARD_TOO_MANY; a second later the dealer has it to take off.
   */
  twoRiverCards(second = "Jd"): this {
    return this.allInToTheFlop().burn("3h").board("4d").burn("5s").board("7c", second).wait(1000);
  }

  /** Seats 1–3 (stacks 700, 5000, 5000; button 3): seat 3 folds, seat 1 all-in, seat 2 calls; the flop. */
  allInToTheFlop(): this {
    return this.setup({ seats: [1, 2, 3], stacks: { 1: 700, 2: 5000, 3: 5000 }, button: 3 })
      .threeHandedDeal()
      .fold(3)
      .key("allin")
      .chips(1, 500, 100)
      .chips(2, 500)
      .pull()
      .burn("2c")
      .board("9s", "8d", "3c");
  }

  /**
   * Heads-up, seats 1 and 2, button 1: seat 1 the small blind (100 out; its stack `smallBlindStack`, else
   * 20,000), seat 2 the big blind all-in for 75, under the small blind; Ac Ad to seat 1, Kh Kd to seat 2.
   */
  shortBigBlindDealt(smallBlindStack?: number): this {
    const stacks: Record<number, number> = { 1: smallBlindStack ?? 20000, 2: 75 };
    return this.setup({ seats: [1, 2], stacks, button: 1 })
      .key("shuffler")
      .chips(1, 100)
      .chips(2, 25, 25, 25)
      .deal([
        [2, "Kh"],
        [1, "Ac"],
        [2, "Kd"],
        [1, "Ad"],
      ])
      .wait(1000);
  }

  /** Everyone calls or checks pre-flop (seat 4, 1, 2 call; 3 checks) and the bets are pulled. */
  limpedPreflop(): this {
    return this.chips(4, 100, 100).chips(1, 100, 100).chips(2, 100).key("check").pull();
  }

  /**
   * After the standard deal: seat 4 undercalls pre-flop (100 of 200) and the bets are pulled short, so
   * seat 4 owes 100; the hand is checked down (board Qs Jd 4h 8c 6s) and the showdown waits for the
   * 100 (r.51).
   */
  shortCallCheckedDown(): this {
    this.chips(4, 100).chips(1, 100, 100).chips(2, 100).key("check").pull();
    this.burn("2c").board("Qs", "Jd", "4h").checkAround();
    return this.burn("3c").board("8c").checkAround().burn("5d").board("6s").checkAround();
  }

  /**
   * Hand 1 (seats 1–4, button 4: blinds seats 1 and 2) limped and checked down on Ts Qd 6d 9s 2s, and the
   * shuffler pressed 3 s later with every card still out: hand 2 (button 1, blinds seats 2 and 3) starts
   * with the last hand listed on every seat, the board and the burn (DECK_NOT_COLLECTED to come).
   */
  checkedDownCardsLeftOut(): this {
    this.setup({ button: 4 }).key("shuffler").chips(1, 100).chips(2, 100, 100);
    this.deal([
      [1, "5h"],
      [2, "Qs"],
      [3, "2c"],
      [4, "7d"],
      [1, "Th"],
      [2, "Js"],
      [3, "3c"],
      [4, "8d"],
    ]);
    this.chips(3, 100, 100).chips(4, 100, 100).chips(1, 100).key("check").pull();
    this.burn("4c").board("Ts", "Qd", "6d").checkAround();
    this.burn("4d").board("9s").checkAround();
    this.burn("4h").board("2s").checkAround();
    return this.wait(3000).key("shuffler");
  }

  /** Everyone checks a post-flop round (seats 2, 3, 4, 1). */
  checkAround(): this {
    return this.key("check").key("check").key("check").key("check");
  }

  toJsonLines(): string {
    return `${this.lines.map((l) => JSON.stringify(l)).join("\n")}\n`;
  }
}
