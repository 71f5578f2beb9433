"""The HTTP API (issue 13's routes, exactly). Every route that changes a game runs in one
transaction holding that game's lock (`db.locked_game`); every game is served through the
registry, with no game-specific code here."""

from __future__ import annotations

import json
import time
from contextlib import asynccontextmanager, contextmanager
from functools import partial
from typing import Any, AsyncIterator, Callable, Iterator

from fastapi import Depends, FastAPI, Query, Response
from fastapi.security import HTTPAuthorizationCredentials
from fastapi_offline import FastAPIOffline
from sqlalchemy import select
from sqlalchemy.orm import Session

from warjudge.core import games
from warjudge.core.events import localised
from warjudge.presentation import choices
from warjudge.server import accounts, auth, bots, botturns, cache, db, errors, history, live, mail, play, press, ratelimit, web
from warjudge.server.access import GameId, LangQuery, SeatPath
from warjudge.server.errors import ApiError
from warjudge.server.limits import RequestLimits
from warjudge.server.models import GameRequest, GameRow, User
from warjudge.server.phases import Builder
from warjudge.server.scheduler import Scheduler, run_due
from warjudge.server.deadlines import PhaseRules
from warjudge.server.schemas import (ActionRequest, BotRequest, Claim, Extension, GmAction, NewGame, SetupRequest,
                                     ReadyRequest, Replacement, RollBack)
from warjudge.server.views import view_for
from warjudge.server.web.pages import is_mine, newest_page

Bearer = Depends(auth.bearer_or_cookie)   # a bearer token, or a browser's cookie with its CSRF token
LIST_DEFAULT, LIST_MAX = 50, 200   # games a page of GET /api/games lists, by default and at most
SeatQuery = Query(None, max_length=64, description="whose view: one of your seats, or 'public'")


def _summary(row: GameRow, game: Any, user: User | None) -> dict[str, Any]:
    gm = play.is_gm(row, user)
    seats = [{"seat": s.name, "user": s.user.name if s.user else None, "bot": s.bot, "ready": s.ready}
             | ({"invitation": s.invitation} if gm and s.user_id is None and not s.bot else {})
             for s in row.seats]
    outcome = game.outcome()
    return {"id": row.id, "game": row.game, "title": games.info(row.game).title, "open": row.open_seats,
            "version": row.version, "seats": seats, "to_act": list(game.to_act()),
            "waiting": play.waited_for(row, game), "is_over": game.is_over,
            "outcome": outcome.to_json() if outcome else None,
            "phase_seconds": row.phase_seconds, "deadline": row.deadline,
            "clock_waits_for_seats": play.waits_for_seats(row),
            "phase_rules": json.loads(row.phase_rules) if row.phase_rules else None,
            "paused": row.paused_remaining is not None, "paused_remaining": row.paused_remaining,
            "last_nmr": json.loads(row.last_nmr) if row.last_nmr else [],
            "seed_commitments": game.record.commitments(),
            "you": {"gm": gm, "seats": play.held_seats(row, user)}}


def _created(row: GameRow) -> dict[str, Any]:
    """What creating a game answers: its id and each seat's invitation."""
    return {"id": row.id, "game": row.game,
            "seats": [{"seat": s.name, "invitation": s.invitation} for s in row.seats]}


def _legal_of(game_id: str, game: Any, seat: str, lang: str) -> dict[str, Any]:
    """A seat's decision and legal actions with what each costly one forfeits, and in a hex
    game their labels, the pieces' names and the costs worded in `lang` (`choices.worded`);
    `afresh`: once it has given orders, its orders as if it had given none (`play.afresh`)."""
    actions = game.legal_actions(seat)
    costs = play.costs(game, seat, actions)
    worded = game_id in choices.CHOOSERS
    return {"seat": seat, "decision": (d.to_json() if (d := game.decision(seat)) else None), "actions": actions,
            "costs": costs,
            **({"afresh": again} if (again := play.afresh(game, seat, actions)) is not None else {}),
            **(choices.worded(game_id, game, actions, costs, view_for(game, seat), lang) if worded else {})}


