// Live updates for every game page: one EventSource per page on GET /api/games/{id}/events
// (server/live.py), shared by the page's scripts; each listener gets the event's public
// facts (version, phase, to_act, ready, is_over, press). The browser reconnects by itself
// when a stream ends; only while the server keeps refusing the stream does the page fall
// back to a slow poll of the same facts' source, the summary.
const SLOW_POLL_MS = 30000;
const streams = new Map();   // events URL -> {listeners, last}

export function listen(gameId, seat, listener) {
  const url = `/api/games/${gameId}/events` + (seat ? `?seat=${encodeURIComponent(seat)}` : "");
  let stream = streams.get(url);
  if (!stream) {
    stream = {listeners: [], last: null};
    streams.set(url, stream);
    open(url, stream, gameId, seat);
    if (seat) offerAlerts(stream, seat);
  }
  stream.listeners.push(listener);
  if (stream.last) listener(stream.last);
  return listener;
}

function tell(stream, facts) {
  stream.last = facts;
  for (const listener of stream.listeners) listener(facts);
}

// A stream the server refused (the browser then gives up on it) is opened again a little
// later, each time a little later still; meanwhile the page polls slowly.
const REOPEN_MS = 3000;

function open(url, stream, gameId, seat, failures = 0) {
  const source = new EventSource(url, {withCredentials: true});
  const heard = event => { failures = 0; tell(stream, JSON.parse(event.data)); };
  source.addEventListener("state", heard);
  source.addEventListener("update", heard);
  source.addEventListener("error", () => {
    if (source.readyState !== EventSource.CLOSED) return;   // reconnecting by itself
    if (!stream.polling) slowPoll(stream, gameId, seat);
    setTimeout(() => open(url, stream, gameId, seat, failures + 1), REOPEN_MS * Math.min(failures + 1, 10));
  });
}

// The stream keeps failing: the summary every SLOW_POLL_MS, until the stream speaks again.
function slowPoll(stream, gameId, seat) {
  stream.polling = true;
  const path = `/api/games/${gameId}` + (seat ? `?seat=${encodeURIComponent(seat)}` : "");
  const poll = async () => {
    try {
      const response = await fetch(path, {credentials: "same-origin", headers: {"Accept": "application/json"}});
      if (!response.ok) return;
      const game = await response.json();
      tell(stream, {version: game.version, to_act: game.to_act, is_over: game.is_over,
                    ready: game.seats.filter(s => s.ready).map(s => s.seat), press: null, polled: Date.now()});
    } catch { /* the next poll tries again */ }
  };
  poll();
  const timer = setInterval(() => stream.last && !stream.last.polled ? stop() : poll(), SLOW_POLL_MS);
  const stop = () => { clearInterval(timer); stream.polling = false; };
}

// Browser notifications while the page is open (issue 24): off by default; the "Alert me"
// toggle turns them on (asking the browser's permission only on that click, as browsers
// require) and off, remembered in this browser. Once on: a notification at each new phase
// in which this seat must act, and for press received (press.js calls `alert`). Nothing is
// shown that the page itself does not show.
const ALERTS = "warjudge-alerts";
const alertsOn = () => localStorage.getItem(ALERTS) === "on" && Notification.permission === "granted";

export function alert(title, body) {
  if ("Notification" in window && alertsOn()) new Notification(title, {body, tag: `warjudge-${title}`});
}

function offerAlerts(stream, seat) {
  if (!("Notification" in window) || Notification.permission === "denied") return;
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.testid = "alert-me";
  const label = () => {   // in the page's language (lang.js), again when it switches
    const fr = document.documentElement.lang === "fr";
    button.textContent = alertsOn() ? (fr ? "Alertes activées" : "Alerts on") : (fr ? "M'alerter" : "Alert me");
    button.setAttribute("aria-pressed", alertsOn() ? "true" : "false");
  };
  label();
  new MutationObserver(label).observe(document.documentElement, {attributes: true, attributeFilter: ["lang"]});
  button.addEventListener("click", async () => {
    if (alertsOn()) localStorage.removeItem(ALERTS);
    else if (await Notification.requestPermission() === "granted") localStorage.setItem(ALERTS, "on");
    label();
  });
  (document.querySelector("main") || document.body).prepend(button);
  let phase;
  stream.listeners.push(facts => {
    if (facts.phase == null) return;   // the server is still folding the game: no phase count yet
    const fresh = phase !== undefined && facts.phase !== phase;
    phase = facts.phase;
    if (fresh && (facts.to_act || []).includes(seat) && !facts.is_over) {
      alert("warjudge: a new phase, your move", `${seat} · ${document.title}`);
    }
  });
}
