"""The HTTP API (issue 13's routes, exactly), assembled: the database, the background
threads, and each area's router (`routes/`, and the accounts, press, history, live-update
and web pages' own). Every route that changes a game runs in one transaction holding that
game's lock (`db.locked_game`); every game is served through the registry, with no
game-specific code in the server."""

from __future__ import annotations

from contextlib import asynccontextmanager, contextmanager
from functools import partial
from typing import AsyncIterator, Iterator

from anyio import to_thread
from fastapi import FastAPI
from fastapi_offline import FastAPIOffline
from sqlalchemy.orm import Session

from warjudge.server import accounts, auth, botturns, db, errors, history, live, mail, press, ratelimit, web
from warjudge.server.limits import RequestLimits
from warjudge.server.phases import Builder
from warjudge.server.routes import gm, lobby, playing
from warjudge.server.scheduler import Scheduler, run_due
from warjudge.server.schemas import ERRORS


def create_app(url: str, migrate: bool = True, deadlines_every: float | None = None,
               limits: ratelimit.Limits | None = None, token_days: float | None = None,
               bot_pace: botturns.Pace | None = None, phases_every: float | None = None,
               smtp: mail.Smtp | None = None, threads: int | None = None) -> FastAPI:
    """The server on the database at `url`; `deadlines_every` (seconds) runs the deadline
    scheduler in this process while the app is up, `bot_pace` the bots' steps at that
    pace, `phases_every` the background fold of stored phases (`phases.Builder`)
    (`warjudge serve` runs all three; without `bot_pace` no bot acts unless a test steps
    them, `botturns.run_due`); the login and sign-up `limits` and the tokens' lifetime in
    days, if not given, from the environment (`WARJUDGE_RATE_LIMITS`,
    `WARJUDGE_TOKEN_DAYS`) or their defaults. With `smtp`, notifications are queued and
    (with `deadlines_every`) sent in the background (`mail.py`); without, none is. `threads`:
    how many sync route bodies run at once (anyio's default thread pool if None)."""
    engine = db.make_engine(url)
    if migrate:
        db.upgrade(engine)
    sessions = db.sessions(engine)
    mail.configure(smtp)
    bot_threads: list[Scheduler] = []   # while the app is up: woken by a change that leaves a bot to act

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if threads:
            to_thread.current_default_thread_limiter().total_tokens = threads
        schedulers = [Scheduler(partial(run_due, sessions), deadlines_every)] if deadlines_every else []
        if deadlines_every and smtp:
            schedulers.append(Scheduler(partial(mail.run, sessions), deadlines_every, "warjudge-mail"))
        builder = Builder(sessions, phases_every) if phases_every else None
        if bot_pace:
            bot_threads.append(Scheduler(partial(botturns.run_due, sessions, bot_pace, budget=botturns.Budget(bot_pace.alone)),
                                         bot_pace.poll, "warjudge-bots"))
        for thread in schedulers + bot_threads:
            thread.start()
        if builder:
            builder.start()
        yield
        if builder:
            builder.stop()
        for thread in schedulers + bot_threads:
            thread.stop()
        bot_threads.clear()

    # the API docs' scripts are served from the fastapi-offline package, not a CDN: these
    # machines may have no internet
    app = FastAPIOffline(title="warjudge play server", version="1", lifespan=lifespan, responses=ERRORS,
                         description="Every registered game, each seat seeing only its own view.")
    app.state.engine, app.state.sessions, app.state.bot_threads = engine, sessions, bot_threads
    errors.install(app)
    app.add_middleware(RequestLimits)
    app.add_middleware(auth.RecordTokenUse, begin=sessions.begin)

    @contextmanager
    def transaction() -> Iterator[Session]:
        with sessions.begin() as session:
            yield session

    # The API's routes before the pages': a request is matched against the routes in order,
    # and a submission went past every page's first. Playing's first of the API's: its
    # actions, Readies and legal looks are most of the requests, and each route tried
    # before costs them (the route search was about a tenth of a toy submission, issue 22).
    for area in (playing, lobby, gm):
        app.include_router(area.router)
    for extra in (press, history, live):   # press, history and live updates: their own modules
        app.include_router(extra.router(sessions))
    users = accounts.Accounts(transaction, limits or ratelimit.Limits.from_env(),
                              token_days or auth.token_days_from_env())
    app.include_router(accounts.router(users, sessions.reading))
    web.install(app, users)
    return app
