// The games master's page: who holds each seat, a bot for any seat, adjudicate now, and
// the public view (a games master sees no seat's secrets while the game runs: GET /api/games/{id}).
import {api, busy, el, follow, gameElement, setDeadline, showError, startCountdowns} from "/static/common.js";

const game = gameElement();

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

function showClock(state) {
  const waits = state.clock_waits_for_seats;
  document.querySelector('[data-testid="start-clock"]').hidden = !waits;
  document.getElementById("clock").textContent = state.paused
    ? `paused: ${Math.round(state.paused_remaining)} s left`
    : (state.deadline ? "running" : waits ? "starts when every seat is taken" : "no deadline");
  setDeadline(document.querySelector('[data-testid="deadline"]'), state.deadline,
              waits ? "when every seat is taken" : "none");
}

async function listPhases() {
  const answer = await api("GET", `/api/games/${game.id}/phases`);
  document.getElementById("rollback-phase").replaceChildren(...answer.phases.map(p =>
    el("option", {value: String(p.phase), text: p.name ? `${p.name} (phase ${p.phase})` : `phase ${p.phase}`})));
}

function giveSeat(seat) {
  const input = document.querySelector(`tr[data-seat="${seat}"] input`);
  const name = input.value.trim();
  input.value = "";   // given: not kept for the next redraw
  return gmPost("replace", {seat, user: name || null});
}

async function refresh(summary) {
  showClock(summary);
  await listPhases();
  document.querySelector('[data-testid="phase"]').textContent =
    `${summary.view?.phase ?? ""} version ${summary.version}${summary.is_over ? " · over" : ""}`;
  setDeadline(document.querySelector('[data-testid="deadline"]'), summary.deadline,
              summary.clock_waits_for_seats ? "when every seat is taken" : "none");
  // a redraw keeps what the games master is typing in a seat's row (read after every await)
  const typed = new Map([...document.querySelectorAll("#seats tr[data-seat]")].map(row =>
    [row.dataset.seat, row.querySelector("input")?.value || ""]));
  const focused = document.activeElement?.closest("tr[data-seat]")?.dataset.seat;
  document.getElementById("seats").replaceChildren(...summary.seats.map(s => el("tr", {"data-seat": s.seat},
    el("td", {text: s.seat}), el("td", {text: s.user || (s.bot ? `bot (${s.bot})` : "free")}),
    el("td", {text: s.ready ? "yes" : ""}), el("td", {text: s.invitation || ""}),
    el("td", {}, s.bot ? "" : el("button", {type: "button", "data-testid": "seat-bot", onclick: event => busy(event.currentTarget, () => bot(s.seat)),
                                          text: s.user ? "replace with a bot" : "seat a bot"})),
    el("td", {}, el("input", {"aria-label": `account to hold ${s.seat} (blank: free the seat)`, size: "10"}),
       el("button", {type: "button", "data-testid": "give-seat", onclick: event => busy(event.currentTarget, () => giveSeat(s.seat)), text: "give"})))));
  for (const [seat, value] of typed) {
    const input = document.querySelector(`#seats tr[data-seat="${seat}"] input`);
    if (input && value) input.value = value;
    if (input && seat === focused) input.focus();
  }
  document.getElementById("view-title").textContent = summary.view_of === "gm"
    ? "The public view (no seat's secrets: they stay on the server until the game is over)"
    : `${summary.view_of}'s view (you hold a seat)`;
  document.getElementById("full").textContent = JSON.stringify(summary.view, null, 1);
}

// Every button here posts: busy while it does (a double click posts once).
const onClick = (testid, work) => {
  const button = document.querySelector(`[data-testid="${testid}"]`);
  button.addEventListener("click", () => busy(button, work));
};
onClick("process", async () => {
  showError("");
  try { await api("POST", `/api/games/${game.id}/process`); document.getElementById("done").textContent = "Adjudicated."; await again(); }
  catch (error) { showError(error.message); }
});
onClick("start-clock", () => gmPost("start"));
onClick("pause", () => gmPost("pause"));
onClick("resume", () => gmPost("resume"));
onClick("extend", () => gmPost("extend", {seconds: Number(document.getElementById("extend-seconds").value)}));
onClick("rollback", () => gmPost("rollback", {phase: Number(document.getElementById("rollback-phase").value)}));
onClick("gm-act", () => {
  let action;
  try { action = JSON.parse(document.getElementById("gm-action").value); }
  catch { showError("the action is not JSON"); return; }
  return gmPost("gm", {action});
});
startCountdowns();
const again = follow(`/api/games/${game.id}`, refresh)   // the creator holding no seat: the public view;
