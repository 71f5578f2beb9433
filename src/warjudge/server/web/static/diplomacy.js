// The Diplomacy page: the board, orders built by clicking a unit (its legal orders from
// GET …/legal: a coast is its own choice, never guessed) or typed and checked line by line
// as you type (POST …/check, a dry run), drafts kept in this browser, submit and ready (a
// toggle: while ready the orders are locked, as on webDiplomacy), and the phase history.
// The order box is the seat's whole set of orders: submitting replaces those held, as
// often as wanted until the phase ends (it waits for every seat's Ready, or the deadline).
import {api, busy, el, follow, gameElement, setDeadline, showError, startCountdowns} from "/static/common.js";
import {announce, soundToggle} from "/static/phasealert.js";
import {chooseLang, chosenLang, seatName} from "/static/lang.js";
import {outcomeWords, phaseName as phaseWords} from "/static/phasewords.js";
import {reveal} from "/static/panzoom.js";

const WORDS = {
  en: {phase: "Phase", deadline: "Deadline", seat: "Seat", orders: "Orders", submit: "Submit orders",
       ready: "Ready", held: "Orders the judge holds", last: "Last phase", other: "Builds and other choices",
       help: "Click one of your units to see its orders, or type orders, one a line. You may change them until you click Ready or the deadline passes.",
       valid: "valid", invalid: "invalid", none: "none yet", centres: "supply centres", dislodged: "dislodged",
       accepted: "accepted", refused: "refused", locked: "You are ready: your orders are locked. Click Ready again to change them.",
       start: "the start", after: "after", earlier: "◀ Earlier", later: "Later ▶", history: "History", now: "now",
       readyseats: "Ready", waitsforseats: "when every seat is taken", nodeadline: "none",
       adjudicated: "adjudicated", results: "see the results", nothing: "nothing to order this phase",
       units: "you have {n} units to order", unit: "you have 1 unit to order", build: "you may build {n}",
       disband: "you must disband {n}", choose: "you have choices to make",
       ended: "The phase ended before this reached the server:", withdraw: "Withdraw",
       unordered: "No order is held for {units}: if the phase ends so, a unit holds and a dislodged one is disbanded.",
       unbuilt: "{n} of your builds or disbands are not given: builds not given are waived, disbands are chosen by the rules.",
       readyanyway: "Ready all the same", cancel: "Cancel", kept: "your draft is kept in the order box.",
       watching: "You are watching: you see what every player sees, no seat's orders before the phase ends.",
       watchinggm: "You are the games master holding no seat: you see what every player sees; your tools are on the games master's page.",
       gm: "games master", press: "Press", to: "To", everyone: "everyone", toseats: "To these seats (one thread for each set)",
       message: "message", send: "Send", ordersbox: "orders"},
  fr: {phase: "Saison", deadline: "Échéance", seat: "Puissance", orders: "Ordres", submit: "Envoyer les ordres",
       ready: "Prêt", held: "Ordres enregistrés", last: "Saison précédente", other: "Constructions et autres choix",
       help: "Cliquez sur une de vos unités pour voir ses ordres, ou tapez un ordre par ligne. Vous pouvez les changer jusqu'à ce que vous cliquiez sur Prêt ou que l'échéance passe.",
       valid: "valide", invalid: "invalide", none: "aucun", centres: "centres", dislodged: "délogée",
       accepted: "accepté", refused: "refusé", locked: "Vous êtes prêt : vos ordres sont verrouillés. Cliquez sur Prêt pour les modifier.",
       start: "le début", after: "après", earlier: "◀ Avant", later: "Après ▶", history: "Historique", now: "maintenant",
       readyseats: "Prêts", waitsforseats: "quand chaque puissance aura un joueur", nodeadline: "aucune",
       adjudicated: "arbitrée", results: "voir les résultats", nothing: "rien à ordonner cette saison",
       units: "vous avez {n} unités à ordonner", unit: "vous avez 1 unité à ordonner", build: "vous pouvez construire {n}",
       disband: "vous devez détruire {n}", choose: "vous avez des choix à faire",
       ended: "La saison s'est terminée avant que ceci n'arrive au serveur :", withdraw: "Retirer",
       unordered: "Aucun ordre enregistré pour {units} : si la saison finit ainsi, une unité tient et une unité délogée est détruite.",
       unbuilt: "{n} de vos constructions ou destructions ne sont pas données : les constructions manquantes sont perdues, les destructions choisies par les règles.",
       readyanyway: "Prêt quand même", cancel: "Annuler",
       watching: "Vous regardez la partie : vous voyez ce que voit chaque joueur, aucun ordre avant la fin de la saison.",
       watchinggm: "Vous êtes l'arbitre sans puissance : vous voyez ce que voit chaque joueur ; vos outils sont sur la page de l'arbitre.",
       kept: "votre brouillon reste dans la boîte des ordres.", gm: "arbitre", press: "Presse", to: "À",
       everyone: "tout le monde", toseats: "À ces puissances (un fil par groupe)", message: "message", send: "Envoyer",
       ordersbox: "ordres"},
};
let lang = chosenLang();   // ?lang=fr in the address, the EN/FR buttons (lang.js)
const say = word => (WORDS[lang] || WORDS.en)[word] || word;
const RESULTS = JSON.parse(document.getElementById("game").dataset.resultWords || "{}");   // the judge's words, by language
const resultWord = result => (RESULTS[lang] || {})[result] || result;

