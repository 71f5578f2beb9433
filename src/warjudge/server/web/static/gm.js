// The games master's page: who holds each seat, a bot for any seat, adjudicate now, and
// the public view (a games master sees no seat's secrets while the game runs: GET /api/games/{id}),
// drawn as the players' pages draw it (the board) and as a table of its fields, never as JSON.
import {api, busy, el, follow, gameElement, setDeadline, showError, startCountdowns} from "/static/common.js";
import {outcomeWords, phaseName} from "/static/phasewords.js";
import {chooseLang, chosenLang, seatName} from "/static/lang.js";

const game = gameElement();
const hasBoard = !!game.root.dataset.hasBoard;
const NAMES = JSON.parse(game.root.dataset.names || "{}");   // a hex game's phases and sides, by language
// The page's own words, by language; "{n}" and "{x}" take a number or a name.
const WORDS = {
  en: {gm: "Games master", phase: "Phase", hexphase: "Phase", deadline: "Deadline", gamepage: "the game page", seats: "Seats",
       botplays: "A bot seated from this page plays as", seat: "Seat", heldby: "Held by", ready: "Ready",
       invitation: "Invitation", actions: "Actions", giveto: "Give the seat to", process: "Adjudicate now",
       clocktitle: "Clock", startclock: "Start the clock now", pause: "Pause", resume: "Resume", seconds: "Seconds",
       extend: "Extend the deadline", rollbacktitle: "Roll back", startfrom: "Start again from", rollback: "Roll back",
       enterorders: "Enter a power's orders", power: "Power", orders: "Orders", enter: "Enter these orders",
       ordershelp: "Orders a player sent you (by mail, say), one a line: they replace that power's orders of this phase; a line that is no legal order is left out, and its unit takes the default.",
       drawtitle: "End the game in a draw", draw: "Declare the draw", drawamong: "Declare a draw among", map: "map",
       easy: "easy", standard: "standard", strong: "strong", stopped: "stopped: the game is over",
       paused: "paused: {n} s left", running: "running", startswhen: "starts when every seat is taken",
       nodeadline: "no deadline", whenseats: "when every seat is taken", none: "none", unnamed: "(its name is not known yet)",
       thinking: "Thinking", quick: "quick", normal: "normal", long: "long",
       turn: "turn {n}", bot: "bot ({x})", free: "free", yes: "yes", no: "no", replacebot: "replace with a bot", changebot: "change its bot",
       seatbot: "seat a bot", holder: "account to hold {x} (blank: free the seat)", give: "give",
       publicview: "The public view (no seat's secrets: they stay on the server until the game is over)",
       seatview: "{x}'s view (you hold a seat)", nomap: "the map could not be drawn ({n})",
       adjudicated: "Adjudicated.", invalid: "invalid", tickdraw: "tick the seats that share the draw",
       writeorders: "write {x}'s orders first, one a line", entered: "{x}: {n} lines entered",
       voidlines: "; {n} void, left out (their units take the default):"},
  fr: {gm: "Arbitre", phase: "Saison", hexphase: "Phase", deadline: "Échéance", gamepage: "la page de la partie", seats: "Places",
       botplays: "Un robot placé depuis cette page joue comme", seat: "Place", heldby: "Tenue par", ready: "Prêt",
       invitation: "Invitation", actions: "Actions", giveto: "Donner la place à", process: "Arbitrer maintenant",
       clocktitle: "Horloge", startclock: "Démarrer l'horloge maintenant", pause: "Suspendre", resume: "Reprendre",
       seconds: "Secondes", extend: "Repousser l'échéance", rollbacktitle: "Revenir en arrière",
       startfrom: "Reprendre depuis", rollback: "Revenir en arrière",
       enterorders: "Saisir les ordres d'une puissance", power: "Puissance", orders: "Ordres", enter: "Saisir ces ordres",
       ordershelp: "Les ordres qu'un joueur vous a envoyés (par courrier, par exemple), un par ligne : ils remplacent les ordres de cette puissance pour cette saison ; une ligne qui n'est pas un ordre légal est écartée, et son unité prend l'ordre par défaut.",
       drawtitle: "Finir la partie par une nulle", draw: "Déclarer la nulle", drawamong: "Déclarer une nulle entre",
       map: "carte", easy: "facile", standard: "normal", strong: "fort", stopped: "arrêtée : la partie est terminée",
       paused: "suspendue : {n} s restantes", running: "en marche", startswhen: "démarre quand chaque place aura un joueur",
       nodeadline: "pas d'échéance", whenseats: "quand chaque place aura un joueur", none: "aucune",
       thinking: "Réflexion", quick: "rapide", normal: "normale", long: "longue",
       unnamed: "(son nom n'est pas encore connu)", turn: "tour {n}", bot: "robot ({x})", free: "libre", yes: "oui",
       no: "non", replacebot: "remplacer par un robot", changebot: "changer de robot", seatbot: "placer un robot",
       holder: "compte qui tiendra {x} (vide : libérer la place)", give: "donner",
       publicview: "La vue publique (aucun secret d'une place : ils restent sur le serveur jusqu'à la fin de la partie)",
       seatview: "La vue de {x} (vous tenez cette place)", nomap: "la carte n'a pas pu être dessinée ({n})",
       adjudicated: "Arbitré.", invalid: "invalide", tickdraw: "cochez les places qui partagent la nulle",
       writeorders: "écrivez d'abord les ordres de {x}, un par ligne", entered: "{x} : {n} lignes saisies",
       voidlines: " ; {n} nulles, écartées (leurs unités prennent l'ordre par défaut) :"},
};
let lang = chosenLang();   // ?lang=fr in the address, the EN/FR buttons (lang.js)
const say = (word, n = "", x = "") => (WORDS[lang] || WORDS.en)[word].replace("{n}", n).replace("{x}", x);
function translate() {
  document.querySelectorAll("[data-i18n]").forEach(node => { node.textContent = say(node.dataset.i18n); });
  document.title = `${say("gm")} · ${document.querySelector("h1 [data-titles]").textContent}`;   // lang.js words the title
  document.querySelectorAll("[data-i18n-label]").forEach(node => node.setAttribute("aria-label", say(node.dataset.i18nLabel)));
  document.querySelectorAll("#bot-name option").forEach(option => {
    option.textContent = `${option.value} (${say(option.dataset.level) || option.dataset.level})`;
  });
}

