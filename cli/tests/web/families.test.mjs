// Every family of the registry on the web board, at its default size, in a real headless
// Chromium: chosen on the families' page, played by clicking as a person does (each move's
// element found by its role and its name: a cell, a column, a counter of a pile, a pit,
// a line between two dots, the Pass button), answered by the perfect computer, to the
// end. Run by `.ci/web.sh` (`npm test` here).
//
// Where the expectations come from:
// - the families and their defaults: the binary's `games --families --json`;
// - what is drawn, after every move: the server's own analysis of the URL's moves
//   (`GET /api/games/{game}?moves=...` to reach the position, `GET .../position` to
//   analyse it), cell by cell, pile by pile, pit by pit and line by line; every value
//   shown for a move (on the board and in the list) against that analysis; the moves of
//   the URL against the moves clicked;
// - the game's end: both sides perfect, so the game lasts the start's plies and ends as
//   the start's value says;
// - accessibility: axe-core on every family's page, light and dark (a default answered
//   from a table file alone: the page that says how to make it).
// Screenshots of every family, light and dark, go to target/web-screenshots/families/.

import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import * as W from "./support.mjs";

const FAMILIES = W.jsonLines(["games", "--families", "--json"]);
// The families whose default size the page plays: a default answered from a table file
// alone (`needs_table`: Dōbutsu shōgi's full game) has no board without its file, and the
// page says how to make it instead (dobutsu.test.mjs checks that page and plays the
// lions-and-chicks size by clicking).
const PLAYED = FAMILIES.filter((family) => !W.needsTable(family));
const SHOTS = `${W.SHOTS}/families`;
let url;
let page;
const shared = W.harness((started) => {
  ({ url, page } = started);
  mkdirSync(SHOTS, { recursive: true });
});

// A family's default size as the families' page names it: every parameter, in order.
const defaultName = (family) => `${family.family}:${W.defaultSize(family)}`;

// The server's review of a game after `moves`: its last position is what the board shows.
async function review(name, moves) {
  const query = new URLSearchParams({ moves: moves.join(",") });
  const response = await fetch(`${url}api/games/${encodeURIComponent(name)}?${query}`);
  assert.equal(response.status, 200, `${name} ${moves}: ${await response.clone().text()}`);
  return response.json();
}

// What the page draws, read from what is painted: the letter on each cell (a mark, a
// stone, a box's owner), the counters of each pile, the seeds written in each pit and
// store, the lines drawn; each of them with a box of its own on the screen.
function drawn(on = page) {
  return on.evaluate(() => {
    const board = document.querySelector("#game-board");
    const kind = board.className.match(/board-(\S+)/)[1];
    const painted = (node) => {
      const box = node.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(node).visibility !== "hidden";
    };
    // The letters painted on cells (or boxes), by the cell's number from 1.
    const letters = (selector, count, cellOf) => {
      const cells = Array(count).fill(".");
      for (const node of board.querySelectorAll(selector)) if (painted(node)) cells[cellOf(node) - 1] = node.textContent.trim();
      return cells;
    };
    if (kind === "piles") {
      return { kind, cells: [], counts: [...board.querySelectorAll(".pile")].map((pile) => [...pile.querySelectorAll(".stone")].filter(painted).length) };
    }
    if (kind === "pits") {
      const pits = [...board.querySelectorAll("[data-pit]")].sort((a, b) => a.dataset.pit - b.dataset.pit);
      return { kind, cells: [], counts: pits.map((pit) => Number(pit.querySelector(".seeds").textContent)) };
    }
    if (kind === "dots") {
      const lines = [...board.querySelectorAll("[data-line]")];
      const counts = Array(lines.length).fill(0);
      // A line's box is flat: drawn is a stroke of some width, in a colour.
      const stroked = (line) => {
        const style = getComputedStyle(line);
        return style.visibility !== "hidden" && !["none", "transparent", "rgba(0, 0, 0, 0)"].includes(style.stroke) && parseFloat(style.strokeWidth) > 0;
      };
      for (const line of board.querySelectorAll("line.drawn")) if (stroked(line)) counts[Number(line.dataset.line)] = 1;
      const boxes = board.querySelectorAll("[data-box]").length;
      const owners = letters("[data-box] .box-letter", boxes, (node) => Number(node.closest("[data-box]").dataset.box));
      // A box is shaded when owned.
      for (const [index, owner] of owners.entries()) {
        if (owner !== "." && !board.querySelector(`[data-box="${index + 1}"] .box-fill`)) owners[index] = "unshaded";
      }
      return { kind, cells: owners, counts };
    }
    const count = board.querySelectorAll("[data-index]").length;
    if (kind === "hex-rhombus") return { kind, cells: letters(".stone-letter", count, (node) => Number(node.dataset.cell)), counts: [] };
    return { kind, cells: letters(".cell .mark", count, (node) => Number(node.closest(".cell").dataset.index) + 1), counts: [] };
  });
}

