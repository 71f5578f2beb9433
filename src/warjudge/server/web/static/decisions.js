// The decision page (hex games, and any game without its own page): the board drawn from
// this seat's view, the current decision as a prompt, its legal actions as choices.
// SJG: click a stack, tick the units to move (a split), the hexes they may reach are lit;
// click one to move there. Gondor & Sauron: click a piece, its destinations are lit.
// An attack, a rally or a spell first shows its odds (the game's own preview) and waits for a confirm.
// An action that forfeits something (units lost, a Jewel left, moves given up: the game's own
// `costs`, sent with the legal actions) is lit in danger colours and asks in words before it is sent.
// The legal actions come grouped (GET …/legal?group=unit: SJG's moves as each group's hexes,
// a tenth of the bytes), each group's moves spelled here as the flat listing spells them.
import {api, busy, el, follow, gameElement, setDeadline, showError, startCountdowns} from "/static/common.js";
import {describe, phaseTitle, pieceName, promptText, sideName, unitName, useNames} from "/static/hexwords.js";
import {isAttack, oddsPanel} from "/static/odds.js";
import {announce, soundToggle} from "/static/phasealert.js";
import {chooseLang, chosenLang} from "/static/lang.js";
import {reveal} from "/static/panzoom.js";

const MANY = 40;         // more choices than this: narrow them by clicking a hex first
const ROLLED = new Set(["attack", "resolve", "fire", "duel", "rally", "cast"]);   // choices that may have odds to show first
const game = gameElement();
const seatQuery = game.isSeat ? `?seat=${encodeURIComponent(game.role)}` : "";
const board = document.querySelector('[data-testid="map"]');
const prompt = document.querySelector('[data-testid="decision"]');
const undo = document.querySelector('[data-testid="undo"]');
const log = document.querySelector('[data-testid="log"]');
const results = document.querySelector('[data-testid="results"]');
const list = document.getElementById("actions");
const stackPanel = document.getElementById("stack");
const confirmBox = document.getElementById("confirm");
let actions = [];
let costOf = new Map();  // a legal action -> what it forfeits (the server's `costs`), if anything
let view = {};
let selected = null;     // the hex clicked last
let piece = null;        // a piece clicked last (games whose moves name a piece and a hex)
let chosen = new Set();  // the units of the selected stack ticked to move
let phaseNow = null;     // the phase now: its turn, phasing side and code
let sending = false;     // an action is on its way: no second one until it is answered
const hasBoard = !!game.root.dataset.hasBoard;
if (game.isSeat) board.dataset.ownSide = game.role;   // panzoom.js opens a phone's board on these counters
// The choices come worded by the server in the reader's language (GET …/legal's labels);
// the language is the one every game page keeps (lang.js), switched by the EN/FR buttons.
let lang = chosenLang();
// The page's own words, by language; "{n}" and "{x}" take a number or a name; a pair is
// the singular and the plural, chosen by {n}.
const WORDS = {en: {fire: "Fire", attack: "Attack", roll: "Roll the dice", cancel: "Cancel",
                    lasting: "This cannot be taken back",
                    ended: "The phase ended before this reached the server:", phase: "New phase",
                    turn: "your turn", wait: "waiting for the other side", over: "the game is over",
                    Phase: "Phase", Deadline: "Deadline", Seat: "Seat", decision: "Your decision", results: "Results",
                    actions: "Your actions and the turn", undo: "Undo", clear: "Show every choice",
                    which: "Move which units of this stack?", hex: "Hex {x}", lit: ["{n} hex lit where it may go", "{n} hexes lit where it may go"],
                    others: ["{n} other choice", "{n} other choices"], stacks: "Click one of your stacks to light the hexes it may reach.",
                    pieces: "Click one of your pieces to light the hexes it may go to.",
                    more: "{n} more: click a hex to narrow them.", watching: "Watching as {x}.",
                    overNow: "The game is over.", nothing: "Nothing to decide now: waiting for the other side.",
                    setup: "Set up behind the screen: pick a kind, then click a lit hex; or fill the rest in a formation.",
                    turnN: "turn {n}", phasing: "{x} phasing", phaseOf: "phase {n}: {x}",
                    seats: "when every seat is taken", none: "none", movedOn: "the game moved on", toAct: "to act",
                    nobody: "nobody", gm: "games master", you: "you", refused: "refused"},
               fr: {fire: "Tirer", attack: "Attaquer", roll: "Lancer les dés", cancel: "Annuler",
                    lasting: "Ceci ne peut être repris",
                    ended: "La phase s'est terminée avant que ceci n'arrive au serveur :", phase: "Nouvelle phase",
                    turn: "à vous", wait: "en attente de l'autre camp", over: "la partie est terminée",
                    Phase: "Phase", Deadline: "Échéance", Seat: "Camp", decision: "Votre décision", results: "Résultats",
                    actions: "Vos actions et le tour", undo: "Défaire", clear: "Montrer tous les choix",
                    which: "Déplacer quelles unités de cette pile ?", hex: "Hexagone {x}",
                    lit: ["{n} hexagone éclairé où il peut aller", "{n} hexagones éclairés où il peut aller"],
                    others: ["{n} autre choix", "{n} autres choix"],
                    stacks: "Cliquez l'une de vos piles pour éclairer les hexagones qu'elle peut atteindre.",
                    pieces: "Cliquez l'un de vos pions pour éclairer les hexagones où il peut aller.",
                    more: "{n} de plus : cliquez un hexagone pour les réduire.", watching: "Vous regardez en tant que {x}.",
                    overNow: "La partie est terminée.", nothing: "Rien à décider pour l'instant : en attente de l'autre camp.",
                    setup: "Déployez derrière l'écran : choisissez un genre, puis cliquez un hexagone éclairé ; " +
                           "ou complétez le reste selon une formation.",
                    turnN: "tour {n}", phasing: "{x} en phase", phaseOf: "phase {n} : {x}",
                    seats: "quand chaque camp aura un joueur", none: "aucune", movedOn: "la partie a avancé",
                    toAct: "à jouer", nobody: "personne", gm: "maître du jeu", you: "vous", refused: "refusé"}};
