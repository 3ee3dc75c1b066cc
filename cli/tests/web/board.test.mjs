// The web board in a real headless Chromium (Debian's `chromium`), driven by playwright-core
// and clicked as a person would. Run by `.ci/web.sh` (`npm test` here, with
// PERFECT_PLAY_BIN naming the binary); each test starts from the page's URL.
//
// Where the expectations come from:
// - every value shown for a move is checked against the binary's own `outcome --json` on
//   the board that move leads to (the library's table, read through another path than
//   the server's);
// - the blunder and its sentence: the library's documented game (x 5, o 2: o loses in 5);
// - every game's page and its full game: the binary's `games --json` (value and length of
//   perfect play), played by clicking against the perfect computer;
// - accessibility: axe-core run in the page, light and dark.
// - footholds: the first official example of Programmers 92345 (5 moves, B loses), from
//   tests/data/programmers92345-examples.json.
// Screenshots go to target/web-screenshots/ (PERFECT_PLAY_SCREENSHOTS to change it).

import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as W from "./support.mjs";

const { BIN, SHOTS, valueFor } = W;
// The harness's server, browser and page, once it has started them.
let url;
let browser;
let page;
const shared = W.harness((started) => {
  ({ url, browser, page } = started);
});
const errors = shared.errors;

const open = (hash, on = page) => W.open(on, url, hash);
const idle = (on = page) => W.idle(on);
const status = (on = page) => W.status(on);
const movesInUrl = (on = page) => W.movesInUrl(on);
const axe = (on = page) => W.axe(on);

// What the library says about a board, through the binary (not the server).
function outcome(board) {
  const out = execFileSync(BIN, ["outcome", "--json"], { input: `${board}\n` });
  return JSON.parse(out.toString());
}

// The games the binary lists (`games --json`): every one of them has a page.
const GAMES = W.jsonLines(["games", "--json"]);

async function shownCells(on = page) {
  return on.$$eval("#game-board .cell", (cells) =>
    cells.map((cell) => ({
      cell: Number(cell.dataset.cell),
      value: cell.dataset.value ?? null,
      plies: cell.dataset.plies ? Number(cell.dataset.plies) : null,
      text: cell.textContent,
      best: cell.classList.contains("best"),
      mark: cell.querySelector(".mark")?.textContent ?? null,
      disabled: cell.getAttribute("aria-disabled") === "true",
    })),
  );
}

// Plays the move the list names as a person does, by clicking the board: its cell, its
// column, or its piece and then its target (a cell, or the off-board button).
async function clickMove(li, on = page) {
  const move = await li.getAttribute("data-move");
  const from = await li.getAttribute("data-from");
  const to = await li.getAttribute("data-to");
  const column = on.locator(`#game-columns .column[data-cell="${move}"]`);
  if (await column.count()) return column.click();
  if (from) {
    await on.click(`#game-board .cell[data-cell="${from}"]`);
    if (to) return on.click(`#game-board .cell[data-cell="${to}"][data-move="${move}"]`);
    return on.click(`#game-off button[data-move="${move}"]`);
  }
  return on.click(`#game-board .cell[data-cell="${to}"][data-move="${move}"]`);
}

// Holds the computer's next answer (`/pick`) until `release()`: `asked` resolves when the
// page has asked for it.
function holdPicks(on) {
  let release = () => {};
  let held;
  const gate = new Promise((go) => { held = go; });
  const asked = new Promise((resolve) => {
    on.route("**/pick?*", async (route) => {
      resolve();
      await gate;
      await route.continue();
    });
  });
  release = () => held();
  return { asked, release };
}