// The accessible name of the element a person clicks for `move` (and of the piece or cell
// picked first, for a two-click move), on a board of `geometry` showing `position`.
function clicks(move, position, sides) {
  const shape = move.shape;
  const cell = (index) => new RegExp(`^cell ${index + 1}\\b`);
  switch (shape.kind) {
    case "place": return [cell(shape.cell)];
    case "drop": return [new RegExp(`^column ${shape.column + 1}\\b`)];
    case "from-to": return [cell(shape.from), shape.to === null ? new RegExp(`^${move.move}: off the board`) : cell(shape.to)];
    case "domino": return [cell(shape.first), cell(shape.second)];
    case "take": {
      const height = position.counts[shape.pile] - shape.count + 1;
      return [new RegExp(`^Pile ${shape.pile + 1}, counter ${height} from the bottom: take ${shape.count}\\b`)];
    }
    case "sow": {
      const side = shape.pit < position.counts.length / 2 - 1 ? sides[0] : sides[1];
      return [new RegExp(`^${side}'s pit ${shape.pit + 1}:`)];
    }
    case "edge": return [new RegExp(`^line from dot ${Math.min(shape.from, shape.to) + 1} to dot ${Math.max(shape.from, shape.to) + 1}\\b`)];
    case "pass": return [/^Pass\b/];
    default: throw new Error(`a move of shape ${shape.kind}`);
  }
}

// Plays `move` by clicking its element(s), found by role and name as a person reads them.
async function clickMove(move, position, sides, on = page) {
  const names = clicks(move, position, sides);
  for (const [index, name] of names.entries()) {
    const target = on.getByRole("button", { name });
    assert.equal(await target.count(), 1, `${move.move}: one button named ${name}`);
    // The second click of a move waits for the first to be drawn (a piece picked).
    if (index === 0 && names.length > 1) {
      await target.click();
      await on.waitForFunction(() => document.querySelector("#game-board .selected"));
    } else {
      await target.click();
    }
  }
}

