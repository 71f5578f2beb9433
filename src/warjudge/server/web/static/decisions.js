// The decision page (hex games, and any game without its own page): the board drawn from
// this seat's view, the current decision as a prompt, its legal actions as choices.
// Click a stack: the hexes it may reach are lit; click one to move there. Click any hex:
// the choices that name it. Undo when the game allows it.
import {api, el, follow, gameElement, setDeadline, showError, startCountdowns} from "/static/common.js";

const MANY = 40;         // more choices than this: narrow them by clicking a hex first
const game = gameElement();
const seatQuery = game.isSeat ? `?seat=${encodeURIComponent(game.role)}` : "";
const board = document.querySelector('[data-testid="map"]');
const prompt = document.querySelector('[data-testid="decision"]');
const undo = document.querySelector('[data-testid="undo"]');
const log = document.querySelector('[data-testid="log"]');
const list = document.getElementById("actions");
let actions = [];
let selected = null;     // the hex clicked last
const hasBoard = !!game.root.dataset.hasBoard;

function note(text) {
  log.prepend(el("li", {text: `${new Date().toLocaleTimeString()} ${text}`}));
}

// An action in words: "move · units 13 · path 1808→1807", nested facts as compact JSON.
function words(value) {
  if (Array.isArray(value)) return value.every(v => typeof v !== "object" || v === null) ? value.join("→") : JSON.stringify(value);
  return value !== null && typeof value === "object" ? JSON.stringify(value) : String(value);
}

function describe(action) {
  const rest = Object.entries(action).filter(([k]) => k !== "type" && k !== "side");
  return [action.type, ...rest.map(([k, v]) => `${k} ${words(v)}`)].join(" · ");
}

function mentions(value, hex) {
  if (value === hex) return true;
  if (Array.isArray(value)) return value.some(v => mentions(v, hex));
  if (value && typeof value === "object") return Object.values(value).some(v => mentions(v, hex));
  return false;
}

const moves = () => actions.filter(a => Array.isArray(a.path) && a.path.length > 1);

// For each hex the stack at `from` may reach: the move taking the most units, then the shortest path.
function reachable(from) {
  const best = new Map();
  for (const a of moves().filter(m => m.path[0] === from)) {
    const to = a.path[a.path.length - 1];
    const held = best.get(to);
    const units = (a.units || []).length;
    if (!held || units > (held.units || []).length || (units === (held.units || []).length && a.path.length < held.path.length))
      best.set(to, a);
  }
  return best;
}

async function act(action) {
  showError("");
  try {
    await api("POST", `/api/games/${game.id}/actions`, {seat: game.role, action});
    note(`you: ${describe(action)}`);
    selected = null;
    await again();
  } catch (error) { showError(error.message); note(`refused: ${describe(action)}: ${error.message}`); }
}

function light(targets) {
  board.querySelectorAll(".lit").forEach(n => { n.classList.remove("lit"); n.removeAttribute("tabindex"); });
  for (const hex of targets) {
    board.querySelectorAll(`polygon.hex[data-hex="${hex}"]`).forEach(n => { n.classList.add("lit"); n.setAttribute("tabindex", "0"); });
  }
}

function drawChoices() {
  const mine = actions.filter(a => a.type !== "undo" && !(Array.isArray(a.path) && a.path.length > 1));
  const shown = selected ? mine.filter(a => mentions(a, selected)) : mine;
  document.getElementById("clear").hidden = !selected;
  const targets = selected ? reachable(selected) : new Map();
  light(targets.keys());
  document.getElementById("selection").textContent = selected
    ? `Hex ${selected}: ${targets.size ? `${targets.size} hexes lit where it may move; ` : ""}${shown.length} other choices.`
    : (moves().length ? "Click one of your stacks to light the hexes it may reach." : "");
  list.replaceChildren(...shown.slice(0, MANY).map(a => el("button", {type: "button", class: "choice",
    "data-testid": "choice", "data-type": a.type, onclick: () => act(a), text: describe(a)})));
  if (shown.length > MANY) list.append(el("p", {class: "hint", text: `${shown.length - MANY} more: click a hex to narrow them.`}));
}

async function drawBoard() {
  if (!hasBoard) { board.textContent = "(no board picture for this game yet: play from the choices)"; return; }
  const response = await fetch(`/games/${game.id}/board.svg${seatQuery}`, {credentials: "same-origin"});
  if (!response.ok) throw new Error(`the board could not be drawn (${response.status})`);
  board.innerHTML = (await response.text()).replace(/^<\?xml[^>]*>\s*/, "");
}

board.addEventListener("click", event => {
  const node = event.target.closest("[data-hex]");
  if (!node || !game.isSeat) return;
  const hex = node.dataset.hex;
  if (selected && hex !== selected) {
    const move = reachable(selected).get(hex);
    if (move) { act(move); return; }
  }
  selected = hex;
  drawChoices();
});
board.addEventListener("keydown", event => {
  if (event.key === "Enter" || event.key === " ") { event.preventDefault(); event.target.dispatchEvent(new MouseEvent("click", {bubbles: true})); }
});
document.getElementById("clear").addEventListener("click", () => { selected = null; drawChoices(); });

async function refresh(summary) {
  const v = summary.view || {};
  const phase = [v.turn !== undefined ? `turn ${v.turn}` : "", v.phasing ? `${v.phasing} phasing` : "", v.phase || ""]
    .filter(Boolean).join(" · ");
  document.querySelector('[data-testid="phase"]').textContent = (phase || `version ${summary.version}`) +
    (summary.is_over ? " · the game is over" : "");
  setDeadline(document.querySelector('[data-testid="deadline"]'), summary.deadline);
  note(`${phase || "the game moved on"} (to act: ${summary.to_act.join(", ") || "nobody"})`);
  await drawBoard();
  if (!game.isSeat) { prompt.textContent = `Watching as ${game.role}.`; return; }
  const answer = await api("GET", `/api/games/${game.id}/legal${seatQuery}`);
  const mine = answer.seats.find(s => s.seat === game.role) || {actions: [], decision: null};
  actions = mine.actions;
  const d = mine.decision;
  prompt.textContent = d ? [d.kind, ...Object.entries(d.info || {}).map(([k, v]) => `${k}: ${words(v)}`)].join(" · ")
                         : (summary.is_over ? "The game is over." : "Nothing to decide now: waiting for the other side.");
  undo.hidden = !actions.some(a => a.type === "undo");
  drawChoices();
}

undo.addEventListener("click", () => { const a = actions.find(x => x.type === "undo"); if (a) act(a); });
startCountdowns();
const again = follow(`/api/games/${game.id}${seatQuery}`, refresh);
