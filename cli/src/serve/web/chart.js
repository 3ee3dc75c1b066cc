// The value history: one step per ply, each position's value for x drawn above the middle
// line when x wins, below it when o wins, on it for a draw; the sooner the win, the
// further from the line (remoteness is read off the side scale). Each position's point
// carries both players' views in its title; a move that changed the outcome is ringed and
// labelled, as GamesmanUni's visual value history does.

const SVG = "http://www.w3.org/2000/svg";
// The widest the chart is drawn; narrower on a phone, so that its words keep their size.
const MAX_WIDTH = 520;
const MIN_WIDTH = 300;
const HEIGHT = 260;
const LEFT = 70;
const RIGHT = 16;
const TOP = 26;
const BOTTOM = 38;
// Remoteness 0 (the game is won) sits at the edge; the longest remoteness of the game
// (at least 9) sits next to the middle line.
const MIN_DEPTH = 10;

function node(tag, attrs = {}, text) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

// How far above (the first side wins) or below (the second wins) the middle a position
// sits, from -depth to depth.
// A win however far off stays a quarter of the way from the draw line (Dodgem's "blue
// wins in 20" is not a near-draw); the rest of the way measures how soon.
const FLOOR = 0.25;
export function reach(remoteness, depth) {
  return depth * FLOOR + (1 - FLOOR) * (depth - Math.min(remoteness, depth));
}

function height(position, sides, depth) {
  if (position.pending || position.outcome === "draw" || position.plies === null) return 0;
  const distance = reach(position.plies, depth);
  return position.outcome === sides[0] ? distance : -distance;
}

function view(position, side) {
  if (position.pending) return "being searched";
  const won = position.outcome === side;
  if (position.plies === 0) return position.outcome === "draw" ? "drawn" : won ? "won" : "lost";
  if (position.outcome === "draw") return "a draw";
  const plies = `${position.plies} ${position.plies === 1 ? "ply" : "plies"}`;
  return won ? `a win in ${plies}` : `a loss in ${plies}`;
}

// How many plies the chart's axis spans: the game so far and, from where it stands, the
// rest of its perfect line (a finished game: none; an endless draw: none), so that the
// axis is scaled to the game (tic-tac-toe's 9 from its start, Connect Four 4x4's 16,
// Dodgem's 19) and a long game never runs off it. At least 4, so that a short game still
// reads as a line.
export function chartSteps(positions) {
  const last = positions[positions.length - 1];
  const ahead = last && last.plies !== null && last.outcome !== undefined ? last.plies : 0;
  return Math.max(4, positions.length - 1 + ahead);
}

