// The value history of the game so far, drawn as GamesmanUni's visual value history draws it,
// and the analysis table of the whole game.
//
// The history has one row per position, top to bottom. Remoteness runs from 0 at both edges
// towards the middle column, D, where draws sit: a position the first player is winning is on
// the left at its remoteness, one the second player is winning on the right, a tie on both
// sides; the dot has the colour of the position's value for the player to move, the line into a
// row the colour of the move that led there. Dots on the current row are its moves.

import { html, svg } from "./dom.js";

const VALUES = ["win", "lose", "tie", "draw"];

/**
 * rows: [{value, remoteness, side (0: the first player moves), move (text that led here),
 * moveValue}], moves: the current row's moves, most: the largest remoteness to show,
 * names: the two players' names.
 */
export function drawHistory(container, { rows, moves, most, names }) {
  const width = 480, label = 56, top = 30, rowHeight = 24;
  const inner = width / 2 - label - 18;
  const scale = Math.max(1, most);
  const step = Math.max(1, niceStep(scale));
  const x = (side, r) => side === 0 ? label + (r / scale) * inner :
    width - label - (r / scale) * inner;
  const y = (i) => top + i * rowHeight + rowHeight / 2;
  const height = top + rows.length * rowHeight + 8;
  const picture = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "vvh" });

  const current = rows.length - 1;
  picture.append(svg("rect", { class: "current-row", x: 0, y: y(current) - rowHeight / 2,
    width, height: rowHeight, rx: 5 }));
  for (let r = 0; r <= scale; r += step) {
    for (const side of [0, 1]) {
      picture.append(svg("line", { class: "grid", x1: x(side, r), x2: x(side, r), y1: top - 4,
        y2: height - 4 }));
      picture.append(svg("text", { class: "tick", x: x(side, r), y: top - 10 }, String(r)));
    }
  }
  picture.append(svg("line", { class: "grid draw-line", x1: width / 2, x2: width / 2,
    y1: top - 4, y2: height - 4 }));
  picture.append(svg("text", { class: "tick", x: width / 2, y: top - 10 }, "D"));

  const points = rows.map((row, i) => pointsOf(row.value, row.remoteness, row.side, x, width / 2)
    .map((px) => [px, y(i)]));
  rows.forEach((row, i) => {
    if (i === 0) {
      picture.append(svg("text", { class: "row-label", x: 6, y: y(i) + 4 }, "start"));
      return;
    }
    const mover = rows[i - 1].side;
    picture.append(svg("text", { class: `row-label ${mover ? "right" : ""}`,
      x: mover ? width - 6 : 6, y: y(i) + 4 }, `${i}. ${row.move}`));
    const [before, after] = [points[i - 1], points[i]];
    const pairs = before.length === after.length ? before.map((p, k) => [p, after[k]]) :
      before.flatMap((p) => after.map((q) => [p, q])); // a tie to a tie: side by side
    for (const [[x1, y1], [x2, y2]] of pairs) {
      picture.append(svg("line", { class: `link ${row.moveValue}`, x1, y1, x2, y2 }));
    }
  });
  for (const move of moves) {
    for (const px of pointsOf(move.value, move.remoteness, rows[current].side, x, width / 2)) {
      picture.append(svg("circle", { class: `next ${move.value}`, cx: px, cy: y(current),
        r: 3.5 }));
    }
  }
  points.forEach((row, i) => {
    for (const [cx, cy] of row) {
      picture.append(svg("circle", { class: `dot ${rows[i].value} ${i === current ? "now" : ""}`,
        cx, cy, r: i === current ? 7 : 5.5 }));
    }
  });

  const heading = html("div", { class: "vvh-heading" },
    html("span", {}, `◀ ${names[0]} winning`), html("span", {}, "remoteness"),
    html("span", {}, `${names[1]} winning ▶`));
  container.replaceChildren(heading, picture);
  container.scrollTop = container.scrollHeight;
}

/** The x of a position's dots (or a move's: its value is for the player to move there): its
 * winner's side at its remoteness, both sides for a tie, the middle for a draw. */
function pointsOf(value, remoteness, side, x, middle) {
  if (value === "draw" || remoteness === null) return [middle];
  if (value === "tie") return [x(0, remoteness), x(1, remoteness)];
  return [x(value === "win" ? side : 1 - side, remoteness)];
}

function niceStep(most) {
  for (const step of [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000]) {
    if (most / step <= 6) return step;
  }
  return Math.ceil(most / 6);
}

/** The analysis table: positions by remoteness and value; `now` marks the current one. */
export function drawAnalysis(container, counts, now) {
  const rows = Object.entries(counts.by_remoteness).map(([r, row]) => [Number(r), row]);
  const largest = Math.max(1, ...rows.flatMap(([, row]) => VALUES.map((v) => row[v] || 0)));
  const number = (n) => n.toLocaleString("en-US");
  const cell = (n, value, bold) => html("td", { class: `count ${value} ${bold ? "here" : ""}`,
    style: `--share: ${(100 * n / largest).toFixed(1)}%` }, n ? number(n) : "·");
  const body = rows.map(([r, row]) => html("tr", { class: r === now.remoteness ? "now" : "" },
    html("th", {}, number(r)),
    VALUES.map((v) => cell(row[v] || 0, v, r === now.remoteness && v === now.value)),
    html("td", { class: "total" }, number(VALUES.reduce((t, v) => t + (row[v] || 0), 0)))));
  const totals = html("tr", { class: "totals" }, html("th", {}, "total"),
    VALUES.map((v) => html("td", { class: "total" }, number(counts.counts[v] || 0))),
    html("td", { class: "total" }, number(counts.positions)));
  const primitives = Object.entries(counts.primitives)
    .map(([v, n]) => `${number(n)} ${v}`).join(", ") || "none";
  container.replaceChildren(
    html("p", { class: "summary" }, `${number(counts.positions)} positions; finished: `,
      primitives),
    html("div", { class: "table-scroll" }, html("table", {},
      html("thead", {}, html("tr", {}, html("th", {}, "remoteness"),
        VALUES.map((v) => html("th", {}, html("span", { class: `chip ${v}` }, v))),
        html("th", {}, "total"))),
      html("tbody", {}, body, totals))));
  const here = container.querySelector("tr.now"), scroller = container.querySelector(".table-scroll");
  if (here) scroller.scrollTop = here.offsetTop - scroller.clientHeight / 2;
}
