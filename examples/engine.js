// A small alpha-beta engine in JavaScript, speaking gametree's JSON-lines protocol.
//
//     gametree conform --target "node examples/engine.js" --semantics alphabeta-fail-hard
//
// It answers minimax, alphabeta-fail-hard and alphabeta-fail-soft (max/min form, values from
// player 0's point of view), exactly: every number is a fraction of BigInts, and a value is
// written back as the integer or "p/q" string it came from. Other semantics get an error.
"use strict";
const readline = require("readline");

function gcd(a, b) { a = a < 0n ? -a : a; b = b < 0n ? -b : b; while (b) [a, b] = [b, a % b]; return a; }

// A JSON number or "p/q" string as {n, d} with d > 0, in lowest terms.
function parse(x) {
  let n, d = 1n;
  if (typeof x === "string") {
    const [p, q] = x.split("/");
    n = BigInt(p); d = q === undefined ? 1n : BigInt(q);
  } else if (Number.isInteger(x)) {
    n = BigInt(x);
  } else {
    // A double: exactly, as m * 2^e.
    let m = x, e = 0n;
    while (!Number.isInteger(m)) { m *= 2; e += 1n; }
    n = BigInt(m); d = 2n ** e;
  }
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}

function less(a, b) { return a.n * b.d < b.n * a.d; }
function text(v) { return v.d === 1n ? Number(v.n) : `${v.n}/${v.d}`; }

// Alpha-beta over (alpha, beta); null is an open side. Returns [value, line].
function search(node, alpha, beta, soft, path, trace) {
  if ("value" in node) { trace.push(path); return [parse(node.value), []]; }
  const max = node.to_move === 0;
  let best = soft ? null : (max ? alpha : beta);
  let line = [];
  for (let i = 0; i < node.children.length; i++) {
    const a = max && best !== null && (alpha === null || less(alpha, best)) ? best : alpha;
    const b = !max && best !== null && (beta === null || less(best, beta)) ? best : beta;
    const [v, below] = search(node.children[i], a, b, soft, [...path, i], trace);
    if (best === null || (max ? less(best, v) : less(v, best))) { best = v; line = [i, ...below]; }
    const lo = max ? (alpha === null || (best !== null && less(alpha, best)) ? best : alpha) : alpha;
    const hi = max ? beta : (beta === null || (best !== null && less(best, beta)) ? best : beta);
    if (lo !== null && hi !== null && !less(lo, hi)) break;
  }
  return [best, line];
}

function answer(request) {
  const semantics = request.semantics;
  if (!["minimax", "alphabeta-fail-hard", "alphabeta-fail-soft"].includes(semantics)) {
    return { error: `this engine does not do ${semantics}` };
  }
  const alpha = request.alpha == null ? null : parse(request.alpha);
  const beta = request.beta == null ? null : parse(request.beta);
  const trace = [];
  const [value, line] = search(request.tree.tree, alpha, beta,
                               semantics !== "alphabeta-fail-hard", [], trace);
  return { value: text(value), best_move: line.length ? line[0] : null,
           principal_variation: line, trace };
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const request = JSON.parse(line);
  process.stdout.write(JSON.stringify({ id: request.id, ...answer(request) }) + "\n");
});
