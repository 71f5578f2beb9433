// The games master's page: who holds each seat, a bot for any seat, adjudicate now, and
// the public view (a games master sees no seat's secrets while the game runs: GET /api/games/{id}),
// drawn as the players' pages draw it (the board) and as a table of its fields, never as JSON.
import {api, busy, el, follow, gameElement, setDeadline, showError, startCountdowns} from "/static/common.js";
import {outcomeWords, phaseName} from "/static/phasewords.js";

const game = gameElement();
const hasBoard = !!game.root.dataset.hasBoard;

async function bot(seat) {
  showError("");
  try { await api("POST", `/api/games/${game.id}/bots`, {seat, bot: document.getElementById("bot-name").value}); await again(); }
  catch (error) { showError(error.message); }
}

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
  document.getElementById("clock").textContent = over ? "stopped: the game is over" : state.paused
    ? `paused: ${Math.round(state.paused_remaining)} s left`
    : (state.deadline ? "running" : waits ? "starts when every seat is taken" : "no deadline");
  setDeadline(document.querySelector('[data-testid="deadline"]'), state.deadline,
              over || (waits ? "when every seat is taken" : "none"));
}

async function listPhases() {
  const answer = await api("GET", `/api/games/${game.id}/phases`);
  document.getElementById("rollback-phase").replaceChildren(...answer.phases.map(p =>
    el("option", {value: String(p.phase), text: p.name ? phaseName(p.name, "en") : "(its name is not known yet)"})));
}

function giveSeat(seat) {
  const input = document.querySelector(`tr[data-seat="${seat}"] input`);
  const name = input.value.trim();
  input.value = "";   // given: not kept for the next redraw
  return gmPost("replace", {seat, user: name || null});
}

// The phase as the players' pages name it (a hex game's view has its turn apart, and
// Gondor & Sauron's its title: "Initial Magic Leader Movement Phase", not "A").
function phaseOf(view) {
  if (!view) return "";
  return view.turn != null ? `turn ${view.turn} · ${view.phase_title || view.phase}` : phaseName(view.phase, "en");
}

async function refresh(summary) {
  over = summary.is_over ? outcomeWords(summary.outcome, "en") : null;
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
    el("td", {text: s.seat}), el("td", {text: s.user || (s.bot ? `bot (${s.bot})` : "free")}),
    el("td", {text: s.ready ? "yes" : ""}), el("td", {text: s.invitation || ""}),
    over ? "" : el("td", {class: "seat-tool"}, s.bot ? "" : el("button", {type: "button", "data-testid": "seat-bot", onclick: event => busy(event.currentTarget, () => bot(s.seat)),
                                          text: s.user ? "replace with a bot" : "seat a bot"})),
    over ? "" : el("td", {class: "seat-tool"}, el("input", {"aria-label": `account to hold ${s.seat} (blank: free the seat)`, size: "10"}),
       el("button", {type: "button", "data-testid": "give-seat", onclick: event => busy(event.currentTarget, () => giveSeat(s.seat)), text: "give"})))));
  for (const [seat, value] of typed) {
    const input = document.querySelector(`#seats tr[data-seat="${seat}"] input`);
    if (input && value) input.value = value;
    if (input && seat === focused) input.focus();
  }
  document.getElementById("view-title").textContent = summary.view_of === "gm"
    ? "The public view (no seat's secrets: they stay on the server until the game is over)"
    : `${summary.view_of}'s view (you hold a seat)`;
  document.getElementById("full").replaceChildren(fields(summary.view));
  drawDraw(summary);
  listPowers(summary);
  if (hasBoard) await drawBoard();
}

// The board as the caller's view draws it, as on the game page (GET /games/{id}/board.svg).
async function drawBoard() {
  const response = await fetch(`/games/${game.id}/board.svg?lang=en`, {credentials: "same-origin"});
  if (!response.ok) throw new Error(`the map could not be drawn (${response.status})`);
  document.getElementById("gm-board").innerHTML = await response.text();
}

// A view's fields as a table a person reads: a name per row ("supply centers"), a list as
// words, an object as a table of its own, a list of objects as a table with a column per field.
const named = key => key.replace(/_/g, " ");
function fields(value, key = "") {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value !== "object") return key === "phase" ? phaseName(String(value), "en") : String(value);
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
  box.replaceChildren(el("legend", {text: "Declare a draw among"}), ...summary.seats.map(s =>
    el("label", {}, el("input", {type: "checkbox", value: s.seat, "data-testid": "draw-seat",
                                 checked: first || ticked.has(s.seat)}), ` ${s.seat}`)));
}

// The powers a games master may enter orders for (the Diplomacy games' `orders` action).
function listPowers(summary) {
  const select = document.getElementById("orders-power");
  if (!select) return;
  document.getElementById("orders").hidden = summary.is_over;
  if (select.options.length) return;   // kept across redraws: what the games master picked stays
  select.replaceChildren(...summary.seats.map(s => el("option", {value: s.seat, text: s.seat})));
}

// What the last adjudication or entry of orders did, by its button (the other's words cleared):
// an entry's void lines each with the reason the power's own order box gives.
function said(text, entered = "", refused = []) {
  document.getElementById("done").textContent = text;
  const orders = document.getElementById("orders-done");
  if (!orders) return;
  orders.textContent = entered;
  document.getElementById("orders-refused").replaceChildren(...refused.map(r => el("li", {class: "bad",
    "data-order": r.order, text: `✗ ${r.order} — invalid: ${r.reason}`})));
}

// Every button here posts: busy while it does (a double click posts once).
const onClick = (testid, work) => {
  const button = document.querySelector(`[data-testid="${testid}"]`);
  button.addEventListener("click", () => busy(button, work));
};
onClick("process", async () => {
  showError("");
  try { await api("POST", `/api/games/${game.id}/process`); said("Adjudicated."); await again(); }
  catch (error) { showError(error.message); }
});
onClick("start-clock", () => gmPost("start"));
onClick("pause", () => gmPost("pause"));
onClick("resume", () => gmPost("resume"));
onClick("extend", () => gmPost("extend", {seconds: Number(document.getElementById("extend-seconds").value)}));
onClick("rollback", () => gmPost("rollback", {phase: Number(document.getElementById("rollback-phase").value)}));
if (document.getElementById("draw-seats")) onClick("draw", () => {
  const powers = [...document.querySelectorAll('#draw-seats input:checked')].map(i => i.value);
  if (!powers.length) { showError("tick the seats that share the draw"); return undefined; }
  return gmPost("gm", {action: {type: "draw", powers}});
});
if (document.getElementById("orders-power")) onClick("enter-orders", async () => {
  const power = document.getElementById("orders-power").value;
  const box = document.getElementById("orders-text");
  const orders = box.value.split("\n").map(line => line.trim()).filter(Boolean);
  if (!orders.length) { showError(`write ${power}'s orders first, one a line`); return; }
  showError("");
  try {
    const answer = await api("POST", `/api/games/${game.id}/gm`, {action: {type: "orders", power, orders}});
    box.value = "";
    const refused = answer.refused;   // each void line with the reason the power's order box gives
    said("", `${power}: ${orders.length - refused.length} of ${orders.length} line${orders.length > 1 ? "s" : ""} entered`
         + (refused.length ? `; ${refused.length} void, left out (their units take the default):` : "."), refused);
    await again();
  } catch (error) { showError(error.message); }
});
startCountdowns();
const again = follow(`/api/games/${game.id}`, refresh)   // the creator holding no seat: the public view;
