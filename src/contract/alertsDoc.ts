/**
 * docs/alerts.md, generated from the alert catalogue (src/contract/alerts.ts): the one list of every
 * code the product raises, for the floor and for integrators. A test keeps the file and the catalogue
 * in agreement (`npm run docs:alerts` rewrites it).
 */
import { ALERT_CODES, CATALOGUE, type CatalogueEntry } from "./alerts.js";

/** Markdown cells: a pipe would end the cell. */
const cell = (text: string) => text.replace(/\|/g, "\\|");

function table(codes: readonly string[]): string[] {
  const rows = codes.map((code) => {
    const e: CatalogueEntry = CATALOGUE[code as keyof typeof CATALOGUE];
    const source = e.contract ? "contract" : "Feltguard";
    return `| \`${code}\` | ${e.severity} | ${cell(e.rule)} | ${source} | ${cell(e.when)} |`;
  });
  return ["| code | severity | rule | from | when |", "| --- | --- | --- | --- | --- |", ...rows];
}

/** The whole of docs/alerts.md. */
export function renderAlertsDoc(): string {
  const detections = ALERT_CODES.filter((c) => CATALOGUE[c].kind === "detection");
  const notices = ALERT_CODES.filter((c) => CATALOGUE[c].kind === "notice");
  return [
    "<!-- Generated from src/contract/alerts.ts by `npm run docs:alerts`: edit the catalogue, not this file. -->",
    "",
    "# Alerts",
    "",
    "Every `alert` the table raises, with its severity and the rule it cites. Codes marked *contract* are",
    "the event contract's catalogue (shared/spec/events.md); codes marked *Feltguard* are the project's",
    "own (the contract lets it add codes). `floor` alerts wait for a supervisor, `dealer` alerts for the",
    "dealer to put it right (or the `ok` key), `info` ones inform. The text and the steps the dealer",
    "follows are in each event; src/hand/alerts.ts holds them for the detections.",
    "",
    "## Detections",
    "",
    ...table(detections),
    "",
    "A floor `continue` clears an alert and play goes on (shared/spec/events.md), where play can go on",
    "with the cards as they lie. A Three Card Poker hand with a card too many (the dealer's or a box's",
    "fourth: `MISDEAL_CARD_COUNT`) cannot: the rules make it a misdeal, the table refuses `continue` on it",
    "(`FLOOR_OP_REJECTED`, naming the rule) and the hand stays held for `misdeal` or `void`. Such an alert",
    "carries an added `rulings` field with the rulings it takes; the floor page and the room offer only those.",
    "A card on a Three Card Poker box with no bet (`MISDEAL_CARD_COUNT` on that box) is no player's hand,",
    "not a card too many: the floor may let the deal stand (`continue`: the card goes to the discard, the",
    "deal goes on to the boxes with a bet and the hand is settled without it) or call the misdeal.",
    "After a Three Card Poker misdeal the dealer collects every card and the bets stay on the layout: they",
    "are the bets of the hand dealt again (an open box's Play, a decision on the cards, goes back); a void",
    "gives every bet back.",
    "",
    "## Notices",
    "",
    "What the table says of its own state: the floor's operations, the keys, deck checks and the journal.",
    "",
    ...table(notices),
    "",
  ].join("\n");
}
