// The SJG set-up screen (issue 24): the set-up zone lit, a count of what is left, a kind
// picked then a hex clicked to place one (a placed counter clicked takes one back), or
// dragged (pointer events: mouse, pen or finger) from the picker or from a placed counter
// to a hex; named formations and "like my last set-up" (the user's last set-up on this
// side in another game, found by the server) filled by the server with the game's own
// rules (POST …/setup, which changes nothing), a summary, then one `deploy`. The draft
// lives in this browser (localStorage) until sent: it is secret (SJG 9.1).
import {api, el, showError} from "/static/common.js";
import {pageLang, sideName} from "/static/hexwords.js";

// The screen's words in the page's language; "{n}" and "{x}" take a number or a name.
const WORDS = {
  en: {names: {zombie: ["Zombie", "Zombies"], skeleton: ["Skeleton", "Skeletons"], wraith: ["Wraith", "Wraiths"],
               necromancer: ["Necromancer", "Necromancers"], mercenary: ["Mercenary", "Mercenaries"],
               apprentice: ["Apprentice", "Apprentices"], dragon: ["Dragon", "Dragons"]},
       formations: {}, takeBack: "click to take the last one back", nothing: "Nothing placed yet.",
       placedIn: "{n} in {x}", hex: "hex", hexes: "hexes", left: "{x}: {n} left", leftAll: "Left to place: {x} ({n} in all).",
       done: "Every unit is placed.",
       how: "Click a lit hex to place one of your {x}, or drag a kind onto a hex; drag a placed counter to move its top " +
            "unit, click it to take one back.",
       moveHow: "Drag a placed counter to move its top unit; click it to take one back.",
       fill: "Fill the rest: {x}", like: "Fill the rest like my last set-up", clear: "Clear the board",
       likeWhy: "Like my last set-up: {x}.", noLast: "no earlier game of yours as {x} has a set-up",
       commit: "Set up these units (hidden from your opponent until both sides are down)", more: "Place {n} more to set up"},
  fr: {names: {zombie: ["Zombie", "Zombies"], skeleton: ["Squelette", "Squelettes"], wraith: ["Spectre", "Spectres"],
               necromancer: ["Nécromancien", "Nécromanciens"], mercenary: ["Mercenaire", "Mercenaires"],
               apprentice: ["Apprenti", "Apprentis"], dragon: ["Dragon", "Dragons"]},
       formations: {front: "Répartis le long du front", massed: "Massés autour du Nécromancien",
                    rear: "Tenus loin de l'ennemi"},
       takeBack: "cliquez pour reprendre le dernier", nothing: "Rien n'est encore placé.",
       placedIn: "{n} dans {x}", hex: "hexagone", hexes: "hexagones", left: "{x} : {n} restants",
       leftAll: "Reste à placer : {x} ({n} en tout).", done: "Chaque unité est placée.",
       how: "Cliquez un hexagone éclairé pour y placer l'un de vos {x}, ou faites glisser un genre sur un hexagone ; " +
            "faites glisser un pion placé pour déplacer son unité du dessus, cliquez-le pour en reprendre une.",
       moveHow: "Faites glisser un pion placé pour déplacer son unité du dessus ; cliquez-le pour en reprendre une.",
       fill: "Compléter le reste : {x}", like: "Compléter le reste comme mon dernier déploiement",
       clear: "Vider le plateau", likeWhy: "Comme mon dernier déploiement : {x}.",
       noLast: "aucune partie antérieure où vous teniez {x} n'a de déploiement",
       commit: "Déployer ces unités (cachées à l'adversaire jusqu'à ce que les deux camps soient en place)",
       more: "Placez encore {n} unités pour déployer"}};
const words = () => WORDS[pageLang()];
const say = (word, n = "", x = "") => words()[word].replace("{n}", n).replace("{x}", x);
const kindName = (kind, plural) => (words().names[kind] || [kind, kind])[plural ? 1 : 0];
const SVG = "http://www.w3.org/2000/svg";
const named = (kind, n) => `${n} ${kindName(kind, n !== 1).toLowerCase()}`;

let ctx = null;        // {game, board, panel, send}
let plan = null;       // the server's answer for the draft now
let kind = null;       // the kind picked to place
let listening = false;

const draftKey = () => `warjudge.setup.${ctx.game.id}.${ctx.game.role}`;
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
    title.textContent = `${hex}: ${counted(kinds)} (${say("takeBack")})`;
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
  if (!hexes.length) return say("nothing");
  const units = counted(Object.values(plan.placements).flat());
  return `${say("placedIn", units, `${hexes.length} ${say(hexes.length === 1 ? "hex" : "hexes")}`)}, ${spanOf(hexes)}.`;
}