// a search bot's think budget: offered while the bot picked takes one (its option's data-budgets)
const botName = document.getElementById("bot-name");
const takesBudget = () => Boolean(botName.selectedOptions[0]?.dataset.budgets);
const budgetShown = () => { document.getElementById("bot-budget-choice").hidden = !takesBudget(); };
botName.addEventListener("change", budgetShown);
budgetShown();

async function bot(seat) {
  showError("");
  const budget = takesBudget() ? {budget: document.getElementById("bot-budget").value} : {};
  try { await api("POST", `/api/games/${game.id}/bots`, {seat, bot: botName.value, ...budget}); await again(); }
  catch (error) { showError(error.message); }
}

// "bot (search, quick)": a seat's bot and, for a search bot, its think budget
const botWords = s => say("bot", "", s.bot_budget ? `${s.bot}, ${say(s.bot_budget)}` : s.bot);

// The games master's tools (pause, resume, extend, roll back, replace, the game's own GM
// actions): each a POST to its route; the page then shows what the server answers.
async function gmPost(path, body) {
  showError("");
  try {
    const answer = await api("POST", `/api/games/${game.id}/${path}`, body);
    if ("paused" in answer) showClock(answer);
    await again();
  } catch (error) { showError(error.message); }
}

let over = null;         // the game's result in words once it is over (a clock answer does not say)

const shown = (selector, yes) => document.querySelectorAll(selector).forEach(node => { node.hidden = !yes; });

// Only the clock's controls that can do something now are shown: none once the game is over.
function showClock(state) {
  const waits = state.clock_waits_for_seats && !over;
  shown('[data-testid="start-clock"]', waits);
  shown('[data-testid="pause"]', !over && state.deadline && !state.paused);
  shown('[data-testid="resume"]', !over && state.paused);
  shown('#extend-by, [data-testid="extend"]', !over && (state.deadline || state.paused));
  document.getElementById("clock").textContent = over ? say("stopped") : state.paused
    ? say("paused", Math.round(state.paused_remaining))
    : say(state.deadline ? "running" : waits ? "startswhen" : "nodeadline");
  setDeadline(document.querySelector('[data-testid="deadline"]'), state.deadline,
              over || say(waits ? "whenseats" : "none"));
}

async function listPhases() {
  const answer = await api("GET", `/api/games/${game.id}/phases`);
  document.getElementById("rollback-phase").replaceChildren(...answer.phases.map(p =>
    el("option", {value: String(p.phase), text: rollbackName(p)})));
}

