"""Issue 14: a spectator's view of the Necromancer variant, the public report: what every
power may read of a phase and nothing more (EN/FR 3.2.1, 3.2.2 viii, 7.7 x, 7.8.1 vii,
7.8.2 vii). Checked against every power's own report after each phase of random games."""

from __future__ import annotations

import random

from warjudge.testing.leaks import leaked
from warjudge.core import games
from warjudge.core.visibility import HIDDEN_FROM
from warjudge.diplomacy.variants.necromancer.bots import random_orders
from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame
from warjudge.diplomacy.variants.necromancer.views import PUBLIC
from warjudge.server.views import public_view


def marked(value) -> bool:
    if isinstance(value, dict):
        return HIDDEN_FROM in value or any(marked(v) for v in value.values())
    if isinstance(value, list):
        return any(marked(v) for v in value)
    return False


def units(report) -> set[tuple[str, str]]:
    return {(power, unit) for power, us in report["units"].items() for unit in us}


def lines(report) -> set[tuple[str, str, str]]:
    return {(o["power"], o["order"], o["result"]) for o in report["orders"]}


def check_public(game: NecromancerDiplomacyGame) -> None:
    full = game.view(None)
    public = full["report"][PUBLIC]
    assert not marked(public)                                   # the leak test: nothing marked hidden
    for power in game.powers:
        assert not leaked(public, full, power)
        own = full["report"][power]
        # what the public reads of the others' units and orders, this power reads too (its own it
        # reads fuller: its hidden units, its whole Double Moves, its Activated armies as its own)
        own_side = {power, "STANDING"} if power == "SAURON" else {power}
        assert {u for u in units(public) if u[0] not in own_side} <= units(own), power   # EN 3.2.1, 7.8.2 vii
        assert {o for o in lines(public) if o[0] != power} <= lines(own), power         # EN 3.2.1, 3.2.2 viii
        assert public["supply_centers"].items() <= own["supply_centers"].items() or power == "SAURON"
        assert all("retreats" not in d for ds in public["dislodged"].values() for d in ds)   # the owner's
        assert public["dislodged"].keys() == own["dislodged"].keys()          # EN 3.2.1 v: dislodgements public
    spectator = public_view(game)
    assert set(spectator["report"]) == {PUBLIC} and spectator["orders"] == []


def test_the_public_report_holds_what_every_power_may_read_and_nothing_hidden():
    for seed, edition in ((3, "2000"), (11, "2002")):
        rng = random.Random(seed)
        game = NecromancerDiplomacyGame(edition)
        check_public(game)
        while game.state.phase.year <= 2800 and not game.state.winner:
            for power in game.powers:
                game.set_orders(power, random_orders(game, power, rng))
            game.process()
            check_public(game)


def test_a_secret_activation_and_the_third_army_are_not_public():  # EN 7.8.2 vii, 7.7 x
    game = NecromancerDiplomacyGame()
    game.set_orders("SARUMAN", ["Build A Gap"])
    game.set_orders("SAURON", ["Activate A Gre"])
    game.process()
    public = game.view(None)["report"][PUBLIC]
    assert "A Gre" in public["units"]["STANDING"] and "Gre" not in public["supply_centers"].get("SAURON", [])
    assert not any(o["order"].lower().startswith("activate") for o in public["orders"])
    assert not any(o["power"] == "SARUMAN" for o in public["orders"])          # his opening order: his own
    assert "Gap" not in " ".join(public["units"].get("SARUMAN", []))
    sauron = game.view("SAURON")["report"]["SAURON"]
    assert "Gre" in sauron["supply_centers"]["SAURON"]


def test_the_registry_game_gives_a_spectator_the_public_report():
    game = games.new("necromancer-diplomacy", seed=5)
    report = public_view(game)["report"]
    assert list(report) == [PUBLIC] and report[PUBLIC]["viewer"] == PUBLIC
    assert report[PUBLIC]["units"]                                              # the opening position
