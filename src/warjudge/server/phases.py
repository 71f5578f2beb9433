"""Stored phases and saved positions (issue 22): what reads are served from, so that no
read replays a whole game.

A game's record is *folded* into stored state: its actions are played in order on a game
and, where a phase ends (`ends_phase`), that phase is stored once per role (each seat
and the public, which the games master reads too) exactly as the history shows it to that role (`Phase`), the
one visibility filter (`views.view_for`) applied as it is written. Each fold takes at
most `STEP` actions (bounded work, whoever asks) and goes on from where the last one
stopped: from the process's own game at that point, else from the saved position (the
pickled game, saved every `SNAPSHOT_EVERY` actions) and the few actions after it.

The stored state is checked against the record before it is used: the SHA-256 of the
actions it was built from (a roll back makes it start again) and `code()`, the hash of
the package that built it (a new version of warjudge builds everything afresh, so no view
filtered by older code is ever shown, and no pickle is read by other code than wrote it).
A pickle runs code when it is read: the database is trusted (docs/server.md).

Folds happen when a read finds the stored state behind the game (`catch_up`, one per game
at a time in a process), and in the background (`Builder`: old databases, games nobody
reads)."""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import pickle
import threading
import zlib
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import delete, or_, select
from sqlalchemy.orm import Session, defer

import warjudge
from warjudge.core import games
from warjudge.core.errors import WarjudgeError
from warjudge.core.game import GM, Game
from warjudge.core.record import GameRecord
from warjudge.server import cache
from warjudge.server.db import Sessions, locked_game
from warjudge.server.errors import ApiError
from warjudge.server.gameread import GameRead
from warjudge.server.gamewrite import GameWrite
from warjudge.server.models import GamePhase, GameProgress, GameRow
from warjudge.server.views import PUBLIC_ROLE, seen_as, view_for

log = logging.getLogger("warjudge.server")
STEP = 200            # record actions one fold plays at most
SNAPSHOT_EVERY = 50   # a saved position at least this often: a cold load replays fewer actions
CURSORS = 32          # games whose folding game this process keeps between folds
LANGUAGES = ("en", "fr")
Entry = tuple[str, dict[str, Any]]


class Unsplittable(ApiError):
    """A game that replays its record other than through `act` (a legacy record): its
    phases cannot be told apart."""


