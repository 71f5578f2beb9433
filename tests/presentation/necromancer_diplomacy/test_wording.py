"""The Necromancer Diplomacy wording tables (issue 12: rules emit codes, wording happens at
the edge, one table per language): both cover every code the rules can emit, every
template reads only parameters its code supplies, and the rules name no code outside
the registry."""

import re
from pathlib import Path

import pytest

from warjudge.core.events import Event, Refusal, worded
from warjudge.diplomacy.variants.necromancer import reasons
from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame
from warjudge.diplomacy.variants.necromancer.reasons import CODES, WHAT, because
from warjudge.presentation.necromancer_diplomacy import wording_en, wording_fr
from warjudge.presentation.necromancer_diplomacy.wording import placeholders

RULES = Path(reasons.__file__).parent
TABLES = {"en": wording_en, "fr": wording_fr}


def sample(code: str) -> Event:
    """The code with a value of the right kind for each parameter it declares."""
    values = {"what": WHAT[0], "provinces": ["EMi", "NMi"], "n": 2, "reason": {"code": "necdip.result.cut",
                                                                              "params": {}}}
    return Event(code, {name: values.get(name, "Xyz") for name in CODES[code]})


@pytest.mark.parametrize("lang", TABLES)
def test_each_table_words_exactly_the_registered_codes(lang):
    assert sorted(TABLES[lang].TEMPLATES) == sorted(CODES)
    assert sorted(TABLES[lang].WHAT) == sorted(WHAT)


@pytest.mark.parametrize("lang", TABLES)
@pytest.mark.parametrize("code", sorted(CODES))
def test_every_template_reads_only_what_its_code_supplies(lang, code):
    assert placeholders(TABLES[lang].TEMPLATES[code]) <= set(CODES[code])
    text = worded(sample(code), lang)
    assert text and "{" not in text.replace('{"type"', "").replace("{{", ""), text


def test_the_rules_name_no_code_outside_the_registry():
    named = set()
    for path in RULES.glob("*.py"):
        named |= set(re.findall(r'"(necdip\.[a-z_.]+)"', path.read_text(encoding="utf-8")))
    assert named - set(CODES) == set() and len(named) > 80


def test_the_rules_package_words_nothing():  # issue 12: no prose assembled inside rules
    for path in RULES.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        for phrase in ("did not prevail", "saw a bounce", "cannot Support (EN", "has no build to waive",
                       '(EN 7.8.2 v)"', '(FR 4.2 vii)"'):
            assert phrase not in source, (path.name, phrase)


def test_an_unregistered_code_is_a_programming_error():
    with pytest.raises(KeyError):
        because("necdip.no.such.code")


def test_a_refused_action_carries_its_code_and_is_worded_in_either_language():  # issue 12
    game = NecromancerDiplomacyGame("2002")
    with pytest.raises(Refusal) as refused:
        game.act("SARUMAN", {"type": "order", "order": "Build A Qqq"})
    assert refused.value.code == "necdip.order.bad_unit" and refused.value.params == {"what": "unit_to_build"}
    assert str(refused.value) == "the unit to build: write the unit like 'A Los' or '2A/1F Pel'"
    assert worded(refused.value.event, "fr") == "l'Unité à construire : écrivez l'Unité comme « A Los » ou « 2A/1F Pel »"
    with pytest.raises(Refusal) as refused:
        game.act("SARUMAN", {"type": "retract", "order": "A Los H"})
    assert refused.value.code == "necdip.act.no_order_to_retract"
    assert str(refused.value) == "SARUMAN has no order 'A Los H' to take back"
    assert worded(refused.value.event, "fr", {"SARUMAN": "Saroumane"}) == "Saroumane n'a pas d'ordre 'A Los H' à retirer"
    assert game.orders.get("SARUMAN", []) == []   # nothing changed
