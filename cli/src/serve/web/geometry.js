// What a board looks like and how each of its moves is clicked, from data alone: the
// position's `geometry` (a rectangle of cells, Hex's rhombus, piles, pits, dots) and each
// move's `shape` (drop, place, from-to, domino, take, edge, sow, from-hand, pass), as the server
// says them. Nothing here knows a game: a board of any family at any size is drawn and
// played from what these functions answer. Without the DOM, so that `node --test` reads
// it as the page does (cli/tests/web/geometry.test.mjs).

import * as S from "./state.js";

// The position's board: the server's `geometry`, else (an older server) a rectangle of
// its width and height.
export function geometryOf(position) {
  if (position.geometry) return position.geometry;
  const { width, height } = S.shape(position.position, position.cells, position.width, position.height);
  return { kind: "rectangle", width, height };
}

// What a move does: the server's `shape`, else (an older server) read from its `kind`,
// cells and name as state.js reads them.
export function shapeOf(move, width) {
  if (move.shape) return move.shape;
  const kind = S.moveKind(move, width);
  if (kind === "place") return { kind: "place", cell: move.to };
  if (kind === "step") return { kind: "from-to", from: move.from, to: move.to ?? null };
  if (kind === "drop") return { kind: "drop", column: S.dropColumn(move) };
  return { kind: "other" };
}

// The lines of a board of `rows` by `columns` boxes, each as its two dots (numbered
// row-major from 0 at the top left): the horizontal lines row by row, then the vertical
// ones row by row, the order the server's `counts` follows.
export function dotLines(rows, columns) {
  const lines = [];
  for (let row = 0; row <= rows; row++) {
    for (let column = 0; column < columns; column++) {
      const dot = row * (columns + 1) + column;
      lines.push([dot, dot + 1]);
    }
  }
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column <= columns; column++) {
      const dot = row * (columns + 1) + column;
      lines.push([dot, dot + columns + 1]);
    }
  }
  return lines;
}

// Where pit `index` of a sowing board of `pits` pits a side is drawn: the first side's
// pits along the bottom row left to right, the second's along the top row right to left
// (each side's from its own left), the first side's store at the right, the second's at
// the left. Columns count from 0 at the left store; the pits take columns 1 to `pits`.
export function pitPlace(index, pits) {
  if (index < pits) return { side: 0, row: "bottom", column: index + 1 };
  if (index < 2 * pits) return { side: 1, row: "top", column: 2 * pits - index };
  if (index === 2 * pits) return { side: 0, row: "store", column: pits + 1 };
  return { side: 1, row: "store", column: 0 };
}

// The centre of Hex's cell at `row`, `column` and the corners of its hexagon (pointy
// top, `size` from the centre to a corner): each row half a cell right of the one above.
export function hexCell(row, column, size, margin = 0) {
  const width = Math.sqrt(3) * size;
  const x = margin + width / 2 + column * width + (row * width) / 2;
  const y = margin + size + row * 1.5 * size;
  const corners = [90, 150, 210, 270, 330, 30].map((degrees) => {
    const angle = (degrees * Math.PI) / 180;
    return [x + size * Math.cos(angle), y - size * Math.sin(angle)];
  });
  return { x, y, corners };
}

// The size of the picture of a rhombus of `width` by `height` hexagons.
export function hexExtent(width, height, size, margin = 0) {
  const cell = Math.sqrt(3) * size;
  return {
    width: 2 * margin + cell * (width + (height - 1) / 2),
    height: 2 * margin + size * (2 + 1.5 * (height - 1)),
  };
}

// A position's moves sorted by what a click on the board does with them:
// - `place`: cell -> the move that puts a piece there;
// - `drop`: column -> the move that drops a disc there;
// - `pick`: cell -> the moves a click there starts (a piece to move, a cell of a domino):
//   a second click on a target (`targets`) plays one;
// - `targets`: cell -> the move a click plays once `selected` is picked (a piece's
//   target, a domino's other cell); `off`: the moves of `selected` off the board;
// - `take`: "pile:count" -> the move taking `count` counters of `pile`;
// - `edge`: line index (as dotLines numbers them) -> the move drawing it;
// - `sow`: pit -> the move sowing it; `pass`: the moves that pass;
// - `hand`: a hand piece's letter -> the moves dropping it (a click on the piece picks
//   it, as `handKey` names it in `selected`; a click on a target then drops it);
// - `other`: any move of a shape this page does not draw (listed, still playable).
export function plan(geometry, moves, selected = null) {
  const width = geometry.width ?? geometry.columns ?? 0;
  const result = {
    place: new Map(), drop: new Map(), pick: new Map(), targets: new Map(), off: [],
    take: new Map(), edge: new Map(), sow: new Map(), pass: [], other: [], hand: new Map(),
  };
  const lines = geometry.kind === "dots" ? dotLines(geometry.rows, geometry.columns) : [];
  const pick = (cell, move) => {
    if (!result.pick.has(cell)) result.pick.set(cell, []);
    result.pick.get(cell).push(move);
  };
  for (const move of moves) {
    const shape = shapeOf(move, width);
    switch (shape.kind) {
      case "place":
        result.place.set(shape.cell, move);
        break;
      case "drop":
        result.drop.set(shape.column, move);
        break;
      case "from-to":
        pick(shape.from, move);
        if (shape.from === selected) {
          if (shape.to === null || shape.to === undefined) result.off.push(move);
          else result.targets.set(shape.to, move);
        }
        break;
      case "domino":
        pick(shape.first, move);
        pick(shape.second, move);
        if (shape.first === selected) result.targets.set(shape.second, move);
        if (shape.second === selected) result.targets.set(shape.first, move);
        break;
      case "take":
        result.take.set(`${shape.pile}:${shape.count}`, move);
        break;
      case "edge": {
        const [a, b] = [Math.min(shape.from, shape.to), Math.max(shape.from, shape.to)];
        const index = lines.findIndex(([p, q]) => p === a && q === b);
        if (index >= 0) result.edge.set(index, move);
        else result.other.push(move);
        break;
      }
      case "from-hand": {
        // A piece of the hand picked (`selected` is `hand:` and its letter), then a cell.
        const key = handKey(shape.piece);
        if (!result.hand.has(shape.piece)) result.hand.set(shape.piece, []);
        result.hand.get(shape.piece).push(move);
        if (selected === key) result.targets.set(shape.cell, move);
        break;
      }
      case "sow":
        result.sow.set(shape.pit, move);
        break;
      case "pass":
        result.pass.push(move);
        break;
      default:
        result.other.push(move);
    }
  }
  return result;
}

// What `selected` holds once the hand's piece `letter` is picked (a cell's number
// otherwise).
export function handKey(letter) {
  return `hand:${letter.toUpperCase()}`;
}

// A size of a family as the naming syntax writes it, every parameter named in the
// family's order: `mnk:m=4,n=3,k=3`, `nim:piles=1-3-5-7,misere=false`. `values` maps a
// parameter's name to its value as the server writes it (a number, a boolean, a list of
// numbers) or as a form gives it (text).
export function sizeName(family, values) {
  const parts = family.parameters.map((param) => {
    const value = values[param.name] ?? param.default;
    return `${param.name}=${Array.isArray(value) ? value.join("-") : String(value)}`;
  });
  return parts.length ? `${family.family}:${parts.join(",")}` : family.family;
}

// A size's parameters in words: `m=4, n=3, k=3`.
export function sizeWords(parameters) {
  return Object.entries(parameters ?? {})
    .map(([name, value]) => `${name}=${Array.isArray(value) ? value.join("-") : value}`)
    .join(", ");
}
