// The SJG set-up screen (issue 24): the set-up zone lit, a count of what is left, a kind
// picked then a hex clicked to place one (a placed counter clicked takes one back), named
// formations and "like my last set-up" filled by the server with the game's own rules
// (POST …/setup, which changes nothing), a summary, then one `deploy`. The draft lives in
// this browser (localStorage) until sent: it is secret (SJG 9.1).
import {api, el, showError} from "/static/common.js";

const NAMES = {zombie: ["Zombie", "Zombies"], skeleton: ["Skeleton", "Skeletons"], wraith: ["Wraith", "Wraiths"],
               necromancer: ["Necromancer", "Necromancers"], mercenary: ["Mercenary", "Mercenaries"],
               apprentice: ["Apprentice", "Apprentices"], dragon: ["Dragon", "Dragons"]};
const SVG = "http://www.w3.org/2000/svg";
const named = (kind, n) => `${n} ${(NAMES[kind] || [kind, kind])[n === 1 ? 0 : 1].toLowerCase()}`;

let ctx = null;        // {game, board, panel, send}
let plan = null;       // the server's answer for the draft now
let kind = null;       // the kind picked to place
let listening = false;

const draftKey = () => `warjudge.setup.${ctx.game.id}.${ctx.game.role}`;
const lastKey = () => `warjudge.setup.last.${document.querySelector('[data-testid="user"]')?.textContent || ""}.${ctx.game.role}`;
const stored = key => { try { return JSON.parse(localStorage.getItem(key) || "null"); } catch { return null; } };

async function ask(body) {
  showError("");
  try {
    plan = await api("POST", `/api/games/${ctx.game.id}/setup`, {seat: ctx.game.role, ...body});
  } catch (error) { showError(error.message); return; }
  localStorage.setItem(draftKey(), JSON.stringify(plan.placements));
  if (!plan.left[kind]) kind = Object.keys(plan.left)[0] || null;
  draw();
}

function placements() { return structuredClone(plan.placements); }

function place(hex) {
  const p = placements();
  (p[hex] = p[hex] || []).push(kind);
  ask({placements: p});
}

function takeBack(hex) {
  const p = placements();
  p[hex].pop();
  if (!p[hex].length) delete p[hex];
  ask({placements: p});
}

function overlay() {
  const board = ctx.board;
  const lit = new Set(kind ? plan.legal[kind] || [] : []);
  // lit hexes and counters take the focus (Enter or Space: panzoom.js makes it their click);
  // a hex still lit keeps it, so one key after another places several units there
  board.querySelectorAll(".setup-lit").forEach(n => lit.has(n.dataset.hex) || n.removeAttribute("tabindex"));
  board.querySelectorAll(".setup-zone, .setup-lit").forEach(n => n.classList.remove("setup-zone", "setup-lit"));
  board.querySelectorAll(".setup-counter").forEach(n => n.remove());
  const svg = board.querySelector("svg");
  if (!svg) return;
  for (const hex of plan.zone) {
    board.querySelectorAll(`polygon.hex[data-hex="${hex}"]`).forEach(n => {
      n.classList.add("setup-zone");
      if (lit.has(hex)) { n.classList.add("setup-lit"); n.setAttribute("tabindex", "0"); }
    });
  }
  for (const [hex, kinds] of Object.entries(plan.placements)) {
    const cell = board.querySelector(`polygon.hex[data-hex="${hex}"]`);
    if (!cell) continue;
    const box = cell.getBBox(), r = Math.min(box.width, box.height) * 0.32;
    const g = document.createElementNS(SVG, "g");
    g.setAttribute("class", `setup-counter ${ctx.game.role}`);
    g.dataset.setupHex = hex;
    g.setAttribute("data-testid", "setup-counter");
    g.setAttribute("tabindex", "0");
    const title = document.createElementNS(SVG, "title");
    title.textContent = `${hex}: ${counted(kinds)} (click to take the last one back)`;
    const square = document.createElementNS(SVG, "rect");
    Object.entries({x: box.x + box.width / 2 - r, y: box.y + box.height / 2 - r, width: 2 * r, height: 2 * r, rx: 3})
      .forEach(([k, v]) => square.setAttribute(k, v));
    const text = document.createElementNS(SVG, "text");
    Object.entries({x: box.x + box.width / 2, y: box.y + box.height / 2 + r * 0.35, "text-anchor": "middle",
                    "font-size": r})
      .forEach(([k, v]) => text.setAttribute(k, v));
    text.textContent = kinds.map(k => k[0].toUpperCase()).join("");
    g.append(title, square, text);
    svg.append(g);
  }
}

