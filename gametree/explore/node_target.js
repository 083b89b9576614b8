// gametree's explore engine as a conformance target: the JSON-lines protocol of
// docs/conformance.md, one request a line on standard input, one reply a line on output.
//
//     gametree conform --target "node gametree/explore/node_target.js" --semantics shallow \
//         --strict-order --best-move --principal-variation
//
// Every semantics the page's engine claims (engine.SEARCHES: the registry's names, which are the
// gate's semantics) is answered by the search the page runs, exactly: requests are read by the engine's lossless JSON reader
// and replies written by its BigInt-aware writer. Anything else gets {"error": ...}.
"use strict";
const readline = require("readline");
const path = require("path");
const engine = require(path.join(__dirname, "engine.js"));

function answer(request) {
  const name = request.get("semantics");
  if (!engine.SEARCHES.includes(name)) return { error: `this engine does not do ${name}` };
  const tree = engine.readTree(request.get("tree"));
  const options = {
    alpha: request.get("alpha") ?? null,
    beta: request.get("beta") ?? null,
    firstGuess: request.get("first_guess") ?? null,
    domain: request.get("domain") ?? null,
    player: request.has("player") && request.get("player") !== null ? Number(request.get("player")) : null,
  };
  const r = engine.run(name, tree, { ...options, events: false });
  const line = r.principalVariation;
  return {
    value: engine.encode(r.value),
    best_move: line.length ? line[0] : null,
    principal_variation: line,
    trace: request.get("trace") ? r.leaves : null,
  };
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (text) => {
  let id = null;
  let members;
  try {
    const request = engine.parseJSON(text);
    id = request instanceof Map ? request.get("id") ?? null : null;
    members = answer(request);
  } catch (e) {
    members = { error: String(e && e.message ? `${e.name}: ${e.message}` : e) };
  }
  process.stdout.write(engine.jsonText({ id, ...members }) + "\n");
});
