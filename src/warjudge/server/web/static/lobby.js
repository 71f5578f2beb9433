// The lobby: join a free seat, start a new game (taking the first seat, bots in the rest).
import {api, showError, startCountdowns} from "/static/common.js";

startCountdowns();

document.querySelectorAll("button.join").forEach(button => button.addEventListener("click", async () => {
  try {
    await api("POST", `/api/games/${button.dataset.game}/seats/${encodeURIComponent(button.dataset.seat)}`);
    location.href = `/games/${button.dataset.game}`;
  } catch (error) { showError(error.message); }
}));

document.querySelectorAll("form.new-game").forEach(form => form.addEventListener("submit", async event => {
  event.preventDefault();
  showError("");
  let options;
  try { options = JSON.parse(form.options.value || "{}"); }
  catch { showError("Options: not JSON, such as {\"variant\": \"standard\"}"); return; }
  const body = {game: form.dataset.game, options, open: form.open.checked};
  if (form.phase_seconds.value) body.phase_seconds = Number(form.phase_seconds.value);
  try {
    const created = await api("POST", "/api/games", body);
    const seats = created.seats.map(s => s.seat);
    if (form.take_seat.checked) await api("POST", `/api/games/${created.id}/seats/${encodeURIComponent(seats[0])}`);
    if (form.bots.checked) {
      for (const seat of seats.slice(form.take_seat.checked ? 1 : 0))
        await api("POST", `/api/games/${created.id}/bots`, {seat, bot: "random"});
    }
    location.href = form.take_seat.checked ? `/games/${created.id}` : `/games/${created.id}/gm`;
  } catch (error) { showError(error.message); }
}));
