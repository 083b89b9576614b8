// A small alpha-beta engine in JavaScript, speaking gametree's JSON-lines protocol.
//
//     gametree conform --target "node examples/engine.js" --semantics alphabeta-fail-hard \
//         --strict-order --best-move --principal-variation
//
// It answers minimax, alphabeta-fail-hard and alphabeta-fail-soft (max/min form, values from
// player 0's point of view), exactly, and skips no flag: every number is a fraction of
// BigInts, from the request's text to the reply's. JSON.parse would round an integer to a
// double (2^53 + 1 to 2^53) and JSON.stringify cannot write a BigInt, so the request is read
// by parseJSON below and the reply's text is written by reply. Neither the reader nor the
// search recurses: a tree 1,200 deep nests 2,400 levels of JSON. Other semantics get an error.
"use strict";
const readline = require("readline");

// One token of JSON, with the white space around it.
const TOKEN = new RegExp([
  String.raw`\s*(?:([[{])|([\]}])|([,:])`, // an opener, a closer, "," or ":"
  String.raw`|("(?:[^"\\\u0000-\u001f]|\\["\\/bfnrtu])*")`, // a string
  String.raw`|(-?(?:0|[1-9]\d*))(\.\d+)?([eE][+-]?\d+)?`, // a number: integer, fraction, exponent
  String.raw`|(true|false|null))\s*`, // a literal
].join(""), "y");

// JSON text to values, over an explicit stack: an integer is a BigInt, any other number a
// double, and strings, arrays, objects (without prototypes), booleans and null as JSON.parse
// reads them. Throws a SyntaxError on anything else.
function parseJSON(text) {
  const open = []; // the arrays and objects being filled, innermost last: {into, key}
  let want = "value"; // what may come next: "value", "key", ":", "," (or a closer), "end"
  let justOpened = false, root;
  const add = (v) => {
    const top = open[open.length - 1];
    if (top === undefined) root = v;
    else if (Array.isArray(top.into)) top.into.push(v);
    else top.into[top.key] = v;
    want = top === undefined ? "end" : ",";
  };
  let at = 0; // where the current token starts
  const fail = () => { throw new SyntaxError(`not the JSON expected at column ${at + 1}`); };
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length || want !== "end") {
    at = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (m === null) fail();
    const [, opener, closer, mark, string, int, fraction, exponent, literal] = m;
    const opened = justOpened;
    justOpened = false;
    if (closer) {
      const top = open[open.length - 1];
      const empty = opened; // "[]" or "{}"
      if (!top || (want !== "," && !empty) || (closer === "]") !== Array.isArray(top.into)) {
        fail();
      }
      open.pop();
      add(top.into);
    } else if (mark) {
      if (mark !== want) fail();
      const top = open[open.length - 1];
      want = mark === ":" || Array.isArray(top.into) ? "value" : "key";
    } else if (want === "key") {
      if (!string) fail();
      open[open.length - 1].key = JSON.parse(string);
      want = ":";
    } else if (want !== "value") {
      fail();
    } else if (opener) {
      open.push({ into: opener === "[" ? [] : Object.create(null), key: null });
      want = opener === "[" ? "value" : "key";
      justOpened = true;
    } else if (string) {
      add(JSON.parse(string));
    } else if (int !== undefined) {
      add(fraction || exponent ? Number(int + (fraction ?? "") + (exponent ?? "")) : BigInt(int));
    } else {
      add({ true: true, false: false, null: null }[literal]);
    }
  }
  return root;
}

function gcd(a, b) {
  a = a < 0n ? -a : a; b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
}

