"""Tokens that expire, a list of one's tokens that never shows a secret again, revoking
one or all of them, and a password change that revokes every other token (issue 22,
finding 10); a token checked is taken for a second without asking the database again
(issue 22's load). Each test runs on SQLite and PostgreSQL."""

from __future__ import annotations

import time

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect, select, text

from tests.server.conftest import PASSWORD, Player, is_token_read, sent_statements, sign_up
from warjudge.server import accounts, auth, db, known_tokens
from warjudge.server.app import create_app
from warjudge.server.models import Token, User
from fastapi.testclient import TestClient

NEW_PASSWORD = "a brand new password"


def _second_token(client, player: Player, password: str = PASSWORD) -> Player:
    answer = client.post("/api/tokens", json={"name": player.name, "password": password})
    assert answer.status_code == 200, answer.text
    return Player(client, player.name, answer.json()["token"])


def test_a_token_expires_after_the_servers_token_lifetime(client, clock):
    ann = sign_up(client, "ann")
    listed = ann.ok("get", "/api/tokens")["tokens"]
    assert listed[0]["expires_at"] == clock.now + auth.TOKEN_DAYS * 86400
    clock.now += auth.TOKEN_DAYS * 86400 - 1
    assert ann.get("/api/games").status_code == 200
    clock.now += 1
    expired = ann.get("/api/tokens")
    assert expired.status_code == 401 and "expired" in expired.json()["error"]


def test_the_token_lifetime_is_configurable(database_url, clock):
    with TestClient(create_app(database_url, token_days=1)) as client:
        ann = sign_up(client, "ann")
        clock.now += 86400
        assert ann.get("/api/tokens").status_code == 401


def test_the_list_of_tokens_never_shows_a_secret(client, clock):
    ann = sign_up(client, "ann")
    other = _second_token(client, ann)
    clock.now += 3600
    listed = other.ok("get", "/api/tokens")["tokens"]
    assert [t["current"] for t in listed] == [True, False]
    assert [t["prefix"] for t in listed] == [other.token[:8], ann.token[:8]]
    assert [t["last_used_at"] for t in listed] == [clock.now - 3600] * 2    # at sign-in
    clock.now += 60
    listed = other.ok("get", "/api/tokens")["tokens"]
    assert [t["last_used_at"] for t in listed] == [clock.now - 60, clock.now - 3660]   # the last request
    for token in (ann.token, other.token):
        assert token not in str(listed) and auth.token_hash(token) not in str(listed)
    assert {t["kind"] for t in listed} == {"api"}
    assert sign_up(client, "bob").ok("get", "/api/tokens")["tokens"][0]["id"] not in [t["id"] for t in listed]


def test_revoking_a_token_ends_it_and_only_ones_own(client):
    ann, bob = sign_up(client, "ann"), sign_up(client, "bob")
    other = _second_token(client, ann)
    other_id = other.ok("get", "/api/tokens")["tokens"][0]["id"]
    assert client.delete(f"/api/tokens/{2**64}", headers=ann.headers).status_code == 422   # no such id can exist
    refused = client.delete(f"/api/tokens/{other_id}", headers=bob.headers)
    assert refused.status_code == 404 and other.get("/api/tokens").status_code == 200
    assert client.delete(f"/api/tokens/{other_id}", headers=ann.headers).status_code == 204
    assert other.get("/api/tokens").status_code == 401
    assert [t["current"] for t in ann.ok("get", "/api/tokens")["tokens"]] == [True]


def test_signing_out_everywhere_revokes_every_token(client):
    ann, bob = sign_up(client, "ann"), sign_up(client, "bob")
    other = _second_token(client, ann)
    answer = client.delete("/api/tokens", headers=ann.headers)
    assert answer.status_code == 200 and answer.json() == {"revoked": 2}
    assert ann.get("/api/tokens").status_code == 401 and other.get("/api/tokens").status_code == 401
    assert bob.get("/api/tokens").status_code == 200


def test_a_password_change_needs_the_old_password_and_revokes_every_other_token(client):
    ann = sign_up(client, "ann")
    other = _second_token(client, ann)
    wrong = ann.post("/api/password", {"old_password": "not it at all", "new_password": NEW_PASSWORD})
    assert wrong.status_code == 403 and other.get("/api/tokens").status_code == 200
    short = ann.post("/api/password", {"old_password": PASSWORD, "new_password": "short"})
    assert short.status_code == 422
    changed = ann.post("/api/password", {"old_password": PASSWORD, "new_password": NEW_PASSWORD})
    assert changed.status_code == 200 and changed.json() == {"revoked": 1}
    assert other.get("/api/tokens").status_code == 401 and ann.get("/api/tokens").status_code == 200
    assert client.post("/api/tokens", json={"name": "ann", "password": PASSWORD}).status_code == 401
    _second_token(client, ann, NEW_PASSWORD)


