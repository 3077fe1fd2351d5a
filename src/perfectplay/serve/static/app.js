// The page: one game, its history with undo and redo, a person or the perfect player on each
// side. Everything it shows comes from /api/game, /api/position and /api/counts.

import { drawBoard, highlight, movesByElement } from "./boards.js";
import { drawAnalysis, drawHistory } from "./chart.js";
import { html, verdict } from "./dom.js";

const PERFECT_DELAY_MS = 300; // the perfect player's pause, so a person sees each move land

const $ = (id) => document.getElementById(id);
const answers = new Map(); // position text -> its /api/position answer
// The request of the position the page is going to (a move, undo, a position typed): a new one
// aborts it, and the server stops searching a position nobody waits for any more
let going = null;

const state = {
  game: null,
  counts: null,
  history: [], // [{position: /api/position answer, move: the move that led here or null}]
  cursor: 0,
  players: ["person", "perfect"], // who plays each side: "person" or "perfect"
  timer: null,
};

async function getJSON(url, signal) {
  const reply = await fetch(url, { signal });
  const text = await reply.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = { error: text || reply.statusText }; // not the API's answer (a proxy, say)
  }
  if (!reply.ok) throw new Error(body.error || reply.statusText);
  return body;
}

/** The answer for ``text``; ``signal`` aborts its request (an AbortError) while it runs. */
async function fetchPosition(text, signal) {
  if (!answers.has(text)) {
    answers.set(text, await getJSON(`/api/position?p=${encodeURIComponent(text)}`, signal));
  }
  return answers.get(text);
}

/** A new request of the position to go to: the one under way, if any, is left. */
function goElsewhere() {
  if (going) going.abort();
  going = new AbortController();
  return going.signal;
}

/** The answer for ``text`` as the position to go to, showing ``what`` is being searched while
 * the server searches it; null when the reader went elsewhere first. */
async function goTo(text, what) {
  const signal = goElsewhere();
  if (!answers.has(text)) {
    document.body.dataset.turn = "thinking";
    $("status-detail").textContent = `searching ${what}…`;
  }
  try {
    return await fetchPosition(text, signal);
  } catch (error) {
    if (error.name === "AbortError") return null;
    if (state.history.length) render(); // the position shown stays, as it was
    throw error;
  }
}

// Sides ---------------------------------------------------------------------------------------

function marked() {
  return ["tictactoe", "connect4"].includes(state.game.board.kind);
}

function names() {
  return marked() ? ["X", "O"] : ["First player", "Second player"];
}

/** The side to move at history[i]: 0 or 1 (X or O where the board says so). */
function sideAt(i) {
  const board = state.history[i].position.board;
  if (state.game.board.kind === "tictactoe") return parity(board.cells);
  if (state.game.board.kind === "connect4") return parity(board.columns.join(""));
  return i % 2;
}

function parity(marks) {
  const x = [...marks].filter((m) => m === "X").length;
  const o = [...marks].filter((m) => m === "O").length;
  return x === o ? 0 : 1;
}

function current() {
  return state.history[state.cursor].position;
}

function over() {
  return current().moves.length === 0;
}

function personToMove() {
  return !over() && state.players[sideAt(state.cursor)] === "person";
}

// Playing -------------------------------------------------------------------------------------

async function play(move) {
  closeChooser();
  hidePreview();
  let child;
  try {
    child = await goTo(move.child, `the position after ${move.move}`);
  } catch (error) {
    $("status-detail").textContent = `cannot play ${move.move}: ${error.message}`;
    return;
  }
  if (child === null) return; // the reader went elsewhere
  state.history.splice(state.cursor + 1);
  state.history.push({ position: child, move });
  state.cursor += 1;
  render();
  schedulePerfect();
}

function schedulePerfect() {
  clearTimeout(state.timer);
  state.timer = null;
  if (over() || personToMove()) return;
  const position = current();
  document.body.dataset.turn = "perfect";
  state.timer = setTimeout(() => {
    if (current() === position) play(position.moves[0]); // best first
  }, PERFECT_DELAY_MS);
}