// Every value the page shows for the moves of `position` is the server's: each element
// that plays a move with one click (a cell, a column, a counter, a pit, a line, Pass) and
// each entry of the list carries the move's value for the side to move and its plies,
// and says the value in words.
async function checkValues(position, on = page) {
  const expected = new Map(position.moves.map((move) => [move.move, [W.valueFor(move.outcome, position.to_move), move.plies]]));
  const shown = await on.$$eval("#game-board [data-move], #game-columns [data-move], #game-off [data-move], #game-moves li[data-move]", (nodes) =>
    nodes.map((node) => ({
      move: node.dataset.move,
      value: node.dataset.value ?? node.querySelector("[data-value]")?.dataset.value ?? null,
      plies: node.dataset.plies ?? null,
      words: `${node.getAttribute("aria-label") ?? ""} ${node.textContent}`,
      list: node.tagName === "LI",
    })));
  const onBoard = new Set();
  for (const item of shown) {
    assert.ok(expected.has(item.move), `${item.move} is a move of ${position.position}`);
    const [value, plies] = expected.get(item.move);
    if (item.value !== null) assert.equal(item.value, value, `${position.position}: ${item.move}`);
    if (item.plies !== null) assert.equal(Number(item.plies), plies, `${position.position}: ${item.move}`);
    assert.ok(item.words.includes(value === "draw" ? "draw" : value), `${item.move} says ${item.words}`);
    if (!item.list) onBoard.add(item.move);
  }
  // Every move is in the list; every move of one click is on the board too.
  const listed = shown.filter((item) => item.list).map((item) => item.move).sort();
  assert.deepEqual(listed, [...expected.keys()].sort());
  for (const move of position.moves) {
    if (!["from-to", "domino"].includes(move.shape.kind)) assert.ok(onBoard.has(move.move), `${move.move} can be clicked on the board`);
  }
}

// The server's analysis of one position (`GET /api/games/{game}/position`): another route
// than the review the page draws from.
async function analysis(name, position) {
  const query = new URLSearchParams({ position });
  const response = await fetch(`${url}api/games/${encodeURIComponent(name)}/position?${query}`);
  assert.equal(response.status, 200, `${name} ${position}: ${await response.clone().text()}`);
  return response.json();
}

// The board drawn is the server's last position of the URL's moves: what the review of
// those moves reaches, analysed on its own (whose values the moves shown are checked
// against).
async function checkDrawn(name, on = page) {
  const moves = await W.movesInUrl(on);
  const answer = await review(name, moves);
  const position = await analysis(name, answer.positions[answer.positions.length - 1].position);
  const board = await drawn(on);
  assert.equal(board.kind, position.geometry.kind);
  assert.deepEqual(board.cells.join(""), position.cells, `${name} after ${moves}`);
  assert.deepEqual(board.counts, position.counts, `${name} after ${moves}`);
  return { answer, position, moves };
}

