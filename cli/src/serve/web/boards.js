// The board of any game, drawn from its geometry alone (geometry.js sorts its moves by
// what a click does): a rectangle of cells (a mark placed, a disc dropped into a column,
// a piece or a domino's first cell picked and then its target), Hex's rhombus of
// hexagons, piles of counters (a click on a counter takes it and those above it), a
// sowing board of pits and stores (a click on a pit sows it), and dots with the lines
// between them (a click on a line draws it; a box is shaded by its owner). No game is
// named here.
//
// Each drawing gets one context from view.js: the board's element, the position and the
// review's data, the plan of its moves (geometry.js), whether values are shown, the best
// moves, whose turn it is, the piece picked, and `play(move)`, `select(cell)` and
// `refuse()` (a click on a move that cannot be played now: the page says why). Every
// element a click plays carries `data-move`, `data-value` and `data-plies` (the server's
// values, never computed here; `data-pending` while one is searched), and says its move
// and value in words to a screen reader.

import { GLYPH, el } from "./board.js";
import * as G from "./geometry.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// An SVG element that acts as a button: a click, Enter or Space.
function activate(node, action) {
  node.addEventListener("click", action);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      action();
    }
  });
  return node;
}

// The value a move shows, when values are shown: the server's outcome for the side to
// move, its plies, and whether it is one of the best; `pending` while it is searched.
function hintOf(ctx, move) {
  if (!move || !ctx.shown) return null;
  return { value: ctx.valueOf(move), plies: move.plies, best: ctx.best.has(move.move) };
}

// "win in 5 plies", "draw", "draw (endless)", "value being searched".
function valueWords(hint) {
  if (hint.value === "pending") return "value being searched";
  if (hint.value === "draw") return hint.plies === null ? "draw (endless)" : "draw";
  return `${hint.value} in ${hint.plies} ${hint.plies === 1 ? "ply" : "plies"}`;
}

// The words after an element's own name: ": win in 5 plies, best".
function hintWords(hint, prefix = "") {
  return hint ? `: ${prefix}${valueWords(hint)}${hint.best ? ", best" : ""}` : "";
}

// Classes of an element showing a hint: `hint v-win best`.
function hintClasses(hint) {
  return hint ? ` hint v-${hint.value}${hint.best ? " best" : ""}` : "";
}

// The data attributes every playable element carries (a value being searched has none
// yet: `data-pending` says so).
function hintData(hint) {
  const pending = hint?.value === "pending";
  return {
    "data-value": pending ? null : hint?.value ?? null,
    "data-plies": hint && !pending ? hint.plies : null,
    "data-pending": pending ? "" : null,
  };
}

// The value on a cell or a button: glyph and word (`best win 5` on a piece, whose best
// move it is).
export function valueLabel(value, plies, prefix = "") {
  // A value being searched shows its glyph alone (a cell has no room for the word), the
  // word said to a screen reader.
  if (value === "pending") {
    return el("span", { class: "cell-value" },
      el("span", { class: "sr" }, ": value being searched"),
      el("span", { class: "glyph", "aria-hidden": "true" }, GLYPH.pending));
  }
  return el("span", { class: "cell-value" },
    el("span", { class: "sr" }, " "),
    el("span", { class: "glyph", "aria-hidden": "true" }, GLYPH[value]),
    el("span", { class: "word" }, prefix + (value === "draw" ? "draw" : `${value} ${plies}`)));
}

function star() {
  return el("span", { class: "star" }, el("span", { "aria-hidden": "true" }, "\u2605"), el("span", { class: "sr" }, " best"));
}

// The value as SVG text at (x, y): glyph and word.
function svgValue(hint, x, y, prefix = "", anchor = "middle") {
  const word = hint.value === "pending" ? "searching" : hint.value === "draw" ? "draw" : `${hint.value} ${hint.plies}`;
  return svg("text", { x, y, class: `svg-value v-${hint.value}`, "text-anchor": anchor },
    `${GLYPH[hint.value]} ${prefix}${word}${hint.best ? " \u2605" : ""}`);
}

// Which side owns a piece letter: 0, 1, or -1 for none.
function ownerOf(ctx, letter) {
  return letter === "." || letter === undefined ? -1 : ctx.data.pieces.indexOf(letter);
}