// A JSON integer (a BigInt), a double, or an integer or "p/q" string, as {n, d} with d > 0,
// in lowest terms.
function parse(x) {
  let n, d = 1n;
  if (typeof x === "bigint") {
    n = x;
  } else if (typeof x === "string") {
    const [p, q] = x.split("/");
    n = BigInt(p); d = q === undefined ? 1n : BigInt(q);
  } else if (Number.isFinite(x)) {
    // A double: exactly, as m * 2^e.
    let m = x, e = 0n;
    while (!Number.isInteger(m)) { m *= 2; e += 1n; }
    n = BigInt(m); d = 2n ** e;
  } else {
    throw new TypeError(`not a number: ${x}`);
  }
  if (d === 0n) throw new RangeError(`a zero denominator: ${x}`);
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}

function less(a, b) { return a.n * b.d < b.n * a.d; }
function exact(v) { return v.d === 1n ? v.n : `${v.n}/${v.d}`; } // a BigInt or "p/q"

// Alpha-beta over (alpha, beta), null an open side, over an explicit stack of frames, one per
// interior node on the current path; without prune, minimax, which reads every leaf.
// Returns [value, principal variation, leaves read].
function search(root, alpha, beta, soft, prune) {
  if ("value" in root) return [parse(root.value), [], [[]]];
  const trace = [];
  const frame = (node, a, b) => {
    const max = node.to_move === 0n;
    // best: the value so far (fail-hard starts at the mover's own bound); line: its
    // principal variation, as a linked list {move, rest}, so that no line is ever copied.
    return { node, max, a, b, i: 0, best: soft ? null : (max ? a : b), line: null };
  };
  const stack = [frame(root, alpha, beta)];
  let back = null; // [value, line] of the child just finished
  for (;;) {
    const f = stack[stack.length - 1];
    if (back !== null) {
      const [v, line] = back;
      back = null;
      if (f.best === null || (f.max ? less(f.best, v) : less(v, f.best))) {
        f.best = v;
        f.line = { move: f.i - 1, rest: line };
      }
      if (f.max && (f.a === null || less(f.a, v))) f.a = v;
      if (!f.max && (f.b === null || less(v, f.b))) f.b = v;
    }
    const cut = prune && f.a !== null && f.b !== null && !less(f.a, f.b);
    if (cut || f.i === f.node.children.length) {
      stack.pop();
      if (stack.length === 0) {
        const pv = [];
        for (let l = f.line; l !== null; l = l.rest) pv.push(l.move);
        return [f.best, pv, trace];
      }
      back = [f.best, f.line];
      continue;
    }
    const child = f.node.children[f.i++];
    if ("value" in child) {
      trace.push(stack.map((g) => g.i - 1)); // the leaf's path: each frame's current child
      back = [parse(child.value), null];
    } else {
      stack.push(frame(child, f.a, f.b));
    }
  }
}

function answer(request) {
  const semantics = request.semantics;
  if (!["minimax", "alphabeta-fail-hard", "alphabeta-fail-soft"].includes(semantics)) {
    return { error: `this engine does not do ${semantics}` };
  }
  const alpha = request.alpha == null ? null : parse(request.alpha);
  const beta = request.beta == null ? null : parse(request.beta);
  const soft = semantics !== "alphabeta-fail-hard", prune = semantics !== "minimax";
  const [value, line, trace] = search(request.tree.tree, alpha, beta, soft, prune);
  return { value: exact(value), best_move: line.length ? line[0] : null,
           principal_variation: line, trace };
}

// The reply's text: JSON.stringify cannot write a BigInt, so each member is written here (the
// other members are strings, null and arrays of small integers, which it writes exactly).
function reply(id, members) {
  const text = (x) => (typeof x === "bigint" ? String(x) : JSON.stringify(x ?? null));
  const parts = Object.entries({ id, ...members }).map(([k, v]) => `"${k}": ${text(v)}`);
  return `{${parts.join(", ")}}\n`;
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  let request = null;
  try {
    request = parseJSON(line);
    process.stdout.write(reply(request.id, answer(request)));
  } catch (e) {
    process.stdout.write(reply(request === null ? null : request.id, { error: String(e) }));
  }
});
