// The board of each kind of game, drawn in SVG from what /api/game and /api/position say (each
// game's picture() hook: perfectplay/core/board.py, or the game's own board beside its rules).
// Every element a move is played on carries data-element and the class of the best move played
// there (win, tie, draw, lose); a game without a picture shows its
// display() text.

import { html, svg } from "./dom.js";

/** Element id -> the moves played on it, best first. */
export function movesByElement(position) {
  const byElement = new Map();
  const targets = position.board.targets || {};
  for (const move of position.moves) {
    for (const element of targets[move.move] || []) {
      if (!byElement.has(element)) byElement.set(element, []);
      byElement.get(element).push(move);
    }
  }
  return byElement;
}

/** Draw `position` into `container`; `small` for a preview (no interaction). */
export function drawBoard(container, game, position, { small = false } = {}) {
  const draw = DRAWERS[game.board.kind] || drawText;
  const picture = draw(game.board, position, movesByElement(position));
  container.replaceChildren(picture);
  picture.classList.add("picture", small ? "small" : "large");
  if (small) return;
  for (const element of picture.querySelectorAll("[data-element]")) {
    if (!element.classList.contains("target")) continue;
    element.setAttribute("tabindex", "0");
    element.setAttribute("role", "button");
  }
}

/** Outline the elements a move is played on (hovering it in the list). */
export function highlight(container, elements) {
  for (const element of container.querySelectorAll("[data-element]")) {
    element.classList.toggle("lit", elements.includes(element.dataset.element));
  }
}

function target(byElement, element) {
  const moves = byElement.get(element);
  return moves ? `target ${moves[0].value}` : "";
}

function drawText(board, position) {
  return html("pre", { class: "display" }, position.display);
}

function drawTicTacToe(board, position, byElement) {
  const size = 96, margin = 26;
  const picture = svg("svg", { viewBox: `0 0 ${3 * size + margin + 8} ${3 * size + margin + 8}` });
  for (let c = 0; c < 3; c++) {
    picture.append(svg("text", { x: margin + c * size + size / 2, y: 17, class: "coord" },
      "abc"[c]));
    picture.append(svg("text", { x: 11, y: margin + c * size + size / 2 + 5, class: "coord" },
      String(c + 1)));
  }
  const cells = position.board.cells;
  for (let i = 0; i < 9; i++) {
    const x = margin + (i % 3) * size, y = margin + Math.floor(i / 3) * size;
    const id = String(i);
    const cell = svg("g", { "data-element": id, class: `cell ${target(byElement, id)}` },
      svg("rect", { x: x + 3, y: y + 3, width: size - 6, height: size - 6, rx: 10 }));
    const mark = cells[i];
    if (mark === "X") {
      const d = 24;
      cell.append(svg("path", { class: "mark x", d: `M${x + d} ${y + d}L${x + size - d} ` +
        `${y + size - d}M${x + size - d} ${y + d}L${x + d} ${y + size - d}` }));
    } else if (mark === "O") {
      cell.append(svg("circle", { class: "mark o", cx: x + size / 2, cy: y + size / 2, r: 25 }));
    } else if (byElement.has(id)) {
      const move = byElement.get(id)[0];
      cell.append(svg("text", { class: "cell-label", x: x + size / 2, y: y + size / 2 + 6 },
        move.moves_to_end === null ? "" : String(move.moves_to_end)));
    }
    picture.append(cell);
  }
  const centre = (i) => [margin + (i % 3) * size + size / 2, margin + Math.floor(i / 3) * size +
    size / 2];
  for (const line of TICTACTOE_LINES) {
    if (cells[line[0]] !== "." && line.every((i) => cells[i] === cells[line[0]])) {
      picture.append(strokeThrough(centre(line[0]), centre(line[2])));
    }
  }
  return picture;
}

const TICTACTOE_LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8],
  [0, 4, 8], [2, 4, 6]];

/** The stroke through a finished line, drawn a little past both ends. */
function strokeThrough([x1, y1], [x2, y2]) {
  const dx = (x2 - x1) * 0.12, dy = (y2 - y1) * 0.12;
  const ends = { x1: x1 - dx, y1: y1 - dy, x2: x2 + dx, y2: y2 + dy };
  return svg("g", { class: "winning-line" }, svg("line", { class: "outer", ...ends }),
    svg("line", { class: "inner", ...ends }));
}

