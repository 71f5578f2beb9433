"""The play server (issue 13): every registered game played over HTTP, each seat seeing
only its own view. The server is the games master: it keeps each game's record (seed and
secrets included) in its database and sends a seat nothing but what `view(seat)` holds.
See docs/server.md."""

from warjudge.core.events import Wording, register_wording

# the server's own refusals ("api.…"), worded at the edge as a game's are
register_wording(Wording("api", "warjudge.presentation.api.wording_en:english", "warjudge.presentation.api.wording_fr:french"))
