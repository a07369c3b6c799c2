/**
 * The felt of the focus latency benchmark (latencyFocus.bench.ts) as the emulator's script: nine seats
 * with two cards, a flop, chips in the pot and in a few bet zones, then events one at a time, 2–2.6 s
 * apart at random phases (seeded): expected ones where the focus points (a card dealt to a seat, a
 * board card, a bet, a fold to the muck), unexpected ones elsewhere (a premature board card while the
 * bet zone of the seat to act is in focus, chips out of turn on another seat's bet zone).
 */
import { mulberry32 } from "../src/sim/random.js";

export const EVENTS_PER_KIND = 40;

export type Kind = "deal" | "board" | "bet" | "fold" | "premature card" | "out-of-turn chips";
export const EXPECTED: readonly Kind[] = ["deal", "board", "bet", "fold"];
export const UNEXPECTED: readonly Kind[] = ["premature card", "out-of-turn chips"];

export interface Planned {
  kind: Kind;
  at: number;
  channel: number;
  uids: string[];
  /** What the host expects next (FOCUS, most likely first) when this lands. */
  focus: number[];
  /** Tags already on its channel when it lands (the background felt). */
  before: number;
}

const uid = (n: number) => `E0040150${n.toString(16).padStart(8, "0").toUpperCase()}`;

/** The background felt and the events, as the emulator's script, with the plan to measure. */
export function plan(ch: Record<string, number>, seed: number): { script: string; events: Planned[] } {
  const rnd = mulberry32(seed); // seeded: the same events every run
  const lines: string[] = [];
  let next = 1;
  const tags = (n: number) => Array.from({ length: n }, () => uid(next++));
  const place = (at: number, c: number, u: string[]) => lines.push(`${at} place ${c} ${u.join(" ")}`);
  const background = new Map<number, number>();
  const lay = (c: number, u: string[]) => {
    background.set(c, (background.get(c) ?? 0) + u.length);
    place(10, c, u);
  };
  for (let s = 1; s <= 9; s++) lay(ch[`seat${s}`]!, tags(2));
  lay(ch.board!, tags(3));
  lay(ch.pot!, tags(30));
  for (const s of [2, 5, 7]) lay(ch[`bet${s}`]!, tags(4));
  const kinds = [...EXPECTED, ...UNEXPECTED].flatMap((k) => Array<Kind>(EVENTS_PER_KIND).fill(k));
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!];
  }
  const events: Planned[] = [];
  let at = 2000;
  for (const kind of kinds) {
    at += 2000 + Math.floor(rnd() * 600);
    const toAct = 1 + Math.floor(rnd() * 9);
    const other = 1 + ((toAct + Math.floor(rnd() * 8)) % 9);
    let e: Omit<Planned, "before">;
    if (kind === "deal") e = { kind, at, channel: ch.seat10!, uids: tags(1), focus: [ch.seat10!] };
    else if (kind === "board")
      e = { kind, at, channel: ch.board!, uids: tags(1), focus: [ch.board!, ch.burn!] };
    else if (kind === "bet")
      e = { kind, at, channel: ch[`bet${toAct}`]!, uids: tags(3), focus: [ch[`bet${toAct}`]!, ch.muck!] };
    else if (kind === "fold")
      e = { kind, at, channel: ch.muck!, uids: tags(2), focus: [ch[`bet${toAct}`]!, ch.muck!] };
    else if (kind === "premature card")
      e = { kind, at, channel: ch.board!, uids: tags(1), focus: [ch[`bet${toAct}`]!, ch.muck!] };
    else
      e = {
        kind,
        at,
        channel: ch[`bet${other === toAct ? (toAct % 9) + 1 : other}`]!,
        uids: tags(3),
        focus: [ch[`bet${toAct}`]!, ch.muck!],
      };
    events.push({ ...e, before: background.get(e.channel) ?? 0 });
    place(at, e.channel, e.uids);
    lines.push(`${at + 1500} remove ${e.channel} ${e.uids.join(" ")}`);
  }
  lines.push(`${at + 5000} end`);
  return { script: `${lines.join("\n")}\n`, events };
}
