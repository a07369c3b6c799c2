/* global document, location, fetch, WebSocket, setTimeout, Element */
// The room overview: one card per table from what the server pushes over /ws; a click drills into one
// table (seats, board, alerts with steps), and a signed-in supervisor sends it a ruling. Every text goes
// in with textContent (player names are user input).

const $ = (id) => document.getElementById(id);
const rows = new Map();
let selected = null;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs))
    if (v !== undefined && v !== null && v !== false) node.setAttribute(k, String(v));
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

const chips = (n) => n.toLocaleString("en-US");
const ago = (iso) =>
  iso === null ? "never" : `${Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000))} s ago`;

function alertBox(a) {
  return el(
    "div",
    { class: `alert ${a.severity}`, "data-code": a.code, "data-seat": a.seat },
    el("strong", {}, a.code),
    // The rule the alert cites: the floor rules by it (a dash means none).
    a.rule && a.rule !== "—" ? el("span", { class: "rule" }, ` (${a.rule})`) : null,
    ` ${a.text}`,
    a.steps.length > 0 ? el("ol", {}, ...a.steps.map((s) => el("li", {}, s))) : null,
    // The table says which rulings it takes where the code alone does not (a Three Card Poker hand with
    // a card too many: misdeal or void, never continue): the ruling form offers only those for it.
    Array.isArray(a.rulings) ? el("p", { class: "takes" }, `the table takes: ${a.rulings.join(", ")}`) : null,
  );
}

/**
 * The ruling form's kinds for the alert its code names on the selected table: where the alert says which
 * rulings the table takes, the others are not offered (disabled, and not left chosen).
 */
function fitRulingKinds() {
  const r = selected === null ? undefined : rows.get(selected);
  const code = $("ruling-code").value.trim();
  const seat = $("ruling-seat").value.trim();
  const alert = r?.alerts.find(
    (a) => a.code === code && (seat === "" || a.seat === undefined || String(a.seat) === seat),
  );
  const takes = alert && Array.isArray(alert.rulings) ? alert.rulings : null;
  const options = [...$("ruling-kind").options];
  for (const o of options) o.disabled = takes !== null && !takes.includes(o.value);
  if ($("ruling-kind").selectedOptions[0]?.disabled) {
    const first = options.find((o) => !o.disabled);
    if (first) $("ruling-kind").value = first.value;
  }
}
$("ruling-code").addEventListener("input", fitRulingKinds);
// An alert clicked in the table's detail is the one the form rules on: its code and seat filled in.
$("detail-body").addEventListener("click", (e) => {
  const box = e.target instanceof Element ? e.target.closest("[data-code]") : null;
  if (box === null) return;
  $("ruling-code").value = box.getAttribute("data-code") ?? "";
  $("ruling-seat").value = box.getAttribute("data-seat") ?? "";
  fitRulingKinds();
});
$("ruling-seat").addEventListener("input", fitRulingKinds);

function card(r) {
  const classes = ["table", r.online ? "" : "offline", r.alerts.length > 0 ? "alerting" : ""]
    .filter(Boolean)
    .join(" ");
  return el(
    "article",
    { class: classes, "data-table": r.id },
    el("h2", {}, r.name ? `${r.name} (${r.id})` : r.id),
    el(
      "div",
      { class: "meta" },
      `hand ${r.hand ?? "—"} · ${r.street ?? "between hands"} · pot ${chips(r.pot)}`,
      r.readersOffline.length > 0 ? ` · readers offline: ${r.readersOffline.join(", ")}` : " · readers ok",
    ),
    ...r.alerts.map(alertBox),
    el("div", { class: "head" }, r.head ? `head #${r.head.seq} ${r.head.hash.slice(0, 16)}…` : "head —"),
    el("div", { class: "meta seen" }, `seen ${ago(r.lastSeen)}${r.online ? "" : " · offline"}`),
  );
}

function draw() {
  const list = [...rows.values()].sort((a, b) => a.id.localeCompare(b.id, "en", { numeric: true }));
  $("tables").replaceChildren(...list.map(card));
  $("count").textContent = `${list.length} tables`;
  drawDetail();
}

