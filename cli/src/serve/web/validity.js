// Validity: paste a board, see whether a game can reach it and whether one can end on it
// (Baekjoon 7682's question), and if not, why not.

import { get } from "./api.js";
import { clearError, el } from "./dom.js";

export async function mount(root, params) {
  const input = el("input", {
    id: "validity-input",
    type: "text",
    value: params.get("board") || "xxx.oo...",
    spellcheck: "false",
    autocomplete: "off",
    "aria-label": "Board",
    placeholder: "xo.x..o.. or xo./x../o..",
  });
  const check = el("button", { id: "validity-check", type: "submit" }, "Check");
  const result = el("div", { id: "validity-result", class: "validity-result" });
  const form = el("form", { class: "validity-form", onsubmit: (event) => { event.preventDefault(); submit(); } },
    el("label", { for: "validity-input" }, "Board: "), input, " ", check);
  root.append(el("section", { class: "validity" },
    el("h2", {}, "Can a game reach this board, or end on it?"),
    el("p", { class: "hint" }, "Nine cells row by row: x, o, and . or - for empty; rows may be split by / or spaces."),
    form, result));

  function submit() {
    const board = input.value.trim();
    location.hash = `#validity?board=${encodeURIComponent(board)}`;
  }

  async function update(params) {
    const board = (params.get("board") || "").trim();
    input.value = board || input.value;
    if (!board) {
      result.replaceChildren();
      return;
    }
    try {
      const answer = await get(`/api/tictactoe/${encodeURIComponent(board.replace(/[\s/]+/g, ""))}/validity`);
      clearError();
      result.replaceChildren(render(answer));
    } catch (error) {
      result.replaceChildren(el("p", { class: "verdict verdict-error", id: "validity-verdict" }, `Not a board: ${error.message}`));
    }
  }

  await update(params);
  return { update };
}

function render(answer) {
  const cells = [...answer.board].map((mark) => el("div", { class: `mini-cell mark-${mark}` }, mark === "." ? "" : mark));
  let verdict;
  if (answer.valid) {
    verdict = el("p", { class: "verdict verdict-valid", id: "validity-verdict" }, "\u2714 Valid: a game can end on this board.");
  } else if (answer.reachable) {
    verdict = el("p", { class: "verdict verdict-reachable", id: "validity-verdict" },
      `= A game can reach this board but not end on it: ${answer.reason}.`);
  } else {
    verdict = el("p", { class: "verdict verdict-invalid", id: "validity-verdict" },
      `\u2718 No game reaches this board: ${answer.reason.replace(/^no game reaches this board: /, "")}.`);
  }
  const analyse = answer.reachable
    ? el("p", {}, el("a", { href: `#game/tictactoe?start=${answer.board}`, id: "validity-analyse" }, "Analyse and play on from this board"))
    : null;
  return el("div", {}, el("div", { class: "mini-board" }, cells), verdict, analyse);
}