function say(word, n = "", x = "") {
  const words = (WORDS[lang] || WORDS.en)[word];
  const text = Array.isArray(words) ? words[n === 1 ? 0 : 1] : words;
  return text.replace("{n}", n).replace("{x}", x);
}
function translate() {
  document.querySelectorAll("[data-i18n]").forEach(node => { node.textContent = say(node.dataset.i18n); });
}
let worded = new WeakMap();   // action -> its label from the server
const label = a => worded.get(a) || (spelled.has(a) ? moveWords(a) : describe(a));
let spelled = new WeakSet();   // the moves spelled from their groups (the server words none of them)

// A grouped move in words, as the server words a move: its units by kind, where from and to.
const MOVE_WORDS = {en: {move: (who, from, to) => `Move ${who} from ${from} to ${to}`,
                         over: ", then over the cliff edge: lost (SJG 6.7)", plural: k => (k === "mercenary" ? "mercenaries" : `${k}s`)},
                    fr: {move: (who, from, to) => `Déplacer ${who} de ${from} à ${to}`,
                         over: ", puis par-dessus la falaise : perdus (SJG 6.7)", plural: k => `${k}s`}};
function moveWords(a) {
  const words = MOVE_WORDS[lang] || MOVE_WORDS.en;
  const counted = new Map();
  for (const id of a.units) {
    const unit = (view.units || []).find(u => u.id === id);
    const name = unit ? unitName(unit) : String(id);
    counted.set(name, (counted.get(name) || 0) + 1);
  }
  const who = [...counted].map(([name, n]) => (n > 1 ? `${n} ${words.plural(name)}` : name)).join(", ");
  return words.move(who, a.path[0], a.path[a.path.length - 1]) + (a.suicide ? words.over : "");
}

