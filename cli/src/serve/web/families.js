// Every family of games at any size: the families and their parameters as `/api/families`
// lists them, a form a family to choose a size, and the game's page for that size
// (`#game/mnk:m=4,n=3,k=3`). A size compiled into the server opens at once; any other is
// solved when first opened. The same form sits on a family game's own page, to change
// its size.

import { el } from "./dom.js";
import * as G from "./geometry.js";

// One input a parameter, filled with `values` (the server's values of a size, or the
// defaults), and a button that opens the size chosen.
export function sizeForm(family, values, { id, submit = "Play this size" } = {}) {
  const inputs = family.parameters.map((param) => {
    const inputId = `${id}-${param.name}`;
    const value = values?.[param.name] ?? param.default;
    let input;
    let range;
    if (param.kind === "boolean") {
      input = el("input", { type: "checkbox", id: inputId, name: param.name, checked: String(value) === "true" });
      range = "true or false";
    } else if (param.kind === "integers") {
      input = el("input", {
        type: "text", id: inputId, name: param.name, required: true, spellcheck: "false", autocomplete: "off",
        inputmode: "numeric", pattern: "\\d+(-\\d+)*", value: Array.isArray(value) ? value.join("-") : String(value),
      });
      range = `each ${param.min}-${param.max}, split by -`;
    } else {
      input = el("input", { type: "number", id: inputId, name: param.name, required: true, min: param.min, max: param.max, step: 1, value: String(value) });
      range = `${param.min}-${param.max}`;
    }
    return { param, input, field: el("div", { class: "size-field" },
      el("label", { for: inputId }, el("code", {}, param.name), `: ${param.doc} (${range})`), input) };
  });
  const form = el("form", {
    class: "size-form",
    id,
    "data-family": family.family,
    "aria-label": `${family.title}: choose a size`,
    onsubmit: (event) => {
      event.preventDefault();
      if (!form.checkValidity()) {
        form.reportValidity();
        return;
      }
      const chosen = Object.fromEntries(inputs.map(({ param, input }) =>
        [param.name, param.kind === "boolean" ? String(input.checked) : input.value.trim()]));
      location.hash = `#game/${G.sizeName(family, chosen)}`;
    },
  }, inputs.map(({ field }) => field), el("button", { type: "submit", id: `${id}-open` }, submit));
  return form;
}

// `#families`: every family, each with its size form and its compiled sizes.
export async function mount(root, params, families) {
  void params;
  root.append(el("section", { class: "families" },
    el("h2", {}, "Every family, at any size"),
    el("p", { class: "hint" },
      "Choose a family's parameters and play it: every move's value, the history and the computer, as on every other board. ",
      "A size compiled into this server opens at once; any other is solved when first opened, in memory (well under a second at the default sizes, longer for the largest; a size past the family's limit of positions is refused, with why)."),
    el("ul", { class: "family-list" }, families.map((family) => el("li", { class: "family", "data-family": family.family },
      el("h3", {}, family.title, " ", el("code", {}, family.family)),
      sizeForm(family, null, { id: `family-${family.family}` }),
      family.compiled.length
        ? el("p", { class: "hint" }, "Compiled in: ",
          family.compiled.flatMap((size, index) => [index ? ", " : null, el("a", { href: `#game/${family.family}:${size}` }, size)]))
        : null)))));
  return {};
}