const phaseName = code => phaseWords(code, lang);   // "S1901M": "Spring 1901 (moves)"

const game = gameElement();
const seatQuery = game.isSeat ? `?seat=${encodeURIComponent(game.role)}` : "";
const board = document.getElementById("board");
if (game.isSeat) board.dataset.ownSide = game.role;   // panzoom.js opens a phone's map on these units
const input = document.querySelector('[data-testid="order-input"]');
const status = document.querySelector('[data-testid="order-status"]');
let legal = [];          // this seat's legal order texts now, as if it had given none (the box is a draft)
let view = null;
let ready = false;       // this seat said ready: its orders are locked until it takes that back
let decision = null;     // this seat's decision now (GET …/legal): what it still owes

function translate() {
  document.documentElement.lang = lang;
  document.querySelectorAll("[data-i18n]").forEach(node => { node.textContent = say(node.dataset.i18n); });
}

const draftKey = () => `warjudge-draft:${game.id}:${game.role}:${view ? view.phase : ""}`;

// Dislodged units as [{power, unit}]: the standard view lists them, the Necromancer's groups them by power.
function dislodged() {
  const raw = view.dislodged || [];
  return Array.isArray(raw) ? raw : Object.entries(raw).flatMap(([power, es]) => es.map(e => ({power, unit: e.unit})));
}

// The map comes from the server drawn from this seat's own view (GET /games/{id}/board.svg).
async function drawBoard() {
  const response = await fetch(`/games/${game.id}/board.svg?lang=${lang}${seatQuery.replace("?", "&")}`,
                               {credentials: "same-origin"});
  if (!response.ok) throw new Error(`the map could not be drawn (${response.status})`);
  board.innerHTML = await response.text();
  // my units on the map take the focus (Enter or Space: panzoom.js makes it their click),
  // each with an unseen disc around it a thumb can hit: 44 px at a phone's opening zoom
  if (game.isSeat) board.querySelectorAll(`[data-testid="unit"][data-power="${game.role}"]`).forEach(n => {
    n.setAttribute("tabindex", "0");
    n.prepend(svgNode("circle", {r: HIT_RADIUS, fill: "transparent", "data-hit": "unit"}));
  });
}

