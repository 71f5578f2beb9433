"""A player's set-up in their last game of the same kind on the same side, for "fill the
rest like my last set-up" on the SJG set-up screen (issue 24): kept per user by the server,
so it follows the player to any browser. Only the player's own `deploy` is read from the
other game's record, never anything hidden from them.

Every `POST …/setup` asks (its answer names the last set-up), and a page asks at each unit
placed: the records are read as plain JSON, not as `GameRecord`s, whose checks (the
checksum, each action) cost 71 ms at 3,000 actions against 5 ms (issue 22), three records a
request. The records are the server's own, written by it."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from warjudge.server.gameread import GameRead
from warjudge.server.gamewrite import GameWrite
from warjudge.server.models import GameRow, Seat, User

GAMES_LOOKED_AT = 3   # the player's latest games of the kind read at most, so a request stays small
# built once, like gameread.py's: building a statement costs more than running it
_EARLIER = (select(GameRow.id, GameRow.record).join(Seat, Seat.game_id == GameRow.id)
            .where(Seat.user_id == bindparam("user"), Seat.name == bindparam("seat"),
                   GameRow.game == bindparam("kind"), GameRow.id != bindparam("game"))
            .order_by(GameRow.created_at.desc(), GameRow.id).limit(GAMES_LOOKED_AT))


def last_setup(session: Session, row: GameRow | GameRead | GameWrite, user: User, seat_name: str) -> dict[str, Any] | None:
    """`{"game": id, "placements": …}`: the `deploy` this user's seat `seat_name` sent in
    their latest other game of `row`'s kind that has one; None if none of the last few has."""
    earlier = session.execute(_EARLIER, {"user": user.id, "seat": seat_name, "kind": row.game, "game": row.id})
    for game_id, text in earlier:
        deploy = _deploy_of(text, seat_name)
        if deploy is not None:
            return {"game": game_id, "placements": deploy}
    return None


def _deploy_of(text: str, side: str) -> dict[str, Any] | None:
    """The placements of `side`'s first `deploy` in a stored record's text (None: none, or
    a record that cannot be read)."""
    try:
        actions = json.loads(text).get("actions")
    except (ValueError, AttributeError):
        return None
    for action in actions if isinstance(actions, list) else ():
        if isinstance(action, dict) and action.get("type") == "deploy" and action.get("side") == side:
            placements = action.get("placements")
            return placements if isinstance(placements, dict) else {}
    return None