// A rectangle of square cells: placements, drops (one button a column above the board,
// and a click anywhere in a column), pieces moved from cell to cell, dominoes.
function drawRectangle(ctx) {
  const { board, columns, position, plan, geometry } = ctx;
  const width = geometry.width;
  const drop = ctx.drop;
  board.style.setProperty("--columns", width);
  columns.style.setProperty("--columns", width);
  board.classList.toggle("wide", width > 5);
  // A game whose pieces differ (Dōbutsu shōgi): each drawn as its kind, and the hands.
  const kinds = position.pieces?.length ? position.pieces : null;
  drawHands(ctx, kinds !== null);
  columns.classList.toggle("wide", width > 5);
  board.replaceChildren(...[...position.cells].map((piece, index) => {
    const owner = ownerOf(ctx, piece);
    const target = drop ? plan.drop.get(index % width) : plan.targets.get(index) ?? plan.place.get(index);
    const own = drop ? undefined : plan.pick.get(index);
    const classes = ["cell"];
    if (owner >= 0) classes.push("piece", `piece-${owner}`);
    if (ctx.selected === index) classes.push("selected");
    if (ctx.lineCells.has(index)) classes.push("win-line", ...(ctx.line.winner && ctx.line.winner !== ctx.line.owner ? ["line-lost"] : []));
    if (ctx.last.has(index)) classes.push("last");
    let action = null;
    let shownMove = null;
    let picks = false;
    if (ctx.yourTurn && target) {
      action = () => ctx.play(target);
      shownMove = drop ? null : target;
    } else if (ctx.yourTurn && own) {
      classes.push("movable");
      picks = true;
      action = () => ctx.select(index);
      shownMove = own[0];
    }
    const hint = hintOf(ctx, shownMove);
    if (hint) classes.push(...hintClasses(hint).trim().split(" "));
    const number = drop ? null : index + 1;
    return el("button", {
      type: "button",
      class: classes.join(" "),
      "data-index": index,
      "data-cell": number,
      "data-square": drop ? index + 1 : null,
      "data-piece": owner >= 0 ? piece : "",
      ...hintData(hint),
      "data-move": shownMove && !picks ? shownMove.move : null,
      "data-line": ctx.lineCells.has(index) ? "" : null,
      "aria-disabled": action ? null : "true",
      "aria-pressed": picks ? String(ctx.selected === index) : null,
      tabindex: index === ctx.focus ? 0 : -1,
      onclick: () => { ctx.focused(index); if (action) action(); else if (!ctx.yourTurn) ctx.refuse(); },
    },
    el("span", { class: "sr" }, drop ? `row ${Math.floor(index / width) + 1} column ${(index % width) + 1}` : "cell "),
    number ? el("span", { class: "index" }, number) : null,
    owner >= 0 ? [el("span", { class: "sr" }, ": "), kinds ? kindMark(kinds[index], ctx.data.sides) : el("span", { class: "mark" }, piece)] : null,
    ctx.lineCells.has(index) ? el("span", { class: "sr" }, ", in the line that ended the game") : null,
    hint ? valueLabel(hint.value, hint.plies, picks ? "best " : "") : null,
    hint?.best ? star() : null);
  }));

  // A game of drops: one button per column, with that column's value.
  columns.hidden = !drop;
  columns.replaceChildren(...(drop ? Array.from({ length: width }, (_, column) => {
    const move = plan.drop.get(column);
    const hint = hintOf(ctx, move);
    return el("button", {
      type: "button",
      class: `column${hintClasses(hint)}`,
      "data-cell": column + 1,
      "data-move": move && ctx.yourTurn ? move.move : null,
      ...hintData(hint),
      "aria-disabled": move && ctx.yourTurn ? null : "true",
      onclick: () => { if (move && ctx.yourTurn) ctx.play(move); else if (move) ctx.refuse(); },
    }, el("span", { class: "sr" }, "column "), el("span", { class: "index" }, column + 1),
    hint ? valueLabel(hint.value, hint.plies) : null,
    hint?.best ? star() : null);
  }) : []));
}

// A piece of a kind: its letter (the second side's turned, as it faces down the board)
// with a dot at the edge for each way it steps, and its side and name said in words.
function kindMark(piece, sides) {
  if (!piece) return null;
  const owner = sides.indexOf(piece.side);
  return el("span", { class: `kind kind-${piece.name} piece-${owner}` },
    el("span", { class: "sr" }, `${piece.side} ${piece.name} (${piece.letter}) `),
    el("span", { class: "mark", "aria-hidden": "true" }, piece.letter.toUpperCase()),
    ...piece.steps.map(([row, column]) => el("span", {
      class: "step", "aria-hidden": "true", "data-row": row, "data-column": column,
    })));
}

