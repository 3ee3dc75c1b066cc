// The page's fold of a stream of answers (answers.js, the module the page imports as it
// is), without a browser. Where the expectations come from: the stream's events as the
// server documents them (`StreamEvent` in cli/src/serve/web/openapi.json, the order in
// cli/src/serve/stream.rs), on a made-up game of two columns whose values are chosen here.

import { test } from "node:test";
import assert from "node:assert/strict";
import * as A from "../../src/serve/web/answers.js";

// A game of one move (column 1) from the start, o to move after it, as the server's
// `game` event draws it: nothing valued.
const drawn = () => ({
  event: "game",
  game: {
    game: "toy",
    sides: ["x", "o"],
    moves: ["1"],
    positions: [
      { position: "../..", to_move: "x", finished: false, winner: null, moves: [{ move: "1" }, { move: "2" }] },
      { position: "../x.", to_move: "o", finished: false, winner: null, moves: [{ move: "1" }, { move: "2" }] },
    ],
    plies: [{ number: 1, player: "x", move: "1" }],
  },
});

test("the game drawn: every position, move and ply pending", () => {
  const data = A.apply(null, drawn());
  assert.equal(data.positions.length, 2);
  assert.ok(data.positions.every((position) => position.pending && position.moves.every((move) => move.pending)));
  assert.ok(data.plies.every((ply) => ply.pending));
  assert.equal(data.done, false);
  assert.deepEqual([...A.bestMoves(data.positions[1])], []);
  assert.equal(A.found(data.positions[1]), 0);
});

test("values fill in one by one; the best are those equal to the position's", () => {
  let data = A.apply(null, drawn());
  const before = data;
  data = A.apply(data, { event: "move", index: 1, move: "2", outcome: "o", plies: 1 });
  assert.ok(before.positions[1].moves[1].pending, "the earlier state is left as it was");
  assert.equal(A.found(data.positions[1]), 1);
  // A move's value before the position's: no best yet.
  assert.deepEqual([...A.bestMoves(data.positions[1])], []);
  data = A.apply(data, { event: "value", index: 1, outcome: "o", plies: 1 });
  assert.equal(data.positions[1].pending, false);
  assert.deepEqual([...A.bestMoves(data.positions[1])], ["2"]);
  assert.equal(A.complete(data.positions[1]), false);
  data = A.apply(data, { event: "move", index: 1, move: "1", outcome: "x", plies: 2 });
  assert.ok(A.complete(data.positions[1]));
  assert.deepEqual([...A.bestMoves(data.positions[1])], ["2"]);
});

test("the position whole replaces its sketch, ranked; then history, plies and done", () => {
  let data = A.apply(null, drawn());
  const analysis = {
    position: "../x.", to_move: "o", finished: false, winner: null, outcome: "o", plies: 1, best_moves: ["2"],
    moves: [{ move: "2", outcome: "o", plies: 1 }, { move: "1", outcome: "x", plies: 2 }],
  };
  data = A.apply(data, { event: "position", index: 1, analysis });
  assert.ok(data.positions[1].ranked);
  assert.deepEqual(data.positions[1].moves.map((move) => move.move), ["2", "1"]);
  assert.deepEqual([...A.bestMoves(data.positions[1])], ["2"]);
  data = A.apply(data, { event: "value", index: 0, outcome: "x", plies: 3 });
  const ply = { number: 1, player: "x", move: "1", verdict: "mistake", outcome_before: "x", outcome_after: "o", sentence: "x 1 turned a win into a loss" };
  data = A.apply(data, { event: "ply", ply });
  assert.equal(data.plies[0].verdict, "mistake");
  assert.equal(data.plies[0].pending, false);
  data = A.apply(data, { event: "done" });
  assert.ok(data.done);
});

test("waiting, an error, and an event this page does not know", () => {
  let data = A.apply(null, drawn());
  data = A.apply(data, { event: "waiting", why: "all 2 searches are running" });
  assert.equal(data.waiting, "all 2 searches are running");
  data = A.apply(data, { event: "value", index: 1, outcome: "o", plies: 1 });
  assert.equal(data.waiting, null, "an answer ends the wait");
  data = A.apply(data, { event: "error", status: 503, error: "not solved within the time limit", retry_after: 1 });
  assert.deepEqual(data.error, { status: 503, message: "not solved within the time limit", retryAfter: 1 });
  assert.equal(A.apply(data, { event: "later" }), data);
  assert.equal(A.apply(data, { event: "value", index: 9, outcome: "x", plies: 1 }), data);
});

test("asked again, the values an earlier answer found are kept", () => {
  let known = A.apply(null, drawn());
  known = A.apply(known, { event: "value", index: 1, outcome: "o", plies: 1 });
  known = A.apply(known, { event: "move", index: 1, move: "1", outcome: "x", plies: 2 });
  const again = A.keep(A.apply(null, drawn()), known);
  assert.equal(again.positions[1].pending, false);
  assert.equal(again.positions[1].outcome, "o");
  assert.equal(again.positions[1].moves[0].pending, false);
  assert.ok(again.positions[1].moves[1].pending);
  assert.ok(again.positions[0].pending);
  // Another game's values are not another's.
  const other = drawn();
  other.game.positions[1].position = "../.x";
  assert.ok(A.keep(A.apply(null, other), known).positions[1].pending);
});