describe("every family, chosen on the families' page and played by clicking", () => {
  for (const family of PLAYED) {
    test(`${family.family}: its default size against the perfect computer, every move as the server says`, async () => {
      // Chosen as a person does: the family's form, left at its defaults, and its button.
      await W.open(page, url, "#families");
      const form = page.locator(`form[data-family="${family.family}"]`);
      await form.getByRole("button", { name: "Play this size" }).click();
      const name = defaultName(family);
      await page.waitForFunction((hash) => location.hash === hash, `#game/${name}`);
      await W.idle(page);
      let { answer, position } = await checkDrawn(name);
      const start = answer.positions[0];
      const [me, computer] = answer.sides;
      assert.equal(await page.textContent("#game-title"), `${answer.title} (${Object.entries(answer.parameters).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join("-") : v}`).join(", ")})`);
      await checkValues(position);
      // The computer plays the second side.
      await page.selectOption("#game-computer", "second");
      await page.waitForFunction(() => location.hash.includes("computer=second"));
      await W.idle(page);
      for (let turn = 0; turn < 60 && !position.finished; turn++) {
        assert.equal(position.to_move, me, "the person's turn");
        // The best move, as the server ranks them, clicked on the board.
        const move = position.moves[0];
        const count = (await W.movesInUrl(page)).length;
        await clickMove(move, position, answer.sides);
        await W.movesPast(page, count);
        assert.equal((await W.movesInUrl(page))[count], move.move, "the move clicked is the URL's");
        // Then the computer's answers (none if the person moves again), until it is the
        // person's turn or the game is over.
        await page.waitForFunction((me) => {
          const board = document.querySelector("#game-board");
          const text = document.querySelector("[data-status]").textContent;
          return board.dataset.hash === location.hash && !board.getAttribute("aria-busy") && (text.startsWith(`${me} to move`) || !text.includes("to move"));
        }, me, { timeout: 15000 });
        ({ answer, position } = await checkDrawn(name));
        if (!position.finished) await checkValues(position);
      }
      assert.ok(position.finished, `${name} ended`);
      // Both sides perfect: the start's value and length.
      assert.equal(answer.plies.length, start.plies, `${name}: perfect play lasts ${start.plies} plies`);
      assert.equal(position.winner ?? "draw", start.outcome, `${name}: ${await W.status(page)}`);
      assert.equal(await page.locator("#game-chart .point").count(), answer.plies.length + 1);
      assert.ok(await page.isHidden("#error"));
      void computer;
    });
  }
});

describe("each geometry, clicked where the move is drawn", () => {
  test("Nim: a click on a counter takes it and every counter above it", async () => {
    await W.open(page, url, "#game/nim:piles=1-3-5-7,misere=false");
    // The bottom counter of the fourth pile: all seven.
    await page.getByRole("button", { name: /^Pile 4, counter 1 from the bottom: take 7\b/ }).click();
    await W.movesPast(page, 0);
    await W.idle(page);
    assert.deepEqual(await W.movesInUrl(page), ["4:7"]);
    assert.deepEqual((await drawn()).counts, [1, 3, 5, 0]);
  });

  test("Othello: a side with no move passes, with the Pass button", async () => {
    // A game found by random play where o has no move: pass is its one move.
    await W.open(page, url, "#game/othello:rows=4,columns=4?moves=5,9,16,12,13,2,8,1,14");
    const answer = await review("othello:rows=4,columns=4", ["5", "9", "16", "12", "13", "2", "8", "1", "14"]);
    const position = await analysis("othello:rows=4,columns=4", answer.positions[answer.positions.length - 1].position);
    assert.deepEqual(position.moves.map((move) => move.shape.kind), ["pass"]);
    await checkValues(position);
    await page.screenshot({ path: `${SHOTS}/othello-pass.png`, fullPage: true });
    await page.getByRole("button", { name: /^Pass\b/ }).click();
    await W.movesPast(page, 9);
    await W.idle(page);
    assert.equal((await W.movesInUrl(page))[9], "pass");
    await checkDrawn("othello:rows=4,columns=4");
  });

  test("Dots and Boxes: a completed box is shaded by its owner, who moves again", async () => {
    // The top left box's top (x), left (o) and right (x) sides drawn; o draws its bottom,
    // owns it and moves again.
    await W.open(page, url, "#game/dots-and-boxes:rows=2,columns=2?moves=1-2,1-4,2-5");
    await page.getByRole("button", { name: /^line from dot 4 to dot 5\b/ }).click();
    await W.movesPast(page, 3);
    await W.idle(page);
    const { position } = await checkDrawn("dots-and-boxes:rows=2,columns=2");
    assert.equal(position.cells[0], "o");
    assert.equal(position.to_move, "o", "who completes a box moves again");
    assert.equal(await page.locator('[data-box="1"] .box-fill').count(), 1, "the box is shaded");
    assert.ok((await W.status(page)).startsWith("o to move"));
  });

  test("Hex: arrow keys move between hexagons, Enter plays; the winning chain is drawn", async () => {
    await W.open(page, url, "#game/hex:rows=3,columns=3");
    await page.focus('#game-board .cell[data-cell="1"]');
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowDown");
    assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), "5");
    await page.keyboard.press("Enter");
    await W.movesPast(page, 0);
    await W.idle(page);
    assert.deepEqual(await W.movesInUrl(page), ["5"]);
    // x joins the top row to the bottom: 2, 5, 8 (o plays elsewhere).
    await W.open(page, url, "#game/hex:rows=3,columns=3?moves=5,1,2,3,8");
    const { position } = await checkDrawn("hex:rows=3,columns=3");
    assert.ok(position.finished);
    const chain = await page.$$eval("#game-board .cell.win-line", (cells) => cells.map((cell) => Number(cell.dataset.index)));
    assert.deepEqual(chain.sort(), [...position.winning_line.cells].sort());
    // The edges each side joins are drawn in its stones' colour: x's along the top and
    // bottom, o's along the left and right, outside every hexagon.
    const edges = await page.$$eval("#game-board .hex-edge", (lines) => lines.map((line) => ({
      owner: line.classList.contains("edge-0") ? 0 : 1,
      stroke: getComputedStyle(line).stroke,
      ys: [...line.points].map((point) => point.y),
      xs: [...line.points].map((point) => point.x),
    })));
    const stones = await page.$$eval("#game-board .stone", (circles) => Object.fromEntries(circles.map((circle) => [circle.classList.contains("piece-0") ? 0 : 1, getComputedStyle(circle).fill])));
    const shapes = await page.$$eval("#game-board .hex-shape", (polygons) => polygons.flatMap((polygon) => [...polygon.points].map((point) => [point.x, point.y])));
    const [minX, maxX] = [Math.min(...shapes.map(([x]) => x)), Math.max(...shapes.map(([x]) => x))];
    const [minY, maxY] = [Math.min(...shapes.map(([, y]) => y)), Math.max(...shapes.map(([, y]) => y))];
    assert.deepEqual(edges.map((edge) => edge.owner), [0, 0, 1, 1]);
    for (const edge of edges) assert.equal(edge.stroke, stones[edge.owner]);
    const [top, bottom, left, right] = edges;
    assert.equal(Math.min(...top.ys), minY);
    assert.equal(Math.max(...bottom.ys), maxY);
    assert.equal(Math.min(...left.xs), minX);
    assert.equal(Math.max(...right.xs), maxX);
    const quarter = (maxY - minY) / 4;
    assert.ok(top.ys.every((y) => y < minY + quarter) && bottom.ys.every((y) => y > maxY - quarter));
  });

  test("Kalah: the last seed in one's own store moves again", async () => {
    // Three pits of two seeds: pit 2's two seeds end in x's store.
    await W.open(page, url, "#game/kalah:pits=3,seeds=2");
    await page.getByRole("button", { name: /^x's pit 2:/ }).click();
    await W.movesPast(page, 0);
    await W.idle(page);
    const { position } = await checkDrawn("kalah:pits=3,seeds=2");
    assert.equal(position.counts[6], 1, "a seed in x's store");
    assert.ok((await W.status(page)).startsWith("x to move"));
  });

  test("Domineering: a cell and its neighbour lay a domino", async () => {
    await W.open(page, url, "#game/domineering:rows=4,columns=4");
    await page.getByRole("button", { name: /^cell 6\b/ }).click();
    await page.waitForSelector('#game-board .cell.selected[data-cell="6"]');
    await page.getByRole("button", { name: /^cell 10\b/ }).click();
    await W.movesPast(page, 0);
    await W.idle(page);
    assert.deepEqual(await W.movesInUrl(page), ["6"]);
    const { position } = await checkDrawn("domineering:rows=4,columns=4");
    assert.equal(position.cells[5] + position.cells[9], "vv");
  });
});

describe("a family's size, chosen and shown", () => {
  test("another size from a game's page; its link opens it again", async () => {
    await W.open(page, url, "#game/mnk:m=3,n=3,k=3");
    await page.click("#game-size summary");
    await page.fill("#game-size-form-m", "4");
    await page.click("#game-size-form-open");
    await page.waitForFunction(() => location.hash === "#game/mnk:m=4,n=3,k=3");
    await W.idle(page);
    assert.equal(await page.locator("#game-board .cell").count(), 12);
    assert.equal(await page.textContent("#game-title"), "m,n,k-game (m=4, n=3, k=3)");
    // A shared link: the size and the moves.
    await W.open(page, url, "#game/mnk:m=4,n=3,k=3?moves=6,1");
    // x on cell 6 (row 2, column 2), o on cell 1.
    assert.equal((await drawn()).cells.join(""), "o....x......");
  });

  test("a size not compiled in says it is being solved while the first answer comes", async () => {
    // The first answer held, as a slow solve holds it.
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await page.route("**/api/games/hex%3Arows%3D2%2Ccolumns%3D3/stream?*", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("about:blank");
    await page.goto(`${url}#game/hex:rows=2,columns=3`);
    await page.waitForSelector("#game-solving:not([hidden])");
    assert.match(await page.textContent("#game-solving"), /^Solving hex:rows=2,columns=3 on its first use/);
    assert.equal(await page.getAttribute("#game-board", "aria-busy"), "true");
    release();
    await W.idle(page);
    assert.ok(await page.isHidden("#game-solving"));
    await page.unroute("**/api/games/hex%3Arows%3D2%2Ccolumns%3D3/stream?*");
    assert.equal((await drawn()).cells.length, 6);
  });

  test("a size past the family's bounds is refused with the server's words", async () => {
    await page.goto("about:blank");
    await page.goto(`${url}#game/mnk:m=9,n=3,k=3`);
    await page.waitForSelector("#error:not([hidden])");
    assert.match(await page.textContent("#error"), /m is 9, but goes from 1 to 6/);
  });
});

