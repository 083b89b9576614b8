// gametree serve's page: draws the board the server describes (gametree/serve/boards.py) and
// plays the move whose cells a person clicks; the rules live on the server only.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const UNIT = { grid: 64, kalah: 64, hex: 52 };
const $ = (id) => document.getElementById(id);

let catalogue = null;
let view = null;       // the game as the server last described it
let selection = [];    // the cells clicked so far towards a move
let busy = false;      // a request is under way

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error || `HTTP ${response.status}`);
  return answer;
}

function element(tag, attributes, parent, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

function option(select, value, text) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  select.appendChild(o);
}

// The setup form.

function fillPlayers() {
  const info = catalogue.games[$("game").value];
  const players = $("players");
  players.replaceChildren();
  for (const n of info.players) option(players, n, n);
  players.value = info.default_players || info.players[0];
  fillSeats();
}

function fillSeats() {
  const n = Number($("players").value);
  const seat = $("seat");
  seat.replaceChildren();
  for (let p = 0; p < n; p++) option(seat, p, `player ${p}${p === 0 ? " (first)" : ""}`);
  option(seat, "none", "nobody (watch)");
  const engine = $("engine");
  engine.replaceChildren();
  const names = n === 2 ? catalogue.engines["2"] : catalogue.engines.N;
  for (const name of names) option(engine, name, name);
  const key = n === 2 ? "2" : "N";
  $("depth").value = catalogue.default_depth[key];
  $("depth").max = catalogue.max_depth[key];
}

async function newGame(event) {
  if (event) event.preventDefault();
  const n = Number($("players").value);
  const human = $("seat").value;
  const seats = [];
  for (let p = 0; p < n; p++) seats.push(String(p) === human ? "human" : "engine");
  await request(() => api("POST", "/api/games", {
    game: $("game").value, seats, engine: $("engine").value, depth: Number($("depth").value),
  }));
}

// Requests: one at a time; after each, the engines move until a person is to move.

async function request(call) {
  if (busy) return;
  busy = true;
  document.body.dataset.state = "busy";
  $("message").textContent = "";
  try {
    show(await call());
    while (view && !view.over && !view.human_to_move) {
      $("status").textContent = `${view.players[view.to_move].name} is thinking…`;
      show(await api("POST", `/api/games/${view.id}/engine`));
    }
  } catch (e) {
    $("message").textContent = e.message;
  } finally {
    busy = false;
    // What tests wait for: "ready" (a person to move), "over", or "idle" (no game, or stopped).
    document.body.dataset.state = !view ? "idle" : view.over ? "over" :
      view.human_to_move ? "ready" : "idle";
  }
}

function play(text) {
  selection = [];
  return request(() => api("POST", `/api/games/${view.id}/move`, { move: text }));
}

// Drawing.

function show(next) {
  view = next;
  selection = [];
  drawBoard();
  drawStatus();
  drawSide();
}

function drawStatus() {
  const status = $("status");
  status.classList.toggle("over", view.over);
  if (view.over) {
    status.textContent = view.outcome.replace(/^game over: /, "Game over: ");
  } else {
    const p = view.to_move;
    const who = view.players[p];
    status.replaceChildren(swatch(p), `${who.name} to move` +
      (view.human_to_move ? " (you): click a cell" : ` (${who.seat})`));
  }
  const passes = $("passes");
  passes.replaceChildren();
  if (view.human_to_move) {
    for (const m of view.moves.filter((m) => m.clicks.length === 0)) {
      const b = document.createElement("button");
      b.textContent = m.text;
      b.addEventListener("click", () => play(m.text));
      passes.appendChild(b);
    }
  }
  const typed = view.human_to_move && view.moves.length <= 9 &&
    view.moves.every((m) => /^[1-9]$/.test(m.text));
  $("keys").textContent = typed ? `Keys: ${view.moves.map((m) => m.text).join(" ")}` : "";
}

function swatch(p) {
  const s = document.createElement("span");
  s.className = `swatch s${p}`;
  return s;
}

function drawSide() {
  const seats = $("seats");
  seats.replaceChildren();
  view.players.forEach((who, p) => {
    const li = document.createElement("li");
    li.append(swatch(p), `${who.name}: ${who.seat}`);
    li.classList.toggle("to-move", p === view.to_move);
    seats.appendChild(li);
  });
  const history = $("history");
  history.replaceChildren();
  for (const h of view.history) {
    const li = document.createElement("li");
    li.append(swatch(h.player), h.move);
    history.appendChild(li);
  }
  const search = $("search");
  search.replaceChildren();
  const s = view.search;
  const explore = $("explore");
  explore.hidden = !s;
  if (!s) {
    search.innerHTML = "<dd>No engine has moved yet.</dd>";
    return;
  }
  explore.href = `/api/games/${view.id}/explore`;
  const rows = [
    ["engine", `${view.players[s.player].name}, ${s.engine}`],
    ["played", s.move],
    ["principal variation", s.principal_variation.join(" ")],
    ["value", `${s.value} (${s.value_is})`],
    ["depth", s.depth],
    ["nodes", s.nodes.toLocaleString("en")],
    ["leaves", s.leaves.toLocaleString("en")],
    ["time", `${s.seconds.toFixed(3)} s`],
  ];
  for (const [k, v] of rows) {
    const dt = document.createElement("dt");
    dt.textContent = k;
    const dd = document.createElement("dd");
    dd.textContent = v;
    dd.dataset.field = k;
    search.append(dt, dd);
  }
}