// Each grouped move as its action (`paths[from][to]`, a suicide's `drops[from][to]`), with
// its group's cost: the moves the flat listing lists, in its order within a group.
function spell(mine) {
  const out = [];
  for (const group of mine.moves || []) {
    const paths = (group.action.suicide ? mine.drops : mine.paths)[group.from];
    for (const to of group.to) {
      const action = {...group.action, path: paths[to]};
      if (group.cost) costOf.set(action, group.cost);
      spelled.add(action);
      out.push(action);
    }
  }
  return out;
}

function note(text) {
  log.prepend(el("li", {text: `${new Date().toLocaleTimeString(lang)} ${text}`}));
}

function mentions(value, hex) {
  if (value === hex) return true;
  if (Array.isArray(value)) return value.some(v => mentions(v, hex));
  if (value && typeof value === "object") return Object.values(value).some(v => mentions(v, hex));
  return false;
}

const moves = () => actions.filter(a => Array.isArray(a.path) && a.path.length > 1);
const placed = a => typeof a.to === "string" && (a.piece !== undefined || a.unit !== undefined);   // G&S move, enter, split
const sameUnits = (a, units) => (a.units || []).length === units.size && a.units.every(u => units.has(u));

// The hexes the ticked units of the stack at `from` may reach together: for each, the plain
// move (no suicide, no Jewel) with the shortest path.
function reachable(from) {
  const best = new Map();
  for (const a of moves().filter(m => m.path[0] === from && sameUnits(m, chosen))) {
    const to = a.path[a.path.length - 1];
    const held = best.get(to);
    const plain = x => !costOf.has(x) && !(x.jewels || []).length;
    if (!held || (plain(a) && !plain(held)) || (plain(a) === plain(held) && a.path.length < held.path.length))
      best.set(to, a);
  }
  return best;
}

// Where the clicked piece may go (G&S): a move first, else an entry; splits stay in the list.
function destinations(id) {
  const best = new Map();
  for (const a of actions.filter(x => placed(x) && (x.piece === id || x.unit === id) && x.type !== "split")) {
    if (!best.has(a.to) || a.type === "move") best.set(a.to, a);
  }
  return best;
}

// A retreat (or G&S evasion) to a hex: the hex is lit when only one plain retreat ends there
// (SJG: losing nothing, displacing nobody, carrying nothing; G&S: the path's last hex).
function retreatEnd(a) {
  if ((a.type === "retreat" || a.type === "evade") && Array.isArray(a.path) && a.path.length) return a.path[a.path.length - 1];
  const plain = !a.lose && !a.displace && !a.carry && !a.over_cliff;
  return a.type === "retreat" && typeof a.to === "string" && plain ? a.to : null;
}

function pathEnds() {
  const ends = new Map();
  for (const a of actions) {
    const end = retreatEnd(a);
    if (end) ends.set(end, ends.has(end) ? null : a);
  }
  return new Map([...ends].filter(([, a]) => a));
}

// One action at a time; a refusal that came because the phase had moved on says so plainly.
async function act(action) {
  if (sending) return;
  sending = true;
  showError("");
  confirmBox.replaceChildren();
  const sent = phaseNow;
  try {
    await api("POST", `/api/games/${game.id}/actions`, {seat: game.role, action});
    note(`${say("you")}: ${label(action)}`);
    selected = piece = null;
    await again();
  } catch (error) {
    await again();
    showError(phaseNow !== sent ? `${say("ended")} ${error.message}` : error.message);
    note(`${say("refused")}: ${label(action)}: ${error.message}`);
  } finally { sending = false; }
}

// What the action forfeits, in the game's own words, each with its rule.
function costPanel(cost) {
  return el("div", {"data-testid": "cost", class: "cost", role: "alert"},
            el("h3", {text: say("lasting")}),
            el("ul", {}, ...cost.map(c => el("li", {"data-what": c.what, text: c.why}))));
}

