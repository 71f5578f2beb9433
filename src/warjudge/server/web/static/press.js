// Press on a seat's page: the messages this seat may read (GET …/press?seat=, asked again
// when the live events say this seat has more to read), its threads (one per set of
// participants, newest first, each with its unread count), the unread badge, and a form to
// write to every seat, to one, to several ticked ("several seats…"), or back to the open
// thread's participants; Send is busy until the server answers. Opening a thread
// marks it read (POST …/press-read). Text is shown as text, never as markup.
import {api, busy, el, gameElement, showError} from "/static/common.js";
import {alert, listen} from "/static/live.js";
import {phaseName} from "/static/phasewords.js";
import {seatName} from "/static/lang.js";

// The words press.js writes, in the page's language (lang.js sets it; a switch redraws them).
const WORDS = {
  en: {everyone: "everyone", unread: "{n} unread", all: "all messages", several: "several seats…",
       left: "{n} of {x} characters left", over: "{n} characters too many (at most {x})",
       tick: "Tick at least one seat to write to. Nothing was sent.", empty: "The message is empty: write something to send.",
       long: "The message is {n} characters long: at most {x}. Nothing was sent."},
  fr: {everyone: "tout le monde", unread: "{n} non lus", all: "tous les messages", several: "plusieurs puissances…",
       left: "{n} caractères restants sur {x}", over: "{n} caractères de trop (au plus {x})",
       tick: "Cochez au moins une puissance à qui écrire. Rien n'a été envoyé.",
       empty: "Le message est vide : écrivez quelque chose à envoyer.",
       long: "Le message fait {n} caractères : au plus {x}. Rien n'a été envoyé."},
};
const say = (word, n = "", x = "") =>
  (WORDS[document.documentElement.lang] || WORDS.en)[word].replace("{n}", n).replace("{x}", x);

const game = gameElement();
const seat = encodeURIComponent(game.role);
const list = document.getElementById("messages");
const threadList = document.getElementById("threads");
const badge = document.getElementById("press-unread");
const to = document.getElementById("press-to");
const text = document.getElementById("press-text");
const several = document.getElementById("press-several");
const known = [];        // every message read so far, in order
let threads = [];        // the seat's threads, newest first (the server's last answer)
let open = null;         // the open thread's key (keyOf), or null: every message
let read = 0;
let primed = false;      // the first read is done: a message read after it is news (a browser alert)

const keyOf = thread => JSON.stringify(thread);
const others = thread => thread === "all" ? "all" : thread.filter(s => s !== game.role);

function addressees(message) {
  return message.to === "all" ? say("everyone") : message.to.map(seatName).join(", ");
}

function threadName(thread) {
  return thread === "all" ? say("everyone") : others(thread).map(seatName).join(", ");
}

function showMessage(m) {
  return el("li", {"data-from": m.from, class: m.unread ? "unread" : undefined, "data-unread": m.unread ? "yes" : undefined},
    el("small", {class: "press-when"}, el("time", {datetime: m.sent_at, text: new Date(m.sent_at).toLocaleString()}),
       m.phase ? el("span", {class: "press-phase", "data-testid": "press-phase", text: ` · ${phaseName(m.phase)}`}) : ""),
    el("br"), el("b", {text: `${seatName(m.from)} → ${addressees(m)}: `}), m.text);
}

function render(unread) {
  badge.textContent = say("unread", unread);
  badge.hidden = !unread;
  threadList.replaceChildren(
    el("li", {}, el("button", {type: "button", "aria-pressed": open === null ? "true" : "false",
                               onclick: () => openThread(null), text: say("all")})),
    ...threads.map(t => el("li", {}, el("button", {
      type: "button", "data-testid": "press-thread", "data-thread": keyOf(t.thread),
      "aria-pressed": open === keyOf(t.thread) ? "true" : "false", onclick: () => openThread(t.thread),
      text: threadName(t.thread) + (t.unread ? ` (${say("unread", t.unread)})` : "")}))));
  list.replaceChildren(...known.filter(m => open === null || keyOf(m.thread) === open).map(showMessage));
}

