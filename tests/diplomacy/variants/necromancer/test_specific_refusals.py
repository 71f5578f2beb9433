"""The variant's refusals say what is wrong (issue 24 finding 12), not only "not a legal
order": read from the power's legal orders by refusals.why_not, worded in both languages."""

from __future__ import annotations

import pytest

from warjudge.diplomacy.variants.necromancer.refusals import why_not
from warjudge.presentation.necromancer_diplomacy.wording_en import english
from warjudge.presentation.necromancer_diplomacy.wording_fr import french

LEGAL = ["A Ere H", "A Ere - Dal", "A Ere S F Woo", "F Woo H", "2A Iro H"]


@pytest.mark.parametrize("order, code, words", [
    ("C Ere - Dal - Woo", "necdip.act.wrong_unit", "the unit in that province is A Ere, not C Ere"),   # unit type
    ("A Iro H", "necdip.act.wrong_unit", "is 2A Iro, not A Iro"),                                # unit count (MU)
    ("A Ere - Woo", "necdip.act.no_such_order", "A Ere cannot be ordered A Ere - Woo now"),     # no such route
    ("A Gob H", "necdip.act.nothing_there", "DWARVES has no unit in Gob"),
])
def test_a_refused_order_says_why(order, code, words):
    reason = why_not(order, "DWARVES", LEGAL, [])
    assert reason.code == code and words in english(reason) and french(reason) != english(reason)


def test_the_examples_name_orders_the_unit_may_have():
    reason = why_not("A Ere - Woo", "DWARVES", LEGAL, [])
    assert "A Ere H; A Ere - Dal; A Ere S F Woo" in english(reason)


def test_a_second_order_for_one_unit_names_the_first():
    # one order a unit a phase: the second is refused naming the first
    reason = why_not("A Ere - Dal", "DWARVES", [o for o in LEGAL if not o.startswith("A Ere")], ["A Ere H"])
    assert reason.code == "necdip.act.already_ordered"
    assert english(reason) == "A Ere already has an order (A Ere H); retract it first to give another"