function candidates(prefix) {
  if (!view.human_to_move) return [];
  return view.moves.filter((m) => m.clicks.length > prefix.length &&
    prefix.every((c, i) => m.clicks[i] === c));
}

function drawBoard() {
  const b = view.board;
  const u = UNIT[b.layout];
  const svg = element("svg", {
    width: b.width * u, height: b.height * u, viewBox: `0 0 ${b.width * u} ${b.height * u}`,
    class: b.layout === "grid" ? `grid grid-${view.game}` : b.layout,
  });
  element("rect", { x: 0, y: 0, width: b.width * u, height: b.height * u, class: "slot" }, svg);
  const next = new Set(candidates(selection).map((m) => m.clicks[selection.length]));
  const last = view.history.length ? lastCells() : new Set();
  b.cells.forEach((c, i) => {
    const g = element("g", { class: "cell", "data-cell": i, "data-name": c.name }, svg);
    const cx = (c.x + 0.5) * u;
    const cy = (c.y + 0.5) * u;
    if (b.layout === "grid" && view.game !== "connect4") {
      element("rect", { x: c.x * u, y: c.y * u, width: u, height: u, class: "slot" }, g);
    }
    if (b.layout === "kalah") {
      const store = c.name.endsWith("store");
      const h = store ? 2.6 * u : 0.8 * u;
      element("rect", { x: cx - 0.4 * u, y: store ? 0.2 * u : cy - 0.4 * u, width: 0.8 * u,
        height: h, rx: 0.35 * u, class: `pit p${c.owner}` }, g);
      element("text", { x: cx, y: store ? 1.5 * u : cy, "text-anchor": "middle",
        "dominant-baseline": "central" }, g, c.text);
      element("rect", { x: cx - 0.4 * u, y: store ? 0.2 * u : cy - 0.4 * u, width: 0.8 * u,
        height: h, rx: 0.35 * u, class: "hint" }, g);
    } else {
      element("circle", { cx, cy, r: 0.4 * u, class: "hole" }, g);
      if (c.owner !== null && view.game === "tictactoe") {
        element("text", { x: cx, y: cy, "text-anchor": "middle", "dominant-baseline": "central",
          "font-size": 0.7 * u, class: `mark c${c.owner}` }, g, "XO"[c.owner]);
      } else if (c.owner !== null) {
        element("circle", { cx, cy, r: 0.38 * u, class: `piece c${c.owner}` }, g);
      }
      element("circle", { cx, cy, r: 0.4 * u, class: "hint" }, g);
    }
    const column = b.by_column ? columnMove(c.x) : null;
    g.classList.toggle("legal", next.has(i));
    g.classList.toggle("clickable", next.has(i) || column !== null);
    g.classList.toggle("selected", selection.includes(i));
    g.classList.toggle("last", last.has(i));
    const title = element("title", {}, g, c.name);
    g.prepend(title);
    g.addEventListener("click", () => click(i));
    if (b.by_column) {
      g.addEventListener("mouseenter", () => hoverColumn(c.x, true));
      g.addEventListener("mouseleave", () => hoverColumn(c.x, false));
    }
  });
  $("board").replaceChildren(svg);
}

function lastCells() {
  // The cell the last move's text names: a tic-tac-toe or Othello cell, a Chinese Checkers
  // destination. Connect Four's and Kalah's moves name a column or a pit, not one cell.
  const text = view.history[view.history.length - 1].move;
  const cells = new Set();
  if (view.game === "connect4") return cells;
  view.board.cells.forEach((c, i) => {
    if (c.name === text || text.endsWith(`-${c.name}`)) cells.add(i);
  });
  return cells;
}

function hoverColumn(x, on) {
  const m = columnMove(x);
  if (m === null) return;
  const g = document.querySelector(`#board .cell[data-cell="${m.clicks[0]}"]`);
  g.classList.toggle("column-hover", on);
}

function columnMove(x) {
  if (!view.human_to_move) return null;
  return view.moves.find((m) => m.clicks.length === 1 &&
    view.board.cells[m.clicks[0]].x === x) || null;
}

function click(i) {
  if (busy || !view || !view.human_to_move) return;
  if (view.board.by_column) {
    const m = columnMove(view.board.cells[i].x);
    if (m) play(m.text);
    return;
  }
  let prefix = [...selection, i];
  let found = candidates(selection).filter((m) => m.clicks[selection.length] === i);
  if (!found.length) {  // not a continuation: perhaps the start of another move
    prefix = [i];
    found = candidates([]).filter((m) => m.clicks[0] === i);
  }
  const done = found.find((m) => m.clicks.length === prefix.length);
  if (done) {
    play(done.text);
    return;
  }
  selection = found.length ? prefix : [];
  drawBoard();
}

function key(event) {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
  if (!view || !view.human_to_move || busy) return;
  if (event.key === "Escape") {
    selection = [];
    drawBoard();
    return;
  }
  const m = view.moves.find((m) => m.text === event.key);
  if (m) play(m.text);
}

async function start() {
  catalogue = await api("GET", "/api/games");
  for (const [name, info] of Object.entries(catalogue.games)) option($("game"), name, info.title);
  $("game").value = "connect4";
  fillPlayers();
  $("game").addEventListener("change", fillPlayers);
  $("players").addEventListener("change", fillSeats);
  $("setup").addEventListener("submit", newGame);
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    if (view && !busy) play($("move-text").value);
    $("move-text").value = "";
  });
  document.addEventListener("keydown", key);
}

start().catch((e) => { $("message").textContent = e.message; });
