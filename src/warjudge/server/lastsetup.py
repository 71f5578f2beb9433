"""A player's set-up in their last game of the same kind on the same side, for "fill the
rest like my last set-up" on the SJG set-up screen (issue 24): kept per user by the server,
so it follows the player to any browser. Only the player's own `deploy` is read from the
other game's record, never anything hidden from them."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from warjudge.core.errors import RecordError
from warjudge.core.record import GameRecord
from warjudge.server.gameread import GameRead
from warjudge.server.gamewrite import GameWrite
from warjudge.server.models import GameRow, Seat, User

GAMES_LOOKED_AT = 3   # the player's latest games of the kind read at most, so a request stays small


def last_setup(session: Session, row: GameRow | GameRead | GameWrite, user: User, seat_name: str) -> dict[str, Any] | None:
    """`{"game": id, "placements": …}`: the `deploy` this user's seat `seat_name` sent in
    their latest other game of `row`'s kind that has one; None if none of the last few has."""
    earlier = session.scalars(
        select(GameRow).join(Seat, Seat.game_id == GameRow.id)
        .where(Seat.user_id == user.id, Seat.name == seat_name, GameRow.game == row.game, GameRow.id != row.id)
        .order_by(GameRow.created_at.desc(), GameRow.id).limit(GAMES_LOOKED_AT))
    for other in earlier:
        try:
            actions = GameRecord.from_json(other.record, f"stored game {other.id}").actions
        except RecordError:
            continue
        for action in actions:
            if action.get("type") == "deploy" and action.get("side") == seat_name:
                return {"game": other.id, "placements": action.get("placements") or {}}
    return None
