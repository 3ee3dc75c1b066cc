// What the browser tests share: the binary's server on 127.0.0.1 (a free port), Debian's
// Chromium driven by playwright-core, a page opened at a hash and waited for, the moves of
// the URL, and axe-core's critical and serious violations. Each test file calls `harness()`
// at its top: its server and browser start before its tests and stop after them, and an
// error thrown in any page fails the test it happened in.

import { after, afterEach, before } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";

export const BIN = process.env.PERFECT_PLAY_BIN ?? "../../target/release/perfect-play";
export const SHOTS = process.env.PERFECT_PLAY_SCREENSHOTS ?? "../../target/web-screenshots";
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

// The binary's JSON lines (`games --json`, `games --families --json`).
export function jsonLines(args) {
  return execFileSync(BIN, args).toString().trim().split("\n").map((line) => JSON.parse(line));
}

// A family's default size as its parameters, every one named in order
// (`giraffes=true,elephants=true`), as the families' `compiled` and `needs_table` write sizes.
export const defaultSize = (family) => family.parameters.map((p) => `${p.name}=${p.default}`).join(",");

// The entry of `needs_table` of a family's default size (answered from a table file alone),
// or undefined.
export const needsTable = (family) => family.needs_table.find((size) => size.size === defaultSize(family));

// Starts the server (`serve` with `args` besides its address) and the browser before the
// file's tests (a page of 1200x900 ready), then calls `ready` with them; stops them after.
// `errors` collects what any page throws, checked empty after each test.
export function harness(ready = () => {}, args = []) {
  const shared = { server: null, url: null, browser: null, page: null, errors: [] };
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    shared.server = spawn(BIN, ["serve", "--addr", "127.0.0.1:0", ...args], { stdio: ["ignore", "pipe", "inherit"] });
    const line = await new Promise((resolve, reject) => {
      shared.server.on("error", reject);
      createInterface({ input: shared.server.stdout }).once("line", resolve);
    });
    shared.url = line.match(/http:\/\/[^ ]+\//)[0];
    shared.browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
    });
    shared.page = await newPage(shared, { viewport: { width: 1200, height: 900 } });
    ready(shared);
  });
  afterEach(() => {
    assert.deepEqual(shared.errors.splice(0).map(String), [], "the page threw");
  });
  after(async () => {
    await shared.browser?.close();
    shared.server?.kill();
  });
  return shared;
}

// A page of a new browser context (`options` as playwright's: viewport, colorScheme...),
// its errors collected.
export async function newPage(shared, options) {
  const context = await shared.browser.newContext(options);
  try {
    const page = await context.newPage();
    page.on("pageerror", (error) => shared.errors.push(error));
    return page;
  } catch (error) {
    await context.close(); // no page to close it through: not left open
    throw error;
  }
}

// Opens the page afresh at `hash` (as a shared link opens it) and waits for it to settle.
export async function open(page, url, hash) {
  await page.goto("about:blank");
  await page.goto(`${url}${hash}`);
  await page.waitForLoadState("networkidle");
  if (hash.startsWith("#game/") || hash.startsWith("#tictactoe")) await idle(page);
}

// The game's board drawn for the moves in the URL, no answer awaited; or, for a size
// answered from a table file alone that the server has no file for, the page saying so.
export async function idle(page, options) {
  await page.waitForFunction(() => {
    const board = document.querySelector("#game-board");
    const drawn = board && !board.getAttribute("aria-busy") && board.dataset.hash === location.hash;
    return drawn || document.querySelector("#game-needs-table")?.dataset.hash === location.hash;
  }, null, options);
}

export const status = (page) => page.textContent("[data-status]");

export const movesInUrl = (page) => page.evaluate(() => (location.hash.match(/[?&]moves=([^&]*)/)?.[1] ?? "").split(",").filter(Boolean));

// Waits until the URL holds more than `count` moves.
export async function movesPast(page, count, options) {
  await page.waitForFunction((count) => (location.hash.match(/[?&]moves=([^&]*)/)?.[1] ?? "").split(",").filter(Boolean).length > count, count, options);
}

// The value of an outcome (a side's name, or `draw`) for `side`.
export function valueFor(winner, side) {
  if (winner === "draw") return "draw";
  return winner === side ? "win" : "loss";
}

// Runs `work` on each of `items` side by side (each in a browser context of its own, which
// `work` closes in a `finally`), waits for every one to end, then fails with every
// failure (one, or an AggregateError naming each): no session outlives its test, to be
// blamed on the next.
export async function sideBySide(items, work) {
  const ended = await Promise.allSettled(items.map(work));
  const failed = ended.filter((result) => result.status === "rejected").map((result) => result.reason);
  if (failed.length === 1) throw failed[0];
  if (failed.length > 1) throw new AggregateError(failed, failed.map(String).join("\n"));
  return ended.map((result) => result.value);
}

// axe-core run in the page: the critical and serious violations, as "rule: target".
export async function axe(page) {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  return result.violations
    .filter((violation) => ["critical", "serious"].includes(violation.impact))
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(" ")} ${node.failureSummary ?? ""}`));
}

// Serves the page's streams of answers (`/api/games/*/stream`) through a proxy that sends
// the first line at once and each later one `delay` ms after the last, as a search that
// takes its time would: what the page shows while values are still coming, made slow
// enough to watch whatever the search's speed. `close()` stops it.
export async function slowStreams(page, url, delay) {
  const proxy = createServer(async (request, response) => {
    const upstream = await fetch(new URL(request.url, url));
    const text = await upstream.text();
    response.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "text/plain", "cache-control": "no-store" });
    if (!upstream.ok) {
      response.end(text);
      return;
    }
    const [first, ...rest] = text.split("\n").filter(Boolean);
    response.write(`${first}\n`);
    for (const line of rest) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (response.destroyed) return;
      response.write(`${line}\n`);
    }
    response.end();
  });
  await new Promise((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address();
  const pattern = "**/api/games/*/stream?*";
  await page.route(pattern, (route) => {
    const asked = new URL(route.request().url());
    return route.continue({ url: `http://127.0.0.1:${port}${asked.pathname}${asked.search}` });
  });
  return {
    close: async () => {
      await page.unroute(pattern);
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}