/** The last earlier position where a person was to move (both perfect: none). */
function undoTarget() {
  const people = state.players.filter((p) => p === "person").length;
  for (let i = state.cursor - 1; i >= 0; i--) {
    if (people === 2 || state.players[sideAt(i)] === "person") return i;
  }
  return null;
}

function undo() {
  const target = undoTarget();
  if (target === null) return;
  goElsewhere();
  state.cursor = target;
  render();
  schedulePerfect();
}

function redo() {
  if (state.cursor >= state.history.length - 1) return;
  goElsewhere();
  state.cursor += 1;
  while (state.cursor < state.history.length - 1 && !personToMove() && !over()) {
    state.cursor += 1;
  }
  render();
  schedulePerfect();
}

async function start(text) {
  const position = await goTo(text, "the position");
  if (position === null) return; // the reader went elsewhere
  state.history = [{ position, move: null }];
  state.cursor = 0;
  render();
  schedulePerfect();
}

// Drawing -------------------------------------------------------------------------------------

function render() {
  const position = current();
  const side = sideAt(state.cursor);
  renderStatus(position, side);
  drawBoard($("board"), state.game, position);
  $("board").classList.toggle("playable", personToMove());
  renderMoves(position);
  renderHistory();
  if (state.counts) drawAnalysis($("analysis"), state.counts, position);
  $("position-input").value = position.position;
  $("position-error").textContent = "";
  // commas, slashes and colons may stay as they are in a query: the link reads as the text
  const link = `?p=${encodeURIComponent(position.position).replace(/%2C/g, ",")
    .replace(/%2F/g, "/").replace(/%3A/g, ":")}`;
  $("permalink").href = link;
  history.replaceState(null, "", link);
  $("undo").disabled = undoTarget() === null;
  $("redo").disabled = state.cursor >= state.history.length - 1;
  document.body.dataset.position = position.position;
  document.body.dataset.turn = over() ? "over" : state.players[side];
  document.body.dataset.ready = "true";
}

function renderStatus(position, side) {
  const [first, second] = names();
  const mover = side === 0 ? first : second, other = side === 0 ? second : first;
  const chip = html("span", { class: `chip ${position.value}` },
    verdict(position.value, position.remoteness));
  if (over()) {
    const result = position.value === "tie" ? "a tie" :
      position.value === "lose" ? `${other} wins` : `${mover} wins`;
    $("status").replaceChildren(html("strong", {}, `Game over: ${result}`));
    $("status-detail").textContent = state.cursor === 0 ? "" :
      `after ${state.cursor} move${state.cursor === 1 ? "" : "s"}`;
    return;
  }
  const who = state.players[side] === "perfect" ? " (perfect player)" : "";
  $("status").replaceChildren(html("strong", {}, `${mover} to move${who}`), " ", chip);
  const ending = {
    win: `${mover} wins in ${position.remoteness} with perfect play`,
    lose: `${other} wins in ${position.remoteness} with perfect play`,
    tie: `a tie in ${position.remoteness} with perfect play`,
    draw: "a draw: with perfect play the game never ends",
  }[position.value];
  $("status-detail").textContent = ending;
}

function renderMoves(position) {
  const list = $("moves");
  const targets = position.board.targets || {};
  const playable = personToMove();
  list.classList.toggle("numbered", state.game.numbered);
  list.replaceChildren(...position.moves.map((move) => {
    const item = html("li", { class: `move ${move.value}`, "data-move": move.move,
      tabindex: playable ? "0" : null },
      html("span", { class: "move-text" }, move.move),
      html("span", { class: `chip ${move.value}` }, verdict(move.value, move.moves_to_end)));
    item.addEventListener("click", () => personToMove() && play(move));
    item.addEventListener("keydown", (e) => e.key === "Enter" && personToMove() && play(move));
    item.addEventListener("mouseenter", (e) => {
      highlight($("board"), targets[move.move] || []);
      showPreview([move], e);
    });
    item.addEventListener("mousemove", placePreview);
    item.addEventListener("mouseleave", () => { highlight($("board"), []); hidePreview(); });
    return item;
  }));
  list.classList.toggle("disabled", !playable);
  if (!position.moves.length) list.replaceChildren(html("li", { class: "none" }, "no moves"));
}

