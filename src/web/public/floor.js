/* global document, location, fetch, sessionStorage, WebSocket, setTimeout */
// The floor page: draws what the server pushes over /ws and sends the floor's rulings.
// Plain DOM, no framework; every text goes in with textContent (player names are user input).
// One file over 300 lines on purpose: the page is served as one static script, with no bundler.

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
/** The signed-in supervisor's name (session cookie), or null. */
let who = null;
const signedIn = () => token !== null || who !== null;
let socket = null;
let retry = 500;
let last = null;

const inHand = () => last !== null && last.view.hand !== null;
/** Rulings need the token and a hand to rule on. */
const canRule = () => signedIn() && inHand();

/** Alert titles in words (the code stays in data-code for tools). */
const TITLES = {
  MISDEAL_FIRST_CARD: "Misdeal: first card to the wrong seat",
  MISDEAL_NOT_ENTITLED: "Misdeal: card to a seat not in the hand",
  MISDEAL_DEALT_OUT: "Misdeal: a seat was dealt out",
  MISDEAL_EXPOSED: "Misdeal: card exposed in the deal",
  MISDEAL_CARD_COUNT: "Misdeal: too many cards",
  HAND_DEAD: "Dead hand",
  FOUR_CARD_FLOP: "Four-card flop",
  PREMATURE_FLOP: "Premature flop",
  PREMATURE_TURN: "Premature turn",
  PREMATURE_RIVER: "Premature river",
  DUPLICATE_CARD: "Duplicate card in play",
  FOREIGN_CARD: "Foreign card in play",
  READER_OFFLINE: "Reader offline",
  JOURNAL_FAULT: "Journal fault",
  FLOOR_CALLED: "The dealer calls the floor",
  DECK_CHECK: "Deck check under way",
  DECK_CHECK_RESULT: "Deck check",
  PAYOUT_WRONG: "Payout wrong",
  LOSING_BET_LEFT: "Losing bet left on the layout",
  TRAY_VARIANCE: "Tray variance",
  RAKE_WRONG: "Rake wrong",
};
function title(a) {
  const words =
    TITLES[a.code] ??
    a.code
      .toLowerCase()
      .split("_")
      .join(" ")
      .replace(/^./, (c) => c.toUpperCase());
  return a.seat ? `${words} — seat ${a.seat}` : words;
}
/** Rule references in one format: "TDA Rule 33-A2", "TDA RP-5A", "IPC 29", "House rule". */
function ruleLabel(rule) {
  if (!rule || rule === "—") return "";
  const r = /^(?:(\d{4}) )?r\.\s*(\S+)(.*)$/.exec(rule);
  if (r) return `TDA Rule ${r[2]}${r[3]}${r[1] ? ` (${r[1]})` : ""}`;
  if (/^RP-/.test(rule)) return `TDA ${rule}`;
  if (/^house/i.test(rule)) return rule.replace(/^house/i, "House rule");
  return rule;
}
const clock = (iso) => (iso ? new Date(iso).toLocaleTimeString("en-GB") : "—");

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
  const hole = message.private && $("show-hole").checked ? v.hole : {};
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

