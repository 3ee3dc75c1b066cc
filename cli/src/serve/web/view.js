// One board for every game the server solves, at any size: drawn from what
// `/api/games/{game}/stream` answers (the position's geometry and cells or counts, the pieces of
// each side, every move with its shape and value), never from code written for one game
// (boards.js draws each geometry). A click places a mark on a cell, drops a disc into a
// column, picks a piece or a domino's cell and then its target, takes counters, sows a
// pit, draws a line or passes, as the moves' shapes say.
//
// The state lives in the URL (see state.js); this module only draws it and turns clicks
// into new states. Test hooks: `data-cell` (the number a person types), `data-move`,
// `data-value`, `data-plies`, `data-status`, `data-ply`, `data-rules`.

import * as A from "./answers.js";
import * as api from "./api.js";
import { badge, clearError, el, showError, valueFor } from "./dom.js";
import * as B from "./boards.js";
import { drawChart } from "./chart.js";
import { sizeForm } from "./families.js";
import * as G from "./geometry.js";
import * as S from "./state.js";

// A game's title as a person reads it: the server's `title` when it gives one, with a
// family's size (`m,n,k-game (m=4, n=3, k=3)`).
export function titleOf(info) {
  const size = G.sizeWords(info.parameters);
  if (info.title) return size ? `${info.title} (${size})` : info.title;
  const name = info.name ?? info.game;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

// How a person finds a move's number on a board of this geometry.
const NUMBERING = {
  "hex-rhombus": "cells are numbered from the top left, row by row.",
  piles: "piles are numbered from the left; a click on a counter takes it and every counter above it.",
  pits: "pits are numbered round the board the way the seeds go, from the bottom left.",
  dots: "dots are numbered from the top left, row by row; a click on a line draws it.",
};

// `info` is the game's entry in `/api/games`, or null for a family's size (the review
// says its title and rules); `families` is `/api/families`, for the size form.
// How many times a game answered by search asks again when the server's search runs out of
// its time (each try of the server's --solve-time-limit, 3 s by default).
const SEARCH_TRIES = 20;
// How long an answer may take before the page says it is searching: a lookup never shows
// it, a search that takes a moment always does.
const QUIET_MS = 300;

export async function mount(root, params, name, info, families = []) {
  let state = S.readState(params);
  const view = {
    data: null,
    token: 0,
    waiting: false, // the game after the last click is not drawn yet: clicks are refused, saying so
    selected: null, // the piece picked, in a game of moving pieces
    reveal: false, // hints are off, but the person asked for this position's answer
    focus: null, // the board cell that has the focus, kept across redraws
    drop: false, // the game's moves name columns
    thinking: null, // the computer's move, about to be asked for
    picking: false, // the computer's move is asked for
    unreachable: false, // the start given is a position no game reaches
    asked: false, // the computer's move is asked for (or played) in this position
    notice: "",
    controller: null, // stops the answers of a position left
    started: 0, // when the answers of this position were first asked for
    slow: null, // the timer that says an answer takes a moment
    ticker: null, // the timer that keeps the search's progress up to date
    retrying: "", // why the answers are asked for again
    refused: null, // the timer that clears a refused click's reason
  };
  const id = (part) => `game-${part}`;

  const title = el("h2", { id: id("title") }, info ? titleOf(info) : name);
  // A family's size is changed here (the family's form, filled with this size).
  const size = el("details", { class: "size", id: id("size"), hidden: true });
  // Said while an answer is slow: a size not compiled in is being solved.
  const waiting = el("p", { class: "notice solving", id: id("solving"), role: "status", hidden: true });
  const rules = el("details", { class: "rules", "data-rules": "", id: id("rules"), hidden: true },
    el("summary", {}, "Rules"), el("p", {}));
  // Live: a screen reader says each new status, the end of the game with its line included.
  const status = el("p", { class: "status", id: id("status"), "data-status": "", role: "status", "aria-live": "polite" });
  const notice = el("p", { class: "notice", id: id("notice"), hidden: true });
  const columns = el("div", { class: "columns", id: id("columns"), role: "group", "aria-label": "Columns", hidden: true });
  const board = el("div", { class: "board", id: id("board"), role: "group", "aria-label": `${info ? titleOf(info) : name} board` });
  const offBoard = el("div", { class: "controls", id: id("off") });
  // The hands of a game with hands (Dōbutsu shōgi): the second side's above the board,
  // the first side's below; hidden in every other game.
  const hands = [
    el("div", { class: "hand hand-0", id: id("hand-0"), role: "group", hidden: true }),
    el("div", { class: "hand hand-1", id: id("hand-1"), role: "group", hidden: true }),
  ];
  const undo = el("button", { id: id("undo"), type: "button", onclick: () => go(S.undone(state)) }, "\u21b6 Undo");
  const redo = el("button", { id: id("redo"), type: "button", onclick: () => go(S.redone(state)) }, "Redo \u21b7");
  const restart = el("button", { id: id("new"), type: "button", onclick: () => go({ ...state, moves: [], redo: [] }) }, "New game");
  const hints = el("input", { type: "checkbox", id: id("hints"), checked: true, onchange: () => go({ ...state, hints: hints.checked }) });
  const reveal = el("button", { id: id("reveal"), type: "button", hidden: true, onclick: () => { view.reveal = true; render(); } },
    "Show the answer for this position");
  const computer = el("select", { id: id("computer"), onchange: () => go({ ...state, computer: computer.value }) });
  const level = el("select", { id: id("level"), onchange: () => go({ ...state, level: level.value }) },
    S.LEVELS.map(([value, label]) => el("option", { value }, label)));
  const help = el("p", { class: "hint", id: id("help") });
  const list = el("ul", { class: "moves-list", id: id("moves") });
  const chartHint = el("p", { class: "hint", id: id("chart-hint") });
  const chart = el("div", { class: "chart", id: id("chart") });
  const plies = el("ol", { class: "plies", id: id("plies"), "aria-label": "The moves played" });
  const answers = el("div", { id: id("answers") }, el("h3", {}, "Every move from here"), list);

  // A size answered from a table file alone that the server was not given: said in place
  // of the board, which has nothing to show (see needsTable).
  const missing = el("section", { class: "needs-table", id: id("needs-table"), hidden: true, "aria-labelledby": id("needs-table-title") });
  const columnsShown = [];

  root.append(el("section", { class: "game" }, missing,
    el("div", { class: "board-column" },
      title, size, rules, waiting, status, notice, columns, hands[1], board, hands[0], offBoard,
      el("div", { class: "controls" }, undo, redo, restart),
      reveal,
      el("div", { class: "options" },
        el("label", {}, hints, " Show what each move leads to"),
        el("label", {}, "Computer plays ", computer),
        el("label", {}, "Level ", level)),
      el("p", { class: "legend" },
        badge("win", 1), " ", badge("draw", 9), " ", badge("loss", 2), el("br"),
        "for the player to move; plies count both players' moves to the end, this one included; \u2605 marks the best moves."),
      help, answers),
    el("div", { class: "history-column" },
      el("h2", {}, "Value history"),
      chartHint, chart, plies)));
  columnsShown.push(...root.querySelectorAll(".board-column, .history-column"));

  board.addEventListener("keydown", arrows);

  function go(next) {
    state = next;
    view.selected = null;
    const hash = S.hashOf(name, state);
    if (location.hash !== hash) location.hash = hash;
    else update(S.parseHash(hash).params);
  }

  function current() {
    return view.data ? view.data.positions[view.data.positions.length - 1] : null;
  }

  function computerSide() {
    return S.computerSide(state, view.data?.sides ?? info?.sides);
  }

  // A person's move, unless it cannot be played now (see S.refusal): then the reason is
  // said where the status is, and nothing is played.
  function tryPlay(move) {
    const why = S.refusal(current(), move, { waiting: view.waiting, computer: computerSide() });
    if (why) {
      refused(why);
      return;
    }
    view.waiting = true;
    board.setAttribute("aria-busy", "true");
    go(S.played(state, move));
  }

  // Says why a click was not played, for a few seconds.
  function refused(why) {
    const side = computerSide();
    const words = {
      waiting: "Not played: the last move is still being drawn. Click again once it is.",
      computer: `Not played: it is ${side}'s turn, and the computer plays ${side}; your turn comes after its move.`,
      finished: "Not played: the game is over. Undo, or start a new game.",
      "no position": "Not played: the game is not drawn yet.",
    }[why];
    if (!words) return;
    clearTimeout(view.refused);
    notice.hidden = false;
    notice.textContent = words;
    notice.dataset.refused = why;
    view.refused = setTimeout(() => {
      delete notice.dataset.refused;
      notice.hidden = !view.notice;
      notice.textContent = view.notice;
    }, 4000);
  }

  // The answers of `moves`, followed to their end and drawn as they come; asked for again
  // while the server's search runs out of its time (each try goes on from what the last
  // proved), up to SEARCH_TRIES times, saying so. Throws what is wrong with the request.
  async function follow(moves, token) {
    let known = null;
    for (let attempt = 1; ; attempt++) {
      let again = null;
      try {
        await listen(moves, token, known);
      } catch (error) {
        if (error.name === "AbortError" || token !== view.token) return;
        // A table's 503 is a server at its limits: said, not asked again.
        if (error.status !== 503 || info?.answered_by !== "search" || attempt >= SEARCH_TRIES) throw error;
        again = { message: error.message, retryAfter: 1 };
      }
      if (token !== view.token) return;
      const error = view.waiting ? null : view.data?.error;
      if (!again && error && error.status === 503 && attempt < SEARCH_TRIES) again = error;
      if (!again) break;
      known = view.waiting ? null : view.data;
      // The server's own words are for scripts; a person is told what happens.
      view.retrying = `the server searches a few seconds at a time and keeps what each try proved: try ${attempt + 1} of ${SEARCH_TRIES}`;
      progress();
      await new Promise((resolve) => setTimeout(resolve, Math.min(1, again.retryAfter ?? 1) * 1000));
      if (token !== view.token) return;
    }
    view.retrying = "";
    settle(token);
  }

  // One stream of answers: each batch of events folded into the game and drawn.
  async function listen(moves, token, known) {
    const controller = new AbortController();
    view.controller = controller;
    await api.stream(name, moves, state.start, {
      signal: controller.signal,
      onEvents: (events) => {
        if (token !== view.token) {
          controller.abort();
          return;
        }
        let data = view.waiting ? null : view.data;
        let drawn = false;
        for (const event of events) {
          if (event.event === "unreachable") {
            unreachable(event);
            return;
          }
          data = event.event === "game" ? A.keep(A.apply(null, event), known) : data && A.apply(data, event);
          drawn ||= event.event === "game";
        }
        if (data) arrive(data, drawn, token);
      },
    });
  }

  // A start no game reaches: said, with why, and nothing to draw.
  function unreachable({ unreachable: start }) {
    view.data = null;
    view.unreachable = true;
    finish();
    showError(`This game cannot be shown: no game reaches ${start.position}: ${start.reason}.`);
  }

  // New answers: the game drawn at once (the first batch), each value as it comes; the
  // computer asked for its move as soon as the position's moves are ranked.
  function arrive(data, drawn, token) {
    if (drawn) {
      clearTimeout(view.slow);
      clearError();
      view.waiting = false;
      // The URL as this page writes it (a link's settings in another order, unknown ones dropped).
      const hash = S.hashOf(name, state);
      if (location.hash !== hash) history.replaceState(null, "", hash);
    }
    view.data = data;
    render();
    progress();
    const position = current();
    if (!view.asked && position.ranked && !position.finished && position.to_move === computerSide()) {
      view.asked = true;
      view.thinking = setTimeout(() => computerMove(token), 300);
    }
  }

  // The answers are all in (or no more will come): the board is no longer busy.
  function settle(token) {
    if (token !== view.token || view.unreachable) return;
    const data = view.data;
    if (view.waiting || !data) {
      showError("The server stopped answering before it drew the game; reload the page to ask again.");
    } else if (data.error) {
      showError(`Not every answer could be found: ${data.error.message}`);
    } else if (!data.done) {
      showError("The server stopped answering before the last answer; reload the page to ask again.");
    }
    finish();
  }

  function finish() {
    clearTimeout(view.slow);
    view.waiting = false;
    view.retrying = "";
    board.removeAttribute("aria-busy");
    progress();
  }

  // What the page is waiting for, where it says so: the answers asked for again, a turn
  // for the search, the computer's move, or the search's progress once the answers of this
  // position take more than a moment (until every value of it is in).
  function progress() {
    const position = view.waiting ? null : current();
    const searching = position && !A.complete(position);
    const said = view.data?.waiting ||
      (view.picking ? `The computer (${position?.to_move}) is choosing its move\u2026` : "") ||
      (view.retrying && !position ? `Waiting for the server's answer (${view.retrying})\u2026` : "");
    if (!searching && !said) {
      clearInterval(view.ticker);
      view.ticker = null;
      if (!view.waiting) waiting.hidden = true;
      return;
    }
    if (searching) view.ticker ??= setInterval(progress, 250);
    const seconds = (performance.now() - view.started) / 1000;
    if (!said && seconds * 1000 < QUIET_MS) return;
    waiting.hidden = false;
    if (said) {
      waiting.textContent = said;
      return;
    }
    const total = position.moves.length;
    const value = `its value ${position.pending ? "not found yet" : "found"}`;
    const moves = total ? `, ${A.found(position)} of ${total} ${total === 1 ? "move's value" : "moves' values"} found` : "";
    const again = view.retrying ? ` (${view.retrying})` : "";
    waiting.textContent = `Searching this position: ${value}${moves}\u2026 ${seconds.toFixed(1)} s${again}`;
  }

  // The page for a size the server answers from a table file alone and has no file for
  // (`size`, the error's `needs_table`): what the game is, the command that makes its file
  // with what that costs (the registry's figures), how to serve it, and the sizes of its
  // family to play now; the board, its controls and its history hidden, since none of them
  // can work. `null` shows the board again.
  function needsTable(size) {
    missing.hidden = !size;
    for (const column of columnsShown) column.hidden = Boolean(size);
    if (!size) {
      missing.replaceChildren();
      delete missing.dataset.hash;
      return;
    }
    const sized = families.find((entry) => entry.needs_table.some((other) => other.game === size.game)) ?? null;
    const values = sizeValues(size.size);
    const standard = sized && G.sizeName(sized, {}) === `${sized.family}:${size.size}`;
    const heading = sized ? titleOf({ title: sized.title, parameters: standard ? {} : values }) : size.game;
    // The file named after the game, as a person would name it.
    const file = `${(standard ? sized.family : size.game).replace(/[^A-Za-z0-9_]+/g, "-")}.table`;
    const cost = size.solve_cost ? ` (${size.solve_cost})` : "";
    // A long command wraps between its words, never inside one (`--memory` stays whole);
    // focusable, as a word wider than the box scrolls, by keyboard too.
    const words = (text) => text.split(" ").flatMap((word, i) => [i ? " " : "", el("span", { class: "word" }, word)]);
    const command = (text, label) => el("pre", { "aria-label": label, tabindex: "0" }, el("code", {}, ...words(text)));
    const now = sized ? playNow(sized) : [];
    missing.replaceChildren(
      el("h2", { id: id("needs-table-title") }, heading),
      el("p", { class: "lead" }, el("strong", {}, "This game needs its table file, and this server was not given one."),
        " ", el("code", {}, size.game), " is too large to solve while you wait: its answers come from a table file alone, solved once in advance."),
      el("h3", {}, "To play it"),
      el("ol", { class: "steps" },
        el("li", {}, `Solve it once into a table file${cost}:`,
          command(`perfect-play solve ${size.game} --out ${file}${size.solve_memory ? ` --memory ${size.solve_memory}` : ""}`, "The command that solves it")),
        el("li", {}, "Serve that file, then open this page again:",
          command(`perfect-play serve --table ${file}`, "The command that serves it"))),
      now.length ? el("h3", {}, "Play now") : null,
      now.length ? el("p", {}, `Smaller sizes of ${sized.title} that this server answers without a file (solved when first opened, in a moment): `,
        now.flatMap((other, index) => [index ? ", " : null,
          el("a", { class: "play-now", href: `#game/${sized.family}:${other}` },
            titleOf({ title: sized.title, parameters: sizeValues(other) }))]), ".") : null,
      sized ? el("details", { class: "rules" }, el("summary", {}, `Rules of ${sized.title}`), el("p", {}, sized.rules)) : null,
      sized ? el("details", { class: "size" }, el("summary", {}, `Another size of ${sized.title}`),
        sizeForm(sized, values, { id: id("needs-size-form"), submit: "Play this size" })) : null);
    // The page has settled on this URL: for scripts waiting for it.
    missing.dataset.hash = location.hash;
  }

  async function update(params) {
    needsTable(null);
    state = S.readState(params);
    view.selected = null;
    view.reveal = false;
    view.asked = false;
    view.picking = false;
    view.retrying = "";
    view.unreachable = false;
    view.notice = "";
    clearTimeout(view.thinking);
    view.controller?.abort();
    const token = ++view.token;
    view.waiting = true;
    view.started = performance.now();
    board.setAttribute("aria-busy", "true");
    // An answer that takes a moment is said to be coming; the first of a family's size
    // that is not compiled in is being solved.
    clearTimeout(view.slow);
    view.slow = setTimeout(() => {
      if (token !== view.token || !view.waiting) return;
      waiting.hidden = false;
      waiting.textContent = !view.data && family()
        ? `Solving ${name} on its first use: a size not compiled into the server is solved now, in memory (a second or two for the larger ones)\u2026`
        : "Waiting for the server's answer\u2026";
    }, 150);
    try {
      await follow(state.moves, token);
      return;
    } catch (error) {
      if (token !== view.token) return;
      if (error.body?.needs_table) {
        finish();
        needsTable(error.body.needs_table);
        return;
      }
      if (![400, 422].includes(error.status) || !state.moves.length) {
        finish();
        showError(`This game cannot be shown: ${error.message}`);
        return;
      }
      // A link with a move that cannot be played: open at the last legal position.
      const keep = await S.longestLegal(state.moves, (moves) => api.playable(name, moves, state.start));
      if (token !== view.token) return;
      view.notice = `Move ${keep + 1} of the link (${state.moves[keep]}) cannot be played: ${error.message}. ` +
        `Shown: the position after ${keep} ${keep === 1 ? "move" : "moves"}.`;
      state = { ...state, moves: state.moves.slice(0, keep), redo: [] };
      history.replaceState(null, "", S.hashOf(name, state));
    }
    try {
      await follow(state.moves, token);
    } catch (again) {
      if (token !== view.token) return;
      finish();
      showError(`This game cannot be shown: ${again.message}`);
    }
  }

  // The computer's move (`/pick`, asked again as the answers are while a search runs out
  // of the server's time).
  async function computerMove(token) {
    const position = current();
    view.picking = true;
    progress();
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          const picked = await api.pick(name, position, state.level);
          if (token === view.token) go(S.played(state, picked.move));
          return;
        } catch (error) {
          if (token !== view.token) return;
          if (error.status === 503 && info?.answered_by === "search" && attempt < SEARCH_TRIES) continue;
          showError(`The computer cannot move: ${error.message}`);
          return;
        }
      }
    } finally {
      if (token === view.token) {
        view.picking = false;
        progress();
      }
    }
  }

  // The family this game is a size of, from `/api/families`: the game's family once it
  // is drawn, else the name's part before `:`.
  function family() {
    const wanted = view.data?.family ?? name.split(":")[0];
    return families.find((entry) => entry.family === wanted.toLowerCase()) ?? null;
  }

  // Arrow keys move the focus between the board's cells; Enter and Space click.
  function arrows(event) {
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const step = steps[event.key];
    const cell = event.target.closest(".cell");
    if (!step || !cell) return;
    event.preventDefault();
    const geometry = G.geometryOf(current());
    const { width, height } = geometry;
    const index = Number(cell.dataset.index);
    const x = Math.min(width - 1, Math.max(0, (index % width) + step[0]));
    const y = Math.min(height - 1, Math.max(0, Math.floor(index / width) + step[1]));
    focusCell(y * width + x);
  }

  function focusCell(index) {
    view.focus = index;
    for (const cell of board.querySelectorAll(".cell")) {
      cell.tabIndex = Number(cell.dataset.index) === index ? 0 : -1;
    }
    board.querySelector(`.cell[data-index="${index}"]`)?.focus();
  }

  function render() {
    const data = view.data;
    const position = current();
    const geometry = G.geometryOf(position);
    const width = geometry.width ?? 0;
    const mover = position.to_move;
    const yourTurn = !position.finished && mover !== computerSide();
    const shown = state.hints || view.reveal;
    // Until the server ranks the moves, the best are those whose value, once found, is
    // the position's own; a value not found yet is `pending`.
    const best = A.bestMoves(position);
    const valueOf = (move) => (move.pending ? "pending" : valueFor(move.outcome, mover));
    // Once a game's moves show it drops into columns, its board stays a board of columns.
    // A finished game has no moves left to say so: any position of its history does.
    const drops = (moves) => moves.length > 0 && (moves.every((move) => move.shape || move.kind)
      ? moves.every((move) => G.shapeOf(move, width).kind === "drop")
      : S.dropsIntoColumns(moves, width));
    if (geometry.kind === "rectangle" && data.positions.some((earlier) => drops(earlier.moves))) view.drop = true;

    const heading = titleOf({ ...info, ...data, title: data.title ?? info?.title, parameters: data.parameters });
    if (title.textContent !== heading) title.textContent = heading;
    board.setAttribute("aria-label", `${heading} board`);
    const text = data.rules ?? info?.rules;
    rules.hidden = !text;
    rules.querySelector("p").textContent = text ?? "";
    const sized = family();
    size.hidden = !sized;
    if (sized && size.dataset.for !== data.game) {
      size.dataset.for = data.game;
      size.replaceChildren(el("summary", {}, `Another size of ${sized.title}`),
        sizeForm(sized, data.parameters, { id: id("size-form"), submit: "Play this size" }));
    }
    hints.checked = state.hints;
    reveal.hidden = state.hints || view.reveal || position.finished;
    computer.replaceChildren(
      el("option", { value: "none" }, "nobody (two people)"),
      el("option", { value: "second" }, `${data.sides[1]} (you are ${data.sides[0]})`),
      el("option", { value: "first" }, `${data.sides[0]} (you are ${data.sides[1]})`));
    computer.value = state.computer;
    level.value = state.level;
    if (!notice.dataset.refused) {
      notice.hidden = !view.notice;
      notice.textContent = view.notice;
    }
    help.textContent = `Position ${position.position}. Moves are written ${data.move_help}; ` +
      (NUMBERING[geometry.kind] ?? (view.drop ? "columns are numbered from the left." : "cells are numbered from the top left, row by row."));

    // What a click does with each move, and the board drawn from its geometry.
    const plan = G.plan(geometry, position.moves, view.selected);
    // The line that ended the game, as the server's rules found it (never looked for here).
    const line = position.winning_line;
    const previous = data.positions[data.positions.length - 2];
    const lastMove = previous?.moves.find((move) => move.move === data.moves[data.moves.length - 1]);
    const hadFocus = board.contains(document.activeElement) || document.activeElement === document.body;
    const focusedKey = board.contains(document.activeElement) ? document.activeElement.dataset?.key : null;
    B.draw({
      board, columns, hands, position, data, geometry, plan, shown, best, valueOf, yourTurn,
      title: heading,
      drop: view.drop,
      selected: view.selected,
      focus: view.focus ?? 0,
      line,
      lineCells: new Set(line ? line.cells : []),
      last: B.lastTouched(geometry, lastMove ? G.shapeOf(lastMove, width) : null),
      play: (move) => tryPlay(move.move),
      // A click where nothing can be played now: said why, never silently dropped.
      refuse: () => refused(position.finished ? "finished" : "computer"),
      // A cell's index, or a hand's piece (`G.handKey`): focus stays on what was clicked.
      select: (cell) => {
        view.selected = view.selected === cell ? null : cell;
        render();
        if (typeof cell === "number") focusCell(cell);
        else hands.map((box) => box.querySelector(`.hand-piece.movable[data-key="${cell}"]`)).find(Boolean)?.focus();
      },
      focused: (cell) => { view.focus = cell; },
    });

    // Moves that land on no cell: a piece driven off the board (once picked), a pass, and
    // any move whose shape the board does not draw.
    offBoard.replaceChildren(
      ...(yourTurn ? plan.off : []).map((move) => el("button", { type: "button", class: "off-board", "data-move": move.move, onclick: () => tryPlay(move.move) },
        `${move.move}: off the board `, shown ? badge(valueOf(move), move.plies) : null)),
      ...[...plan.pass, ...plan.other].map((move) => el("button", {
        type: "button", class: "off-board", "data-move": move.move,
        "aria-disabled": yourTurn ? null : "true",
        onclick: () => { if (yourTurn) tryPlay(move.move); },
      }, plan.pass.includes(move) ? "Pass " : `${move.move} `, shown ? badge(valueOf(move), move.plies) : null,
      shown && best.has(move.move) ? " \u2605 best" : null)));

    // Best first when the values are shown and ranked (in the game's order while they are
    // being found); in the order of their names when hidden, so that the order gives
    // nothing away.
    const order = shown ? position.moves
      : position.moves.slice().sort((a, b) => a.move.localeCompare(b.move, "en", { numeric: true }));
    if (position.moves.length) list.replaceChildren(...order.map((move) =>
      el("li", {
        "data-move": move.move,
        "data-value": shown && !move.pending ? valueOf(move) : null,
        "data-plies": shown && !move.pending ? move.plies : null,
        "data-pending": shown && move.pending ? "" : null,
        "data-from": move.from === null || move.from === undefined ? null : move.from + 1,
        "data-to": move.to === null || move.to === undefined ? null : move.to + 1,
      },
        el("button", { type: "button", "aria-disabled": yourTurn ? null : "true", onclick: () => tryPlay(move.move) }, move.move), " ",
        shown ? badge(valueOf(move), move.plies) : null,
        shown && best.has(move.move) ? " \u2605 best" : null)));
    else list.replaceChildren(el("li", {}, "None: the game is over."));

    status.textContent = describe(position, shown);
    board.dataset.moves = data.moves.length;
    // The state the board is drawn for, as its URL: for scripts waiting for a redraw.
    board.dataset.hash = S.hashOf(name, state);
    undo.disabled = state.moves.length === 0;
    redo.disabled = state.redo.length === 0;

    // The history: its verdicts and the chart only when hints are shown.
    chart.hidden = !shown;
    chartHint.textContent = shown
      ? `One step per ply: above the line ${data.sides[0]} wins, below it ${data.sides[1]} wins, on it a draw; the further from the line, the sooner the win. A red ring marks a move that changed the outcome. Select a point to read it.`
      : "Hints are off: the moves played, without their values.";
    if (shown) {
      drawChart(chart, data.positions, data.plies, (index) => go(S.rewound(state, index)), data.sides);
    } else chart.replaceChildren();
    plies.replaceChildren(...data.plies.map((ply) =>
      el("li", { class: `ply${shown && !ply.pending ? ` verdict-${ply.verdict}` : ""}`, value: ply.number, "data-ply": ply.number, "data-verdict": shown && !ply.pending ? ply.verdict : null },
        el("span", { class: "sentence" }, shown && !ply.pending ? capitalize(ply.sentence) : `${ply.player} ${ply.move}`))));

    if (hadFocus && board.contains(document.activeElement) === false) {
      const again = focusedKey ? board.querySelector(`[data-key="${focusedKey}"]`) : null;
      if (again) again.focus();
      else if (view.focus !== null) focusCell(view.focus);
    }
  }

  // Leaving the page: no answer awaited and no computer's move may land on another view.
  function unmount() {
    view.token++;
    view.controller?.abort();
    clearTimeout(view.thinking);
    clearTimeout(view.slow);
    clearTimeout(view.refused);
    clearInterval(view.ticker);
  }

  await update(params);
  return { update, unmount };
}

