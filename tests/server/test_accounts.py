"""Accounts and tokens: Argon2 hashes, tokens stored only as hashes, bad logins refused
and rate-limited, a token acting only for its own seats."""

from __future__ import annotations

from sqlalchemy import create_engine, event, text

from tests.server.conftest import PASSWORD, sign_up
from warjudge.server import auth, db


def test_passwords_and_tokens_are_stored_only_as_hashes(client, database_url):
    player = sign_up(client, "ann")
    with create_engine(database_url).connect() as connection:
        stored = connection.execute(text("select password_hash from users")).scalar_one()
        token_hashes = connection.execute(text("select token_hash from tokens")).scalars().all()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    assert player.token not in token_hashes and len(token_hashes) == 1


def test_a_taken_name_is_refused(client):
    sign_up(client, "ann")
    response = client.post("/api/users", json={"name": "ann", "password": PASSWORD})
    assert response.status_code == 409 and "taken" in response.json()["error"]


def test_a_name_or_password_out_of_bounds_is_a_422_naming_the_field(client):
    for body in ({"name": "a b", "password": PASSWORD}, {"name": "x" * 65, "password": PASSWORD},
                 {"name": "ann", "password": "short"}, {"name": "ann"}, {"name": "<b>ann</b>", "password": PASSWORD}):
        response = client.post("/api/users", json=body)
        assert response.status_code == 422, body
        assert response.json()["error"].startswith("the request is not valid")


def test_wrong_passwords_are_refused_then_rate_limited(client):
    sign_up(client, "ann")
    for _ in range(5):
        assert client.post("/api/tokens", json={"name": "ann", "password": "wrong password"}).status_code == 401
    limited = client.post("/api/tokens", json={"name": "ann", "password": PASSWORD})
    # the window is 60 s from the first failure; a slow machine has used a few seconds of it
    wait = int(limited.headers["Retry-After"])
    assert limited.status_code == 429 and 50 <= wait <= 60 and f"try again in {wait} seconds" in limited.json()["error"]
    assert client.post("/api/tokens", json={"name": "nobody", "password": PASSWORD}).status_code == 401


def test_a_token_acts_only_for_its_own_seats(players):
    gm, ann, bob = players
    gid = gm.ok("post", "/api/games", {"game": "toy-bids"})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    bob.ok("post", f"/api/games/{gid}/seats/south")
    for intruder in (bob, gm):
        response = intruder.post(f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 1}})
        assert response.status_code == 403 and "do not hold" in response.json()["error"]
        assert intruder.get(f"/api/games/{gid}?seat=north").status_code == 403
        assert intruder.get(f"/api/games/{gid}/legal?seat=north").status_code == 403
        assert intruder.post(f"/api/games/{gid}/ready", {"seat": "north"}).status_code == 403
    assert gm.ok("get", f"/api/games/{gid}")["version"] == 0


def test_no_token_or_a_bad_one_is_a_401(client, players):
    gm = players[0]
    gid = gm.ok("post", "/api/games", {"game": "toy-bids"})["id"]
    assert client.post("/api/games", json={"game": "toy-bids"}).status_code == 401
    bad = client.post(f"/api/games/{gid}/seats/north", headers={"Authorization": "Bearer nope"})
    assert bad.status_code == 401 and "not valid" in bad.json()["error"]
    assert client.get(f"/api/games/{gid}", headers={"Authorization": "Bearer nope"}).status_code == 401


def test_a_token_is_checked_with_one_query(client, database_url):
    player = sign_up(client)
    engine = db.make_engine(database_url)
    statements: list[str] = []
    event.listen(engine, "before_cursor_execute", lambda *args: statements.append(args[2]))   # BEGIN is not one
    with db.sessions(engine)() as session:
        statements.clear()
        assert auth.user_of_token(session, player.token).name == player.name
    assert len([s for s in statements if s.startswith("SELECT")]) == 1, statements
