// The web board in a real headless Chromium (Debian's `chromium`), driven by playwright-core
// and clicked as a person would. Run by `.ci/web.sh` (`npm test` here, with
// PERFECT_PLAY_BIN naming the binary); each test starts from the page's URL.
//
// Where the expectations come from:
// - every value shown for a move is checked against the binary's own `outcome --json` on
//   the board that move leads to (the library's table, read through another path than
//   the server's);
// - the blunder and its sentence: the library's documented game (tests/tictactoe_record.rs);
// - footholds: the first official example of Programmers 92345 (5 moves, B loses), from
//   tests/data/programmers92345-examples.json.
// Screenshots go to target/web-screenshots/ (PERFECT_PLAY_SCREENSHOTS to change it).

import { after, afterEach, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";

const BIN = process.env.PERFECT_PLAY_BIN ?? "../../target/release/perfect-play";
const SHOTS = process.env.PERFECT_PLAY_SCREENSHOTS ?? "../../target/web-screenshots";
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";

let server;
let url;
let browser;
let page;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = spawn(BIN, ["serve", "--addr", "127.0.0.1:0"], { stdio: ["ignore", "pipe", "inherit"] });
  const line = await new Promise((resolve, reject) => {
    server.on("error", reject);
    createInterface({ input: server.stdout }).once("line", resolve);
  });
  url = line.match(/http:\/\/[^ ]+\//)[0];
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  page = await context.newPage();
  page.on("pageerror", (error) => errors.push(error));
});

// Errors thrown in the page: none may happen in any test.
const errors = [];
afterEach(() => {
  assert.deepEqual(errors.splice(0).map(String), [], "the page threw");
});

after(async () => {
  await browser?.close();
  server?.kill();
});

// Opens the page afresh at `hash` (as a shared link opens it) and waits for it to settle.
async function open(hash) {
  await page.goto("about:blank");
  await page.goto(`${url}${hash}`);
  await page.waitForLoadState("networkidle");
}

// What the library says about a board, through the binary (not the server).
function outcome(board) {
  const out = execFileSync(BIN, ["outcome", "--json"], { input: `${board}\n` });
  return JSON.parse(out.toString());
}

function valueFor(winner, side) {
  if (winner === "draw") return "draw";
  return winner === side ? "win" : "loss";
}

async function shownCells() {
  return page.$$eval("#ttt-board .cell", (cells) =>
    cells.map((cell) => ({
      cell: Number(cell.dataset.cell),
      value: cell.dataset.value ?? null,
      plies: cell.dataset.plies ? Number(cell.dataset.plies) : null,
      text: cell.textContent,
      best: cell.classList.contains("best"),
      disabled: cell.disabled,
    })),
  );
}

