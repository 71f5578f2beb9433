// Pan and zoom for every board picture (issue 24): each `.board` element's <svg> gets
// buttons (+, −, reset), the mouse wheel and a drag, a two-finger pinch and a one-finger
// drag once zoomed, and the keyboard (+ − arrows 0) while the board has the focus; Enter or
// Space on a focused piece, hex or province of the picture is a click on it. It only
// moves the svg's viewBox, so the pages' own clicks on provinces, hexes and counters keep
// working; a drag is not a click. The pages redraw their board often (innerHTML): the view
// chosen is kept as long as the new picture has the same size. A board first drawn on a
// narrow screen with hexes under a thumb's width, or a Diplomacy map with its province
// labels too small to read, opens zoomed until they are not, on the seat's own counters
// (the board's data-own-side), so it is played without a pinch first; `reveal` brings a
// chosen unit's lit targets into view.
import {chosenLang} from "/static/lang.js";

// the buttons' names in the page's language (lang.js words them again on a switch)
const NAMES = {en: {bar: "zoom the board", in: "zoom in", out: "zoom out", whole: "whole board"},
               fr: {bar: "zoomer le plateau", in: "zoom avant", out: "zoom arrière", whole: "tout le plateau"}};
const MAX_ZOOM = 8, STEP = 1.25, KEY_PAN = 0.1, DRAG = 5, TAP = 44;
const NARROW = "(max-width: 50rem)";   // the pages' one-column layout (style.css)
const LEGIBLE = 12;   // px: a Diplomacy map's province labels on a phone (issue 24: at least 11)
const REVEAL_MARGIN = 1.2;   // room around the targets a chosen unit's view is moved onto
const states = new WeakMap();   // board element -> {base, view}

function viewOf(svg) {
  const box = (svg.getAttribute("viewBox") || "").trim().split(/[\s,]+/).map(Number);
  return box.length === 4 && box.every(Number.isFinite) ? box : null;
}

// The view kept inside the picture: never smaller than 1/MAX_ZOOM of it, never off its edges.
function clamp(base, [x, y, w, h]) {
  const scale = Math.min(1, Math.max(1 / MAX_ZOOM, w / base[2]));
  w = base[2] * scale; h = base[3] * scale;
  x = Math.min(Math.max(x, base[0]), base[0] + base[2] - w);
  y = Math.min(Math.max(y, base[1]), base[1] + base[3] - h);
  return [x, y, w, h];
}

function show(board, view) {
  const state = states.get(board), svg = board.querySelector("svg");
  state.view = clamp(state.base, view);
  svg.setAttribute("viewBox", state.view.map(v => +v.toFixed(2)).join(" "));
  const zoomed = state.view[2] < state.base[2] - 0.01;
  svg.style.touchAction = zoomed ? "none" : "pan-y";   // unzoomed, a finger still scrolls the page
  board.dataset.zoom = (state.base[2] / state.view[2]).toFixed(2);
}

// Zoom by `factor` about the point (cx, cy) of the picture (its middle by default).
function zoom(board, factor, cx, cy) {
  const [x, y, w, h] = states.get(board).view;
  cx ??= x + w / 2; cy ??= y + h / 2;
  const base = states.get(board).base;
  const nw = Math.min(base[2], Math.max(base[2] / MAX_ZOOM, w / factor)), f = w / nw;
  show(board, [cx - (cx - x) / f, cy - (cy - y) / f, nw, h / f]);
}

function pan(board, dx, dy) {   // in the picture's units
  const [x, y, w, h] = states.get(board).view;
  show(board, [x + dx, y + dy, w, h]);
}

function toPicture(svg, clientX, clientY) {
  const matrix = svg.getScreenCTM();
  if (!matrix) return [0, 0];
  const p = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
  return [p.x, p.y];
}

function picturePerPixel(svg) {
  const matrix = svg.getScreenCTM();
  return matrix ? 1 / matrix.a : 1;
}

// a label in the page's language, with its wording in each for lang.js to switch
function labelled(node, key) {
  node.dataset.labels = JSON.stringify({en: NAMES.en[key], fr: NAMES.fr[key]});
  node.setAttribute("aria-label", (NAMES[chosenLang()] || NAMES.en)[key]);
}

