// Building SVG and HTML elements: make("circle", {cx: 1, class: "x"}, child, "text").

const SVG_NS = "http://www.w3.org/2000/svg";

function build(element, attributes, children) {
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null && value !== false) {
      element.setAttribute(name, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return element;
}

/** An SVG element. */
export function svg(tag, attributes = {}, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attributes, children);
}

/** An HTML element. */
export function html(tag, attributes = {}, ...children) {
  return build(document.createElement(tag), attributes, children);
}

/** What a person reads of a value and remoteness: "win in 3", "draw". */
export function verdict(value, remoteness) {
  return remoteness === null || remoteness === undefined ? value : `${value} in ${remoteness}`;
}