describe("the games, from /api/games", () => {
  // #22 item 1: the rules come from the library (`Notation::RULES`, which `games --json`
  // prints too), one text for the page, `play` and Python.
  test("every game's page shows its title and its rules, the library's own text", async () => {
    for (const info of GAMES) {
      await open(`#game/${info.name}`);
      const rules = page.locator("[data-rules]");
      await rules.waitFor({ state: "attached" });
      assert.equal(await rules.isHidden(), false, `${info.name}: rules hidden`);
      assert.ok((await rules.textContent()).includes(info.rules), `${info.name}: ${await rules.textContent()}`);
      assert.ok((await page.textContent("body")).includes(info.title), `${info.name}: no title`);
    }
  });

  test("the tabs are the games the binary lists, each at #game/NAME", async () => {
    await open(`#game/${GAMES[0].game}`);
    const tabs = await page.$$eval("#tabs a", (links) => links.map((link) => link.dataset.key));
    assert.deepEqual(tabs, [...GAMES.map((game) => `game/${game.game}`), "families", "footholds", "validity"]);
    for (const game of GAMES) {
      await open(`#game/${game.game}`);
      assert.equal(await page.getAttribute(`#tabs a[href="#game/${game.game}"]`, "aria-current"), "page");
      const mover = game.sides[0];
      assert.ok((await status()).startsWith(`${mover} to move`), `${game.game}: ${await status()}`);
      // The rules hook is there for every game, shown when the server has the text.
      assert.equal(await page.locator("[data-rules]").count(), 1);
    }
  });

  test("every tic-tac-toe move's value agrees with the library, cells numbered 1-9", async () => {
    for (const board of [".........", "x...o....", "xo.x..o..", "xx.oo....", "xo..x....", "oxo.x...."]) {
      await open(`#game/tictactoe?start=${board}`);
      const position = outcome(board);
      const mover = position.to_move;
      const cells = await shownCells();
      assert.deepEqual(cells.map((cell) => cell.cell), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
      for (const shown of cells) {
        const index = shown.cell - 1;
        if (board[index] !== ".") {
          assert.equal(shown.value, null, `${board}: cell ${shown.cell} is taken`);
          assert.equal(shown.mark, board[index]);
          continue;
        }
        const child = board.slice(0, index) + mover + board.slice(index + 1);
        const expected = outcome(child);
        const value = valueFor(expected.outcome, mover);
        assert.equal(shown.value, value, `${board}: cell ${shown.cell}`);
        assert.equal(shown.plies, expected.plies + 1, `${board}: cell ${shown.cell}`);
        // The word is on the cell, not only the colour.
        assert.ok(shown.text.includes(value), `${board}: cell ${shown.cell} says ${shown.text}`);
        // outcome --json names best moves 0-8 (the judges' format); the page 1-9.
        assert.equal(shown.best, position.best_moves.includes(index), `${board}: cell ${shown.cell} best`);
      }
      assert.ok((await status()).startsWith(`${mover} to move`));
    }
  });

  test("leaving a tab keeps its game; the computer's move never lands on another page", async () => {
    await open("#game/misere?moves=5,1");
    await page.click('#tabs a[data-key="game/hexapawn"]');
    await page.waitForFunction(() => location.hash === "#game/hexapawn");
    await idle();
    await page.click('#tabs a[data-key="game/misere"]');
    await page.waitForFunction(() => location.hash === "#game/misere?moves=5,1");
    await idle();
    // The computer to move, and the person leaves before its answer arrives: held here
    // until the other page is shown, then let through. It must not bring the game back.
    const other = await browser.newPage();
    other.on("pageerror", (error) => errors.push(error));
    const { asked, release } = holdPicks(other);
    await open("#game/misere?moves=5,1,9", other);
    await other.selectOption("#game-computer", "second");
    await asked;
    await other.click('#tabs a[data-key="footholds"]');
    await other.waitForSelector("#fh-steps li");
    const answered = other.waitForResponse("**/pick?*");
    release();
    await (await answered).finished();
    // The page has had the answer: two frames later, anything it did with it is done.
    await other.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    assert.match(await other.evaluate(() => location.hash), /^#footholds/);
    await other.close();
  });

  test("old links keep working: #tictactoe with cells 0-8", async () => {
    await open("#tictactoe?moves=4,0");
    await page.waitForFunction(() => location.hash === "#game/tictactoe?moves=5,1");
    const cells = await shownCells();
    assert.equal(cells[4].mark, "x");
    assert.equal(cells[0].mark, "o");
  });

  test("clicking plays; undo and redo; the position lives in the URL", async () => {
    await open("#game/misere");
    await page.click('#game-board .cell[data-cell="5"]');
    await page.waitForFunction(() => location.hash.includes("moves=5"));
    await idle();
    await page.click('#game-board .cell[data-cell="1"]');
    await page.waitForFunction(() => location.hash.includes("moves=5,1"));
    await idle();
    assert.equal(await page.textContent('#game-board .cell[data-cell="1"] .mark'), "o");
    assert.deepEqual(await page.$$eval("[data-ply]", (items) => items.map((item) => item.dataset.ply)), ["1", "2"]);
    await page.click("#game-undo");
    await page.waitForSelector('#game-board .cell[data-cell="1"]:not(.piece)');
    await page.click("#game-redo");
    await page.waitForSelector('#game-board .cell[data-cell="1"].piece');
    // A shared link opens the same position in a fresh page.
    const link = page.url();
    const other = await browser.newPage();
    await other.goto(link);
    await other.waitForSelector('#game-board .cell[data-cell="1"].piece');
    assert.equal(await other.textContent('#game-board .cell[data-cell="5"] .mark'), "x");
    await other.close();
  });

  test("the history marks a blunder; a point of the chart is read by keyboard and touch", async () => {
    await open("#game/tictactoe?moves=5");
    // o at 2, an edge next to x's centre: the documented blunder. The cell's label counts
    // this move: outcome --json's plies after it, plus one.
    const cell = (await shownCells()).find((shown) => shown.cell === 2);
    assert.deepEqual([cell.value, cell.plies], ["loss", outcome(".o..x....").plies + 1]);
    await page.click('#game-board .cell[data-cell="2"]');
    await page.waitForSelector("#game-chart .verdict-mistake .mistake-ring");
    assert.equal(await page.locator("#game-chart .point").count(), 3, "one point per position: start and two plies");
    const sentence = await page.textContent('[data-ply="2"] .sentence');
    assert.match(sentence, /^O 2 turned a draw into a loss/, "the move named as the cell is (1-9)");
    const title = await page.textContent('#game-chart .point[data-index="2"] title');
    assert.ok(title.includes("For x: a win in 5 plies. For o: a loss in 5 plies."), title);
    await page.screenshot({ path: `${SHOTS}/value-history.png`, fullPage: true });
    // A point is read by focus (keyboard) or a tap, not only by hover, then gone back to.
    await page.focus('#game-chart .point[data-index="2"]');
    await page.waitForFunction(() => document.querySelector(".chart-detail").textContent.includes("For x: a win in 5 plies"));
    await page.tap?.('#game-chart .point[data-index="1"]').catch(() => page.click('#game-chart .point[data-index="1"]'));
    await page.waitForFunction(() => document.querySelector(".chart-detail").textContent.startsWith("After ply 1"));
    await page.click(".chart-back");
    await page.waitForFunction(() => location.hash === "#game/tictactoe?moves=5&redo=2");
    await idle();
  });

  // #22 item 2: "a cell labelled loss 6 is described after the click as a loss in 5
  // plies". The page shows what the server says; the sentence is the library's, which
  // counts plies as the labels do (the move included).
  test("the history's sentence gives the number the clicked cell showed", async () => {
    await open("#game/tictactoe?moves=5");
    const cell = (await shownCells()).find((shown) => shown.cell === 2);
    await page.click('#game-board .cell[data-cell="2"]');
    await page.waitForSelector('[data-ply="2"]');
    const sentence = await page.textContent('[data-ply="2"] .sentence');
    assert.ok(sentence.includes(`${cell.value} in ${cell.plies} plies`), `the cell said ${cell.value} ${cell.plies}: ${sentence}`);
  });
});

const capitalized = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// The line that won, as a person sees it: the cells drawn as the line, in order of the board.
const lineCells = (on = page) => on.$$eval("#game-board .cell.win-line", (cells) => cells.map((cell) => Number(cell.dataset.index)));

describe("the line that won", () => {
  // Expectations: the cells of the line are those the person clicked into a line (by hand:
  // x on 1, 2, 3 is the top row; Connect Four's first column filled by x from the bottom);
  // the words are the game's own, read from the API's `winning_line`, and the status that
  // says them is a live region.
  test("tic-tac-toe: x's top row is highlighted and said", async () => {
    await open("#game/tictactoe");
    for (const cell of ["1", "4", "2", "5", "3"]) {
      const count = (await movesInUrl()).length;
      await page.click(`#game-board .cell[data-cell="${cell}"]`);
      await page.waitForFunction((count) => (location.hash.match(/[?&]moves=([^&]*)/)?.[1] ?? "").split(",").filter(Boolean).length > count, count);
      await idle();
    }
    assert.deepEqual(await lineCells(), [0, 1, 2]);
    assert.equal(await status(), "X won: three in a row, top row.");
    assert.equal(await page.getAttribute("[data-status]", "aria-live"), "polite");
    // The cells say so to a screen reader too; the others are not in the line.
    assert.match(await page.textContent('#game-board .cell[data-cell="2"]'), /in the line that ended the game/);
    assert.doesNotMatch(await page.textContent('#game-board .cell[data-cell="4"]'), /in the line/);
    await page.screenshot({ path: `${SHOTS}/line-tictactoe.png` });
    // Undo: no game over, no line.
    await page.click("#game-undo");
    await page.waitForFunction(() => !document.querySelector("#game-board .cell.win-line"));
    assert.match(await status(), /to move/);
  });

  test("misère tic-tac-toe: the loser's line, and the winner named", async () => {
    await open("#game/misere?moves=1,4,2,5,3");
    assert.deepEqual(await lineCells(), [0, 1, 2]);
    assert.equal(await status(), "O won: x made three in a row, top row.");
    // The loser's line is drawn as a loss, not as a win.
    assert.equal(await page.locator("#game-board .cell.win-line.line-lost").count(), 3);
    await page.screenshot({ path: `${SHOTS}/line-misere.png` });
  });

  test("Connect Four: four in a column, dropped by clicking the columns", async () => {
    await open("#game/connect4-4x4");
    for (const column of ["1", "2", "1", "2", "1", "2", "1"]) {
      const count = (await movesInUrl()).length;
      await page.click(`#game-columns .column[data-cell="${column}"]`);
      await page.waitForFunction((count) => (location.hash.match(/[?&]moves=([^&]*)/)?.[1] ?? "").split(",").filter(Boolean).length > count, count);
      await idle();
    }
    assert.deepEqual(await lineCells(), [0, 4, 8, 12]);
    assert.equal(await status(), "X won: four in a row, column 1.");
    await page.screenshot({ path: `${SHOTS}/line-connect4.png` });
  });

  test("Connect Four: a diagonal", async () => {
    // x on 1, 2, 3, 4 climbing: x 1, o 2, x 2, o 3, x 3, o 4, x 3, o 4, x 4, o 1, x 4.
    await open("#game/connect4-4x4?moves=1,2,2,3,3,4,3,4,4,1,4");
    assert.deepEqual(await lineCells(), [3, 6, 9, 12]);
    // Opened at its end, the board is still one of columns (the history's moves say so).
    assert.equal(await page.locator("#game-columns .column").count(), 4);
    assert.equal(await status(), "X won: four in a row, diagonal from the top right corner to the bottom left corner.");
    await page.screenshot({ path: `${SHOTS}/line-connect4-diagonal.png` });
  });
});

describe("hints off means no answer", () => {
  test("no verdict, no chart, no values, no marked mistakes until asked; then shown", async () => {
    // x at 5, o at 2: o's blunder, x now wins in 5.
    await open("#game/tictactoe?moves=5,2");
    await page.uncheck("#game-hints");
    await page.waitForFunction(() => location.hash.includes("hints=off"));
    await idle();
    assert.equal(await status(), "x to move.");
    assert.equal(await page.locator("#game-chart svg").count(), 0, "no chart");
    assert.equal(await page.locator(".verdict-mistake").count(), 0, "no marked mistake");
    const cells = await shownCells();
    assert.ok(cells.every((cell) => cell.value === null && !/win|loss|draw/.test(cell.text)), "no value on a cell");
    const history = await page.textContent("#game-plies");
    assert.ok(!/win|loss|draw|mistake|best/.test(history), history);
    assert.ok(!/win|loss|draw/.test(await page.textContent("#game-moves")));
    // The list's order gives nothing away: by name, not best first.
    const listed = await page.$$eval("#game-moves li", (items) => items.map((item) => item.dataset.move));
    assert.deepEqual(listed, ["1", "3", "4", "6", "7", "8", "9"]);
    await page.screenshot({ path: `${SHOTS}/hints-off.png`, fullPage: true });
    // A link keeps the setting.
    await open("#game/tictactoe?moves=5,2&hints=off");
    assert.equal(await status(), "x to move.");
    // Asked for: this position's answer, once.
    await page.click("#game-reveal");
    await page.waitForSelector("#game-chart .verdict-mistake");
    assert.ok((await status()).includes("x wins in 5 plies"));
    // Hints back on.
    await page.check("#game-hints");
    await page.waitForFunction(() => !location.hash.includes("hints=off"));
    await idle();
    assert.ok((await shownCells()).some((cell) => cell.value === "win"));
  });
});

describe("input that cannot jam", () => {
  test("a double-click plays one move", async () => {
    await open("#game/misere");
    await page.dblclick('#game-board .cell[data-cell="5"]');
    await idle();
    assert.deepEqual(await movesInUrl(), ["5"]);
    assert.ok(await page.isHidden("#error"), await page.textContent("#error"));
    await page.click('#game-board .cell[data-cell="1"]');
    await page.waitForFunction(() => location.hash.includes("moves=5,1"));
    await idle();
  });

  test("two clicks in the same instant: one move, never one for the computer", { timeout: 20000 }, async () => {
    await open("#game/misere?computer=second");
    // The computer's answer held until the clicks are counted.
    const { asked, release } = holdPicks(page);
    await page.evaluate(() => {
      document.querySelector('#game-board .cell[data-cell="1"]').click();
      document.querySelector('#game-board .cell[data-cell="3"]').click();
      document.querySelector('#game-board .cell[data-cell="3"]').click();
    });
    await asked;
    // The computer is asked after the person's one move, and only that one is played.
    assert.deepEqual(await movesInUrl(), ["1"]);
    // A click during the computer's turn is not played either, and the page says why.
    try {
      // (forced: the cell says it is disabled, and Playwright would otherwise not click it)
      await page.click('#game-board .cell[data-cell="7"]', { force: true });
      assert.deepEqual(await movesInUrl(), ["1"]);
      const said = await page.textContent("#game-notice");
      assert.match(said, /^Not played: it is o's turn, and the computer plays o/);
      assert.ok(await page.isVisible("#game-notice"));
    } finally {
      release();
    }
    await page.waitForFunction(() => /moves=1,\d/.test(location.hash), null, { timeout: 10000 });
    await idle();
    await page.unroute("**/pick?*");
    const moves = await movesInUrl();
    assert.equal(moves.length, 2, moves.join(","));
    assert.ok((await status()).startsWith("x to move"));
    assert.ok(await page.isHidden("#error"));
  });

  test("a link with an illegal move opens at the last legal position, with a message and Undo", async () => {
    await open("#game/misere?moves=5,5,1");
    await page.waitForFunction(() => location.hash === "#game/misere?moves=5");
    await idle();
    const notice = await page.textContent("#game-notice");
    assert.ok(notice.startsWith("Move 2 of the link (5) cannot be played"), notice);
    assert.ok(await page.isHidden("#error"));
    assert.ok(await page.isEnabled("#game-undo"));
    await page.click("#game-undo");
    await page.waitForFunction(() => location.hash === "#game/misere?redo=5");
    await idle();
    assert.ok((await status()).startsWith("x to move"));
    // A link whose first move is illegal opens at the start.
    await open("#game/hexapawn?moves=9-9");
    await page.waitForFunction(() => location.hash === "#game/hexapawn");
    assert.ok((await page.textContent("#game-notice")).startsWith("Move 1 of the link (9-9)"));
  });
});

describe("every game, played to its end by clicking", () => {
  for (const game of GAMES) {
    test(`${game.game} against the perfect computer`, async () => {
      const [me, computer] = game.sides;
      if (game.answered_by === "search") {
        // A game answered by search is played within its opening book (four plies), where
        // every answer is a lookup (past it a search can take minutes, and the server bounds
        // it): the best move, the computer's reply, and the position after them with every
        // answer's value, ranked from the book's last ply.
        await open(`#game/${game.game}?computer=second`);
        await idle();
        await clickMove(page.locator("#game-moves li[data-move]").first());
        await page.waitForFunction(() => (location.hash.match(/moves=([^&]*)/)?.[1] ?? "").split(",").length === 2, null, { timeout: 10000 });
        await page.waitForFunction((side) => document.querySelector("[data-status]").textContent.startsWith(`${side} to move`), me, { timeout: 10000 });
        await idle();
        assert.equal((await movesInUrl()).length, 2);
        assert.ok((await page.locator("#game-moves li[data-move]").count()) > 0);
        assert.ok(await page.isHidden("#error"));
        return;
      }
      await open(`#game/${game.game}?computer=second`);
      for (let turn = 0; turn < 40; turn++) {
        await page.waitForFunction((me) => {
          const board = document.querySelector("#game-board");
          const text = document.querySelector("[data-status]").textContent;
          return !board.getAttribute("aria-busy") && (text.startsWith(`${me} to move`) || !text.includes("to move"));
        }, me, { timeout: 10000 });
        await idle();
        if (!(await status()).includes("to move")) break;
        // The best move, as the list orders them, played on the board; its value on the
        // board is the list's.
        const li = page.locator("#game-moves li[data-move]").first();
        const listed = await li.getAttribute("data-value");
        const count = (await movesInUrl()).length;
        await clickMove(li);
        await page.waitForFunction((count) => {
          const moves = (location.hash.match(/[?&]moves=([^&]*)/)?.[1] ?? "").split(",").filter(Boolean);
          return moves.length > count;
        }, count);
        assert.ok(["win", "draw", "loss"].includes(listed));
      }
      const end = await status();
      assert.ok(!end.includes("to move"), `${game.game} ended: ${end}`);
      // Both sides perfect: the game's value under perfect play.
      // A game won on a line says the line (its words are checked in "the line that won").
      const winner = game.sides[game.outcome === "first" ? 0 : 1];
      if (game.outcome === "draw") assert.equal(end, "The game is over: a draw.");
      else assert.ok(end === `${winner} has won.` || end.startsWith(`${capitalized(winner)} won: `), end);
      const plies = await page.locator("[data-ply]").count();
      assert.equal(plies, game.plies, `${game.game}: perfect play lasts ${game.plies} plies`);
      assert.equal(await page.locator("#game-chart .point").count(), plies + 1);
      assert.ok(await page.isHidden("#error"));
      void computer;
    });
  }

  test("a piece's move: the piece shows its best value, its targets theirs", async () => {
    await open("#game/hexapawn");
    const pieces = await page.$$eval("#game-board .cell.movable", (cells) => cells.map((cell) => [cell.dataset.cell, cell.dataset.value]));
    assert.deepEqual(pieces.map(([cell]) => cell), ["1", "2", "3"]);
    assert.ok(pieces.every(([, value]) => value === "loss"), "white loses Hexapawn: every piece's best is a loss");
    await page.click('#game-board .cell[data-cell="2"]');
    await page.waitForSelector('#game-board .cell[data-cell="5"][data-move="2-5"].best');
    assert.equal(await page.getAttribute('#game-board .cell[data-cell="5"]', "data-plies"), "6");
  });

  test("every Dodgem move from the start shows its value, as analyze says", async () => {
    await open("#game/dodgem");
    const shown = await page.$$eval("#game-moves li", (items) => items.map((item) => [item.dataset.move, item.querySelector(".value").textContent]));
    const out = execFileSync(BIN, ["analyze", "--game", "dodgem", "b../b../.rr b"]).toString();
    for (const [move, value] of shown) {
      const line = out.split("\n").find((line) => line.trim().startsWith(move + " ") || line.includes(` ${move} `) || line.includes(` ${move}:`));
      assert.ok(line, `${move} is in analyze's list:\n${out}`);
      const [word, plies] = value.replace(/^\S+\s/, "").split(" in ");
      assert.ok(line.includes(word) && line.includes(plies.split(" ")[0]), `${move}: page ${value}, analyze ${line}`);
    }
    assert.equal(shown.length, 3);
  });

  test("a game of drops (Connect Four's shape, answered by a stand-in server): columns, discs, values", async () => {
    // The shape `/api/games/{game}` gives every game, for a 4x4 board whose moves name
    // columns; served here by the test until the library has the game.
    const other = await browser.newPage();
    const cells = "................";
    const position = (cells, side) => `${cells.match(/.{4}/g).join("/")}`;
    const drop = (cells, column, piece) => {
      for (let row = 3; row >= 0; row--) if (cells[row * 4 + column] === ".") return [cells.slice(0, row * 4 + column) + piece + cells.slice(row * 4 + column + 1), row * 4 + column];
    };
    const answer = (moves) => {
      let board = cells;
      const positions = [];
      const plies = [];
      moves.forEach((move, index) => {
        const piece = index % 2 ? "o" : "x";
        [board] = drop(board, Number(move) - 1, piece);
        plies.push({ move, number: index + 1, player: piece, outcome_before: "draw", outcome_after: "draw", verdict: "best", sentence: `${piece} ${move} was best: a draw` });
      });
      const mover = moves.length % 2 ? "o" : "x";
      const options = [0, 1, 2, 3].map((column) => {
        const [after, to] = drop(board, column, mover);
        return { move: String(column + 1), from: null, to, outcome: column === 1 ? "draw" : mover === "x" ? "o" : "x", plies: column === 1 ? 16 - moves.length : 7, position: position(after) };
      });
      positions.push({ position: position(board), cells: board, to_move: mover, finished: false, winner: null, outcome: "draw", plies: 16 - moves.length, best_moves: ["2"], moves: options });
      return { game: "connect4-4x4", move_help: "a column 1-4", moves, pieces: ["x", "o"], sides: ["x", "o"], plies, positions: [...moves.map(() => positions[0]), positions[0]] };
    };
    await other.route("**/api/games", (route) => route.fulfill({ json: [{ game: "connect4-4x4", name: "connect4-4x4", sides: ["x", "o"], start: "..../..../..../....", outcome: "draw", plies: 16, positions: 1 }] }));
    await other.route("**/api/games/connect4-4x4/stream?*", (route) => {
      const moves = (new URL(route.request().url()).searchParams.get("moves") ?? "").split(",").filter(Boolean);
      // The stream's events for that review: the game drawn, each position whole, each
      // ply judged, done.
      const review = answer(moves);
      const events = [
        { event: "game", game: review },
        ...review.positions.map((analysis, index) => ({ event: "position", index, analysis })),
        ...review.plies.map((ply) => ({ event: "ply", ply })),
        { event: "done" },
      ];
      return route.fulfill({ contentType: "application/x-ndjson", body: events.map((event) => JSON.stringify(event) + "\n").join("") });
    });
    await other.goto(`${url}#game/connect4-4x4`);
    await idle(other);
    const columns = await other.$$eval("#game-columns .column", (buttons) => buttons.map((button) => [button.dataset.cell, button.dataset.value]));
    assert.deepEqual(columns, [["1", "loss"], ["2", "draw"], ["3", "loss"], ["4", "loss"]]);
    assert.equal(await other.locator("#game-columns .column.best").getAttribute("data-cell"), "2");
    await other.click('#game-columns .column[data-cell="2"]');
    await other.waitForFunction(() => location.hash.includes("moves=2"));
    await idle(other);
    // The disc dropped to the bottom of column 2 (cell 14, row 4).
    assert.equal(await other.textContent('#game-board .cell[data-square="14"] .mark'), "x");
    // A click anywhere in a column drops there too.
    await other.click('#game-board .cell[data-square="2"]');
    await other.waitForFunction(() => location.hash.includes("moves=2,2"));
    await idle(other);
    assert.equal(await other.textContent('#game-board .cell[data-square="10"] .mark'), "o");
    await other.screenshot({ path: `${SHOTS}/drops.png`, fullPage: true });
    await other.close();
  });
});

describe("for everyone", () => {
  test("arrow keys move between cells; the focus stays on the board after a move", async () => {
    await open("#game/misere");
    await page.focus('#game-board .cell[data-cell="1"]');
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowDown");
    assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), "5");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => location.hash.includes("moves=5"));
    await idle();
    assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), "5");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => location.hash.includes("moves=5,4"));
    await idle();
    assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), "4");
  });

  test("a far-off win is drawn clearly off the draw line (Dodgem: blue wins in 19)", async () => {
    await open("#game/dodgem");
    assert.ok((await status()).includes("blue wins in 19 plies"));
    const [middle, half, start] = await page.evaluate(() => {
      const svg = document.querySelector("#game-chart svg");
      const band = svg.querySelector(".band-x");
      const first = svg.querySelector(".trail").getAttribute("points").split(" ")[0].split(",").map(Number);
      return [Number(svg.querySelector(".draw-line").getAttribute("y1")), Number(band.getAttribute("height")), first[1]];
    });
    assert.ok(middle - start >= half / 4, `blue's win sits ${middle - start} above the line, of ${half}`);
  });

  test("axe-core finds no critical or serious violation on any page, light and dark", async () => {
    const pages = [
      ...GAMES.flatMap((game) => [`#game/${game.game}`, `#game/${game.game}?hints=off`]),
      "#game/tictactoe?moves=5,2", "#game/hexapawn?moves=2-5", "#game/misere?moves=5,5",
      "#footholds", "#footholds?board=111,111,111&a=1,0&b=1,2", "#validity",
    ];
    // Light and dark side by side, each in its own context (and renderer): half the time.
    const found = await W.sideBySide(["light", "dark"], async (colorScheme) => {
      // The page's Content-Security-Policy allows no injected script: bypassed for axe only.
      const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, colorScheme, bypassCSP: true });
      const seen = [];
      try {
        const checked = await context.newPage();
        checked.on("pageerror", (error) => errors.push(error));
        for (const hash of pages) {
          await open(hash, checked);
          for (const violation of await axe(checked)) seen.push(`${colorScheme} ${hash}: ${violation}`);
        }
      } finally {
        await context.close();
      }
      return seen;
    });
    assert.deepEqual(found.flat(), []);
  });

  test("screenshots: every game, light and dark, phone and laptop", async () => {
    const sizes = [["phone", { width: 390, height: 844 }], ["laptop", { width: 1366, height: 768 }]];
    // Every size and scheme side by side, each in its own context.
    const sessions = sizes.flatMap(([size, viewport]) => ["light", "dark"].map((colorScheme) => [size, viewport, colorScheme]));
    await W.sideBySide(sessions, async ([size, viewport, colorScheme]) => {
      const context = await browser.newContext({ viewport, colorScheme });
      try {
        const shot = await context.newPage();
        shot.on("pageerror", (error) => errors.push(error));
        for (const game of GAMES) {
          await open(`#game/${game.game}`, shot);
          // Two moves in, the first listed each time: a history to draw (within the book of
          // a game answered by search).
          for (let move = 0; move < 2; move++) {
            await clickMove(shot.locator("#game-moves li[data-move]").first(), shot);
            await shot.waitForFunction((move) => (location.hash.match(/moves=([^&]*)/)?.[1] ?? "").split(",").length === move + 1, move);
            await idle(shot);
          }
          await shot.screenshot({ path: `${SHOTS}/${game.game}-${size}-${colorScheme}.png`, fullPage: true });
        }
      } finally {
        await context.close();
      }
    });
  });
});

