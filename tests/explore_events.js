// For tests/test_explore_engine.py: one request a line, {"algorithm", "tree" (a document's
// text), "options"}, answered with the engine's run as one line {"value", "principalVariation",
// "leaves", "nodesVisited", "events"} (or {"error"}), every number exact.
"use strict";
const readline = require("readline");
const engine = require(process.argv[2]);

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  let out;
  try {
    const request = JSON.parse(line);
    const tree = engine.parseTree(request.tree);
    const r = engine.run(request.algorithm, tree, request.options || {});
    out = { value: engine.encode(r.value), principalVariation: r.principalVariation, leaves: r.leaves,
            nodesVisited: r.nodesVisited, events: r.events };
  } catch (e) {
    out = { error: `${e.name}: ${e.message}` };
  }
  process.stdout.write(engine.jsonText(out) + "\n");
});
