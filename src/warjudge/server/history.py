"""History (issue 13): every finished phase of a game, as each caller may see it.

The record is replayed through the game's own `from_record` (so through `core.games.replay`
and `act`, the path live play takes) with every top-level `act` observed. A phase ends
(`ends_phase`) where the server's deadlines say one begins (`play.settle`: the games
master acted, the game ended, a seat other than the actor must now act that did not
before) and also where a seat still acting is asked another kind of decision (a hex
game's movement, then its combat: one side's turn holds several phases). At each end,
and at the start (phase 0), the views of every seat and of the public
are taken; a caller then gets its role's view, the actions of the phase that role may see
(its own; anyone else, the games master included, none: what others did reaches a seat
only through its views), and the phase's results as its view shows them. Actions of the
phase still under way are in no entry.

Replays are cached per game (the newest record's only, in a bounded LRU), so a history
costs one replay per new version of the game, however many seats ask."""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Path

from warjudge.core import games
from warjudge.core.errors import RecordError, WarjudgeError
from warjudge.core.events import localised
from warjudge.core.game import GM, Game
from warjudge.core.record import GameRecord
from warjudge.server import play
from warjudge.server.access import Bearer, Credentials, GameId, LangQuery, SeatQuery, game_row, maybe_caller
from warjudge.server.db import Sessions
from warjudge.server.errors import ApiError
from warjudge.server.models import GameRow
from warjudge.server.views import PUBLIC_ROLE, seen_as, view_for

CACHED_GAMES = 16   # games whose phases are kept (each holds every role's view of every phase)


@dataclass(frozen=True)
class Phase:
    n: int
    actions: tuple[tuple[str, dict[str, Any]], ...]   # (player, action), in the order taken
    views: dict[str, Any]                              # role -> its view at the phase's end
    to_act: tuple[str, ...]
    outcome: dict[str, Any] | None

    def seen_by(self, role: str) -> dict[str, Any]:
        role = seen_as(role)
        actions = [{"player": p, "action": a} for p, a in self.actions if role == p]
        return {"n": self.n, "actions": actions, "view": self.views[role], "to_act": list(self.to_act),
                "is_over": self.outcome is not None, "outcome": self.outcome}


def _frozen(value: Any) -> Any:
    return json.loads(json.dumps(value))


def asked(game: Game) -> dict[str, str]:
    """Who must act now, and the kind of decision each is asked."""
    return {p: (d.kind if (d := game.decision(p)) else "") for p in game.to_act()}


def ends_phase(game: Game, actor: str, before: dict[str, str]) -> bool:
    """Did the action just taken by `actor` (when `before` was asked) end a phase? Yes if
    the games master acted, the game ended, a seat other than the actor must now act that
    did not before, or a seat still acting is now asked another kind of decision."""
    now = asked(game)
    return actor == GM or game.is_over or bool(set(now) - set(before) - {actor}) or \
        any(before.get(p, kind) != kind for p, kind in now.items())


class _Splitter:
    """Watches a replay: collects each top-level action and closes a phase where one ends."""

    def __init__(self) -> None:
        self.phases: list[Phase] = []
        self.pending: list[tuple[str, dict[str, Any]]] = []
        self.observed = 0
        self.depth = 0

    def close(self, game: Game) -> None:
        roles = [*game.players, PUBLIC_ROLE]
        outcome = game.outcome()
        self.phases.append(Phase(len(self.phases), tuple(self.pending),
                                 {r: _frozen(view_for(game, r)) for r in roles},
                                 tuple(game.to_act()), outcome.to_json() if outcome else None))
        self.pending = []

    def observing(self, cls: Any) -> Any:
        splitter = self

        class Observed(cls):
            def act(self, player: str, action: dict[str, Any]) -> None:
                if splitter.depth:   # an act inside an act (a GM's process) is part of the outer one
                    return super().act(player, action)
                if not splitter.phases:
                    splitter.close(self)
                before = asked(self)
                splitter.depth += 1
                try:
                    super().act(player, action)
                finally:
                    splitter.depth -= 1
                splitter.observed += 1
                splitter.pending.append((player, _frozen(action)))
                if ends_phase(self, player, before):
                    splitter.close(self)

        return Observed


