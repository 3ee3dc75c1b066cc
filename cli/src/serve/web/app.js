// The page's router: the part of the URL after `#` names the view and its state
// (`#game/misere?moves=5,1`, `#game/mnk:m=4,n=3,k=3?moves=5`, `#footholds?...`), so every
// position can be shared as a link. The games, their titles and sides come from
// `/api/games`, the families and their parameters from `/api/families`: a game the server
// lists has a tab and a board, every size of every family a board, with nothing written
// for either here.

import * as api from "./api.js";
import { clearError, el, showError } from "./dom.js";
import { hashOf, parseHash, readState } from "./state.js";
import * as gameView from "./view.js";
import * as validity from "./validity.js";
import * as footholds from "./footholds.js";
import * as familiesView from "./families.js";

const view = document.getElementById("view");
const tabs = document.getElementById("tabs");

let games = [];
let families = [];
let current = null;

async function route() {
  const { view: name, game, params } = parseHash(location.hash);
  // An old link (`#tictactoe?moves=4,0`, cells 0-8) is rewritten as the game's page.
  if (/^#tictactoe\b/.test(location.hash)) history.replaceState(null, "", hashOf("tictactoe", readState(params)));
  if (!name) {
    location.replace(`#game/${games[0]?.game ?? "misere"}`);
    return;
  }
  const key = name === "game" ? `game/${game}` : name;
  // A size of a family that has no tab of its own is shown under the families' tab.
  const tab = name === "game" && !games.some((entry) => entry.game === game) ? "families" : key;
  for (const link of tabs.querySelectorAll("a")) {
    const active = link.dataset.key === tab;
    // A tab remembers where its game was left: coming back to it is coming back to the game.
    if (active && link.dataset.key === key) link.setAttribute("href", location.hash);
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
  current?.unmount?.();
  view.replaceChildren();
  current = null;
  if (name === "game") {
    // A game of the list, or any other name the server opens (a family at a size); the
    // server says which names it does not know.
    const info = games.find((entry) => entry.game === game) ?? null;
    current = { key, ...(await gameView.mount(view, params, game, info, families)) };
  } else if (name === "families") {
    current = { key, ...(await familiesView.mount(view, params, families)) };
  } else if (name === "footholds" || name === "validity") {
    current = { key, ...(await { footholds, validity }[name].mount(view, params)) };
  } else {
    location.replace(`#game/${games[0]?.game ?? "misere"}`);
  }
}

async function start() {
  try {
    [games, families] = await Promise.all([api.games(), api.families()]);
  } catch (error) {
    showError(`The list of games cannot be read: ${error.message}`);
  }
  tabs.replaceChildren(
    ...games.map((info) => el("a", { href: `#game/${info.game}`, "data-key": `game/${info.game}` }, gameView.titleOf(info))),
    el("a", { href: "#families", "data-key": "families" }, "Any game, any size"),
    el("a", { href: "#footholds", "data-key": "footholds" }, "Footholds"),
    el("a", { href: "#validity", "data-key": "validity" }, "Validity"));
  window.addEventListener("hashchange", route);
  await route();
}

start();
