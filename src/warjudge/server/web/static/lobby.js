// The lobby: join a free seat, start a new game (taking the seat picked, bots in the rest).
import {api, busy, showError, startCountdowns} from "/static/common.js";

startCountdowns();

// a search bot's think budget: offered while the bot picked takes one (its option's data-budgets)
const takesBudget = form => Boolean(form.bot && form.bot.selectedOptions[0].dataset.budgets);
document.querySelectorAll("form.new-game").forEach(form => {
  const shown = () => form.querySelectorAll(".budget").forEach(part => { part.hidden = !takesBudget(form); });
  if (form.bot) form.bot.addEventListener("change", shown);
  shown();
});

document.querySelectorAll("button.join").forEach(button => button.addEventListener("click", () => busy(button, async () => {
  try {
    await api("POST", `/api/games/${button.dataset.game}/seats/${encodeURIComponent(button.dataset.seat)}`);
    location.href = `/games/${button.dataset.game}`;
  } catch (error) { showError(error.message); }
})));

// The options the registry describes (GET /api/games-available), as the form's fields
// set them: a blank number or file is "not given" (the game's default); a file option
// sends the file's JSON, which the server checks as the command line checks that file.
async function described(form) {
  const options = {};
  for (const field of form.querySelectorAll("[data-option]")) {
    const name = field.dataset.option, kind = field.dataset.kind;
    if (kind === "bool") options[name] = field.checked;
    else if (kind === "choice") options[name] = field.value;
    else if (kind === "choices") options[name] = [...field.querySelectorAll("input:checked")].map(b => b.value);
    else if (kind === "counts") {
      const counts = {};
      field.querySelectorAll("input[data-key]").forEach(i => { if (i.value !== "") counts[i.dataset.key] = Number(i.value); });
      options[name] = counts;
    }
    else if (kind === "file") { if (field.files.length) options[name] = await fileJson(field, field.dataset.label); }
    else if (field.value !== "") options[name] = Number(field.value);
  }
  return options;
}

// a file's problems in the page's language (the server words the page: page_words.py)
const FILE_WORDS = {en: {large: "is too large", json: "is not JSON", file: "the file"},
                    fr: {large: "est trop grand", json: "n'est pas du JSON", file: "le fichier"}};

async function fileJson(field, name) {
  const file = field.files[0], say = FILE_WORDS[document.documentElement.lang] || FILE_WORDS.en;
  if (file.size > 4 * Number(field.dataset.maxBytes)) throw new Error(`${name}: ${say.file} ${file.name} ${say.large}`);
  try { return JSON.parse(await file.text()); }
  catch { throw new Error(`${name}: ${say.file} ${file.name} ${say.json}`); }
}

// One key per game wanted: a second click, or a retry, while it is made gets the same game
// (POST /api/games' request_key); the button is busy meanwhile.
document.querySelectorAll("form.new-game").forEach(form => form.addEventListener("submit", event => {
  event.preventDefault();
  form.dataset.key ||= [...crypto.getRandomValues(new Uint8Array(16))].map(b => b.toString(16).padStart(2, "0")).join("");
  busy(form.querySelector('button[type="submit"]'), () => start(form));
}));

// Back to the lobby from the game's page: a fresh lobby (the new game listed, new keys).
window.addEventListener("pageshow", event => { if (event.persisted) location.reload(); });

async function start(form) {
  showError("");
  let options;
  try { options = await described(form); }
  catch (error) { showError(error.message); return; }
  const body = {game: form.dataset.game, options, open: form.open.checked, request_key: form.dataset.key};
  if (form.phase_seconds.value) body.phase_seconds = Number(form.phase_seconds.value);
  try {
    const created = await api("POST", "/api/games", body);
    const seats = created.seats.map(s => s.seat);
    // the seat picked (a game whose options changed its seats: its first), or none: the GM's page
    const mine = !form.seat.value ? null : seats.includes(form.seat.value) ? form.seat.value : seats[0];
    if (mine) await api("POST", `/api/games/${created.id}/seats/${encodeURIComponent(mine)}`);
    if (form.bots.checked) {
      const bot = {bot: form.bot ? form.bot.value : "random", ...(takesBudget(form) ? {budget: form.budget.value} : {})};
      for (const seat of seats.filter(s => s !== mine))
        await api("POST", `/api/games/${created.id}/bots`, {seat, ...bot});
    }
    location.href = mine ? `/games/${created.id}` : `/games/${created.id}/gm`;
    await new Promise(() => {});   // busy until the next page replaces this one
  } catch (error) { showError(error.message); }
}
