"""A seat's legal actions and view kept per game version (server/cache.py): worked out once
for the reads that follow a change, and afresh after the next one. (An answer kept across
versions for an unchanged view was tried and backed out: in Gondor & Sauron a stated melee
attack changes the decision but not the view, so the page offered the statement again.)"""

from __future__ import annotations

import pytest

from tests.server.conftest import sign_up
from warjudge.hexwar.sjg.game import SjgNecromancerGame
from warjudge.presentation import choices
from warjudge.server.schemas import Legal


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


def test_a_seat_with_nothing_to_do_has_no_view_built_for_its_legal_answer(client, monkeypatch):
    """Issue 22: the labels read the seat's view, but a seat with no action has none to
    word: its view is not built for it (a tenth of an SJG submission), and its answer
    still names the phases and sides."""
    red = sign_up(client)
    gid = red.ok("post", "/api/games", {"game": "necromancer-sjg"})["id"]
    for side in ("red", "black"):
        red.ok("post", f"/api/games/{gid}/seats/{side}")
    for side in ("red", "black"):   # SJG 9.1: both set up, then one side moves
        plan = red.ok("post", f"/api/games/{gid}/setup", {"seat": side, "fill": "front"})
        red.ok("post", f"/api/games/{gid}/actions", {"seat": side, "action": plan["deploy"]})
    real, built = SjgNecromancerGame.view, []

    def counted(self, player=None):
        built.append(player)
        return real(self, player)

    monkeypatch.setattr(SjgNecromancerGame, "view", counted)
    moving, idle = sorted(red.ok("get", f"/api/games/{gid}/legal")["seats"], key=lambda s: not s["actions"])
    assert built == [moving["seat"]]
    assert idle["actions"] == idle["labels"] == [] and idle["sides"] == {"red": "Red", "black": "Black"}
    assert len(moving["labels"]) == len(moving["actions"]) > 100
