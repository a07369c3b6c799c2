/* global document, location, fetch, sessionStorage, WebSocket, setTimeout */
// The floor page: draws what the server pushes over /ws and sends the floor's rulings.
// Plain DOM, no framework; every text goes in with textContent (player names are user input).

const TOKEN_KEY = "feltguard.floorToken";
const SUIT = { c: "♣", d: "♦", h: "♥", s: "♠" };
const RESULT = { complete: "complete", misdeal: "misdeal", void: "void (chips returned)" };

const $ = (id) => document.getElementById(id);

/** Creates an element with attributes (class, data-*, …) and children (nodes or text). */
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(name, String(value));
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

const chips = (n) => n.toLocaleString("en-US");

/** A card face (rank then suit letter) as a small card; null draws a card back. */
function card(face) {
  if (face === null) return el("span", { class: "card back", title: "hidden" });
  const suit = face[1];
  const red = suit === "h" || suit === "d";
  return el(
    "span",
    { class: `card${red ? " red" : ""}`, title: face },
    face[0].replace("T", "10") + SUIT[suit],
  );
}

let token = sessionStorage.getItem(TOKEN_KEY);
let socket = null;
let retry = 500;
let last = null;

const inHand = () => last !== null && last.view.hand !== null;
/** Rulings need the token and a hand to rule on. */
const canRule = () => token !== null && inHand();

// ---- the live table ---------------------------------------------------------------------------

function drawTable(message) {
  const v = message.view;
  document.title = `${v.table} — Feltguard floor`;
  $("table-name").textContent = v.table;
  const level = v.level ? `blinds ${chips(v.level.sb)}/${chips(v.level.bb)}` : "no level set";
  const ante =
    v.level && (v.level.ante || v.level.bbAnte) ? `, ante ${chips(v.level.ante || v.level.bbAnte)}` : "";
  $("hand-info").textContent =
    v.hand === null
      ? `Between hands · ${v.game} · ${level}${ante}`
      : `Hand #${v.hand} · ${v.game} · ${v.street ?? "dealing"} · ${level}${ante}`;
  $("recovered").hidden = message.recovered !== true;
  $("held").hidden = !v.held;
  $("board").replaceChildren(...v.board.map(card));
  $("pot").textContent = `Pot ${chips(v.pot)}`;
  $("turn").textContent =
    v.toAct === null
      ? ""
      : `Seat ${v.toAct} to act · call ${chips(v.toCall ?? 0)}` +
        (v.minRaiseTo === null ? "" : ` · min raise to ${chips(v.minRaiseTo)}`);
  const hole = message.private ? v.hole : {};
  const n = v.seats.length;
  $("seats").replaceChildren(...v.seats.map((s) => drawSeat(s, v, hole[s.seat], n)));
  const seatOptions = v.seats.map((s) => el("option", { value: s.seat }, `Seat ${s.seat}`));
  const chosen = $("dead-seat").value;
  $("dead-seat").replaceChildren(...seatOptions);
  if (chosen) $("dead-seat").value = chosen;
}

/** One seat, placed round the oval: seat 1 on the dealer's left, clockwise. */
function drawSeat(s, v, faces, n) {
  const angle = ((25 + ((s.seat - 1) * 310) / Math.max(1, n - 1)) * Math.PI) / 180;
  const marks = [
    s.seat === v.button ? el("span", { class: "mark button", title: "button" }, "D") : null,
    s.seat === v.sb ? el("span", { class: "mark" }, "SB") : null,
    s.seat === v.bb ? el("span", { class: "mark" }, "BB") : null,
  ];
  const cards = faces ? faces.map(card) : Array.from({ length: s.holeCards }, () => card(null));
  const node = el(
    "div",
    { class: `seat light-${s.light}${s.player ? "" : " empty"}`, "data-seat": s.seat },
    el("div", { class: "seat-head" }, el("span", { class: "seat-no" }, `Seat ${s.seat}`), ...marks),
    el(
      "div",
      { class: "player" },
      s.player ?? "empty",
      s.away ? el("span", { class: "away" }, " away") : null,
    ),
    s.player ? el("div", { class: "stack" }, chips(s.stack)) : null,
    el("div", { class: "hole" }, ...cards),
    s.bet > 0 ? el("div", { class: "bet" }, chips(s.bet)) : null,
    el("div", { class: "light" }, s.light === "off" ? "" : s.light),
  );
  // Set through the CSSOM: the page's content security policy refuses inline style attributes.
  node.style.left = `${50 + 45 * Math.sin(angle)}%`;
  node.style.top = `${50 - 42 * Math.cos(angle)}%`;
  return node;
}

// ---- alerts, readers, last hands --------------------------------------------------------------

function drawAlerts(alerts) {
  $("no-alerts").hidden = alerts.length > 0;
  $("alerts").replaceChildren(
    ...alerts.map((a) =>
      el(
        "li",
        { class: `alert ${a.severity}`, "data-code": a.code },
        el(
          "div",
          { class: "alert-head" },
          el("strong", {}, a.code + (a.seat ? ` · seat ${a.seat}` : "")),
          el("span", { class: "rule" }, a.rule),
        ),
        el("p", {}, a.text),
        el("ol", { class: "steps" }, ...a.steps.map((step) => el("li", {}, step))),
        // Once the hand is over there is nothing left to rule on; the steps still guide the dealer.
        a.severity === "floor" && inHand() ? alertRulings(a) : null,
      ),
    ),
  );
}

/** The rulings that answer an alert, by its code; the ruling bar below offers all four. */
function rulingsFor(code) {
  if (code.startsWith("MISDEAL_") || code === "TCP_DEALER_EXPOSED") return ["continue", "misdeal"];
  if (code === "DUPLICATE_CARD" || code === "FOREIGN_CARD") return ["continue", "void"];
  if (code === "HAND_DEAD") return ["dead", "continue"];
  return ["continue"];
}

