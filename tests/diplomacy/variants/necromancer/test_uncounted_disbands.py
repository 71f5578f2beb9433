"""Only counted units are disbanded in an Adjustment phase (docs/rulings.md, "Necromancer
variant: uncounted units are not disbanded"): the Nazgûl, the Wizard (Personalities, EN
3.3 vi), the Spiders and the Dragons (EN 7.8.2 iii) do not count against centres, so a
disband of one pays none of those owed. Before, "N MMo D" paid one: both armies stayed,
and the public report showed Sauron owing a disband and keeping his units, which told
everyone he had removed a hidden unit."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from warjudge.core import games
from warjudge.core.errors import IllegalAction, RecordError
from warjudge.core.game import GM
from warjudge.core.record import GameRecord, canonical_json
from warjudge.diplomacy.variants.necromancer.calendar import NPhase
from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame
from warjudge.diplomacy.variants.necromancer.position import format_position, parse_position
from warjudge.server.views import public_view

OLD_RECORD = Path(__file__).parents[3] / "data" / "necdip_record_before_counted_disbands.json"
UNCOUNTED = "not counted in adjustments"


def orders_of(game: NecromancerDiplomacyGame, power: str) -> list[str]:
    return [a["order"] for a in game.legal_actions(power) if a["type"] == "order"]


def adjusting(sauron: list[str], secret_beasts: frozenset[str] = frozenset()) -> NecromancerDiplomacyGame:
    """A registry game in TA 2780A, everyone as at the start (Saruman's third army in Gap)
    but Sauron: `sauron`'s units and one centre, MMo (DGu unowned), so he owes what his
    counted units exceed it by."""
    game = games.new("necromancer-diplomacy", seed=1)
    assert isinstance(game, NecromancerDiplomacyGame)
    for power in game.to_act():
        game.act(power, {"type": "pass"})
    units = {**format_position(game.state.position), "SARUMAN": ["A Dun", "A Gap", "A Ise", "W Ise"],
             "SAURON": sauron}
    owners = {p: o for p, o in game.state.owners.items() if p != "DGu"}
    game.state = replace(game.state, phase=NPhase(2780, "A"), position=parse_position(units, game.map),
                         owners=owners, secret_beasts=set(secret_beasts))
    return game


def written(game: NecromancerDiplomacyGame, orders: list[str]) -> NecromancerDiplomacyGame:
    """The phase judged with Sauron's `orders` entered by the games master as written."""
    game.act(GM, {"type": "orders", "power": "SAURON", "orders": orders})
    game.act(GM, {"type": "process"})
    return game


def sauron_lines(game: NecromancerDiplomacyGame) -> list[tuple[str, str, str]]:
    return [(r.text, r.result, r.reason) for r in game.report_of().results if r.power == "SAURON"]


EXAMPLE = ["A DGu", "A MMo", "N MMo"]   # one centre (MMo), two counted units: one disband owed


def test_a_nazgul_disband_pays_no_disband_owed():   # EN 3.3 vi, EN 7.8.2 iii
    """"N MMo D" is void; the disband owed is still owed, and civil disorder removes the
    army farthest from his centres (EN 1, docs/rulings.md "Civil disorder")."""
    game = written(adjusting(EXAMPLE), ["N MMo D"])
    assert game.phase_name() == "TA2795M"
    assert format_position(game.state.position)["SAURON"] == ["A MMo", "N MMo"]
    lines = sauron_lines(game)
    assert lines[0][:2] == ("N MMo D", "void") and UNCOUNTED in lines[0][2]
    assert lines[1][:2] == ("A DGu D", "succeeds") and "civil disorder" in lines[1][2].lower()


def test_sauron_is_not_offered_the_nazgul_disband():   # EN 3.3 vi
    game = adjusting(EXAMPLE)
    assert {"A DGu D", "A MMo D"} <= set(orders_of(game, "SAURON")) and "N MMo D" not in orders_of(game, "SAURON")
    with pytest.raises(IllegalAction, match=UNCOUNTED):
        game.act("SAURON", {"type": "order", "order": "N MMo D"})
    game.act("SAURON", {"type": "order", "order": "A MMo D"})   # the disband owed, then he may Activate or pass
    assert not any(o.endswith(" D") for o in orders_of(game, "SAURON"))


def test_the_public_report_shows_nothing_of_the_nazgul():   # EN 3.2.1 vii, EN 3.3 vi
    """Everyone else sees the phase exactly as if Sauron had written nothing at all."""
    tried, silent = written(adjusting(EXAMPLE), ["N MMo D"]), written(adjusting(EXAMPLE), [])
    assert canonical_json(public_view(tried)) == canonical_json(public_view(silent))
    for power in tried.players:
        if power != "SAURON":
            assert canonical_json(tried.view(power)["report"]) == canonical_json(silent.view(power)["report"]), power


@pytest.mark.parametrize("unit", ["W Ise", "S EMi", "D Wit"])
def test_no_uncounted_unit_pays_a_disband(unit):   # EN 3.3 vi (the Wizard), EN 7.8.2 iii (Spiders, Dragons)
    power = "SARUMAN" if unit.startswith("W") else "SAURON"
    game = adjusting(["A DGu", "A MMo", *([] if unit.startswith("W") else [unit])])
    if power == "SARUMAN":   # three centres (the Wizard's one), four counted units: one owed
        game.state = replace(game.state, position=parse_position(
            {**format_position(game.state.position), "SARUMAN": ["A Dun", "A Gap", "A Ise", "A Fan", "W Ise"]},
            game.map))
    game.act(GM, {"type": "orders", "power": power, "orders": [f"{unit} D"]})
    game.act(GM, {"type": "process"})
    mine = [(r.text, r.result, r.reason) for r in game.report_of().results if r.power == power]
    assert mine[0][:2] == (f"{unit} D", "void") and UNCOUNTED in mine[0][2]
    assert unit in format_position(game.state.position)[power] and len(mine) == 2   # and one civil disorder line


def test_unrevealed_spiders_given_a_void_disband_stay_unrevealed():   # EN 7.8.2 iii, vii
    tried = written(adjusting(["A DGu", "A MMo", "S EMi"], frozenset({"S"})), ["S EMi D"])
    silent = written(adjusting(["A DGu", "A MMo", "S EMi"], frozenset({"S"})), [])
    assert sauron_lines(tried)[0][:2] == ("S EMi D", "void")
    assert canonical_json(public_view(tried)) == canonical_json(public_view(silent))


def test_a_record_made_before_replays_as_it_was_played():   # docs/rulings.md: old records
    """A registry game's record written by the code before (tests/data): Sauron owed a
    disband in TA 2780A (the Elves took DGu), disbanded the Nazgûl by an order then legal,
    and kept both armies. It replays bit for bit; read under today's rule the same order
    is refused. New records carry the marker."""
    old = GameRecord.from_json(OLD_RECORD.read_text())
    assert "counted_disbands" not in old.options
    game = NecromancerDiplomacyGame.from_record(old)
    assert game.phase_name() == "TA2795M" and game.record.to_json() == old.to_json()
    assert format_position(game.state.position)["SAURON"] == ["A MMo", "A SMi"]
    misread = old.copy()
    misread.options = {**old.options, "counted_disbands": True}
    with pytest.raises(RecordError, match=UNCOUNTED):
        NecromancerDiplomacyGame.from_record(misread)
    assert games.new("necromancer-diplomacy", seed=1).record.options["counted_disbands"] is True
