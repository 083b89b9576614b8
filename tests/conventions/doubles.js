// An alpha-beta engine on JavaScript's numbers: doubles read by JSON.parse, written back by
// JSON.stringify, infinities -Infinity and Infinity. Fail-hard, max/min form (player 0
// maximises), with its move, line and leaves:
//
//     gametree conform --target "node tests/conventions/doubles.js" \
//         --semantics alphabeta-fail-hard --strict-order --best-move --principal-variation \
//         --values double
//
// JSON.stringify writes a double as the shortest text that reads back as it: 2^56 + 16 as
// 72057594037927950, which the gate reads as that double under --values double. A "p/q" of the
// request is a double too (q a power of two): p halved k times, exactly. With --bug the engine
// keeps -Number.MAX_VALUE and Number.MAX_VALUE for its infinities (a common JavaScript
// habit), so a node whose every child is worth one of them records no move.
"use strict";
const readline = require("readline");
const bug = process.argv.includes("--bug");
const LOW = bug ? -Number.MAX_VALUE : -Infinity;
const HIGH = bug ? Number.MAX_VALUE : Infinity;

function number(x) {
  if (typeof x === "number") return x;
  const [p, q] = x.split("/");
  let v = Number(p), d = BigInt(q ?? "1");
  while (d > 1n) { v /= 2; d /= 2n; } // q is a power of two: each halving is exact
  return v;
}

// [value, line, leaves read in order] of node at path, over (alpha, beta).
function search(node, path, alpha, beta, trace) {
  if ("value" in node) {
    trace.push(path);
    return [number(node.value), []];
  }
  const max = node.to_move === 0;
  let best = max ? alpha : beta, line = null;
  for (let i = 0; i < node.children.length; i++) {
    const [v, rest] = search(node.children[i], [...path, i], alpha, beta, trace);
    if (max ? v > best : v < best) { best = v; line = [i, ...rest]; }
    if (max && best > alpha) alpha = best;
    if (!max && best < beta) beta = best;
    if (alpha >= beta) break;
  }
  return [best, line ?? []];
}

function answer(request) {
  if (request.semantics !== "alphabeta-fail-hard") {
    return { error: `this engine does not do ${request.semantics}` };
  }
  const alpha = request.alpha === null ? LOW : number(request.alpha);
  const beta = request.beta === null ? HIGH : number(request.beta);
  const trace = [];
  const [value, line] = search(request.tree.tree, [], alpha, beta, trace);
  return { value, best_move: line.length ? line[0] : null, principal_variation: line, trace };
}

readline.createInterface({ input: process.stdin }).on("line", (text) => {
  const request = JSON.parse(text);
  process.stdout.write(JSON.stringify({ id: request.id, ...answer(request) }) + "\n");
});