// The two hands of a game with hands, beside the board: the second side's above it, the
// first side's below. A piece of the hand of the side to move is picked with a click (it
// lights up), then dropped with a click on an empty cell.
function drawHands(ctx, shown) {
  const { hands, position, plan, data } = ctx;
  if (!hands) return;
  hands.forEach((box) => { box.hidden = !shown; });
  if (!shown) {
    hands.forEach((box) => box.replaceChildren());
    return;
  }
  position.hands.forEach((held, side) => {
    const box = hands[side];
    const name = data.sides[side];
    const mover = data.sides.indexOf(position.to_move) === side;
    box.setAttribute("aria-label", `${name}'s hand`);
    box.replaceChildren(el("span", { class: "hand-name" }, `${name} holds`),
      ...(held.length ? held.map((piece) => {
        const moves = mover && ctx.yourTurn ? plan.hand.get(piece.letter.toUpperCase()) : undefined;
        const key = G.handKey(piece.letter);
        const picked = ctx.selected === key;
        return el("button", {
          type: "button",
          class: `hand-piece piece-${side}${moves ? " movable" : ""}${picked ? " selected" : ""}`,
          "data-hand": side,
          "data-piece": piece.letter,
          "data-key": key,
          "aria-disabled": moves ? null : "true",
          "aria-pressed": moves ? String(picked) : null,
          onclick: () => { if (moves) ctx.select(key); else if (!ctx.yourTurn) ctx.refuse(); },
        }, kindMark(piece, data.sides),
        piece.count > 1 ? el("span", { class: "count" }, `\u00d7${piece.count}`) : null);
      }) : [el("span", { class: "hand-empty" }, "nothing")]));
  });
}

// Hex's rhombus: a hexagon a cell, each row half a cell right of the one above.
function drawHexRhombus(ctx) {
  const { board, position, plan, geometry } = ctx;
  const { width, height } = geometry;
  // About 24rem across at most: larger hexagons on a small board, one unit a pixel.
  const margin = 6;
  const size = Math.min(44, (380 - 2 * margin) / (Math.sqrt(3) * (width + (height - 1) / 2)));
  const extent = G.hexExtent(width, height, size, margin);
  const picture = svg("svg", {
    viewBox: `0 0 ${extent.width.toFixed(1)} ${extent.height.toFixed(1)}`,
    class: "hex-board",
    role: "group",
    "aria-label": `${ctx.title} board: ${height} rows of ${width} hexagons, each row half a cell right of the one above; the first player joins the top and bottom rows, the second the left and right columns, each edge drawn in its player's colour`,
  });
  board.style.setProperty("--board-width", `${Math.min(26, extent.width / 16).toFixed(1)}rem`);
  // The hexagons are the buttons, named in words; what is written on them (the cell's
  // number, a stone, a value) is a layer above that a click goes through.
  const writing = svg("g", { class: "writing", "aria-hidden": "true" });
  [...position.cells].forEach((piece, index) => {
    const row = Math.floor(index / width);
    const column = index % width;
    const { x, y, corners } = G.hexCell(row, column, size, margin);
    const owner = ownerOf(ctx, piece);
    const move = plan.place.get(index);
    const playable = ctx.yourTurn && move;
    const hint = playable ? hintOf(ctx, move) : null;
    const inLine = ctx.lineCells.has(index);
    const cell = svg("g", {
      class: `cell hex${owner >= 0 ? ` piece piece-${owner}` : ""}${inLine ? " win-line" : ""}${ctx.last.has(index) ? " last" : ""}${hintClasses(hint)}`,
      role: "button",
      tabindex: index === ctx.focus ? 0 : -1,
      "data-index": index,
      "data-cell": index + 1,
      "data-piece": owner >= 0 ? piece : "",
      "data-move": playable ? move.move : null,
      "data-line": inLine ? "" : null,
      ...hintData(hint),
      "aria-disabled": playable ? null : "true",
      "aria-label": `cell ${index + 1}, row ${row + 1} column ${column + 1}${owner >= 0 ? `: ${piece}` : ""}${hintWords(hint)}${inLine ? ", in the line that ended the game" : ""}`,
    },
    svg("polygon", { points: corners.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(" "), class: "hex-shape" }));
    activate(cell, () => { ctx.focused(index); if (playable) ctx.play(move); else if (move) ctx.refuse(); });
    picture.append(cell);
    writing.append(...[
      svg("text", { x: x.toFixed(1), y: (y - size * 0.48).toFixed(1), class: "hex-index", "text-anchor": "middle" }, index + 1),
      owner >= 0 ? [
        svg("circle", { cx: x.toFixed(1), cy: (y + 2).toFixed(1), r: (size * 0.5).toFixed(1), class: `stone piece-${owner}` }),
        svg("text", { x: x.toFixed(1), y: (y + 7).toFixed(1), class: "stone-letter", "text-anchor": "middle", "data-cell": index + 1 }, piece),
      ] : null,
      hint ? svgValue(hint, x.toFixed(1), (y + 6).toFixed(1)) : null,
    ].flat().filter(Boolean));
  });
  picture.append(hexEdges(width, height, size, margin), writing);
  board.replaceChildren(picture);
}