describe("a game answered by search", () => {
  test("past the server's time for one search, the page asks again, saying so, until answered", async () => {
    // The server's 503 for a search past its --solve-time-limit, given twice (as a search
    // of a position past the book gives it), then the real answer.
    let refused = 0;
    const route = "**/api/games/connect4-7x6/stream?*";
    await page.route(route, async (request) => {
      if (refused < 2) {
        refused++;
        await new Promise((resolve) => setTimeout(resolve, 400));
        await request.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({ error: "the search ran past --solve-time-limit (3000 ms); ask again: what it proved is kept" }),
        });
      } else {
        await request.continue();
      }
    });
    await page.goto("about:blank");
    await page.goto(`${url}#game/connect4-7x6?moves=4`);
    await page.waitForFunction(() => /keeps what each try proved: try 2 of 20/.test(document.querySelector("#game-solving")?.textContent ?? ""));
    await idle();
    await page.unroute(route);
    assert.equal(refused, 2);
    assert.ok(await page.isHidden("#game-solving"));
    assert.ok(await page.isHidden("#error"));
    assert.deepEqual(await movesInUrl(), ["4"]);
    assert.ok((await status()).startsWith("o to move"));
  });

  test("a game answered by a table is not asked again: its 503 is shown", async () => {
    const route = "**/api/games/hexapawn/stream?*";
    await page.route(route, (request) => request.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "busy" }) }));
    await page.goto("about:blank");
    await page.goto(`${url}#game/hexapawn`);
    await page.waitForSelector("#error:not([hidden])");
    assert.match(await page.textContent("#error"), /busy/);
    await page.unroute(route);
  });
});