// A roll (attack, rally, spell): the odds first, from the game's own preview; an action with a
// cost: what it forfeits. Either is made only on confirm.
async function choose(action) {
  const cost = costOf.get(action);
  let odds = null;
  if (ROLLED.has(action.type)) {
    try { odds = (await api("POST", `/api/games/${game.id}/preview`, {seat: game.role, action})).preview; }
    catch (error) { showError(error.message); return; }
  }
  if (!odds && !cost) return act(action);
  // an action that forfeits something is confirmed by its own name ("End this phase")
  const button = cost ? label(action) : say(action.type === "fire" ? "fire" : isAttack(odds) ? "attack" : "roll");
  confirmBox.replaceChildren(...(odds ? [oddsPanel(odds)] : []), ...(cost ? [costPanel(cost)] : []),
    ...(cost ? [] : [el("p", {text: label(action)})]),
    el("div", {class: "buttons"},
       el("button", {type: "button", "data-testid": "confirm", onclick: event => busy(event.currentTarget, () => act(action)),
                     text: button}),
       el("button", {type: "button", "data-testid": "cancel", onclick: () => confirmBox.replaceChildren(),
                     text: say("cancel")})));
  confirmBox.querySelector('[data-testid="confirm"]').focus();
}

// Lights the hexes `targets` (hex -> the action a click there makes); one whose action
// forfeits something is lit in danger colours, its title saying what it costs.
function light(targets) {
  board.querySelectorAll(".lit").forEach(n => { n.classList.remove("lit", "costly"); n.removeAttribute("tabindex"); });
  board.querySelectorAll("title.cost").forEach(n => n.remove());
  for (const [hex, action] of targets) {
    const cost = costOf.get(action);
    board.querySelectorAll(`polygon.hex[data-hex="${hex}"]`).forEach(n => {
      n.classList.add("lit"); n.setAttribute("tabindex", "0");
      if (!cost) return;
      n.classList.add("costly");
      const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
      title.classList.add("cost");
      title.textContent = cost.map(c => c.why).join("; ");
      n.prepend(title);
    });
  }
}

// The units of the selected stack that may move, each with a box to tick (a split, SJG 4.4).
function drawStack() {
  const movable = new Set(moves().filter(m => m.path[0] === selected).flatMap(m => m.units || []));
  const here = (view.units || []).filter(u => movable.has(u.id));
  stackPanel.replaceChildren(...(here.length > 1 ? [el("p", {class: "hint", text: say("which")}),
    ...here.map(u => el("label", {class: "stack-unit"}, el("input", {type: "checkbox", "data-testid": "stack-unit",
      "data-id": u.id, checked: chosen.has(u.id), onchange: event => {
        if (event.target.checked) chosen.add(u.id); else chosen.delete(u.id);
        drawChoices();
      }}), ` ${unitName(u)}`))] : []));
}

function targetsNow() {
  if (piece) return destinations(piece);
  if (selected && moves().length) return reachable(selected);
  return pathEnds();
}

