"""The browser UI: server-rendered pages (Jinja2) and small plain scripts that call the
same JSON API as every other client, so a browser can never see more than a seat's view
(docs/web-ui.md says why there is no build step).

Signing in sets an HttpOnly, Secure, SameSite=Lax cookie holding a session token (a row
of the tokens table, revoked at sign-out; `account.py`); every page that can change
anything carries the session's CSRF token for its scripts (`auth.bearer_or_cookie` checks
it on the API)."""

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from warjudge.server.accounts import Accounts
from warjudge.server.web import account, game_pages, pages
from warjudge.server.web.rendering import HERE, error_page


def install(app: FastAPI, users: Accounts) -> None:
    """The pages' routers, their static files, and errors shown as pages (errors.py)."""
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    app.state.error_page = error_page
    app.state.users = users   # the account pages' steps (account.py)
    app.include_router(pages.router)
    app.include_router(account.router)
    app.include_router(game_pages.router)
    app.include_router(game_pages.api)


__all__ = ["install"]