/** The first four in a row of `columns` (bottom to top), as [[c, r], [c, r]] ends, or null. */
function fourInARow(columns) {
  const at = (c, r) => (columns[c] || "")[r];
  for (let c = 0; c < columns.length; c++) {
    for (let r = 0; r < columns[c].length; r++) {
      for (const [dc, dr] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
        if ([1, 2, 3].every((k) => at(c + k * dc, r + k * dr) === at(c, r))) {
          return [[c, r], [c + 3 * dc, r + 3 * dr]];
        }
      }
    }
  }
  return null;
}

function drawConnectFour(board, position, byElement) {
  const size = 64, top = 46, pad = 10;
  const { width, height } = board;
  const columns = position.board.columns;
  const w = width * size + 2 * pad, h = height * size + top + 2 * pad + 18;
  const picture = svg("svg", { viewBox: `0 0 ${w} ${h}` });
  picture.append(svg("rect", { class: "c4-frame", x: 0, y: top, width: w,
    height: height * size + 2 * pad, rx: 14 }));
  for (let c = 0; c < width; c++) {
    const id = board.labels[c]; // the move into the column, in the game's notation
    const moves = byElement.get(id);
    const x = pad + c * size;
    const column = svg("g", { "data-element": id, class: `column ${target(byElement, id)}` });
    column.append(svg("rect", { class: "hit", x, y: 0, width: size, height: h }));
    if (moves) {
      const move = moves[0];
      column.append(svg("rect", { class: "slot", x: x + 6, y: 4, width: size - 12, height: 34,
        rx: 8 }));
      column.append(svg("text", { class: "slot-label", x: x + size / 2, y: 27 },
        move.moves_to_end === null ? "∞" : String(move.moves_to_end)));
    }
    for (let r = 0; r < height; r++) {
      const cy = top + pad + (height - 1 - r) * size + size / 2;
      const stone = columns[c][r];
      const landing = moves && r === columns[c].length;
      const kind = stone === "X" ? "stone x" : stone === "O" ? "stone o" :
        landing ? "hole landing" : "hole";
      column.append(svg("circle", { class: kind, cx: x + size / 2, cy, r: size / 2 - 7 }));
    }
    column.append(svg("text", { class: "coord", x: x + size / 2, y: h - 4 }, id));
    picture.append(column);
  }
  const four = fourInARow(columns);
  if (four) {
    const centre = ([c, r]) => [pad + c * size + size / 2, top + pad + (height - 1 - r) * size +
      size / 2];
    picture.append(strokeThrough(centre(four[0]), centre(four[1])));
  }
  return picture;
}

function drawHeaps(board, position, byElement) {
  const heaps = position.board.heaps;
  const largest = Math.max(1, ...heaps);
  const step = Math.max(6, Math.min(30, 540 / largest)), radius = Math.min(12, step * 0.42);
  const row = Math.max(36, 2 * radius + 14), left = 78;
  const w = left + largest * step + 60, h = Math.max(1, heaps.length) * row + 8;
  const picture = svg("svg", { viewBox: `0 0 ${w} ${h}` });
  if (!heaps.length) {
    picture.setAttribute("viewBox", "0 0 300 60");
    picture.append(svg("text", { class: "empty-note", x: 150, y: 36 }, "no heaps left"));
  }
  heaps.forEach((size, i) => {
    const cy = 4 + i * row + row / 2;
    picture.append(svg("text", { class: "heap-label", x: 4, y: cy + 5 },
      position.board.labels[i]));
    for (let j = 0; j < size; j++) {
      const id = `${i}:${j}`;
      picture.append(svg("circle", { "data-element": id, class: `counter ${target(byElement, id)}`,
        cx: left + j * step + step / 2, cy, r: radius }));
    }
    picture.append(svg("text", { class: "heap-size", x: left + size * step + 10, y: cy + 5 },
      String(size)));
  });
  return picture;
}

function drawKadomatsu(board, position, byElement) {
  const values = board.values, present = position.board.present;
  const largest = Math.max(1, ...values);
  const step = Math.max(22, Math.min(64, 560 / values.length)), tall = 170, base = tall + 14;
  const picture = svg("svg", { viewBox: `0 0 ${values.length * step + 8} ${base + 40}` });
  values.forEach((value, i) => {
    const id = String(i), height = 12 + (tall - 12) * value / largest;
    const x = 4 + i * step;
    const bar = svg("g", { "data-element": id,
      class: `bar ${present[i] ? target(byElement, id) : "taken"}` },
      svg("rect", { class: "hit", x, y: 0, width: step, height: base + 40 }),
      svg("rect", { class: "stick", x: x + step * 0.18, y: base - height, width: step * 0.64,
        height, rx: 5 }),
      svg("text", { class: "bar-value", x: x + step / 2, y: base + 16 }, String(value)),
      svg("text", { class: "coord", x: x + step / 2, y: base + 34 }, `#${i}`));
    picture.append(bar);
  });
  return picture;
}

