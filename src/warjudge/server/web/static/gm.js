// The games master's page: who holds each seat, a bot for any seat, adjudicate now, and
// the full view (the GM's own, from GET /api/games/{id}).
import {api, el, follow, gameElement, setDeadline, showError, startCountdowns} from "/static/common.js";

const game = gameElement();

async function bot(seat) {
  showError("");
  try { await api("POST", `/api/games/${game.id}/bots`, {seat, bot: "random"}); await again(); }
  catch (error) { showError(error.message); }
}

async function refresh(summary) {
  document.querySelector('[data-testid="phase"]').textContent =
    `${summary.view?.phase ?? ""} version ${summary.version}${summary.is_over ? " · over" : ""}`;
  setDeadline(document.querySelector('[data-testid="deadline"]'), summary.deadline);
  document.getElementById("seats").replaceChildren(...summary.seats.map(s => el("tr", {"data-seat": s.seat},
    el("td", {text: s.seat}), el("td", {text: s.user || (s.bot ? `bot (${s.bot})` : "free")}),
    el("td", {text: s.ready ? "yes" : ""}), el("td", {text: s.invitation || ""}),
    el("td", {}, s.bot ? "" : el("button", {type: "button", onclick: () => bot(s.seat),
                                          text: s.user ? "replace with a bot" : "seat a bot"})))));
  document.getElementById("view-title").textContent = summary.view_of === "gm" ? "The full view"
    : `${summary.view_of}'s view (you hold a seat: the full view is for a games master holding none)`;
  document.getElementById("full").textContent = JSON.stringify(summary.view, null, 1);
}

document.querySelector('[data-testid="process"]').addEventListener("click", async () => {
  showError("");
  try { await api("POST", `/api/games/${game.id}/process`); document.getElementById("done").textContent = "Adjudicated."; await again(); }
  catch (error) { showError(error.message); }
});
startCountdowns();
const again = follow(`/api/games/${game.id}`, refresh)   // the creator holding no seat: the full view;