def create_app(url: str, migrate: bool = True, deadlines_every: float | None = None,
               limits: ratelimit.Limits | None = None, token_days: float | None = None,
               bot_pace: botturns.Pace | None = None, phases_every: float | None = None,
               smtp: mail.Smtp | None = None) -> FastAPI:
    """The server on the database at `url`; `deadlines_every` (seconds) runs the deadline
    scheduler in this process while the app is up, `bot_pace` the bots' steps at that
    pace, `phases_every` the background fold of stored phases (`phases.Builder`)
    (`warjudge serve` runs all three; without `bot_pace` no bot acts unless a test steps
    them, `botturns.run_due`); the login and sign-up `limits` and the tokens' lifetime in
    days, if not given, from the environment (`WARJUDGE_RATE_LIMITS`,
    `WARJUDGE_TOKEN_DAYS`) or their defaults. With `smtp`, notifications are queued and
    (with `deadlines_every`) sent in the background (`mail.py`); without, none is."""
    engine = db.make_engine(url)
    if migrate:
        db.upgrade(engine)
    sessions = db.sessions(engine)
    mail.configure(smtp)
    bot_threads: list[Scheduler] = []   # while the app is up: woken by a change that leaves a bot to act

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        threads = [Scheduler(partial(run_due, sessions), deadlines_every)] if deadlines_every else []
        if deadlines_every and smtp:
            threads.append(Scheduler(partial(mail.run, sessions), deadlines_every, "warjudge-mail"))
        builder = Builder(sessions, phases_every) if phases_every else None
        if bot_pace:
            bot_threads.append(Scheduler(partial(botturns.run_due, sessions, bot_pace), bot_pace.poll, "warjudge-bots"))
        for thread in threads + bot_threads:
            thread.start()
        if builder:
            builder.start()
        yield
        if builder:
            builder.stop()
        for thread in threads + bot_threads:
            thread.stop()
        bot_threads.clear()

    # the API docs' scripts are served from the fastapi-offline package, not a CDN: these
    # machines may have no internet
    app = FastAPIOffline(title="warjudge play server", version="1", lifespan=lifespan,
                         description="Every registered game, each seat seeing only its own view.")
    app.state.engine, app.state.sessions = engine, sessions
    errors.install(app)
    app.add_middleware(RequestLimits)
    app.add_middleware(auth.RecordTokenUse, begin=sessions.begin)

    @contextmanager
    def transaction() -> Iterator[Session]:
        with sessions.begin() as session:
            yield session

    reading = sessions.reading   # a request that changes nothing takes no write lock

    @contextmanager
    def reading_game(game_id: str) -> Iterator[Session]:
        """A read of one game: its loaded game borrowed before anything is read
        (`cache.reserve`), yet once the read holds its database connection (a borrower
        waiting for a connection that a writer waiting for the game held was a deadlock)."""
        with reading() as session:
            session.connection()   # SQLite's snapshot is only taken at the first read
            cache.reserve(session, game_id)
            yield session

    def caller(session: Session, credentials: HTTPAuthorizationCredentials | None) -> User:
        return auth.user_of_token(session, credentials.credentials if credentials else None)

    def maybe_caller(session: Session, credentials: HTTPAuthorizationCredentials | None) -> User | None:
        return caller(session, credentials) if credentials else None

    def game_row(session: Session, game_id: str, lock: bool = False) -> GameRow:
        row = db.locked_game(session, game_id) if lock else session.get(GameRow, game_id)
        if row is None:
            raise ApiError(404, f"there is no game {game_id!r}")
        return row

    @contextmanager
    def changing(game_id: str, credentials: HTTPAuthorizationCredentials | None) -> Iterator[tuple[User, GameRow]]:
        """The caller and the game's row, locked: one transaction for the whole change."""
        with transaction() as session:
            user = caller(session, credentials)
            row = game_row(session, game_id, lock=True)
            yield user, row
        wake_bots(row)

    @contextmanager
    def as_gm(game_id: str, credentials: HTTPAuthorizationCredentials | None) -> Iterator[tuple[Session, User, GameRow]]:
        """A games master's change: the game's row locked, anyone else refused (403)."""
        with transaction() as session:
            user = caller(session, credentials)
            row = game_row(session, game_id, lock=True)
            play.require_gm(row, user)
            yield session, user, row
        wake_bots(row)

    def wake_bots(row: GameRow) -> None:
        """The change is committed: if it left a bot to act, this process's bots answer now."""
        if row.bots_at is not None:
            for thread in bot_threads:
                thread.wake()

    for extra in (press, history, live):   # press, history and live updates: their own modules
        app.include_router(extra.router(sessions))
    users = accounts.Accounts(transaction, limits or ratelimit.Limits.from_env(),
                              token_days or auth.token_days_from_env())
    app.include_router(accounts.router(users, reading))
    web.install(app, transaction, reading, users)

    @app.get("/api/games-available", tags=["games"])
    def registered() -> list[dict[str, Any]]:
        """The games this server can run (the registry's ids), each with its bots and the
        options a new game may be given (name, kind, help, default, choices, range)."""
        return [{"id": g, "title": games.info(g).title, "bots": bots.names(g), "bot_levels": bots.levels(g),
                 "options": play.offered_options(g)}
                for g in games.ids()]

    @app.post("/api/games", status_code=201, tags=["games"])
    def new_game(body: NewGame, credentials: HTTPAuthorizationCredentials | None = Bearer) -> dict[str, Any]:
        with transaction() as session:
            user = caller(session, credentials)
            made = body.request_key and session.get(GameRequest, (user.id, body.request_key))
            if made:   # the same request again: the game it made
                return _created(game_row(session, made.game_id))
            rules = PhaseRules(body.phase_seconds, body.phase_seconds_by_kind, body.deadline_at)
            row = play.create(session, user, body.game, body.options, body.open, rules)
            session.flush()
            if body.request_key:
                session.add(GameRequest(user_id=user.id, key=body.request_key, game_id=row.id))
            if body.press:
                press.choose(session, row, body.press)
            return _created(row)

    @app.get("/api/games", tags=["games"])
    def list_games(response: Response, credentials: HTTPAuthorizationCredentials | None = Bearer,
                   start: int = Query(0, ge=0, le=2**31, description="how many of the newest games to pass over"),
                   limit: int = Query(LIST_DEFAULT, ge=1, le=LIST_MAX, description="the most games to list"),
                   mine: bool = Query(False, description="only the caller's: as games master or holding a seat")
                   ) -> list[dict[str, Any]]:
        """A page of the games, newest first: a `Link: <…>; rel="next"` header says where
        the next page starts, if there is one."""
        with reading() as session:
            user = maybe_caller(session, credentials)
            if mine and user is None:
                raise ApiError(401, "mine=true: sign in (a bearer token) to list your own games")
            query = select(GameRow).where(is_mine(user)) if mine and user else select(GameRow)
            rows, more = newest_page(session, query, start, limit)
            if more:
                response.headers["Link"] = f'</api/games?start={start + limit}&limit={limit}' \
                                           f'{"&mine=true" if mine else ""}>; rel="next"'
            return [{"id": r.id, "game": r.game, "open": r.open_seats, "you": {"gm": play.is_gm(r, user),
                     "seats": play.held_seats(r, user)},
                     "seats": [{"seat": s.name, "taken": s.user_id is not None or s.bot is not None} for s in r.seats]}
                    for r in rows]

    @app.get("/api/games/{game_id}", tags=["games"])
    def show_game(game_id: GameId, seat: str | None = SeatQuery, lang: str = LangQuery,
                  credentials: HTTPAuthorizationCredentials | None = Bearer) -> dict[str, Any]:
        with reading_game(game_id) as session:
            user = maybe_caller(session, credentials)
            row = game_row(session, game_id)
            game = play.load(row)
            role = play.role(row, user, seat)
            view = view_for(game, role)
            return _summary(row, game, user) | {"view_of": role, "view": view if lang == "en" else localised(view, lang, play.seat_names(game, lang))}

    @app.get("/api/games/{game_id}/legal", tags=["play"])
    def legal(game_id: GameId, seat: str | None = SeatQuery, lang: str = LangQuery,
              credentials: HTTPAuthorizationCredentials | None = Bearer) -> dict[str, Any]:
        """Each held seat's decision and legal actions; in a hex game each action also has
        its `labels` entry, the action worded in `lang` for a person (from the seat's view)."""
        with reading_game(game_id) as session:
            user = caller(session, credentials)
            row = game_row(session, game_id)
            game = play.load(row)
            held = play.held_seats(row, user) if seat is None else [play.require_seat(row, user, seat).name]
            return {"seats": [cache.ANSWERS.get(row, game, ("legal", s, lang), partial(_legal_of, row.game, game, s, lang))
                              for s in held]}

    @app.post("/api/games/{game_id}/preview", tags=["play"])
    def preview(game_id: GameId, body: ActionRequest,
                credentials: HTTPAuthorizationCredentials | None = Bearer) -> dict[str, Any]:
        """What one of the seat's legal actions faces before its dice (odds, modifiers, the
        table row), from the game's own rules; `preview` is null for an action with no dice
        to show. Changes nothing."""
        with reading_game(game_id) as session:
            user = caller(session, credentials)
            return {"preview": play.preview(game_row(session, game_id), user, body.seat, body.action)}

    @app.post("/api/games/{game_id}/setup", tags=["play"])
    def setup(game_id: GameId, body: SetupRequest,
              credentials: HTTPAuthorizationCredentials | None = Bearer) -> dict[str, Any]:
        """A set-up drafted in the seat's page (SJG 9.1, 9.2), checked unit by unit and, with
        `fill`, completed in a named formation or like an earlier set-up: what is placed and
        left, the zone, where each kind left may go, the `deploy` to send once complete.
        Changes nothing."""
        with reading_game(game_id) as session:
            user = caller(session, credentials)
            return play.setup_plan(game_row(session, game_id), user, body.seat, body.placements, body.fill, body.like)

    @app.post("/api/games/{game_id}/seats/{seat}", tags=["seats"])
    def claim_seat(game_id: GameId, seat: SeatPath, body: Claim | None = None,
                   credentials: HTTPAuthorizationCredentials | None = Bearer) -> dict[str, Any]:
        with changing(game_id, credentials) as (user, row):
            play.claim(row, user, seat, body.invitation if body else None)
            return {"seat": seat, "user": user.name}

    @app.post("/api/games/{game_id}/bots", tags=["seats"])
    def seat_bot(game_id: GameId, body: BotRequest, credentials: HTTPAuthorizationCredentials | None = Bearer) -> dict[str, Any]:
        with as_gm(game_id, credentials) as (_, _, row):
            play.seat_bot(row, body.seat, body.bot)
            return {"seat": body.seat, "bot": body.bot}

    @app.get("/api/games/{game_id}/bots", tags=["seats"])
    def game_bots(game_id: GameId) -> dict[str, Any]:
        """The bots that can hold a seat of this game (`random` plays every game)."""
        with reading() as session:
            return {"bots": bots.names(game_row(session, game_id).game)}

    @app.post("/api/games/{game_id}/actions", tags=["play"])
    def act(game_id: GameId, body: ActionRequest, lang: str = LangQuery,
            credentials: HTTPAuthorizationCredentials | None = Bearer) -> dict[str, Any]:
        with changing(game_id, credentials) as (user, row):
            return {"results": play.submit(row, user, body.seat, body.action, lang, body.phase),
                    "version": row.version}

    @app.post("/api/games/{game_id}/ready", tags=["play"])
    def ready(game_id: GameId, body: ReadyRequest, credentials: HTTPAuthorizationCredentials | None = Bearer) -> dict[str, Any]:
        """The seat is ready (or, `"ready": false`, no longer: until the deadline it may change its mind)."""
        with changing(game_id, credentials) as (user, row):
            return {"seat": body.seat, "ready": body.ready,
                    "processed": play.mark_ready(row, user, body.seat, body.ready, body.phase)}

    @app.post("/api/games/{game_id}/process", tags=["play"])
    def process(game_id: GameId, credentials: HTTPAuthorizationCredentials | None = Bearer) -> dict[str, Any]:
        with as_gm(game_id, credentials) as (_, _, row):
            if not play.process(row):
                raise ApiError(409, f"game {row.id} has nothing to adjudicate now")
            return {"processed": True, "version": row.version}

    def gm_clock(game_id: str, credentials: HTTPAuthorizationCredentials | None,
                 change: Callable[[GameRow, float], None]) -> dict[str, Any]:
        with as_gm(game_id, credentials) as (_, _, row):
            change(row, time.time())
            return {"deadline": row.deadline, "paused": row.paused_remaining is not None,
                    "paused_remaining": row.paused_remaining, "clock_waits_for_seats": play.waits_for_seats(row)}

    @app.post("/api/games/{game_id}/start", tags=["games master"])
    def start(game_id: GameId, credentials: HTTPAuthorizationCredentials | None = Bearer) -> dict[str, Any]:
        """Games master: start the clock of a game whose seats are not all taken (it starts
        by itself once they are); the free seats miss their deadlines."""
        return gm_clock(game_id, credentials, play.start_now)

    @app.post("/api/games/{game_id}/pause", tags=["games master"])
    def pause(game_id: GameId, credentials: HTTPAuthorizationCredentials | None = Bearer) -> dict[str, Any]:
        """Games master: stop the current phase's clock (the time left waits for the resume)."""
        return gm_clock(game_id, credentials, play.pause)

    @app.post("/api/games/{game_id}/resume", tags=["games master"])
    def resume(game_id: GameId, credentials: HTTPAuthorizationCredentials | None = Bearer) -> dict[str, Any]:
        """Games master: the clock runs again with the time that was left."""
        return gm_clock(game_id, credentials, play.resume)

    @app.post("/api/games/{game_id}/extend", tags=["games master"])
    def extend(game_id: GameId, body: Extension,
               credentials: HTTPAuthorizationCredentials | None = Bearer) -> dict[str, Any]:
        """Games master: the current deadline (or the time left while paused) moves `seconds` on."""
        return gm_clock(game_id, credentials, lambda row, _now: play.extend(row, body.seconds))

    @app.post("/api/games/{game_id}/gm", tags=["games master"])
    def gm_action(game_id: GameId, body: GmAction, credentials: HTTPAuthorizationCredentials | None = Bearer) -> dict[str, Any]:
        """Games master: one of the game's own games-master actions (a draw, the end, `process`)."""
        with as_gm(game_id, credentials) as (_, _, row):
            play.act_as_gm(row, body.action)
            return {"accepted": True, "version": row.version}

    @app.get("/api/games/{game_id}/phases", tags=["games master"])
    def phases(game_id: GameId, credentials: HTTPAuthorizationCredentials | None = Bearer) -> dict[str, Any]:
        """Games master: the phases a roll back may reach (those that began within
        `play.ROLLBACK_REPLAY` actions), each with its name and the number of actions before it."""
        with reading() as session:
            user = caller(session, credentials)
            row = game_row(session, game_id)
            play.require_gm(row, user)
            starts = [start for start in play.phase_starts(row) if start <= play.ROLLBACK_REPLAY]
        names = history.phase_names(sessions, row, len(starts))
        return {"phases": [{"phase": n, "actions_before": a, "name": names[n] if n < len(names) else None}
                           for n, a in enumerate(starts)]}

    @app.post("/api/games/{game_id}/rollback", tags=["games master"])
    def rollback(game_id: GameId, body: RollBack, credentials: HTTPAuthorizationCredentials | None = Bearer) -> dict[str, Any]:
        """Games master: play again from the start of an earlier phase (the actions taken out
        are kept). The game is replayed to there before its row is locked (`play.cut`)."""
        with reading() as session:
            row = game_row(session, game_id)
            play.require_gm(row, caller(session, credentials))
        done = play.cut(row, body.phase)   # no transaction open meanwhile
        with as_gm(game_id, credentials) as (session, user, row):
            play.roll_back(session, row, user, done)
            return {"phase": body.phase, "version": row.version}

    @app.post("/api/games/{game_id}/replace", tags=["games master"])
    def replace(game_id: GameId, body: Replacement, credentials: HTTPAuthorizationCredentials | None = Bearer) -> dict[str, Any]:
        """Games master: another account takes the seat (or it is freed); its old holder loses it."""
        with as_gm(game_id, credentials) as (session, _, row):
            holder = play.user_named(session, body.user) if body.user else None
            play.replace_holder(row, body.seat, holder)
            return {"seat": body.seat, "user": body.user}

    @app.get("/api/games/{game_id}/record", tags=["games"])
    def record(game_id: GameId) -> Any:
        """The whole record, seeds and every secret included, once the game is over, for
        anyone (check it with `warjudge verify`); while it runs, nobody's, the games master's
        and the creator's included: GET …/history is what each may see meanwhile."""
        with reading_game(game_id) as session:
            row = game_row(session, game_id)
            if not play.load(row).is_over:
                raise ApiError(409, f"game {row.id} is not over: its record holds the dice seed and every "
                                    "secret, which stay on the server until it ends (meanwhile GET "
                                    f"/api/games/{row.id}/history is what you may see)")
            return json.loads(row.record)

    return app
