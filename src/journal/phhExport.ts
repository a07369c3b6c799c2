/**
 * Finished hands as PHH (the Poker Hand History format): the table's own reading of the hand — blinds,
 * actions, board, hole cards from the seat antennas, the stacks after — in the form the rules engine's
 * PHH importer reads back. PHH numbers players from the first seat left of the button (the button last).
 */
import type { TableEvent } from "../contract/output.js";
import type { Registry } from "../reading/registry.js";
import type { ReplayedHand } from "./handReplay.js";

const VARIANT: Partial<Record<string, string>> = { nlhe: "NT", plo: "PO", flhe: "FT" };

/** A hand that cannot be written as PHH, and why. */
export class PhhExportError extends Error {}

/** The hand as PHH (TOML text). Throws {@link PhhExportError} for hands PHH cannot express here. */
export function handToPhh(h: ReplayedHand, registry: Registry): string {
  const { header, events, inputs } = h;
  const end = events.find((e) => e.kind === "hand_end");
  if (end?.kind !== "hand_end" || end.result !== "complete") {
    throw new PhhExportError(
      `hand ${h.row.hand} did not finish (${end?.kind === "hand_end" ? end.result : "in progress"})`,
    );
  }
  const variant = VARIANT[header.game.game];
  if (variant === undefined)
    throw new PhhExportError(`hand ${h.row.hand}: ${header.game.game} has no PHH variant here`);
  const players = phhOrder(
    header.positions.button,
    Object.keys(header.stacksBefore).map(Number),
    header.positions.sb,
  );
  if (players === null) {
    throw new PhhExportError(`hand ${h.row.hand}: a dead small blind has no place in PHH's seating`);
  }
  const player = new Map(players.map((seat, i) => [seat, `p${i + 1}`]));
  const { sb, bb, ante, bbAnte } = header.level;
  const hole = holeCards(inputs, registry);
  const actions: string[] = players.map((seat) => `d dh ${player.get(seat)} ${hole.get(seat) ?? "????"}`);
  actions.push(...bettingAndBoard(events, player));
  const showdown = events.some((e) => e.kind === "street" && e.street === "showdown");
  const folded = new Set(events.flatMap((e) => (e.kind === "action" && e.action === "fold" ? [e.seat] : [])));
  if (showdown) {
    for (const seat of players) {
      const cards = hole.get(seat);
      if (!folded.has(seat) && cards !== undefined) actions.push(`${player.get(seat)} sm ${cards}`);
    }
  }
  const fields: [string, string][] = [
    ["variant", str(variant)],
    ["antes", list(players.map((_, i) => (bbAnte > 0 ? (i === 1 ? bbAnte : 0) : ante)))],
    ["blinds_or_straddles", list(players.map((_, i) => (i === 0 ? sb : i === 1 ? bb : 0)))],
    ...(variant === "FT"
      ? ([
          ["small_bet", String(header.game.smallBet ?? bb)],
          ["big_bet", String(header.game.bigBet ?? 2 * bb)],
        ] as [string, string][])
      : ([["min_bet", String(bb)]] as [string, string][])),
    ["starting_stacks", list(players.map((s) => header.stacksBefore[s] ?? 0))],
    ["actions", `[\n${actions.map((a) => `  ${str(a)},`).join("\n")}\n]`],
    ["finishing_stacks", list(players.map((s) => end.stacks[String(s)] ?? 0))],
    // A raked cash game: the chips the house took from the pot (issue 18).
    ...(((end as { rake?: number }).rake ?? 0) > 0
      ? ([["rake", String((end as { rake?: number }).rake)]] as [string, string][])
      : []),
    ["hand", String(h.row.hand)],
    ["seats", list(players)],
  ];
  return fields.map(([k, v]) => `${k} = ${v}\n`).join("");
}

/** Seats in PHH order: clockwise from the seat after the button, the button last; null for a dead small blind. */
export function phhOrder(button: number, seats: readonly number[], sb: number | null): number[] | null {
  const sorted = [...seats].sort((a, b) => a - b);
  const after = sorted.filter((s) => s > button);
  const order = [...after, ...sorted.filter((s) => s <= button)];
  const expectedSb = order.length === 2 ? button : order[0];
  return sb !== null && sb === expectedSb && order.at(-1) === button ? order : null;
}

/** The betting and the board in the order the table read them (forced bets are in the header). */
function bettingAndBoard(events: readonly TableEvent[], player: Map<number, string>): string[] {
  const out: string[] = [];
  let board: string[] = [];
  for (const e of events) {
    if (e.kind === "street" && e.board.length > board.length) {
      out.push(`d db ${e.board.slice(board.length).join("")}`);
      board = e.board;
    } else if (e.kind === "action") {
      const p = player.get(e.seat);
      if (e.action === "fold") out.push(`${p} f`);
      else if (e.action === "check" || e.action === "call") out.push(`${p} cc`);
      else if (e.action === "bet" || e.action === "raise") out.push(`${p} cbr ${e.to}`);
    }
  }
  return out;
}

/** Each seat's hole cards: the card faces its antenna read during the hand, in the order they arrived. */
function holeCards(inputs: ReplayedHand["inputs"], registry: Registry): Map<number, string> {
  const faces = new Map<number, string[]>();
  for (const e of inputs) {
    const seat = e.kind === "tags" ? /^seat(\d+)$/.exec(e.antenna)?.[1] : undefined;
    if (e.kind !== "tags" || seat === undefined) continue;
    const seen = faces.get(Number(seat)) ?? [];
    for (const tag of e.tags) {
      const info = registry.resolve(tag);
      if (info.type === "card" && !seen.includes(info.face)) seen.push(info.face);
    }
    faces.set(Number(seat), seen);
  }
  return new Map([...faces].map(([seat, f]) => [seat, f.join("")]));
}

const str = (s: string): string => `'${s}'`;
const list = (xs: readonly number[]): string => `[${xs.join(", ")}]`;