function spanOf(hexes) {
  const sorted = [...hexes].sort();
  return sorted.length === 1 ? sorted[0] : `${sorted[0]}–${sorted[sorted.length - 1]}`;
}

// "8 skeletons, 2 wraiths": the kinds in a list, counted
function counted(kinds) {
  const counts = {};
  for (const k of kinds) counts[k] = (counts[k] || 0) + 1;
  return Object.entries(counts).sort().map(([k, n]) => named(k, n)).join(", ");
}

function summary() {
  const hexes = Object.keys(plan.placements);
  if (!hexes.length) return "Nothing placed yet.";
  const units = counted(Object.values(plan.placements).flat());
  return `${units} in ${hexes.length} ${hexes.length === 1 ? "hex" : "hexes"}, ${spanOf(hexes)}.`;
}

function draw() {
  overlay();
  const left = Object.entries(plan.left);
  const total = left.reduce((sum, [, n]) => sum + n, 0);
  const last = stored(lastKey());
  const picker = left.map(([k, n]) => el("button", {type: "button", class: `kind${k === kind ? " picked" : ""}`,
    "data-testid": "setup-kind", "data-kind": k, "aria-pressed": k === kind ? "true" : "false",
    onclick: () => { kind = k; draw(); }, text: `${(NAMES[k] || [k, k])[1]}: ${n} left`}));
  ctx.panel.replaceChildren(
    el("p", {"data-testid": "setup-left", text: total ? `Left to place: ${left.map(([k, n]) => named(k, n)).join(", ")} ` +
      `(${total} in all).` : "Every unit is placed."}),
    el("div", {class: "setup-kinds"}, ...picker),
    el("p", {class: "hint", text: kind ? `Click a lit hex to place one of your ${(NAMES[kind] || [kind, kind])[1].toLowerCase()}; ` +
      "click a placed counter to take one back." : "Click a placed counter to take one back."}),
    el("div", {class: "setup-fills"},
       ...plan.formations.map(f => el("button", {type: "button", "data-testid": "setup-formation", "data-formation": f.id,
         disabled: !total, onclick: () => ask({placements: plan.placements, fill: f.id}), text: `Fill the rest: ${f.name}`})),
       el("button", {type: "button", "data-testid": "setup-like", disabled: !total || !last,
         title: last ? "" : "no earlier set-up of yours in this browser",
         onclick: () => ask({placements: plan.placements, fill: "like", like: last}), text: "Fill the rest like my last set-up"}),
       el("button", {type: "button", "data-testid": "setup-clear", disabled: !Object.keys(plan.placements).length,
         onclick: () => ask({placements: {}}), text: "Clear the board"})),
    el("p", {"data-testid": "setup-summary", class: "setup-summary", text: summary()}),
    el("button", {type: "button", "data-testid": "setup-commit", class: "commit", disabled: !plan.deploy,
      onclick: commit, text: plan.deploy ? "Set up these units (hidden from your opponent until both sides are down)"
                                          : `Place ${total} more to set up`}));
}

async function commit() {
  const deploy = plan.deploy;
  if (!deploy) return;
  localStorage.setItem(lastKey(), JSON.stringify(deploy.placements));
  localStorage.removeItem(draftKey());
  await ctx.send(deploy);
}

function clicked(event) {
  if (!ctx || !plan) return;
  const counter = event.target.closest("[data-setup-hex]");
  const cell = event.target.closest("[data-hex]");
  if (!counter && !cell) return;
  event.stopPropagation();   // the decision page's own clicks (moves) do not apply to a set-up
  if (counter) { takeBack(counter.dataset.setupHex); return; }
  if (kind && (plan.legal[kind] || []).includes(cell.dataset.hex)) place(cell.dataset.hex);
}

// Take over the decision page while the seat's decision is its set-up; `send` posts an action.
export async function showSetup(game, board, panel, send) {
  ctx = {game, board, panel, send};
  if (!listening) { board.addEventListener("click", clicked, true); listening = true; }
  if (!document.getElementById("setup-style"))
    document.head.append(el("link", {id: "setup-style", rel: "stylesheet", href: "/static/setup.css"}));
  await ask({placements: plan ? plan.placements : stored(draftKey()) || {}});
  if (!plan) await ask({placements: {}});   // a draft the rules no longer take: start again
}

// The set-up is over (sent, or the game moved on): the page is the decision page again.
export function hideSetup() {
  if (!ctx) return;
  ctx.panel.replaceChildren();
  ctx = plan = null;
}