@dataclass(frozen=True)
class Replay:
    """A stored game's phases, and where it stands now (for the live updates)."""

    phases: list[Phase]
    to_act: tuple[str, ...]
    is_over: bool


def split(record: GameRecord) -> Replay:
    """The record's phases (0 is the start, then every finished phase) and where it stands."""
    splitter = _Splitter()
    cls = splitter.observing(games.info(record.game).game_class())
    try:
        game = cls.from_record(record)
    except WarjudgeError:
        raise
    except Exception as exc:  # noqa: BLE001 - as games.load: a damaged record is an error, never a crash
        raise RecordError(f"the {record.game} record cannot be replayed ({type(exc).__name__}: {exc})") from None
    if splitter.observed != record.action_count():
        raise ApiError(409, f"the {record.game} game replays its record without `act`, so its phases "
                            "cannot be told apart: its history cannot be shown")
    if not splitter.phases:
        splitter.close(game)
    return Replay(splitter.phases, tuple(game.to_act()), game.is_over)


_cache: OrderedDict[str, tuple[str, Replay]] = OrderedDict()   # game id -> (its record's hash, replay)
_lock = threading.Lock()


def replayed(row: GameRow) -> Replay:
    digest = hashlib.sha256(row.record.encode("utf-8")).hexdigest()
    with _lock:
        cached = _cache.get(row.id)
        if cached and cached[0] == digest:
            _cache.move_to_end(row.id)
            return cached[1]
    try:
        found = split(GameRecord.from_json(row.record, f"stored game {row.id}"))
    except WarjudgeError as exc:
        raise ApiError(409, f"game {row.id} cannot be replayed: {exc}") from None
    with _lock:
        _cache[row.id] = (digest, found)
        _cache.move_to_end(row.id)
        while len(_cache) > CACHED_GAMES:
            _cache.popitem(last=False)
    return found


def phase_seen_by(row: GameRow, n: int, role: str) -> dict[str, Any]:
    """Finished phase `n` (0: the start) of the stored game as `role` may see it."""
    phases = replayed(row).phases
    if n >= len(phases):
        raise ApiError(404, f"game {row.id} has {len(phases)} phases so far (0 to {len(phases) - 1})")
    return phases[n].seen_by(role)


def router(sessions: Sessions) -> APIRouter:
    api = APIRouter(tags=["history"])

    def read(game_id: str, seat: str | None, credentials: Credentials,
             lang: str) -> tuple[str, list[Phase], dict[str, str] | None]:
        with sessions.reading() as session:
            user = maybe_caller(session, credentials)
            row = game_row(session, game_id)
            role = play.role(row, user, seat)
        return role, replayed(row).phases, play.seat_names(play.load(row), lang)

    @api.get("/api/games/{game_id}/history")
    def history(game_id: GameId, seat: str | None = SeatQuery, lang: str = LangQuery,
                credentials: Credentials = Bearer) -> dict[str, Any]:
        """Every finished phase (0: the start) as the caller's seat may see it, its
        reasons worded in `lang`."""
        role, phases, names = read(game_id, seat, credentials, lang)
        return {"seat": role, "phases": [localised(p.seen_by(role), lang, names) for p in phases]}

    @api.get("/api/games/{game_id}/history/{n}")
    def history_entry(game_id: GameId, n: int = Path(ge=0, le=2**31), seat: str | None = SeatQuery,
                      lang: str = LangQuery, credentials: Credentials = Bearer) -> dict[str, Any]:
        """One finished phase (0: the start) as the caller's seat may see it, its reasons
        worded in `lang`."""
        with sessions.reading() as session:
            user = maybe_caller(session, credentials)
            row = game_row(session, game_id)
            role = play.role(row, user, seat)
        return {"seat": role} | localised(phase_seen_by(row, n, role), lang, play.seat_names(play.load(row), lang))

    return api