/** The buttons under one floor alert; each ruling names the alert's code (and seat, for a dead hand). */
function alertRulings(a) {
  const names = rulingsFor(a.code).filter((r) => r !== "dead" || a.seat);
  return el(
    "div",
    { class: "rulings" },
    ...names.map((r) => {
      const b = el(
        "button",
        { type: "button", "data-ruling": r },
        r === "dead" ? `Dead (seat ${a.seat})` : r,
      );
      b.disabled = !canRule();
      b.addEventListener("click", () =>
        rule({ ruling: r, code: a.code, ...(a.seat ? { seat: a.seat } : {}) }),
      );
      return b;
    }),
  );
}

function drawReaders(readers) {
  $("readers").replaceChildren(
    ...(readers.length === 0
      ? [el("li", { class: "muted" }, "No reader configured")]
      : readers.map((r) =>
          el(
            "li",
            { class: r.online ? "online" : "offline" },
            `${r.reader}: ${r.online ? "online" : "OFFLINE"}`,
          ),
        )),
  );
}

function drawHands(hands) {
  $("no-hands").hidden = hands.length > 0;
  $("hands").hidden = hands.length === 0;
  $("hands")
    .querySelector("tbody")
    .replaceChildren(
      ...hands.map((h) => {
        const awards = h.awards.map(
          (a) => `Seat ${a.seat} +${chips(a.amount)}${a.hand ? ` (${a.hand})` : ""}`,
        );
        const net = Object.entries(h.net)
          .filter(([, d]) => d !== 0)
          .map(([seat, d]) => `S${seat} ${d > 0 ? "+" : ""}${chips(d)}`);
        return el(
          "tr",
          { class: `result-${h.result}` },
          el("td", {}, `#${h.hand}${h.redeal ? " (re-deal)" : ""}`),
          el("td", {}, RESULT[h.result] ?? h.result),
          el("td", {}, h.button === null ? "—" : `Seat ${h.button}`),
          el("td", {}, awards.join(", ") || "—"),
          el("td", {}, net.join(", ") || "—"),
        );
      }),
    );
}

function draw(message) {
  last = message;
  drawTable(message);
  drawAlerts(message.view.alerts);
  drawReaders(message.readers);
  drawHands(message.lastHands);
  for (const b of document.querySelectorAll("#ruling-bar button")) b.disabled = !canRule();
}

// ---- the connection ---------------------------------------------------------------------------

function setConnection(state, text) {
  $("connection").dataset.state = state;
  $("connection").textContent = text;
}

/** Connects to /ws (with the token when hole cards are wanted); reconnects with back-off. */
function connect() {
  const wantHole = token !== null && $("show-hole").checked;
  const query = wantHole ? `?token=${encodeURIComponent(token)}` : "";
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws${query}`);
  socket = ws;
  ws.addEventListener("open", () => {
    retry = 500;
    setConnection("live", wantHole ? "live · hole cards" : "live");
  });
  ws.addEventListener("message", (e) => draw(JSON.parse(e.data)));
  ws.addEventListener("close", (e) => {
    if (socket !== ws) return;
    if (e.code === 4401) signOut("The floor token was refused");
    setConnection("down", "disconnected — retrying");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

function reconnect() {
  const old = socket;
  socket = null;
  old?.close();
  connect();
}

// ---- signing in and ruling --------------------------------------------------------------------

function showSignedIn() {
  $("sign-in").hidden = token !== null;
  $("signed-in").hidden = token === null;
  for (const b of document.querySelectorAll("button[data-ruling]")) b.disabled = !canRule();
  if (token === null) $("ruling-result").textContent = "Enter the floor token to rule.";
}

function signOut(why) {
  token = null;
  sessionStorage.removeItem(TOKEN_KEY);
  $("show-hole").checked = false;
  showSignedIn();
  if (why) $("ruling-result").textContent = why;
}

async function signIn(candidate) {
  const res = await fetch("/api/private", { headers: { authorization: `Bearer ${candidate}` } });
  if (!res.ok) {
    $("ruling-result").textContent = "That token was refused.";
    return;
  }
  token = candidate;
  sessionStorage.setItem(TOKEN_KEY, candidate);
  $("token").value = "";
  $("ruling-result").textContent = "Signed in: rulings are enabled.";
  showSignedIn();
  if (last) drawAlerts(last.view.alerts);
}

/** Sends a ruling; the table's answer arrives over the WebSocket. */
async function rule(body) {
  if (token === null) return;
  $("ruling-result").textContent = `Sending ${body.ruling}…`;
  const res = await fetch("/api/ruling", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = await res.json().catch(() => ({}));
  if (res.status === 401) return signOut("The floor token was refused: sign in again.");
  $("ruling-result").textContent = res.ok
    ? `Ruling "${body.ruling}" applied.`
    : `Ruling "${body.ruling}" not applied: ${answer.error ?? res.statusText}`;
}

$("sign-in").addEventListener("submit", (e) => {
  e.preventDefault();
  void signIn($("token").value.trim());
});
$("sign-out").addEventListener("click", () => {
  signOut("Signed out.");
  reconnect();
});
$("show-hole").addEventListener("change", reconnect);
for (const b of document.querySelectorAll("#ruling-bar button[data-ruling]")) {
  b.addEventListener("click", () => {
    const ruling = b.dataset.ruling;
    void rule(ruling === "dead" ? { ruling, seat: Number($("dead-seat").value) } : { ruling });
  });
}

// A module script runs once the document is parsed: the elements above all exist.
showSignedIn();
connect();
