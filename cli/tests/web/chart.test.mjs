// The value chart's scale without a browser (chart.js, the module the page imports as it
// is). Truth: each game's perfect-play length from its start, as `perfect-play games`
// lists it (tic-tac-toe 9 plies, Connect Four 4x4 16, Dodgem 19), and the rule that the
// axis spans the game so far plus the perfect line still ahead.

import { test } from "node:test";
import assert from "node:assert/strict";
import { chartSteps, reach } from "../../src/serve/web/chart.js";

const at = (outcome, plies) => ({ outcome, plies });

test("the axis spans each game's perfect line from its start", () => {
  assert.equal(chartSteps([at("draw", 9)]), 9); // tic-tac-toe
  assert.equal(chartSteps([at("draw", 16)]), 16); // Connect Four 4x4
  assert.equal(chartSteps([at("blue", 19)]), 19); // Dodgem
  assert.equal(chartSteps([at("black", 6)]), 6); // Hexapawn
});

test("a long game never runs off the axis", () => {
  // Twenty Connect Four moves played, the game over: the axis holds all twenty.
  const played = Array.from({ length: 21 }, (_, i) => at("draw", 16 - Math.min(i, 16)));
  assert.equal(chartSteps(played), 20);
  // Moves played and more to come: both fit.
  const middle = [at("draw", 16), at("draw", 15), at("x", 7)];
  assert.equal(chartSteps(middle), 2 + 7);
  // An endless draw has no line ahead; a finished game none either.
  assert.equal(chartSteps([at("draw", null)]), 4);
  assert.equal(chartSteps([at("draw", 9), at("x", 0)]), 4);
});

test("a far-off win stays off the draw line", () => {
  assert.ok(reach(19, 20) >= 20 / 4);
  assert.equal(reach(0, 20), 20);
});
