// A Kalah engine written from docs/games-gate.md alone, for `gametree conform --game kalah`
// with JSON lines (the default protocol): `--target "node kalah.js"`.
//
// Reads one request a line, {"id", "game", "variant", "position", "ask", "depth", "evaluation",
// "semantics"}, and writes one reply a line: {"id", "count"} for perft, {"id", "divide"} for
// divide, {"id", "value", "best_move"} for value (negamax to `depth`) and solve (the final
// margin under perfect play), the value to the player to move.
//
// The variant comes with each request: `pits`, `seeds` and `empty_capture` (the last seed in
// an empty pit of the mover's captures even when the opposite pit is empty).
//
// Rules as in kalah.c beside it: sow counter-clockwise skipping the opponent's store; the last
// seed in the mover's store gives another move; the last seed in an empty pit of the mover's
// captures it and the opposite pit's seeds; the game is over when either side's pits are empty,
// each player keeping the seeds on their side.
//
// Seeded bug, for showing that the gate catches it: `node kalah.js --bug capture-their-store`
// captures into the opponent's store.
"use strict";

const readline = require("node:readline");

const BUG = process.argv[2] === "--bug" ? process.argv[3] : "";

function parse(position, variant) {
  const tokens = position.trim().split(/\s+/);
  const m = (tokens.length - 3) / 2;
  if (!Number.isInteger(m) || m < 1 || (variant.pits !== undefined && variant.pits !== m)) {
    throw new Error(`position '${position}': not 2 * pits + 2 holes and a mover`);
  }
  const holes = tokens.slice(0, -1).map((t) => {
    if (!/^\d+$/.test(t)) throw new Error(`position '${position}': hole '${t}' is not a count`);
    return Number(t);
  });
  const mover = { S: 0, N: 1 }[tokens[tokens.length - 1]];
  if (mover === undefined) throw new Error(`position '${position}': the mover is not S or N`);
  return { m, holes, mover, emptyCapture: Boolean(variant.empty_capture) };
}

const store = (b, side) => (side === 0 ? b.m : 2 * b.m + 1);
const firstPit = (b, side) => (side === 0 ? 0 : b.m + 1);

function sideSeeds(b, side) {
  let total = 0;
  for (let i = 0; i < b.m; i++) total += b.holes[firstPit(b, side) + i];
  return total;
}

const over = (b) => sideSeeds(b, 0) === 0 || sideSeeds(b, 1) === 0;

function moves(b) {
  if (over(b)) return [];
  const legal = [];
  for (let pit = 1; pit <= b.m; pit++) if (b.holes[firstPit(b, b.mover) + pit - 1] > 0) legal.push(pit);
  return legal;
}

function play(b, pit) {
  const holes = b.holes.slice();
  const side = b.mover;
  const own = store(b, side);
  let i = firstPit(b, side) + pit - 1;
  let seeds = holes[i];
  holes[i] = 0;
  while (seeds > 0) {
    i = (i + 1) % holes.length;
    if (i === store(b, 1 - side)) continue;
    holes[i]++;
    seeds--;
  }
  const child = { ...b, holes, mover: 1 - side };
  if (i === own) return { ...child, mover: side };
  const first = firstPit(b, side);
  const opposite = 2 * b.m - i;
  if (i >= first && i < first + b.m && holes[i] === 1 && (holes[opposite] > 0 || b.emptyCapture)) {
    holes[BUG === "capture-their-store" ? store(b, 1 - side) : own] += holes[opposite] + 1;
    holes[opposite] = 0;
    holes[i] = 0;
  }
  return child;
}

function perft(b, depth) {
  if (depth === 0) return 1;
  let count = 0;
  for (const pit of moves(b)) count += perft(play(b, pit), depth - 1);
  return count;
}

// South's side minus North's: the stores at the horizon, everything at the end.
function evaluate(b, evaluation) {
  const stores = b.holes[store(b, 0)] - b.holes[store(b, 1)];
  if (!over(b)) return evaluation === "store-difference" ? stores : 0;
  const margin = stores + sideSeeds(b, 0) - sideSeeds(b, 1);
  return evaluation === "outcome" ? Math.sign(margin) : margin;
}

// Alpha-beta in max/min form from South's side; depth Infinity solves, with a table of bounds.
const table = new Map();

function search(b, depth, alpha, beta, evaluation) {
  if (depth === 0 || over(b)) return evaluate(b, evaluation);
  const key = depth === Infinity ? `${evaluation} ${b.holes.join(" ")} ${b.mover}` : null;
  const known = key === null ? undefined : table.get(key);
  let [lower, upper] = known || [-Infinity, Infinity];
  if (lower >= beta) return lower;
  if (upper <= alpha) return upper;
  const [a0, b0] = [Math.max(alpha, lower), Math.min(beta, upper)];
  let [a, bt] = [a0, b0];
  let best = b.mover === 0 ? -Infinity : Infinity;
  for (const pit of moves(b)) {
    const v = search(play(b, pit), depth - 1, a, bt, evaluation);
    if (b.mover === 0) {
      best = Math.max(best, v);
      a = Math.max(a, best);
    } else {
      best = Math.min(best, v);
      bt = Math.min(bt, best);
    }
    if (a >= bt) break;
  }
  if (key !== null) {
    if (best <= a0) upper = best;
    else if (best >= b0) lower = best;
    else lower = upper = best;
    table.set(key, [lower, upper]);
  }
  return best;
}

function value(b, depth, evaluation) {
  const sign = b.mover === 0 ? 1 : -1;
  const legal = depth === 0 ? [] : moves(b);
  if (legal.length === 0) return { value: sign * evaluate(b, evaluation) };
  let best = { value: -Infinity };
  for (const pit of legal) {
    const v = sign * search(play(b, pit), depth - 1, -Infinity, Infinity, evaluation);
    if (v > best.value) best = { value: v, best_move: String(pit) };
  }
  return best;
}

function answer(request) {
  const b = parse(request.position, request.variant || {});
  switch (request.ask) {
    case "perft":
      return { count: perft(b, request.depth) };
    case "divide":
      return { divide: Object.fromEntries(moves(b).map((pit) => [String(pit), perft(play(b, pit), request.depth - 1)])) };
    case "value":
      return value(b, request.depth, request.evaluation || "store-difference");
    case "solve":
      return value(b, Infinity, request.evaluation || "margin");
    default:
      throw new Error(`ask '${request.ask}' is not perft, divide, value or solve`);
  }
}

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  let id = null;
  let reply;
  try {
    const request = JSON.parse(line);
    id = request.id;
    reply = answer(request);
  } catch (error) {
    reply = { error: error.message };
  }
  process.stdout.write(`${JSON.stringify({ id, ...reply })}\n`);
});
