// How a board is drawn and clicked from its geometry and its moves' shapes (geometry.js,
// the module the page imports as it is), without a browser. The expectations are the
// numbering the server's API documents (openapi.json's `Geometry` and `MoveShape`),
// worked by hand on small boards.

import { test } from "node:test";
import assert from "node:assert/strict";
import * as G from "../../src/serve/web/geometry.js";

test("a board of dots numbers its lines horizontal first, row by row, then vertical", () => {
  // 1x2 boxes: dots 0 1 2 / 3 4 5; lines 0-1, 1-2, 3-4, 4-5, then 0-3, 1-4, 2-5.
  assert.deepEqual(G.dotLines(1, 2), [[0, 1], [1, 2], [3, 4], [4, 5], [0, 3], [1, 4], [2, 5]]);
  // 2x2 boxes: (2 + 1) * 2 = 6 horizontal and 2 * (2 + 1) = 6 vertical lines.
  const lines = G.dotLines(2, 2);
  assert.equal(lines.length, 12);
  assert.deepEqual(lines[5], [7, 8]);
  assert.deepEqual(lines[6], [0, 3]);
  assert.deepEqual(lines[11], [5, 8]);
});

test("a sowing board: the first side's pits along the bottom, the second's along the top, stores at the ends", () => {
  // Three pits a side: 0 1 2 bottom left to right, 3 4 5 top right to left, 6 the first
  // side's store at the right, 7 the second's at the left.
  const places = Array.from({ length: 8 }, (_, index) => G.pitPlace(index, 3));
  assert.deepEqual(places.map((place) => [place.row, place.column, place.side]), [
    ["bottom", 1, 0], ["bottom", 2, 0], ["bottom", 3, 0],
    ["top", 3, 1], ["top", 2, 1], ["top", 1, 1],
    ["store", 4, 0], ["store", 0, 1],
  ]);
});

test("Hex's rows are each half a cell right of the one above", () => {
  const size = 10;
  const width = Math.sqrt(3) * size;
  const [a, b, c] = [G.hexCell(0, 0, size), G.hexCell(1, 0, size), G.hexCell(0, 1, size)];
  assert.ok(Math.abs(b.x - a.x - width / 2) < 1e-9, "one row down: half a cell right");
  assert.ok(Math.abs(c.x - a.x - width) < 1e-9, "one column right: a whole cell");
  assert.ok(Math.abs(b.y - a.y - 1.5 * size) < 1e-9);
  assert.equal(a.corners.length, 6);
  // Neighbours share an edge: the cell below and the cell to the right meet at a corner of a.
  const near = (p, q) => Math.hypot(p[0] - q[0], p[1] - q[1]) < 1e-9;
  assert.ok(a.corners.some((p) => b.corners.some((q) => near(p, q))));
  const extent = G.hexExtent(3, 3, size);
  assert.ok(Math.abs(extent.width - width * 4) < 1e-9);
  assert.ok(Math.abs(extent.height - size * 5) < 1e-9);
});