def test_tokens_of_a_database_made_before_expiry_still_work_and_now_expire(database_url):
    engine = db.make_engine(database_url)
    config = Config()
    config.set_main_option("script_location", str(db.MIGRATIONS))
    before = ScriptDirectory.from_config(config).get_revision("0005_auth").down_revision   # the schema before expiry
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        if inspect(connection).has_table("alembic_version"):   # PostgreSQL's: migrated once for the session
            command.downgrade(config, before)
        else:
            command.upgrade(config, before)
    with engine.begin() as connection:
        connection.execute(text("INSERT INTO users (name, password_hash, created_at) VALUES ('old', 'x', :t)"),
                           {"t": "2026-01-01 00:00:00"})
        connection.execute(text("INSERT INTO tokens (user_id, token_hash, created_at) SELECT id, :h, :t FROM users"),
                           {"h": auth.token_hash("an old token"), "t": "2026-01-01 00:00:00"})
    engine.dispose()
    with TestClient(create_app(database_url)) as client:
        old = Player(client, "old", "an old token")
        [listed] = old.ok("get", "/api/tokens")["tokens"]
        assert listed["prefix"] is None and listed["kind"] == "api"
        assert 29 * 86400 < listed["expires_at"] - time.time() <= 30 * 86400


def test_the_list_of_tokens_is_bounded(client, monkeypatch):
    """Issue 22, no request does unbounded work: signing in again and again adds tokens,
    the list shows the newest `TOKENS_LISTED` of them."""
    monkeypatch.setattr(accounts, "TOKENS_LISTED", 2)
    ann = sign_up(client, "ann")
    newest = [_second_token(client, ann) for _ in range(2)][-1]
    listed = newest.ok("get", "/api/tokens")["tokens"]
    assert len(listed) == 2 and listed[0]["current"]


def _token_reads(client, requests) -> int:
    """How many times the requests made read a token from the database."""
    return len([s for s in sent_statements(client.app.state.engine, requests) if is_token_read(s)])


def test_a_checked_token_is_not_read_again_for_a_second(client, monkeypatch):
    """A request's caller cost a query each time (issue 22): a token checked is taken for
    `known_tokens.MEMORY` seconds without asking the database, then read again."""
    ann = sign_up(client, "ann")
    now = [1000.0]
    monkeypatch.setattr(known_tokens, "monotonic", lambda: now[0])
    assert _token_reads(client, lambda: [ann.ok("get", "/api/tokens") for _ in range(3)]) == 1
    now[0] += known_tokens.MEMORY
    assert _token_reads(client, lambda: ann.ok("get", "/api/tokens")) == 1


def test_a_token_revoked_by_another_process_is_refused_within_a_second(client, monkeypatch):
    """Another server process on the same database revokes a token: this one, which checked
    it, takes it for at most `known_tokens.MEMORY` seconds more (docs/server.md)."""
    ann = sign_up(client, "ann")
    now = [1000.0]
    monkeypatch.setattr(known_tokens, "monotonic", lambda: now[0])
    ann.ok("get", "/api/tokens")
    with client.app.state.engine.begin() as elsewhere:
        elsewhere.execute(text("DELETE FROM tokens"))
    now[0] += known_tokens.MEMORY - 0.01
    assert ann.get("/api/tokens").status_code == 200
    now[0] += 0.01
    assert ann.get("/api/tokens").status_code == 401


def test_a_token_revoked_here_while_another_request_reads_it_is_not_remembered(client):
    """A check that read the token before its revocation committed must not remember it after."""
    ann = sign_up(client, "ann")
    known = known_tokens.of(client.app.state.sessions())
    generation = known.generation
    with client.app.state.sessions.begin() as session:
        user = session.scalars(select(User).where(User.name == "ann")).one()
        token = session.scalars(select(Token).where(Token.user_id == user.id)).one()
        known.forget_all()   # a revocation committing meanwhile
        known.keep(auth.token_hash(ann.token), known_tokens.checked(user, token.id, token.expires_at, None), generation)
    assert known.get(auth.token_hash(ann.token)) is None


def test_an_expired_token_s_row_is_deleted_at_the_account_s_next_sign_in(client, clock, database_url):
    """docs/server.md: expired tokens do not pile up in the database."""
    ann = sign_up(client, "ann")
    clock.now += auth.TOKEN_DAYS * 86400
    hashes = select(Token.token_hash).where(Token.token_hash == auth.token_hash(ann.token))
    with create_engine(database_url).connect() as connection:
        assert connection.execute(hashes).all()   # expired, still stored
    assert client.post("/api/tokens", json={"name": "ann", "password": PASSWORD}).status_code == 200
    with create_engine(database_url).connect() as connection:
        assert connection.execute(hashes).all() == []
