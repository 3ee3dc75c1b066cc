// Dōbutsu shōgi on the web board, in a real headless Chromium: its lions and chicks
// (`dobutsu:giraffes=false,elephants=false`, solved on first use; the full game needs a
// table file), each piece drawn as its kind with a dot for each way it steps, the two hands
// beside the board, a move clicked as piece then cell and a drop as hand piece then cell.
//
// Where the expectations come from: the server's own analysis of each position
// (`GET /api/games/{game}/position`: each cell's piece and kind, the hands, every move's
// value), never the page's; the moves of the URL against the moves clicked; the rules
// (a chick captured goes to the captor's hand) for what the hands must hold after the
// captures played here; without the full game's table file, the commands that make and
// serve it with the registry's figures (`games --families --json`, its `needs_table`; the
// figures as BENCHMARKS.md measured them), said above the fold with no control that cannot
// work, and lions and chicks offered to play now. Accessibility: axe-core, light and dark,
// both pages. Screenshots go to target/web-screenshots/dobutsu/.

import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import * as W from "./support.mjs";

const GAME = "dobutsu:giraffes=false,elephants=false";
const SHOTS = `${W.SHOTS}/dobutsu`;
let url;
let page;
const shared = W.harness((started) => {
  ({ url, page } = started);
  mkdirSync(SHOTS, { recursive: true });
});

// The server's analysis of `position`.
async function analysis(position) {
  const query = new URLSearchParams({ position });
  const response = await fetch(`${url}api/games/${encodeURIComponent(GAME)}/position?${query}`);
  assert.equal(response.status, 200, `${position}: ${await response.clone().text()}`);
  return response.json();
}

// The position the page shows: the server's review of the URL's moves, last position.
async function shown() {
  const moves = await W.movesInUrl(page);
  const query = new URLSearchParams({ moves: moves.join(",") });
  const response = await fetch(`${url}api/games/${encodeURIComponent(GAME)}?${query}`);
  assert.equal(response.status, 200);
  const review = await response.json();
  return analysis(review.positions[review.positions.length - 1].position);
}

// What the page draws: each cell's piece (side, name, letter, the steps its dots mark)
// and each hand's pieces with their counts, read from the page.
function drawn() {
  return page.evaluate(() => {
    const piece = (node) => node && {
      letter: node.querySelector(".mark").textContent,
      steps: [...node.querySelectorAll(".step")].map((dot) => [Number(dot.dataset.row), Number(dot.dataset.column)]),
      words: node.querySelector(".sr").textContent.trim(),
    };
    const cells = [...document.querySelectorAll("#game-board .cell")]
      .sort((a, b) => a.dataset.index - b.dataset.index)
      .map((cell) => piece(cell.querySelector(".kind")));
    const hand = (side) => [...document.querySelectorAll(`#game-hand-${side} .hand-piece`)]
      .map((node) => ({ ...piece(node.querySelector(".kind")), count: Number(node.querySelector(".count")?.textContent.slice(1) ?? 1) }));
    return { cells, hands: [hand(0), hand(1)] };
  });
}

// The page draws what the server says of the position: every piece of a kind and the
// hands.
async function checkDrawn() {
  const position = await shown();
  const board = await drawn();
  assert.equal(board.cells.length, position.pieces.length);
  for (const [index, expected] of position.pieces.entries()) {
    const got = board.cells[index];
    if (expected === null) {
      assert.equal(got, null, `cell ${index}`);
      continue;
    }
    assert.equal(got.letter, expected.letter.toUpperCase(), `cell ${index}`);
    assert.deepEqual(got.steps, expected.steps, `cell ${index}`);
    assert.equal(got.words, `${expected.side} ${expected.name} (${expected.letter})`);
  }
  for (const side of [0, 1]) {
    assert.deepEqual(board.hands[side].map((p) => [p.letter, p.count]),
      position.hands[side].map((p) => [p.letter.toUpperCase(), p.count]), `hand ${side}`);
  }
  return position;
}

