// What every page's script shares: calling the JSON API with the session's CSRF token,
// showing errors, deadline countdowns and following the game's changes (live.js).
import {listen} from "/static/live.js";

const csrf = document.querySelector('meta[name="csrf-token"]')?.content;

export async function api(method, path, body) {
  const headers = {"Accept": "application/json", "Accept-Language": document.documentElement.lang || "en"};   // errors' reason in it
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (csrf && method !== "GET") headers["X-CSRF-Token"] = csrf;
  const response = await fetch(path, {method, headers, credentials: "same-origin",
                                      body: body === undefined ? undefined : JSON.stringify(body)});
  const data = await response.json().catch(() => ({error: `the server answered ${response.status}`}));
  if (!response.ok) throw new Error(data.reason || data.error || `the server answered ${response.status}`);   // reason: in the page's language
  return data;
}

// While `work` runs the button is disabled and says "Sending…" (aria-busy); a second click
// meanwhile does nothing, so a double click never posts twice. Returns what `work` returns.
export async function busy(button, work) {
  if (!button || button.getAttribute("aria-busy") === "true" || button.disabled) return undefined;
  const text = button.textContent, sending = sendingWord();
  button.setAttribute("aria-busy", "true");
  button.disabled = true;
  button.textContent = sending;
  try { return await work(); }
  finally {
    button.removeAttribute("aria-busy");
    if (button.textContent === sending) button.textContent = text;   // unless the page reworded it meanwhile
    button.disabled = false;
  }
}
const SENDING = {en: "Sending…", fr: "Envoi…"};
export const sendingWord = () => SENDING[document.documentElement.lang] || SENDING.en;

export function showError(message) {
  const box = document.getElementById("error");
  if (!box) return;
  box.textContent = message || "";
  box.hidden = !message;
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children);
  return node;
}

function remaining(deadline) {
  const left = Math.max(0, Math.round(deadline - Date.now() / 1000));
  const d = Math.floor(left / 86400), h = Math.floor(left % 86400 / 3600), m = Math.floor(left % 3600 / 60), s = left % 60;
  return (d ? `${d}${document.documentElement.lang === "fr" ? " j" : "d"} ` : "") + `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

// Every element with data-deadline (Unix seconds) counts down once a second.
export function startCountdowns() {
  const tick = () => document.querySelectorAll("[data-deadline]").forEach(node => {
    const deadline = Number(node.dataset.deadline);
    node.textContent = deadline ? remaining(deadline) : (node.dataset.none || "none");
  });
  tick();
  setInterval(tick, 1000);
}

// `none`: what a missing deadline reads as (a game whose clock waits for its seats says so).
export function setDeadline(node, deadline, none = "none") {
  node.dataset.deadline = deadline || "";
  node.dataset.none = none;
  node.textContent = deadline ? remaining(deadline) : none;
}

export function gameElement() {
  const root = document.getElementById("game");
  return {root, id: root.dataset.gameId, role: root.dataset.role, isSeat: !!root.dataset.isSeat};
}

// The game's summary and the caller's view; `onChange` runs whenever it moves (a phase
// adjudicated, a bot or another player acted, a seat said ready or took it back): told by
// the game's live events (live.js), never by polling. Returns "ask again now".
export function follow(path, onChange) {
  const url = () => (typeof path === "function" ? path() : path);   // may follow the page's language
  const [, gameId, seat] = url().match(/^\/api\/games\/([^/?]+)(?:\?seat=([^&]+))?/);
  let seen = null, running = Promise.resolve();
  const once = async () => {
    try {
      const game = await api("GET", url());
      const key = `${game.version}|${game.seats.filter(s => s.ready).map(s => s.seat).join(",")}`;
      if (key !== seen) {
        seen = key;
        await onChange(game);
      }
    } catch (error) {
      showError(error.message);
    }
  };
  const check = () => (running = running.then(once));   // one at a time, in order
  let known = null;
  listen(gameId, seat && decodeURIComponent(seat), facts => {
    const key = `${facts.version}|${(facts.ready || []).join(",")}`;
    if (key !== known) { known = key; check(); }
  });
  return () => { seen = null; return check(); };
}
