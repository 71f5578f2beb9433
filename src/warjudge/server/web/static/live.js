// Live updates for every game page: one EventSource per page on GET /api/games/{id}/events
// (server/live.py), shared by the page's scripts; each listener gets the event's public
// facts (version, phase, to_act, ready, is_over, press). The browser reconnects by itself
// when a stream ends; only if the server refuses the stream does the page fall back to a
// slow poll of the same facts' source, the summary.
const SLOW_POLL_MS = 30000;
const streams = new Map();   // events URL -> {listeners, last}

export function listen(gameId, seat, listener) {
  const url = `/api/games/${gameId}/events` + (seat ? `?seat=${encodeURIComponent(seat)}` : "");
  let stream = streams.get(url);
  if (!stream) {
    stream = {listeners: [], last: null};
    streams.set(url, stream);
    open(url, stream, gameId, seat);
  }
  stream.listeners.push(listener);
  if (stream.last) listener(stream.last);
  return listener;
}

function tell(stream, facts) {
  stream.last = facts;
  for (const listener of stream.listeners) listener(facts);
}

function open(url, stream, gameId, seat) {
  const source = new EventSource(url, {withCredentials: true});
  const heard = event => tell(stream, JSON.parse(event.data));
  source.addEventListener("state", heard);
  source.addEventListener("update", heard);
  source.addEventListener("error", () => {
    if (source.readyState !== EventSource.CLOSED) return;   // reconnecting by itself
    slowPoll(stream, gameId, seat);
  });
}

// The stream was refused (or the server cannot stream): the summary every SLOW_POLL_MS.
function slowPoll(stream, gameId, seat) {
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
  setInterval(poll, SLOW_POLL_MS);
}
