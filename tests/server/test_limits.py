"""Login and sign-up limits (issue 22, findings 5 and 6): shared by every server instance
on the database, counted before the password check so that no concurrent burst gets past
them, never a way for a stranger to lock the owner out, every refusal a 429 with
Retry-After. Each test runs on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from typing import Iterator

import pytest
import uvicorn
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, func, select
from typer.testing import CliRunner

from tests.server.conftest import PASSWORD
from warjudge.cli import app as warjudge_cli
from warjudge.server import auth, cli
from warjudge.server.app import create_app
from warjudge.server.models import RateBucket, User
from warjudge.server.ratelimit import Limits

WRONG = "not the password"


@pytest.fixture
def app(database_url):
    """The server with its default limits (the other server tests raise the sign-up limit)."""
    app = create_app(database_url)
    yield app
    app.state.engine.dispose()


def _from(app, address: str) -> Iterator[TestClient]:
    with TestClient(app, client=(address, 40000)) as client:
        yield client


@pytest.fixture
def owner(app) -> Iterator[TestClient]:
    """The owner of the account "ann", at home."""
    yield from _from(app, "198.51.100.7")


def _login(client: TestClient, name: str, password: str, **kw):
    return client.post("/api/tokens", json={"name": name, "password": password}, **kw)


def _burst(requests) -> list:
    """Every request at the same moment, each in its own thread; their answers."""
    start, answers = threading.Barrier(len(requests)), []

    def run(request):
        start.wait()
        answers.append(request())

    threads = [threading.Thread(target=run, args=(r,)) for r in requests]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def _refused(response) -> bool:
    return response.status_code == 429 and int(response.headers["Retry-After"]) >= 1


def test_a_concurrent_burst_of_wrong_passwords_gets_no_more_than_the_limit_tried(app, owner, database_url,
                                                                                 monkeypatch):
    # issue 22 finding 5: 40 guesses sent at once were all tried against a limit of 5. Half
    # go through a second server instance on the same database, as a second process would.
    monkeypatch.setattr(auth, "HASHER", PasswordHasher(time_cost=1, memory_cost=4096, parallelism=1))
    assert owner.post("/api/users", json={"name": "ann", "password": PASSWORD}).status_code == 201
    with TestClient(create_app(database_url, migrate=False), client=("203.0.113.5", 1)) as second, \
            TestClient(app, client=("203.0.113.5", 2)) as first:
        answers = _burst([lambda c=c: _login(c, "ann", WRONG) for c in (first, second) * 20])
    tried = [a for a in answers if a.status_code == 401]
    assert len(tried) == Limits().login.burst
    assert all(_refused(a) for a in answers if a.status_code != 401), {a.status_code for a in answers}


def test_a_strangers_failures_from_other_addresses_never_lock_the_owner_out(app, owner, clock):
    assert owner.post("/api/users", json={"name": "ann", "password": PASSWORD}).status_code == 201
    for n in range(6):    # a guesser spread over six addresses, each until refused
        for stranger in _from(app, f"203.0.113.{n}"):
            answers = [_login(stranger, "ann", WRONG) for _ in range(6)]
            assert _refused(answers[-1])
    assert _login(owner, "ann", PASSWORD).status_code == 200     # a clean address is never refused
    # the owner's own mistake while the name is under attack slows them down, for a minute at most
    assert _login(owner, "ann", WRONG).status_code == 401
    waiting = _login(owner, "ann", PASSWORD)
    assert _refused(waiting) and int(waiting.headers["Retry-After"]) <= 60
    clock.now += int(waiting.headers["Retry-After"])
    assert _login(owner, "ann", PASSWORD).status_code == 200


def test_a_right_password_is_not_counted_as_a_failure(owner):
    assert owner.post("/api/users", json={"name": "ann", "password": PASSWORD}).status_code == 201
    for _ in range(3 * Limits().login.burst):
        assert _login(owner, "ann", PASSWORD).status_code == 200


def test_spraying_guesses_over_many_names_from_one_address_is_limited(app, owner, clock):
    # issue 22 finding 5: 5 guesses over each of 6 names were never limited. A forged
    # X-Forwarded-For changes nothing: the address is the socket's peer.
    for name in ("ann", "bob", "cid", "dan", "eve", "fay"):
        assert owner.post("/api/users", json={"name": name, "password": PASSWORD}).status_code == 201
        clock.now += Limits().signup.every
    answers = []
    for sprayer in _from(app, "203.0.113.9"):
        for n in range(5):
            for name in ("ann", "bob", "cid", "dan", "eve", "fay"):
                answers.append(_login(sprayer, name, WRONG, headers={"X-Forwarded-For": f"192.0.2.{n}"}))
        assert _refused(_login(sprayer, "ann", PASSWORD))    # even the right password, from that address
    burst = Limits().address.burst
    assert [a.status_code for a in answers[:burst]] == [401] * burst
    assert all(_refused(a) for a in answers[burst:])
    assert _login(owner, "ann", PASSWORD).status_code == 200


def test_sign_ups_are_limited_per_address(app, owner, database_url):
    # issue 22 finding 6: 20 threads made 68 accounts in 15 s
    answers = _burst([lambda n=n: owner.post("/api/users", json={"name": f"u{n}", "password": PASSWORD})
                      for n in range(20)])
    made = [a for a in answers if a.status_code == 201]
    assert len(made) == Limits().signup.burst
    assert all(_refused(a) for a in answers if a.status_code != 201)
    with create_engine(database_url).connect() as connection:
        assert connection.execute(select(func.count()).select_from(User)).scalar_one() == len(made)
    for elsewhere in _from(app, "192.0.2.1"):
        assert elsewhere.post("/api/users", json={"name": "other", "password": PASSWORD}).status_code == 201


def test_the_sign_in_form_goes_through_the_same_limits(app, owner):
    assert owner.post("/api/users", json={"name": "ann", "password": PASSWORD}).status_code == 201
    with TestClient(app, base_url="https://testserver", client=("203.0.113.4", 1), follow_redirects=False) as web:
        csrf = web.get("/signin").text.split('name="csrf_token" value="')[1].split('"')[0]
        pages = [web.post("/signin", data={"name": "ann", "password": WRONG, "csrf_token": csrf})
                 for _ in range(Limits().login.burst + 1)]
        assert [p.status_code for p in pages[:-1]] == [401] * Limits().login.burst
        assert _refused(pages[-1]) and "try again in" in pages[-1].text
        assert _refused(_login(web, "ann", PASSWORD))         # the API counts the form's failures


def test_the_sign_up_form_goes_through_the_same_limit(app):
    with TestClient(app, base_url="https://testserver", client=("203.0.113.4", 1), follow_redirects=False) as web:
        for n in range(Limits().signup.burst):
            assert web.post("/api/users", json={"name": f"u{n}", "password": PASSWORD}).status_code == 201
        csrf = web.get("/signin").text.split('name="csrf_token" value="')[1].split('"')[0]
        page = web.post("/signup", data={"name": "one-more", "password": PASSWORD, "csrf_token": csrf})
        assert _refused(page) and "new accounts from this address" in page.text


def test_limits_are_read_from_the_environment(monkeypatch):
    monkeypatch.setenv("WARJUDGE_RATE_LIMITS", "signup=50/60, login=3/10")
    limits = Limits.from_env()
    assert (limits.signup.burst, limits.signup.every, limits.login.burst) == (50, 60.0, 3)
    assert limits.address == Limits().address
    for bad in ("sign=1/1", "login=0/5", "login=5", "login=5/0"):
        with pytest.raises(ValueError):
            Limits.parse(bad)


def _uvicorn_config(monkeypatch, tmp_path, *options: str) -> uvicorn.Config:
    """The uvicorn configuration `warjudge serve` would run with these options."""
    ran: dict = {}
    monkeypatch.setattr(cli, "_process_app", lambda url, migrate, **_: "the app")
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: ran.update(kw, app=app))
    monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)
    result = CliRunner().invoke(warjudge_cli, ["serve", "--database", f"sqlite:///{tmp_path / 'x.sqlite3'}", *options])
    assert result.exit_code == 0, result.output
    return uvicorn.Config(**ran)


def test_serve_counts_the_socket_peer_unless_told_which_proxies_to_trust(monkeypatch, tmp_path):
    # a client connecting from the server's own machine could otherwise name any address it
    # liked in X-Forwarded-For (uvicorn trusts it from 127.0.0.1 by default)
    assert _uvicorn_config(monkeypatch, tmp_path).proxy_headers is False
    behind = _uvicorn_config(monkeypatch, tmp_path, "--forwarded-allow-ips", "10.0.0.2")
    assert behind.proxy_headers is True and behind.forwarded_allow_ips == "10.0.0.2"


def test_serve_refuses_limits_it_cannot_read(monkeypatch, tmp_path):
    monkeypatch.setenv("WARJUDGE_RATE_LIMITS", "")    # restored after the test: `serve` sets it for its workers
    result = CliRunner().invoke(warjudge_cli, ["serve", "--rate-limits", "login=5", "--database", "sqlite://"])
    assert result.exit_code == 2 and "burst/seconds" in result.output


def test_an_ipv6_address_counts_as_its_64(app):
    """docs/server.md: one machine usually holds a whole /64, so every address in it shares
    the limits (a sign-up flood from one /64 stops at the burst); another /64 is apart."""
    burst = Limits().signup.burst
    for n in range(burst):
        for neighbour in _from(app, f"2001:db8:1:2::{n + 1:x}"):
            assert neighbour.post("/api/users", json={"name": f"v6-{n}", "password": PASSWORD}).status_code == 201
    for same in _from(app, "2001:db8:1:2:ffff::9"):
        assert _refused(same.post("/api/users", json={"name": "v6-more", "password": PASSWORD}))
    for other in _from(app, "2001:db8:1:3::1"):
        assert other.post("/api/users", json={"name": "v6-other", "password": PASSWORD}).status_code == 201


def test_a_name_with_no_account_is_checked_against_a_hash_as_a_wrong_password_is(owner, monkeypatch):
    """docs/server.md: an unknown name takes as long to refuse (one Argon2 check), so the
    time of an answer does not say which names exist."""
    assert owner.post("/api/users", json={"name": "ann", "password": PASSWORD}).status_code == 201
    checks = []
    hasher = auth.HASHER

    class Counting:
        def hash(self, password):
            return hasher.hash(password)

        def verify(self, stored, password):
            checks.append(stored)
            return hasher.verify(stored, password)

    monkeypatch.setattr(auth, "HASHER", Counting())
    assert _login(owner, "ann", WRONG).status_code == 401 and len(checks) == 1
    assert _login(owner, "nobody-at-all", WRONG).status_code == 401 and len(checks) == 2
    assert _login(owner, "nobody-at-all", PASSWORD).status_code == 401   # not even its dummy's password


def test_drained_buckets_are_deleted_as_new_attempts_come(app, owner, clock, database_url):
    """docs/server.md: the table holds only recent attempts."""
    for n in range(3):
        for guesser in _from(app, f"203.0.113.{n + 20}"):
            assert _login(guesser, f"name-{n}", WRONG).status_code == 401
    with create_engine(database_url).connect() as connection:
        assert connection.execute(select(func.count()).select_from(RateBucket)).scalar_one() >= 3
    clock.now += 3600   # every bucket drained
    assert _login(owner, "someone", WRONG).status_code == 401
    with create_engine(database_url).connect() as connection:
        kept = connection.execute(select(func.count()).select_from(RateBucket)).scalar_one()
    assert kept == 3   # this attempt's own: its pair, its address, its name