// A size's parameters (`giraffes=false,elephants=false`) by name.
function sizeValues(size) {
  return Object.fromEntries(size.split(",").map((pair) => pair.split("=")));
}

// The sizes of `family` the server answers without a file, each as its parameters: those
// compiled in and, for a family of switches alone (every parameter true or false, a few
// sizes in all), every other one that does not need a table file.
function playNow(family) {
  const needs = new Set(family.needs_table.map((size) => size.size));
  const sizes = [...family.compiled];
  const params = family.parameters;
  if (params.every((param) => param.kind === "boolean")) {
    for (let bits = 2 ** params.length - 1; bits >= 0; bits--) {
      const size = params.map((param, index) => `${param.name}=${Boolean((bits >> index) & 1)}`).join(",");
      if (!needs.has(size) && !sizes.includes(size)) sizes.push(size);
    }
  }
  return sizes;
}

function describe(position, shown) {
  if (position.finished) {
    // The game's own words for how it ended, when it ended on a line.
    if (position.winning_line) return `${capitalize(position.winning_line.sentence)}.`;
    return position.winner ? `${position.winner} has won.` : "The game is over: a draw.";
  }
  if (!shown) return `${position.to_move} to move.`;
  if (position.pending) return `${position.to_move} to move. With perfect play: being searched\u2026`;
  if (position.outcome === "draw") {
    return position.plies === null
      ? `${position.to_move} to move. With perfect play: a draw, and play can go on for ever.`
      : `${position.to_move} to move. With perfect play: a draw.`;
  }
  return `${position.to_move} to move. With perfect play: ${position.outcome} wins in ${position.plies} ${position.plies === 1 ? "ply" : "plies"}.`;
}

function capitalize(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