// The reply goes to the open thread's participants: an option of the "To" list for them.
function replyTo(thread) {
  const target = others(thread);
  several.hidden = true;
  if (target === "all" || target.length === 1) { to.value = target === "all" ? "all" : target[0]; return; }
  to.querySelector("option[data-seats]")?.remove();
  to.append(el("option", {value: `thread:${keyOf(thread)}`, "data-seats": JSON.stringify(target), text: target.map(seatName).join(", ")}));
  to.value = `thread:${keyOf(thread)}`;
}

async function markOpenRead() {
  const inThread = known.filter(m => keyOf(m.thread) === open);
  if (!inThread.some(m => m.unread) || document.visibilityState !== "visible") return;
  const upto = inThread[inThread.length - 1].n;
  await api("POST", `/api/games/${game.id}/press-read`, {seat: game.role, upto, thread: JSON.parse(open)});
  inThread.forEach(m => { m.unread = false; });
  await poll();   // the threads' and the badge's counts, as the server now has them
}

async function openThread(thread) {
  open = thread === null ? null : keyOf(thread);
  if (thread !== null) replyTo(thread);
  render(Number(badge.dataset.unread || 0));
  try { if (open !== null) await markOpenRead(); } catch (error) { showError(error.message); }
}

// A thread left open in a hidden tab is marked read once the player looks at it again.
document.addEventListener("visibilitychange", () => {
  if (open !== null) markOpenRead().catch(error => showError(error.message));
});

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
        if (primed && m.unread && m.from !== game.role) alert(`warjudge: press from ${m.from}`, m.text.slice(0, 120));
        known.push(m);
        read = Math.max(read, m.n);
      }
    } while (answer.more && answer.messages.length);
    primed = true;
    threads = answer.threads;
    badge.dataset.unread = answer.unread;
    render(answer.unread);
    if (open !== null && known.some(m => m.unread && keyOf(m.thread) === open)) await markOpenRead();
  } catch (error) { showError(error.message); }
}

async function start() {
  const summary = await api("GET", `/api/games/${game.id}?seat=${seat}`);
  const seats = summary.seats.filter(s => s.seat !== game.role).map(s => s.seat);
  to.append(...seats.map(s => el("option", {value: s, text: seatName(s)})),
            el("option", {value: "several", "data-testid": "press-to-several", text: say("several")}));
  several.append(...seats.map(s => el("label", {}, el("input", {type: "checkbox", value: s, "data-testid": "press-pick"}), ` ${seatName(s)}`)));
  to.addEventListener("change", () => { several.hidden = to.value !== "several"; });
  let known = null;
  listen(game.id, game.role, facts => {
    const key = `${facts.press}|${facts.unread}|${facts.polled || ""}`;   // read in another tab: news too
    if (key !== known) { known = key; poll(); }
  });
}

// The limit is stated next to the box; past it, or empty, the message is refused with a
// reason, never cut (the server refuses it too).
const MAX = Number(text.dataset.max);
const left = document.getElementById("press-left");
const countLeft = () => {
  const n = MAX - text.value.length;
  left.textContent = n >= 0 ? say("left", n, MAX) : say("over", -n, MAX);
  left.classList.toggle("bad", n < 0);
};
text.addEventListener("input", countLeft);
countLeft();
new MutationObserver(() => {   // the page's language switched: its words again
  countLeft();
  render(Number(badge.dataset.unread || 0));
  const several = to.querySelector('option[value="several"]');
  if (several) several.textContent = say("several");
}).observe(document.documentElement, {attributes: true, attributeFilter: ["lang"]});

// Whom the message goes to: "all", or the seats chosen (one, several ticked, the open thread's).
function addressed() {
  const chosen = to.selectedOptions[0];
  if (chosen.dataset.seats) return JSON.parse(chosen.dataset.seats);
  if (to.value === "several") return [...several.querySelectorAll("input:checked")].map(box => box.value);
  return to.value === "all" ? "all" : [to.value];
}

const send = document.querySelector('[data-testid="press-send"]');
send.addEventListener("click", () => busy(send, async () => {
  showError("");
  const target = addressed();
  if (!target.length) { showError(say("tick")); return; }
  if (!text.value.trim()) { showError(say("empty")); return; }
  if (text.value.length > MAX) { showError(say("long", text.value.length, MAX)); return; }
  try {
    await api("POST", `/api/games/${game.id}/press`, {seat: game.role, to: target, text: text.value});
    text.value = "";
    countLeft();
    await poll();
  } catch (error) { showError(error.message); }
}));
start().catch(error => showError(error.message));