export function drawChart(container, positions, plies, onSelect, sides = ["x", "o"]) {
  // Drawn at the container's own width (its inner width, when it is laid out), one unit a
  // pixel: the ticks stay readable on a 390 px phone instead of shrinking with the picture.
  const room = container.clientWidth ? container.clientWidth - 14 : MAX_WIDTH;
  const WIDTH = Math.round(Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, room)));
  const DEPTH = Math.max(MIN_DEPTH, ...positions.map((position) => (position.plies ?? 0) + 1));
  const steps = chartSteps(positions);
  const x = (index) => LEFT + (index * (WIDTH - LEFT - RIGHT)) / steps;
  const middle = TOP + (HEIGHT - TOP - BOTTOM) / 2;
  const y = (value) => middle - (value * (HEIGHT - TOP - BOTTOM)) / (2 * DEPTH);
  const svg = node("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: "group",
    "aria-label": "Value history of the game: one point per position, select one to read it",
    class: "value-history",
  });
  // Bands: x wins above, o wins below.
  svg.append(node("rect", { x: LEFT, y: TOP, width: WIDTH - LEFT - RIGHT, height: middle - TOP, class: "band band-x" }));
  svg.append(node("rect", { x: LEFT, y: middle, width: WIDTH - LEFT - RIGHT, height: HEIGHT - BOTTOM - middle, class: "band band-o" }));
  const every = Math.ceil(DEPTH / 5);
  const ticks = [0, ...Array.from({ length: 4 }, (_, i) => every * (i + 1)).filter((r) => r < DEPTH - 1)];
  for (const remoteness of ticks) {
    for (const sign of [1, -1]) {
      const at = y(sign * reach(remoteness, DEPTH));
      svg.append(node("line", { x1: LEFT, x2: WIDTH - RIGHT, y1: at, y2: at, class: "grid" }));
      svg.append(node("text", { x: LEFT - 6, y: at + 4, class: "tick", "text-anchor": "end" }, remoteness ? `in ${remoteness}` : "won"));
    }
  }
  svg.append(node("line", { x1: LEFT, x2: WIDTH - RIGHT, y1: middle, y2: middle, class: "draw-line" }));
  svg.append(node("text", { x: LEFT - 6, y: middle + 4, class: "tick", "text-anchor": "end" }, "draw"));
  svg.append(node("text", { x: 4, y: TOP - 10, class: "axis" }, `${sides[0]} wins \u25b2`));
  svg.append(node("text", { x: 4, y: HEIGHT - BOTTOM + 16, class: "axis" }, `${sides[1]} wins \u25bc`));
  const spacing = (WIDTH - LEFT - RIGHT) / steps;
  const labelEvery = Math.ceil(18 / spacing);
  for (let index = 0; index <= steps; index += labelEvery) {
    svg.append(node("text", { x: x(index), y: HEIGHT - 6, class: "tick", "text-anchor": "middle" }, String(index)));
  }
  const points = positions.map((position, index) => [x(index), y(height(position, sides, DEPTH))]);
  // The trail joins the positions whose values are found; one still being searched is a
  // hollow mark on the draw line, the trail broken there.
  const known = points.filter((_, index) => !positions[index].pending);
  svg.append(node("polyline", { points: known.map((point) => point.join(",")).join(" "), class: "trail" }));
  positions.forEach((position, index) => {
    const [cx, cy] = points[index];
    const ply = plies[index - 1];
    const outcome = position.pending ? "pending" : position.outcome === "draw" ? "draw" : position.outcome === sides[0] ? "first" : "second";
    const group = node("g", {
      class: `point outcome-${outcome}${ply && !ply.pending ? ` verdict-${ply.verdict}` : ""}`,
      "data-index": index,
      tabindex: 0,
      role: "button",
    });
    const title = [
      index === 0 ? "Start" : `After ply ${ply.number}: ${ply.pending ? `${ply.player} ${ply.move}` : ply.sentence}`,
      `For ${sides[0]}: ${view(position, sides[0])}. For ${sides[1]}: ${view(position, sides[1])}.`,
    ].join("\n");
    group.setAttribute("aria-label", title.replace("\n", " "));
    group.append(node("title", {}, title));
    if (ply && ply.verdict === "mistake") {
      group.append(node("circle", { cx, cy, r: 11, class: "mistake-ring" }));
      group.append(node("text", { x: cx, y: cy - 14, class: "mistake-label", "text-anchor": "middle" }, "!"));
    }
    // Shape as well as colour: triangle up for x winning, down for o, circle for a draw.
    if (position.pending) {
      group.append(node("circle", { cx, cy, r: 5, class: "mark pending" }));
    } else if (position.outcome === "draw") {
      group.append(node("circle", { cx, cy, r: 6, class: "mark" }));
    } else {
      const d = position.outcome === sides[0] ? -7 : 7;
      group.append(node("polygon", { points: `${cx},${cy + d} ${cx - 7},${cy - d / 1.4} ${cx + 7},${cy - d / 1.4}`, class: "mark" }));
    }
    // Reading a point is a tap, a click or the focus (not only a hover): its words show
    // below the chart, with a button back to that position.
    const read = () => explain(index, title);
    group.addEventListener("click", read);
    group.addEventListener("focus", read);
    group.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        read();
      }
    });
    svg.append(group);
  });
  const detail = document.createElement("p");
  detail.className = "chart-detail";
  detail.setAttribute("aria-live", "polite");
  detail.textContent = "Select a point (tap, click, or Tab to it) to read what it says.";
  const back = document.createElement("button");
  back.type = "button";
  back.className = "chart-back";
  back.hidden = true;
  let chosen = null;
  back.addEventListener("click", () => onSelect(chosen));
  function explain(index, title) {
    chosen = index;
    detail.textContent = title.replace("\n", " ");
    const last = index === positions.length - 1;
    back.hidden = last;
    back.textContent = index === 0 ? "Back to the start" : `Back to the position after ply ${index}`;
    for (const point of svg.querySelectorAll(".point")) point.classList.toggle("chosen", point === svg.querySelector(`.point[data-index="${index}"]`));
  }
  container.replaceChildren(svg, detail, back);
}