function button(label, key, testid, onclick) {
  const b = document.createElement("button");
  b.type = "button"; b.textContent = label; b.dataset.testid = testid;
  labelled(b, key); b.title = b.getAttribute("aria-label"); b.addEventListener("click", onclick);
  return b;
}

function controls(board) {
  const bar = document.createElement("div");
  bar.className = "zoom-bar";
  bar.setAttribute("role", "toolbar");
  labelled(bar, "bar");
  bar.append(button("+", "in", "zoom-in", () => zoom(board, STEP)),
             button("−", "out", "zoom-out", () => zoom(board, 1 / STEP)),
             button("⟲", "whole", "zoom-reset", () => show(board, states.get(board).base)));
  const frame = document.createElement("div");   // the bar and the board: one item of the page's grid
  frame.className = "board-frame";
  board.before(frame);
  frame.append(bar, board);
}

function keys(board, event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if ((event.key === "Enter" || event.key === " ") && board.querySelector("svg")?.contains(event.target)) {
    event.preventDefault();
    event.target.dispatchEvent(new MouseEvent("click", {bubbles: true}));   // the page's own handler
    return;
  }
  if (!states.has(board)) return;
  const [, , w, h] = states.get(board).view;
  const moves = {ArrowLeft: [-w * KEY_PAN, 0], ArrowRight: [w * KEY_PAN, 0],
                 ArrowUp: [0, -h * KEY_PAN], ArrowDown: [0, h * KEY_PAN]};
  if (event.key === "+" || event.key === "=") zoom(board, STEP);
  else if (event.key === "-" || event.key === "_") zoom(board, 1 / STEP);
  else if (event.key === "0") show(board, states.get(board).base);
  else if (moves[event.key]) pan(board, ...moves[event.key]);
  else return;
  event.preventDefault();
  event.stopPropagation();   // the history's arrows step phases only outside its map
}