// A roll-back point by its phase, and in a hex game by the seats acting then: a turn hands
// one phase (Gondor's "Initial Magic Leader Movement Phase") from one side to the other.
function rollbackName(p) {
  if (!p.name) return say("unnamed");
  if (p.turn == null) return phaseName(p.name, lang);
  const titled = ((NAMES[lang] || {}).phases || {})[p.code];
  const named = titled ? `${say("turn", p.turn)} · ${titled}` : p.name;
  return p.acting.length ? `${named} · ${p.acting.map(seatName).join(", ")}` : named;
}

function giveSeat(seat) {
  const input = document.querySelector(`tr[data-seat="${seat}"] input`);
  const name = input.value.trim();
  input.value = "";   // given: not kept for the next redraw
  return gmPost("replace", {seat, user: name || null});
}

// The phase as the players' pages name it (a hex game's view has its turn apart, and
// Gondor & Sauron's its title: "Initial Magic Leader Movement Phase", not "A"). A battle
// played to its last Game-Turn has moved on to one never played: that turn is named, alone.
function phaseOf(view) {
  if (!view) return "";
  if (view.last_turn != null && view.turn > view.last_turn) return say("turn", view.last_turn);
  const titled = ((NAMES[lang] || {}).phases || {})[view.phase] || view.phase_title || view.phase;
  return view.turn != null ? `${say("turn", view.turn)} · ${titled}` : phaseName(view.phase, lang);
}

async function refresh(summary) {
  translate();
  over = summary.is_over ? outcomeWords(summary.outcome, lang) : null;
  showClock(summary);
  // a game over takes no adjudication, bot or new holder: those controls go, with what they last said
  shown("#process-tools, #bot-choice, .seat-tool", !over);
  if (over) said("");
  await listPhases();
  document.querySelector('[data-testid="phase"]').textContent = phaseOf(summary.view);
  // a redraw keeps what the games master is typing in a seat's row (read after every await)
  const typed = new Map([...document.querySelectorAll("#seats tr[data-seat]")].map(row =>
    [row.dataset.seat, row.querySelector("input")?.value || ""]));
  const focused = document.activeElement?.closest("tr[data-seat]")?.dataset.seat;
  document.getElementById("seats").replaceChildren(...summary.seats.map(s => el("tr", {"data-seat": s.seat},
    el("td", {text: seatName(s.seat)}), el("td", {text: s.user || (s.bot ? botWords(s) : say("free"))}),
    el("td", {text: s.ready ? say("yes") : ""}), el("td", {text: s.invitation || ""}),
    // a bot's seat takes another bot, or the same with another think budget, in one step
    over ? "" : el("td", {class: "seat-tool"}, el("button", {type: "button", "data-testid": s.bot ? "change-bot" : "seat-bot",
                                          onclick: event => busy(event.currentTarget, () => bot(s.seat)),
                                          text: say(s.bot ? "changebot" : s.user ? "replacebot" : "seatbot")})),
    over ? "" : el("td", {class: "seat-tool"}, el("input", {"aria-label": say("holder", "", s.seat), size: "10"}),
       el("button", {type: "button", "data-testid": "give-seat", onclick: event => busy(event.currentTarget, () => giveSeat(s.seat)), text: say("give")})))));
  for (const [seat, value] of typed) {
    const input = document.querySelector(`#seats tr[data-seat="${seat}"] input`);
    if (input && value) input.value = value;
    if (input && seat === focused) input.focus();
  }
  document.getElementById("view-title").textContent = summary.view_of === "gm"
    ? say("publicview") : say("seatview", "", summary.view_of);
  document.getElementById("full").replaceChildren(fields(summary.view));
  drawDraw(summary);
  listPowers(summary);
  if (hasBoard) await drawBoard();
}

// The board as the caller's view draws it, as on the game page (GET /games/{id}/board.svg).
async function drawBoard() {
  const response = await fetch(`/games/${game.id}/board.svg?lang=${lang}`, {credentials: "same-origin"});
  if (!response.ok) throw new Error(say("nomap", response.status));
  document.getElementById("gm-board").innerHTML = await response.text();
}