// Hex's four edges in the colours of the sides that join them: the first player's along
// the top and bottom rows, the second's along the left and right columns.
function hexEdges(width, height, size, margin) {
  const at = (row, column) => G.hexCell(row, column, size, margin).corners;
  const line = (points, owner) => svg("polyline", {
    points: points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(" "),
    class: `hex-edge edge-${owner}`,
  });
  // Corners run 90 (top), 150, 210, 270 (bottom), 330, 30 degrees.
  const top = [], bottom = [], left = [], right = [];
  for (let column = 0; column < width; column++) {
    const [up, upLeft, , , , upRight] = at(0, column);
    top.push(upLeft, up, upRight);
    const [, , downLeft, down, downRight] = at(height - 1, column);
    bottom.push(downLeft, down, downRight);
  }
  for (let row = 0; row < height; row++) {
    const [, upLeft, downLeft] = at(row, 0);
    left.push(upLeft, downLeft);
    const corners = at(row, width - 1);
    right.push(corners[5], corners[4]);
  }
  return svg("g", { class: "hex-edges", "aria-hidden": "true" },
    line(top, 0), line(bottom, 0), line(left, 1), line(right, 1));
}

// Piles of counters, each a column from the bottom up: a click on a counter takes it and
// every counter above it.
function drawPiles(ctx) {
  const { board, position, plan, geometry } = ctx;
  const piles = [];
  for (let pile = 0; pile < geometry.piles; pile++) {
    const size = position.counts[pile] ?? 0;
    const stones = [];
    // Bottom first, so that a counter's followers are the counters above it (CSS shows
    // what a click would take: the counter under the pointer and those above).
    for (let height = 1; height <= size; height++) {
      const count = size - height + 1;
      const move = plan.take.get(`${pile}:${count}`);
      const playable = ctx.yourTurn && move;
      const hint = playable ? hintOf(ctx, move) : null;
      const what = count === 1 ? "the top counter" : `this counter and the ${count - 1} above it`;
      stones.push(el("button", {
        type: "button",
        class: `stone${playable ? " takes" : ""}${hintClasses(hint)}`,
        "data-key": `take-${pile}-${count}`,
        "data-move": playable ? move.move : null,
        ...hintData(hint),
        "aria-disabled": playable ? null : "true",
        onclick: () => { if (playable) ctx.play(move); else if (move) ctx.refuse(); },
      },
      el("span", { class: "sr" }, `Pile ${pile + 1}, counter ${height} from the bottom: take ${count} (${what})`),
      hint ? valueLabel(hint.value, hint.plies) : null,
      hint?.best ? star() : null));
    }
    piles.push(el("div", { class: `pile${ctx.last.has(pile) ? " last" : ""}`, role: "group", "aria-label": `Pile ${pile + 1}: ${size} ${size === 1 ? "counter" : "counters"}`, "data-pile": pile + 1, "data-count": size },
      el("div", { class: "stack" }, stones),
      el("div", { class: "pile-name", "aria-hidden": "true" }, `Pile ${pile + 1}`, el("br"), el("span", { class: "pile-count" }, size))));
  }
  board.replaceChildren(el("div", { class: "piles" }, piles));
}

