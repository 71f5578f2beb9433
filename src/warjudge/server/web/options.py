"""What the lobby's "new game" form says about each registered game's options.

The registry holds no option schema, so the lobby asks each game once: a game whose full
view shows its options gives them with their defaults; any other names them when it
refuses an unknown one, and that sentence is the hint."""

from __future__ import annotations

import json
from functools import lru_cache

from warjudge.core import games
from warjudge.core.errors import WarjudgeError

PROBE = "__which_options__"


@lru_cache(maxsize=None)
def options_hint(game_id: str) -> str:
    try:
        shown = games.new(game_id, seed=0).view(None).get("options")
        if isinstance(shown, dict) and shown:
            return "defaults: " + json.dumps(shown)
        games.new(game_id, seed=0, **{PROBE: True})
    except WarjudgeError as exc:
        return str(exc).replace(PROBE, "").replace("unknown option(s)", "").strip(" ;")
    except TypeError:
        return "no options"
    return "any options"