// A view's fields as a table a person reads: a name per row ("supply centers"), a list as
// words, an object as a table of its own, a list of objects as a table with a column per field.
const named = key => key.replace(/_/g, " ");
function fields(value, key = "") {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return say(value ? "yes" : "no");
  if (typeof value !== "object") return key === "phase" ? phaseName(String(value), lang) : String(value);
  if (Array.isArray(value)) {
    if (!value.length) return "—";
    if (value.every(v => v === null || typeof v !== "object")) return value.map(v => fields(v, key)).join(", ");
    if (value.every(v => v && typeof v === "object" && !Array.isArray(v))) {
      const columns = [...new Set(value.flatMap(Object.keys))];
      return el("table", {class: "fields"}, el("thead", {}, el("tr", {}, ...columns.map(c => el("th", {text: named(c)})))),
        el("tbody", {}, ...value.map(row => el("tr", {}, ...columns.map(c => el("td", {}, fields(row[c], c)))))));
    }
    return el("ul", {}, ...value.map(v => el("li", {}, fields(v, key))));
  }
  const keys = Object.keys(value);
  if (!keys.length) return "—";
  return el("table", {class: "fields"}, el("tbody", {}, ...keys.map(k =>
    el("tr", {}, el("th", {scope: "row", text: named(k)}), el("td", {}, fields(value[k], k))))));
}

// A draw among the seats ticked (the Diplomacy games' own games-master action).
function drawDraw(summary) {
  const box = document.getElementById("draw-seats");
  if (!box) return;
  document.getElementById("draw").hidden = summary.is_over;   // a game over has ended already
  const ticked = new Set([...box.querySelectorAll("input:checked")].map(i => i.value));
  const first = !box.querySelector("input");
  box.replaceChildren(el("legend", {text: say("drawamong")}), ...summary.seats.map(s =>
    el("label", {}, el("input", {type: "checkbox", value: s.seat, "data-testid": "draw-seat",
                                 checked: first || ticked.has(s.seat)}), ` ${seatName(s.seat)}`)));
}

// The powers a games master may enter orders for (the Diplomacy games' `orders` action).
function listPowers(summary) {
  const select = document.getElementById("orders-power");
  if (!select) return;
  document.getElementById("orders").hidden = summary.is_over;
  if (select.options.length) return;   // kept across redraws: what the games master picked stays
  select.replaceChildren(...summary.seats.map(s => el("option", {value: s.seat, text: seatName(s.seat)})));
}

// What the last adjudication or entry of orders did, by its button (the other's words cleared):
// an entry's void lines each with the reason the power's own order box gives.
function said(text, entered = "", refused = []) {
  document.getElementById("done").textContent = text;
  const orders = document.getElementById("orders-done");
  if (!orders) return;
  orders.textContent = entered;
  document.getElementById("orders-refused").replaceChildren(...refused.map(r => el("li", {class: "bad",
    "data-order": r.order, text: `✗ ${r.order} — ${say("invalid")}: ${r.reason}`})));
}

// Every button here posts: busy while it does (a double click posts once).
const onClick = (testid, work) => {
  const button = document.querySelector(`[data-testid="${testid}"]`);
  button.addEventListener("click", () => busy(button, work));
};
onClick("process", async () => {
  showError("");
  try { await api("POST", `/api/games/${game.id}/process`); said(say("adjudicated")); await again(); }
  catch (error) { showError(error.message); }
});
onClick("start-clock", () => gmPost("start"));
onClick("pause", () => gmPost("pause"));
onClick("resume", () => gmPost("resume"));
onClick("extend", () => gmPost("extend", {seconds: Number(document.getElementById("extend-seconds").value)}));
onClick("rollback", () => gmPost("rollback", {phase: Number(document.getElementById("rollback-phase").value)}));
if (document.getElementById("draw-seats")) onClick("draw", () => {
  const powers = [...document.querySelectorAll('#draw-seats input:checked')].map(i => i.value);
  if (!powers.length) { showError(say("tickdraw")); return undefined; }
  return gmPost("gm", {action: {type: "draw", powers}});
});
if (document.getElementById("orders-power")) onClick("enter-orders", async () => {
  const power = document.getElementById("orders-power").value;
  const box = document.getElementById("orders-text");
  const orders = box.value.split("\n").map(line => line.trim()).filter(Boolean);
  if (!orders.length) { showError(say("writeorders", "", power)); return; }
  showError("");
  try {
    const answer = await api("POST", `/api/games/${game.id}/gm?lang=${lang}`, {action: {type: "orders", power, orders}});
    box.value = "";
    const refused = answer.refused;   // each void line with the reason the power's order box gives
    said("", say("entered", `${orders.length - refused.length}/${orders.length}`, power)
         + (refused.length ? say("voidlines", refused.length) : "."), refused);
    await again();
  } catch (error) { showError(error.message); }
});
document.querySelectorAll("[data-lang]").forEach(b => b.addEventListener("click", () => {
  lang = b.dataset.lang; chooseLang(lang); again();
}));
translate();
startCountdowns();
const again = follow(() => `/api/games/${game.id}?lang=${lang}`, refresh)   // the creator holding no seat: the public view;
