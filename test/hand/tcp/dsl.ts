/**
 * A small language for Three Card Poker scenario files: players at a 7-box table, in the contract's
 * input events, followed by what the table must say. `npx tsx test/hand/tcp/build.ts` writes every
 * scenario to test/hand/tcp/scenarios/*.jsonl; the files are what the tests replay.
 */
import type { InputEventIn } from "../../../src/contract/input.js";
import { makeChange } from "../../../src/sim/chips.js";

export type Expectation = { expect: Record<string, unknown> } | { absent: string };
type Owner = number | "dealer";
type Wager = "ante" | "play" | "pairplus" | "prime";

export class TcpScene {
  private t = 0;
  readonly lines: (InputEventIn | Expectation)[] = [];
  private readonly zones = new Map<string, string[]>();
  private chipSerial = 0;

  constructor(readonly title: string) {}

  /** The gap before the next input, when `soon` set one. */
  private gap: number | null = null;

  private at(ms = 300): number {
    this.t += this.gap ?? ms;
    this.gap = null;
    return this.t;
  }

  /** The next input comes only `ms` after the last (within one scan round, say). */
  soon(ms: number): this {
    this.gap = ms;
    return this;
  }

  private tags(antenna: string, tags: string[], gap?: number): this {
    this.zones.set(antenna, [...tags]);
    this.lines.push({ t: this.at(gap), kind: "tags", antenna, tags: [...tags] });
    return this;
  }

  /** The floor sets the game (min 5, max 1000 unless given) and seats players (seat → name). */
  setup(players: Record<number, string>, limits: { min?: number; max?: number } = {}): this {
    this.lines.push({
      t: 0,
      kind: "floor",
      op: "game",
      game: "tcp",
      min: limits.min ?? 5,
      max: limits.max ?? 1000,
    });
    for (const [seat, player] of Object.entries(players)) {
      this.lines.push({ t: 0, kind: "floor", op: "seat", seat: Number(seat), player, stack: 10000 });
    }
    return this;
  }

  floor(op: Record<string, unknown>): this {
    this.lines.push({ t: this.at(100), kind: "floor", ...op } as InputEventIn);
    return this;
  }

  key(button: "shuffler" | "fold" | "exposed" | "ok"): this {
    this.lines.push({ t: this.at(button === "shuffler" ? 1000 : 600), kind: "button", button });
    return this;
  }

  /** Chips worth `amount` (the fewest chips of the table's set) land on a wager zone of a box. */
  bet(box: number, wager: Wager, amount: number): this {
    return this.addTo(`${wager}${box}`, ...makeChange(amount).map((d) => `chip:${d}:${++this.chipSerial}`));
  }

  /** A wager zone comes to hold chips worth `amount` in one motion (the dealer swaps chips). */
  setBet(box: number, wager: Wager, amount: number): this {
    return this.tags(
      `${wager}${box}`,
      makeChange(amount).map((d) => `chip:${d}:${++this.chipSerial}`),
    );
  }

  /** Every chip leaves a wager zone. */
  clearBet(box: number, wager: Wager): this {
    return this.tags(`${wager}${box}`, []);
  }

  /** One card to a box or to the dealer. */
  card(owner: Owner, face: string): this {
    return this.addTo(owner === "dealer" ? "dealer" : `seat${owner}`, `card:A:${face}`);
  }

  /**
   * The whole deal, one card at a time: boxes in ascending order, then the dealer, three rounds.
   * `hands` gives each box's three cards and the dealer's.
   */
  deal(hands: Record<number, string[]> & { dealer: string[] }): this {
    const boxes = Object.keys(hands)
      .filter((k) => k !== "dealer")
      .map(Number)
      .sort((a, b) => a - b);
    const rounds = Math.max(...Object.values(hands).map((h: string[]) => h.length));
    for (let r = 0; r < rounds; r++) {
      for (const box of boxes) {
        const face = hands[box]?.[r];
        if (face) this.card(box, face);
      }
      const d = hands.dealer[r];
      if (d) this.card("dealer", d);
    }
    return this;
  }