// the unseen tap target around my units, in map units: the phone's opening zoom draws a
// map unit at 0.8 px or more (labels of 15 units at 12 px, panzoom.js), so 56 units >= 44 px
const HIT_RADIUS = 28;
const svgNode = (name, attributes) => {
  const node = document.createElementNS("http://www.w3.org/2000/svg", name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
};

// A button for each of my units that has an order to give this phase (in a retreat, the
// dislodged ones only): the keyboard's way to the same choices as a click on the map.
function drawUnitButtons() {
  const mine = [...(view.units || {})[game.role] || []];
  for (const d of dislodged()) if (d.power === game.role) mine.push(d.unit);
  const orderable = mine.filter(unit => ordersOf(unit).length);
  const buttons = document.getElementById("my-units");
  if (buttons) buttons.replaceChildren(...orderable.map(unit => el("button", {type: "button", class: "unit mine",
    "data-unit-button": unit, onclick: () => choose(unit), text: unit})));
}

board.addEventListener("click", event => {
  const unit = event.target.closest('[data-testid="unit"]');
  if (unit && game.isSeat && unit.dataset.power === game.role) {
    // a tap on the unseen disc round my unit that falls on a lit province aims there
    const lit = event.target.dataset.hit && chosen.length && document.elementsFromPoint(event.clientX, event.clientY)
      .find(node => node.matches("[data-province].target"));
    if (lit) aimAt(lit.dataset.province); else choose(unit.dataset.unit);
    return;
  }
  const target = event.target.closest("[data-province].target");
  if (target && chosen.length) aimAt(target.dataset.province);
});

let chosen = [];         // the legal orders of the unit last clicked

const destination = order => order.split(" ").pop().split("/")[0].toLowerCase();

// A lit province clicked: the chosen unit's move or retreat there; when that is not one
// order (two coasts, or only supports end there), the orders ending there are offered.
function aimAt(province) {
  const there = chosen.filter(o => destination(o) === province.toLowerCase());
  const moves = there.filter(o => ["-", "R"].includes(o.split(" ")[2]));
  if (moves.length === 1) addOrder(moves[0]);
  else if (there.length) offer(there);
}

// The unit's orders as buttons; if the order box has one for it, a button to withdraw it.
function offer(orders) {
  const unit = unitOf(orders[0]);
  const given = draftLine(unit);
  document.getElementById("choices").replaceChildren(el("p", {text: given ? `${unit} (${given}):` : `${unit}:`}),
    ...orders.map(order => el("button", {type: "button", class: "choice", "data-order": order,
                                          onclick: () => addOrder(order), text: order})),
    ...(given ? [el("button", {type: "button", class: "choice withdraw", "data-testid": "withdraw-order",
                               onclick: () => withdraw(unit), text: `${say("withdraw")} ${given}`})] : []));
}

const sameUnit = (line, unit) => unitOf(line.trim()).toLowerCase() === unit.toLowerCase();
const draftLine = unit => input.value.split("\n").find(l => l.trim() && sameUnit(l, unit))?.trim();

// The unit's line leaves the order box (Submit then sends the set without it).
function withdraw(unit) {
  input.value = input.value.split("\n").filter(l => l.trim() && !sameUnit(l, unit)).join("\n");
  input.dispatchEvent(new Event("input"));
  document.getElementById("choices").replaceChildren();
}

function unitOf(order) {
  const words = order.split(" ");
  return words.length > 1 ? `${words[0]} ${words[1]}` : order;
}

// The unit's legal orders now (those of `legal` that begin with it).
const ordersOf = unit => legal.filter(o => o.toLowerCase().startsWith(unit.toLowerCase() + " "));

// `focus`: false when the page redraws a unit chosen before (the player may be typing).
function choose(unit, focus = true) {
  if (ready) return;
  const box = document.getElementById("choices");
  const orders = ordersOf(unit);
  chosen = orders;
  board.querySelectorAll(".target").forEach(n => { n.classList.remove("target"); n.removeAttribute("tabindex"); });
  const ends = new Set(orders.map(destination));   // the variant's ids keep the rules' capitals ("Iro")
  board.querySelectorAll("[data-province]").forEach(n => {
    if (ends.has(n.dataset.province.toLowerCase())) { n.classList.add("target"); n.setAttribute("tabindex", "0"); }
  });
  if (orders.length) offer(orders);
  if (focus) {   // a unit clicked now (not redrawn): its lit provinces brought into view
    reveal(board, [...board.querySelectorAll(`.target, [data-testid="unit"][data-unit="${CSS.escape(unit)}"]`)]);
    box.querySelector("button")?.focus();
  }
}

function addOrder(order) {
  const lines = input.value.split("\n").filter(l => l.trim() && !sameUnit(l, unitOf(order)));
  lines.push(order);
  input.value = lines.join("\n");
  input.dispatchEvent(new Event("input"));
}

function drawOther() {
  const onBoard = new Set(Object.values(view.units || {}).flat().map(u => u.toLowerCase()));
  for (const d of dislodged()) onBoard.add(d.unit.toLowerCase());
  const other = legal.filter(o => !onBoard.has(unitOf(o).toLowerCase()));
  const box = document.getElementById("choices");
  if (!other.length || box.dataset.unitChosen) return;
  box.replaceChildren(el("p", {text: say("other")}),
    ...other.map(order => el("button", {type: "button", class: "choice", "data-order": order,
                                          onclick: () => addOrder(order), text: order})));
}

let checking = 0;
async function check() {
  const lines = input.value.split("\n");
  if (!ready) localStorage.setItem(draftKey(), input.value);
  const ticket = ++checking;
  const orders = lines.filter(l => l.trim());
  if (!orders.length) { status.replaceChildren(); return; }
  try {
    const answer = await api("POST", `/api/games/${game.id}/check?lang=${lang}`, {seat: game.role, orders, replace: true});
    if (ticket !== checking) return;
    status.replaceChildren(...answer.results.map(r => el("li", {class: r.accepted ? "ok" : "bad",
      "data-valid": r.accepted ? "yes" : "no", "data-order": r.order},
      `${r.accepted ? "✓" : "✗"} ${r.order} — ${r.accepted ? say("valid") : `${say("invalid")}: ${r.reason}`}`)));
  } catch (error) { showError(error.message); }
}

const heldOrders = () => (view.orders || []).filter(o => o.power === game.role).map(o => o.order);

function drawHeld() {
  const held = document.getElementById("held");
  if (!held) return;
  const mine = heldOrders();
  held.replaceChildren(...(mine.length ? mine.map(o => el("li", {text: o})) : [el("li", {text: say("none")})]));
}

// A finished phase's orders with their results, as the reader's view shows them, power by
// power (the judge lists the orders given before the defaults of the powers that gave none).
function results(box, last) {
  if (!last) { box.textContent = "—"; return; }
  const byPower = [...(last.results || [])].sort((a, b) => a.power.localeCompare(b.power));   // stable
  box.replaceChildren(el("p", {text: phaseName(last.phase)}), el("ul", {class: "results"},
    ...byPower.map(r => el("li", {class: `result ${r.result}`},
      `${seatName(r.power)}: ${r.order} — ${resultWord(r.result)}${r.reason ? ` (${r.reason})` : ""}${r.default ? " [NMR]" : ""}`))));
}

const drawLast = () => results(document.getElementById("last"), view.last_phase);

// While ready the order box and its buttons are locked; "Ready" again unlocks them.
function showReady(isReady) {
  ready = isReady;
  const button = document.querySelector('[data-testid="ready"]');
  button.setAttribute("aria-pressed", ready ? "true" : "false");
  input.readOnly = ready;
  const submit = document.querySelector('[data-testid="submit-orders"]');
  submit.disabled = ready || submit.getAttribute("aria-busy") === "true";   // a Submit on its way stays busy
  document.querySelectorAll("#choices button, #my-units button").forEach(b => { b.disabled = ready; });
  document.getElementById("locked").hidden = !ready;
}

// The Necromancer variant's view holds the last report each reader may see (its seat's, a
// spectator's "public", the games master's "GM"); read it as the standard view's fields
// (units, dislodged, last phase).
function flatten(v) {
  if (!v.report) return v;
  const r = v.report[game.role] || v.report.GM || Object.values(v.report)[0] || {};
  return {...v, units: r.units || {}, dislodged: r.dislodged || [], supply_centers: r.supply_centers || {},
          adjustments: r.adjustments, last_phase: (r.orders || []).length ? {phase: r.phase, results: r.orders} : null};
}

// What this seat must do in the phase now, in a few words (the banner's second half).
function todo(summary) {
  if (summary.is_over) return outcomeWords(summary.outcome, lang);
  if (!game.isSeat) return "";
  if (!summary.to_act.includes(game.role)) return say("nothing");
  if (/A$/.test(view.phase)) {
    // the variant counts them itself (Eriador is a centre of two powers, EN 5.1 iv)
    const owed = view.adjustments ? view.adjustments[game.role] || 0
      : [].concat((view.supply_centers || {})[game.role] || []).length - ((view.units || {})[game.role] || []).length;
    if (owed) return say(owed > 0 ? "build" : "disband").replace("{n}", Math.abs(owed));
  }
  const onBoard = new Set([...((view.units || {})[game.role] || []), ...dislodged().map(d => d.unit)].map(u => u.toLowerCase()));
  const units = new Set(legal.map(o => unitOf(o).toLowerCase()).filter(u => onBoard.has(u))).size;
  return units ? say(units === 1 ? "unit" : "units").replace("{n}", units) : say("choose");
}

// A seat with nothing to order this phase (the game does not list it among those to act;
// nobody, once the game is over) sees that said, or the game's result, not an order form.
function showNothing(summary) {
  const nothing = !summary.to_act.includes(game.role);
  const note = document.querySelector('[data-testid="nothing-to-order"]');
  const over = outcomeWords(summary.outcome, lang);
  note.hidden = !nothing;
  note.textContent = summary.is_over ? `${over[0].toUpperCase()}${over.slice(1)}.`
    : nothing ? `${phaseName(view.phase)}: ${say("nothing")}.` : "";
  document.getElementById("order-form").hidden = nothing;
  document.querySelector('[data-testid="submit-orders"]').hidden = nothing;
  document.querySelector('[data-testid="ready"]').hidden = nothing;
}

async function refresh(summary) {
  const ended = view && view.phase !== summary.view.phase ? view.phase : null;
  if (ended) {   // a phase finished: the history has one more
    document.getElementById("submitted")?.replaceChildren();
    count = null;
    if (at !== null) await showPhase(at);
  }
  view = flatten(summary.view);
  document.querySelector('[data-testid="phase"]').textContent = phaseName(view.phase);
  const readySeats = summary.seats.filter(s => s.ready).map(s => seatName(s.seat));
  document.querySelector('[data-testid="ready-seats"]').textContent = readySeats.length ? readySeats.join(", ") : "—";
  // a game over has no deadline: its result instead (the clock of one ended before every
  // seat was taken still "waits for the seats")
  setDeadline(document.querySelector('[data-testid="deadline"]'), summary.deadline,
              summary.is_over ? outcomeWords(summary.outcome, lang)
                : summary.clock_waits_for_seats ? say("waitsforseats") : say("nodeadline"));
  await drawBoard();
  drawLast();
  if (!game.isSeat) { if (ended) newPhase(ended, summary); return; }
  const answer = await api("GET", `/api/games/${game.id}/legal${seatQuery}`);
  const mine = answer.seats.find(s => s.seat === game.role);
  decision = mine ? mine.decision : null;
  // a unit already ordered is offered its orders again (GET …/legal's `afresh`): change or withdraw it
  legal = (mine ? mine.afresh || mine.actions : []).filter(a => a.type === "order").map(a => a.order);
  const me = summary.seats.find(s => s.seat === game.role);
  if (!input.matches(":focus")) input.value = localStorage.getItem(draftKey()) ?? heldOrders().join("\n");
  // another seat's news redraws the page: the unit chosen stays chosen, its orders still offered
  const open = chosen.length && !ended ? unitOf(chosen[0]) : null;
  document.getElementById("choices").replaceChildren();
  chosen = [];
  drawUnitButtons();
  drawOther();
  if (open) choose(open, false);
  drawHeld();
  showReady(!!(me && me.ready));
  showNothing(summary);
  check();
  if (ended) newPhase(ended, summary);
}

function newPhase(ended, summary) {
  announce({headline: `${phaseName(ended)} ${say("adjudicated")}`, todo: todo(summary), lang,
            openResults: () => { step(0, -1); historyBox.scrollIntoView({block: "start"}); }});
}

// --- the phase history: each finished phase's map, orders and results as this seat saw them
const historyBox = document.querySelector('[data-testid="history"]');
let count = null;        // how many phases are finished (GET …/history/{n}'s count), asked again after a change
let at = null;           // the phase shown (0: the start)

const phaseEntry = n => api("GET", `/api/games/${game.id}/history/${n}${seatQuery}${seatQuery ? "&" : "?"}lang=${lang}`);

let asked = 0;           // the latest step asked for: an answer to an earlier step that comes late is dropped

async function showPhase(n) {
  const mine = ++asked;
  if (count === null) count = (await phaseEntry(0)).count;
  if (mine !== asked) return;
  at = Math.max(0, Math.min(n < 0 ? count + n : n, count - 1));   // n < 0: counted from the last
  const shown = await phaseEntry(at);   // one phase at a time: a long game's whole history is never sent
  if (mine !== asked) return;
  count = shown.count;
  const entry = flatten(shown.view);
  const last = entry.last_phase;
  historyBox.querySelector("#history-label").textContent =
    `${at} / ${count - 1}: ${last ? `${say("after")} ${phaseName(last.phase)}` : say("start")}` +
    (at === count - 1 ? ` (${say("now")})` : "");
  const response = await fetch(`/games/${game.id}/board.svg?phase=${at}&lang=${lang}${seatQuery.replace("?", "&")}`,
                               {credentials: "same-origin"});
  if (!response.ok) throw new Error(`the map could not be drawn (${response.status})`);
  const drawn = await response.text();
  if (mine !== asked) return;
  const map = historyBox.querySelector("#history-map");
  map.innerHTML = drawn;
  map.querySelectorAll('[data-testid="map"]').forEach(n => n.setAttribute("data-testid", "history-map"));
  map.querySelectorAll('[data-testid="unit"]').forEach(n => n.setAttribute("data-testid", "history-unit"));
  results(historyBox.querySelector("#history-results"), last);
  historyBox.querySelector("#history-shown").hidden = false;
  historyBox.querySelector('[data-testid="history-prev"]').disabled = at === 0;
  historyBox.querySelector('[data-testid="history-next"]').disabled = at === count - 1;
}

// Nothing shown yet: the last stored phase is now, so the first "Earlier" shows the one before it.
// `to`: a phase counted from the last (-1: now, whose results are the last phase's).
function step(by, to) {
  showPhase(to ?? (at === null ? (by < 0 ? -2 : -1) : at + by)).catch(error => showError(error.message));
}
historyBox.querySelector('[data-testid="history-prev"]').addEventListener("click", () => step(-1));
historyBox.querySelector('[data-testid="history-next"]').addEventListener("click", () => step(+1));
historyBox.addEventListener("keydown", event => {
  if (event.key === "ArrowLeft") { event.preventDefault(); step(-1); }
  if (event.key === "ArrowRight") { event.preventDefault(); step(+1); }
});

translate();
const sound = soundToggle(document.querySelector(".status"), () => lang);
startCountdowns();
// reasons come worded in the reader's language (each also carries its code, as `why`)
const again = follow(() => `/api/games/${game.id}${seatQuery}${seatQuery ? "&" : "?"}lang=${lang}`, refresh);
document.querySelectorAll("[data-lang]").forEach(b => b.addEventListener("click", () => {
  lang = b.dataset.lang; chooseLang(lang); count = null; translate(); sound(); again();
  if (at !== null) step(0);
}));

if (game.isSeat) {
  let timer = null;
  // the draft is kept at once (a redraw reads it back), checked once the typing pauses
  input.addEventListener("input", () => {
    if (!ready) localStorage.setItem(draftKey(), input.value);
    clearTimeout(timer); timer = setTimeout(check, 250);
  });
  // The order box sent as the seat's whole orders; true if the judge took every one.
  async function sendOrders() {
    showError("");
    const sent = view.phase, draft = input.value;
    const orders = draftLines();
    try {
      const answer = await api("POST", `/api/games/${game.id}/actions?lang=${lang}`,
                               {seat: game.role, action: {orders, replace: true}, phase: sent});
      const given = answer.results.filter(r => r.action.type === "order");
      const refused = given.filter(r => !r.accepted);
      document.getElementById("submitted").textContent = `${given.length - refused.length} ${say("accepted")}` +
        (refused.length ? `, ${refused.length} ${say("refused")}: ${refused.map(r => r.reason).join("; ")}` : "");
      await again();
      return !refused.length;
    } catch (error) { await afterRefusal(error, sent, draft); return false; }
  }
  const submit = document.querySelector('[data-testid="submit-orders"]');
  submit.addEventListener("click", () => busy(submit, sendOrders));
  // Each request names the phase it is for: one sent as the phase ends is refused (409),
  // never applied to the next phase; the page says so plainly and shows the new phase.
  const readyButton = document.querySelector('[data-testid="ready"]');
  const sendReady = () => busy(readyButton, async () => {
    showError("");
    readyCost.hidden = true;
    const sent = view.phase, draft = input.value;
    try {
      await api("POST", `/api/games/${game.id}/ready`, {seat: game.role, ready: !ready, phase: sent});
      showReady(!ready);
      await again();
    } catch (error) { await afterRefusal(error, sent, draft); }
  });
  // Ready with orders missing ends the phase for those units as the rules default them:
  // said first, in words, and sent only on "Ready all the same" (issue 24: no hidden cost).
  const readyCost = document.getElementById("ready-cost");
  // Ready with orders typed or clicked but not submitted sends them first (a player who
  // clicks Ready means the orders in the box), and stops there if the judge refuses one.
  readyButton.addEventListener("click", async () => {
    if (!ready && unsent() && !(await busy(submit, sendOrders))) return;
    askReady();
  });
  function askReady() {
    const missing = ready ? "" : owed();
    if (!missing) { sendReady(); return; }
    readyCost.replaceChildren(el("p", {text: missing}), el("div", {class: "buttons"},
      el("button", {type: "button", "data-testid": "ready-confirm", onclick: sendReady, text: say("readyanyway")}),
      el("button", {type: "button", "data-testid": "ready-cancel", text: say("cancel"),
                    onclick: () => { readyCost.hidden = true; readyButton.focus(); }})));
    readyCost.hidden = false;
    readyCost.querySelector("button").focus();
  }
}

const draftLines = () => input.value.split("\n").map(l => l.trim()).filter(Boolean);

// The box holds orders the judge does not hold (compared line by line, case and spaces aside).
function unsent() {
  const norm = lines => lines.map(l => l.toLowerCase().replace(/\s+/g, " ")).sort().join("\n");
  return draftLines().length > 0 && norm(draftLines()) !== norm(heldOrders());
}

// What the seat has not ordered (held by the judge) this phase, in words; "" if nothing.
function owed() {
  const info = (decision || {}).info || {};
  if (Array.isArray(info.units)) return info.units.length ? say("unordered").replace("{units}", info.units.join(", ")) : "";
  const due = (info.builds ?? info.removals ?? 0) - (info.given ?? 0);
  return due > 0 ? say("unbuilt").replace("{n}", due) : "";
}

// A refusal: the page catches up with the game; if the phase the request was for has ended
// meanwhile, that is said in plain words and the player's draft goes on in the new phase's
// box (unless that phase has a draft of its own), checked line by line against it.
async function afterRefusal(error, sent, draft) {
  await again();
  if (view.phase === sent) { showError(error.message); return; }
  const kept = !input.value.trim() && draft.trim() && !input.readOnly && !document.getElementById("order-form").hidden;
  if (kept) { input.value = draft; check(); }
  showError(`${say("ended")} ${error.message}${kept ? ` — ${say("kept")}` : ""}`);
}
