"""A seat's legal actions kept for what the seat sees (server/cache.py `Answers.as_seen`):
under load each read follows a change (a client reads its legal actions after each of its
actions), so an answer kept only for the game's version was never read twice; a hex
game's answer (its labels cost more than the rest of the request) is now worked out again
only when the seat's view changed. It relies on the ruling that a seat's answer follows
from its view (docs/rulings.md), checked here along random games."""

from __future__ import annotations

import json
import random

import pytest

from tests.server.conftest import sign_up
from warjudge.core import games
from warjudge.hexwar.sjg.game import SjgNecromancerGame
from warjudge.presentation import choices
from warjudge.server.routes import playing
from warjudge.server.schemas import Legal
from warjudge.server.views import view_for


@pytest.fixture
def worded(monkeypatch) -> list[str]:
    """The seats whose legal actions the server words (the costly part of a hex game's answer)."""
    calls: list[str] = []
    real = choices.worded

    def counted(game_id, game, actions, costs, view, lang):
        calls.append(view["viewer"])
        return real(game_id, game, actions, costs, view, lang)

    monkeypatch.setattr(choices, "worded", counted)
    return calls


def _sjg(client):
    red, black = sign_up(client), sign_up(client)
    gid = red.ok("post", "/api/games", {"game": "necromancer-sjg"})["id"]
    red.ok("post", f"/api/games/{gid}/seats/red")
    black.ok("post", f"/api/games/{gid}/seats/black")
    return gid, red, black


def test_a_seat_that_sees_no_change_is_not_worded_again(client, worded):
    """Red places a unit of its secret set-up (SJG 9.1): black sees nothing new, so its
    answer is the one worked out before red's action, though the game's version moved."""
    gid, red, black = _sjg(client)
    first = black.get(f"/api/games/{gid}/legal")
    view = black.ok("get", f"/api/games/{gid}")["view"]
    placing = red.ok("get", f"/api/games/{gid}/legal")["seats"][0]["actions"][0]
    assert placing["type"] == "place"
    red.ok("post", f"/api/games/{gid}/actions", {"seat": "red", "action": placing})
    assert black.ok("get", f"/api/games/{gid}")["view"] == view   # hidden from black
    again = black.get(f"/api/games/{gid}/legal")
    assert again.content == first.content
    assert worded == ["black", "red"]   # black's once, red's once: not black's again


def test_a_seat_whose_view_changed_is_answered_afresh(client, worded):
    """Red's own placement changes red's view: its answer is worked out again, the hex it
    filled no longer offered for another unit of that kind."""
    gid, red, _ = _sjg(client)
    before = red.ok("get", f"/api/games/{gid}/legal")["seats"][0]
    placing = before["actions"][0]
    red.ok("post", f"/api/games/{gid}/actions", {"seat": "red", "action": placing})
    after = red.ok("get", f"/api/games/{gid}/legal")["seats"][0]
    assert worded == ["red", "red"]
    assert after["decision"]["info"]["to_place"] != before["decision"]["info"]["to_place"]
    assert len(after["labels"]) == len(after["actions"])


def test_a_seats_view_is_worked_out_once_for_the_reads_after_a_change(client, monkeypatch):
    """A page reads the seat's view and then its legal actions, whose labels need the view:
    after a change, the view is built once for both (`cache.view`)."""
    gid, red, black = _sjg(client)
    real, built = SjgNecromancerGame.view, []

    def counted(self, player=None):
        built.append(player)
        return real(self, player)

    monkeypatch.setattr(SjgNecromancerGame, "view", counted)
    shown = black.ok("get", f"/api/games/{gid}")["view"]
    labels = black.ok("get", f"/api/games/{gid}/legal")["seats"][0]["labels"]
    assert built == ["black"]
    assert shown["viewer"] == "black" and labels


def test_the_written_answer_is_the_models_own(client):
    """The seats' JSON is written once and joined (no model check per request): it is
    exactly what the route's model would write."""
    gid, red, _ = _sjg(client)
    for path in (f"/api/games/{gid}/legal", f"/api/games/{gid}/legal?lang=fr"):
        body = red.get(path).content
        assert Legal.model_validate_json(body).model_dump_json(exclude_unset=True).encode() == body


def test_a_seats_answer_follows_from_its_view():
    """The ruling `as_seen` relies on (docs/rulings.md, "A seat's legal actions follow from
    its view"): along a random SJG game, each time a seat's view is what it was after the
    previous action, so is its whole answer (actions, costs, labels, decision). (In
    Gondor & Sauron every action changes both sides' views: no answer is kept across one.)"""
    game_id = "necromancer-sjg"
    chooser = random.Random(game_id)
    game = games.new(game_id, seed=7)
    last: dict[str, tuple[str, str]] = {}
    unchanged = 0
    for _ in range(30):
        for seat in game.players:
            view = view_for(game, seat)
            answer = json.dumps(playing._legal_of(game_id, game, seat, "en", view), sort_keys=True)
            seen = json.dumps(view, sort_keys=True)
            if seat in last and last[seat][0] == seen:
                unchanged += 1
                assert last[seat][1] == answer, (game_id, seat)
            last[seat] = (seen, answer)
        acting = [s for s in game.players if game.legal_actions(s)]
        if not acting:
            break
        seat = chooser.choice(acting)
        game.act(seat, chooser.choice(game.legal_actions(seat)))
    assert unchanged   # the check was made
