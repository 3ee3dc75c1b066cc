// While a search runs, the page says so: Connect Four 7x6 (answered by search past its
// opening book) in a real headless Chromium, clicked as a person clicks. The answers come
// through `/api/games/{game}/stream`; to watch the page while they come, whatever the
// search's speed, the tests that need time between them serve the real server's answers
// through a proxy that holds each line back (`slowStreams` in support.mjs).
//
// Where the expectations come from: the published values of Connect Four's opening (the
// first player wins in 41 plies by the centre, the columns beside it draw, the outer four
// lose: Allis 1988, John Tromp's Connect Four page; ../shared/fixtures/connect-four-facts.md),
// the game's rules (a disc falls to the lowest empty cell; four in a row win), and the
// binary's own `outcome --game connect4-7x6 --json` for the value of every position shown.
// Screenshots go to target/web-screenshots/ (PERFECT_PLAY_SCREENSHOTS to change it).

import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as W from "./support.mjs";

const { BIN, SHOTS } = W;
let url;
let page;
const shared = W.harness((started) => {
  ({ url, page } = started);
});

const GAME = "connect4-7x6";
const open = (hash) => W.open(page, url, hash);
const idle = (options) => W.idle(page, options);
const status = () => W.status(page);

// The board's cells, row-major from the top left (42), each its disc's letter or ".".
const cells = () => page.$$eval("#game-board .cell", (all) => all.map((cell) => cell.querySelector(".mark")?.textContent ?? ".").join(""));

// Every column button's value as shown: its value word, or "pending" while searched.
const columns = () => page.$$eval("#game-columns .column", (all) => all.map((column) =>
  column.hasAttribute("data-pending") ? "pending" : column.dataset.value ? `${column.dataset.value} ${column.dataset.plies}` : null));

// What the binary says of a position, through `outcome` (not the server).
function outcome(position) {
  const out = execFileSync(BIN, ["outcome", "--game", GAME, "--json"], { input: `${position}\n` });
  return JSON.parse(out.toString());
}

