// The lobby: join a free seat, start a new game (taking the first seat, bots in the rest).
import {api, showError, startCountdowns} from "/static/common.js";

startCountdowns();

document.querySelectorAll("button.join").forEach(button => button.addEventListener("click", async () => {
  try {
    await api("POST", `/api/games/${button.dataset.game}/seats/${encodeURIComponent(button.dataset.seat)}`);
    location.href = `/games/${button.dataset.game}`;
  } catch (error) { showError(error.message); }
}));

// The options the registry describes (GET /api/games-available), as the form's fields
// set them: a blank number is "not given" (the game's default).
function described(form) {
  const options = {};
  form.querySelectorAll("[data-option]").forEach(field => {
    const name = field.dataset.option, kind = field.dataset.kind;
    if (kind === "bool") options[name] = field.checked;
    else if (kind === "choice") options[name] = field.value;
    else if (kind === "choices") options[name] = [...field.querySelectorAll("input:checked")].map(b => b.value);
    else if (kind === "counts") {
      const counts = {};
      field.querySelectorAll("input[data-key]").forEach(i => { if (i.value !== "") counts[i.dataset.key] = Number(i.value); });
      options[name] = counts;
    }
    else if (field.value !== "") options[name] = Number(field.value);
  });
  return options;
}

document.querySelectorAll("form.new-game").forEach(form => form.addEventListener("submit", async event => {
  event.preventDefault();
  showError("");
  let options;
  try { options = form.options ? JSON.parse(form.options.value || "{}") : described(form); }
  catch { showError("Options: not JSON, such as {\"variant\": \"standard\"}"); return; }
  const body = {game: form.dataset.game, options, open: form.open.checked};
  if (form.phase_seconds.value) body.phase_seconds = Number(form.phase_seconds.value);
  try {
    const created = await api("POST", "/api/games", body);
    const seats = created.seats.map(s => s.seat);
    if (form.take_seat.checked) await api("POST", `/api/games/${created.id}/seats/${encodeURIComponent(seats[0])}`);
    if (form.bots.checked) {
      for (const seat of seats.slice(form.take_seat.checked ? 1 : 0))
        await api("POST", `/api/games/${created.id}/bots`, {seat, bot: form.bot ? form.bot.value : "random"});
    }
    location.href = form.take_seat.checked ? `/games/${created.id}` : `/games/${created.id}/gm`;
  } catch (error) { showError(error.message); }
}));