function drawShiritori(board, position, byElement) {
  const used = new Set(position.board.used), last = position.board.last;
  const tiles = [], width = 560, gap = 10, tall = 38;
  let x = 0, y = 0;
  for (const word of board.words) {
    const w = 26 + 10 * word.length;
    if (x + w > width && x > 0) { x = 0; y += tall + gap; }
    tiles.push({ word, x, y, w });
    x += w + gap;
  }
  const h = y + tall + 34;
  const picture = svg("svg", { viewBox: `0 0 ${width} ${h}` });
  for (const tile of tiles) {
    const state = tile.word === last ? "last" : used.has(tile.word) ? "used" :
      target(byElement, tile.word);
    picture.append(svg("g", { "data-element": tile.word, class: `tile ${state}` },
      svg("rect", { x: tile.x + 1, y: tile.y + 1, width: tile.w, height: tall, rx: 9 }),
      svg("text", { x: tile.x + 1 + tile.w / 2, y: tile.y + 25 }, tile.word)));
  }
  const note = last === null ? "any word may start" :
    `next word starts with “${last.slice(-1)}” · ${used.size} played`;
  picture.append(svg("text", { class: "note", x: width / 2, y: h - 8 }, note));
  return picture;
}

function drawGraph(board, position, byElement) {
  const width = 560, height = Math.max(180, 64 * Math.max(...columnSizes(board.layout))), r = 20;
  const at = (node) => [40 + board.layout[node][0] * (width - 80),
    14 + board.layout[node][1] * (height - 28)];
  const picture = svg("svg", { viewBox: `0 0 ${width} ${height}` },
    svg("defs", {}, svg("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 9, refY: 5,
      markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" },
      svg("path", { d: "M0 0L10 5L0 10z", class: "arrowhead" }))));
  const edges = new Set(board.edges.map(([u, v]) => `${u}\u0000${v}`));
  const token = position.board.token;
  for (const [u, v] of board.edges) {
    const [x1, y1] = at(u), [x2, y2] = at(v);
    const dx = x2 - x1, dy = y2 - y1, length = Math.hypot(dx, dy) || 1;
    const ux = dx / length, uy = dy / length;
    // an edge with its reverse bends aside, so the two arrows do not overlap, and an edge back
    // to an earlier layer bends further, round the nodes between
    const back = board.layout[v][0] < board.layout[u][0];
    const bend = back ? 46 : edges.has(`${v}\u0000${u}`) ? 18 : 0;
    const mx = (x1 + x2) / 2 - uy * bend, my = (y1 + y2) / 2 + ux * bend;
    const path = u === v ?
      `M${x1 - 8} ${y1 - r + 2}C${x1 - 30} ${y1 - 60} ${x1 + 30} ${y1 - 60} ${x1 + 8} ${y1 - r + 2}` :
      `M${x1 + ux * r} ${y1 + uy * r}Q${mx} ${my} ${x2 - ux * (r + 2)} ${y2 - uy * (r + 2)}`;
    picture.append(svg("path", { class: `edge ${u === token ? "from-token" : ""}`, d: path,
      "marker-end": "url(#arrow)" }));
  }
  for (const node of board.nodes) {
    const [cx, cy] = at(node);
    const state = node === token ? "token" : target(byElement, node);
    picture.append(svg("g", { "data-element": node, class: `node ${state}` },
      svg("circle", { cx, cy, r }),
      svg("text", { x: cx, y: cy + 5 }, node.length > 4 ? node.slice(0, 3) + "…" : node)));
  }
  return picture;
}

function columnSizes(layout) {
  const sizes = new Map();
  for (const [x] of Object.values(layout)) sizes.set(x, (sizes.get(x) || 0) + 1);
  return [1, ...sizes.values()];
}