  /** The box puts its Play bet down (equal to the Ante). */
  play(box: number, amount: number): this {
    return this.bet(box, "play", amount);
  }

  /** The box's cards go to the muck. */
  fold(box: number): this {
    const cards = this.zones.get(`seat${box}`) ?? [];
    this.tags(`seat${box}`, []);
    return this.addTo("muck", ...cards);
  }

  /** The dealer's tray (`tray1`) holds these chips: denomination → how many (fresh tags). */
  tray(chips: Record<number, number>): this {
    const tags = Object.entries(chips).flatMap(([d, n]) =>
      Array.from({ length: n }, () => `chip:${d}:${++this.chipSerial}`),
    );
    return this.addTo("tray1", ...tags);
  }

  /** The dealer takes a losing bet's chips to the tray. */
  collect(box: number, wager: Wager): this {
    const chips = this.zones.get(`${wager}${box}`) ?? [];
    this.tags(`${wager}${box}`, []);
    return this.soon(100).addTo("tray1", ...chips);
  }

  /** The dealer pays `amount` beside a bet with chips from the tray (the tray must hold them). */
  pay(box: number, wager: Wager, amount: number): this {
    const left = [...(this.zones.get("tray1") ?? [])];
    const paid = makeChange(amount).map((d) => {
      const i = left.findIndex((tag) => tag.startsWith(`chip:${d}:`));
      if (i < 0) throw new Error(`the tray holds no ${d} for box ${box}'s ${wager}`);
      return left.splice(i, 1)[0]!;
    });
    this.tags("tray1", left);
    return this.soon(100).addTo(`${wager}${box}`, ...paid);
  }

  /** The dealer takes one chip of a payout back to the tray. */
  back(box: number, wager: Wager, denomination: number): this {
    const on = [...(this.zones.get(`${wager}${box}`) ?? [])];
    const i = on.findLastIndex((tag) => tag.startsWith(`chip:${denomination}:`));
    const [chip] = on.splice(i, 1);
    this.tags(`${wager}${box}`, on);
    return this.soon(100).addTo("tray1", chip!);
  }

  /** Chips leave the tray for nowhere (palmed). */
  palm(denomination: number): this {
    const left = [...(this.zones.get("tray1") ?? [])];
    const i = left.findIndex((tag) => tag.startsWith(`chip:${denomination}:`));
    left.splice(i, 1);
    return this.tags("tray1", left);
  }

  /** The player takes one chip of `denomination` back off a wager zone; the rest stays his bet. */
  takeChip(box: number, wager: Wager, denomination: number): this {
    const on = [...(this.zones.get(`${wager}${box}`) ?? [])];
    const i = on.findLastIndex((tag) => tag.startsWith(`chip:${denomination}:`));
    if (i < 0) throw new Error(`no ${denomination} chip on box ${box}'s ${wager}`);
    on.splice(i, 1);
    return this.tags(`${wager}${box}`, on);
  }

  /** The player takes every chip of a zone (his stake and its payout). */
  take(box: number, wager: Wager, gap?: number): this {
    return this.tags(`${wager}${box}`, [], gap);
  }

  /** The dealer collects his own cards (he is done with the layout), then the boxes' cards. */
  collectCards(...boxes: number[]): this {
    this.tags("dealer", []);
    for (const box of boxes) this.soon(50).tags(`seat${box}`, []);
    return this;
  }

  /** One tag leaves an antenna for a while (longer than the departure window), then is read there again. */
  clearAndRestore(antenna: string, tag: string): this {
    const before = this.zones.get(antenna) ?? [];
    this.tags(
      antenna,
      before.filter((x) => x !== tag),
    );
    this.wait(1500);
    return this.tags(antenna, before);
  }

  addTo(antenna: string, ...tags: string[]): this {
    return this.tags(antenna, [...(this.zones.get(antenna) ?? []), ...tags]);
  }

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

  toJsonLines(): string {
    return `${this.lines.map((l) => JSON.stringify(l)).join("\n")}\n`;
  }
}
