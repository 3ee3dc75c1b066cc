// What a person waits for on the web board of Connect Four 7x6, measured in headless
// Chromium (BENCHMARKS.md, the server): from the click on a column (the DOM's click event) to the
// first animation frame that shows the disc, and to the one whose status shows the new
// position's value. Three positions of three plies, each clicked twice, on a server of the
// binary PERFECT_PLAY_BIN. `npm run latency` (after `npm ci`); prints one JSON line a click.

import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const BIN = process.env.PERFECT_PLAY_BIN ?? "../../target/release/perfect-play";
const server = spawn(BIN, ["serve", "--addr", "127.0.0.1:0", "--solve-time-limit", "60000"], { stdio: ["ignore", "pipe", "inherit"] });
try {
  const line = await new Promise((resolve) => createInterface({ input: server.stdout }).once("line", resolve));
  const url = line.match(/http:\/\/[^ ]+\//)[0];
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const page = await browser.newPage();
    for (const start of ["4,4,4", "3,3,3", "5,5,5", "4,4,4", "3,3,3", "5,5,5"]) {
      await page.goto("about:blank");
      await page.goto(`${url}#game/connect4-7x6?moves=${start}`);
      await page.waitForFunction(() => !document.querySelector("#game-board")?.getAttribute("aria-busy") && document.querySelector("#game-board")?.dataset.hash === location.hash);
      await page.evaluate(() => {
        window.timed = {};
        document.addEventListener("click", () => { window.timed.click = performance.now(); }, { capture: true, once: true });
        const watch = () => {
          // o's disc at the bottom of column 1 (cell 36), then the status's value.
          if (document.querySelector('#game-board .cell[data-square="36"] .mark')?.textContent === "o") window.timed.drawn ??= performance.now();
          if (window.timed.drawn && !document.querySelector("[data-status]").textContent.includes("being searched")) {
            window.timed.value = performance.now();
            return;
          }
          requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
      });
      await page.click('#game-columns .column[data-cell="1"]');
      await page.waitForFunction(() => window.timed.value, null, { timeout: 600000 });
      const timed = await page.evaluate(() => window.timed);
      console.log(JSON.stringify({ moves: `${start},1`, drawn_ms: Math.round(timed.drawn - timed.click), value_ms: Math.round(timed.value - timed.click) }));
    }
  } finally {
    await browser.close();
  }
} finally {
  server.kill();
}