// A mill game: the points on the 7x7 grid, White (W) and Black (B) pieces, the mills drawn
// through, and each side's pieces in hand; a point carries the moves that leave or reach it.
function drawMills(board, position, byElement) {
  const step = 64, margin = 34, size = 6 * step + 2 * margin;
  const at = (name) => [margin + board.layout[name][0] * step,
    margin + (6 - board.layout[name][1]) * step];
  const picture = svg("svg", { viewBox: `0 0 ${size} ${size + 34}` });
  for (const [u, v] of board.edges) {
    const [x1, y1] = at(u), [x2, y2] = at(v);
    picture.append(svg("line", { class: "edge", x1, y1, x2, y2 }));
  }
  for (let c = 0; c < 7; c++) {
    picture.append(svg("text", { class: "coord", x: margin + c * step, y: size - 6 },
      "abcdefg"[c]));
    picture.append(svg("text", { class: "coord", x: 10, y: margin + (6 - c) * step + 5 },
      String(c + 1)));
  }
  const pieces = position.board.pieces;
  for (const name of board.points) {
    const [cx, cy] = at(name);
    const piece = pieces[name];
    picture.append(svg("g", { "data-element": name, class: `node ${target(byElement, name)}` },
      svg("circle", { cx, cy, r: piece ? 21 : 11 })));
    if (piece) { // beside the point, not in it: the point's colour rings the piece
      picture.append(svg("circle", { class: piece === "W" ? "stone o" : "stone x", cx, cy,
        r: 15, "pointer-events": "none" }));
    }
  }
  for (const mill of board.mills) {
    const owner = pieces[mill[0]];
    if (owner && mill.every((name) => pieces[name] === owner)) {
      picture.append(strokeThrough(at(mill[0]), at(mill[2])));
    }
  }
  const { W, B, mover } = position.board.hands;
  picture.append(svg("text", { class: "note", x: size / 2, y: size + 22 },
    `in hand: White ${W}, Black ${B} · ${mover === "W" ? "White" : "Black"} to move`));
  return picture;
}

function drawDobutsu(board, position, byElement) {
  const size = 80, margin = 26, top = 34;
  const { cells, hands, mover } = position.board;
  const height = top + 4 * size + 50;
  const picture = svg("svg", { viewBox: `0 0 ${3 * size + margin + 8} ${height}` });
  const hand = (y, who, letters) => picture.append(svg("text", { x: margin + 1.5 * size, y,
    class: "coord" }, `${who}${mover === who[0] ? " (to move)" : ""}: ${letters || "-"}`));
  hand(18, "Second", hands.second);
  hand(height - 8, "First", hands.first);
  for (let r = 0; r < 4; r++) {
    picture.append(svg("text", { x: 11, y: top + (3 - r) * size + size / 2 + 5, class: "coord" },
      String(r + 1)));
  }
  for (let c = 0; c < 3; c++) {
    picture.append(svg("text", { x: margin + c * size + size / 2, y: top + 4 * size + 16,
      class: "coord" }, "abc"[c]));
  }
  for (let i = 0; i < 12; i++) {
    const x = margin + (i % 3) * size, y = top + (3 - Math.floor(i / 3)) * size;
    const id = "abc"[i % 3] + String(Math.floor(i / 3) + 1);
    const cell = svg("g", { "data-element": id, class: `cell ${target(byElement, id)}` },
      svg("rect", { x: x + 3, y: y + 3, width: size - 6, height: size - 6, rx: 8 }));
    const piece = cells[i];
    if (piece !== ".") {
      // the second player's pieces face the other way, as on a real board
      const turn = piece === piece.toLowerCase() ? `rotate(180 ${x + size / 2} ${y + size / 2})` : "";
      cell.append(svg("text", { x: x + size / 2, y: y + size / 2 + 13, transform: turn,
        "font-size": 36, "font-weight": 700 }, piece.toUpperCase()));
    } else if (byElement.has(id)) {
      const move = byElement.get(id)[0];
      cell.append(svg("text", { class: "cell-label", x: x + size / 2, y: y + size / 2 + 6 },
        move.moves_to_end === null ? "" : String(move.moves_to_end)));
    }
    picture.append(cell);
  }
  return picture;
}

const DRAWERS = {
  tictactoe: drawTicTacToe, connect4: drawConnectFour, heaps: drawHeaps,
  kadomatsu: drawKadomatsu, shiritori: drawShiritori, graph: drawGraph, mills: drawMills,
  dobutsu: drawDobutsu,
  text: drawText,
};