describe("tic-tac-toe", () => {
  test("every move's value shown agrees with the library, for several boards", async () => {
    for (const board of [".........", "x...o....", "xo.x..o..", "xx.oo....", "xo..x....", "oxo.x...."]) {
      await open(`#tictactoe?start=${board}`);
      const position = outcome(board);
      const mover = position.to_move;
      const cells = await shownCells();
      assert.equal(cells.length, 9);
      for (const shown of cells) {
        if (board[shown.cell] !== ".") {
          assert.equal(shown.value, null, `${board}: cell ${shown.cell} is taken`);
          continue;
        }
        const child = board.slice(0, shown.cell) + mover + board.slice(shown.cell + 1);
        const expected = outcome(child);
        const value = valueFor(expected.outcome, mover);
        assert.equal(shown.value, value, `${board}: cell ${shown.cell}`);
        assert.equal(shown.plies, expected.plies + 1, `${board}: cell ${shown.cell}`);
        // The word is on the cell, not only the colour.
        assert.ok(shown.text.includes(value), `${board}: cell ${shown.cell} says ${shown.text}`);
        assert.equal(shown.best, position.best_moves.includes(shown.cell), `${board}: cell ${shown.cell} best`);
      }
      const status = await page.textContent("#ttt-status");
      assert.ok(status.startsWith(`${mover} to move`), status);
    }
    await open("#tictactoe?start=xo.x..o..");
    await page.screenshot({ path: `${SHOTS}/tictactoe-hints.png`, fullPage: true });
  });

  test("hints can be turned off", async () => {
    await open("#tictactoe?moves=4");
    await page.uncheck("#ttt-hints");
    await page.waitForFunction(() => location.hash.includes("hints=off"));
    const cells = await shownCells();
    assert.ok(cells.every((cell) => !cell.text.includes("win") && !cell.text.includes("loss")));
    await page.check("#ttt-hints");
    await page.waitForFunction(() => !location.hash.includes("hints=off"));
    assert.ok((await shownCells()).some((cell) => cell.text.includes("draw")));
  });

  test("clicking plays; undo and redo; the position lives in the URL", async () => {
    await open("#tictactoe");
    await page.click('#ttt-board .cell[data-cell="4"]');
    await page.waitForFunction(() => location.hash.includes("moves=4"));
    await page.click('#ttt-board .cell[data-cell="0"]');
    await page.waitForSelector('#ttt-board .cell[data-cell="0"].mark-o');
    assert.equal(await page.textContent('#ttt-board .cell[data-cell="4"] .mark'), "x");
    await page.click("#ttt-undo");
    await page.waitForSelector('#ttt-board .cell[data-cell="0"].empty');
    await page.click("#ttt-redo");
    await page.waitForSelector('#ttt-board .cell[data-cell="0"].mark-o');
    // A shared link opens the same position in a fresh page.
    const link = page.url();
    const other = await browser.newPage();
    await other.goto(link);
    await other.waitForSelector('#ttt-board .cell[data-cell="0"].mark-o');
    assert.equal(await other.textContent('#ttt-board .cell[data-cell="4"] .mark'), "x");
    await other.close();
  });

  test("the value history marks a blunder and explains it", async () => {
    await open("#tictactoe");
    await page.click('#ttt-board .cell[data-cell="4"]');
    await page.waitForSelector('#ttt-board .cell[data-cell="4"].mark-x');
    // o at 1, an edge next to x's centre: the documented blunder.
    await page.click('#ttt-board .cell[data-cell="1"]');
    await page.waitForSelector("#ttt-chart .verdict-mistake .mistake-ring");
    const points = await page.$$("#ttt-chart .point");
    assert.equal(points.length, 3, "one point per position: start and two plies");
    const mistake = await page.$$eval("#ttt-plies li.verdict-mistake .sentence", (items) => items.map((item) => item.textContent));
    assert.deepEqual(mistake, ["O 2 turned a draw into a loss in 6 plies"]);
    const title = await page.textContent('#ttt-chart .point[data-index="2"] title');
    assert.ok(title.includes("For x: a win in 5 plies. For o: a loss in 5 plies."), title);
    await page.screenshot({ path: `${SHOTS}/value-history.png`, fullPage: true });
    // Clicking a point of the chart goes back to that position.
    await page.click('#ttt-chart .point[data-index="1"]');
    await page.waitForSelector('#ttt-board .cell[data-cell="1"].empty');
  });

  for (const level of ["perfect", "safe", "random"]) {
    test(`a game against the computer (${level}) is played to its end`, async () => {
      await open(`#tictactoe?computer=o&level=${level}`);
      for (let turn = 0; turn < 5; turn++) {
        // Our turn (x to move, the cells enabled), or the end of the game.
        await page.waitForFunction(() => {
          const status = document.querySelector("#ttt-status").textContent;
          const open = document.querySelector("#ttt-board .cell.empty:not([disabled])");
          return (status.startsWith("x to move") && open) || !status.includes("to move");
        });
        const status = await page.textContent("#ttt-status");
        if (!status.includes("to move")) break;
        const cells = await shownCells();
        // Play the worst move shown, to give the computer something to punish.
        const choices = cells.filter((cell) => !cell.disabled && cell.value);
        const order = { loss: 0, draw: 1, win: 2 };
        choices.sort((a, b) => order[a.value] - order[b.value]);
        const count = Number(await page.getAttribute("#ttt-board", "data-moves"));
        await page.click(`#ttt-board .cell[data-cell="${choices[0].cell}"]`);
        // The board drawn after our move and the computer's reply, or at the end.
        await page.waitForFunction(
          (count) => {
            const status = document.querySelector("#ttt-status").textContent;
            const drawn = Number(document.querySelector("#ttt-board").dataset.moves);
            return drawn >= count + 2 || (drawn >= count + 1 && !status.includes("to move"));
          },
          count,
          { timeout: 10000 },
        );
      }
      const status = await page.textContent("#ttt-status");
      assert.ok(!status.includes("to move"), `the game ended: ${status}`);
      if (level === "perfect") {
        // x played its worst move every time: perfect o wins.
        assert.equal(status, "o has three in a row: o won.");
      }
      const positions = await page.$$("#ttt-chart .point");
      const plies = await page.$$("#ttt-plies li");
      assert.equal(positions.length, plies.length + 1);
      if (level === "perfect") await page.screenshot({ path: `${SHOTS}/against-the-computer.png`, fullPage: true });
    });
  }
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

describe("the other games", () => {
  test("Hexapawn is played against the computer by clicking pieces, to its end", async () => {
    await open("#game/hexapawn?computer=second");
    for (let turn = 0; turn < 5; turn++) {
      await page.waitForFunction(() => {
        const status = document.querySelector("#game-status").textContent;
        return status.startsWith("white to move") && document.querySelector("#game-board .movable") || !status.includes("to move");
      });
      if (!(await page.textContent("#game-status")).includes("to move")) break;
      const count = Number(await page.getAttribute("#game-board", "data-moves"));
      // Click the first piece that can move, then its best-valued target.
      await page.click("#game-board .cell.movable");
      await page.waitForSelector("#game-board .cell.hint");
      const targets = await page.$$eval("#game-board .cell.hint", (cells) => cells.map((cell) => ({ cell: cell.dataset.cell, value: cell.dataset.value })));
      assert.ok(targets.every((target) => ["win", "draw", "loss"].includes(target.value)));
      await page.click(`#game-board .cell[data-cell="${targets[0].cell}"]`);
      await page.waitForFunction(
        (count) => {
          const status = document.querySelector("#game-status").textContent;
          const drawn = Number(document.querySelector("#game-board").dataset.moves);
          return drawn >= count + 2 || (drawn >= count + 1 && !status.includes("to move"));
        },
        count,
        { timeout: 10000 },
      );
    }
    // The second player wins Hexapawn with perfect play (Gardner 1962).
    assert.equal(await page.textContent("#game-status"), "black has won.");
    const points = await page.$$("#game-chart .point");
    const plies = await page.$$("#game-plies li");
    assert.equal(points.length, plies.length + 1);
    await page.screenshot({ path: `${SHOTS}/hexapawn.png`, fullPage: true });
  });

  test("every Dodgem move from the start shows its value, as the library says", async () => {
    await open("#game/dodgem");
    const shown = await page.$$eval("#game-moves li", (items) => items.map((item) => [item.dataset.move, item.querySelector(".value").textContent]));
    const out = execFileSync(BIN, ["analyze", "--game", "dodgem", "b../b../.rr b"]).toString();
    for (const [move, value] of shown) {
      // `analyze` lists each move with its outcome and plies for the side to move.
      const line = out.split("\n").find((line) => line.trim().startsWith(move + " ") || line.includes(` ${move} `) || line.includes(` ${move}:`));
      assert.ok(line, `${move} is in analyze's list:\n${out}`);
      const [word, plies] = value.replace(/^\S+\s/, "").split(" in ");
      assert.ok(line.includes(word) && line.includes(plies.split(" ")[0]), `${move}: page ${value}, analyze ${line}`);
    }
    assert.equal(shown.length, 3);
  });
});