function drawDetail() {
  const r = selected === null ? undefined : rows.get(selected);
  $("detail").hidden = r === undefined;
  if (r === undefined) return;
  $("detail-title").textContent = r.name ? `${r.name} (${r.id})` : r.id;
  const seats = el(
    "table",
    {},
    el(
      "tr",
      {},
      el("th", {}, "seat"),
      el("th", {}, "player"),
      el("th", {}, "stack"),
      el("th", {}, "bet"),
      el("th", {}, ""),
    ),
    ...r.seats.map((s) =>
      el(
        "tr",
        { "data-seat": s.seat },
        el("td", {}, String(s.seat)),
        el("td", {}, s.player ?? "—"),
        el("td", {}, chips(s.stack)),
        el("td", {}, s.bet > 0 ? chips(s.bet) : ""),
        el("td", {}, r.toAct === s.seat ? "to act" : s.status),
      ),
    ),
  );
  $("detail-body").replaceChildren(
    el(
      "p",
      {},
      `hand ${r.hand ?? "—"} · ${r.street ?? "between hands"} · board ${r.board.join(" ") || "—"} · pot ${chips(r.pot)}`,
    ),
    seats,
    ...r.alerts.map(alertBox),
    el("p", { class: "head" }, r.head ? `chain head #${r.head.seq} ${r.head.hash}` : "no chain head yet"),
  );
  fitRulingKinds();
}

$("tables").addEventListener("click", (e) => {
  const target = e.target instanceof Element ? e.target.closest("[data-table]") : null;
  if (target === null) return;
  selected = target.getAttribute("data-table");
  drawDetail();
});

function connect() {
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
  ws.addEventListener("open", () => ($("link").textContent = "live"));
  ws.addEventListener("message", (m) => {
    const msg = JSON.parse(m.data);
    if (msg.type === "broker") {
      $("link").dataset.broker = msg.connected ? "up" : "down";
      $("link").textContent = msg.connected ? "live" : "BROKER UNREACHABLE — tables as last seen";
      return;
    }
    if (msg.type !== "tables") return;
    for (const r of msg.tables) rows.set(r.id, r);
    draw();
  });
  ws.addEventListener("close", () => {
    $("link").textContent = "reconnecting…";
    setTimeout(connect, 1000);
  });
}

function signedIn(name) {
  $("who").textContent = name === null ? "" : `signed in: ${name}`;
  $("signin").hidden = name !== null;
  $("signout").hidden = name === null;
  $("ruling").hidden = name === null;
}

// A floor PC is shared: the supervisor signs out when she leaves it.
$("signout").addEventListener("click", async () => {
  await fetch("/api/sign-out", { method: "POST" }).catch(() => undefined);
  signedIn(null);
  $("ruling-result").textContent = "";
});

$("signin").addEventListener("submit", async (e) => {
  e.preventDefault();
  const res = await fetch("/api/sign-in", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: $("name").value, password: $("password").value }),
  });
  const body = await res.json();
  if (res.ok) signedIn(body.name);
  else $("who").textContent = body.error;
});

$("ruling-send").addEventListener("click", async () => {
  if (selected === null) return;
  const op = { op: "ruling", ruling: $("ruling-kind").value };
  if ($("ruling-code").value) op.code = $("ruling-code").value;
  if ($("ruling-seat").value) op.seat = Number($("ruling-seat").value);
  // The hand shown: the table refuses the ruling if another hand is on by the time it arrives.
  const shown = rows.get(selected)?.hand;
  if (typeof shown === "number") op.hand = shown;
  const res = await fetch("/api/ruling", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ table: selected, op }),
  });
  const body = await res.json();
  $("ruling-result").textContent = res.ok
    ? `${body.outcome} (by ${body.by})`
    : `refused: ${body.reason ?? body.error}`;
});

void fetch("/api/me").then(async (res) => signedIn(res.ok ? (await res.json()).name : null));
connect();
setTimeout(function tick() {
  draw();
  setTimeout(tick, 5000);
}, 5000);
