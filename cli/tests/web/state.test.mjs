// The board's state without a browser: the URL it reads and writes, undo and redo, which
// clicks are played, the board's shape and how each move is clicked (state.js, the module
// the page imports as it is).

import { test } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../src/serve/web/state.js";

const fresh = { start: null, moves: [], redo: [], hints: true, computer: "none", level: "perfect" };

test("a game's hash is read back as it was written", () => {
  const state = { ...fresh, moves: ["2-5", "8-5"], redo: ["1-4"], hints: false, computer: "second", level: "skill:75" };
  const hash = S.hashOf("hexapawn", state);
  assert.equal(hash, "#game/hexapawn?moves=2-5,8-5&redo=1-4&computer=second&level=skill:75&hints=off");
  const parsed = S.parseHash(hash);
  assert.equal(parsed.view, "game");
  assert.equal(parsed.game, "hexapawn");
  assert.deepEqual(S.readState(parsed.params), state);
  assert.equal(S.hashOf("misere", fresh), "#game/misere");
});

test("old tic-tac-toe links open the game's page, cells renamed 1-9", () => {
  const parsed = S.parseHash("#tictactoe?moves=4,0,8&redo=2&computer=o");
  assert.equal(parsed.view, "game");
  assert.equal(parsed.game, "tictactoe");
  const state = S.readState(parsed.params);
  assert.deepEqual(state.moves, ["5", "1", "9"]);
  assert.deepEqual(state.redo, ["3"]);
  assert.equal(state.computer, "second");
  assert.equal(S.readState(S.parseHash("#tictactoe?start=xo.x..o..").params).start, "xo.x..o..");
});

test("unknown settings fall back to the defaults", () => {
  const state = S.readState(new URLSearchParams("computer=both&level=godlike&hints=maybe&moves=,5,,1"));
  assert.equal(state.computer, "none");
  assert.equal(state.level, "perfect");
  assert.equal(state.hints, true);
  assert.deepEqual(state.moves, ["5", "1"]);
});

test("undo, redo and a new move", () => {
  let state = { ...fresh, moves: ["5", "1", "9"] };
  state = S.undone(state);
  assert.deepEqual([state.moves, state.redo], [["5", "1"], ["9"]]);
  state = S.undone(state);
  assert.deepEqual([state.moves, state.redo], [["5"], ["1", "9"]]);
  state = S.redone(state);
  assert.deepEqual([state.moves, state.redo], [["5", "1"], ["9"]]);
  // The move redo would replay keeps the rest; another forgets it.
  assert.deepEqual(S.played(state, "9").redo, []);
  assert.deepEqual(S.played(S.undone(state), "1").redo, ["9"]);
  assert.deepEqual(S.played(state, "3"), { ...state, moves: ["5", "1", "3"], redo: [] });
  // Against the computer, undo takes back its reply too.
  const against = S.undone({ ...fresh, computer: "second", moves: ["5", "1", "9", "3"] });
  assert.deepEqual([against.moves, against.redo], [["5", "1"], ["9", "3"]]);
  // Back to a point of the history.
  const back = S.rewound({ ...fresh, moves: ["5", "1", "9"], redo: ["3"] }, 1);
  assert.deepEqual([back.moves, back.redo], [["5"], ["1", "9", "3"]]);
});

test("a click is played only when it can be: never twice, never for the computer", () => {
  const position = { finished: false, to_move: "x", moves: [{ move: "5" }, { move: "1" }] };
  assert.equal(S.refusal(position, "5"), null);
  assert.equal(S.refusal(position, "5", { waiting: true }), "waiting");
  assert.equal(S.refusal(position, "7"), "illegal");
  assert.equal(S.refusal(position, "5", { computer: "x" }), "computer");
  assert.equal(S.refusal(position, "5", { computer: "o" }), null);
  assert.equal(S.refusal({ ...position, finished: true }, "5"), "finished");
  assert.equal(S.refusal(null, "5"), "no position");
  assert.equal(S.computerSide({ computer: "first" }, ["white", "black"]), "white");
  assert.equal(S.computerSide({ computer: "none" }, ["white", "black"]), null);
});