function renderHistory() {
  const rows = state.history.slice(0, state.cursor + 1).map((entry, i) => ({
    value: entry.position.value, remoteness: entry.position.remoteness, side: sideAt(i),
    move: entry.move ? entry.move.move : null, moveValue: entry.move ? entry.move.value : null,
  }));
  const seen = [...rows.map((r) => r.remoteness), ...current().moves.map((m) => m.remoteness)];
  if (state.counts) seen.push(...Object.keys(state.counts.by_remoteness).map(Number));
  const most = Math.max(1, ...seen.filter((r) => r !== null));
  drawHistory($("history"), { rows, moves: current().moves, most, names: names() });
}

// Hover previews and the chooser of moves that share an element ----------------------------

let previewed = null; // the positions the moves previewed lead to, as text
let previewing = null; // the request of the position previewed, aborted when the preview goes

async function showPreview(moves, event) {
  placePreview(event);
  const shown = moves.map((m) => m.child).join(" ");
  if (previewed === shown) return; // shown, or on its way
  previewed = shown;
  if (previewing) previewing.abort();
  previewing = new AbortController();
  let children;
  try {
    children = await Promise.all(moves.slice(0, 1).map((m) =>
      fetchPosition(m.child, previewing.signal)));
  } catch {
    return; // left, or not answered: no preview
  }
  if (previewed !== shown) return;
  const move = moves[0];
  const box = $("preview");
  const more = moves.length > 1 ? html("div", { class: "preview-more" },
    `and ${moves.length - 1} more move${moves.length > 2 ? "s" : ""} here: click to choose`) : null;
  const picture = html("div", { class: "preview-board" });
  box.replaceChildren(...[html("div", { class: "preview-title" }, `after ${move.move} `,
    html("span", { class: `chip ${move.value}` }, verdict(move.value, move.moves_to_end))),
  picture, html("code", {}, children[0].position), more].filter(Boolean));
  drawBoard(picture, state.game, children[0], { small: true });
  box.hidden = false;
}

function placePreview(event) {
  const box = $("preview");
  const x = Math.min(event.clientX + 18, window.innerWidth - 300);
  box.style.left = `${Math.max(8, x)}px`;
  box.style.top = `${Math.min(event.clientY + 18, window.innerHeight - 280)}px`;
}

function hidePreview() {
  previewed = null;
  if (previewing) previewing.abort();
  previewing = null;
  $("preview").hidden = true;
}

function openChooser(moves, event) {
  hidePreview();
  const box = $("chooser");
  box.replaceChildren(html("div", { class: "chooser-title" }, "choose a move"),
    ...moves.map((move) => {
      const item = html("button", { class: `move ${move.value}` },
        html("span", { class: "move-text" }, move.move),
        html("span", { class: `chip ${move.value}` }, verdict(move.value, move.moves_to_end)));
      item.addEventListener("click", () => play(move));
      return item;
    }));
  box.style.left = `${Math.min(event.clientX, window.innerWidth - 220)}px`;
  box.style.top = `${event.clientY + 8}px`;
  box.hidden = false;
}

function closeChooser() {
  $("chooser").hidden = true;
}

function boardElement(event) {
  const element = event.target.closest("[data-element]");
  return element && element.classList.contains("target") ? element.dataset.element : null;
}