function drawAlerts(all) {
  // One line per alert: an alert raised twice (e.g. a journal fault seen again at recovery) shows once.
  const seen = new Set();
  const alerts = all.filter((a) => {
    const key = `${a.code}|${a.seat ?? ""}|${a.reader ?? ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  $("no-alerts").hidden = alerts.length > 0;
  $("alerts").replaceChildren(
    ...alerts.map((a) =>
      el(
        "li",
        { class: `alert ${a.severity}`, "data-code": a.code },
        el(
          "div",
          { class: "alert-head" },
          el("strong", { class: "title" }, title(a)),
          el("span", { class: "rule" }, ruleLabel(a.rule)),
        ),
        el("p", {}, a.text),
        el("ol", { class: "steps" }, ...a.steps.map((step) => el("li", {}, step))),
        // Once the hand is over there is nothing left to rule on; the steps still guide the dealer.
        ((a.severity === "floor" && inHand()) || BETWEEN_HANDS.has(a.code)) && rulingsFor(a).length > 0
          ? alertRulings(a)
          : null,
      ),
    ),
  );
}

/** Alerts the floor answers whether or not a hand is on: a call for the floor, the tray after a hand. */
const BETWEEN_HANDS = new Set(["FLOOR_CALLED", "TRAY_VARIANCE"]);

/**
 * The rulings that answer an alert: the ones the table says it takes (`rulings`, where the code alone
 * does not say: a Three Card Poker hand with a card too many is a misdeal, and the table refuses
 * `continue` on it), else by its code; the ruling bar below offers all four.
 */
function rulingsFor(a) {
  if (Array.isArray(a.rulings)) return a.rulings;
  const code = a.code;
  // A reader away clears when it is back, a journal fault when the journal writes: nothing to rule.
  if (code === "READER_OFFLINE" || code === "JOURNAL_FAULT") return [];
  if (code.startsWith("MISDEAL_") || code === "TCP_DEALER_EXPOSED") return ["continue", "misdeal"];
  if (code === "DUPLICATE_CARD" || code === "FOREIGN_CARD") return ["continue", "void"];
  if (code === "HAND_DEAD") return ["dead", "continue"];
  // Three Card Poker: bets cannot change once a card is drawn. Continue keeps the bets as they were;
  // the floor may instead rule the box dead (it loses what a fold loses), as the table allows.
  if (code === "TCP_BET_AFTER_DEAL") return ["continue", "dead"];
  return ["continue"];
}

/** The buttons under one floor alert; each ruling names the alert's code (and seat, for a dead hand). */
function alertRulings(a) {
  const names = rulingsFor(a).filter((r) => r !== "dead" || a.seat);
  return el(
    "div",
    { class: "rulings" },
    ...names.map((r) => {
      const b = el(
        "button",
        { type: "button", "data-ruling": r },
        r === "dead" ? `Dead (${a.code.startsWith("TCP_") ? "box" : "seat"} ${a.seat})` : r,
      );
      b.disabled = BETWEEN_HANDS.has(a.code) ? !signedIn() : !canRule();
      b.addEventListener("click", () =>
        rule({ ruling: r, code: a.code, ...(a.seat ? { seat: a.seat } : {}) }),
      );
      return b;
    }),
  );
}

/** A driver's state in words: nothing looks healthy that has not said so. */
const STATE_WORDS = {
  online: "online",
  offline: "OFFLINE",
  connecting: "connecting…",
  "not-opened": "NOT OPENED",
  unknown: "no report yet",
};
const DEVICE_NAMES = { keys: "Dealer keys", allin: "All-in button", panel: "Dealer panel" };

function drawReaders(readers, health) {
  const items = readers.map((r) => {
    const state = r.state ?? (r.online ? "online" : "offline");
    const down = r.antennaStates ? r.antennaStates.filter((a) => a.state !== "online") : [];
    const names = (list) => list.map((a) => a.antenna).join(", ");
    const detail = r.antennaStates
      ? down.length === 0
        ? `${r.antennaStates.length} antennas read: ${names(r.antennaStates)}`
        : down.length === r.antennaStates.length
          ? `none of its ${down.length} antennas read: ${names(down)}`
          : `${down.length} of ${r.antennaStates.length} antennas not read: ${down.map((a) => `${a.antenna} (${STATE_WORDS[a.state] ?? a.state})`).join(", ")}`
      : r.antennas
        ? `${r.antennas.length} antennas: ${r.antennas.join(", ")}`
        : null;
    return el(
      "li",
      {
        class:
          state === "online"
            ? "online"
            : state === "unknown" || state === "connecting"
              ? "unknown"
              : "offline",
      },
      `${r.reader}${r.path ? ` (${r.path})` : ""}: ${STATE_WORDS[state] ?? state}`,
      detail ? el("div", { class: "antennas muted" }, detail) : null,
    );
  });
  for (const d of health?.devices ?? []) {
    items.push(
      el(
        "li",
        { class: d.state === "online" ? "online" : d.state === "connecting" ? "unknown" : "offline" },
        `${DEVICE_NAMES[d.device] ?? d.device}: ${STATE_WORDS[d.state] ?? d.state}`,
        d.detail ? el("div", { class: "antennas muted" }, d.detail) : null,
      ),
    );
  }
  if (health?.journal) {
    const j = health.journal;
    items.push(
      el(
        "li",
        { class: j.state === "writing" ? "online" : "offline" },
        `Journal: ${j.state === "writing" ? "writing" : j.state === "off" ? "OFF (--no-journal)" : `NOT WRITING (${j.waiting} events in memory)`}`,
        j.reason ? el("div", { class: "antennas muted" }, j.reason) : null,
      ),
    );
  }
  $("readers").replaceChildren(
    ...(items.length === 0 ? [el("li", { class: "muted" }, "No reader configured")] : items),
  );
}

function drawHands(hands) {
  $("no-hands").hidden = hands.length > 0;
  $("hands").hidden = hands.length === 0;
  $("hands")
    .querySelector("tbody")
    .replaceChildren(
      ...hands.map((h) => {
        const pots = new Set(h.awards.map((a) => a.pot ?? 0));
        const potName = (p) => (pots.size === 1 && p === 0 ? "Pot" : p === 0 ? "Main pot" : `Side pot ${p}`);
        // Three Card Poker names the line an award settles (`bet`, as the payouts name it): box N's.
        const awards = h.awards.map((a) =>
          a.bet
            ? `Box ${a.seat} ${a.bet}: +${chips(a.amount)}${a.hand ? ` (${a.hand})` : ""}`
            : `${potName(a.pot ?? 0)}: seat ${a.seat} +${chips(a.amount)}${a.hand ? ` (${a.hand})` : ""}`,
        );
        const net = Object.entries(h.net)
          .filter(([, d]) => d !== 0)
          .map(([seat, d]) => `S${seat} ${d > 0 ? "+" : ""}${chips(d)}`);
        // Three Card Poker: each payout against the pay table, and the tray after the hand (issue 18).
        const payouts = (h.payouts ?? []).map(
          (p) =>
            `Box ${p.box} ${p.bet} paid ${chips(p.paid)}${p.paid === p.due ? "" : ` (due ${chips(p.due)})`}`,
        );
        const tray = h.tray
          ? `Tray ${chips(h.tray.read)}${h.tray.variance === 0 ? "" : ` (expected ${chips(h.tray.expected)}, variance ${h.tray.variance})`}`
          : null;
        return el(
          "tr",
          { class: `result-${h.result}` },
          el("td", {}, `#${h.hand}${h.redeal ? " (re-deal)" : ""}`),
          el("td", { class: "when" }, clock(h.wall)),
          el("td", {}, RESULT[h.result] ?? h.result),
          el("td", {}, h.button === null ? "—" : `Seat ${h.button}`),
          el(
            "td",
            {},
            awards.join(", ") || "—",
            payouts.length > 0 ? el("div", { class: "payouts" }, `Payouts: ${payouts.join(", ")}`) : null,
            tray ? el("div", { class: "tray" }, tray) : null,
          ),
          el("td", {}, net.join(", ") || "—"),
        );
      }),
    );
}