// A sowing board: the second side's pits along the top (right to left, as the seeds go),
// the first side's along the bottom, a store at each end.
function drawPits(ctx) {
  const { board, position, plan, geometry, data } = ctx;
  const pits = geometry.pits;
  const places = [];
  for (let index = 0; index < 2 * pits + 2; index++) {
    const place = G.pitPlace(index, pits);
    const seeds = position.counts[index] ?? 0;
    const side = data.sides[place.side];
    const where = (node) => {
      node.style.setProperty("grid-column", String(place.column + 1));
      node.style.setProperty("grid-row", place.row === "top" ? "2" : place.row === "bottom" ? "3" : "2 / span 2");
      return node;
    };
    if (place.row === "store") {
      places.push(where(el("div", { class: `store store-${place.side}${ctx.last.has(index) ? " last" : ""}`, "data-pit": index + 1, "data-count": seeds },
        el("span", { class: "sr" }, `${side}'s store: `),
        el("span", { class: "seeds" }, seeds), el("span", { class: "sr" }, ` ${seeds === 1 ? "seed" : "seeds"}`),
        el("span", { class: "store-name", "aria-hidden": "true" }, `${side}'s store`))));
      continue;
    }
    const move = plan.sow.get(index);
    const playable = ctx.yourTurn && move;
    const hint = playable ? hintOf(ctx, move) : null;
    places.push(where(el(playable || move ? "button" : "div", {
      type: playable || move ? "button" : null,
      class: `pit pit-${place.side}${playable ? " sows" : ""}${ctx.last.has(index) ? " last" : ""}${hintClasses(hint)}`,
      "data-pit": index + 1,
      "data-count": seeds,
      "data-move": playable ? move.move : null,
      ...hintData(hint),
      "aria-disabled": move && !playable ? "true" : null,
      onclick: playable ? () => ctx.play(move) : move ? () => ctx.refuse() : null,
    },
    el("span", { class: "sr" }, `${side}'s pit ${index + 1}: `),
    el("span", { class: "index", "aria-hidden": "true" }, index + 1),
    el("span", { class: "seeds" }, seeds), el("span", { class: "sr" }, ` ${seeds === 1 ? "seed" : "seeds"}${move ? ", sow" : ""}`),
    hint ? valueLabel(hint.value, hint.plies) : null,
    hint?.best ? star() : null)));
  }
  const caption = (text, row) => {
    const node = el("p", { class: "pits-caption", "aria-hidden": "true" }, text);
    node.style.setProperty("grid-row", row);
    node.style.setProperty("grid-column", `2 / span ${pits}`);
    return node;
  };
  const grid = el("div", { class: "pits", role: "group", "aria-label": `${ctx.title} board: ${data.sides[1]}'s pits along the top, ${data.sides[0]}'s along the bottom` },
    caption(`\u2190 ${data.sides[1]}'s pits, sown right to left`, "1"), places, caption(`${data.sides[0]}'s pits, sown left to right \u2192`, "4"));
  grid.style.setProperty("--pits", pits);
  board.replaceChildren(grid);
}