test("each move is sorted by what a click does with it", () => {
  const move = (name, shape) => ({ move: name, shape, kind: shape.kind });
  const moves = [
    move("5", { kind: "place", cell: 4 }),
    move("2", { kind: "drop", column: 1 }),
    move("2-5", { kind: "from-to", from: 1, to: 4 }),
    move("3-off", { kind: "from-to", from: 2, to: null }),
    move("6", { kind: "domino", first: 5, second: 9 }),
    move("4:2", { kind: "take", pile: 3, count: 2 }),
    move("2-5e", { kind: "edge", from: 4, to: 1 }),
    move("3", { kind: "sow", pit: 2 }),
    move("pass", { kind: "pass" }),
  ];
  const plan = G.plan({ kind: "dots", rows: 2, columns: 2 }, moves);
  assert.equal(plan.place.get(4).move, "5");
  assert.equal(plan.drop.get(1).move, "2");
  assert.deepEqual(plan.pick.get(1).map((m) => m.move), ["2-5"]);
  assert.deepEqual([...plan.pick.keys()].sort((a, b) => a - b), [1, 2, 5, 9]);
  assert.equal(plan.targets.size, 0, "nothing picked: no targets");
  assert.equal(plan.take.get("3:2").move, "4:2");
  // Dots 1 and 4 (0-based) of a 2x2 board: the vertical line 1-4, number 6 + 1.
  assert.equal(plan.edge.get(7).move, "2-5e");
  assert.equal(plan.sow.get(2).move, "3");
  assert.deepEqual(plan.pass.map((m) => m.move), ["pass"]);
  // A piece picked: its targets and its way off the board; a domino's cell: the other.
  const picked = G.plan({ kind: "rectangle", width: 4, height: 4 }, moves, 2);
  assert.deepEqual(picked.off.map((m) => m.move), ["3-off"]);
  assert.equal(G.plan({ kind: "rectangle", width: 4, height: 4 }, moves, 1).targets.get(4).move, "2-5");
  assert.equal(G.plan({ kind: "rectangle", width: 4, height: 4 }, moves, 9).targets.get(5).move, "6");
  // An older server's move, without a shape: read from its cells and name.
  assert.deepEqual(G.shapeOf({ move: "2-5", from: 1, to: 4 }, 3), { kind: "from-to", from: 1, to: 4 });
  assert.deepEqual(G.shapeOf({ move: "7", from: null, to: 6 }, 3), { kind: "place", cell: 6 });
});

test("a drop from the hand: the hand's piece picked, then each empty cell a target", () => {
  // Dōbutsu shōgi on 3x4, sente holding a chick and a giraffe: C*2b is cell 4 (column 2
  // of 3-1, row b), G*3a cell 0; the chick's drops are targets once `hand:C` is picked.
  const geometry = { kind: "rectangle", width: 3, height: 4 };
  const moves = [
    { move: "2d2c", shape: { kind: "from-to", from: 10, to: 7 } },
    { move: "C*2b", shape: { kind: "from-hand", piece: "C", cell: 4 } },
    { move: "C*3a", shape: { kind: "from-hand", piece: "C", cell: 0 } },
    { move: "G*3a", shape: { kind: "from-hand", piece: "G", cell: 0 } },
  ];
  const none = G.plan(geometry, moves);
  assert.deepEqual([...none.hand.keys()], ["C", "G"]);
  assert.deepEqual(none.hand.get("C").map((m) => m.move), ["C*2b", "C*3a"]);
  assert.equal(none.targets.size, 0);
  assert.equal(G.handKey("c"), "hand:C");
  const chick = G.plan(geometry, moves, G.handKey("C"));
  assert.deepEqual([...chick.targets].map(([cell, m]) => [cell, m.move]), [[4, "C*2b"], [0, "C*3a"]]);
  const giraffe = G.plan(geometry, moves, G.handKey("G"));
  assert.deepEqual([...giraffe.targets].map(([cell, m]) => [cell, m.move]), [[0, "G*3a"]]);
  assert.deepEqual(giraffe.other, []);
});

test("a size is named with every parameter, in the family's order", () => {
  const mnk = { family: "mnk", parameters: [{ name: "m", default: "3" }, { name: "n", default: "3" }, { name: "k", default: "3" }] };
  assert.equal(G.sizeName(mnk, { m: "4", k: 3 }), "mnk:m=4,n=3,k=3");
  const nim = { family: "nim", parameters: [{ name: "piles", default: "1-3-5-7" }, { name: "misere", default: "false" }] };
  assert.equal(G.sizeName(nim, { piles: [3, 4, 5], misere: true }), "nim:piles=3-4-5,misere=true");
  assert.equal(G.sizeWords({ piles: [1, 3], misere: false }), "piles=1-3, misere=false");
  assert.equal(G.sizeWords({}), "");
});
