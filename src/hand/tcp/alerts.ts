/**
 * What the Three Card Poker table says: the TCP detections of the catalogue (shared/spec/events.md)
 * and the two codes this game adds, with the steps the dealer follows; and raising and clearing
 * them once per code and box.
 */
import type { AlertEvent } from "../../contract/output.js";
import { alert } from "../alerts.js";
import type { HandOwner, TcpAlertCode, TcpContext, TcpExtraCode } from "./context.js";

const EXTRA: Record<TcpExtraCode, { rule: string; severity: AlertEvent["severity"] }> = {
  TCP_BET_INVALID: { rule: "TCP rules", severity: "dealer" },
  TCP_PLAYER_EXPOSED: { rule: "TCP rules", severity: "info" },
};

const MISDEAL_STEPS = [
  "Stop dealing",
  "Call the floor",
  "If the floor declares a misdeal: collect every card, press the shuffler and deal again; the bets stay",
];

function extra(t: number, code: TcpExtraCode, text: string, steps: string[], seat?: number): AlertEvent {
  const { rule, severity } = EXTRA[code];
  return { t, kind: "alert", code, rule, severity, ...(seat === undefined ? {} : { seat }), text, steps };
}

const whose = (owner: HandOwner) => (owner === "dealer" ? "the dealer" : `box ${owner}`);

/** The words for each Three Card Poker detection. */
export const tcpSay = {
  cardCount: (t: number, owner: HandOwner, cards: number, why: string) =>
    alert(
      t,
      "MISDEAL_CARD_COUNT",
      `Misdeal: ${whose(owner)} holds ${cards} card${cards === 1 ? "" : "s"}; ${why}`,
      MISDEAL_STEPS,
      owner === "dealer" ? undefined : owner,
    ),
  dealerExposed: (t: number) =>
    alert(t, "TCP_DEALER_EXPOSED", "Misdeal: one of the dealer's cards was exposed", MISDEAL_STEPS),
  playerExposed: (t: number, box: number) =>
    extra(
      t,
      "TCP_PLAYER_EXPOSED",
      `A card of box ${box} was exposed: this is not a misdeal`,
      ["Turn the card over and leave it with box " + box, "Continue the deal"],
      box,
    ),
  blindPlayMissing: (t: number, box: number, ante: number) =>
    alert(
      t,
      "TCP_BLIND_PLAY_MISSING",
      `Box ${box} is played blind and has an Ante of ${ante} but no equal Play bet`,
      [
        `Have the player put ${ante} on Play of box ${box} before he decides anything else`,
        "Call the floor if he refuses",
      ],
      box,
    ),
  betAfterDeal: (t: number, box: number) =>
    alert(
      t,
      "TCP_BET_AFTER_DEAL",
      `The bets of box ${box} changed after the first card was drawn`,
      [`Put box ${box}'s bets back as they were when the first card was drawn`, "Call the floor"],
      box,
    ),
  betInvalid: (t: number, box: number, problems: string[]) =>
    extra(
      t,
      "TCP_BET_INVALID",
      `Box ${box}: ${problems.join("; ")}`,
      [`Bring box ${box}'s bets within the rules and the table limits`, "Call the floor if in doubt"],
      box,
    ),
};

const key = (code: string, seat?: number) => (seat === undefined ? code : `${code}:${seat}`);

/** Raises an alert once: the same code for the same box is not repeated while it is open. */
export function raise(h: TcpContext, event: AlertEvent): boolean {
  const k = key(event.code, event.seat);
  if (h.open.includes(k)) return false;
  h.open.push(k);
  h.out.push(event);
  return true;
}

/** Clears an open alert (no output if it was not open). */
export function clear(h: TcpContext, code: TcpAlertCode, seat?: number): void {
  const i = h.open.indexOf(key(code, seat));
  if (i < 0) return;
  h.open.splice(i, 1);
  h.out.push({ t: h.t, kind: "alert_clear", code, ...(seat === undefined ? {} : { seat }) });
}

/** Whether an alert is open. */
export function isOpen(h: TcpContext, code: TcpAlertCode, seat?: number): boolean {
  return h.open.includes(key(code, seat));
}

/** Whether any alert of this code is open, whatever its box. */
export function anyOpen(h: TcpContext, code: TcpAlertCode): boolean {
  return h.open.some((k) => k === code || k.startsWith(`${code}:`));
}

/** Clears every open alert of a code (of one box when `seat` is given). */
export function clearAll(h: TcpContext, code: TcpAlertCode, seat?: number): void {
  for (const k of h.open.filter((k) => k === code || k.startsWith(`${code}:`))) {
    const s = k.split(":")[1];
    const n = s === undefined ? undefined : Number(s);
    if (seat === undefined || n === seat) clear(h, code, n);
  }
}