test("the board's shape and how each move is clicked", () => {
  assert.deepEqual(S.shape("www/.../bbb w", "www...bbb"), { width: 3, height: 3 });
  assert.deepEqual(S.shape("..../..../..../....", ".".repeat(16)), { width: 4, height: 4 });
  assert.deepEqual(S.shape(".../.../...", "........."), { width: 3, height: 3 });
  // Tic-tac-toe writes its nine cells in a row; the server's width and height come first.
  assert.deepEqual(S.shape("xo..x....", "xo..x...."), { width: 3, height: 3 });
  assert.deepEqual(S.shape("..../..../..../....", ".".repeat(16), 4, 4), { width: 4, height: 4 });
  assert.equal(S.moveKind({ move: "5", from: null, to: 4 }, 3), "place");
  assert.equal(S.moveKind({ move: "2-5", from: 1, to: 4 }, 3), "step");
  assert.equal(S.moveKind({ move: "3-off", from: 2, to: null }, 3), "step");
  // Connect Four: the move names the column, the disc lands lower down.
  assert.equal(S.moveKind({ move: "2", from: null, to: 13 }, 4), "drop");
  assert.equal(S.moveKind({ move: "2", from: null, to: null }, 4), "drop");
  assert.equal(S.moveKind({ move: "pass", from: null, to: null }, 4), "other");
  // A board of columns, even when a disc lands in the top row (cell 2 of column 2).
  const drops = [{ move: "1", from: null, to: 12 }, { move: "2", from: null, to: 1 }, { move: "4", from: null, to: 7 }];
  assert.equal(S.dropsIntoColumns(drops, 4), true);
  const places = [1, 5, 9].map((cell) => ({ move: String(cell), from: null, to: cell - 1 }));
  assert.equal(S.dropsIntoColumns(places, 3), false);
  assert.equal(S.dropsIntoColumns([{ move: "2-5", from: 1, to: 4 }], 3), false);
  assert.equal(S.dropsIntoColumns([], 4), false);
  // With the server's `kind` (the game's own move shape), the kind decides, not the name:
  // Connect Four's start, whose columns 1-4 read as the top row's cells, is a board of drops.
  const start = [0, 1, 2, 3].map((column) => ({ move: String(column + 1), kind: "drop", from: null, to: null, column }));
  assert.equal(S.dropsIntoColumns(start, 4), true);
  assert.equal(S.dropColumn(start[2]), 2);
  assert.equal(S.moveKind({ move: "5", kind: "place", from: null, to: 4, column: null }, 3), "place");
  assert.equal(S.moveKind({ move: "2-5", kind: "from-to", from: 1, to: 4, column: null }, 3), "step");
  assert.equal(S.moveKind({ move: "1,2", kind: "take", from: null, to: null, column: null }, 3), "other");
  assert.equal(S.dropsIntoColumns([{ move: "1", kind: "place", from: null, to: 0, column: null }], 4), false);
});

test("the longest legal prefix of a move list", async () => {
  const legal = ["5", "1", "9"];
  let asked = 0;
  const isLegal = async (moves) => {
    asked++;
    return moves.every((move, index) => move === legal[index]);
  };
  assert.equal(await S.longestLegal(["5", "1", "9", "5", "2"], isLegal), 3);
  assert.equal(await S.longestLegal(["5", "5"], isLegal), 1);
  assert.equal(await S.longestLegal(["7"], isLegal), 0);
  assert.equal(await S.longestLegal([], isLegal), 0);
  asked = 0;
  await S.longestLegal(Array.from({ length: 40 }, (_, i) => (i < 3 ? legal[i] : "x")), isLegal);
  assert.ok(asked <= 6, `a binary search: ${asked} questions for 40 moves`);
});