describe("validity", () => {
  test("a pasted board is judged, with the reason", async () => {
    await open("#validity");
    for (const [board, verdict, words] of [
      ["xxxooo...", "verdict-invalid", "both x and o have three in a row"],
      ["xxx.oo...", "verdict-valid", "Valid"],
      ["xo.x..o..", "verdict-reachable", "not finished"],
      ["xo.x?.o..", "verdict-error", "column 5"],
    ]) {
      await page.fill("#validity-input", board);
      await page.click("#validity-check");
      await page.waitForFunction((board) => location.hash.includes(encodeURIComponent(board)), board);
      await page.waitForSelector(`#validity-verdict.${verdict}`);
      const text = await page.textContent("#validity-verdict");
      assert.ok(text.includes(words), `${board}: ${text}`);
    }
    await page.fill("#validity-input", "xxxooo...");
    await page.click("#validity-check");
    await page.waitForSelector("#validity-verdict.verdict-invalid");
    await page.screenshot({ path: `${SHOTS}/validity.png`, fullPage: true });
  });
});

describe("footholds", () => {
  test("the first official example is solved and stepped through", async () => {
    await open("#footholds");
    await page.click("#fh-example-1");
    await page.waitForFunction(() => location.hash.includes("board=111,111,111"));
    await page.click("#fh-solve");
    await page.waitForSelector("#fh-stepper:not([hidden])");
    assert.equal(await page.textContent("#fh-answer"), "A wins: 5 moves in all with perfect play.");
    const tiles = async () => (await page.$$("#fh-grid .fh-cell.tile")).length;
    assert.equal(await tiles(), 9);
    for (let move = 1; move <= 5; move++) {
      await page.click("#fh-next");
      await page.waitForFunction((move) => document.querySelector("#fh-step").textContent.startsWith(`After move ${move} of 5`), move);
      assert.equal(await tiles(), 9 - move, `after move ${move}, one tile fewer`);
    }
    assert.equal(await page.textContent("#fh-step"), "After move 5 of 5: B cannot move and loses.");
    assert.ok(await page.isDisabled("#fh-next"));
    await page.click("#fh-back");
    await page.waitForFunction(() => document.querySelector("#fh-step").textContent.startsWith("After move 4 of 5"));
    // The side panel shows A's one step there and its value.
    await page.waitForSelector("#fh-steps li[data-to]");
    await page.screenshot({ path: `${SHOTS}/footholds.png`, fullPage: true });
  });

  test("the steps show only after a solve, and never throw", async () => {
    await open("#footholds?board=111,111,111&a=1,0&b=1,2");
    await page.waitForSelector("#fh-steps li");
    // Before: the stepper is not shown (it was, and its buttons threw a TypeError).
    assert.ok(await page.isHidden("#fh-stepper"));
    await page.evaluate(() => document.querySelector("#fh-back").click());
    // Playing as A: no stepper, and Undo takes back A's step and B's reply.
    await page.click("#fh-play-a");
    await page.waitForFunction(() => document.querySelector("#fh-step").textContent.startsWith("Your move"));
    assert.ok(await page.isHidden("#fh-stepper"));
    assert.ok(await page.isDisabled("#fh-undo"), "nothing to take back yet");
    await page.click("#fh-grid .fh-cell.hint");
    await page.waitForFunction(() => Number(document.querySelector("#fh-step").dataset.moves) === 2 && document.querySelector("#fh-step").textContent.startsWith("Your move"), null, { timeout: 10000 });
    await page.click("#fh-undo");
    await page.waitForFunction(() => Number(document.querySelector("#fh-step").dataset.moves) === 0 && document.querySelector("#fh-step").textContent.startsWith("Your move"));
    assert.equal(await page.locator("#fh-grid .fh-cell.tile").count(), 9);
  });

  test("a player on a hole is told so, and cannot start", async () => {
    await open("#footholds?board=111,101,111&a=1,1&b=1,2");
    await page.waitForSelector("#fh-warning:not([hidden])");
    assert.equal(await page.textContent("#fh-warning"), "A stands on a hole at (1, 1): put A on a tile, or a tile under A.");
    assert.ok(await page.isDisabled("#fh-solve"));
    assert.ok(await page.isDisabled("#fh-play-a"));
    assert.equal(await page.locator("#fh-steps li").count(), 0, "no verdict on a game that cannot start");
  });

  test("a grid is built by clicking and played against the solver", async () => {
    await open("#footholds?board=111,111,111&a=1,0&b=1,2");
    // Knock out the middle tile: the second official example (B wins in 4).
    await page.click('#fh-grid .fh-cell[data-at="1,1"]');
    await page.waitForFunction(() => location.hash.includes("board=111,101,111"));
    await page.click("#fh-play-b");
    // The solver moves A first; then it is our turn, with every step's value shown.
    await page.waitForFunction(() => document.querySelector("#fh-step").textContent.startsWith("Your move"), null, { timeout: 10000 });
    for (let turn = 0; turn < 4; turn++) {
      const step = await page.textContent("#fh-step");
      if (!step.startsWith("Your move")) break;
      const hinted = await page.$$("#fh-grid .fh-cell.hint");
      assert.ok(hinted.length > 0, "our steps are shown with their values");
      const win = await page.$("#fh-grid .fh-cell.hint.v-win");
      const played = Number(await page.getAttribute("#fh-step", "data-moves"));
      await (win ?? hinted[0]).click();
      // Our step and the solver's reply, or the end of the game.
      await page.waitForFunction(
        (played) => {
          const step = document.querySelector("#fh-step");
          return Number(step.dataset.moves) >= played + 2 || step.textContent.includes("cannot move");
        },
        played,
        { timeout: 10000 },
      );
    }
    const end = await page.textContent("#fh-step");
    assert.ok(end.includes("B wins"), end);
  });
});

