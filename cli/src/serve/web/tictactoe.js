// Tic-tac-toe: play by clicking, see what every empty cell leads to, undo and redo, play
// the computer at a level, and follow the game's value move by move.
//
// The state is the URL: `#tictactoe?start=BOARD&moves=4,1,0&computer=o&level=perfect&hints=off`.
// Every answer comes from the server (`/api/tictactoe/game`), which reads the library's
// table and judges each move; the page only draws.

import { get } from "./api.js";
import { GLYPH, badge, clearError, el, hashFor, played, redone, showError, undone, valueFor } from "./board.js";
import { drawChart } from "./chart.js";

export const LEVELS = [
  ["perfect", "Perfect: wins fastest, loses slowest"],
  ["safe", "Safe: any move that does not lose"],
  ["skill:75", "Skilled: perfect 3 times in 4"],
  ["skill:40", "Beginner: perfect 2 times in 5"],
  ["random", "Random: any legal move"],
];

const EMPTY = ".........";

export async function mount(root, params) {
  const state = {
    start: EMPTY,
    moves: [],
    redo: [],
    hints: true,
    computer: "none",
    level: "perfect",
    data: null,
    thinking: null,
    token: 0,
  };

  const status = el("p", { class: "status", id: "ttt-status" });
  const grid = el("div", { class: "ttt-board", id: "ttt-board", role: "grid", "aria-label": "Tic-tac-toe board" });
  const undo = el("button", { id: "ttt-undo", type: "button", onclick: () => step(-1) }, "\u21b6 Undo");
  const redo = el("button", { id: "ttt-redo", type: "button", onclick: () => step(1) }, "Redo \u21b7");
  const restart = el("button", { id: "ttt-new", type: "button", onclick: () => go({ start: state.start, moves: [], redo: [] }) }, "New game");
  const hints = el("input", { type: "checkbox", id: "ttt-hints", checked: true, onchange: () => go({ hints: hints.checked }) });
  const computer = el("select", { id: "ttt-computer", onchange: () => go({ computer: computer.value }) },
    el("option", { value: "none" }, "nobody (two people)"),
    el("option", { value: "o" }, "o (you are x)"),
    el("option", { value: "x" }, "x (you are o)"));
  const level = el("select", { id: "ttt-level", onchange: () => go({ level: level.value }) },
    LEVELS.map(([value, label]) => el("option", { value }, label)));
  const chart = el("div", { class: "chart", id: "ttt-chart" });
  const plies = el("ol", { class: "plies", id: "ttt-plies" });
  const share = el("a", { id: "ttt-link", href: "#tictactoe" }, "link to this position");

  root.append(
    el("section", { class: "play" },
      el("div", { class: "board-column" },
        status, grid,
        el("div", { class: "controls" }, undo, redo, restart),
        el("div", { class: "options" },
          el("label", {}, hints, " Show what each move leads to"),
          el("label", {}, "Computer plays ", computer),
          el("label", {}, "Level ", level)),
        el("p", { class: "legend" },
          badge("win", 1), " ", badge("draw", 9), " ", badge("loss", 2),
          el("br"), "for the player to move; plies count both players' moves to the end, this one included; \u2605 marks the best moves."),
        el("p", {}, share)),
      el("div", { class: "history-column" },
        el("h2", {}, "Value history"),
        el("p", { class: "hint" }, "One step per ply: above the line x wins, below it o wins, on it a draw; the further from the line, the sooner the win. A red ring marks a move that changed the outcome."),
        chart,
        plies)),
  );

  function go(change) {
    Object.assign(state, change);
    const query = new URLSearchParams();
    if (state.start !== EMPTY) query.set("start", state.start);
    if (state.moves.length) query.set("moves", state.moves.join(","));
    if (state.redo.length) query.set("redo", state.redo.join(","));
    if (state.computer !== "none") query.set("computer", state.computer);
    if (state.level !== "perfect") query.set("level", state.level);
    if (!state.hints) query.set("hints", "off");
    const hash = hashFor("tictactoe", query);
    if (location.hash !== hash) location.hash = hash;
    else update(query);
  }

  function step(direction) {
    if (direction < 0 && state.moves.length) go(undone(state.moves, state.redo, state.computer !== "none"));
    else if (direction > 0 && state.redo.length) go(redone(state.moves, state.redo));
  }

  function play(cell) {
    go(played(state.moves, state.redo, cell));
  }

  async function update(params) {
    state.start = params.get("start") || EMPTY;
    state.moves = cellsOf(params.get("moves"));
    state.redo = cellsOf(params.get("redo"));
    state.computer = ["x", "o"].includes(params.get("computer")) ? params.get("computer") : "none";
    state.level = params.get("level") || "perfect";
    state.hints = params.get("hints") !== "off";
    hints.checked = state.hints;
    computer.value = state.computer;
    level.value = state.level;
    share.href = location.hash || "#tictactoe";
    clearTimeout(state.thinking);
    const query = new URLSearchParams();
    if (state.start !== EMPTY) query.set("start", state.start);
    query.set("moves", state.moves.join(","));
    // Answers can arrive out of order when moves come quickly: only the latest is drawn.
    const token = ++state.token;
    let data;
    try {
      data = await get(`/api/tictactoe/game?${query}`);
    } catch (error) {
      if (token === state.token) showError(`This position cannot be shown: ${error.message}`);
      return;
    }
    if (token !== state.token) return;
    clearError();
    state.data = data;
    render();
    const position = current();
    if (!position.finished && position.to_move === state.computer) {
      state.thinking = setTimeout(computerMove, 350);
    }
  }

  async function computerMove() {
    const position = current();
    try {
      const pick = await get(`/api/tictactoe/${position.board}/pick?level=${encodeURIComponent(state.level)}`);
      if (current() === position) play(pick.cell);
    } catch (error) {
      showError(`The computer cannot move: ${error.message}`);
    }
  }

  function current() {
    return state.data.positions[state.data.positions.length - 1];
  }

  function render() {
    const position = current();
    const mover = position.to_move;
    const values = new Map(position.moves.map((move) => [move.cell, move]));
    const best = new Set(position.best_moves);
    const yourTurn = !position.finished && mover !== state.computer;
    grid.replaceChildren(...[...position.board].map((mark, cell) => {
      const move = values.get(cell);
      const attrs = { class: "cell", type: "button", "data-cell": cell, role: "gridcell" };
      if (mark !== ".") {
        return el("button", { ...attrs, class: `cell mark-${mark}`, disabled: true, "aria-label": `cell ${cell}: ${mark}` },
          el("span", { class: "mark" }, mark), el("span", { class: "index" }, cell));
      }
      if (!move) {
        // The game is over: an empty cell stays empty.
        return el("button", { ...attrs, class: "cell empty", disabled: true, "aria-label": `cell ${cell}: empty` },
          el("span", { class: "index" }, cell));
      }
      const value = valueFor(move.outcome, mover);
      const shown = state.hints;
      return el("button", {
        ...attrs,
        class: `cell empty${shown ? ` hint v-${value}` : ""}${shown && best.has(cell) ? " best" : ""}`,
        "data-value": value,
        "data-plies": move.plies,
        disabled: !yourTurn,
        "aria-label": shown ? `cell ${cell}: ${mover} ${valueTextLong(value, move.plies)}` : `cell ${cell}: empty`,
        onclick: () => play(cell),
      },
      shown ? el("span", { class: "cell-value" },
        el("span", { class: "glyph", "aria-hidden": "true" }, GLYPH[value]),
        el("span", { class: "word" }, value === "draw" ? "draw" : `${value} ${move.plies}`)) : null,
      shown && best.has(cell) ? el("span", { class: "star", title: "a best move" }, "\u2605") : null,
      el("span", { class: "index" }, cell));
    }));
    status.replaceChildren(describe(position));
    // How many moves the drawn board holds, for scripts driving the page.
    grid.dataset.moves = state.data.moves.length;
    undo.disabled = state.moves.length === 0;
    redo.disabled = state.redo.length === 0;
    drawChart(chart, state.data.positions, state.data.plies, (index) => {
      const back = state.moves.length - index;
      if (back > 0) {
        go({ moves: state.moves.slice(0, index), redo: [...state.moves.slice(index), ...state.redo] });
      }
    });
    plies.replaceChildren(...state.data.plies.map((ply, index) => {
      const after = state.data.positions[index + 1];
      return el("li", { class: `ply verdict-${ply.verdict}`, value: ply.number, "data-verdict": ply.verdict },
        el("span", { class: "sentence" }, capitalize(ply.sentence)),
        el("span", { class: "views" },
          ` \u00b7 then x: ${valueTextLong(valueFor(after.outcome, "x"), after.plies)}`,
          `, o: ${valueTextLong(valueFor(after.outcome, "o"), after.plies)}`));
    }));
  }
  await update(params);
  return { update };
}

function describe(position) {
  if (position.finished) {
    return position.winner ? `${position.winner} has three in a row: ${position.winner} won.` : "The board is full: a draw.";
  }
  const outcome = position.outcome === "draw"
    ? `a draw (${position.plies} plies to a full board)`
    : `${position.outcome} wins in ${position.plies} ${position.plies === 1 ? "ply" : "plies"}`;
  return `${position.to_move} to move. With perfect play: ${outcome}.`;
}

function valueTextLong(value, plies) {
  if (plies === 0) return { win: "won", draw: "drawn", loss: "lost" }[value];
  if (value === "draw") return "draw";
  return `${value} in ${plies} ${plies === 1 ? "ply" : "plies"}`;
}

function capitalize(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function cellsOf(text) {
  if (!text) return [];
  return text.split(",").filter((part) => /^[0-8]$/.test(part)).map(Number);
}
