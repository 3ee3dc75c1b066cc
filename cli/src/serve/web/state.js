// A game's state on the page, without the DOM: the moves played, the moves undone (redo),
// the hints setting, who the computer plays and at what level, all read from and written to
// the URL hash (`#game/misere?moves=5,1&redo=9&computer=second&level=safe&hints=off`).
// Moves are strings as `perfect-play play` takes them. Tested with `node --test`
// (cli/tests/web/state.test.mjs).

// The computer's levels, as `play --level` and `/pick?level=` take them. `/api/games` does
// not list them yet: this is the one list on the page until it does.
export const LEVELS = [
  ["perfect", "Perfect: wins fastest, loses slowest"],
  ["safe", "Safe: any move that does not lose"],
  ["skill:75", "Skilled: perfect 3 times in 4"],
  ["skill:40", "Beginner: perfect 2 times in 5"],
  ["random", "Random: any legal move"],
];

export const COMPUTER = ["none", "first", "second"];

// The part of the URL after `#`: the route (`game/misere`, `footholds`...) and its query.
// Old links keep working: `#tictactoe?moves=4,0` (cells 0-8, the board's old numbering)
// is `#game/tictactoe?moves=5,1`, its computer `o`/`x` the second/first side.
export function parseHash(hash) {
  let text = String(hash ?? "").replace(/^#/, "");
  const at = text.indexOf("?");
  let route = decodeURIComponent(at < 0 ? text : text.slice(0, at));
  const params = new URLSearchParams(at < 0 ? "" : text.slice(at + 1));
  if (route === "tictactoe") {
    route = "game/tictactoe";
    for (const key of ["moves", "redo"]) {
      if (params.has(key)) {
        params.set(key, splitMoves(params.get(key)).map((cell) => (/^[0-8]$/.test(cell) ? String(Number(cell) + 1) : cell)).join(","));
      }
    }
    const computer = { x: "first", o: "second" }[params.get("computer")];
    if (computer) params.set("computer", computer);
  }
  const [view, ...rest] = route.split("/");
  return { view: view || "", game: rest.join("/") || null, params };
}

export function splitMoves(text) {
  return text ? String(text).split(",").map((move) => move.trim()).filter(Boolean) : [];
}

// A game's state from the query of its hash; anything unknown falls back to the default.
export function readState(params) {
  const computer = params.get("computer");
  const level = params.get("level");
  return {
    start: params.get("start") || null,
    moves: splitMoves(params.get("moves")),
    redo: splitMoves(params.get("redo")),
    hints: params.get("hints") !== "off",
    computer: COMPUTER.includes(computer) ? computer : "none",
    level: level && /^(perfect|safe|random|skill:\d{1,3})$/.test(level) ? level : "perfect",
  };
}

// The hash of a game's state: only what differs from the defaults, commas unescaped so a
// shared link reads as the moves it holds.
export function hashOf(game, state) {
  const query = new URLSearchParams();
  if (state.start) query.set("start", state.start);
  if (state.moves.length) query.set("moves", state.moves.join(","));
  if (state.redo.length) query.set("redo", state.redo.join(","));
  if (state.computer !== "none") query.set("computer", state.computer);
  if (state.level !== "perfect") query.set("level", state.level);
  if (!state.hints) query.set("hints", "off");
  const text = query.toString().replace(/%2C/g, ",").replace(/%3A/g, ":");
  return `#game/${game}${text ? "?" + text : ""}`;
}

// Undo against the computer takes back its reply too, so that it is the person's turn again.
export function undone(state) {
  let count = state.computer !== "none" && state.moves.length > 1 ? 2 : 1;
  const moves = state.moves.slice();
  const redo = state.redo.slice();
  while (count-- > 0 && moves.length) redo.unshift(moves.pop());
  return { ...state, moves, redo };
}

export function redone(state) {
  if (!state.redo.length) return state;
  const [next, ...rest] = state.redo;
  return { ...state, moves: [...state.moves, next], redo: rest };
}

// A new move: redo keeps its moves only if this is the one it would replay.
export function played(state, move) {
  return { ...state, moves: [...state.moves, move], redo: state.redo[0] === move ? state.redo.slice(1) : [] };
}

// Back to the position after `count` moves, the later ones kept for redo.
export function rewound(state, count) {
  if (count >= state.moves.length) return state;
  return { ...state, moves: state.moves.slice(0, count), redo: [...state.moves.slice(count), ...state.redo] };
}

// Which side the computer plays, by name, given the game's sides; null for nobody.
export function computerSide(state, sides) {
  if (state.computer === "none" || !sides) return null;
  return sides[state.computer === "first" ? 0 : 1];
}

// Whether a person's click on `move` is to be played now: never while an answer is awaited
// (a double-click, a click during the computer's turn), never after the end, never a move
// the position does not have. Returns the reason when not. `computer` is the computer's
// side (null for nobody).
export function refusal(position, move, { waiting = false, computer = null } = {}) {
  if (waiting) return "waiting";
  if (!position) return "no position";
  if (position.finished) return "finished";
  if (computer !== null && position.to_move === computer) return "computer";
  if (!position.moves.some((option) => option.move === move)) return "illegal";
  return null;
}

// The board's rows and columns: as the server says them (`width`, `height` of a position),
// else from the position as the game writes it (rows separated by `/`, then maybe a space
// and the side to move: `www/.../bbb w` is 3 by 3; nine cells in a row, 3 by 3).
export function shape(position, cells, width, height) {
  if (width > 0 && height > 0) return { width, height };
  const rows = String(position).split(" ")[0].split("/");
  let columns = rows[0].length || cells.length;
  if (rows.length === 1 && Number.isInteger(Math.sqrt(cells.length))) columns = Math.sqrt(cells.length);
  return { width: columns, height: Math.max(1, Math.round(cells.length / columns)) };
}

// How a click on the board makes each move: a placement on its cell, a drop into a
// column, or a piece's move from one cell to another (or off the board), as the move's
// `kind` says (the game's own shape, from the server). An answer without `kind` (an older
// server) is read from its cells and name. `to` and `from` are 0-based cells.
export function moveKind(move, width) {
  if (move.kind !== undefined) return { place: "place", drop: "drop", "from-to": "step" }[move.kind] ?? "other";
  if (move.from !== null && move.from !== undefined) return "step";
  if (move.to !== null && move.to !== undefined && move.move === String(move.to + 1)) return "place";
  if (/^\d+$/.test(move.move) && Number(move.move) >= 1 && Number(move.move) <= width) return "drop";
  return "other";
}

// The column a drop falls into, 0 from the left: the server's `column`, else its name.
export function dropColumn(move) {
  return move.column ?? Number(move.move) - 1;
}

// Whether a position's moves say the game drops pieces into columns: with the moves'
// `kind`, every move is a drop; without, some move names a column its piece does not land
// on as a cell number, and every move names a column. (A disc landing in the top row has a
// name that also reads as its cell: still a drop.)
export function dropsIntoColumns(moves, width) {
  const kinds = moves.map((move) => moveKind(move, width));
  if (moves.length && moves.every((move) => move.kind !== undefined)) return kinds.every((kind) => kind === "drop");
  return kinds.includes("drop") &&
    moves.every((move, index) => kinds[index] === "drop" || (kinds[index] === "place" && Number(move.move) <= width));
}

// The longest prefix of `moves` that is legal, given a check that answers whether a list is
// (legality is kept by prefixes, so a binary search finds it in a few questions).
export async function longestLegal(moves, isLegal) {
  let low = 0;
  let high = moves.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (await isLegal(moves.slice(0, mid))) low = mid;
    else high = mid - 1;
  }
  return low;
}