describe("while a search runs, the page says so", () => {
  test("the clicked disc is drawn at once, then each value as it is found", { timeout: 60000 }, async () => {
    await open(`#game/${GAME}`);
    // The start's values are the book's: the centre wins in 41, its neighbours draw, the
    // outer columns lose (Allis 1988).
    assert.deepEqual((await columns()).map((value) => value.split(" ")[0]), ["loss", "loss", "draw", "win", "draw", "loss", "loss"]);
    const slow = await W.slowStreams(page, url, 400);
    try {
      const clicked = Date.now();
      await page.click('#game-columns .column[data-cell="4"]');
      // The disc falls to the bottom of column 4 (row 6, cell 39) before any value is in.
      await page.waitForFunction(() => document.querySelector('#game-board .cell[data-square="39"] .mark')?.textContent === "x", null, { timeout: 1000 });
      const drawn = Date.now() - clicked;
      assert.ok(drawn < 1000, `drawn ${drawn} ms after the click`);
      assert.equal((await cells()).replace(/\./g, ""), "x");
      assert.equal(await status(), "o to move. With perfect play: being searched\u2026");
      assert.ok((await columns()).every((value) => value === "pending"), String(await columns()));
      assert.equal(await page.getAttribute("#game-board", "aria-busy"), "true");
      // The page says what it is doing once it takes more than a moment.
      await page.waitForFunction(() => /^Searching this position: /.test(document.querySelector("#game-solving").textContent));
      // The position's value comes first, then the moves' one by one: never fewer shown.
      await page.waitForFunction(() => !document.querySelector("[data-status]").textContent.includes("being searched"));
      assert.equal(await status(), "o to move. With perfect play: x wins in 40 plies.");
      let shown = 0;
      const counts = [];
      while (shown < 7) {
        const now = (await columns()).filter((value) => value !== "pending").length;
        assert.ok(now >= shown, `${now} values shown after ${shown}`);
        if (now > shown && now < 7 && counts.length === 0) {
          await page.screenshot({ path: `${SHOTS}/connect4-7x6-searching.png`, fullPage: true });
        }
        if (now > shown) counts.push(now);
        shown = now;
        await page.waitForTimeout(50);
      }
      assert.ok(counts.length >= 2, `the values came in turn: ${counts}`);
      await idle({ timeout: 20000 });
      assert.ok(await page.isHidden("#game-solving"));
      assert.ok(await page.isHidden("#error"));
      // Every value shown is the binary's for the position that move leads to (o's disc
      // at the bottom of its column, or on x's in the centre).
      for (const [move, value, plies] of await page.$$eval("#game-moves li[data-move]", (all) => all.map((li) => [li.dataset.move, li.dataset.value, Number(li.dataset.plies)]))) {
        const column = Number(move) - 1;
        const bottom = [..."...x..."];
        const above = [..."......."];
        (column === 3 ? above : bottom)[column] = "o";
        const after = outcome(`......./......./......./......./${above.join("")}/${bottom.join("")}`);
        assert.equal(value, W.valueFor(after.outcome, "o"), `column ${move}`);
        assert.equal(plies, after.plies + 1, `column ${move}`);
      }
      await page.screenshot({ path: `${SHOTS}/connect4-7x6-searched.png`, fullPage: true });
    } finally {
      await slow.close();
    }
  });

  test("a click while values are being searched is played, never dropped", { timeout: 60000 }, async () => {
    await open(`#game/${GAME}`);
    const slow = await W.slowStreams(page, url, 500);
    try {
      await page.click('#game-columns .column[data-cell="4"]');
      await page.waitForFunction(() => document.querySelector('#game-board .cell[data-square="39"] .mark')?.textContent === "x");
      assert.ok((await columns()).includes("pending"));
      // o plays before any value is in: played at once, and drawn.
      await page.click('#game-columns .column[data-cell="4"]');
      await page.waitForFunction(() => document.querySelector('#game-board .cell[data-square="32"] .mark')?.textContent === "o", null, { timeout: 1000 });
      assert.deepEqual(await W.movesInUrl(page), ["4", "4"]);
      assert.ok((await status()).startsWith("x to move."));
      await idle({ timeout: 30000 });
      assert.ok(await page.isHidden("#error"));
    } finally {
      await slow.close();
    }
  });

  test("a win in one is shown at once, whatever the other moves cost", { timeout: 60000 }, async () => {
    // x has three discs up column 5 and wins by a fourth; ten plies in (past the book of
    // eight): every other move is searched.
    const moves = ["5", "1", "2", "1", "5", "2", "7", "6", "5", "7"];
    const position = "......./......./......./....x../oo..x.o/ox..xox";
    assert.deepEqual([outcome(position).outcome, outcome(position).plies], ["x", 1]);
    await open(`#game/${GAME}?moves=${moves.slice(0, 9).join(",")}`);
    const clicked = Date.now();
    await page.click('#game-columns .column[data-cell="7"]');
    await page.waitForFunction(() => document.querySelector('#game-columns .column[data-cell="5"]')?.dataset.value === "win", null, { timeout: 5000 });
    const shown = Date.now() - clicked;
    assert.ok(shown < 1000, `the win in one shown ${shown} ms after the click`);
    assert.equal(await page.getAttribute('#game-columns .column[data-cell="5"]', "data-plies"), "1");
    await page.waitForFunction(() => document.querySelector("[data-status]").textContent === "x to move. With perfect play: x wins in 1 ply.", null, { timeout: 1000 });
    await idle({ timeout: 60000 });
  });

  test("the page mid-search has no critical or serious accessibility violation", { timeout: 60000 }, async () => {
    // axe-core is injected as a script: a context that lets it past the page's CSP.
    const checked = await W.newPage(shared, { viewport: { width: 1200, height: 900 }, bypassCSP: true });
    try {
      await W.open(checked, url, `#game/${GAME}`);
      const slow = await W.slowStreams(checked, url, 800);
      try {
        await checked.click('#game-columns .column[data-cell="3"]');
        await checked.waitForFunction(() => /^Searching this position: /.test(document.querySelector("#game-solving").textContent));
        // A column whose value is being searched says so in words.
        const words = await checked.$$eval("#game-columns .column[data-pending]", (all) => all.map((column) => column.textContent));
        assert.ok(words.length > 0 && words.every((text) => /^column \d: value being searched/.test(text)), String(words));
        assert.deepEqual(await W.axe(checked), []);
        await W.idle(checked, { timeout: 30000 });
      } finally {
        await slow.close();
      }
    } finally {
      await checked.context().close();
    }
  });
});
