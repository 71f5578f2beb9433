"""Standard Diplomacy's reasons worded at the edge (issue 12): the rules hold no English,
results and refusals carry codes with parameters, and both languages word them (the
tables' coverage: tests/presentation/test_wording_tables.py)."""

from pathlib import Path

import pytest

from warjudge.core import games
from warjudge.core.events import Event, Refusal, localised, worded
from warjudge.diplomacy import reasons
from warjudge.diplomacy.interface import adjudicate_document

RULES = Path(reasons.__file__).parent


def test_the_rules_package_words_nothing():  # issue 12: no prose assembled inside rules
    for path in RULES.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        for phrase in ("did not prevail", "cannot be reached by convoy", "already has an order", "has no builds",
                       "cannot support itself"):
            assert phrase not in source, (path.name, phrase)


def test_results_carry_codes_worded_in_english_and_french():  # DATC 6.A.1 (a fleet moving inland), 2.2.3
    out = adjudicate_document({"phase": "S1901M",
                               "units": {"ENGLAND": ["F nth", "A lvp"], "FRANCE": ["A bur"], "GERMANY": ["A mun"]},
                               "orders": {"ENGLAND": ["F nth - pic"], "FRANCE": ["A bur - mun"]}})
    lines = {line["order"]: line for line in out["orders"]}
    assert lines["F nth - pic"]["why"] == {"code": "dip.fleet_cannot_reach", "params": {"location": "nth", "dest": "pic"}}
    assert lines["F nth - pic"]["reason"] == "a fleet in nth cannot reach pic"
    assert lines["A bur - mun"]["reason"] == "did not prevail in mun" and out["units"]["FRANCE"] == ["A bur"]
    french = {line["order"]: line["reason"] for line in localised(out, "fr")["orders"]}
    assert french["F nth - pic"] == "une Flotte en nth ne peut pas atteindre pic"
    assert french["A bur - mun"] == "n'a pas pu entrer en mun"


@pytest.mark.parametrize("event,english,french", [
    (Event("dip.disbands", {"reason": {"code": "dip.standoff", "params": {"dest": "gal"}}}),
     "gal was left vacant by a standoff; the unit disbands",
     "gal est restée vide à la suite d'une attaque repoussée ; l'Unité est détruite"),
    (Event("dip.which_coast", {"province": "spa", "options": ["spa/nc", "spa/sc"]}),
     "say which coast of spa (spa/nc or spa/sc)", "précisez la côte de spa (spa/nc ou spa/sc)"),
    (Event("dip.order.wrong_coast", {"province": "spa", "token": "ec", "coasts": ["nc", "sc"]}),
     "spa has no coast 'ec' (its coasts are nc, sc)", "spa n'a pas de côte 'ec' (ses côtes sont nc, sc)"),
    (Event("dip.movement_only", {"kind": "build"}), "build orders are not allowed in a movement phase",
     "les ordres de Construction ne sont pas permis en phase de Mouvement"),
])
def test_compound_and_list_reasons(event, english, french):
    assert worded(event, "en") == english and worded(event, "fr") == french


def test_a_refused_order_carries_its_code_and_changes_nothing():
    game = games.new("diplomacy", seed=1)
    with pytest.raises(Refusal) as refused:
        game.act("FRANCE", {"type": "order", "order": "A par - mun"})
    assert refused.value.event == Event("dip.unreachable", {"dest": "mun", "src": "par"})
    assert str(refused.value) == "mun is not adjacent to par and cannot be reached by convoy"
    assert worded(refused.value.event, "fr") == "mun n'est pas adjacente à par et ne peut pas être atteinte par Convoi"
    with pytest.raises(Refusal) as refused:
        game.act("FRANCE", {"type": "order", "order": "A xyz H"})
    assert refused.value.event == Event("dip.order.unknown_province", {"token": "xyz"})
    assert str(refused.value) == "unknown province 'xyz'"
    assert game.view("FRANCE")["orders"] == []