describe("every family, for everyone", () => {
  test("axe-core finds no critical or serious violation on any family's page, light and dark", async () => {
    // Every family's default: a board, or the page saying how to make its table file.
    const pages = ["#families", ...FAMILIES.map((family) => `#game/${defaultName(family)}`), "#game/dobutsu:giraffes=false,elephants=false", "#game/othello:rows=4,columns=4?moves=5,9,16,12,13,2,8,1,14"];
    // Light and dark side by side, each in its own context (and renderer): half the time.
    const found = await W.sideBySide(["light", "dark"], async (colorScheme) => {
      // The page's Content-Security-Policy allows no injected script: bypassed for axe only.
      const checked = await W.newPage(shared, { viewport: { width: 1200, height: 900 }, colorScheme, bypassCSP: true });
      const seen = [];
      try {
        for (const hash of pages) {
          await W.open(checked, url, hash);
          for (const violation of await W.axe(checked)) seen.push(`${colorScheme} ${hash}: ${violation}`);
        }
      } finally {
        await checked.context().close();
      }
      return seen;
    });
    assert.deepEqual(found.flat(), []);
  });

  test("screenshots: every family two moves in, light and dark, laptop and phone", async () => {
    const sizes = [["laptop", { width: 1366, height: 768 }], ["phone", { width: 390, height: 844 }]];
    // Every size and scheme side by side, each in its own context.
    const sessions = sizes.flatMap(([size, viewport]) => ["light", "dark"].map((colorScheme) => [size, viewport, colorScheme]));
    await W.sideBySide(sessions, async ([size, viewport, colorScheme]) => {
      const shot = await W.newPage(shared, { viewport, colorScheme });
      try {
        for (const family of PLAYED) {
          const name = defaultName(family);
          await W.open(shot, url, `#game/${name}`);
          for (let move = 0; move < 2; move++) {
            const answer = await review(name, await W.movesInUrl(shot));
            const position = answer.positions[answer.positions.length - 1];
            await clickMove(position.moves[0], position, answer.sides, shot);
            await W.movesPast(shot, move);
            await W.idle(shot);
          }
          await shot.screenshot({ path: `${SHOTS}/${family.family}-${size}-${colorScheme}.png`, fullPage: true });
        }
        await W.open(shot, url, "#families");
        await shot.screenshot({ path: `${SHOTS}/families-${size}-${colorScheme}.png`, fullPage: true });
      } finally {
        await shot.context().close();
      }
    });
  });
});