// The value the page shows on the element of `move` is the server's.
async function checkValue(locator, position, move) {
  const expected = position.moves.find((m) => m.move === move);
  const mover = position.to_move;
  const value = expected.outcome === "draw" ? "draw" : expected.outcome === mover ? "win" : "loss";
  assert.equal(await locator.getAttribute("data-value"), value, move);
  assert.equal(await locator.getAttribute("data-plies"), expected.plies === null ? null : String(expected.plies), move);
}

// Clicks the piece on `from` then the cell `to` (indices, row-major from the top left).
async function step(from, to, name) {
  const count = (await W.movesInUrl(page)).length;
  const position = await shown();
  await page.locator(`#game-board .cell[data-index="${from}"]`).click();
  const target = page.locator(`#game-board .cell[data-index="${to}"]`);
  assert.equal(await target.getAttribute("data-move"), name);
  await checkValue(target, position, name);
  await target.click();
  await W.movesPast(page, count);
  await W.idle(page);
}

describe("Dōbutsu shōgi's lions and chicks on the web board", () => {
  test("pieces drawn as their kinds, the hands beside the board, a capture and a drop clicked", async () => {
    await W.open(page, url, `#game/${GAME}`);
    const start = await checkDrawn();
    assert.equal(start.position, "1l1/1c1/1C1/1L1 b -");
    // Both hands empty at the start, and said so.
    for (const side of [0, 1]) assert.match(await page.textContent(`#game-hand-${side}`), /holds\s*nothing/);
    await page.screenshot({ path: `${SHOTS}/start.png` });
    // Sente's chick takes gote's: the chick goes to sente's hand.
    await step(7, 4, "2c2b");
    let position = await checkDrawn();
    assert.deepEqual(position.hands[0].map((p) => [p.name, p.count]), [["chick", 1]]);
    // Gote's lion takes it back: each side holds a chick.
    await step(1, 4, "2a2b");
    position = await checkDrawn();
    assert.deepEqual(position.hands.map((hand) => hand.map((p) => p.name)), [["chick"], ["chick"]]);
    // A drop: sente's chick picked in the hand (gote's is not sente's to pick), then 2c.
    const mine = page.locator("#game-hand-0 .hand-piece");
    const theirs = page.locator("#game-hand-1 .hand-piece");
    assert.equal(await theirs.getAttribute("aria-disabled"), "true");
    await mine.click();
    assert.equal(await page.locator("#game-hand-0 .hand-piece").getAttribute("aria-pressed"), "true");
    // Every empty cell is a target of the drop, with the server's value.
    const drops = position.moves.filter((m) => m.shape.kind === "from-hand");
    assert.equal(drops.length, position.pieces.filter((p) => p === null).length);
    for (const drop of drops) {
      const cell = page.locator(`#game-board .cell[data-index="${drop.shape.cell}"]`);
      assert.equal(await cell.getAttribute("data-move"), drop.move);
      await checkValue(cell, position, drop.move);
    }
    await page.screenshot({ path: `${SHOTS}/hand-picked.png` });
    await page.locator('#game-board .cell[data-index="7"]').click();
    await W.movesPast(page, 2);
    await W.idle(page);
    assert.deepEqual(await W.movesInUrl(page), ["2c2b", "2a2b", "C*2c"]);
    position = await checkDrawn();
    assert.equal(position.position, "3/1l1/1C1/1L1 w c");
    assert.deepEqual(position.hands[0], []);
    await page.screenshot({ path: `${SHOTS}/after-drop.png` });
    // The value history charts every position, as in every game.
    assert.equal(await page.locator("#game-chart .point").count(), 4);
  });

  test("the full game without its table file: said first, with the commands, and lions and chicks to play now", async () => {
    const family = W.jsonLines(["games", "--families", "--json"]).find((entry) => entry.family === "dobutsu");
    const full = W.needsTable(family);
    assert.ok(full, "the full game is answered from a table file alone");
    for (const [viewport, shot] of [[{ width: 1200, height: 900 }, "no-table"], [{ width: 390, height: 844 }, "no-table-phone"]]) {
      await page.setViewportSize(viewport);
      await W.open(page, url, "#game/dobutsu");
      await page.screenshot({ path: `${SHOTS}/${shot}.png` });
      // The message, above the fold: that the game needs its table file, the command that
      // makes it with the registry's figures (BENCHMARKS.md, Dōbutsu shōgi), the one that
      // serves it.
      const message = page.locator("#game-needs-table");
      const lead = message.locator(".lead");
      assert.match(await lead.textContent(), /needs its table file/);
      const fold = viewport.height;
      const box = await lead.boundingBox();
      assert.ok(box.y + box.height <= fold, `${shot}: the message above the fold`);
      const wide = await message.boundingBox();
      assert.ok(wide.x >= 0 && wide.x + wide.width <= viewport.width, `${shot}: the message within the screen's width`);
      const said = await message.textContent();
      assert.equal(full.solve_cost, "about 10 minutes on two cores, about 6.5 GB at its peak");
      assert.ok(said.includes(`(${full.solve_cost})`), said);
      const commands = await message.locator("pre").allTextContents();
      assert.equal(full.solve_memory, "7G");
      assert.deepEqual(commands, [`perfect-play solve ${full.game} --out dobutsu.table --memory 7G`, "perfect-play serve --table dobutsu.table"]);
      if (viewport.width >= 1200) {
        const last = await message.locator(".play-now").boundingBox();
        assert.ok(last.y + last.height <= fold, "the commands and the size to play now, above the fold");
      }
      // Nothing that cannot work: every control shown does something here (the link to
      // play now, the rules and the size form folded), and no box of choices is empty.
      const shown = await page.evaluate(() => [...document.querySelectorAll("#view button, #view select, #view input, #view a[href], #view summary")]
        .filter((node) => node.getClientRects().length > 0 && !node.closest("details:not([open]) > :not(summary)"))
        .map((node) => ({ tag: node.tagName.toLowerCase(), text: node.textContent.trim(), disabled: node.disabled ?? false, options: node.options?.length ?? null })));
      assert.deepEqual(shown.map(({ tag, text }) => `${tag}: ${text}`), [
        "a: Dōbutsu shōgi (giraffes=false, elephants=false)",
        "summary: Rules of Dōbutsu shōgi",
        "summary: Another size of Dōbutsu shōgi",
      ]);
      for (const id of ["board", "undo", "redo", "new", "computer", "level", "hints", "chart"]) {
        assert.ok(await page.isHidden(`#game-${id}`), `#game-${id} hidden`);
      }
      assert.ok(await page.isHidden("#error"), "said in the page, not as an error at its foot");
    }
    await page.setViewportSize({ width: 1200, height: 900 });
    // The size to play now opens and is played: lions and chicks, drawn from its start.
    const link = page.locator("#game-needs-table .play-now");
    assert.equal(await link.getAttribute("href"), `#game/${GAME}`);
    await link.click();
    await W.idle(page);
    assert.equal(decodeURIComponent(new URL(page.url()).hash), `#game/${GAME}`);
    assert.ok(await page.isHidden("#game-needs-table"));
    assert.equal((await checkDrawn()).position, "1l1/1c1/1C1/1L1 b -");
    await step(7, 4, "2c2b");
  });

  test("axe-core finds nothing critical or serious, light and dark, hand piece picked, and without the table file", async () => {
    const seen = [];
    for (const colorScheme of ["light", "dark"]) {
      // axe-core is injected as a script: the page's Content-Security-Policy bypassed here.
      const checked = await W.newPage(shared, { viewport: { width: 1200, height: 900 }, colorScheme, bypassCSP: true });
      try {
        await W.open(checked, url, "#game/dobutsu");
        for (const violation of await W.axe(checked)) seen.push(`${colorScheme} no table: ${violation}`);
        await checked.screenshot({ path: `${SHOTS}/no-table-${colorScheme}.png` });
        await W.open(checked, url, `#game/${GAME}?moves=2c2b,2a2b`);
        await checked.locator("#game-hand-0 .hand-piece").click();
        for (const violation of await W.axe(checked)) seen.push(`${colorScheme}: ${violation}`);
        await checked.screenshot({ path: `${SHOTS}/${colorScheme}.png` });
      } finally {
        await checked.context().close();
      }
    }
    assert.deepEqual(seen, []);
  });
});
