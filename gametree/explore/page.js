// The explore page: draws a tree as `gametree draw` does and steps through a search's events.
// The searches are engine.js's (GametreeEngine), whose events impl's gametree.impl.events
// documents; this file only shows them. Glossary: t is a tree, n a node, p a path (child
// indices from the root), k a step (the number of events applied), ev an event.
"use strict";

(function () {
  const E = globalThis.GametreeEngine;
  const DATA = JSON.parse(document.getElementById("gametree-data").textContent);
  const SVG = "http://www.w3.org/2000/svg";
  const FORMAT = "gametree-tree/1";
  // (edge colour, fill colour) for players 0, 1, 2, ...: gametree.draw.canvas.PLAYER_COLOURS.
  const COLOURS = [
    ["#0072B2", "#D3E7F5"], ["#D55E00", "#F8DCCB"], ["#009E73", "#CBEDE3"],
    ["#CC79A7", "#F3DDEA"], ["#E69F00", "#FBE9C4"], ["#56B4E9", "#DAEEFA"],
  ];
  const PLAYER_NAMES = ["Max", "Min"];

  // ---- The tree as engine.js's parseTree returns it: {players, bounds, root}, a node
  // {toMove, children, comment} or a leaf {value, comment}, values exact ({num, den}) ----
  const T = {
    root: (t) => t.root,
    players: (t) => t.players,
    bounds: (t) => t.bounds ?? null,
    isLeaf: (n) => !Array.isArray(n.children),
    children: (n) => n.children,
    player: (n) => n.toMove,
    comment: (n) => n.comment ?? null,
    probabilities: (n) => n.probabilities ?? null, // a chance node's (Ballard's * node)
    interval: (t) => t.interval ?? null, // the leaf bounds [L, U], {lower, upper}
  };
  const CHANCE = -1; // a chance node's player (spec.CHANCE)

  const key = (p) => p.join(",");
  const pathOf = (k) => (k === "" ? [] : k.split(",").map(Number));
  const pathText = (p) => "[" + p.join(", ") + "]";

  function show(v) {
    if (v === null || v === undefined) return null;
    if (typeof v === "string") return v;
    if (typeof v === "number" || typeof v === "bigint") return String(v);
    if (Array.isArray(v)) return "(" + v.map(show).join(", ") + ")";
    return E.formatValue(v);
  }

  function nodeAt(t, p) {
    let n = T.root(t);
    for (const i of p) n = T.children(n)[i];
    return n;
  }

  // A value typed by the learner, as the tree format's JSON text: 7, "-3/4", [6, 1, "2/3"].
  function valueJson(text, players, vector) {
    const parts = text.trim().replace(/^[([]\s*|\s*[)\]]$/g, "").split(/\s*,\s*/);
    const number = /^[+-]?\d+(\s*\/\s*[+-]?\d+)?$/;
    for (const part of parts) {
      if (!number.test(part)) {
        throw new Error(`not an exact number: ${JSON.stringify(part)} (write 7, -3/4 or 2/3)`);
      }
    }
    const json = parts.map((s) => (s.includes("/") ? JSON.stringify(s.replace(/\s+/g, "")) : s.replace(/^\+/, "")));
    if (vector) {
      if (json.length !== players) {
        throw new Error(`a value here has ${players} components, one per player (got ${json.length})`);
      }
      return "[" + json.join(", ") + "]";
    }
    if (json.length !== 1) throw new Error("a two-player value is one number (Max's)");
    return json[0];
  }

  // An exact number given as a string or JSON value, as the engine holds numbers.
  function exactNumber(json) {
    if (json === null || json === undefined || json === "") return null;
    const text = typeof json === "string" ? valueJson(json, 2, false) : JSON.stringify(json);
    const doc = `{"format": "${FORMAT}", "players": 2, "tree": {"value": ${text}}}`;
    return T.root(E.parseTree(doc)).value;
  }

  // ---- State after k events: what the drawing and the panel show at step k ----
  function replay(events, k) {
    const s = {
      nodes: new Map(), // key -> {alpha, beta, bound, best, bestChild, value, player, hasWindow}
      reads: new Map(), // leaf key -> [place in the trace, ...]
      cuts: [],
      skipped: new Set(),
      readCount: 0,
      current: null,
    };
    const info = (p) => {
      const kk = key(p);
      if (!s.nodes.has(kk)) s.nodes.set(kk, {});
      return s.nodes.get(kk);
    };
    for (let i = 0; i < k; i++) {
      const ev = events[i];
      const p = ev.path ?? [];
      s.current = ev;
      switch (ev.type) {
        case "search": {
          const prefix = key(p);
          for (const kk of [...s.nodes.keys()]) {
            if (kk === prefix || prefix === "" || kk.startsWith(prefix + ",")) s.nodes.delete(kk);
          }
          s.cuts = s.cuts.filter((c) => !(prefix === "" || key(c.path).startsWith(prefix)));
          s.skipped = new Set(s.cuts.flatMap((c) => c.skipped.map((j) => key([...c.path, j]))));
          if ("alpha" in ev || "beta" in ev) Object.assign(info(p), windowOf(ev));
          break;
        }
        case "enter": {
          const n = { player: ev.player };
          if ("alpha" in ev || "beta" in ev) Object.assign(n, windowOf(ev));
          if ("bound" in ev) n.bound = ev.bound;
          if ("gamma" in ev) Object.assign(n, { gamma: ev.gamma, strict: Boolean(ev.strict) });
          s.nodes.set(key(p), n);
          break;
        }
        case "window":
          Object.assign(info(p), windowOf(ev));
          break;
        case "leaf": {
          s.readCount += 1;
          const kk = key(p);
          if (!s.reads.has(kk)) s.reads.set(kk, []);
          s.reads.get(kk).push(s.readCount);
          info(p).value = ev.value;
          break;
        }
        case "best":
          Object.assign(info(p), { best: ev.value, bestChild: ev.child });
          break;
        case "sum":
          info(p).sum = ev.sum;
          break;
        case "probe":
          Object.assign(info(p), { low: ev.low, high: ev.high });
          break;
        case "cut":
          s.cuts.push({ path: p, after: ev.after, skipped: ev.skipped, reason: ev.reason, test: ev.test, step: i });
          for (const j of ev.skipped) s.skipped.add(key([...p, j]));
          break;
        case "leave":
          info(p).value = ev.value;
          info(p).left = true;
          break;
        default:
          break;
      }
    }
    return s;
  }

  function windowOf(ev) {
    return { alpha: ev.alpha ?? null, beta: ev.beta ?? null, hasWindow: true };
  }

  function windowText(n) {
    if (!n) return "";
    const parts = [];
    if (n.hasWindow) {
      parts.push(`α = ${show(n.alpha) ?? "−∞"}, β = ${show(n.beta) ?? "+∞"}`);
    }
    if (n.bound !== undefined && n.bound !== null) parts.push(`bound ${show(n.bound)}`);
    if (n.low !== undefined) parts.push(`probes: ${show(n.low)} ≤ value ≤ ${show(n.high)}`);
    if (n.gamma !== undefined && n.gamma !== null) parts.push(`test: ${n.strict ? ">" : "≥"} γ = ${show(n.gamma)}?`);
    return parts.join("; ");
  }

  function describe(ev, t) {
    if (!ev) return "Before the search: press → or ▶ to step through it.";
    const p = ev.path ?? [];
    const name = nodeName(t, p);
    switch (ev.type) {
      case "enter": {
        const w = windowText({ hasWindow: "alpha" in ev || "beta" in ev, alpha: ev.alpha, beta: ev.beta, bound: ev.bound, gamma: ev.gamma, strict: ev.strict });
        return `Enter ${name}, ${playerName(ev.player)} to move` + (w ? ` (${w})` : "");
      }
      case "leaf":
        return `Read leaf ${name}: ${show(ev.value)}`;
      case "best":
        return `Best at ${name} is now ${show(ev.value)}, from child ${ev.child}`;
      case "sum":
        return `At chance node ${name}, child ${ev.child} (probability ${show(ev.probability)}) is worth ${show(ev.value)}: the weighted sum so far is ${show(ev.sum)}`;
      case "probe":
        return `At chance node ${name}, the probe of child ${ev.child} (probability ${show(ev.probability)}) gives ${show(ev.value)}, a ${ev.bound} bound on it: the node's value is now between ${show(ev.low)} and ${show(ev.high)}`;
      case "window":
        return `Window at ${name}: ${windowText({ hasWindow: true, alpha: ev.alpha, beta: ev.beta })}`;
      case "cut":
        if (!ev.skipped.length && ev.test) return `Cut-off at ${name} after child ${ev.after}, its last: skip the search phase`;
        return `Cut-off at ${name} after child ${ev.after}: skip ${ev.skipped.length === 1 ? "child" : "children"} ${ev.skipped.join(", ")}`;
      case "leave":
        return `Leave ${name} with ${show(ev.value)}`;
      case "search": {
        const w = windowText({ hasWindow: true, alpha: ev.alpha, beta: ev.beta, gamma: ev.gamma, strict: ev.strict });
        const kind = ev.kind ? `${ev.kind} ` : "";
        return `New ${kind}search ${ev.pass !== undefined ? `(pass ${ev.pass}) ` : ""}of ${name}: ${w}`;
      }
      case "table":
        return `Table at ${name}: a stored ${ev.bound} bound ${show(ev.value)} answers the test`;
      default:
        return `${ev.type} at ${name}`;
    }
  }

  function nodeName(t, p) {
    let c = null;
    try { c = T.comment(nodeAt(t, p)); } catch (e) { c = null; }
    return c ? `${c} ${pathText(p)}` : pathText(p);
  }

  function playerName(p) {
    if (p === CHANCE) return "chance";
    return state.players === 2 ? `${PLAYER_NAMES[p]} (player ${p})` : `player ${p}`;
  }

  // ---- Layout: leaves evenly spaced left to right, a parent centred over its children ----
  function layout(t) {
    const out = [];
    const valueLines = (n) => (Array.isArray(n.value) ? n.value.length : 1);
    let x = 0;
    let maxDepth = 0;
    const stack = [{ n: T.root(t), p: [], phase: 0 }];
    const placed = new Map();
    while (stack.length) {
      const top = stack.pop();
      const { n, p } = top;
      maxDepth = Math.max(maxDepth, p.length);
      if (T.isLeaf(n)) {
        const texts = leafTexts(n);
        const width = Math.max(34, 10 + 7.6 * Math.max(...texts.map((s) => s.length)));
        const slot = Math.max(width, texts.length > 1 ? 58 : 50);
        const node = { n, p, leaf: true, texts, width, x: x + slot / 2, depth: p.length };
        x += slot + (texts.length > 1 ? 34 : 22);
        placed.set(key(p), node);
        out.push(node);
      } else if (top.phase === 0) {
        stack.push({ n, p, phase: 1 });
        const kids = T.children(n);
        for (let i = kids.length - 1; i >= 0; i--) stack.push({ n: kids[i], p: [...p, i], phase: 0 });
      } else {
        const kids = T.children(n).map((_, i) => placed.get(key([...p, i])));
        const node = { n, p, leaf: false, x: (kids[0].x + kids[kids.length - 1].x) / 2, depth: p.length, kids };
        placed.set(key(p), node);
        out.push(node);
      }
      void valueLines;
    }
    return { nodes: out, placed, width: Math.max(x, 60), maxDepth };
  }

  function leafTexts(n) {
    const v = n.value;
    const s = show(v);
    if (s.startsWith("(")) return s.slice(1, -1).split(", ");
    return [s];
  }

  function el(name, attrs, parent) {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (parent) parent.appendChild(e);
    return e;
  }

  function shape(g, player, x, y, r, title) {
    if (player === CHANCE) return star(g, x, y, r, title);
    const [edge, fill] = COLOURS[player % COLOURS.length];
    const s = player % COLOURS.length;
    const common = { fill, stroke: edge, "stroke-width": 2 };
    let e;
    if (s === 0) e = el("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, ...common }, g);
    else if (s === 1) e = el("circle", { cx: x, cy: y, r: r * 1.1, ...common }, g);
    else {
      const sides = [0, 0, 3, 4, 5, 6][s];
      const pts = [];
      for (let i = 0; i < sides; i++) {
        const a = -Math.PI / 2 + (2 * Math.PI * i) / sides;
        const rr = r * (sides === 3 ? 1.35 : 1.2);
        pts.push(`${(x + rr * Math.cos(a)).toFixed(1)},${(y + rr * Math.sin(a) + (sides === 3 ? 3 : 0)).toFixed(1)}`);
      }
      e = el("polygon", { points: pts.join(" "), ...common }, g);
    }
    el("title", {}, e).textContent = title;
    if (state.players > 2) {
      const num = el("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: edge }, g);
      num.textContent = String(player);
    }
    return e;
  }

  // A chance node: a white five-pointed star, as gametree draw's (gametree.draw.canvas._star).
  function star(g, x, y, r, title) {
    const pts = [];
    for (let i = 0; i < 10; i++) {
      const rr = (i % 2 ? 0.45 : 1) * r * 1.35;
      const a = (i * Math.PI) / 5;
      pts.push(`${(x + rr * Math.sin(a)).toFixed(1)},${(y - rr * Math.cos(a)).toFixed(1)}`);
    }
    const e = el("polygon", { points: pts.join(" "), fill: "#fff", stroke: "#222", "stroke-width": 2, class: "chance" }, g);
    el("title", {}, e).textContent = title;
    return e;
  }

  // A number as the drawing writes it: gametree.draw.model.format_number's true minus sign.
  const drawn = (text) => text.replace(/-/g, "−");

  // What the leaves read so far prove about each node's minimax value (Max's view), labelled as
  // `gametree draw` labels it (gametree.draw.model.format_interval): from minimax with every
  // unread leaf at −∞ to minimax with every unread leaf at +∞. Minimax is monotone in every
  // leaf, so that is exactly the set of values still possible. Two players. With chance nodes
  // (and for the chance family's searches) the value is expectimax's, a chance node's ends the
  // probabilities' weighted sums, and an unread leaf lies in the leaf bounds `interval`.
  function provenLabels(t, reads, interval) {
    const NEG = { inf: -1 };
    const POS = { inf: 1 };
    const unread = interval ? [interval.lower, interval.upper] : [NEG, POS];
    const ends = new Map(); // key -> [lo, hi]
    const entered = new Set(); // the nodes with a leaf read below: the others show nothing
    const stack = [[T.root(t), [], false]];
    while (stack.length) {
      const [n, p, done] = stack.pop();
      if (T.isLeaf(n)) {
        ends.set(key(p), reads.has(key(p)) ? [n.value, n.value] : unread);
        if (reads.has(key(p))) for (let d = 0; d <= p.length; d++) entered.add(key(p.slice(0, d)));
      } else if (!done) {
        stack.push([n, p, true]);
        T.children(n).forEach((c, i) => stack.push([c, [...p, i], false]));
      } else if (T.probabilities(n)) {
        const kids = T.children(n).map((_, i) => ends.get(key([...p, i])));
        const weigh = (j) => {
          const inf = kids.find((k) => k[j].inf !== undefined);
          if (inf) return inf[j];
          return kids.reduce((s, k, i) => E.add(s, E.times(T.probabilities(n)[i], k[j])), E.rat(0n));
        };
        ends.set(key(p), [weigh(0), weigh(1)]);
      } else {
        const kids = T.children(n).map((_, i) => ends.get(key([...p, i])));
        const better = T.player(n) === 0 ? (x, y) => E.cmp(x, y) > 0 : (x, y) => E.cmp(x, y) < 0;
        const pick = (j) => kids.map((k) => k[j]).reduce((a, b) => (better(b, a) ? b : a));
        ends.set(key(p), [pick(0), pick(1)]);
      }
    }
    const labels = new Map();
    const text = (x) => drawn(E.formatValue(x));
    for (const [k, [lo, hi]] of ends) {
      if (!Array.isArray(nodeAt(t, pathOf(k)).children) || !entered.has(k)) continue;
      const low = lo.inf !== undefined;
      const high = hi.inf !== undefined;
      if (!low && !high && E.cmp(lo, hi) === 0) labels.set(k, { text: text(lo), exact: true });
      else if (!(low && high)) labels.set(k, { text: high ? `≥${text(lo)}` : low ? `≤${text(hi)}` : `${text(lo)}..${text(hi)}`, exact: false });
    }
    return labels;
  }

  // ---- One pane: an algorithm, its run, its events, the step shown ----
  class Pane {
    constructor(index) {
      this.index = index;
      const frag = document.getElementById("pane-template").content.cloneNode(true);
      this.root = frag.querySelector(".pane");
      this.root.id = `pane-${index}`;
      this.root.setAttribute("aria-label", index === 0 ? "Search" : "Second search");
      document.getElementById("panes").appendChild(frag);
      this.q = (role) => this.root.querySelector(`[data-role=${role}]`);
      this.k = 0;
      this.events = [];
      this.result = null;
      this.shown = null; // BRS+'s transform, which its pane draws instead of the tree
      this.shownLayout = null;
      this.timer = null;
      this.q("algorithm").addEventListener("change", (e) => {
        this.showInputs();
        this.rerun();
        e.target.blur(); // so that the arrow keys step, not choose another algorithm
      });
      this.q("domain").addEventListener("change", (e) => {
        this.rerun();
        e.target.blur();
      });
      this.q("run").addEventListener("click", () => this.rerun());
      this.q("first").addEventListener("click", () => stepAll(this, () => 0));
      this.q("back").addEventListener("click", () => stepAll(this, (p) => p.k - 1));
      this.q("forward").addEventListener("click", () => stepAll(this, (p) => p.k + 1));
      this.q("last").addEventListener("click", () => stepAll(this, (p) => p.events.length));
      this.q("play").addEventListener("click", () => togglePlay(this));
      this.q("speed").addEventListener("change", (e) => e.target.blur());
      this.q("slider").addEventListener("input", (e) => {
        const k = Number(e.target.value);
        stepAll(this, () => k);
      });
      this.root.addEventListener("focusin", () => { state.active = this; });
      this.root.addEventListener("pointerdown", () => { state.active = this; });
    }

    // The tree this pane draws: the page's, or the transform BRS+ searches (its events' paths).
    tree() {
      return this.shown ?? state.tree;
    }

    fillMenu(preferred) {
      const menu = this.q("algorithm");
      const kind = state.vector ? "many" : "two";
      const offered = DATA.algorithms.filter((a) => a.chance === state.chance && (a.players === kind || a.players === "any"));
      const old = preferred ?? menu.value;
      menu.replaceChildren(...offered.map((a) => {
        const o = document.createElement("option");
        o.value = a.name;
        o.textContent = a.label ? `${a.label}` : a.name;
        return o;
      }));
      const found = offered.some((a) => a.name === old);
      menu.value = found ? old : offered[0].name;
      this.missing = found || !old ? null : old;
      this.showInputs();
    }

    // The inputs the chosen search reads: a window, Korf's bounds, the domain, the paranoid player.
    showInputs() {
      const chosen = DATA.algorithms.find((a) => a.name === this.q("algorithm").value);
      const takes = chosen ? chosen.takes : [];
      this.q("window-inputs").hidden = state.vector || !takes.includes("window");
      this.q("bounds-inputs").hidden = !state.vector || !takes.includes("bounds");
      this.q("player-input").hidden = !takes.includes("player");
      this.q("domain-input").hidden = !state.vector || !takes.includes("domain");
    }

    options() {
      const o = {};
      const player = this.q("player").value.trim();
      if (player !== "" && !this.q("player-input").hidden) {
        if (!/^\d+$/.test(player)) throw new Error(`the paranoid player is a number in 0..${state.players - 1} (got ${JSON.stringify(player)})`);
        o.player = Number(player);
      } else if (this.q("algorithm").value === "brs-plus") {
        o.player = T.player(T.root(state.tree)); // BRS+ needs its root player: the root's, unless given
      }
      if (!this.q("domain-input").hidden) o.domain = this.q("domain").value;
      if (state.vector && !this.q("bounds-inputs").hidden) {
        const lower = this.q("lower").value.trim();
        const sum = this.q("sum").value.trim();
        if (lower !== "" || sum !== "") {
          if (lower === "" || sum === "") throw new Error("Korf's bounds need both: a lower bound and a sum");
          o.bounds = { lower: exactNumber(lower), sum: exactNumber(sum) };
        }
      } else if (!state.vector && !this.q("window-inputs").hidden) {
        const a = exactNumber(this.q("alpha").value.trim());
        const b = exactNumber(this.q("beta").value.trim());
        if (a !== null) o.alpha = a;
        if (b !== null) o.beta = b;
      }
      return o;
    }

    rerun(keepStep) {
      this.stop();
      const error = this.q("error");
      error.hidden = true;
      if (this.missing) {
        error.textContent = `this page's engine has no search '${this.missing}' for this tree: showing ${this.q("algorithm").value}`;
        error.hidden = false;
        this.missing = null;
      }
      const name = this.q("algorithm").value;
      try {
        this.result = E.run(name, state.tree, this.options());
        this.shown = this.result.transformed ? { ...state.tree, root: this.result.transformed } : null;
        this.shownLayout = this.shown ? layout(this.shown) : null;
        this.events = this.result.events;
        this.reference = referenceFor(name, this.result);
      } catch (e) {
        this.result = null;
        this.events = [];
        error.textContent = `${name}: ${e.message}`;
        error.hidden = false;
      }
      this.q("slider").max = String(this.events.length);
      this.k = keepStep ? Math.min(this.k, this.events.length) : 0;
      this.render();
    }

    go(k) {
      this.k = Math.max(0, Math.min(this.events.length, k));
      this.render();
    }

    stop() {
      if (this.timer !== null) clearInterval(this.timer);
      this.timer = null;
      const b = this.q("play");
      b.textContent = "▶ Play";
      b.setAttribute("aria-label", "Play (space)");
    }

    render() {
      const s = replay(this.events, this.k);
      this.state = s;
      const ev = this.k > 0 ? this.events[this.k - 1] : null;
      const slider = this.q("slider");
      slider.value = String(this.k);
      const step = this.q("step");
      step.textContent = `step ${this.k} of ${this.events.length}`;
      const event = this.q("event");
      event.textContent = describe(ev, this.tree());
      event.dataset.type = ev ? ev.type : "";
      event.dataset.path = ev ? key(ev.path ?? []) : "";
      const reason = this.q("reason");
      reason.hidden = !(ev && ev.type === "cut");
      reason.textContent = ev && ev.type === "cut" ? ev.reason : "";
      this.renderPath(s, ev);
      this.renderCuts(s);
      this.renderResult();
      this.renderDrawing(s, ev);
    }

    renderPath(s, ev) {
      const body = this.q("path");
      const rows = [];
      const p = ev ? ev.path ?? [] : [];
      for (let d = 0; d <= p.length; d++) {
        const sub = p.slice(0, d);
        const n = nodeAt(this.tree(), sub);
        if (T.isLeaf(n)) continue;
        const i = s.nodes.get(key(sub));
        const tr = document.createElement("tr");
        tr.dataset.path = key(sub);
        if (d === p.length) tr.className = "current";
        const mover = T.player(n);
        const who = mover === CHANCE ? "chance" : state.players === 2 ? PLAYER_NAMES[mover] : `player ${mover}`;
        const sofar = i && i.best !== undefined ? show(i.best) : i && i.sum !== undefined ? `sum ${show(i.sum)}` : "";
        const cells = [nodeName(this.tree(), sub), who, windowText(i), sofar];
        for (const [c, cls] of cells.map((c, j) => [c, ["node", "player", "window", "best"][j]])) {
          const td = document.createElement("td");
          td.className = cls;
          td.textContent = c;
          tr.appendChild(td);
        }
        rows.push(tr);
      }
      body.replaceChildren(...rows);
    }

    renderCuts(s) {
      const list = this.q("cuts");
      list.replaceChildren(...s.cuts.map((c, j) => {
        const li = document.createElement("li");
        li.dataset.path = key(c.path);
        const skip = c.skipped.length || !c.test ? `skip ${c.skipped.map((i) => pathText([...c.path, i])).join(", ")}` : "skip its search phase";
        li.textContent = `at ${nodeName(this.tree(), c.path)}, ${skip}: ${c.reason}`;
        if (j === s.cuts.length - 1 && this.events[this.k - 1]?.type === "cut") li.className = "latest";
        return li;
      }));
    }

    renderResult() {
      const box = this.q("result");
      box.replaceChildren();
      if (!this.result) return;
      const r = this.result;
      const heading = document.createElement("h2");
      heading.textContent = "The whole search";
      box.appendChild(heading);
      const line = (label, text, role) => {
        const p = document.createElement("p");
        const b = document.createElement("strong");
        b.textContent = label + ": ";
        const span = document.createElement("span");
        span.textContent = text;
        if (role) span.dataset.role = role;
        p.append(b, span);
        box.appendChild(p);
        return p;
      };
      line("Value", show(r.value), "value");
      line("Principal variation", pathText(r.principalVariation), "pv");
      line("Leaves read", `${r.leavesEvaluated}, nodes visited ${r.nodesVisited}`, "counts");
      if (this.reference && show(this.reference.value) !== show(r.value)) {
        const w = line(`But ${this.reference.name}'s value is`, show(this.reference.value), "reference");
        w.className = "warning";
        const why = document.createElement("p");
        why.className = "warning";
        why.dataset.role = "why";
        const cuts = replay(this.events, this.events.length).cuts;
        why.textContent = `This search is unsound here: ` + cuts.map((c) => `the cut at ${nodeName(this.tree(), c.path)} skipped ${c.skipped.map((i) => nodeName(this.tree(), [...c.path, i])).join(", ")} (${c.reason})`).join("; ") +
          `. ${this.reference.name} reads every leaf; step through both (Compare) to see where they part.`;
        box.appendChild(why);
      }
    }

    renderDrawing(s, ev) {
      const holder = this.q("drawing");
      const L = this.shownLayout ?? state.layout;
      const rowH = 80;
      const leafH = (node) => 8 + 15 * node.texts.length;
      const margin = 36;
      const width = L.width + 2 * margin + 60;
      const height = (L.maxDepth + 1) * rowH + 30 + (state.vector ? 15 * (state.players - 1) : 0);
      const room = Math.max(200, holder.clientWidth - 4);
      const roomHigh = parseFloat(getComputedStyle(holder).maxHeight) || 600;
      const scale = Math.max(0.8, Math.min(1.5, room / width, (roomHigh - 4) / height));
      const svg = el("svg", { width: width * scale, height: height * scale, viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "The tree and the search's progress" });
      const X = (node) => node.x + margin;
      const Y = (node) => 48 + node.depth * rowH;
      const currentKey = ev ? key(ev.path ?? []) : null;
      const onPath = new Set();
      if (ev) for (let d = 0; d <= (ev.path ?? []).length; d++) onPath.add(key(ev.path.slice(0, d)));
      const atEnd = this.result && this.k === this.events.length && this.events.length > 0;
      const pv = new Set();
      if (atEnd) {
        const line = this.result.transformedLine ?? this.result.principalVariation;
        for (let d = 0; d <= line.length; d++) pv.add(key(line.slice(0, d)));
      }
      const pruned = (p) => {
        for (let d = 1; d <= p.length; d++) if (s.skipped.has(key(p.slice(0, d)))) return true;
        return false;
      };
      const chosen = DATA.algorithms.find((a) => a.name === this.q("algorithm").value);
      const proven = state.vector ? null : provenLabels(state.tree, s.reads, chosen && chosen.chance ? T.interval(state.tree) : null);
      const edges = el("g", {}, svg);
      const marks = el("g", {}, svg);
      const nodes = el("g", {}, svg);
      for (const node of L.nodes) {
        if (node.leaf) continue;
        for (const kid of node.kids) {
          const kk = key(kid.p);
          const grey = pruned(kid.p);
          const top = Y(node) + 18;
          const bottom = Y(kid) - (kid.leaf ? leafH(kid) / 2 : 18);
          const attrs = { x1: X(node), y1: top, x2: X(kid), y2: bottom, stroke: grey ? "#a6a6a6" : "#222", "stroke-width": 1.4 };
          if (grey) attrs["stroke-dasharray"] = "5 4";
          if (pv.has(kk)) Object.assign(attrs, { stroke: "#e0a800", "stroke-width": 6, "stroke-linecap": "round" });
          if (onPath.has(kk) && !pv.has(kk)) Object.assign(attrs, { stroke: "#6a3d9a", "stroke-width": 3 });
          el("line", attrs, edges);
          const ps = T.probabilities(node.n);
          const rs = node.n.replyPaths; // BRS+'s transform: the plies of each reply in the tree
          if (ps || rs) {
            const at = { x: X(node) + (X(kid) - X(node)) * 0.33, y: top + (bottom - top) * 0.33 + 4, "text-anchor": "middle" }; // above the cut marks
            const i = kid.p[kid.p.length - 1];
            const pt = el("text", { ...at, class: `${ps ? "probability" : "reply"} halo`, id: `pane${this.index}-${ps ? "p" : "reply"}-${kk.replace(/,/g, "-")}` }, marks);
            pt.textContent = ps ? show(ps[i]) : rs[i].join("·");
          }
          if (s.skipped.has(kk)) {
            const mx = X(node) + (X(kid) - X(node)) * 0.55;
            const my = top + (bottom - top) * 0.55;
            const g = el("g", { id: `pane${this.index}-cut-${kk.replace(/,/g, "-")}`, class: "cut-mark" }, marks);
            for (const off of [-4, 4]) {
              el("line", { x1: mx - 9 + off, y1: my + 6, x2: mx + 9 + off, y2: my - 6, stroke: "#c8102e", "stroke-width": 3 }, g);
            }
          }
        }
      }
      for (const node of L.nodes) {
        const kk = key(node.p);
        const grey = pruned(node.p);
        const info = s.nodes.get(kk);
        const g = el("g", { id: `pane${this.index}-${node.leaf ? "leaf" : "node"}-${node.p.join("-") || "root"}`, class: (node.leaf ? "leaf" : "node") + (grey ? " pruned" : ""), "data-path": kk, tabindex: "0", role: "button" }, nodes);
        const name = T.comment(node.n);
        g.setAttribute("aria-label", `${node.leaf ? "leaf" : "node"} ${name ? name + " " : ""}${pathText(node.p)}: edit`);
        const x = X(node);
        const y = Y(node);
        if (node.leaf) {
          const h = leafH(node);
          const box = el("rect", { x: x - node.width / 2, y: y - h / 2, width: node.width, height: h, rx: 3, fill: grey ? "#f3f3f3" : "#fff", stroke: pv.has(kk) ? "#e0a800" : grey ? "#a6a6a6" : "#222", "stroke-width": pv.has(kk) ? 3 : 1.4 }, g);
          if (grey) box.setAttribute("stroke-dasharray", "4 3");
          node.texts.forEach((t, i) => {
            const tx = el("text", { x, y: y - h / 2 + 16 + 15 * i, "text-anchor": "middle", class: "label" }, g);
            tx.textContent = drawn(t);
          });
          const reads = s.reads.get(kk);
          if (reads) {
            const label = reads.join(",");
            const bw = 8 + 6.5 * label.length;
            el("rect", { x: x - bw / 2, y: y + h / 2 + 3, width: bw, height: 15, rx: 7, fill: "#333" }, g);
            const bt = el("text", { x, y: y + h / 2 + 14, "text-anchor": "middle", class: "badge-text" }, g);
            bt.textContent = label;
          }
          if (kk === currentKey) el("rect", { x: x - node.width / 2 - 5, y: y - h / 2 - 5, width: node.width + 10, height: h + 10, rx: 5, class: "current-ring" }, g);
          if (state.editing && kk === key(state.editing)) el("rect", { x: x - node.width / 2 - 9, y: y - h / 2 - 9, width: node.width + 18, height: h + 18, rx: 7, class: "editing-ring" }, g);
        } else {
          if (pv.has(kk)) el("circle", { cx: x, cy: y, r: 24, fill: "#ffc83d", opacity: 0.7 }, g);
          shape(g, T.player(node.n), x, y, 15, `${nodeName(this.tree(), node.p)}: ${playerName(T.player(node.n))}`);
          if (kk === currentKey) el("circle", { cx: x, cy: y, r: 25, class: "current-ring" }, g);
          if (state.editing && kk === key(state.editing)) el("circle", { cx: x, cy: y, r: 30, class: "editing-ring" }, g);
          let label = null;
          let exact = false;
          if (proven) {
            const known = proven.get(kk);
            if (known) ({ text: label, exact } = known);
          } else if (info && info.left) { label = show(info.value); exact = true; }
          else if (info && info.best !== undefined) label = "best " + show(info.best);
          if (label) {
            const lt = el("text", { x: x + 21, y: y + 5, class: "label halo node-label" + (exact ? " exact" : "") }, g);
            lt.textContent = label;
          }
          if (onPath.has(kk) && info) {
            const w = windowText(info);
            if (w) {
              const tg = el("text", { x, y: y - 31, "text-anchor": "middle", class: "tag halo" }, g);
              tg.textContent = w;
            }
          }
        }
        if (name) {
          const nt = el("text", { x: x - (node.leaf ? node.width / 2 + 6 : 29), y: y + 4, "text-anchor": "end", class: "name" }, g);
          nt.textContent = name;
        }
      }
      // One listener for every node: a click (or Enter) on a node opens the editor on it.
      const target = (e) => e.target.closest("[data-path]");
      const editable = !this.shown; // a transform's paths are not the tree's
      svg.addEventListener("click", (e) => { const g = target(e); if (g && editable) openEditor(pathOf(g.dataset.path)); });
      svg.addEventListener("keydown", (e) => { const g = target(e); if (g && editable && e.key === "Enter") openEditor(pathOf(g.dataset.path)); });
      holder.replaceChildren(svg);
      this.renderLegend();
    }

    renderLegend() {
      const box = this.q("legend");
      const items = [];
      const players = state.players === 2 ? [0, 1] : [...Array(state.players).keys()];
      for (const p of players) {
        const g = document.createElementNS(SVG, "svg");
        g.setAttribute("width", "20");
        g.setAttribute("height", "20");
        g.setAttribute("aria-hidden", "true");
        const saved = state.players;
        state.players = 2; // no number inside the little shape
        shape(g, p, 10, 10, 6.5, "");
        state.players = saved;
        const span = document.createElement("span");
        span.append(g, state.players === 2 ? `${PLAYER_NAMES[p]} (player ${p})` : `player ${p}`);
        items.push(span);
      }
      if (state.chance) {
        const g = document.createElementNS(SVG, "svg");
        g.setAttribute("width", "20");
        g.setAttribute("height", "20");
        g.setAttribute("aria-hidden", "true");
        star(g, 10, 11, 6.5, "");
        const span = document.createElement("span");
        span.append(g, "chance (each edge its probability)");
        items.push(span);
      }
      for (const [cls, text] of [["ring", "current node"], ["cut", "cut-off"], ["pv", "principal variation (at the end)"], ["badge", "order read"]]) {
        const span = document.createElement("span");
        span.className = `key-${cls}`;
        span.textContent = text;
        items.push(span);
      }
      box.replaceChildren(...items);
    }
  }

  // The value a sound search of the same family must return, to show where one goes wrong.
  function referenceFor(name, result) {
    const family = DATA.algorithms.find((a) => a.name === name);
    if (!family || name === "maxn" || name === "minimax") return null;
    const reference = family.players === "many" ? "maxn" : null;
    if (reference === null || name === "paranoid" || name === "brs-plus") return null; // other values by definition
    try {
      return { name: reference, value: E.run(reference, state.tree, {}).value };
    } catch (e) {
      void result;
      return null;
    }
  }

  // ---- The page: the tree, the panes, stepping, editing ----
  const state = { tree: null, text: "", players: 2, vector: false, chance: false, layout: null, panes: [], active: null, editing: null };

  function loadTree(text, algorithms) {
    const tree = E.parseTree(text);
    state.tree = tree;
    state.text = text;
    state.players = T.players(tree);
    state.vector = state.players > 2 || Array.isArray(firstLeaf(tree).value);
    state.chance = tree.chanceNodes > 0;
    state.layout = layout(tree);
    const bounds = T.bounds(tree);
    for (const [i, pane] of state.panes.entries()) {
      pane.fillMenu(algorithms ? algorithms[i] : undefined);
      if (algorithms) {
        pane.q("lower").value = bounds ? show(bounds.lower) : "";
        pane.q("sum").value = bounds ? show(bounds.sum) : "";
        pane.q("alpha").value = "";
        pane.q("beta").value = "";
      }
    }
  }

  function firstLeaf(t) {
    let n = T.root(t);
    while (!T.isLeaf(n)) n = T.children(n)[0];
    return n;
  }

  function rerunAll(keepStep) {
    for (const pane of state.panes) if (!pane.root.hidden) pane.rerun(keepStep);
  }

  function stepAll(origin, to) {
    const panes = state.linked ? state.panes.filter((p) => !p.root.hidden) : [origin];
    const targets = panes.map((pane) => to(pane));
    panes.forEach((pane, i) => pane.go(targets[i]));
  }

  function togglePlay(origin) {
    const panes = state.linked ? state.panes.filter((p) => !p.root.hidden) : [origin];
    if (origin.timer !== null) {
      for (const p of panes) p.stop();
      return;
    }
    if (origin.k >= origin.events.length) for (const p of panes) p.go(0);
    const b = origin.q("play");
    b.textContent = "⏸ Pause";
    b.setAttribute("aria-label", "Pause (space)");
    origin.timer = setInterval(() => {
      const done = panes.every((p) => p.k >= p.events.length);
      if (done) { origin.stop(); return; }
      for (const p of panes) p.go(p.k + 1);
    }, Number(origin.q("speed").value));
  }

  function setComparing(on) {
    const second = state.panes[1];
    second.root.hidden = !on;
    document.getElementById("panes").classList.toggle("comparing", on);
    for (const p of state.panes) p.root.classList.toggle("comparing", on);
    if (on) second.rerun();
    else second.stop();
  }

  // ---- Editing: a leaf's value, a child added or deleted, a leaf made a node ----
  function openEditor(p) {
    const n = nodeAt(state.tree, p);
    state.editing = p;
    for (const pane of state.panes) if (!pane.root.hidden) pane.render();
    const box = document.getElementById("editor");
    box.hidden = false;
    document.getElementById("editor-error").textContent = "";
    const leaf = T.isLeaf(n);
    document.getElementById("editor-what").textContent = leaf
      ? `Leaf ${nodeName(state.tree, p)}: its value`
      : `Node ${nodeName(state.tree, p)}, ${playerName(T.player(n))} to move, ${T.children(n).length} children`;
    document.getElementById("editor-form").hidden = !leaf;
    document.getElementById("editor-split").hidden = !leaf;
    document.getElementById("editor-add").hidden = leaf;
    document.getElementById("editor-delete").hidden = p.length === 0;
    const input = document.getElementById("editor-value");
    if (leaf) {
      input.value = show(n.value);
      input.focus();
      input.select();
    } else {
      document.getElementById("editor-add").focus();
    }
  }

  function closeEditor() {
    const box = document.getElementById("editor");
    if (box.contains(document.activeElement)) document.activeElement.blur();
    box.hidden = true;
    const was = state.editing;
    state.editing = null;
    if (was) for (const pane of state.panes) if (!pane.root.hidden) pane.render();
  }

  // Change the tree by `change` (on a copy), check it by writing and reading it, then rerun.
  function edit(change) {
    const errorLine = document.getElementById("editor-error");
    try {
      const copy = structuredClone(state.tree);
      const after = change(copy);
      const text = E.serializeTree(copy);
      const algorithms = state.panes.map((pane) => pane.q("algorithm").value);
      const keep = state.panes.map((pane) => [pane.q("lower").value, pane.q("sum").value, pane.q("alpha").value, pane.q("beta").value]);
      loadTree(text, algorithms);
      state.panes.forEach((pane, i) => {
        [pane.q("lower").value, pane.q("sum").value, pane.q("alpha").value, pane.q("beta").value] = keep[i];
      });
      rerunAll(false);
      for (const pane of state.panes) if (!pane.root.hidden) pane.go(pane.events.length);
      document.getElementById("tree-menu").value = "edited";
      const title = document.getElementById("title");
      title.textContent = title.textContent.replace(/ \(edited\)$/, "") + " (edited)";
      if (after === null) closeEditor();
      else openEditor(after);
    } catch (e) {
      errorLine.textContent = e.message;
    }
  }

  function setUpEditor() {
    document.getElementById("editor-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const p = state.editing;
      const text = document.getElementById("editor-value").value;
      edit((t) => {
        const json = valueJson(text, state.players, state.vector);
        const doc = `{"format": "${FORMAT}", "players": ${state.players}, "tree": {"value": ${json}}}`;
        nodeAt(t, p).value = T.root(E.parseTree(doc)).value;
        return p;
      });
    });
    document.getElementById("editor-add").addEventListener("click", () => {
      const p = state.editing;
      edit((t) => {
        const kids = T.children(nodeAt(t, p));
        kids.push(structuredClone(kids[kids.length - 1]));
        return p;
      });
    });
    document.getElementById("editor-delete").addEventListener("click", () => {
      const p = state.editing;
      edit((t) => {
        const parent = nodeAt(t, p.slice(0, -1));
        const kids = T.children(parent);
        if (kids.length === 1) throw new Error("a node needs a child: delete its parent, or edit this one");
        kids.splice(p[p.length - 1], 1);
        return null;
      });
    });
    document.getElementById("editor-split").addEventListener("click", () => {
      const p = state.editing;
      edit((t) => {
        const leaf = nodeAt(t, p);
        const parent = p.length ? nodeAt(t, p.slice(0, -1)) : null;
        const mover = parent ? (T.player(parent) + 1) % state.players : 0;
        const value = leaf.value;
        for (const k of Object.keys(leaf)) if (k !== "comment") delete leaf[k];
        leaf.toMove = mover;
        leaf.children = [{ value: structuredClone(value) }, { value: structuredClone(value) }];
        return p;
      });
    });
    document.getElementById("editor-close").addEventListener("click", closeEditor);
  }

  function setUpMenu() {
    const menu = document.getElementById("tree-menu");
    const options = [{ value: "given", label: DATA.title }];
    DATA.examples.forEach((x, i) => options.push({ value: String(i), label: `${x.name}: ${x.source}` }));
    options.push({ value: "edited", label: "(edited in the page)" });
    menu.replaceChildren(...options.map((o) => {
      const e = document.createElement("option");
      e.value = o.value;
      e.textContent = o.label;
      if (o.value === "edited") e.disabled = true;
      return e;
    }));
    menu.addEventListener("change", () => {
      closeEditor();
      const title = document.getElementById("title");
      if (menu.value === "given") {
        loadTree(DATA.tree, [DATA.algorithm, DATA.compare ?? DATA.algorithm]);
        applyGivenOptions();
        title.textContent = DATA.title;
      } else {
        const x = DATA.examples[Number(menu.value)];
        loadTree(x.text, [x.algorithm, state.panes[1].q("algorithm").value]);
        title.textContent = x.name;
      }
      rerunAll(false);
      menu.blur(); // so that the arrow keys step, not choose another tree
    });
  }

  function applyGivenOptions() {
    for (const pane of state.panes) {
      if (DATA.bounds) {
        pane.q("lower").value = show(DATA.bounds.lower);
        pane.q("sum").value = show(DATA.bounds.sum);
      }
      if (DATA.window) {
        pane.q("alpha").value = DATA.window.alpha === null ? "" : show(DATA.window.alpha);
        pane.q("beta").value = DATA.window.beta === null ? "" : show(DATA.window.beta);
      }
    }
  }

  function setUpKeys() {
    document.addEventListener("keydown", (e) => {
      const tag = (e.target.tagName || "").toLowerCase();
      if (["input", "select", "textarea"].includes(tag) || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === "Escape") { closeEditor(); return; }
      if (tag === "button" && (e.key === " " || e.key === "Enter")) return;
      const pane = state.active && !state.active.root.hidden ? state.active : state.panes[0];
      const moves = {
        ArrowRight: (p) => p.k + 1, ArrowLeft: (p) => p.k - 1,
        Home: () => 0, End: (p) => p.events.length,
      };
      if (e.key in moves) {
        e.preventDefault();
        stepAll(pane, moves[e.key]);
      } else if (e.key === " ") {
        e.preventDefault();
        togglePlay(pane);
      }
    });
  }

  function main() {
    state.panes = [new Pane(0), new Pane(1)];
    state.active = state.panes[0];
    state.linked = true;
    setUpMenu();
    setUpEditor();
    setUpKeys();
    document.getElementById("link-toggle").addEventListener("change", (e) => {
      state.linked = e.target.checked;
      e.target.blur();
    });
    document.getElementById("compare-toggle").addEventListener("change", (e) => {
      setComparing(e.target.checked);
      e.target.blur();
    });
    const help = document.getElementById("help-button");
    help.addEventListener("click", () => {
      const box = document.getElementById("help");
      box.hidden = !box.hidden;
      help.setAttribute("aria-expanded", String(!box.hidden));
    });
    try {
      loadTree(DATA.tree, [DATA.algorithm, DATA.compare ?? DATA.algorithm]);
      applyGivenOptions();
    } catch (e) {
      const p = state.panes[0].q("error");
      p.textContent = e.message;
      p.hidden = false;
      return;
    }
    state.panes[1].root.hidden = true;
    state.panes[0].rerun();
    if (DATA.compare) {
      document.getElementById("compare-toggle").checked = true;
      setComparing(true);
    }
    document.body.dataset.ready = "true";
  }

  main();
})();