@functools.cache
def code() -> str:
    """SHA-256 of the package's files (its source and its data): stored state is trusted
    only when this same code built it."""
    root = Path(warjudge.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def asked(game: Game) -> dict[str, str]:
    """Who must act now, and the kind of decision each is asked."""
    return {p: (d.kind if (d := game.decision(p)) else "") for p in game.to_act()}


def phase_key(game: Game) -> tuple[Any, str | None]:
    """Which phase the game is in, told apart from any other (a hex game's phase letters
    come round each turn)."""
    return game.view(None).get("turn"), game.phase_name()


def ends_phase(game: Game, actor: str, before: dict[str, str], key_before: tuple[Any, str | None] | None = None,
               now: dict[str, str] | None = None) -> bool:
    """Did the action just taken by `actor` (when `before` was asked; `now`: `asked(game)`
    after it, if the caller has it) end a phase? Yes if the game ended; for the games
    master, if it moved the game to another phase (from `key_before`: a power's orders
    entered begin none); for a seat, if a seat other than the actor must now act that did
    not before, or a seat still acting is now asked another kind of decision."""
    if game.is_over:
        return True
    if actor == GM:
        return phase_key(game) != key_before
    now = asked(game) if now is None else now
    return bool(set(now) - set(before) - {actor}) or any(before.get(p, kind) != kind for p, kind in now.items())


@dataclass(frozen=True)
class Progress:
    """Where the stored state of a game stands."""

    version: int | None   # the game's version it covers whole (None: not yet)
    phases: int
    to_act: tuple[str, ...]
    is_over: bool
    names: dict[str, Any]

    @classmethod
    def of(cls, stored: GameProgress) -> "Progress":
        return cls(stored.version, stored.phases, tuple(json.loads(stored.to_act)), stored.is_over,
                   json.loads(stored.names))


def stored_progress(session: Session, game_id: str) -> Progress | None:
    """The game's stored progress if this code built it (its saved position not read)."""
    return stored_progresses(session, [game_id]).get(game_id)


def stored_progresses(session: Session, game_ids: list[str]) -> dict[str, Progress]:
    """The stored progress of each of these games that this code built, in one query."""
    found = session.scalars(select(GameProgress).where(GameProgress.game_id.in_(game_ids))
                            .options(defer(GameProgress.state)))
    return {p.game_id: Progress.of(p) for p in found if p.code == code()}


def stored_phases(session: Session, game_id: str, role: str, first: int, count: int) -> list[dict[str, Any]]:
    """Stored phases `first` to `first + count - 1` as `role` sees them."""
    rows = session.scalars(select(GamePhase.data).where(
        GamePhase.game_id == game_id, GamePhase.role == seen_as(role), GamePhase.n >= first,
        GamePhase.n < first + count).order_by(GamePhase.n))
    return [json.loads(data) for data in rows]


def _digest(record: GameRecord, entries: list[Entry]) -> str:
    """What stored state was built from: these actions under the record's dice (its
    reseeds: after a roll back the same actions may roll other dice)."""
    dice = [[r.roll, r.seed] for r in record.reseeds]
    return hashlib.sha256(json.dumps([dice, entries], sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _entries(record: GameRecord, game_id: str) -> list[Entry]:
    try:
        listing = games.entries(record)
    except WarjudgeError as exc:
        raise ApiError(409, "api.not_replayable", game=game_id, detail=str(exc)) from None
    except Exception as exc:  # noqa: BLE001 - a damaged record is an error, never a crash
        raise ApiError(409, "api.not_replayable_bug", game=game_id, kind=type(exc).__name__, detail=str(exc)) from None
    if listing is None:
        raise Unsplittable(409, "api.unsplittable", kind=record.game)
    return listing


def _held_record(game_id: str, version: int) -> GameRecord | None:
    """The record of this process's loaded game at `version` (`cache.py`: a change made here
    keeps it), not parsed again from the row: a copy in O(1), which goes on from the record
    the last fold of the game listed (`_listed`). None if the cache holds no such game free."""
    entry = cache.GAMES.borrow(game_id, version, wait=0)
    if entry is None:
        return None
    try:
        return entry.game.record.copy()
    finally:
        cache.GAMES.give_back(game_id, entry, entry.version)


_listings: OrderedDict[str, tuple[object, list[Entry]]] = OrderedDict()   # game id -> (record marker, entries)


def _listed(game_id: str, record: GameRecord) -> list[Entry]:
    """The record's (player, action) entries: when it goes on from the record the game's last
    fold listed (the same loaded game, changed since), that listing and its new actions'
    only, so a long game's fold lists what it folds, not the whole record; else all."""
    with _cursors_lock:
        marker, listed = _listings.pop(game_id, (None, []))
    new = record.actions_after(marker, len(listed)) if marker is not None else None
    if new is None:
        entries = _entries(record, game_id)
    else:
        tail = record.restarted()
        for action in new:
            tail.append(action)
        entries = listed + (_entries(tail, game_id) if new else [])
    with _cursors_lock:
        _listings[game_id] = (record.marker(), entries)
        while len(_listings) > CURSORS:
            _listings.popitem(last=False)
    return entries


def _parsed(text: str, game_id: str) -> GameRecord:
    try:
        return GameRecord.from_json(text, f"stored game {game_id}")
    except WarjudgeError as exc:
        raise ApiError(409, "api.not_replayable", game=game_id, detail=str(exc)) from None


def _played(game: Game, entries: list[Entry], game_id: str) -> None:
    for player, action in entries:
        try:
            game.act(player, action)
        except Exception as exc:  # noqa: BLE001 - as games.load: a record that does not replay is an error
            raise ApiError(409, "api.not_replayable_bug", game=game_id, kind=type(exc).__name__, detail=str(exc)) from None


def _unpickled(state: bytes) -> Game:
    game: Game = pickle.loads(zlib.decompress(state))   # noqa: S301 - written by this code (`code()`), trusted DB
    return game


def restored(session: Session, row: GameRow | GameRead | GameWrite, record: GameRecord, most: int) -> Game | None:
    """The row's game from its saved position and the record's actions after it (at most
    `SNAPSHOT_EVERY` and a fold's lag); None when there is no saved position this code
    wrote for this record, or when it is more than `most` actions behind."""
    stored = session.get(GameProgress, row.id)
    if stored is None or stored.code != code():
        return None
    entries = games.entries(record)
    if entries is None or not 0 <= len(entries) - stored.state_actions <= most or \
            _digest(record, entries[:stored.state_actions]) != stored.state_digest:
        return None
    game = _saved(session, row.id)
    if game is not None:
        _played(game, entries[stored.state_actions:], row.id)
    return game


@dataclass
class _Fold:
    """A fold under way: the game after `actions` record actions and what it produced."""

    game: Game
    actions: int
    phases: int
    phase_start: int
    state_actions: int
    rows: list[GamePhase]

    def close(self, game_id: str, entries: list[Entry]) -> None:
        """The phase under way ends here: stored once per role, as that role sees it."""
        game, outcome = self.game, self.game.outcome()
        done = entries[self.phase_start:self.actions]
        for role in [*game.players, PUBLIC_ROLE]:
            entry = {"n": self.phases, "actions": [{"player": p, "action": a} for p, a in done if role == p],
                     "view": view_for(game, role), "to_act": list(game.to_act()), "is_over": outcome is not None,
                     "outcome": outcome.to_json() if outcome else None}
            self.rows.append(GamePhase(game_id=game_id, n=self.phases, role=role, data=json.dumps(entry)))
        self.phases, self.phase_start = self.phases + 1, self.actions

    def play(self, game_id: str, entries: list[Entry], upto: int) -> None:
        before = asked(self.game)
        for player, action in entries[self.actions:upto]:
            key = phase_key(self.game) if player == GM else None
            _played(self.game, [(player, action)], game_id)
            self.actions += 1
            now = asked(self.game)   # once per action: the next one's `before` too
            if ends_phase(self.game, player, before, key, now):
                self.close(game_id, entries)
            before = now


_cursors: OrderedDict[str, tuple[int, str, Game]] = OrderedDict()   # game id -> (actions, digest, game)
_cursors_lock = threading.Lock()
_folding = [threading.Lock() for _ in range(64)]   # one fold per game at a time in this process


def _cursor(game_id: str, actions: int, digest: str) -> Game | None:
    with _cursors_lock:
        kept = _cursors.pop(game_id, None)
    return kept[2] if kept and kept[:2] == (actions, digest) else None


def _keep_cursor(game_id: str, actions: int, digest: str, game: Game) -> None:
    with _cursors_lock:
        _cursors[game_id] = (actions, digest, game)
        while len(_cursors) > CURSORS:
            _cursors.popitem(last=False)


def _saved(session: Session, game_id: str) -> Game | None:
    state = session.scalar(select(GameProgress.state).where(GameProgress.game_id == game_id))
    try:
        return _unpickled(state) if state is not None else None
    except Exception:  # noqa: BLE001 - a damaged saved position: the record is the truth
        log.exception("the saved position of game %s cannot be read; folding its record afresh", game_id)
        return None


def _resumed(session: Session, game_id: str, stored: GameProgress | None, record: GameRecord,
             entries: list[Entry]) -> _Fold:
    """Where the stored state leaves off, if it matches the record; else the start."""
    if stored is not None and stored.code == code() and stored.actions <= len(entries) and \
            _digest(record, entries[:stored.actions]) == stored.digest:
        game = _cursor(game_id, stored.actions, stored.digest) or _saved(session, game_id)
        if game is not None:
            if game.record.action_count() < stored.actions:   # the saved position, not the cursor
                _played(game, entries[stored.state_actions:stored.actions], game_id)
            return _Fold(game, stored.actions, stored.phases, stored.phase_start, stored.state_actions, [])
    try:
        start = games.load(record.restarted())   # its reseeds too: a roll back's fresh dice
    except WarjudgeError as exc:
        raise ApiError(409, "api.not_replayable", game=game_id, detail=str(exc)) from None
    fold = _Fold(start, 0, 0, 0, -1, [])
    fold.close(game_id, entries)   # phase 0: the start
    return fold


_wanted: OrderedDict[str, None] = OrderedDict()   # games a request could not load: folded first
WANTED = 256


def being_prepared(game_id: str) -> ApiError:
    """A request found the game too long to load from its stored state (an old database's
    game, or after an upgrade): the background fold takes it first, and the request is
    told to come back (503, Retry-After) rather than replaying it."""
    with _cursors_lock:
        _wanted[game_id] = None
        while len(_wanted) > WANTED:
            _wanted.popitem(last=False)
    return ApiError(503, "api.being_prepared", {"Retry-After": "2"}, game=game_id)


def _take_wanted(most: int) -> list[str]:
    with _cursors_lock:
        return [_wanted.popitem(last=False)[0] for _ in range(min(most, len(_wanted)))]


def catch_up(sessions: Sessions, game_id: str, wait: bool = True) -> Progress | None:
    """Fold at most `STEP` more of the game's actions into its stored state (nothing if it
    is up to date); the progress stored after (still behind if the game is longer). With
    `wait` False, None at once if this process is folding the game already."""
    folding = _folding[hash(game_id) % len(_folding)]
    if not folding.acquire(blocking=wait):
        return None
    try:
        return _caught_up(sessions, game_id)
    finally:
        folding.release()


def _caught_up(sessions: Sessions, game_id: str) -> Progress:
    with sessions.reading() as session:
        row = session.get(GameRow, game_id)
        if row is None:
            raise ApiError(404, "api.no_game", game=game_id)
        version, text = row.version, row.record
        stored = session.scalars(select(GameProgress).where(GameProgress.game_id == game_id)
                                 .options(defer(GameProgress.state))).first()
        if stored is not None and stored.code == code() and stored.version == version:
            return Progress.of(stored)
        seen = (stored.code, stored.actions, stored.digest) if stored else None
        record = _held_record(game_id, version) or _parsed(text, game_id)
        entries = _listed(game_id, record)
        fold = _resumed(session, game_id, stored, record, entries)
    fold.play(game_id, entries, min(len(entries), fold.actions + STEP))
    return _store(sessions, game_id, seen, fold, record, entries, version)


def _store(sessions: Sessions, game_id: str, seen: tuple[str, int, str] | None, fold: _Fold,
           record: GameRecord, entries: list[Entry], version: int) -> Progress:
    game, whole = fold.game, fold.actions == len(entries)
    digest = _digest(record, entries[:fold.actions])
    saving = fold.state_actions < 0 or fold.actions - fold.state_actions >= SNAPSHOT_EVERY or \
        (game.is_over and fold.actions != fold.state_actions)
    # pickled before the write lock is taken: a large map's game takes a second or more
    state = zlib.compress(pickle.dumps(game, protocol=pickle.HIGHEST_PROTOCOL), 1) if saving else None
    with sessions.begin() as session:
        if locked_game(session, game_id) is None:
            raise ApiError(404, "api.no_game", game=game_id)
        now = session.scalars(select(GameProgress).where(GameProgress.game_id == game_id)
                              .options(defer(GameProgress.state))).first()
        if (now and (now.code, now.actions, now.digest)) != (seen or None):   # another fold got there first
            if now is None or now.code != code():
                raise ApiError(503, "api.phases_changed", {"Retry-After": "1"}, game=game_id)
            return Progress.of(now)
        if fold.state_actions < 0:   # folded from the start: whatever was stored is not this record's
            session.execute(delete(GamePhase).where(GamePhase.game_id == game_id))
        session.add_all(fold.rows)
        if now is None:
            now = GameProgress(game_id=game_id)
            session.add(now)
        now.code, now.version, now.actions, now.digest = code(), version if whole else None, fold.actions, digest
        now.phases, now.phase_start, now.is_over = fold.phases, fold.phase_start, game.is_over
        now.to_act = json.dumps(list(game.to_act()))
        now.names = json.dumps({lang: game.seat_names(lang) for lang in LANGUAGES})
        if state is not None:
            now.state, now.state_actions, now.state_digest = state, fold.actions, digest
        progress = Progress.of(now)
    _keep_cursor(game_id, fold.actions, digest, game)
    return progress


def behind(sessions: Sessions, limit: int, skip: set[tuple[str, int]]) -> list[str]:
    """Games whose stored state does not cover their current version (or was built by
    other code), but for those (id, version) in `skip`."""
    with sessions.reading() as session:
        query = select(GameRow.id, GameRow.version).outerjoin(GameProgress, GameProgress.game_id == GameRow.id).where(or_(
            GameProgress.game_id.is_(None), GameProgress.code != code(), GameProgress.version.is_(None),
            GameProgress.version != GameRow.version)).order_by(GameRow.updated_at.desc())
        return [game_id for game_id, version in session.execute(query) if (game_id, version) not in skip][:limit]


class Builder:
    """The background fold: every `interval` seconds, one step for each of a few games that
    are behind (an old database's games, games nobody reads), so reads find them ready."""

    def __init__(self, sessions: Sessions, interval: float, games_per_look: int = 4):
        self.sessions, self.interval, self.games_per_look = sessions, interval, games_per_look
        self._stop = threading.Event()
        self._failed: set[tuple[str, int]] = set()   # (game, version) that cannot be replayed: not tried again
        self._thread = threading.Thread(target=self._run, name="warjudge-phases", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                self.look()
            except Exception:  # noqa: BLE001 - a database hiccup must not end the folding for good
                log.exception("folding stored phases failed; trying again")

    def look(self) -> None:
        """One step for each of `games_per_look` games: those a request could not load
        first (`being_prepared`), then those most recently changed."""
        wanted = _take_wanted(self.games_per_look)
        for game_id in wanted + behind(self.sessions, self.games_per_look - len(wanted), self._failed):
            try:
                catch_up(self.sessions, game_id)
            except ApiError as exc:   # a game that cannot be replayed stays as it is
                log.error("stored phases of game %s: %s", game_id, exc.message)
                with self.sessions.reading() as session:
                    version = session.scalar(select(GameRow.version).where(GameRow.id == game_id))
                self._failed.add((game_id, version or 0))
