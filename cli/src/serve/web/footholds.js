// Footholds (Programmers 92345): build a grid of up to 8x8 tiles, place A and B, solve,
// and step through the optimal game tile by tile; or play it against the solver, every
// step's value shown. The grid and starts live in the URL:
// `#footholds?board=111,101,111&a=1,0&b=1,2`.

import { post } from "./api.js";
import { badge, clearError, el, showError, valueFor } from "./dom.js";

// The problem's examples, as its statement gives them.
const EXAMPLES = [
  { name: "Example 1", board: "111,111,111", a: [1, 0], b: [1, 2] },
  { name: "Example 2", board: "111,101,111", a: [1, 0], b: [1, 2] },
  { name: "Example 3", board: "11111", a: [0, 0], b: [0, 4] },
  { name: "Example 4", board: "1", a: [0, 0], b: [0, 0] },
];

export async function mount(root, params) {
  const state = {
    tiles: [],
    a: [0, 0],
    b: [0, 0],
    tool: "tile",
    game: null, // { start, line, at, solution } once solved, or { start, history, at } in a game against the solver
    busy: false,
  };
  const rows = el("input", { type: "number", id: "fh-rows", min: 1, max: 8, value: 3, onchange: () => resize() });
  const cols = el("input", { type: "number", id: "fh-cols", min: 1, max: 8, value: 3, onchange: () => resize() });
  const tools = el("div", { class: "tools", role: "radiogroup", "aria-label": "What a click does" },
    ["tile", "A", "B"].map((tool) =>
      el("label", {}, el("input", { type: "radio", name: "fh-tool", value: tool, id: `fh-tool-${tool}`, checked: tool === "tile", onchange: () => { state.tool = tool; } }),
        tool === "tile" ? " add or remove a tile" : ` place ${tool}`)));
  const examples = el("div", { class: "examples" }, "Examples: ",
    EXAMPLES.map((example, index) => el("button", { type: "button", id: `fh-example-${index + 1}`, onclick: () => load(example) }, example.name)));
  const grid = el("div", { class: "fh-grid", id: "fh-grid" });
  const solve = el("button", { type: "button", id: "fh-solve", onclick: () => solveGame() }, "Solve");
  const playA = el("button", { type: "button", id: "fh-play-a", onclick: () => startPlay("A") }, "Play as A");
  const playB = el("button", { type: "button", id: "fh-play-b", onclick: () => startPlay("B") }, "Play as B");
  const answer = el("p", { class: "status", id: "fh-answer" });
  // The steps through a solved game: only once it is solved (hidden, and doing nothing, before).
  const solved = (at) => () => { if (state.game?.line) show(at(state.game)); };
  const first = el("button", { type: "button", id: "fh-first", onclick: solved(() => 0) }, "\u25c0\u25c0 Start");
  const back = el("button", { type: "button", id: "fh-back", onclick: solved((game) => game.at - 1) }, "\u25c0 Back");
  const next = el("button", { type: "button", id: "fh-next", onclick: solved((game) => game.at + 1) }, "Next \u25b6");
  const last = el("button", { type: "button", id: "fh-last", onclick: solved((game) => game.line.length) }, "End \u25b6\u25b6");
  // In a game against the solver: take back your last step (and the solver's reply).
  const undo = el("button", { type: "button", id: "fh-undo", hidden: true, onclick: () => undoStep() }, "\u21b6 Undo");
  const warning = el("p", { class: "notice", id: "fh-warning", role: "alert", hidden: true });
  const stepper = el("div", { class: "controls", id: "fh-stepper", hidden: true }, first, back, next, last);
  const stepInfo = el("p", { class: "status", id: "fh-step" });
  const steps = el("ul", { class: "fh-steps", id: "fh-steps" });

  root.append(el("section", { class: "footholds" },
    el("div", { class: "board-column" },
      el("h2", {}, "Disappearing footholds"),
      el("p", { class: "hint" }, "A and B stand on tiles; A moves first. Each move steps to a neighbouring tile (up, down, left, right), and the tile left behind vanishes. Who cannot move loses; the winner wins as fast as it can, the loser holds out as long as it can."),
      el("div", { class: "options" }, el("label", {}, "Rows ", rows), el("label", {}, "Columns ", cols)),
      tools, examples, grid,
      warning,
      el("div", { class: "controls" }, solve, playA, playB, undo),
      answer, stepper, stepInfo),
    el("div", { class: "history-column" },
      el("h2", {}, "Steps from here"),
      el("p", { class: "hint" }, "Every step the player to move can take, with who wins after it and in how many moves in all."),
      steps)));

  function load(example) {
    location.hash = `#footholds?board=${example.board}&a=${example.a}&b=${example.b}`;
  }

  function encode() {
    return `#footholds?board=${state.tiles.map((row) => row.map(Number).join("")).join(",")}&a=${state.a}&b=${state.b}`;
  }

  function resize() {
    const r = clamp(rows.value), c = clamp(cols.value);
    state.tiles = Array.from({ length: r }, (_, i) => Array.from({ length: c }, (_, j) => state.tiles[i]?.[j] ?? true));
    state.a = [Math.min(state.a[0], r - 1), Math.min(state.a[1], c - 1)];
    state.b = [Math.min(state.b[0], r - 1), Math.min(state.b[1], c - 1)];
    edit();
  }

  function edit() {
    state.game = null;
    location.hash = encode();
  }

  function click(i, j) {
    if (state.game?.history) {
      // In a game against the solver, a click is a step only on the person's turn.
      const game = state.game;
      if (state.busy || game.history[game.history.length - 1].turn !== game.you) return;
      return playStep(i, j);
    }
    // Otherwise a click edits the grid, leaving any solved game.
    if (state.tool === "tile") state.tiles[i][j] = !state.tiles[i][j];
    else if (state.tool === "A") state.a = [i, j];
    else state.b = [i, j];
    edit();
  }

  // A new grid or new starts in the URL: any game solved or played on the old one ends.
  async function update(params) {
    state.game = null;
    const board = (params.get("board") || "111,111,111").split(",").slice(0, 8).map((row) => [...row.slice(0, 8)].map((cell) => cell === "1"));
    state.tiles = board.length && board[0].length ? board : [[true]];
    state.a = pair(params.get("a"));
    state.b = pair(params.get("b"));
    rows.value = state.tiles.length;
    cols.value = state.tiles[0].length;
    answer.textContent = "";
    stepper.hidden = true;
    undo.hidden = true;
    stepInfo.textContent = "";
    draw(state.tiles, state.a, state.b, null);
    // A player on a hole: no game can start there; say so rather than call it lost.
    const holes = [["A", state.a], ["B", state.b]].filter(([, at]) => !state.tiles[at[0]]?.[at[1]]);
    warning.hidden = !holes.length;
    warning.textContent = holes.map(([side, at]) => `${side} stands on a hole at (${at.join(", ")}): put ${side} on a tile, or a tile under ${side}.`).join(" ");
    solve.disabled = playA.disabled = playB.disabled = holes.length > 0;
    if (holes.length) {
      steps.replaceChildren();
      return;
    }
    await analyse(start());
  }

  function start() {
    return { tiles: state.tiles.map((row) => row.slice()), a: state.a, b: state.b, turn: "A" };
  }

  function query(position) {
    return { board: position.tiles.map((row) => row.map(Number)), aloc: position.a, bloc: position.b, turn: position.turn };
  }

  // The position after one step: the mover's tile vanishes, the mover stands on `to`.
  function after(position, to) {
    const tiles = position.tiles.map((row) => row.slice());
    const from = position.turn === "A" ? position.a : position.b;
    tiles[from[0]][from[1]] = false;
    return position.turn === "A"
      ? { tiles, a: to, b: position.b, turn: "B" }
      : { tiles, a: position.a, b: to, turn: "A" };
  }

  async function solveGame() {
    try {
      const solution = await post("/api/footholds", query(start()));
      clearError();
      state.game = { line: solution.line, at: 0, solution };
      answer.replaceChildren(`${solution.winner} wins: ${solution.moves} ${solution.moves === 1 ? "move" : "moves"} in all with perfect play.`);
      stepper.hidden = false;
      await show(0);
    } catch (error) {
      answer.textContent = "";
      showError(`Cannot solve: ${error.message}`);
    }
  }

  async function show(at) {
    const game = state.game;
    if (!game?.line) return;
    game.at = Math.max(0, Math.min(at, game.line.length));
    let position = start();
    for (const to of game.line.slice(0, game.at)) position = after(position, to);
    const mover = position.turn === "A" ? position.a : position.b;
    first.disabled = back.disabled = game.at === 0;
    next.disabled = last.disabled = game.at === game.line.length;
    const where = game.at === 0 ? "At the start" : `After move ${game.at} of ${game.line.length}`;
    stepInfo.textContent = game.at === game.line.length
      ? `${where}: ${position.turn} cannot move and loses.`
      : `${where}: ${position.turn} to move, from (${mover.join(", ")}).`;
    draw(position.tiles, position.a, position.b, game.line[game.at] ?? null);
    await analyse(position);
  }

  async function startPlay(side) {
    state.game = { history: [start()], you: side };
    stepper.hidden = true;
    undo.hidden = false;
    answer.textContent = `You play ${side}; the solver plays ${side === "A" ? "B" : "A"} perfectly.`;
    await turn();
  }

  async function turn() {
    const game = state.game;
    const position = game.history[game.history.length - 1];
    draw(position.tiles, position.a, position.b, null);
    const analysis = await analyse(position);
    stepInfo.dataset.moves = game.history.length - 1;
    if (!analysis) return;
    if (analysis.finished) {
      const winner = position.turn === "A" ? "B" : "A";
      stepInfo.textContent = `${position.turn} cannot move: ${winner} wins after ${game.history.length - 1} moves${winner === game.you ? " \u2014 well played!" : "."}`;
      undo.disabled = !yourSteps(game);
      return;
    }
    undo.disabled = position.turn !== game.you || !yourSteps(game);
    if (position.turn !== game.you) {
      stepInfo.textContent = `The solver (${position.turn}) is thinking\u2026`;
      const length = game.history.length;
      setTimeout(() => {
        if (state.game !== game || game.history.length !== length) return;
        const [row, col] = analysis.steps[0].to;
        playStep(row, col);
      }, 400);
    } else {
      stepInfo.textContent = `Your move (${game.you}): click a highlighted tile.`;
      markSteps(analysis.steps);
    }
  }

  // Whether the person has a step to take back.
  function yourSteps(game) {
    return game.history.slice(0, -1).some((position) => position.turn === game.you);
  }

  function undoStep() {
    const game = state.game;
    if (!game?.history || state.busy || !yourSteps(game)) return;
    // Back to the last position where it was the person's turn, before their last step.
    do game.history.pop();
    while (game.history[game.history.length - 1].turn !== game.you);
    turn();
  }

  function playStep(i, j) {
    const game = state.game;
    const position = game.history[game.history.length - 1];
    const legal = game.analysis?.steps.some((step) => step.to[0] === i && step.to[1] === j);
    if (!legal) return;
    game.history.push(after(position, [i, j]));
    turn();
  }

  async function analyse(position) {
    if (state.busy) return null;
    state.busy = true;
    try {
      const analysis = await post("/api/footholds/position", query(position));
      clearError();
      if (state.game) state.game.analysis = analysis;
      renderSteps(position, analysis);
      return analysis;
    } catch (error) {
      steps.replaceChildren();
      showError(`Cannot analyse this position: ${error.message}`);
      return null;
    } finally {
      state.busy = false;
    }
  }

  function renderSteps(position, analysis) {
    const mover = position.turn;
    if (analysis.finished) {
      steps.replaceChildren(el("li", {}, `${mover} cannot move: ${mover === "A" ? "B" : "A"} has won.`));
      return;
    }
    steps.replaceChildren(
      el("li", { class: "summary" }, `${mover} to move: `, badge(valueFor(analysis.winner, mover), analysis.moves, "move"), " with perfect play."),
      ...analysis.steps.map((step) =>
        el("li", { "data-to": step.to.join(",") }, `${mover} to (${step.to}): `, badge(valueFor(step.winner, mover), step.moves, "move"))));
  }

  function markSteps(list) {
    for (const step of list) {
      const cell = grid.querySelector(`[data-at="${step.to.join(",")}"]`);
      if (!cell) continue;
      const value = valueFor(step.winner, state.game.you);
      cell.classList.add("hint", `v-${value}`);
      cell.append(el("span", { class: "cell-value" }, el("span", { class: "word" }, `${value} ${step.moves}`)));
    }
  }

  function draw(tiles, a, b, nextStep) {
    grid.style.gridTemplateColumns = `repeat(${tiles[0].length}, var(--fh-cell))`;
    grid.replaceChildren(...tiles.flatMap((row, i) => row.map((tile, j) => {
      const hereA = a[0] === i && a[1] === j;
      const hereB = b[0] === i && b[1] === j;
      const target = nextStep && nextStep[0] === i && nextStep[1] === j;
      return el("button", {
        type: "button",
        class: `fh-cell${tile ? " tile" : " hole"}${target ? " target" : ""}`,
        "data-at": `${i},${j}`,
        onclick: () => click(i, j),
      },
      // The name is the visible text (A, B, a step's value) after words only a screen reader reads.
      el("span", { class: "sr" }, `(${i}, ${j}): ${tile ? "tile" : "no tile"} `),
      hereA ? el("span", { class: "token token-a" }, "A") : null, hereB ? el("span", { class: "token token-b" }, "B") : null);
    })));
  }

  await update(params);
  return { update };
}

function clamp(value) {
  return Math.max(1, Math.min(8, Number(value) || 1));
}

function pair(text) {
  const [row, col] = (text || "0,0").split(",").map(Number);
  return [Number.isInteger(row) && row >= 0 ? row : 0, Number.isInteger(col) && col >= 0 ? col : 0];
}