function wireBoard() {
  const board = $("board");
  board.addEventListener("click", (event) => {
    const element = boardElement(event);
    if (element === null || !personToMove()) return;
    const moves = movesByElement(current()).get(element);
    event.stopPropagation();
    if (moves.length === 1) play(moves[0]);
    else openChooser(moves, event);
  });
  board.addEventListener("mouseover", (event) => {
    const element = boardElement(event);
    const moves = element === null ? null : movesByElement(current()).get(element);
    for (const item of $("moves").children) {
      item.classList.toggle("lit", !!moves && moves.some((m) => m.move === item.dataset.move));
    }
    if (moves && $("chooser").hidden) showPreview(moves, event); else hidePreview();
  });
  board.addEventListener("mousemove", (event) => previewed && placePreview(event));
  board.addEventListener("mouseleave", () => {
    hidePreview();
    for (const item of $("moves").children) item.classList.remove("lit");
  });
  board.addEventListener("keydown", (event) => {
    const element = event.target.closest("[data-element]");
    if (event.key !== "Enter" || !element) return;
    const box = element.getBoundingClientRect();
    element.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: box.left,
      clientY: box.bottom }));
  });
}

// Controls ------------------------------------------------------------------------------------

function renderPlayers() {
  const container = $("players");
  container.replaceChildren(...names().map((name, side) => {
    const choice = (kind, label) => {
      const button = html("button", { type: "button", "data-side": side, "data-player": kind,
        class: state.players[side] === kind ? "on" : "" }, label);
      button.addEventListener("click", () => {
        state.players[side] = kind;
        renderPlayers();
        render();
        schedulePerfect();
      });
      return button;
    };
    return html("div", { class: "player" }, html("span", { class: "player-name" }, name),
      html("div", { class: "toggle" }, choice("person", "Person"),
        choice("perfect", "Perfect")));
  }));
}

function wireControls() {
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("restart").addEventListener("click", () => start(state.game.start));
  $("position-form").addEventListener("submit", (event) => {
    event.preventDefault();
    start($("position-input").value.trim()).catch((error) => {
      $("position-error").textContent = error.message;
    });
  });
  $("copy-link").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      $("copy-link").textContent = "Copied";
    } catch {
      $("copy-link").textContent = "Copy from the address bar";
    }
    setTimeout(() => { $("copy-link").textContent = "Copy link"; }, 1500);
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input")) return;
    if (event.key === "ArrowLeft") undo();
    if (event.key === "ArrowRight") redo();
    if (event.key === "Escape") closeChooser();
  });
  document.addEventListener("click", (event) => {
    if (!event.target.closest("#chooser")) closeChooser();
  });
  wireBoard();
}

async function main() {
  try {
    state.game = await getJSON("/api/game");
  } catch (error) {
    $("status").textContent = `cannot load the game: ${error.message}`;
    return;
  }
  $("game-name").textContent = state.game.name;
  document.title = `${state.game.name} · perfectplay`;
  const options = Object.entries(state.game.options).filter(([, v]) => v !== "")
    .map(([k, v]) => `--${k} ${v}`).join(" ");
  const size = state.game.tabulated
    ? `${state.game.positions.toLocaleString("en-US")} positions, solved by ${state.game.method}`
    : "each position searched when asked";
  $("game-facts").textContent = [options, size].filter(Boolean).join(" · ");
  renderPlayers();
  wireControls();
  if (!state.game.tabulated) {
    $("analysis").textContent = "The analysis table is not available: this game is too large " +
      "to tabulate, and each position is searched when it is asked.";
  } else {
    getJSON("/api/counts").then((counts) => {
      state.counts = counts;
      if (!state.history.length) return;
      drawAnalysis($("analysis"), counts, current());
      renderHistory(); // its scale: the game's largest remoteness
    }).catch((error) => { $("analysis").textContent = `cannot count: ${error.message}`; });
  }
  const asked = new URLSearchParams(location.search).get("p");
  try {
    await start(asked ?? state.game.start);
  } catch (error) {
    await start(state.game.start);
    $("position-error").textContent = error.message;
  }
}

main();
