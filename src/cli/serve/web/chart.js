// The value history: one step per ply, each position's value for x drawn above the middle
// line when x wins, below it when o wins, on it for a draw; the sooner the win, the
// further from the line (remoteness is read off the side scale). Each position's point
// carries both players' views in its title; a move that changed the outcome is ringed and
// labelled, as GamesmanUni's visual value history does.

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 520;
const HEIGHT = 260;
const LEFT = 70;
const RIGHT = 16;
const TOP = 26;
const BOTTOM = 38;
// Remoteness 0 (the game is won) sits at the edge, remoteness 9 next to the middle line.
const DEPTH = 10;

function node(tag, attrs = {}, text) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

// How far above (x wins) or below (o wins) the middle a position sits, from -DEPTH to DEPTH.
export function height(position) {
  if (position.outcome === "draw") return 0;
  const reach = DEPTH - Math.min(position.plies, DEPTH - 1);
  return position.outcome === "x" ? reach : -reach;
}

function view(position, side) {
  const won = position.outcome === side;
  if (position.plies === 0) return position.outcome === "draw" ? "drawn" : won ? "won" : "lost";
  if (position.outcome === "draw") return "a draw";
  const plies = `${position.plies} ${position.plies === 1 ? "ply" : "plies"}`;
  return won ? `a win in ${plies}` : `a loss in ${plies}`;
}

export function drawChart(container, positions, plies, onSelect) {
  const steps = Math.max(9, positions.length - 1);
  const x = (index) => LEFT + (index * (WIDTH - LEFT - RIGHT)) / steps;
  const middle = TOP + (HEIGHT - TOP - BOTTOM) / 2;
  const y = (value) => middle - (value * (HEIGHT - TOP - BOTTOM)) / (2 * DEPTH);
  const svg = node("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: "img",
    "aria-label": "Value history of the game",
    class: "value-history",
  });
  // Bands: x wins above, o wins below.
  svg.append(node("rect", { x: LEFT, y: TOP, width: WIDTH - LEFT - RIGHT, height: middle - TOP, class: "band band-x" }));
  svg.append(node("rect", { x: LEFT, y: middle, width: WIDTH - LEFT - RIGHT, height: HEIGHT - BOTTOM - middle, class: "band band-o" }));
  for (const remoteness of [0, 1, 3, 5, 7]) {
    for (const sign of [1, -1]) {
      const at = y(sign * (DEPTH - remoteness));
      svg.append(node("line", { x1: LEFT, x2: WIDTH - RIGHT, y1: at, y2: at, class: "grid" }));
      svg.append(node("text", { x: LEFT - 6, y: at + 4, class: "tick", "text-anchor": "end" }, remoteness ? `in ${remoteness}` : "won"));
    }
  }
  svg.append(node("line", { x1: LEFT, x2: WIDTH - RIGHT, y1: middle, y2: middle, class: "draw-line" }));
  svg.append(node("text", { x: LEFT - 6, y: middle + 4, class: "tick", "text-anchor": "end" }, "draw"));
  svg.append(node("text", { x: 4, y: TOP - 10, class: "axis" }, "x wins \u25b2"));
  svg.append(node("text", { x: 4, y: HEIGHT - BOTTOM + 16, class: "axis" }, "o wins \u25bc"));
  for (let index = 0; index <= steps; index++) {
    svg.append(node("text", { x: x(index), y: HEIGHT - 6, class: "tick", "text-anchor": "middle" }, String(index)));
  }
  const points = positions.map((position, index) => [x(index), y(height(position))]);
  svg.append(node("polyline", { points: points.map((point) => point.join(",")).join(" "), class: "trail" }));
  positions.forEach((position, index) => {
    const [cx, cy] = points[index];
    const ply = plies[index - 1];
    const group = node("g", {
      class: `point outcome-${position.outcome}${ply ? ` verdict-${ply.verdict}` : ""}`,
      "data-index": index,
      tabindex: 0,
    });
    const title = [
      index === 0 ? "Start" : `After ply ${ply.number}: ${ply.sentence}`,
      `For x: ${view(position, "x")}. For o: ${view(position, "o")}.`,
    ].join("\n");
    group.append(node("title", {}, title));
    if (ply && ply.verdict === "mistake") {
      group.append(node("circle", { cx, cy, r: 11, class: "mistake-ring" }));
      group.append(node("text", { x: cx, y: cy - 14, class: "mistake-label", "text-anchor": "middle" }, "!"));
    }
    // Shape as well as colour: triangle up for x winning, down for o, circle for a draw.
    if (position.outcome === "draw") {
      group.append(node("circle", { cx, cy, r: 6, class: "mark" }));
    } else {
      const d = position.outcome === "x" ? -7 : 7;
      group.append(node("polygon", { points: `${cx},${cy + d} ${cx - 7},${cy - d / 1.4} ${cx + 7},${cy - d / 1.4}`, class: "mark" }));
    }
    group.addEventListener("click", () => onSelect(index));
    group.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") onSelect(index);
    });
    svg.append(group);
  });
  container.replaceChildren(svg);
}