// Mouse, pen and fingers: one pointer drags, two pinch; a drag of more than DRAG pixels
// swallows the click that ends it.
function pointers(board) {
  const down = new Map();
  let dragged = false, pinch = null;
  board.addEventListener("pointerdown", event => {
    if (!board.querySelector("svg")?.contains(event.target)) return;
    down.set(event.pointerId, [event.clientX, event.clientY]);
    if (down.size === 1) dragged = false;
    if (down.size === 2) pinch = null;
  });
  board.addEventListener("pointermove", event => {
    const last = down.get(event.pointerId), svg = board.querySelector("svg");
    if (!last || !svg || !states.has(board)) return;
    if (down.size === 1) {
      const state = states.get(board);
      const moved = Math.hypot(event.clientX - last[0], event.clientY - last[1]);
      // unzoomed, a finger scrolls the page (pan-y) rather than dragging the whole picture
      if (!dragged && (moved < DRAG || (event.pointerType === "touch" && state.view[2] >= state.base[2]))) return;
      if (!dragged) board.setPointerCapture?.(event.pointerId);
      dragged = true;
      const k = picturePerPixel(svg);
      pan(board, (last[0] - event.clientX) * k, (last[1] - event.clientY) * k);
      down.set(event.pointerId, [event.clientX, event.clientY]);
    } else if (down.size === 2) {
      down.set(event.pointerId, [event.clientX, event.clientY]);
      const [a, b] = [...down.values()];
      const span = Math.hypot(a[0] - b[0], a[1] - b[1]);
      const [cx, cy] = toPicture(svg, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
      if (pinch) zoom(board, span / pinch, cx, cy);
      pinch = span; dragged = true;
      event.preventDefault();
    }
  });
  const up = event => { down.delete(event.pointerId); if (down.size < 2) pinch = null; };
  board.addEventListener("pointerup", up);
  board.addEventListener("pointercancel", up);
  board.addEventListener("click", event => {
    if (dragged) { event.stopPropagation(); event.preventDefault(); dragged = false; }
  }, true);
  board.addEventListener("wheel", event => {
    const svg = board.querySelector("svg");
    if (!svg || !states.has(board) || !event.deltaY) return;
    const {base, view} = states.get(board);
    const zoomIn = event.deltaY < 0;
    if (zoomIn ? view[2] <= base[2] / MAX_ZOOM + 0.01 : view[2] >= base[2] - 0.01) return;   // the page scrolls
    event.preventDefault();
    const [cx, cy] = toPicture(svg, event.clientX, event.clientY);
    zoom(board, zoomIn ? STEP : 1 / STEP, cx, cy);
  }, {passive: false});
}

// How many times a picture drawn on a narrow screen must be magnified to be played without
// a pinch first: hexes TAP pixels wide, a map's province labels LEGIBLE pixels high (1: no zoom).
function magnification(svg) {
  if (!matchMedia(NARROW).matches) return 1;
  const hex = svg.querySelector("polygon.hex"), label = svg.querySelector("text[data-label]");
  const hexPx = hex ? hex.getBoundingClientRect().width : 0;
  const labelPx = label ? Number(label.getAttribute("font-size")) / picturePerPixel(svg) : 0;
  return Math.min(MAX_ZOOM, Math.max(1, hexPx ? TAP / hexPx : 1, labelPx ? LEGIBLE / labelPx : 1));
}

// The middle of `nodes` on the picture, or null when there are none.
function middle(svg, nodes) {
  if (!nodes.length) return null;
  const centres = nodes.map(n => n.getBoundingClientRect())
    .map(r => toPicture(svg, r.left + r.width / 2, r.top + r.height / 2));
  return [0, 1].map(i => centres.reduce((sum, c) => sum + c[i], 0) / centres.length);
}

// The view a board opens at: the whole picture, unless it is too small to play on a narrow
// screen (magnification); then centred on the seat's own counters (the board's
// data-own-side: a hex counter's side, a Diplomacy unit's power), else on the map's
// province names, else on the middle of the picture.
function opening(board, svg, base) {
  const scale = magnification(svg);
  if (scale <= 1) return base;
  const w = base[2] / scale, h = base[3] / scale, side = board.dataset.ownSide;
  const own = side ? [...svg.querySelectorAll('[data-testid="unit"]')]
    .filter(n => n.dataset.side === side || n.dataset.power === side) : [];
  const [cx, cy] = middle(svg, own) || middle(svg, [...svg.querySelectorAll("text[data-label]")])
    || [base[0] + base[2] / 2, base[1] + base[3] / 2];
  return [cx - w / 2, cy - h / 2, w, h];
}

// The pages call this when a unit is chosen: if some of `nodes` (its lit targets, the unit
// itself) are outside the board's view, the view moves onto them all, zooming out only as
// far as they need to fit, so a phone's player sees where the unit may go.
export function reveal(board, nodes) {
  const svg = board.querySelector("svg"), state = states.get(board);
  if (!svg || !state || !nodes.length) return;
  const corners = nodes.map(n => n.getBoundingClientRect())
    .flatMap(r => [toPicture(svg, r.left, r.top), toPicture(svg, r.right, r.bottom)]);
  const [x0, y0] = [0, 1].map(i => Math.min(...corners.map(c => c[i])));
  const [x1, y1] = [0, 1].map(i => Math.max(...corners.map(c => c[i])));
  const [x, y, w, h] = state.view;
  if (x0 >= x && y0 >= y && x1 <= x + w && y1 <= y + h) return;
  const f = Math.max(1, (x1 - x0) * REVEAL_MARGIN / w, (y1 - y0) * REVEAL_MARGIN / h);
  show(board, [(x0 + x1 - w * f) / 2, (y0 + y1 - h * f) / 2, w * f, h * f]);
}

// A new picture in the board: the same view as before if it is the same picture's size.
function adopt(board) {
  const svg = board.querySelector("svg");
  if (!svg) return;
  if (svg.dataset.panzoom) return;
  const base = viewOf(svg);
  if (!base) return;
  svg.dataset.panzoom = "on";
  const old = states.get(board);
  const same = old && old.base.every((v, i) => Math.abs(v - base[i]) < 0.01);
  states.set(board, {base, view: same ? old.view : opening(board, svg, base)});
  if (!board.parentElement.classList.contains("board-frame")) controls(board);
  show(board, states.get(board).view);
}

function attach(board) {
  if (board.dataset.panzoomBoard) return;
  board.dataset.panzoomBoard = "on";
  if (!board.hasAttribute("tabindex")) board.tabIndex = 0;
  board.addEventListener("keydown", event => keys(board, event));
  pointers(board);
  adopt(board);
  new MutationObserver(() => adopt(board)).observe(board, {childList: true});
}

function attachAll() { document.querySelectorAll(".board").forEach(attach); }
attachAll();
new MutationObserver(attachAll).observe(document.body, {childList: true, subtree: true});
