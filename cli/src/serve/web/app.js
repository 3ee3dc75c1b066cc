// The page's router: the part of the URL after `#` names the view and its state
// (`#tictactoe?moves=4,1,0`, `#footholds?...`), so every position can be shared as a link.

import { clearError } from "./board.js";
import * as tictactoe from "./tictactoe.js";
import * as games from "./games.js";
import * as validity from "./validity.js";
import * as footholds from "./footholds.js";

const view = document.getElementById("view");

function parseHash() {
  const hash = location.hash.replace(/^#/, "") || "tictactoe";
  const at = hash.indexOf("?");
  const route = decodeURIComponent(at < 0 ? hash : hash.slice(0, at));
  return { route, params: new URLSearchParams(at < 0 ? "" : hash.slice(at + 1)) };
}

let current = null;

async function route() {
  const { route, params } = parseHash();
  const [name, game] = route.split("/");
  const key = name === "game" ? `game/${game}` : name;
  for (const link of document.querySelectorAll("#tabs a")) {
    const active = link.getAttribute("href") === `#${key}`;
    link.classList.toggle("active", active);
    if (active) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  // A view keeps its state while only its query changes (a move played, undone).
  if (current && current.key === key && current.update) {
    await current.update(params);
    return;
  }
  clearError();
  view.replaceChildren();
  const module = { tictactoe, validity, footholds, game: games }[name];
  if (!module) {
    location.hash = "#tictactoe";
    return;
  }
  current = { key, ...(await module.mount(view, params, game)) };
}

window.addEventListener("hashchange", route);
route();
