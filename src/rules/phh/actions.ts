/** PHH action strings (`d dh p1 AcAd`, `p3 cbr 200`, `p2 sm KcKd`, …) as typed actions. */
import { type Card, parseCards } from "../cards.js";

/** One PHH action; `player` is the 1-based PHH player number. */
export type PhhAction =
  | {
      readonly kind: "deal-hole";
      readonly player: number;
      readonly cards: readonly Card[] | null;
    }
  | { readonly kind: "deal-board"; readonly cards: readonly Card[] }
  | { readonly kind: "fold"; readonly player: number }
  | { readonly kind: "check-call"; readonly player: number }
  | {
      readonly kind: "bet-raise-to";
      readonly player: number;
      readonly to: number;
    }
  /** `sm` with cards shows them; `sm -` shows the dealt cards; a bare `sm` mucks (PokerKit notation). */
  | {
      readonly kind: "show";
      readonly player: number;
      readonly cards: readonly Card[] | "dealt" | "muck";
    };

const PLAYER = /^p([1-9][0-9]*)$/;

/** Parses one PHH action, throwing a readable error for anything the importer does not play. */
export function parsePhhAction(text: string): PhhAction {
  // A `#` starts a commentary in PHH.
  const words = text.split("#")[0]!.trim().split(/\s+/);
  const [who, op, arg] = words;
  if (who === "d") return parseDealing(op, words.slice(2), text);
  const player = Number(PLAYER.exec(who ?? "")?.[1] ?? Number.NaN);
  if (!Number.isInteger(player)) throw new Error(`action ${JSON.stringify(text)}: unknown actor ${who}`);
  switch (op) {
    case "f":
      return { kind: "fold", player };
    case "cc":
      return { kind: "check-call", player };
    case "cbr": {
      const to = Number(arg);
      if (!Number.isInteger(to) || to <= 0) throw new Error(`action ${JSON.stringify(text)}: bad amount`);
      return { kind: "bet-raise-to", player, to };
    }
    case "sm":
      if (arg === undefined) return { kind: "show", player, cards: "muck" };
      if (arg === "-") return { kind: "show", player, cards: "dealt" };
      return { kind: "show", player, cards: parseCards(arg) };
    default:
      throw new Error(
        `action ${JSON.stringify(text)}: operation ${op} is not played here (draw or stud games)`,
      );
  }
}

function parseDealing(op: string | undefined, rest: readonly string[], text: string): PhhAction {
  if (op === "db" && rest[0] !== undefined) return { kind: "deal-board", cards: parseCards(rest[0]) };
  if (op === "dh" && rest[0] !== undefined && rest[1] !== undefined) {
    const player = Number(PLAYER.exec(rest[0])?.[1] ?? Number.NaN);
    if (!Number.isInteger(player))
      throw new Error(`action ${JSON.stringify(text)}: unknown player ${rest[0]}`);
    // `??` stands for a card nobody saw.
    const cards = rest[1].includes("?") ? null : parseCards(rest[1]);
    return { kind: "deal-hole", player, cards };
  }
  throw new Error(`action ${JSON.stringify(text)}: not a hole or board dealing`);
}
