// gametree's explore engine: the page's searches, in plain JavaScript (ES2020, no dependencies,
// no DOM), the same in the browser (globalThis.GametreeEngine) and under Node (module.exports).
//
// It is a second implementation of impl, gated like one: gametree/explore/node_target.js runs
// it as a conformance target (docs/conformance.md), and tests/test_explore_engine.py checks
// its events against gametree.impl.events, event for event. Read that module's docstring for
// what each event means; every search here is written as the one there is, line for line.
//
// Exact throughout: integers are BigInts from the text on (the tree is never read through
// JSON.parse's doubles), fractions are {num, den} in lowest terms, and Korf's Bound - Best[i]
// is a rational subtraction. Nothing recurses: the JSON reader and every search run on an
// explicit stack, so a chain 100,000 deep is searched as a tree 3 deep is.
//
// Glossary: n is a node, p the player to move, i a child's index, a and b (alpha and beta) the
// window, Best and Bound Korf's (3.2.2), S (Sum) his bound on the sum with the lower bound
// shifted to 0, a reply what a node returns to its parent.
"use strict";
(function (root, factory) {
  const engine = factory();
  if (typeof module === "object" && module.exports) module.exports = engine;
  else root.GametreeEngine = engine;
})(typeof globalThis !== "undefined" ? globalThis : this, function () {
  const FORMAT = "gametree-tree/1";
  const MAX_NUMBER_LENGTH = 1000;

  class TreeFormatError extends Error {
    constructor(problem, pointer) {
      super(pointer === undefined || pointer === null ? problem : `${problem} at ${pointer || "/"}`);
      this.name = "TreeFormatError";
      this.problem = problem;
      this.pointer = pointer === undefined ? null : pointer;
    }
  }

  // -- Exact numbers: {num, den} BigInts, den > 0, in lowest terms; NEG and POS the infinities.

  const CHANCE = -1; // a chance node's toMove (spec.CHANCE)
  const NEG = Object.freeze({ inf: -1 });
  const POS = Object.freeze({ inf: 1 });

  function gcd(a, b) {
    a = a < 0n ? -a : a;
    b = b < 0n ? -b : b;
    while (b) [a, b] = [b, a % b];
    return a;
  }

  function rat(num, den = 1n) {
    if (den === 0n) throw new RangeError("a zero denominator");
    if (den < 0n) { num = -num; den = -den; }
    const g = gcd(num, den) || 1n;
    return { num: num / g, den: den / g };
  }

  const isInf = (x) => x.inf !== undefined;
  function cmp(x, y) {
    if (isInf(x) || isInf(y)) {
      const a = isInf(x) ? x.inf * 2 : 0, b = isInf(y) ? y.inf * 2 : 0;
      return a < b ? -1 : a > b ? 1 : 0;
    }
    const l = x.num * y.den, r = y.num * x.den;
    return l < r ? -1 : l > r ? 1 : 0;
  }
  const lt = (x, y) => cmp(x, y) < 0;
  const le = (x, y) => cmp(x, y) <= 0;
  const gt = (x, y) => cmp(x, y) > 0;
  const ge = (x, y) => cmp(x, y) >= 0;
  const eq = (x, y) => cmp(x, y) === 0;
  function neg(x) {
    if (isInf(x)) return x.inf < 0 ? POS : NEG;
    return { num: -x.num, den: x.den };
  }
  const add = (x, y) => rat(x.num * y.den + y.num * x.den, x.den * y.den);
  const sub = (x, y) => add(x, neg(y));
  const mul = (x, k) => rat(x.num * k, x.den);
  const times = (x, y) => rat(x.num * y.num, x.den * y.den);
  const over = (x, y) => (isInf(x) ? x : rat(x.num * y.den, x.den * y.num)); // y > 0
  const minus = (x, y) => (isInf(x) ? x : sub(x, y)); // x may be a window's infinite side
  const max = (x, y) => (lt(x, y) ? y : x);
  const min = (x, y) => (lt(y, x) ? y : x);

  // A value as JSON data: a BigInt for an integer, "p/q" for a fraction, an array for a
  // vector, null for an infinity (or no bound).
  function encode(v) {
    if (v === null || v === undefined) return null;
    if (Array.isArray(v)) return v.map(encode);
    if (isInf(v)) return null;
    return v.den === 1n ? v.num : `${v.num}/${v.den}`;
  }

  // A value as a learner reads it, as impl.events writes it: "3", "-3/4", "(1, 2)", "-inf".
  function text(v) {
    if (Array.isArray(v)) return `(${v.map(text).join(", ")})`;
    if (isInf(v)) return v.inf < 0 ? "-inf" : "+inf";
    return v.den === 1n ? String(v.num) : `${v.num}/${v.den}`;
  }
  const formatValue = text;
  const pathText = (p) => `[${p.join(", ")}]`;

  // -- JSON text, losslessly: one token at a time, over an explicit stack --------------------

  const TOKEN = new RegExp([
    String.raw`\s*(?:([[{])|([\]}])|([,:])`,
    String.raw`|("(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*")`,
    String.raw`|(-?(?:0|[1-9]\d*))(\.\d+)?([eE][+-]?\d+)?`,
    String.raw`|(true|false|null))\s*`,
  ].join(""), "y");

  // A JSON number with a fraction or an exponent: its double, converted exactly.
  class DoubleText { constructor(t) { this.text = t; } }
  class Duplicate { constructor(k) { this.key = k; } }

  function lineColumn(s, at) {
    const before = s.slice(0, at).split("\n");
    return `line ${before.length} column ${before[before.length - 1].length + 1}`;
  }

  // JSON text to values: an integer is a BigInt, another number a DoubleText, an object a Map
  // (so that keys keep their order and a duplicate is seen).
  function parseJSON(s) {
    const open = [];
    let want = "value", justOpened = false, top = undefined, result;
    const add = (v) => {
      const t = open[open.length - 1];
      if (t === undefined) result = v;
      else if (Array.isArray(t.into)) t.into.push(v);
      else if (t.into.has(t.key)) t.dup = t.dup || t.key;
      else t.into.set(t.key, v);
      want = t === undefined ? "end" : ",";
    };
    let at = 0;
    const fail = (what) => {
      throw new TreeFormatError(`the text is not JSON: ${what} (${lineColumn(s, at)})`, null);
    };
    TOKEN.lastIndex = 0;
    if (!s.trim()) fail("it is empty");
    while (TOKEN.lastIndex < s.length || want !== "end") {
      at = TOKEN.lastIndex;
      if (at >= s.length) fail("it ends too soon");
      const m = TOKEN.exec(s);
      if (m === null) fail(`unexpected ${JSON.stringify(s.slice(at, at + 10))}`);
      const [, opener, closer, mark, string, int, fraction, exponent, literal] = m;
      const opened = justOpened;
      justOpened = false;
      if (closer) {
        top = open[open.length - 1];
        if (!top || (want !== "," && !opened) || (closer === "]") !== Array.isArray(top.into)) {
          fail(`unexpected '${closer}'`);
        }
        open.pop();
        add(top.dup !== undefined ? new Duplicate(top.dup) : top.into);
      } else if (mark) {
        if (mark !== want) fail(`unexpected '${mark}'`);
        const t = open[open.length - 1];
        want = mark === ":" || Array.isArray(t.into) ? "value" : "key";
      } else if (want === "key") {
        if (!string) fail("expected a key");
        open[open.length - 1].key = JSON.parse(string);
        want = ":";
      } else if (want !== "value") {
        fail("expected ',' or the end");
      } else if (opener) {
        open.push({ into: opener === "[" ? [] : new Map(), key: null, dup: undefined });
        want = opener === "[" ? "value" : "key";
        justOpened = true;
      } else if (string) {
        add(JSON.parse(string));
      } else if (int !== undefined) {
        add(fraction || exponent ? new DoubleText(int + (fraction ?? "") + (exponent ?? "")) : BigInt(int));
      } else {
        add({ true: true, false: false, null: null }[literal]);
      }
    }
    return result;
  }

  // -- The tree format (docs/tree-format.md) ---------------------------------------------------

  // Where a node is in the document: its parent's place and the keys below it, spelt out
  // (iterated) only for an error's pointer, so that a chain 100,000 deep is read in linear time.
  class Place {
    constructor(up, ...keys) { this.up = up; this.keys = keys; }
    *[Symbol.iterator]() {
      const chain = [];
      for (let p = this; p instanceof Place; p = p.up) chain.push(p);
      const top = chain[chain.length - 1].up;
      yield* top;
      for (let i = chain.length - 1; i >= 0; i--) yield* chain[i].keys;
    }
  }

  const pointer = (keys) => [...keys].map((k) => "/" + String(k).replace(/~/g, "~0").replace(/\//g, "~1")).join("");

  function describe(x) {
    if (x === null) return "null";
    if (x === true || x === false) return String(x);
    if (x instanceof Map || x instanceof Duplicate) return "an object";
    if (Array.isArray(x)) return `an array of ${x.length}`;
    if (typeof x === "string") return `the string '${x.slice(0, 40)}'${x.length > 40 ? "..." : ""}`;
    if (x instanceof DoubleText) return `the number ${x.text}`;
    return `the number ${x}`;
  }

  // A double, exactly, as a fraction (m * 2^e).
  function exactDouble(t, at) {
    const x = Number(t);
    if (!Number.isFinite(x)) {
      throw new TreeFormatError("a number must be finite (got a number too large for a double)", pointer(at));
    }
    let m = x, e = 0n;
    while (!Number.isInteger(m)) { m *= 2; e += 1n; }
    return rat(BigInt(m), 2n ** e);
  }

  const FRACTION = /^[+-]?\d+(?:\/[+-]?\d+)?$/;

  // A number of the format (a JSON integer, "p/q", a double) as an exact rational.
  function parseNumber(x, at = []) {
    if (typeof x === "bigint") return rat(x);
    if (x instanceof DoubleText) return exactDouble(x.text, at);
    if (typeof x === "number") return exactDouble(String(x), at);
    if (typeof x === "string") {
      if (x.length > MAX_NUMBER_LENGTH) {
        throw new TreeFormatError(`a number in a string must be at most ${MAX_NUMBER_LENGTH} characters (got ${x.length})`, pointer(at));
      }
      if (!FRACTION.test(x.trim())) {
        throw new TreeFormatError(`a number in a string must be an integer or a fraction "p/q" (got ${describe(x)})`, pointer(at));
      }
      const [p, q] = x.trim().split("/");
      const den = q === undefined ? 1n : BigInt(q);
      if (den === 0n) throw new TreeFormatError(`a fraction's denominator must not be 0 (got '${x}')`, pointer(at));
      return rat(BigInt(p), den);
    }
    throw new TreeFormatError(`a number must be a JSON integer, a string "p/q" or a finite JSON number (got ${describe(x)})`, pointer(at));
  }

  function parseValue(x, players, at) {
    if (Array.isArray(x)) {
      if (x.length !== players) {
        throw new TreeFormatError(`a vector value needs one number per player, ${players} (got ${describe(x)})`, pointer(at));
      }
      return x.map((c, i) => parseNumber(c, new Place(at, i)));
    }
    return parseNumber(x, at);
  }

  function checkKeys(obj, allowed, at, what) {
    if (obj instanceof Duplicate) throw new TreeFormatError(`the key '${obj.key}' occurs twice`, pointer([...at, obj.key]));
    for (const k of obj.keys()) {
      if (!allowed.includes(k)) {
        throw new TreeFormatError(`${what} has no key '${k}' (allowed: ${[...allowed].sort().join(", ")})`, pointer([...at, k]));
      }
    }
  }

  // A tree: {players, bounds: {lower, sum} | null, interval: {lower, upper} | null, root,
  // comment, chanceNodes}; a node is {toMove, children}, a chance node {toMove: -1,
  // probabilities, children} or a leaf {value} (a rational, or an array of them), with an
  // optional comment. bounds are Korf's, interval the leaf bounds [L, U] (Ballard's).
  function readTree(doc) {
    if (Array.isArray(doc)) return { players: 2, bounds: null, root: readNodes(doc, 2, [], true), comment: null };
    if (!(doc instanceof Map || doc instanceof Duplicate)) {
      throw new TreeFormatError(`a tree document is a JSON object (the canonical form) or an array (the shorthand), not ${describe(doc)}`, null);
    }
    checkKeys(doc, ["format", "players", "bounds", "comment", "tree"], [], "a tree document");
    for (const k of ["format", "players", "tree"]) {
      if (!doc.has(k)) throw new TreeFormatError(`a tree document needs the key '${k}'`, "");
    }
    if (doc.get("format") !== FORMAT) {
      throw new TreeFormatError(`'format' must be '${FORMAT}' (got ${describe(doc.get("format"))})`, "/format");
    }
    const players = doc.get("players");
    if (typeof players !== "bigint" || players < 2n) {
      throw new TreeFormatError(`'players' must be an integer >= 2 (got ${describe(players)})`, "/players");
    }
    const comment = doc.has("comment") ? doc.get("comment") : null;
    if (comment !== null && typeof comment !== "string") {
      throw new TreeFormatError(`'comment' must be a string (got ${describe(comment)})`, "/comment");
    }
    let bounds = null, interval = null;
    if (doc.has("bounds")) {
      const b = doc.get("bounds");
      const shapes = '{"lower": L, "sum": S} or {"lower": L, "upper": U}';
      if (!(b instanceof Map || b instanceof Duplicate)) {
        throw new TreeFormatError(`'bounds' must be an object ${shapes} (got ${describe(b)})`, "/bounds");
      }
      checkKeys(b, ["lower", "sum", "upper"], ["bounds"], "'bounds'");
      if (b.has("upper") && b.has("sum")) throw new TreeFormatError(`'bounds' is ${shapes}, not both (got 'sum' and 'upper')`, "/bounds");
      const second = b.has("upper") ? "upper" : "sum";
      for (const k of ["lower", second]) if (!b.has(k)) throw new TreeFormatError(`'bounds' needs the key '${k}'`, "/bounds");
      const lower = parseNumber(b.get("lower"), ["bounds", "lower"]), other = parseNumber(b.get(second), ["bounds", second]);
      if (second === "sum") bounds = { lower, sum: other };
      else if (!lt(lower, other)) throw new TreeFormatError(`leaf bounds need lower < upper (got [${text(lower)}, ${text(other)}])`, "/bounds/upper");
      else interval = { lower, upper: other };
    }
    const n = Number(players);
    const root = readNodes(doc.get("tree"), n, ["tree"], false);
    const tree = { players: n, bounds, interval, root, comment, chanceNodes: chanceNodes(root) };
    if (interval !== null) {
      for (const [path, leaf] of leaves(root)) {
        if (Array.isArray(leaf.value)) throw new TreeFormatError(`'bounds' with 'upper' apply to two-player scalar values (got vectors): Korf's are {"lower": L, "sum": S}`, "/bounds");
        const problem = intervalProblem(interval, leaf.value);
        if (problem !== null) throw new TreeFormatError(problem, pointer(["tree", ...childKeys(path), "value"]));
      }
    }
    if (bounds !== null) {
      let vector = null;
      for (const [path, leaf] of leaves(root)) {
        vector = Array.isArray(leaf.value);
        if (!vector) throw new TreeFormatError("'bounds' apply to N-player vector values (got scalar values)", "/bounds");
        const problem = boundsProblem(bounds, leaf.value);
        if (problem !== null) throw new TreeFormatError(problem, pointer(["tree", ...childKeys(path), "value"]));
      }
    }
    return tree;
  }

  const childKeys = (path) => path.flatMap((i) => ["children", i]);

  function intervalProblem(interval, v) {
    if (lt(v, interval.lower) || gt(v, interval.upper)) return `the value ${text(v)} is outside the leaf bounds [${text(interval.lower)}, ${text(interval.upper)}]`;
    return null;
  }

  function chanceNodes(root) {
    let k = 0;
    const stack = [root];
    while (stack.length) {
      const n = stack.pop();
      if ("value" in n) continue;
      if (n.probabilities) k++;
      stack.push(...n.children);
    }
    return k;
  }

  // A chance node's probabilities (impl's reader, gametree.treefile): one per child, each in
  // (0, 1], summing to exactly 1. at: where they are, a Place (spelled out only for an error).
  function readProbabilities(x, n, at) {
    if (!Array.isArray(x)) throw new TreeFormatError(`'probabilities' must be an array (got ${describe(x === undefined ? null : x)})`, pointer(at));
    if (x.length !== n) throw new TreeFormatError(`a chance node needs one probability per child, ${n} (got ${describe(x)})`, pointer(at));
    const ps = x.map((p, i) => parseNumber(p, new Place(at, i)));
    ps.forEach((p, i) => {
      if (!(gt(p, rat(0n)) && le(p, rat(1n)))) throw new TreeFormatError(`a probability must be above 0 and at most 1 (got ${text(p)})`, pointer(new Place(at, i)));
    });
    const total = ps.reduce(add, rat(0n));
    if (!eq(total, rat(1n))) {
      const hint = x.some((p) => p instanceof DoubleText) ? ': a JSON number is read as the double it names, so write "1/10" for one tenth' : "";
      throw new TreeFormatError(`the probabilities must sum to 1 (got ${text(total)})${hint}`, pointer(at));
    }
    return ps;
  }

  function boundsProblem(bounds, v) {
    const low = v.findIndex((c) => lt(c, bounds.lower));
    if (low >= 0) return `component ${low} is below the lower bound ${text(bounds.lower)} (got ${text(v)})`;
    const s = v.reduce(add);
    if (gt(s, bounds.sum)) return `the components sum to ${text(s)}, above the bound ${text(bounds.sum)} (got ${text(v)})`;
    return null;
  }

  // The nodes of a tree's JSON, without recursion: the canonical form, or the shorthand.
  function readNodes(x, players, at, shorthand) {
    const out = { node: null };
    const todo = [[x, at, 0, out, "node"]];
    let kind = null;
    while (todo.length) {
      const [y, where, depth, into, key] = todo.pop();
      let node;
      if (shorthand) {
        if (Array.isArray(y)) {
          if (!y.length) throw new TreeFormatError("an interior node needs at least one child (got [])", pointer(where));
          node = { toMove: depth % 2, children: new Array(y.length) };
          for (let i = y.length - 1; i >= 0; i--) todo.push([y[i], new Place(where, i), depth + 1, node.children, i]);
        } else {
          node = { value: parseNumber(y, where) };
        }
      } else {
        if (!(y instanceof Map || y instanceof Duplicate)) {
          throw new TreeFormatError(`a node is an object {"to_move": p, "children": [...]} or {"value": v} (got ${describe(y)})`, pointer(where));
        }
        if (y.has && y.has("value")) {
          checkKeys(y, ["value", "comment"], where, "a leaf");
          node = { value: parseValue(y.get("value"), players, new Place(where, "value")) };
        } else if (y.has && y.has("probabilities")) {
          checkKeys(y, ["probabilities", "children", "comment"], where, "a chance node");
          const kids = y.get("children");
          if (kids === undefined) throw new TreeFormatError("a chance node needs 'children' with its 'probabilities'", pointer(where));
          if (!Array.isArray(kids)) throw new TreeFormatError(`'children' must be an array (got ${describe(kids)})`, pointer([...where, "children"]));
          if (!kids.length) throw new TreeFormatError("an interior node needs at least one child (got [])", pointer([...where, "children"]));
          const probabilities = readProbabilities(y.get("probabilities"), kids.length, new Place(where, "probabilities"));
          node = { toMove: CHANCE, probabilities, children: new Array(kids.length) };
          for (let i = kids.length - 1; i >= 0; i--) todo.push([kids[i], new Place(where, "children", i), depth + 1, node.children, i]);
        } else {
          checkKeys(y, ["to_move", "children", "comment"], where, "an interior node");
          const p = y.get("to_move");
          if (typeof p !== "bigint" || p < 0n || p >= BigInt(players)) {
            throw new TreeFormatError(`'to_move' must be an integer in 0..${players - 1} (got ${describe(p === undefined ? null : p)})`, pointer([...where, "to_move"]));
          }
          const kids = y.get("children");
          if (!Array.isArray(kids)) throw new TreeFormatError(`'children' must be an array (got ${describe(kids === undefined ? null : kids)})`, pointer([...where, "children"]));
          if (!kids.length) throw new TreeFormatError("an interior node needs at least one child (got [])", pointer([...where, "children"]));
          node = { toMove: Number(p), children: new Array(kids.length) };
          for (let i = kids.length - 1; i >= 0; i--) todo.push([kids[i], new Place(where, "children", i), depth + 1, node.children, i]);
        }
        if (y.has("comment")) {
          const c = y.get("comment");
          if (typeof c !== "string") throw new TreeFormatError(`'comment' must be a string (got ${describe(c)})`, pointer([...where, "comment"]));
          node.comment = c;
        }
      }
      if ("value" in node) {
        const now = Array.isArray(node.value) ? "a vector" : "a number";
        if (kind === null) kind = now;
        else if (kind !== now) {
          throw new TreeFormatError(`the leaves before this one hold ${kind === "a vector" ? "vectors" : "numbers"}; this one ${now}`, pointer([...where, ...(shorthand ? [] : ["value"])]));
        }
        if (!Array.isArray(node.value) && players !== 2) {
          throw new TreeFormatError(`a value for ${players} players is an array of ${players} numbers (got a number)`, pointer([...where, "value"]));
        }
      }
      into[key] = node;
    }
    return out.node;
  }

  function parseTree(s) {
    return readTree(parseJSON(s));
  }

  // Every leaf with its path, left to right, without recursion.
  function* leaves(root) {
    const path = [];
    const stack = [[root, 0, -1]];
    while (stack.length) {
      const [n, depth, i] = stack.pop();
      path.length = depth;
      if (depth) path[depth - 1] = i;
      if ("value" in n) yield [[...path], n];
      else for (let j = n.children.length - 1; j >= 0; j--) stack.push([n.children[j], depth + 1, j]);
    }
  }

  // JSON data (BigInts, strings, arrays, plain objects, null, booleans) as compact JSON text,
  // without recursion (JSON.stringify cannot write a BigInt, and recurses).
  const RAW = new WeakSet();
  const raw = (t) => { const m = { raw: t }; RAW.add(m); return m; };
  const COMMA = raw(", "), CLOSE_ARRAY = raw("]"), CLOSE_OBJECT = raw("}");
  const scalar = (y) => (typeof y === "bigint" ? String(y) : JSON.stringify(y === undefined ? null : y));
  const isScalar = (y) => y === null || typeof y !== "object";

  function jsonText(x) {
    const out = [];
    const stack = [x];
    while (stack.length) {
      const y = stack.pop();
      if (isScalar(y)) {
        out.push(scalar(y));
      } else if (RAW.has(y)) {
        out.push(y.raw);
      } else if (Array.isArray(y)) {
        if (y.every(isScalar)) { out.push(`[${y.map(scalar).join(", ")}]`); continue; }
        out.push("[");
        stack.push(CLOSE_ARRAY);
        for (let i = y.length - 1; i >= 0; i--) { stack.push(y[i]); if (i) stack.push(COMMA); }
      } else {
        const entries = Object.entries(y);
        out.push("{");
        stack.push(CLOSE_OBJECT);
        for (let i = entries.length - 1; i >= 0; i--) {
          stack.push(entries[i][1]);
          stack.push(raw((i ? ", " : "") + JSON.stringify(entries[i][0]) + ": "));
        }
      }
    }
    return out.join("");
  }

  // The canonical form of a tree (docs/tree-format.md), which parseTree reads back.
  function serializeTree(tree) {
    const doc = { format: FORMAT, players: BigInt(tree.players) };
    if (tree.bounds) doc.bounds = { lower: encode(tree.bounds.lower), sum: encode(tree.bounds.sum) };
    if (tree.interval) doc.bounds = { lower: encode(tree.interval.lower), upper: encode(tree.interval.upper) };
    if (tree.comment !== null && tree.comment !== undefined) doc.comment = tree.comment;
    const conv = { out: null };
    const todo = [[tree.root, conv, "out"]];
    while (todo.length) {
      const [n, into, key] = todo.pop();
      let o;
      if ("value" in n) o = { value: encode(n.value) };
      else if (n.probabilities) {
        o = { probabilities: n.probabilities.map(encode), children: new Array(n.children.length) };
        n.children.forEach((c, i) => todo.push([c, o.children, i]));
      } else {
        o = { to_move: BigInt(n.toMove), children: new Array(n.children.length) };
        n.children.forEach((c, i) => todo.push([c, o.children, i]));
      }
      if (n.comment !== undefined) o.comment = n.comment;
      into[key] = o;
    }
    doc.tree = conv.out;
    return jsonText(doc);
  }

  // -- The driver: searches as generators on an explicit stack (impl.events._drive) -----------

  const call = (index, args = [], search = null) => ({ call: true, index, args, search });
  const backed = (score, value, line) => ({ score, value, line });
  const via = (r, i) => (r.speculated ? r : backed(r.score, r.value, { i, rest: r.line }));
  const unwind = (line) => { const p = []; for (let l = line; l; l = l.rest) p.push(l.i); return p; };

  function cutEvent(node, after, left, lv, op, right, rv, why) {
    const skipped = [];
    for (let j = after + 1; j < node.children.length; j++) skipped.push(j);
    return {
      type: "cut", after, skipped,
      test: { left, leftValue: encode(lv), op, right, rightValue: encode(rv) },
      reason: `${left} = ${text(lv)} ${op} ${right} = ${text(rv)}: ${why}`,
    };
  }

  class SearchError extends Error {
    constructor(problem, path) {
      super(`${problem} at path ${pathText(path)}`);
      this.name = "SearchError";
      this.problem = problem;
      this.path = path;
    }
  }

  // Run search(root, [], ...args) over an explicit stack of generators (impl.events._drive);
  // with record false no events are kept (each holds its path: a chain d deep has d^2/2 steps
  // of path in its events), only the leaves read and the counts.
  function drive(root, search, args, evaluate, shown, record) {
    const events = [];
    const leavesRead = [];
    let interior = 0;
    const read = (leaf, path) => {
      if (record) events.push({ type: "leaf", path, value: encode(leaf.value) });
      leavesRead.push(path);
      try { return evaluate(leaf); } catch (e) { if (e instanceof SearchError) throw new SearchError(e.problem, path); throw e; }
    };
    if ("value" in root) return { events, reply: read(root, []), leaves: leavesRead, interior };
    const frames = [];
    const path = [];
    const here = () => [...path]; // while a node's search runs, path is the node's
    let gen = search(root, here, ...args), node = root, sent;
    for (;;) {
      let step;
      try { step = gen.next(sent); } catch (e) { if (e instanceof SearchError) throw new SearchError(e.problem, [...path]); throw e; }
      sent = undefined;
      if (step.done) {
        const reply = step.value;
        if (record) events.push({ type: "leave", path: [...path], ...shown(reply) });
        if (!frames.length) return { events, reply, leaves: leavesRead, interior };
        let index;
        [gen, search, node, index] = frames.pop();
        if (index !== null) { path.pop(); sent = via(reply, index); } else sent = reply;
        continue;
      }
      const s = step.value;
      if (!s.call) {
        if (s.type === "enter") interior++;
        if (record) {
          const { type, ...rest } = s;
          events.push({ type, path: [...path], ...rest });
        }
        continue;
      }
      const called = s.search === null ? search : s.search;
      if (s.index === null) {
        frames.push([gen, search, node, null]);
        gen = called(node, here, ...s.args);
        search = called;
        continue;
      }
      const child = node.children[s.index];
      if ("value" in child) { sent = via(read(child, [...path, s.index]), s.index); continue; }
      frames.push([gen, search, node, s.index]);
      path.push(s.index);
      gen = called(child, here, ...s.args);
      search = called;
      node = child;
    }
  }

  const mover = (t) => ("value" in t ? 0 : t.toMove);
  const scalarLeaf = (leaf) => backed(leaf.value, leaf.value, null);

  // -- Two players: minimax, alpha-beta (the Alpha-Beta Pruning article; Knuth and Moore's F2; Fishburn 1983) -------

  // The Alpha-Beta Pruning article's alpha-beta in max/min form (prune false: minimax); hard: fail-hard.
  function* minmaxSearch(node, _path, alpha, beta, hard, prune) {
    const maxing = node.toMove === 0;
    yield prune ? { type: "enter", player: node.toMove, alpha: encode(alpha), beta: encode(beta) }
      : { type: "enter", player: node.toMove };
    let best = hard ? (maxing ? alpha : beta) : (maxing ? NEG : POS), line = null;
    const n = node.children.length;
    for (let i = 0; i < n; i++) {
      const r = yield call(i, [alpha, beta, hard, prune]);
      if (maxing ? gt(r.score, best) : lt(r.score, best)) {
        best = r.score; line = r.line;
        yield { type: "best", value: encode(best), child: i };
        if (prune && maxing && gt(best, alpha)) {
          alpha = best;
          yield { type: "window", alpha: encode(alpha), beta: encode(beta) };
        } else if (prune && !maxing && lt(best, beta)) {
          beta = best;
          yield { type: "window", alpha: encode(alpha), beta: encode(beta) };
        }
        if (prune && ge(alpha, beta) && i + 1 < n) {
          yield cutEvent(node, i, "alpha", alpha, ">=", "beta", beta, !maxing
            ? `Max above already has ${text(alpha)}, so Min's remaining children cannot matter`
            : `Min above already holds Max to ${text(beta)}, so Max's remaining children cannot matter`);
          break;
        }
      }
    }
    return backed(best, best, line);
  }

  // Alpha-beta in negamax form: values and window in the frame of the player to move.
  function* negamaxSearch(node, _path, alpha, beta, hard, prune) {
    const p = node.toMove;
    yield prune ? { type: "enter", player: p, alpha: encode(alpha), beta: encode(beta) } : { type: "enter", player: p };
    let best = hard ? alpha : NEG, line = null;
    const n = node.children.length;
    for (let i = 0; i < n; i++) {
      const flip = mover(node.children[i]) !== p;
      const r = yield call(i, flip ? [neg(beta), neg(alpha), hard, prune] : [alpha, beta, hard, prune]);
      const score = flip ? neg(r.score) : r.score;
      if (gt(score, best)) {
        best = score; line = r.line;
        yield { type: "best", value: encode(best), child: i };
        if (prune && gt(best, alpha)) {
          alpha = best;
          yield { type: "window", alpha: encode(alpha), beta: encode(beta) };
          if (ge(alpha, beta) && i + 1 < n) {
            yield cutEvent(node, i, "alpha", alpha, ">=", "beta", beta,
              `the opponent above already holds player ${p} to ${text(beta)}, so the remaining children cannot matter`);
            break;
          }
        }
      }
    }
    return backed(best, best, line);
  }

  // -- MT and MTD(f) (Plaat et al. 1996), PVS (Reinefeld 1983) ---------------------------------

  // Plaat et al.'s MT(n, gamma) (Figure 2) with their table (a Map from node to bounds).
  function* mtSearch(node, _path, gamma, strict, table) {
    const weak = !strict;
    yield { type: "enter", player: node.toMove, gamma: encode(gamma), strict };
    const hit = table === null ? undefined : table.get(node);
    if (hit !== undefined) {
      const [lo, hi] = hit;
      if (gt(lo, gamma) || (weak && eq(lo, gamma))) {
        yield { type: "table", value: encode(lo), bound: "lower" };
        return backed(lo, lo, hit[2]);
      }
      if (lt(hi, gamma) || (strict && eq(hi, gamma))) {
        yield { type: "table", value: encode(hi), bound: "upper" };
        return backed(hi, hi, hit[3]);
      }
    }
    const maxing = node.toMove === 0;
    let best = maxing ? NEG : POS, line = null;
    const n = node.children.length;
    const op = strict ? ">" : ">=";
    for (let i = 0; i < n; i++) {
      const r = yield call(i, [gamma, strict, table]);
      if (maxing ? gt(r.score, best) : lt(r.score, best)) {
        best = r.score; line = r.line;
        yield { type: "best", value: encode(best), child: i };
        const high = gt(best, gamma) || (weak && eq(best, gamma));
        if (high === maxing) {
          if (i + 1 < n) {
            yield maxing
              ? cutEvent(node, i, "g", best, op, "gamma", gamma, "Max has reached the test value: the value is at least g")
              : cutEvent(node, i, "g", best, strict ? "<=" : "<", "gamma", gamma, "Min has fallen below the test value: the value is at most g");
          }
          break;
        }
      }
    }
    if (table !== null) {
      const high = gt(best, gamma) || (weak && eq(best, gamma));
      let entry = table.get(node);
      if (entry === undefined) { entry = [NEG, POS, null, null]; table.set(node, entry); }
      if (high && gt(best, entry[0])) { entry[0] = best; entry[2] = line; }
      else if (!high && lt(best, entry[1])) { entry[1] = best; entry[3] = line; }
    }
    return backed(best, best, line);
  }

  // Reinefeld's NegaScout / Marsland's PVS, negamax form, scouts by MT at alpha.
  function* pvsSearch(node, here, alpha, beta) {
    const p = node.toMove;
    yield { type: "enter", player: p, alpha: encode(alpha), beta: encode(beta) };
    let best = NEG, line = null;
    const n = node.children.length;
    for (let i = 0; i < n; i++) {
      const c = node.children[i];
      const flip = mover(c) !== p;
      let research = true, score, r;
      if (!("value" in c) && i > 0) {
        const gamma = p ? neg(alpha) : alpha;
        yield { type: "search", path: [...here(), i], kind: "scout", alpha: encode(alpha), beta: encode(alpha), pass: 1n, gamma: encode(gamma), strict: !p };
        r = yield call(i, [gamma, !p, null], mtSearch);
        score = p ? neg(r.score) : r.score;
        research = lt(alpha, score) && lt(score, beta);
        if (research) yield { type: "search", path: [...here(), i], kind: "re-search", alpha: encode(alpha), beta: encode(beta), pass: 2n };
      }
      if (research) {
        r = yield call(i, flip ? [neg(beta), neg(alpha)] : [alpha, beta]);
        score = flip ? neg(r.score) : r.score;
      }
      if (gt(score, best)) {
        best = score; line = r.line;
        yield { type: "best", value: encode(best), child: i };
        if (gt(best, alpha)) {
          alpha = best;
          yield { type: "window", alpha: encode(alpha), beta: encode(beta) };
          if (ge(alpha, beta) && i + 1 < n) {
            yield cutEvent(node, i, "alpha", alpha, ">=", "beta", beta,
              `the opponent above already holds player ${p} to ${text(beta)}, so the remaining children cannot matter`);
            break;
          }
        }
      }
    }
    return backed(best, best, line);
  }

  // Plaat et al.'s MTD(f) (Figure 3): tests from a guess until the bounds meet, then the line.
  function* mtdfSearch(_node, _path, guess, alpha, beta) {
    const table = new Map();
    let lower = NEG, upper = POS, lowerLine = null, upperLine = null;
    let g = min(max(guess, alpha), beta), k = 0n;
    while (!eq(lower, upper) && gt(upper, alpha) && lt(lower, beta)) {
      let gamma, strict;
      if (le(g, lower)) { gamma = lower; strict = true; }
      else if (ge(g, upper)) { gamma = upper; strict = false; }
      else { gamma = g; strict = false; }
      k += 1n;
      yield { type: "search", alpha: encode(lower), beta: encode(upper), pass: k, gamma: encode(gamma), strict };
      const r = yield call(null, [gamma, strict, table], mtSearch);
      g = r.score;
      if (gt(g, gamma) || (eq(g, gamma) && !strict)) { lower = g; lowerLine = r.line; }
      else { upper = g; upperLine = r.line; }
    }
    if (eq(lower, upper)) {
      yield { type: "search", alpha: encode(lower), beta: encode(upper), pass: k + 1n, gamma: encode(lower), kind: "principal variation" };
      const r = yield call(null, [lower, table], lineSearch);
      return backed(lower, lower, r.line);
    }
    if (le(upper, alpha)) return backed(upper, upper, upperLine);
    return backed(lower, lower, lowerLine);
  }

  // MTD(f)'s principal variation below a node of value v: the leftmost child of value v.
  function* lineSearch(node, _path, v, table) {
    const maxing = node.toMove === 0;
    yield { type: "enter", player: node.toMove, gamma: encode(v), strict: !maxing };
    for (let i = 0; i < node.children.length; i++) {
      const c = node.children[i];
      if ("value" in c) {
        const r = yield call(i);
        if (eq(r.score, v)) { yield { type: "best", value: encode(v), child: i }; return r; }
        continue;
      }
      const g = yield call(i, [v, !maxing, table], mtSearch);
      if (maxing ? ge(g.score, v) : le(g.score, v)) {
        yield { type: "best", value: encode(v), child: i };
        return yield call(i, [v, table]);
      }
    }
    throw new Error(`no child of value ${text(v)}`);
  }

  // -- N players: maxn (Korf 3.1), immediate, shallow and deep pruning (3.2.1-3.2.3) ----------

  const shifted = (lower) => (eq(lower, rat(0n)) ? "" : ` (components shifted by the lower bound ${text(lower)})`);

  function* maxnSearch(node) {
    const p = node.toMove;
    yield { type: "enter", player: p };
    let best = yield call(0);
    yield { type: "best", value: encode(best.value), child: 0 };
    for (let i = 1; i < node.children.length; i++) {
      const next = yield call(i);
      if (gt(next.score[p], best.score[p])) {
        best = next;
        yield { type: "best", value: encode(best.value), child: i };
      }
    }
    return best;
  }

  function* immediateSearch(node, _path, k) {
    const p = node.toMove;
    yield { type: "enter", player: p, bound: encode(k.total) };
    let best = yield call(0, [k]);
    yield { type: "best", value: encode(best.value), child: 0 };
    for (let i = 1; i < node.children.length; i++) {
      if (ge(best.score[p], k.total)) {
        yield cutEvent(node, i - 1, `Best[${p}]`, best.score[p], ">=", "Sum", k.total,
          `no child can give player ${p} more than the whole sum${shifted(k.lower)}`);
        return best;
      }
      const next = yield call(i, [k]);
      if (gt(next.score[p], best.score[p])) {
        best = next;
        yield { type: "best", value: encode(best.value), child: i };
      }
    }
    return best;
  }

  // Korf's procedure Shallow(Node, Player, Bound) (3.2.2), line for line.
  function* shallowSearch(node, _path, bound, bounder, k) {
    const p = node.toMove;
    if (bounder === p) bound = k.total;
    yield { type: "enter", player: p, bound: encode(bound) };
    let best = yield call(0, [k.total, null, k]);
    yield { type: "best", value: encode(best.value), child: 0 };
    for (let i = 1; i < node.children.length; i++) {
      if (ge(best.score[p], bound)) {
        const why = !eq(bound, k.total)
          ? `the parent's player already has ${text(sub(k.total, bound))}, so no child here can be better for it`
          : `no child can give player ${p} more than the whole sum`;
        yield cutEvent(node, i - 1, `Best[${p}]`, best.score[p], ">=", "Bound", bound, why + shifted(k.lower));
        return best;
      }
      const next = yield call(i, [sub(k.total, best.score[p]), p, k]);
      if (gt(next.score[p], best.score[p])) {
        best = next;
        yield { type: "best", value: encode(best.value), child: i };
      }
    }
    return best;
  }

  // Deep pruning (Korf 3.2.3), UNSOUND for 3 or more players: the bound from every ancestor.
  function* deepSearch(node, _path, floors, k) {
    const p = node.toMove;
    let high = null;
    floors.forEach((f, q) => { if (q !== p && (high === null || gt(f, high))) high = f; });
    const bound = sub(k.total, high);
    yield { type: "enter", player: p, bound: encode(bound), floors: floors.map(encode) };
    let best = yield call(0, [floors, k]);
    yield { type: "best", value: encode(best.value), child: 0 };
    for (let i = 1; i < node.children.length; i++) {
      if (ge(best.score[p], bound)) {
        const q = floors.findIndex((f, j) => j !== p && eq(f, high));
        yield cutEvent(node, i - 1, `Best[${p}]`, best.score[p], ">=", "Bound", bound,
          `an ancestor has already given player ${q} at least ${text(high)}, so (deep pruning assumes) no child here can matter${shifted(k.lower)}`);
        return best;
      }
      if (gt(best.score[p], floors[p])) floors = floors.map((f, q) => (q === p ? best.score[p] : f));
      const next = yield call(i, [floors, k]);
      if (gt(next.score[p], best.score[p])) {
        best = next;
        yield { type: "best", value: encode(best.value), child: i };
      }
    }
    return best;
  }

  // Paranoid alpha-beta (Sturtevant and Korf 2000), fail-soft on player r's worth.
  function* paranoidSearch(node, _path, alpha, beta, r) {
    const p = node.toMove;
    yield { type: "enter", player: p, alpha: encode(alpha), beta: encode(beta) };
    let best = yield call(0, [alpha, beta, r]);
    yield { type: "best", value: encode(best.score), child: 0 };
    for (let i = 1; i < node.children.length; i++) {
      if (p === r) {
        if (beta !== null && ge(best.score, beta)) {
          yield cutEvent(node, i - 1, "best", best.score, ">=", "beta", beta, `the coalition above already holds player ${r} to ${text(beta)}`);
          return best;
        }
        if (alpha === null || gt(best.score, alpha)) {
          alpha = best.score;
          yield { type: "window", alpha: encode(alpha), beta: encode(beta) };
        }
      } else {
        if (alpha !== null && le(best.score, alpha)) {
          yield cutEvent(node, i - 1, "best", best.score, "<=", "alpha", alpha, `player ${r} above is already sure of ${text(alpha)}`);
          return best;
        }
        if (beta === null || lt(best.score, beta)) {
          beta = best.score;
          yield { type: "window", alpha: encode(alpha), beta: encode(beta) };
        }
      }
      const next = yield call(i, [alpha, beta, r]);
      if (p === r ? gt(next.score, best.score) : lt(next.score, best.score)) {
        best = next;
        yield { type: "best", value: encode(best.score), child: i };
      }
    }
    return best;
  }

  // -- Chance nodes: expectimax, Ballard's Star1 and Star2 (impl.expectimax, impl.star) --------
  // Their events are impl.chance_events' watches read off impl's variables: a chance node's
  // sum after each child, Star2's probes and their bounds, each cut-off's test in numbers.

  // x + p v, exact, component by component for vectors (impl.expectimax.expected).
  const expected = (x, p, v) => (Array.isArray(v)
    ? v.map((c, j) => add(Array.isArray(x) ? x[j] : rat(0n), times(p, c))) : add(x, times(p, v)));
  const sumEvent = (i, p, v, total) => ({ type: "sum", child: i, probability: encode(p), value: encode(v), sum: encode(expected(total, p, v)) });

  // Expectimax (Ballard 1983, section 1): a chance node weighs its children, a player's node
  // takes its best, the leftmost of equals (Max the largest, Min the smallest, or component p).
  function* expectimaxSearch(node, _path) {
    const p = node.toMove;
    yield { type: "enter", player: p };
    if (node.probabilities) {
      let total = rat(0n);
      for (let i = 0; i < node.children.length; i++) {
        const q = node.probabilities[i];
        const next = yield call(i);
        yield sumEvent(i, q, next.score, total);
        total = expected(total, q, next.score);
      }
      return backed(total, total, null);
    }
    const prefers = (a, b) => (Array.isArray(a) ? gt(a[p], b[p]) : p === 0 ? gt(a, b) : lt(a, b));
    let best = yield call(0);
    yield { type: "best", value: encode(best.value), child: 0 };
    for (let i = 1; i < node.children.length; i++) {
      const next = yield call(i);
      if (prefers(next.score, best.score)) {
        best = next;
        yield { type: "best", value: encode(best.value), child: i };
      }
    }
    return best;
  }

  const PROBE = true, SEARCH = false;
  const bound = (x) => backed(x, x, null); // impl.star._bound: a node's own reply, no line

  // Star1 (probe false) and Star2 at one node (impl.star.star1_search, star2_search): fail-hard
  // alpha-beta over the first child only (a probe) or all at a player's, the tests at chance.
  // first: child 0's reply, known from Star2's probe, taken as it is (nothing under it read).
  function* starSearch(node, here, alpha, beta, probe, first, k) {
    if (node.probabilities) return yield* (k.star2 ? star2Chance : star1Chance)(node, here, alpha, beta, k);
    const p = node.toMove, n = node.children.length, width = probe ? 1 : n;
    yield { type: "enter", player: p, alpha: encode(alpha), beta: encode(beta), ...(width < n ? { probe: true } : {}) };
    let best = bound(p === 0 ? alpha : beta);
    for (let i = 0; i < width; i++) {
      const next = i || first === null ? yield call(i, [alpha, beta, SEARCH, null, k]) : first;
      if (p === 0 ? gt(next.score, best.score) : lt(next.score, best.score)) {
        best = next;
        if (best.line) yield { type: "best", value: encode(best.score), child: i };
        if (p === 0) alpha = best.score; else beta = best.score;
        if (ge(alpha, beta)) {
          if (i + 1 < n) {
            yield p === 0
              ? cutEvent(node, i, "alpha", best.score, ">=", "beta", beta, `Min above already holds Max to ${text(beta)}, so Max's remaining children cannot matter`)
              : cutEvent(node, i, "alpha", alpha, ">=", "beta", best.score, `Max above already has ${text(alpha)}, so Min's remaining children cannot matter`);
          }
          return best;
        }
        if (i + 1 < width) yield { type: "window", alpha: encode(alpha), beta: encode(beta) };
      }
    }
    if (width < n) {
      yield cutEvent(node, 0, "children searched", rat(1n), "==", "probe", rat(1n), `a probe (Star2) searches the first child only: its value, ${text(best.score)}, is ${p === 0 ? "a lower" : "an upper"} bound on this node's`);
    }
    return best;
  }

  // A probe's reply as the probed child was sent it by its first child (impl.star._below).
  const below = (w) => (w.line.rest ? backed(w.score, w.value, w.line.rest) : bound(w.score));

  // A chance node whose window lies beyond [L, U] fails at once, reading nothing.
  function* beyond(node, alpha, beta, k) {
    if (le(k.upper, alpha)) {
      yield cutEvent(node, -1, "U", k.upper, "<=", "alpha", alpha, "nothing below reaches the window: every leaf is at most U");
      return bound(alpha);
    }
    yield cutEvent(node, -1, "L", k.lower, ">=", "beta", beta, "everything below is above the window: each leaf is at least L");
    return bound(beta);
  }

  // Star1's tests after child i (v_i <= A_i, v_i >= B_i), given the mass left after it and
  // what the children left are taken at: all U and L (Star1) or their probes' bounds (Star2).
  function* chanceTests(node, i, v, a, b, left, alpha, beta, others) {
    const last = i + 1 >= node.children.length;
    const rest = text(left);
    if (le(v, a)) {
      if (!last) yield cutEvent(node, i, `v${i}`, v, "<=", `A${i}`, a, `even with the children left (probability ${rest}) at ${others[0]}, the value would be at most alpha = ${text(alpha)}`);
      return bound(alpha);
    }
    if (ge(v, b)) {
      if (!last) yield cutEvent(node, i, `v${i}`, v, ">=", `B${i}`, b, `even with the children left (probability ${rest}) at ${others[1]}, the value would be at least beta = ${text(beta)}`);
      return bound(beta);
    }
    return null;
  }

  // Star1 at a chance node: each child over (max(A_i, L), min(B_i, U)), then the tests; the
  // children not yet searched bounded by [L, U] (Star2's search phase with no probe).
  function* star1Chance(node, here, alpha, beta, k) {
    yield { type: "enter", player: CHANCE, alpha: encode(alpha), beta: encode(beta) };
    if (le(k.upper, alpha) || ge(k.lower, beta)) return yield* beyond(node, alpha, beta, k);
    const n = node.children.length;
    const others = [`all U = ${text(k.upper)}`, `all L = ${text(k.lower)}`];
    return yield* searchPhase(node, here, alpha, beta, k, [new Array(n).fill(k.lower), new Array(n).fill(k.upper)], new Array(n).fill(null), others);
  }

  // The search at a chance node: child i over (max(A_i, L), min(B_i, U)), where A_i and B_i
  // take the children after it at their bounds [lo_j, hi_j] (impl.star: left·U and left·L in
  // Star1, the probes' bounds in Star2), and the tests after it. first: each probed child's
  // first child's reply, which its new search takes as it is (impl.star.star2_chance).
  function* searchPhase(node, here, alpha, beta, k, [lo, hi], first, others) {
    let total = rat(0n), left = rat(1n);
    let low = lo.reduce((s, x, j) => add(s, times(node.probabilities[j], x)), rat(0n));
    let high = hi.reduce((s, x, j) => add(s, times(node.probabilities[j], x)), rat(0n));
    for (let i = 0; i < node.children.length; i++) {
      const p = node.probabilities[i];
      left = sub(left, p);
      low = sub(low, times(p, lo[i]));
      high = sub(high, times(p, hi[i]));
      const a = over(minus(minus(alpha, total), high), p);
      const b = over(minus(minus(beta, total), low), p);
      if (first[i] !== null) yield { type: "search", path: [...here(), i], kind: "search", alpha: encode(max(a, k.lower)), beta: encode(min(b, k.upper)) };
      const v = (yield call(i, [max(a, k.lower), min(b, k.upper), SEARCH, first[i], k])).score;
      yield sumEvent(i, p, v, total);
      const failed = yield* chanceTests(node, i, v, a, b, left, alpha, beta, others);
      if (failed) return failed;
      total = add(total, times(p, v));
    }
    return bound(total);
  }

  // Star2 at a chance node: probe each player's child (a lower bound on Max's, an upper bound
  // on Min's), failing as soon as the bounds decide; then Star1 with the probes' bounds.
  function* star2Chance(node, here, alpha, beta, k) {
    yield { type: "enter", player: CHANCE, alpha: encode(alpha), beta: encode(beta) };
    if (le(k.upper, alpha) || ge(k.lower, beta)) return yield* beyond(node, alpha, beta, k);
    const n = node.children.length, ps = node.probabilities, kids = node.children;
    const lo = new Array(n).fill(k.lower), hi = new Array(n).fill(k.upper);
    const first = new Array(n).fill(null); // each probe's first child's reply
    let low = k.lower, high = k.upper;
    for (let i = 0; i < n; i++) {
      const c = kids[i], p = ps[i];
      if ("value" in c || c.probabilities) continue;
      if (c.toMove === 0) {
        const b = over(minus(beta, sub(low, times(p, lo[i]))), p);
        yield { type: "search", path: [...here(), i], kind: "probe", alpha: encode(k.lower), beta: encode(min(b, k.upper)) };
        const reply = yield call(i, [k.lower, min(b, k.upper), PROBE, null, k]);
        const w = reply.score;
        first[i] = below(reply);
        low = add(low, times(p, sub(w, lo[i])));
        lo[i] = w;
        yield { type: "probe", child: i, probability: encode(p), value: encode(w), bound: "lower", low: encode(low), high: encode(high) };
        if (ge(w, b)) {
          yield cutEvent(node, i, "sum p_j lo_j", low, ">=", "beta", beta, "with the probes' lower bounds the value is at least beta");
          return bound(beta);
        }
      } else {
        const a = over(minus(alpha, sub(high, times(p, hi[i]))), p);
        yield { type: "search", path: [...here(), i], kind: "probe", alpha: encode(max(a, k.lower)), beta: encode(k.upper) };
        const reply = yield call(i, [max(a, k.lower), k.upper, PROBE, null, k]);
        const w = reply.score;
        first[i] = below(reply);
        high = sub(high, times(p, sub(hi[i], w)));
        hi[i] = w;
        yield { type: "probe", child: i, probability: encode(p), value: encode(w), bound: "upper", low: encode(low), high: encode(high) };
        if (le(w, a)) {
          yield cutEvent(node, i, "sum p_j hi_j", high, "<=", "alpha", alpha, "with the probes' upper bounds the value is at most alpha");
          return bound(alpha);
        }
      }
    }
    const others = ["their probes' upper bounds", "their probes' lower bounds"];
    return yield* searchPhase(node, here, alpha, beta, k, [lo, hi], first, others);
  }

  // -- BRS+ (Esser, Gras, Winands, Schadd and Lanctot 2013, section 3) ------------------------
  // impl.best_reply.brs_plus: paranoid's alpha-beta over spec.best_reply.brs_plus_transform.

  // The replies at n, where an opponent of r moves (spec.best_reply.replies): the paths down to
  // the next node where r moves (or a leaf) on which at most one ply leaves the first child,
  // left to right, each with the node it ends at.
  function replies(n, r) {
    const out = [];
    const stack = [[[], n, false]];
    while (stack.length) {
      const [path, x, leftFirst] = stack.pop();
      if ("value" in x || x.toMove === r) { out.push([path, x]); continue; }
      const taken = leftFirst ? 1 : x.children.length;
      for (let i = taken - 1; i >= 0; i--) stack.push([[...path, i], x.children[i], leftFirst || i > 0]);
    }
    return out;
  }

  // The two-player tree BRS+ searches for r: r's nodes as they are, each opponents' layer one
  // node (its first mover's) whose children are the layer's replies; each such node keeps its
  // replies' paths below it (replyPaths), to name its edges and to map a line back.
  function brsPlusTransform(root, r) {
    const out = { node: null };
    const todo = [[root, out, "node"]];
    while (todo.length) {
      const [n, into, key] = todo.pop();
      if ("value" in n) { into[key] = n; continue; }
      const node = { toMove: n.toMove, children: [] };
      let kids = n.children;
      if (n.toMove !== r) {
        const found = replies(n, r);
        node.replyPaths = found.map(([p]) => p);
        kids = found.map(([, end]) => end);
      }
      if (n.comment !== undefined) node.comment = n.comment;
      node.children = new Array(kids.length);
      kids.forEach((c, i) => todo.push([c, node.children, i]));
      into[key] = node;
    }
    return out.node;
  }

  // The path in the tree of the node at path in its transform (spec.best_reply.reply_path).
  function replyPath(transformed, path) {
    const out = [];
    let n = transformed;
    for (const i of path) {
      if (n.replyPaths) out.push(...n.replyPaths[i]); else out.push(i);
      n = n.children[i];
    }
    return out;
  }

  function brsPlusRun(t, o) {
    requireVectors(t, "brs-plus");
    if (t.players < 3) throw new TreeFormatError(`brs-plus is for three or more players (got ${t.players}); with two, the one opponent's best reply is minimax: use minimax or paranoid`, "/players");
    if (o.player === undefined || o.player === null) throw new TreeFormatError("brs-plus needs the root player it searches for: 'player'", "/player");
    const r = Number(o.player);
    if (!Number.isInteger(r) || r < 0 || r >= t.players) throw new TreeFormatError(`'player' must be in 0..${t.players - 1} (got ${o.player})`, "/player");
    const u = brsPlusTransform(t.root, r);
    const worth = (l) => backed(l.value[r], l.value[r], null);
    const result = drive(u, paranoidSearch, [null, null, r], worth, showScore, o.events !== false);
    return { ...result, transformed: u };
  }

  // -- Last-branch and speculative pruning (Sturtevant 2003) -----------------------------------

  // The ancestor a_1 that lets frame me stop and the frames between, or null: the walk of
  // impl.last_branch.is_last_branch_cutoff (throughLast) or impl.speculative.speculative_cutoff.
  function pruningPath(me, total, throughLast) {
    const z = me.best.score[me.player];
    if (ge(z, total)) return [me, []];
    const players = new Set([me.player]);
    let need = sub(total, z);
    const between = [];
    for (let a = me.above; a !== null && !players.has(a.player); a = a.above) {
      if (a.best !== null) {
        const x = a.best.score[a.player];
        if (ge(x, need) && between.every((b) => b.best === null || le(b.best.score[a.player], x))) return [a, between];
        need = sub(need, x);
      }
      if (throughLast ? !a.last : a.resolving) return null;
      between.push(a);
      players.add(a.player);
    }
    return null;
  }

  function sturtevantCut(node, after, me, top, between, k, kind) {
    const z = me.best.score[me.player];
    if (top === me) {
      return cutEvent(node, after, `Best[${me.player}]`, z, ">=", "Sum", k.total,
        `no child can give player ${me.player} more than the whole sum${shifted(k.lower)}`);
    }
    const held = between.filter((b) => b.best !== null);
    const terms = [top.best.score[top.player], ...held.map((b) => b.best.score[b.player]), z];
    const names = [`Best[${top.player}] at ${pathText(top.path)}`, ...held.map((b) => `Best[${b.player}] at ${pathText(b.path)}`), `Best[${me.player}]`];
    return cutEvent(node, after, names.join(" + "), terms.reduce(add), ">=", "Sum", k.total,
      `nothing below can give player ${top.player} more than its ${kind} ancestor already has${shifted(k.lower)}`);
  }

  function* lastBranchSearch(node, here, above, k) {
    const p = node.toMove;
    const me = { player: p, above, best: null, last: node.children.length === 1, path: here() };
    yield { type: "enter", player: p };
    me.best = yield call(0, [me, k]);
    yield { type: "best", value: encode(me.best.value), child: 0 };
    for (let i = 1; i < node.children.length; i++) {
      const found = pruningPath(me, k.total, true);
      if (found !== null) {
        yield sturtevantCut(node, i - 1, me, found[0], found[1], k, "last-branch");
        return me.best;
      }
      me.last = i === node.children.length - 1;
      const next = yield call(i, [me, k]);
      if (gt(next.score[p], me.best.score[p])) {
        me.best = next;
        yield { type: "best", value: encode(me.best.value), child: i };
      }
    }
    return me.best;
  }

  // Sturtevant's specmaxn: prune on any branch, return NIL naming a_1, re-search when needed.
  function* speculativeSearch(node, here, above, k) {
    const p = node.toMove;
    const me = { player: p, above, depth: above === null ? 0 : above.depth + 1, best: null, resolving: false, path: here() };
    yield { type: "enter", player: p };
    const replies = [];
    const last = node.children.length - 1;
    for (let i = 0; i <= last; i++) {
      const next = yield call(i, [me, k]);
      replies.push(next);
      if (next.speculated) continue;
      if (me.best === null || gt(next.score[p], me.best.score[p])) {
        me.best = next;
        yield { type: "best", value: encode(me.best.value), child: i };
        const found = i < last ? pruningPath(me, k.total, false) : null;
        if (found !== null) {
          const top = found[0];
          const kind = top !== me && top !== above ? "speculative" : "parent";
          yield sturtevantCut(node, i, me, top, found[1], k, kind);
          if (top === me || top === above) return me.best;
          return { speculated: top };
        }
      }
    }
    const pending = new Set();
    replies.forEach((r, i) => { if (r.speculated && r.speculated !== me) pending.add(i); });
    if (!pending.size) return me.best;
    let top = null;
    for (const i of pending) { const f = replies[i].speculated; if (top === null || f.depth < top.depth) top = f; }
    if (me.best === null || le(me.best.score[top.player], top.best.score[top.player])) return { speculated: top };
    me.resolving = true;
    me.best = null;
    for (let i = 0; i < replies.length; i++) {
      let reply = replies[i];
      if (pending.has(i)) {
        yield { type: "search", path: [...here(), i], kind: "re-search", alpha: null, beta: null, pass: 2n };
        reply = yield call(i, [me, k]);
      }
      if (reply.speculated) continue;
      if (me.best === null || gt(reply.score[p], me.best.score[p])) {
        me.best = reply;
        yield { type: "best", value: encode(me.best.value), child: i };
      }
    }
    return me.best;
  }

  // -- The optimal directional search (Korf 3.2.4 corrected; impl.optimal, impl.necessity) -----

  // Whether the leaf (or subtree) at the end of a chain is necessary: impl.necessity's
  // decide_chain with line=true, without a limit, verdict only. levels: [{player, best, right}].
  const EPSILON = 1n << 32n;
  const floorQ = (q) => { let f = q.num / q.den; if (q.num < 0n && f * q.den !== q.num) f -= 1n; return f; };
  const ceilQ = (q) => -floorQ(neg(q));
  const bigGcd = (a, b) => { a = a < 0n ? -a : a; b = b < 0n ? -b : b; while (b) [a, b] = [b, a % b]; return a; };

  // The corner of S_0: the least vector beating every B_j at p_j, which components were raised.
  function lowestCorner(levels, players, bounds, integers) {
    const low = integers ? rat(ceilQ(bounds.lower)) : bounds.lower;
    const lowest = new Array(players).fill(low), raised = new Array(players).fill(false);
    for (const level of levels) {
      if (level.best === null) continue;
      const p = level.player, b = level.best[p];
      if (integers && gt(rat(floorQ(b) + 1n), lowest[p])) { lowest[p] = rat(floorQ(b) + 1n); raised[p] = true; }
      else if (!integers && ge(b, lowest[p])) { lowest[p] = b; raised[p] = true; }
    }
    return [lowest, raised, integers ? rat(floorQ(bounds.sum)) : bounds.sum];
  }

  function survives(levels, players, bounds, integers) {
    const [lowest, raised, total] = lowestCorner(levels, players, bounds, integers);
    const slack = sub(total, lowest.reduce(add));
    if (!integers) return gt(slack, rat(0n));
    return raised.some((r) => r) ? ge(slack, rat(0n)) : ge(slack, rat(1n));
  }

  // Difference constraints with upper bounds, kept at their least solution (impl.necessity._System).
  class System {
    constructor(n, count, lower, total) {
      this.n = n; this.total = total;
      this.low = new Array(n * count).fill(lower);
      this.high = new Array(n * count).fill(null);
      this.edges = Array.from({ length: n * count }, () => []);
      this.sums = new Array(count).fill(BigInt(n) * lower);
      this.trail = [];
    }
    undo(mark) {
      while (this.trail.length > mark) {
        const [kind, v, old] = this.trail.pop();
        if (kind === 0) { this.sums[Math.floor(v / this.n)] -= this.low[v] - old; this.low[v] = old; }
        else if (kind === 1) this.high[v] = old;
        else this.edges[v].pop();
      }
    }
    raiseTo(v0, value0) {
      const limit = this.low.length;
      const work = [[v0, value0, 0]];
      while (work.length) {
        const [x, value, length] = work.pop();
        const old = this.low[x];
        if (value <= old) continue;
        if (length > limit) return false;
        const h = this.high[x];
        if (h !== null && value > h) return false;
        this.trail.push([0, x, old]);
        this.low[x] = value;
        const k = Math.floor(x / this.n);
        this.sums[k] += value - old;
        if (this.sums[k] > this.total) return false;
        for (const [y, step] of this.edges[x]) work.push([y, value + step, length + 1]);
      }
      return true;
    }
    atMost(v, cap) {
      const h = this.high[v];
      if (h === null || cap < h) { this.trail.push([1, v, h]); this.high[v] = cap; }
      return this.low[v] <= cap;
    }
    below(x, y, step) {
      this.trail.push([2, x, 0n]);
      this.edges[x].push([y, step]);
      return this.raiseTo(y, this.low[x] + step);
    }
  }

  const MOVES = [
    [[0, 0]],
    [[0, 0], [0, 1], [1, 0]],
    [[0, 0], [0, 2], [2, 0]],
    [[0, 0], [0, 1], [1, 0], [0, 2], [2, 0]],
  ];

  function necessary(levels, players, bounds, domain) {
    const integers = domain === "integers";
    if (survives(levels, players, bounds, integers)) return true;
    const n = players;
    let lower, total, bests;
    if (integers) {
      lower = ceilQ(bounds.lower); total = floorQ(bounds.sum);
      bests = levels.map((l) => (l.best === null ? null : l.best.map(floorQ)));
    } else {
      let scale = 1n;
      const all = [bounds.lower, bounds.sum];
      for (const l of levels) if (l.best !== null) all.push(...l.best);
      for (const q of all) scale = (scale * q.den) / bigGcd(scale, q.den);
      const scaled = (q) => ((q.num * scale) / q.den) * EPSILON;
      lower = scaled(bounds.lower); total = scaled(bounds.sum);
      bests = levels.map((l) => (l.best === null ? null : l.best.map(scaled)));
    }
    if (BigInt(n) * lower > total) return false;
    const s = new System(n, 2 + levels.length, lower, total);
    for (let i = 0; i < n; i++) s.atMost(n + i, lower);
    const exact = levels.map((l) => l.best);
    const less = (a, i, b, strict) => {
      const step = strict ? 1n : 0n;
      if (a >= 0) {
        if (b >= 0) return s.below(a * n + i, b * n + i, step);
        return s.atMost(a * n + i, bests[-1 - b][i] - step);
      }
      if (b >= 0) return s.raiseTo(b * n + i, bests[-1 - a][i] + step);
      const x = exact[-1 - a][i], y = exact[-1 - b][i];
      return strict ? lt(x, y) : le(x, y);
    };
    const apply = (j, run, move) => {
      const level = levels[j];
      const p = level.player, r = 2 + j, b = -1 - j, hasBest = level.best !== null;
      if (move === 0) return [(!hasBest || less(b, p, run, true)) && (!level.right || less(r, p, run, false)), run];
      if (move === 1) return [less(run, p, b, false) && (!level.right || less(r, p, b, false)), b];
      return [less(run, p, r, true) && (!hasBest || less(b, p, r, true)), r];
    };
    const differ = (x, y) => {
      if ((x !== 0 || y !== 1) || (x < 0 && y < 0)) return true;
      const mark = s.trail.length;
      for (let i = 0; i < n; i++) {
        for (const [a, b] of [[x, y], [y, x]]) {
          if (less(a, i, b, true)) return true;
          s.undo(mark);
        }
      }
      return false;
    };
    const dead = new Set();
    const kinds = levels.map((l) => MOVES[(l.best !== null ? 1 : 0) + (l.right ? 2 : 0)]);
    const stack = [[s.trail.length, levels.length - 1, 0, 1, 0]];
    while (stack.length) {
      const [mark, j, x, y, k] = stack.pop();
      if (k < 0) { dead.add(`${j},${x},${y}`); continue; }
      s.undo(mark);
      if (j < 0) { if (differ(x, y)) return true; continue; }
      const moves = kinds[j];
      if (k + 1 < moves.length) stack.push([mark, j, x, y, k + 1]);
      const [mx, my] = moves[k];
      const [ok1, x2] = apply(j, x, mx);
      if (!ok1) continue;
      const [ok2, y2] = apply(j, y, my);
      if (!ok2 || x2 === y2) continue;
      const here = s.trail.length;
      if (x2 >= 0 || y2 >= 0) stack.push([here, j - 1, x2, y2, 0]);
      else if (!dead.has(`${j - 1},${x2},${y2}`)) {
        stack.push([here, j - 1, x2, y2, -1]);
        stack.push([here, j - 1, x2, y2, 0]);
      }
    }
    return false;
  }

  // impl.optimal's walk: a node is entered, asked whether it is necessary, skipped whole if not.
  function optimalRun(tree, o) {
    requireVectors(tree, "the optimal search");
    const b = o.bounds || tree.bounds;
    if (!b) throw new TreeFormatError("the optimal search needs Korf's bounds: the tree has no 'bounds'", "/tree");
    const bounds = { lower: exactOption(b.lower, "lower"), sum: exactOption(b.sum, "sum") };
    const domain = o.domain === undefined || o.domain === null ? "reals" : o.domain;
    if (domain !== "reals" && domain !== "integers") throw new TreeFormatError(`'domain' must be 'reals' or 'integers' (got '${domain}')`, "/domain");
    const integers = domain === "integers";
    const players = tree.players;
    const low = integers ? rat(ceilQ(bounds.lower)) : bounds.lower;
    if (gt(mul(low, BigInt(players)), bounds.sum)) throw new TreeFormatError(`no ${players}-vector of ${integers ? "integer " : ""}components fits the bounds: the lower bounds alone sum to ${text(mul(low, BigInt(players)))}, above the total`, "/tree/bounds");
    const lowest = new Array(players).fill(low);
    const record = o.events !== false;
    const events = [], read = [];
    let interior = 0;
    const push = (e) => { if (record) events.push(e); };
    const frames = [], levels = [], path = [];
    let x = tree.root;
    const leftmost = (t) => { const p = [...path]; while (!("value" in t)) { t = t.children[0]; p.push(0); } return p; };
    for (;;) {
      let value, line;
      if (!necessary(levels, players, bounds, domain)) {
        interior++;
        value = lowest; line = leftmost(x);
        const what = "value" in x ? "leaf" : "subtree";
        push({ type: "enter", path: [...path], player: "value" in x ? null : x.toMove });
        push({ type: "cut", path: [...path], after: null, skipped: [], test: null,
          reason: `not necessary: with the leaves read so far, no two ${integers ? "integer" : "real"} values of this ${what} within the bounds can change the root's value or principal variation, whatever the leaves after it hold; it is taken to be ${text(lowest)} and never read` });
        push({ type: "leave", path: [...path], value: encode(lowest) });
      } else if (!("value" in x)) {
        interior++;
        push({ type: "enter", path: [...path], player: x.toMove });
        frames.push({ node: x, p: x.toMove, i: 0, best: null, line: null });
        levels.push({ player: x.toMove, best: null, right: x.children.length > 1 });
        path.push(0);
        x = x.children[0];
        continue;
      } else {
        value = x.value;
        const problem = boundsProblem(bounds, value);
        if (problem !== null) throw new SearchError(`the optimal search relies on the bounds (lower ${text(bounds.lower)}, sum ${text(bounds.sum)}): ${problem}`, [...path]);
        if (integers && value.some((c) => c.den !== 1n)) throw new SearchError(`the optimal search was told the leaves are integers (got ${text(value)})`, [...path]);
        line = [...path];
        push({ type: "leaf", path: [...path], value: encode(value) });
        read.push([...path]);
      }
      let done = true;
      while (frames.length) {
        const f = frames[frames.length - 1];
        if (f.best === null || gt(value[f.p], f.best[f.p])) {
          f.best = value; f.line = line;
          push({ type: "best", path: path.slice(0, -1), value: encode(value), child: f.i });
        }
        path.pop();
        levels.pop();
        if (f.i + 1 < f.node.children.length) {
          f.i += 1;
          levels.push({ player: f.p, best: f.best, right: f.i + 1 < f.node.children.length });
          path.push(f.i);
          x = f.node.children[f.i];
          done = false;
          break;
        }
        frames.pop();
        value = f.best; line = f.line;
        push({ type: "leave", path: [...path], value: encode(value) });
      }
      if (done) {
        let l = null;
        for (let i = line.length - 1; i >= 0; i--) l = { i: line[i], rest: l };
        return { events, reply: backed(value, value, l), leaves: read, interior };
      }
    }
  }

  // -- Running a search by name -----------------------------------------------------------------

  function requireScalars(tree, name) {
    for (const [, leaf] of leaves(tree.root)) {
      if (Array.isArray(leaf.value)) throw new TreeFormatError(`${name} takes two-player trees with scalar values (got vectors)`, "/tree");
      return;
    }
  }
  function requireVectors(tree, name) {
    for (const [, leaf] of leaves(tree.root)) {
      if (!Array.isArray(leaf.value)) throw new TreeFormatError(`${name} needs N-player vector values (got scalar values)`, "/tree");
      return;
    }
  }

  const exactOption = (x, name) => {
    if (x === null || x === undefined) return null;
    try { return typeof x === "object" && "num" in x ? x : parseNumber(typeof x === "number" ? x : x, [name]); }
    catch (e) { throw new TreeFormatError(`'${name}': ${e.problem}`, null); }
  };

  function windowOf(o) {
    const a = exactOption(o.alpha, "alpha"), b = exactOption(o.beta, "beta");
    const alpha = a === null ? NEG : a, beta = b === null ? POS : b;
    if (!lt(alpha, beta)) throw new TreeFormatError(`the window must be non-empty, alpha < beta (got ${text(alpha)}, ${text(beta)})`, null);
    return [alpha, beta];
  }

  const showScore = (r) => ({ value: encode(r.score) });
  const showVector = (r) => (r.speculated ? { value: null, speculated: r.speculated.path } : { value: encode(r.value) });

  function korf(search, name, initial) {
    return (tree, o) => {
      requireVectors(tree, name);
      const b = o.bounds || tree.bounds;
      if (!b) throw new TreeFormatError(`${name} needs Korf's bounds: the tree has no 'bounds'`, "/tree");
      const bounds = { lower: exactOption(b.lower, "lower"), sum: exactOption(b.sum, "sum") };
      const total = sub(bounds.sum, mul(bounds.lower, BigInt(tree.players)));
      if (lt(total, rat(0n))) throw new TreeFormatError(`no ${tree.players}-vector fits the bounds: the lower bounds alone sum to more than the total`, "/tree/bounds");
      const k = { total, lower: bounds.lower };
      const evaluate = (leaf) => {
        const problem = boundsProblem(bounds, leaf.value);
        if (problem !== null) throw new SearchError(`${name} relies on the bounds (lower ${text(bounds.lower)}, sum ${text(bounds.sum)}): ${problem}`, []);
        return backed(leaf.value.map((c) => sub(c, bounds.lower)), leaf.value, null);
      };
      return drive(tree.root, search, [...initial(k, tree.players), k], evaluate, showVector, o.events !== false);
    };
  }

  // Star1 or Star2 over the window, leaves in the document's bounds [L, U] (impl.star._run).
  function starRun(name, star2) {
    return (t, o) => {
      requireScalars(t, name);
      const b = o.interval || t.interval;
      if (!b) throw new TreeFormatError(`${name} needs bounds on the leaf values: add "bounds": {"lower": L, "upper": U} to the document`, "/tree");
      const k = { lower: exactOption(b.lower, "lower"), upper: exactOption(b.upper, "upper"), star2 };
      const evaluate = (leaf) => {
        const problem = intervalProblem(k, leaf.value);
        if (problem !== null) throw new SearchError(problem, []);
        return backed(leaf.value, leaf.value, null);
      };
      return drive(t.root, starSearch, [...windowOf(o), SEARCH, null, k], evaluate, showScore, o.events !== false);
    };
  }

  const CHANCE_SEARCHES = ["expectimax", "star1", "star2"];

  const RUNS = {
    minimax: (t, o) => { requireScalars(t, "minimax"); return drive(t.root, minmaxSearch, [NEG, POS, false, false], scalarLeaf, showScore, o.events !== false); },
    negamax: (t, o) => { requireScalars(t, "negamax"); return drive(t.root, negamaxSearch, [NEG, POS, false, false], scalarLeaf, showScore, o.events !== false); },
    "alphabeta-fail-hard": (t, o) => { requireScalars(t, "alphabeta"); return drive(t.root, minmaxSearch, [...windowOf(o), true, true], scalarLeaf, showScore, o.events !== false); },
    "alphabeta-fail-soft": (t, o) => { requireScalars(t, "alphabeta"); return drive(t.root, minmaxSearch, [...windowOf(o), false, true], scalarLeaf, showScore, o.events !== false); },
    "negamax-alphabeta-fail-hard": (t, o) => { requireScalars(t, "negamax-alphabeta"); return drive(t.root, negamaxSearch, [...windowOf(o), true, true], scalarLeaf, showScore, o.events !== false); },
    "negamax-alphabeta-fail-soft": (t, o) => { requireScalars(t, "negamax-alphabeta"); return drive(t.root, negamaxSearch, [...windowOf(o), false, true], scalarLeaf, showScore, o.events !== false); },
    pvs: (t, o) => { requireScalars(t, "pvs"); return drive(t.root, pvsSearch, windowOf(o), scalarLeaf, showScore, o.events !== false); },
    mtdf: (t, o) => {
      requireScalars(t, "mtdf");
      const guess = exactOption(o.firstGuess, "firstGuess") || rat(0n);
      return drive(t.root, mtdfSearch, [guess, ...windowOf(o)], scalarLeaf, showScore, o.events !== false);
    },
    maxn: (t, o) => { requireVectors(t, "maxn"); return drive(t.root, maxnSearch, [], (l) => backed(l.value, l.value, null), showVector, o.events !== false); },
    immediate: korf(immediateSearch, "immediate pruning", () => []),
    shallow: korf(shallowSearch, "shallow pruning", (k) => [k.total, null]),
    "deep-pruning-unsound": korf(deepSearch, "deep pruning", (k, n) => [new Array(n).fill(rat(0n))]),
    "last-branch": korf(lastBranchSearch, "last-branch pruning", () => [null]),
    speculative: korf(speculativeSearch, "speculative pruning", () => [null]),
    optimal: optimalRun,
    expectimax: (t, o) => drive(t.root, expectimaxSearch, [], (l) => backed(l.value, l.value, null), (r) => ({ value: encode(r.value) }), o.events !== false),
    star1: starRun("star1", false),
    star2: starRun("star2", true),
    "brs-plus": brsPlusRun,
    paranoid: (t, o) => {
      const r = o.player === undefined || o.player === null ? mover(t.root) : Number(o.player);
      if (!Number.isInteger(r) || r < 0 || r >= t.players) throw new TreeFormatError(`'player' must be in 0..${t.players - 1} (got ${o.player})`, "/player");
      const worth = (l) => { const v = l.value; const w = Array.isArray(v) ? v[r] : (r === 0 ? v : neg(v)); return backed(w, w, null); };
      return drive(t.root, paranoidSearch, [null, null, r], worth, showScore, o.events !== false);
    },
  };

  // The searches by the registry's names (gametree.algorithms, which the page's list of them,
  // with what each takes, comes from): each is also the gate's semantics of that name.
  const SEARCHES = Object.keys(RUNS);

  // Search tree (from parseTree) with the algorithm called name; options: {alpha, beta (a
  // rational, a number, a "p/q" string or null), bounds: {lower, sum}, player, firstGuess,
  // domain ("reals" or "integers", for optimal), interval: {lower, upper} (Star1, Star2; the
  // tree's by default), events (false: do not record them)}. For brs-plus the events' paths
  // are in its transform (transformed, the tree it returns too, with transformedLine), the
  // line and the leaves in the tree.
  function run(name, tree, options = {}) {
    const go = RUNS[name];
    if (go === undefined) throw new TreeFormatError(`no algorithm '${name}'; the names are: ${Object.keys(RUNS).join(", ")}`, null);
    if (tree.chanceNodes && !CHANCE_SEARCHES.includes(name)) {
      throw new TreeFormatError(`${name} has no rule for chance nodes (the tree has ${tree.chanceNodes}); these search them: ${CHANCE_SEARCHES.join(", ")}`, "/tree");
    }
    const { events, reply, leaves: read, interior, transformed } = go(tree, options);
    const root = "value" in tree.root;
    const value = root ? (Array.isArray(tree.root.value) && name === "paranoid" ? reply.score : reply.value)
      : (Array.isArray(reply.value) && name !== "paranoid" ? reply.value : reply.score);
    // BRS+: the line and the leaves as paths in the tree; the events' paths in its transform.
    const inTree = transformed ? (p) => replyPath(transformed, p) : (p) => p;
    return {
      value,
      principalVariation: inTree(unwind(reply.line)),
      leaves: read.map(inTree),
      transformed: transformed ?? null,
      transformedLine: transformed ? unwind(reply.line) : null,
      nodesVisited: interior + read.length,
      leavesEvaluated: read.length,
      events,
    };
  }

  return {
    SEARCHES, TreeFormatError, SearchError, parseTree, parseJSON, readTree, serializeTree, run,
    formatValue, encode, jsonText, parseNumber, rat, cmp, add, times,
  };
});