/** When this page first saw each pending ruling (its wall clock): the banner says when it is due. */
const pendingSeen = new Map();

/**
 * A misdeal or void this page sent that waits for its undo window ({ name, hand, t, seen }): when the
 * window is over, the reply's "waits for its undo window" would stay and contradict the table, so the
 * words follow what came of it: the hand ended by it, or (once the feed showed it pending, then not)
 * undone, here or from another page. The reply and the feed come on two channels, in either order.
 */
let awaiting = null;

function followAwaited(message) {
  if (awaiting === null) return;
  const p = message.pending ?? null;
  const ended = (message.lastHands ?? []).find((h) => h.hand === awaiting.hand && h.result !== "complete");
  if (p !== null && p.t === awaiting.t) awaiting.seen = true;
  let words = null;
  if (ended) words = `${awaiting.name} took effect: hand ${awaiting.hand} ended (${ended.result}).`;
  else if (awaiting.seen && p?.t !== awaiting.t)
    words = `${awaiting.name} was undone: hand ${awaiting.hand} goes on.`;
  if (words === null) return;
  $("ruling-result").textContent = words;
  awaiting = null;
}

function drawFloor(message) {
  const p = message.pending ?? null;
  followAwaited(message);
  $("pending").hidden = p === null;
  if (p) {
    // The window is the table's (core time); the page shows the wall-clock time it ends at, as seen
    // from here, not a fixed "in N s" that stays the same while the window runs down.
    const key = `${p.t}|${p.ruling}|${p.by ?? ""}`;
    if (!pendingSeen.has(key)) pendingSeen.set(key, Date.now());
    const ends = clock(new Date(pendingSeen.get(key) + (p.due - p.t)).toISOString());
    $("pending-text").textContent =
      `${p.ruling === "misdeal" ? "Misdeal" : "Void"} by ${p.by ?? "the floor"} takes effect at about ${ends} (a ${Math.round((p.due - p.t) / 1000)} s window) unless undone.`;
  }
  $("undo").disabled = !signedIn();
  $("floor-log").replaceChildren(
    ...(message.floorLog ?? []).map((e) =>
      el(
        "li",
        { class: `log-${e.outcome}` },
        `${clock(e.wall)} · ${e.by} · ${e.what} · ${e.outcome}${e.reason ? ` (${e.reason})` : ""}`,
      ),
    ),
  );
}

