#!/usr/bin/env node
// A minimal engine speaking gametree's JSON-lines protocol: fail-hard alpha-beta.
//
//     gametree conform --target "node examples/minimal_engine.js" \
//         --semantics alphabeta-fail-hard --strict-order --values int32
//
// It reads one request per line and writes one reply per line (docs/conformance.md, "The
// protocol"): the value of the tree within the request's window, from player 0's point of
// view, and the leaves it read, in order. It is the Alpha-Beta Pruning article's procedure
// (Knuth and Moore's F2) on JavaScript's numbers, which hold every integer up to 2^53 exactly
// but no fraction written "p/q": it declares `--values int32`, so the gate asks it integers
// only, up to a 32-bit integer's edges.
"use strict";
const readline = require("readline");

// The value of `node` within (alpha, beta); pushes each leaf read onto `trace`.
function alphabeta(node, path, alpha, beta, trace) {
  if ("value" in node) {
    trace.push(path);
    return node.value;
  }
  for (let i = 0; i < node.children.length; i++) {
    const v = alphabeta(node.children[i], [...path, i], alpha, beta, trace);
    if (node.to_move === 0) alpha = Math.max(alpha, v);
    else beta = Math.min(beta, v);
    if (alpha >= beta) break;
  }
  return node.to_move === 0 ? alpha : beta;
}

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const request = JSON.parse(line);
  const alpha = request.alpha ?? -Infinity;
  const beta = request.beta ?? Infinity;
  const trace = [];
  const value = alphabeta(request.tree.tree, [], alpha, beta, trace);
  console.log(JSON.stringify({ id: request.id, value, trace }));
});
