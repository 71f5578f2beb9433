// Press on a seat's page: the messages this seat may read (GET …/press?seat=, asked again
// when the live events say this seat has more to read) and a form to write to every seat or
// to one. Text is shown as text, never as markup.
import {api, el, gameElement, showError} from "/static/common.js";
import {listen} from "/static/live.js";

const game = gameElement();
const seat = encodeURIComponent(game.role);
const list = document.getElementById("messages");
const to = document.getElementById("press-to");
const text = document.getElementById("press-text");
let read = 0;

function addressees(message) {
  return message.to === "all" ? "everyone" : message.to.join(", ");
}

async function poll() {
  try {
    let answer;
    do {   // a page at a time until none follows
      answer = await api("GET", `/api/games/${game.id}/press?seat=${seat}&after=${read}`);
      const panel = document.getElementById("press");
      panel.hidden = answer.press === "none";
      if (answer.press === "broadcast") [...to.options].forEach(o => { o.disabled = o.value !== "all"; });
      for (const m of answer.messages) {
        if (m.n <= read) continue;   // two reads crossing: each message once
        list.append(el("li", {"data-from": m.from},
          el("small", {class: "press-when"}, el("time", {datetime: m.sent_at, text: new Date(m.sent_at).toLocaleString()}),
             m.phase ? el("span", {class: "press-phase", "data-testid": "press-phase", text: ` · ${m.phase}`}) : ""),
          el("br"), el("b", {text: `${m.from} → ${addressees(m)}: `}), m.text));
        read = Math.max(read, m.n);
      }
    } while (answer.more && answer.messages.length);
  } catch (error) { showError(error.message); }
}

async function start() {
  const summary = await api("GET", `/api/games/${game.id}?seat=${seat}`);
  to.append(...summary.seats.filter(s => s.seat !== game.role).map(s => el("option", {value: s.seat, text: s.seat})));
  let known = null;
  listen(game.id, game.role, facts => {
    const key = `${facts.press}|${facts.polled || ""}`;
    if (key !== known) { known = key; poll(); }
  });
}

// The limit is stated next to the box; past it, or empty, the message is refused with a
// reason, never cut (the server refuses it too).
const MAX = Number(text.dataset.max);
const left = document.getElementById("press-left");
const countLeft = () => {
  const n = MAX - text.value.length;
  left.textContent = n >= 0 ? `${n} of ${MAX} characters left` : `${-n} characters too many (at most ${MAX})`;
  left.classList.toggle("bad", n < 0);
};
text.addEventListener("input", countLeft);
countLeft();

document.querySelector('[data-testid="press-send"]').addEventListener("click", async () => {
  showError("");
  if (!text.value.trim()) { showError("The message is empty: write something to send."); return; }
  if (text.value.length > MAX) { showError(`The message is ${text.value.length} characters long: at most ${MAX}. Nothing was sent.`); return; }
  try {
    await api("POST", `/api/games/${game.id}/press`,
              {seat: game.role, to: to.value === "all" ? "all" : [to.value], text: text.value});
    text.value = "";
    countLeft();
    await poll();
  } catch (error) { showError(error.message); }
});
start().catch(error => showError(error.message));
