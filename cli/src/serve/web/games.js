// Every other game solved at compile time (misère tic-tac-toe, Hexapawn, Dodgem...), on
// one board: click a piece, then where it goes (or an empty cell, in a game of placing
// marks); every move's value is shown on its cell and in the list; undo, redo, the
// computer at a level, and the value history, as for tic-tac-toe.
//
// The state is the URL: `#game/hexapawn?moves=2-5,7-5&computer=second&level=perfect`.
// The moves are in the game's own notation; the server (`/api/games/{game}`) answers and
// judges them from the library's table.

import { get } from "./api.js";
import { GLYPH, badge, clearError, el, hashFor, played, redone, showError, undone, valueFor } from "./board.js";
import { drawChart } from "./chart.js";
import { LEVELS } from "./tictactoe.js";

export async function mount(root, params, game) {
  const state = {
    moves: [],
    redo: [],
    hints: true,
    computer: "none",
    level: "perfect",
    data: null,
    selected: null,
    thinking: null,
    token: 0,
  };

  const title = el("h2", { id: "game-title" }, game);
  const status = el("p", { class: "status", id: "game-status" });
  const grid = el("div", { class: "ttt-board game-board", id: "game-board", role: "grid", "aria-label": `${game} board` });
  const offBoard = el("div", { class: "controls", id: "game-off" });
  const undo = el("button", { id: "game-undo", type: "button", onclick: () => step(-1) }, "\u21b6 Undo");
  const redo = el("button", { id: "game-redo", type: "button", onclick: () => step(1) }, "Redo \u21b7");
  const restart = el("button", { id: "game-new", type: "button", onclick: () => go({ moves: [], redo: [] }) }, "New game");
  const hints = el("input", { type: "checkbox", id: "game-hints", checked: true, onchange: () => go({ hints: hints.checked }) });
  const computer = el("select", { id: "game-computer", onchange: () => go({ computer: computer.value }) });
  const level = el("select", { id: "game-level", onchange: () => go({ level: level.value }) },
    LEVELS.map(([value, label]) => el("option", { value }, label)));
  const list = el("ul", { class: "moves-list", id: "game-moves" });
  const help = el("p", { class: "hint", id: "game-help" });
  const chart = el("div", { class: "chart", id: "game-chart" });
  const plies = el("ol", { class: "plies", id: "game-plies" });

  root.append(el("section", { class: "game" },
    el("div", { class: "board-column" },
      title, status, grid, offBoard,
      el("div", { class: "controls" }, undo, redo, restart),
      el("div", { class: "options" },
        el("label", {}, hints, " Show what each move leads to"),
        el("label", {}, "Computer plays ", computer),
        el("label", {}, "Level ", level)),
      help,
      el("h2", {}, "Every move from here"),
      list),
    el("div", { class: "history-column" },
      el("h2", {}, "Value history"),
      el("p", { class: "hint", id: "game-chart-hint" }),
      chart,
      plies)));

  function go(change) {
    Object.assign(state, change, { selected: null });
    const query = new URLSearchParams();
    if (state.moves.length) query.set("moves", state.moves.join(","));
    if (state.redo.length) query.set("redo", state.redo.join(","));
    if (state.computer !== "none") query.set("computer", state.computer);
    if (state.level !== "perfect") query.set("level", state.level);
    if (!state.hints) query.set("hints", "off");
    const hash = hashFor(`game/${game}`, query);
    if (location.hash !== hash) location.hash = hash;
    else update(query);
  }

  function step(direction) {
    if (direction < 0 && state.moves.length) go(undone(state.moves, state.redo, state.computer !== "none"));
    else if (direction > 0 && state.redo.length) go(redone(state.moves, state.redo));
  }

  function play(move) {
    go(played(state.moves, state.redo, move));
  }

  async function update(params) {
    state.moves = listOf(params.get("moves"));
    state.redo = listOf(params.get("redo"));
    state.computer = ["first", "second"].includes(params.get("computer")) ? params.get("computer") : "none";
    state.level = params.get("level") || "perfect";
    state.hints = params.get("hints") !== "off";
    clearTimeout(state.thinking);
    const token = ++state.token;
    let data;
    try {
      data = await get(`/api/games/${game}?moves=${encodeURIComponent(state.moves.join(","))}`);
    } catch (error) {
      if (token === state.token) showError(`This game cannot be shown: ${error.message}`);
      return;
    }
    if (token !== state.token) return;
    clearError();
    state.data = data;
    render();
    const position = current();
    if (!position.finished && position.to_move === computerSide()) {
      state.thinking = setTimeout(computerMove, 350);
    }
  }

  function computerSide() {
    if (state.computer === "none" || !state.data) return null;
    return state.data.sides[state.computer === "first" ? 0 : 1];
  }

  async function computerMove() {
    const position = current();
    try {
      const query = `position=${encodeURIComponent(position.position)}&level=${encodeURIComponent(state.level)}`;
      const pick = await get(`/api/games/${game}/pick?${query}`);
      if (current() === position) play(pick.move);
    } catch (error) {
      showError(`The computer cannot move: ${error.message}`);
    }
  }

  function current() {
    return state.data.positions[state.data.positions.length - 1];
  }

  function render() {
    const data = state.data;
    const position = current();
    const mover = position.to_move;
    const yourTurn = !position.finished && mover !== computerSide();
    title.textContent = { misere: "Misère tic-tac-toe", hexapawn: "Hexapawn", dodgem: "Dodgem" }[game] ?? game;
    hints.checked = state.hints;
    computer.replaceChildren(
      el("option", { value: "none" }, "nobody (two people)"),
      el("option", { value: "second" }, `${data.sides[1]} (you are ${data.sides[0]})`),
      el("option", { value: "first" }, `${data.sides[0]} (you are ${data.sides[1]})`));
    computer.value = state.computer;
    level.value = state.level;
    help.textContent = `Position ${position.position}. Moves are written ${data.move_help}; cells are numbered 1-9 from the top left.`;
    // The moves a click on each cell can make: a placement lands on its cell; a piece's
    // move starts with a click on the piece and ends on its target.
    const placing = position.moves.every((move) => move.from === null);
    const fromCells = new Set(position.moves.filter((move) => move.from !== null).map((move) => move.from));
    const targets = new Map();
    for (const move of position.moves) {
      if (move.to === null) continue;
      if (placing || move.from === state.selected) targets.set(move.to, move);
    }
    grid.replaceChildren(...[...position.cells].map((piece, cell) => {
      const side = piece === "." ? null : data.sides[data.pieces.indexOf(piece)];
      const move = targets.get(cell);
      const classes = ["cell"];
      if (side) classes.push(`piece piece-${data.pieces.indexOf(piece)}`);
      if (state.selected === cell) classes.push("selected");
      let content = side ? el("span", { class: "mark" }, piece) : null;
      let onclick = null;
      if (move && yourTurn) {
        const value = valueFor(move.outcome, mover);
        if (state.hints) {
          classes.push("hint", `v-${value}`);
          content = [content, el("span", { class: "cell-value" },
            el("span", { class: "glyph", "aria-hidden": "true" }, GLYPH[value]),
            el("span", { class: "word" }, value === "draw" ? "draw" : `${value} ${move.plies}`))];
        }
        onclick = () => play(move.move);
      } else if (yourTurn && fromCells.has(cell)) {
        classes.push("movable");
        onclick = () => { state.selected = state.selected === cell ? null : cell; render(); };
      }
      return el("button", {
        type: "button",
        class: classes.join(" "),
        "data-cell": cell,
        "data-value": move && state.hints ? valueFor(move.outcome, mover) : null,
        disabled: !onclick,
        "aria-label": `cell ${cell + 1}${side ? `: ${side}` : ""}`,
        onclick,
      }, content, el("span", { class: "index" }, cell + 1));
    }));
    // Moves that leave the board (a Dodgem car driving off) have no target cell.
    offBoard.replaceChildren(...position.moves
      .filter((move) => move.to === null && move.from === state.selected && yourTurn)
      .map((move) => el("button", { type: "button", class: "off-board", onclick: () => play(move.move) },
        `${move.move}: drive off `, state.hints ? badge(valueFor(move.outcome, mover), move.plies) : null)));
    if (!position.moves.length) list.replaceChildren(el("li", {}, "None: the game is over."));
    else list.replaceChildren(...position.moves.map((move) =>
      el("li", { "data-move": move.move },
        el("button", { type: "button", disabled: !yourTurn, onclick: () => play(move.move) }, move.move), " ",
        state.hints ? badge(valueFor(move.outcome, mover), move.plies) : null,
        state.hints && position.best_moves.includes(move.move) ? " \u2605" : null)));
    status.replaceChildren(describe(position));
    grid.dataset.moves = data.moves.length;
    undo.disabled = state.moves.length === 0;
    redo.disabled = state.redo.length === 0;
    document.getElementById("game-chart-hint").textContent =
      `One step per ply: above the line ${data.sides[0]} wins, below it ${data.sides[1]} wins, on it a draw; the further from the line, the sooner the win. A red ring marks a move that changed the outcome.`;
    drawChart(chart, data.positions, data.plies, (index) => {
      if (index < state.moves.length) {
        go({ moves: state.moves.slice(0, index), redo: [...state.moves.slice(index), ...state.redo] });
      }
    }, data.sides);
    plies.replaceChildren(...data.plies.map((ply) =>
      el("li", { class: `ply verdict-${ply.verdict}`, value: ply.number, "data-verdict": ply.verdict },
        el("span", { class: "sentence" }, ply.sentence.charAt(0).toUpperCase() + ply.sentence.slice(1)))));
  }

  await update(params);
  return { update };
}

function describe(position) {
  if (position.finished) {
    return position.winner ? `${position.winner} has won.` : "The game is over: a draw.";
  }
  if (position.outcome === "draw") {
    return position.plies === null
      ? `${position.to_move} to move. With perfect play: a draw, and play can go on for ever.`
      : `${position.to_move} to move. With perfect play: a draw.`;
  }
  return `${position.to_move} to move. With perfect play: ${position.outcome} wins in ${position.plies} ${position.plies === 1 ? "ply" : "plies"}.`;
}

function listOf(text) {
  return text ? text.split(",").map((move) => move.trim()).filter(Boolean) : [];
}