function drawChoices() {
  const mine = actions.filter(a => a.type !== "undo" && !(Array.isArray(a.path) && a.path.length > 1)
                                && !(placed(a) && a.type !== "split"));
  const focus = piece || selected;
  const plain = a => Object.keys(a).every(k => k === "type" || k === "side");   // end, next, stay, stand: always shown first
  const said = new Set();   // one button per wording: units of one kind in one hex are interchangeable
  const shown = [...mine.filter(plain), ...mine.filter(a => !plain(a) && (!focus || mentions(a, focus)))]
    .filter(a => !said.has(label(a)) && said.add(label(a)));
  document.getElementById("clear").hidden = !focus;
  const targets = targetsNow();
  light(targets);
  board.querySelectorAll(".chosen").forEach(n => n.classList.remove("chosen"));
  const picked = piece ? `[data-testid="unit"][data-unit="${piece}"]` : `[data-testid="unit"][data-hex="${selected}"][data-units]`;
  if (focus) board.querySelectorAll(picked).forEach(n => n.classList.add("chosen"));
  drawStack();
  const where = piece ? pieceName(piece) : say("hex", "", selected);
  const anyPlaced = actions.some(a => placed(a) && a.type !== "split");
  document.getElementById("selection").textContent = focus
    ? `${where}: ${[targets.size ? say("lit", targets.size) : "", shown.length ? say("others", shown.length) : ""]
                   .filter(Boolean).join(lang === "fr" ? " ; " : "; ")}.`
    : (moves().length ? say("stacks") : anyPlaced ? say("pieces") : "");
  list.replaceChildren(...shown.slice(0, MANY).map(a => el("button", {type: "button",
    class: costOf.has(a) ? "choice costly" : "choice", "data-testid": "choice", "data-type": a.type,
    title: costOf.has(a) ? costOf.get(a).map(c => c.why).join("; ") : null,
    onclick: event => busy(event.currentTarget, () => choose(a)), text: `${costOf.has(a) ? "⚠ " : ""}${label(a)}`})));
  if (shown.length > MANY) list.append(el("p", {class: "hint", text: say("more", shown.length - MANY)}));
}

async function drawBoard() {
  if (!hasBoard) { board.textContent = "(no board picture for this game yet: play from the choices)"; return; }
  const response = await fetch(`/games/${game.id}/board.svg${seatQuery}${seatQuery ? "&" : "?"}lang=${lang}`,
                               {credentials: "same-origin"});
  if (!response.ok) throw new Error(`the board could not be drawn (${response.status})`);
  board.innerHTML = (await response.text()).replace(/^<\?xml[^>]*>\s*/, "");
}

function select(hex) {
  selected = hex;
  piece = null;
  chosen = new Set(moves().filter(m => m.path[0] === hex).flatMap(m => m.units || []));
  // every unit that may move: if they may not all go together, the biggest group that may
  if (chosen.size && !moves().some(m => m.path[0] === hex && sameUnits(m, chosen))) {
    const biggest = moves().filter(m => m.path[0] === hex).sort((a, b) => b.units.length - a.units.length)[0];
    chosen = new Set(biggest.units);
  }
}

board.addEventListener("click", event => {
  const node = event.target.closest("[data-hex]");
  if (!node || !game.isSeat) return;
  const hex = node.dataset.hex;
  const target = targetsNow().get(hex);
  if (target) { choose(target); return; }   // anything in a lit hex: go there
  const counter = node.closest('[data-testid="unit"]');
  if (counter && !counter.dataset.units) {  // a piece of a game whose actions name it (G&S)
    piece = counter.dataset.unit;
    selected = hex;
  } else select(hex);
  drawChoices();
  // a piece or stack chosen: the hexes it may reach brought into view (not on a bare hex's click)
  if (board.querySelector(".chosen")) reveal(board, [...board.querySelectorAll(".lit, .chosen")]);
});
document.getElementById("clear").addEventListener("click", () => { selected = piece = null; drawChoices(); });

// The game's own log (results with their dice), worded by the server from this seat's view.
async function drawResults() {
  const answer = await api("GET", `/games/${game.id}/log${seatQuery}${seatQuery ? "&" : "?"}lang=${lang}`);
  results.replaceChildren(...answer.lines.slice().reverse().map(text => el("li", {text})));
}

// The status line: the turn, the phasing side, the phase and its title; the text it shows.
// A battle played to its last Game-Turn has moved on to a turn that is never played
// (Gondor & Sauron's view says turn 3 of 2): the line names the last turn, no phase.
function drawStatus(summary) {
  const past = summary.is_over && view.last_turn !== undefined && view.turn > view.last_turn;
  const phase = past ? say("turnN", view.last_turn)
    : [view.turn !== undefined ? say("turnN", view.turn) : "", view.phasing ? say("phasing", "", sideName(view.phasing)) : "",
       view.phase_title ? say("phaseOf", view.phase, phaseTitle(view.phase, view.phase_title))
         : phaseTitle(view.phase, view.phase || "")]
      .filter(Boolean).join(" · ");
  document.querySelector('[data-testid="seat"]').textContent = sideName(game.role);
  document.querySelector('[data-testid="phase"]').textContent = (phase || `version ${summary.version}`) +
    (summary.is_over ? ` · ${say("over")}` : "");
  setDeadline(document.querySelector('[data-testid="deadline"]'), summary.deadline,
              summary.clock_waits_for_seats ? say("seats") : say("none"));
  return phase;
}

