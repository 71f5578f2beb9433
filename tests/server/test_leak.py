"""The leak test (issue 13, "Secrets and safety"; issue 22): games of every registered game
played by random seats through the API, the seats also writing each other private and
public press; every response to every seat, to the games master (the creator holding no
seat) and to a spectator is checked against the game's full views, read from the
database: no object the full view marks hidden from that viewer may appear in it (the
games master and the spectator: hidden from any seat), no message that viewer may not
read, and the dice seed in no response at all. The responses checked
are the views, the legal actions, the previews of actions (an attack's odds), the answers
to actions, the press, the history (every phase, against the full view of that phase) and
the live events.

A real game whose class is not on the one game interface yet is skipped with the reason,
so the test covers it the moment it lands."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.server.conftest import listed, phase_truth, sign_up, stored_game, stored_record
from tests.server.registered import GAMES
from warjudge.testing.leaks import leaked
from warjudge.server.views import GM_ROLE

MAX_STEPS = 60          # submissions per game; the GM forces a phase every PROCESS_EVERY
PROCESS_EVERY = 10
GM_ROUTES = [("phases", None), ("pause", {}), ("resume", {}), ("extend", {"seconds": 60}),
             ("rollback", {"phase": 0}), ("gm", {"action": {"type": "process"}}), ("process", {}),
             ("replace", {"seat": "x", "user": None}), ("bots", {"seat": "x", "bot": "random"})]
PRESS_EVERY = 3         # a seat writes a message every PRESS_EVERY steps


def _assert_hides(sent: Any, text: str, full_views: list[Any], viewer_seats: list[str], seeds: list[int],
                  unreadable: list[str], what: str) -> None:
    for seed in seeds:
        assert str(seed) not in text, f"{what}: the dice seed was sent"
    for message in unreadable:
        assert message not in text, f"{what}: a message its reader may not read was sent: {message!r}"
    for full in full_views:
        for viewer in viewer_seats:
            assert not leaked(sent, full, viewer), f"{what}: objects hidden from {viewer} were sent: " \
                                                   f"{leaked(sent, full, viewer)}"


def _json(response) -> Any:
    assert response.status_code < 500, response.text
    return response.json()



def _events(response) -> list[Any]:
    assert response.status_code == 200, response.text
    return [json.loads(line[len("data: "):]) for line in response.text.splitlines() if line.startswith("data: ")]




# What a viewer is sent is worked out by the same code on either database: every game runs
# on SQLite, and the game with the most hidden state (SJG's set-up and Jewels) also on
# PostgreSQL, where its stored phases come back through another driver. (Every game on
# both took a third of CI's time.)
ON_DATABASES = [pytest.param("sqlite", *game.values, marks=game.marks, id=f"sqlite-{game.values[0]}")
                for game in (g if not isinstance(g, str) else pytest.param(g) for g in GAMES)] + \
               [pytest.param("postgresql", "necromancer-sjg", id="postgresql-necromancer-sjg")]


@pytest.mark.parametrize(("database_url", "game_id"), ON_DATABASES, indirect=["database_url"])
def test_no_response_holds_what_its_viewer_may_not_see(client, game_id):
    _play_checking_every_response(client, game_id)


def test_the_check_catches_a_server_that_sends_a_seat_the_full_view(client, monkeypatch):
    from warjudge.server import cache   # the views the routes send (`cache.view`)

    monkeypatch.setattr(cache, "view_for", lambda game, role: game.view(None))
    with pytest.raises(AssertionError, match="hidden from"):
        _play_checking_every_response(client, "toy-bids")


def test_the_check_catches_a_history_that_shows_a_seat_the_full_view_mid_phase(client, monkeypatch):
    from warjudge.server import phases

    monkeypatch.setattr(phases, "view_for", lambda game, role: game.view(None))
    monkeypatch.setattr(phases, "ends_phase", lambda *asked: True)   # every action ends a phase
    with pytest.raises(AssertionError, match="hidden from"):
        _play_checking_every_response(client, "toy-bids")


def test_the_check_catches_press_read_by_a_seat_it_is_not_for(client, monkeypatch):
    from warjudge.server import press

    real = press.readable
    monkeypatch.setattr(press, "readable", lambda game_id, role: real(game_id, "north"))
    with pytest.raises(AssertionError, match="may not read"):
        _play_checking_every_response(client, "toy-bids")


def test_the_check_catches_a_games_master_given_the_full_view(client, monkeypatch):
    # issue 22: the games master (the creator holding no seat) got every seat's secrets
    from warjudge.server import cache, views

    real = views.view_for
    monkeypatch.setattr(cache, "view_for", lambda game, role: game.view(None) if role == GM_ROLE
                        else real(game, role))
    with pytest.raises(AssertionError, match="hidden from"):
        _play_checking_every_response(client, "toy-bids")


class _Table:
    """A game of `game_id` with full press, every seat held by its own account."""

    def __init__(self, client, game_id: str):
        self.client, self.gm = client, sign_up(client)
        self.gid = self.gm.ok("post", "/api/games", {"game": game_id, "press": "full"})["id"]
        self.seats = [s["seat"] for s in self.gm.ok("get", f"/api/games/{self.gid}")["seats"]]
        self.holders = {seat: sign_up(client) for seat in self.seats}
        for seat, player in self.holders.items():
            player.ok("post", f"/api/games/{self.gid}/seats/{seat}")
        self.messages: list[tuple[str, list[str] | str, str]] = []   # sender, to, text

    @property
    def seeds(self) -> list[int]:
        record = stored_record(self.client, self.gid)
        return [record.seed, *(r.seed for r in record.reseeds)]

    def unreadable(self, reader: str | None) -> list[str]:
        """The messages `reader` (a seat, GM_ROLE, None: a spectator) may not read."""
        if reader == GM_ROLE:
            return [text for _, to, text in self.messages if to != "all"]
        return [text for sender, to, text in self.messages
                if reader is None or not (sender == reader or to == "all" or reader in to)]

    def write(self, rng: random.Random, step: int) -> None:
        sender = rng.choice(self.seats)
        to: list[str] | str = "all" if step % (2 * PRESS_EVERY) == 0 else \
            [rng.choice([s for s in self.seats if s != sender])]
        text = f"message {len(self.messages)} from {sender} to {to} at step {step}"
        self.holders[sender].ok("post", f"/api/games/{self.gid}/press", {"seat": sender, "to": to, "text": text})
        self.messages.append((sender, to, text))

    def check_reads(self, deep: bool) -> None:
        """Every read of every seat, of the games master and of the public: views, legal
        actions, press, the record (refused while the game runs); with `deep`, also the
        history (each phase against that phase's full view) and the live events (a short
        stream)."""
        base = f"/api/games/{self.gid}"
        seeds, game = self.seeds, stored_game(self.client, self.gid)
        full = game.view(None)
        phases_full = [p["full"] for p in phase_truth(stored_record(self.client, self.gid))] if deep else []
        readers: list[tuple[Any, str | None]] = [(p, s) for s, p in self.holders.items()] + \
            [(self.gm, GM_ROLE), (self.client, None)]
        for reader, seat in readers:
            viewers = [seat] if seat not in (None, GM_ROLE) else self.seats
            paths = [base, f"{base}/press", f"{base}/record"] + ([f"{base}/legal"] if seat else []) + \
                ([f"{base}/phases"] if seat == GM_ROLE else [])
            for path in paths:
                response = reader.get(path)
                if path.endswith("/record"):   # the whole record once the game is over, and nobody's before
                    assert response.status_code == (200 if game.is_over else 409), response.text
                    if game.is_over:
                        continue
                _assert_hides(_json(response), response.text, [full], viewers, seeds, self.unreadable(seat),
                              f"{path} to {seat or 'the public'}")
            if not deep:
                continue
            phases = listed(reader, self.gid)["phases"]
            assert len(phases) == len(phases_full)
            for phase, phase_full in zip(phases, phases_full):
                _assert_hides(phase, json.dumps(phase), [phase_full, full], viewers, seeds,
                              self.unreadable(seat), f"history phase {phase['n']} to {seat or 'the public'}")
            response = reader.get(f"{base}/events", params={"seconds": 0.05})
            _assert_hides(_events(response), response.text, [full], viewers, seeds, self.unreadable(seat),
                          f"the events to {seat or 'the public'}")


def _play_checking_every_response(client, game_id: str) -> None:
    table = _Table(client, game_id)
    gid, gm, holders = table.gid, table.gm, table.holders
    rng = random.Random(f"leak:{game_id}")
    for step in range(MAX_STEPS):
        summary = gm.ok("get", f"/api/games/{gid}")
        if summary["is_over"]:
            break
        if step % PRESS_EVERY == 0:
            table.write(rng, step)
        table.check_reads(deep=step % (2 * PROCESS_EVERY) == 0)
        full, seeds = stored_game(client, gid).view(None), table.seeds
        if step % PROCESS_EVERY == 0:
            for seat, player in holders.items():   # the games master's routes: refused, and nothing in the refusal
                for route, body in GM_ROUTES:
                    answer = player.get(f"/api/games/{gid}/{route}") if body is None else \
                        player.post(f"/api/games/{gid}/{route}", body)
                    assert answer.status_code == 403, (route, answer.text)
                    _assert_hides(_json(answer), answer.text, [full], [seat], seeds,
                                  table.unreadable(seat), f"{route} to {seat}")
        waiting = [s for s in summary["to_act"] if s in holders]
        legal = {s: holders[s].ok("get", f"/api/games/{gid}/legal")["seats"][0]["actions"] for s in waiting}
        choices = [(s, a) for s in waiting for a in legal[s]]
        if step % PROCESS_EVERY == PROCESS_EVERY - 1 or not choices:
            gm.post(f"/api/games/{gid}/process")
            continue
        seat, action = rng.choice(choices)
        rolled = next((a for s, a in choices if s == seat and a.get("type") in ("attack", "fire", "duel")), action)
        preview = holders[seat].post(f"/api/games/{gid}/preview", {"seat": seat, "action": rolled})
        _assert_hides(_json(preview), preview.text, [full], [seat], seeds, table.unreadable(seat),
                      f"the preview to {seat}")
        answer = holders[seat].post(f"/api/games/{gid}/actions", {"seat": seat, "action": action})
        assert answer.status_code == 200, answer.text
        after = stored_game(client, gid).view(None)
        _assert_hides(answer.json(), answer.text, [full, after], [seat], seeds,
                      table.unreadable(seat), f"the answer to {seat}'s action")
    table.check_reads(deep=True)