function draw() {
  overlay();
  const left = Object.entries(plan.left);
  const total = left.reduce((sum, [, n]) => sum + n, 0);
  const picker = left.map(([k, n]) => el("button", {type: "button", class: `kind${k === kind ? " picked" : ""}`,
    "data-testid": "setup-kind", "data-kind": k, "aria-pressed": k === kind ? "true" : "false",
    onclick: () => { kind = k; draw(); }, onpointerdown: event => startDrag(event, k, null),
    text: say("left", n, kindName(k, true))}));
  ctx.panel.replaceChildren(
    el("p", {"data-testid": "setup-left", text: total ? say("leftAll", total, left.map(([k, n]) => named(k, n)).join(", "))
                                                       : say("done")}),
    el("div", {class: "setup-kinds"}, ...picker),
    el("p", {class: "hint", text: kind ? say("how", "", kindName(kind, true).toLowerCase()) : say("moveHow")}),
    el("div", {class: "setup-fills"},
       ...plan.formations.map(f => el("button", {type: "button", "data-testid": "setup-formation", "data-formation": f.id,
         disabled: !total, onclick: () => ask({placements: plan.placements, fill: f.id}), text: say("fill", "", words().formations[f.id] || f.name)})),
       el("button", {type: "button", "data-testid": "setup-like", disabled: !total || !plan.last,
         "aria-describedby": plan.last ? undefined : "setup-like-why",
         onclick: () => ask({placements: plan.placements, fill: "like"}), text: say("like")}),
       el("button", {type: "button", "data-testid": "setup-clear", disabled: !Object.keys(plan.placements).length,
         onclick: () => ask({placements: {}}), text: say("clear")})),
    ...(plan.last ? [] : [el("p", {class: "hint", id: "setup-like-why", "data-testid": "setup-like-why",
                                   text: say("likeWhy", "", say("noLast", "", sideName(ctx.game.role)))})]),
    el("p", {"data-testid": "setup-summary", class: "setup-summary", text: summary()}),
    el("button", {type: "button", "data-testid": "setup-commit", class: "commit", disabled: !plan.deploy,
      onclick: commit, text: plan.deploy ? say("commit") : say("more", total)}));
}

async function commit() {
  const deploy = plan.deploy;
  if (!deploy) return;
  localStorage.removeItem(draftKey());
  await ctx.send(deploy);
}

function clicked(event) {
  if (!ctx || !plan) return;
  if (event.timeStamp - droppedAt < 300) { event.stopPropagation(); return; }   // the click that ends a drag
  const counter = event.target.closest("[data-setup-hex]");
  const cell = event.target.closest("[data-hex]");
  if (!counter && !cell) return;
  event.stopPropagation();   // the decision page's own clicks (moves) do not apply to a set-up
  if (counter) { takeBack(counter.dataset.setupHex); return; }
  if (kind && (plan.legal[kind] || []).includes(cell.dataset.hex)) place(cell.dataset.hex);
}

// --- drag: a kind from the picker, or a placed counter's top unit, dropped on a hex
const DRAG_PX = 6;     // a smaller move is a click
let drag = null;       // {kind, from (a hex, or null: the picker), x, y, id, ghost}
let droppedAt = -Infinity;   // when a drag ended (event time): the click that follows it is not a click

function startDrag(event, what, from) {
  if (event.button > 0 || !plan) return;
  drag = {kind: what, from, x: event.clientX, y: event.clientY, id: event.pointerId, ghost: null};
}

function dragMove(event) {
  if (!drag || event.pointerId !== drag.id) return;
  event.stopPropagation();   // not a pan of the board (panzoom.js)
  if (!drag.ghost) {
    if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_PX) return;
    drag.ghost = el("div", {class: "setup-ghost", "data-testid": "setup-ghost", "aria-hidden": "true",
                            text: kindName(drag.kind, false)});
    document.body.append(drag.ghost);
    kind = drag.kind;
    overlay();   // the hexes this kind may go to, lit
  }
  event.preventDefault();
  drag.ghost.style.left = `${event.clientX}px`;
  drag.ghost.style.top = `${event.clientY}px`;
}

function dragEnd(event) {
  if (!drag || event.pointerId !== drag.id) return;
  const {kind: what, from, ghost} = drag;
  drag = null;
  if (!ghost) return;   // a click, not a drag
  ghost.remove();
  event.stopPropagation();
  droppedAt = event.timeStamp;
  const on = document.elementFromPoint(event.clientX, event.clientY)?.closest("[data-setup-hex], polygon.hex[data-hex]");
  const hex = on && (on.dataset.setupHex || on.dataset.hex);
  if (event.type !== "pointerup" || !hex || hex === from || !ctx.board.contains(on)) { draw(); return; }
  const p = placements();
  if (from) {   // the counter's top unit of that kind leaves its hex
    const at = p[from].lastIndexOf(what);
    p[from].splice(at, 1);
    if (!p[from].length) delete p[from];
  }
  (p[hex] = p[hex] || []).push(what);
  ask({placements: p});   // the server checks it: a hex the rules refuse is said, and nothing moves
}

function counterDown(event) {
  const counter = event.target.closest?.("[data-setup-hex]");
  if (!counter || !plan) return;
  event.stopPropagation();   // not the start of a pan
  const kinds = plan.placements[counter.dataset.setupHex] || [];
  if (kinds.length) startDrag(event, kinds[kinds.length - 1], counter.dataset.setupHex);
}

// Take over the decision page while the seat's decision is its set-up; `send` posts an action.
export async function showSetup(game, board, panel, send) {
  ctx = {game, board, panel, send};
  if (!listening) {
    board.addEventListener("click", clicked, true);
    board.addEventListener("pointerdown", counterDown, true);
    document.addEventListener("pointermove", dragMove, true);
    document.addEventListener("pointerup", dragEnd, true);
    document.addEventListener("pointercancel", dragEnd, true);
    listening = true;
  }
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
