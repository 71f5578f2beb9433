"""The play server (issue 13): every registered game played over HTTP, each seat seeing
only its own view. The server is the games master: it keeps each game's record (seed and
secrets included) in its database and sends a seat nothing but what `view(seat)` holds.
See docs/server.md."""
