"""The Necromancer Diplomacy reasons worded at the edge (issue 12): the rules package
holds no English, and a refused action carries its code, worded in either language
(the tables' coverage: tests/presentation/test_wording_tables.py)."""

from pathlib import Path

import pytest

from warjudge.core.events import Refusal, worded
from warjudge.diplomacy.variants.necromancer import reasons
from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame

RULES = Path(reasons.__file__).parent


def test_the_rules_package_words_nothing():  # issue 12: no prose assembled inside rules
    for path in RULES.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        for phrase in ("did not prevail", "saw a bounce", "cannot Support (EN", "has no build to waive",
                       '(EN 7.8.2 v)"', '(FR 4.2 vii)"'):
            assert phrase not in source, (path.name, phrase)


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
    assert game.pending_orders("SARUMAN") == {}   # nothing changed