// Dots and the lines between them: a click on a line draws it; a completed box is shaded
// by its owner's colour and carries its letter.
function drawDots(ctx) {
  const { board, position, plan, geometry } = ctx;
  const { rows, columns } = geometry;
  // One unit a pixel, about 22rem across at most.
  const gap = Math.min(112, Math.floor(330 / Math.max(rows, columns)));
  const margin = 20;
  const at = (dot) => [margin + (dot % (columns + 1)) * gap, margin + Math.floor(dot / (columns + 1)) * gap];
  const picture = svg("svg", {
    viewBox: `0 0 ${2 * margin + columns * gap + 56} ${2 * margin + rows * gap}`,
    class: "dots-board",
    role: "group",
    "aria-label": `${ctx.title} board: ${rows} by ${columns} boxes; dots numbered from 1 at the top left, row by row`,
  });
  board.style.setProperty("--board-width", `${((2 * margin + columns * gap + 56) / 16).toFixed(1)}rem`);
  for (let box = 0; box < rows * columns; box++) {
    const letter = position.cells[box];
    const owner = ownerOf(ctx, letter);
    const [x, y] = at(Math.floor(box / columns) * (columns + 1) + (box % columns));
    picture.append(svg("g", { class: `box${owner >= 0 ? ` box-${owner}` : ""}`, "data-box": box + 1, "data-piece": owner >= 0 ? letter : "" },
      owner >= 0 ? [
        svg("rect", { x: x + 5, y: y + 5, width: gap - 10, height: gap - 10, rx: 4, class: "box-fill" }),
        svg("text", { x: x + gap / 2, y: y + gap / 2 + 9, class: "box-letter", "text-anchor": "middle" }, letter),
      ] : null));
  }
  // The lines are the buttons, named in words; their values are written in a layer above
  // that a click goes through.
  const writing = svg("g", { class: "writing", "aria-hidden": "true" });
  G.dotLines(rows, columns).forEach(([a, b], index) => {
    const [x1, y1] = at(a);
    const [x2, y2] = at(b);
    const ends = { x1, y1, x2, y2 };
    if (position.counts[index] === 1) {
      picture.append(svg("line", { ...ends, class: `line drawn${ctx.last.has(index) ? " last" : ""}`, "data-line": index, "data-drawn": "1" }));
      return;
    }
    const move = plan.edge.get(index);
    const playable = ctx.yourTurn && move;
    const hint = playable ? hintOf(ctx, move) : null;
    const horizontal = y1 === y2;
    const edge = svg("g", {
      class: `line edge${playable ? " playable" : ""}${hintClasses(hint)}`,
      role: "button",
      tabindex: playable ? 0 : -1,
      "data-line": index,
      "data-drawn": "0",
      "data-key": `line-${index}`,
      "data-move": playable ? move.move : null,
      ...hintData(hint),
      "aria-disabled": playable ? null : "true",
      "aria-label": `line from dot ${a + 1} to dot ${b + 1}${hintWords(hint)}`,
    },
    // Where a click draws the line: a band along it, wider than the line drawn.
    svg("rect", horizontal
      ? { x: x1 + 8, y: y1 - 11, width: x2 - x1 - 16, height: 22, class: "hit" }
      : { x: x1 - 11, y: y1 + 8, width: 22, height: y2 - y1 - 16, class: "hit" }),
    svg("line", { ...ends, class: "free" }));
    activate(edge, () => { if (playable) ctx.play(move); else if (move) ctx.refuse(); });
    picture.append(edge);
    // A horizontal line's value just above it, a vertical one's just right of it: in the
    // box above or to the right, which is not complete while this line is not drawn.
    if (hint) writing.append(svgValue(hint, horizontal ? (x1 + x2) / 2 : x1 + 7, horizontal ? y1 - 7 : (y1 + y2) / 2 + 4, "", horizontal ? "middle" : "start"));
  });
  picture.append(writing);
  for (let dot = 0; dot < (rows + 1) * (columns + 1); dot++) {
    const [cx, cy] = at(dot);
    picture.append(svg("circle", { cx, cy, r: 5, class: "dot" }));
  }
  board.replaceChildren(picture);
}

const DRAWINGS = {
  rectangle: drawRectangle,
  "hex-rhombus": drawHexRhombus,
  piles: drawPiles,
  pits: drawPits,
  dots: drawDots,
};

// Draws the board of `ctx.geometry`; false for a geometry this page does not know (its
// moves are still listed and played from the list).
export function draw(ctx) {
  const drawing = DRAWINGS[ctx.geometry.kind];
  ctx.board.className = `board board-${ctx.geometry.kind}`;
  if (ctx.geometry.kind !== "rectangle") {
    ctx.columns.hidden = true;
    ctx.columns.replaceChildren();
  }
  if (!drawing) {
    ctx.board.replaceChildren(el("p", {}, "This board cannot be drawn here: play from the list of moves."));
    return false;
  }
  drawing(ctx);
  return true;
}

// What the last move touched, as the drawing numbers it (cells, a pile, a pit, a line):
// drawn with a quiet ring so that the computer's reply is seen.
export function lastTouched(geometry, shape) {
  if (!shape) return new Set();
  switch (shape.kind) {
    case "place": case "from-hand": return new Set([shape.cell]);
    case "from-to": return new Set(shape.to === null || shape.to === undefined ? [shape.from] : [shape.from, shape.to]);
    case "domino": return new Set([shape.first, shape.second]);
    case "take": return new Set([shape.pile]);
    case "sow": return new Set([shape.pit]);
    case "edge": {
      if (geometry.kind !== "dots") return new Set();
      const [a, b] = [Math.min(shape.from, shape.to), Math.max(shape.from, shape.to)];
      const index = G.dotLines(geometry.rows, geometry.columns).findIndex(([p, q]) => p === a && q === b);
      return new Set(index >= 0 ? [index] : []);
    }
    default: return new Set();
  }
}