function draw(message) {
  last = message;
  drawFloor(message);
  drawTable(message);
  drawAlerts(message.view.alerts);
  drawReaders(message.readers, message.health);
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
  const wantHole = signedIn() && $("show-hole").checked;
  // A supervisor's socket is private through the session cookie; the token travels in the query.
  const query = wantHole && token !== null ? `?token=${encodeURIComponent(token)}` : "";
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws${query}`);
  socket = ws;
  ws.addEventListener("open", () => {
    retry = 500;
    setConnection("live", wantHole ? "live · hole cards" : "live");
  });
  ws.addEventListener("message", (e) => draw(JSON.parse(e.data)));
  ws.addEventListener("close", (e) => {
    if (socket !== ws) return;
    if (e.code === 4401) void signOut("The floor token was refused");
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
  $("sign-in").hidden = signedIn();
  $("signed-in").hidden = !signedIn();
  $("who").textContent = who ?? "floor token";
  for (const b of document.querySelectorAll("button[data-ruling]")) b.disabled = !canRule();
  for (const b of document.querySelectorAll("#setup button")) b.disabled = !signedIn();
  if (!signedIn()) $("ruling-result").textContent = "Sign in as a supervisor to rule.";
}

/** Signs out; resolves once the server has ended the session (so a new socket is public). */
function signOut(why) {
  const ended = who !== null ? fetch("/api/sign-out", { method: "POST" }).catch(() => undefined) : null;
  token = null;
  who = null;
  sessionStorage.removeItem(TOKEN_KEY);
  $("show-hole").checked = false;
  showSignedIn();
  if (why) $("ruling-result").textContent = why;
  return ended ?? Promise.resolve();
}

async function signInAs(name, password) {
  const res = await fetch("/api/sign-in", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, password }),
  });
  const answer = await res.json().catch(() => ({}));
  if (!res.ok) {
    $("ruling-result").textContent = `Not signed in: ${answer.error ?? res.statusText}`;
    return;
  }
  who = answer.name;
  $("token").value = "";
  $("ruling-result").textContent = `Signed in as ${who}.`;
  showSignedIn();
  if (last) draw(last);
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
  if (last) draw(last);
}

/** Sends one floor operation; the table's answer arrives over the WebSocket, a refusal here. */
async function send(body, where) {
  if (!signedIn()) return { ok: false };
  const headers = { "content-type": "application/json" };
  if (who === null && token !== null) headers.authorization = `Bearer ${token}`;
  const res = await fetch("/api/floor", { method: "POST", headers, body: JSON.stringify(body) });
  const answer = await res.json().catch(() => ({}));
  if (res.status === 401) {
    void signOut("Your sign-in was refused: sign in again.");
    return { ok: false };
  }
  const name = body.op === "ruling" ? `Ruling "${body.ruling}"` : `"${body.op}"`;
  const waits = res.ok && answer.pending && body.op !== "undo";
  awaiting = waits
    ? { name, hand: body.hand ?? last?.view.hand ?? null, t: answer.pending.t, seen: false }
    : null;
  $(where).textContent = res.ok
    ? answer.pending && body.op !== "undo"
      ? `${name} waits for its undo window.`
      : `${name} applied.`
    : // The table's reason already opens with "Floor operation … not applied": say it once.
      `${name} not applied: ${String(answer.error ?? res.statusText).replace(/^Floor operation "[^"]+" not applied: /, "")}`;
  // The feed may have shown what came of it before this reply: say so now.
  if (waits && last) followAwaited(last);
  return { ok: res.ok };
}

/** Misdeal and void end the hand: they ask first. */
let confirmed = null;
function askFirst(text, action) {
  confirmed = action;
  $("confirm-text").textContent = text;
  $("confirm").hidden = false;
}
$("confirm-yes").addEventListener("click", () => {
  $("confirm").hidden = true;
  const action = confirmed;
  confirmed = null;
  action?.();
});
$("confirm-no").addEventListener("click", () => {
  $("confirm").hidden = true;
  confirmed = null;
});

/** The hand the page shows, sent with rulings: the table refuses one meant for a hand that is gone. */
const shownHand = () => (inHand() ? { hand: last.view.hand } : {});

function rule(body) {
  const op = { op: "ruling", ...body, ...shownHand() };
  if (body.ruling === "misdeal" || body.ruling === "void") {
    askFirst(
      `${body.ruling === "misdeal" ? "Declare a misdeal" : "Void the hand"}? It can be undone for a few seconds.`,
      () => void send(op, "ruling-result"),
    );
    return;
  }
  void send(op, "ruling-result");
}

$("undo").addEventListener("click", () => void send({ op: "undo", ...shownHand() }, "ruling-result"));

$("sign-in").addEventListener("submit", (e) => {
  e.preventDefault();
  const name = $("sup-name").value.trim();
  if (name) void signInAs(name, $("token").value);
  else void signIn($("token").value.trim());
});

// ---- table set-up -----------------------------------------------------------------------------

const num = (id) => Number($(id).value);
$("form-game").addEventListener("submit", (e) => {
  e.preventDefault();
  void send({ op: "game", game: $("game").value }, "floor-result");
});
$("form-level").addEventListener("submit", (e) => {
  e.preventDefault();
  void send({ op: "level", sb: num("sb"), bb: num("bb"), ante: num("ante") }, "floor-result");
});
function seatOp(op) {
  const seat = num("seat-no");
  const bodies = {
    seat: { op: "seat", seat, player: $("player").value.trim(), stack: num("stack") },
    stack: { op: "stack", seat, stack: num("stack") },
    unseat: { op: "unseat", seat },
    button: { op: "button", seat },
    away: { op: "away", seat, away: true },
    back: { op: "away", seat, away: false },
  };
  void send(bodies[op], "floor-result");
}
$("form-seat").addEventListener("submit", (e) => {
  e.preventDefault();
  seatOp("seat");
});
for (const b of document.querySelectorAll("#form-seat button[type=button]")) {
  b.addEventListener("click", () => seatOp(b.dataset.op));
}
for (const b of document.querySelectorAll("#form-table button")) {
  b.addEventListener("click", () => {
    if (b.dataset.op === "voidHand") {
      const reason = $("void-reason").value.trim();
      askFirst(
        "Void the hand with no alert open? Every chip goes back.",
        () => void send({ op: "voidHand", reason, ...shownHand() }, "floor-result"),
      );
    } else void send({ op: b.dataset.op }, "floor-result");
  });
}
$("sign-out").addEventListener("click", () => {
  // The new socket opens after the session ended, or it would still carry the hole cards.
  void signOut("Signed out.").then(reconnect);
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
// A supervisor who reloads the page is still signed in (the cookie): ask who.
void fetch("/api/me")
  .then((r) => (r.ok ? r.json() : null))
  .then((me) => {
    if (me && me.via === "session") {
      who = me.name;
      showSignedIn();
      if (last) draw(last);
    }
  })
  .finally(connect);
