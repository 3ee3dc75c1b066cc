// What every view shares: building elements, showing values the same way everywhere
// (colour, glyph and word, so no one needs to tell red from green), and errors.

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === "class") node.className = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
  return node;
}

// A result from one side's view: "win", "draw" or "loss"; "pending" while it is searched.
export const GLYPH = { win: "\u2714", draw: "=", loss: "\u2718", pending: "\u2026" };

// "win in 3", "draw", "loss in 1" (plies null: a draw that never ends), "searching".
export function valueText(value, plies, unit = "ply") {
  if (value === "pending") return "searching";
  if (value === "draw") return plies === null || plies === undefined ? "draw (endless)" : "draw";
  const units = plies === 1 ? unit : `${unit === "ply" ? "plies" : unit + "s"}`;
  return `${value} in ${plies} ${units}`;
}

// A value badge: glyph and words, coloured by class v-win, v-draw or v-loss.
export function badge(value, plies, unit) {
  const pending = value === "pending";
  return el("span", { class: `value v-${value}`, "data-value": pending ? null : value, "data-pending": pending ? "" : null },
    el("span", { class: "glyph", "aria-hidden": "true" }, GLYPH[value]), " ", valueText(value, plies, unit));
}

// The value of an outcome spelled as a winner ("x", "o", "A", "first"...) for one side.
export function valueFor(winner, side) {
  if (winner === "draw" || winner === null) return "draw";
  return winner === side ? "win" : "loss";
}

export function showError(message) {
  const box = document.getElementById("error");
  box.textContent = message;
  box.hidden = false;
}

export function clearError() {
  const box = document.getElementById("error");
  box.hidden = true;
  box.textContent = "";
}