async function refresh(summary) {
  view = summary.view || {};
  translate();
  let phase = drawStatus(summary);
  const noted = () => note(`${phase || say("movedOn")} (${say("toAct")}: ${summary.to_act.map(sideName).join(", ")
                                                                           || say("nobody")})`);
  const key = [view.turn, view.phasing, view.phase].join("|");   // in no language: a switch of language is no new phase
  const moved = phaseNow !== null && key !== phaseNow && !sending;   // not by this page's own action
  phaseNow = key;
  confirmBox.replaceChildren();
  await Promise.all([drawBoard(), drawResults()]);
  if (!game.isSeat) { noted(); prompt.textContent = say("watching", "", game.role); prompt.dataset.kind = ""; return; }
  const answer = await api("GET", `/api/games/${game.id}/legal${seatQuery}${seatQuery ? "&" : "?"}group=unit&labels=true&lang=${lang}`);
  const mine = answer.seats.find(s => s.seat === game.role) || {actions: [], decision: null};
  costOf = new Map(Object.entries(mine.costs || {}).map(([i, cost]) => [mine.actions[Number(i)], cost]));
  worded = new WeakMap(mine.actions.map((a, i) => [a, (mine.labels || [])[i]]).filter(([, text]) => text));
  spelled = new WeakSet();
  actions = [...spell(mine), ...mine.actions];   // a group's plain moves before its Jewels' and crossings, as listed
  useNames(mine.pieces, mine.phases, mine.sides);
  phase = drawStatus(summary);   // the phase's title in the page's language
  noted();
  const d = mine.decision;
  prompt.dataset.kind = d ? d.kind : "";
  prompt.textContent = d ? promptText(d)
                         : (summary.is_over ? say("overNow") : say("nothing"));
  if (moved) newPhase(phase, d, summary);
  undo.hidden = !actions.some(a => a.type === "undo");
  if (await setupScreen(d)) return;
  if (selected && !piece) select(selected);
  drawChoices();
}

// SJG's set-up has its own screen (setup.js), loaded only while the seat sets up.
let setup = null;
async function setupScreen(d) {
  if (d && d.kind === "deploy" && d.info && d.info.to_place) {
    setup = setup || await import("/static/setup.js");
    undo.hidden = true;
    prompt.textContent = say("setup");
    document.getElementById("selection").textContent = "";
    await setup.showSetup(game, board, list, act);
    return true;
  }
  if (setup) setup.hideSetup();
  return false;
}

// The banner of a phase this page did not end itself: what this seat must do now.
function newPhase(phase, decision, summary) {
  const todo = summary.is_over ? say("over")
    : decision ? `${say("turn")}: ${phaseTitle(view.phase, view.phase_title || view.phase || decision.kind)}` : say("wait");
  announce({headline: `${say("phase")}: ${phase}`, todo, lang, openResults: () => {
    results.setAttribute("tabindex", "-1");
    results.scrollIntoView({block: "center"});
    results.focus();
  }});
}

undo.addEventListener("click", () => busy(undo, async () => { const a = actions.find(x => x.type === "undo"); if (a) await act(a); }));
document.querySelectorAll("[data-lang]").forEach(b => b.addEventListener("click", () => {
  lang = b.dataset.lang; chooseLang(lang); sound(); again();
}));
const sound = soundToggle(document.querySelector(".status"), () => lang);
startCountdowns();
const again = follow(`/api/games/${game.id}${seatQuery}`, refresh);
