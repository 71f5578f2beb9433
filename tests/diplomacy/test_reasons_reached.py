"""Every reason code of the standard Diplomacy judge (diplomacy/reasons.py) is one it
really gives (issue 12: the registry has no dead code, so the wording tables word real
reasons): the DATC cases and a few crafted phases, through the JSON interface, reach
every code but the refusals of the game interface (tests/presentation/diplomacy) and of
its options (tests/diplomacy/test_dialect.py)."""

import json
from pathlib import Path

import pytest

from tests.diplomacy.datc_runner import run_case
from warjudge.diplomacy.interface import adjudicate_document
from warjudge.diplomacy.reasons import CODES

DATC = json.loads((Path(__file__).parent.parent / "data" / "datc_v2.4_06.json").read_text())

CRAFTED = [
    # the parser, and orders illegal in the position (Movement)
    {"phase": "S1901M", "units": {"ENGLAND": ["F nth", "A lvp", "F lon"], "GERMANY": ["A mun"]},
     "orders": {"ENGLAND": ["", "A lvp -", "A xyz H", "F nth - nwy/zz", "F nth - spa/zz", "Waive now", "Build par",
                            "par B", "A lvp - yor via", "A lvp S A yor x", "F nth C A lon bel", "A lvp frobnicate",
                            "A lvp H H", "A hol H", "F lvp H", "A nth H", "Build A lon", "F nth C A yor - nwy",
                            "F nth C A mun - hol", "F lon H", "F lon - eng"]}},
    # Retreats
    {"phase": "S1901R", "units": {},
     "dislodged": {"ENGLAND": [{"unit": "F nth", "attacker_from": "hel"}]},
     "orders": {"ENGLAND": ["A nth R hol", "F nth - hol via convoy"], "FRANCE": ["F nth R hol"]}},
    # Adjustments
    {"phase": "W1901A", "units": {"ENGLAND": ["F lon", "A lvp", "F edi"]},
     "supply_centers": {"ENGLAND": ["lon", "lvp", "edi"]},
     "orders": {"ENGLAND": ["Build A yor", "Remove A lvp", "A lvp H"]}},
    {"phase": "W1901A", "units": {"GERMANY": ["A mun", "A ber", "F kie"], "FRANCE": ["A par"]},
     "supply_centers": {"GERMANY": ["mun"], "FRANCE": ["par", "bre"]},
     "orders": {"GERMANY": ["Remove A kie", "Remove A par"]}},
]
REFUSALS_ONLY = {"dip.no_such_unit"}   # game.py's check of an adjustment order (a refused action)
MAP_ONLY = {"dip.army_at_sea"}          # the standard map has no home centre at sea (a map file may)


def codes_in(why) -> set[str]:
    if not why:
        return set()
    inner = why["params"].get("reason")
    return {why["code"]} | codes_in(inner if isinstance(inner, dict) else None)


@pytest.fixture(scope="module")
def reached(standard_map) -> set[str]:
    found: set[str] = set()
    for case in DATC:
        for r in run_case(standard_map, case)[0].results:
            found |= codes_in(None if r.why is None else r.why.to_json())
    for doc in CRAFTED:
        for line in adjudicate_document(doc)["orders"]:
            found |= codes_in(line["why"])
            assert sorted(line["why"]["params"]) == sorted(CODES[line["why"]["code"]]) if line["why"] else True
    return found


def test_every_reason_code_is_one_the_judge_gives(reached):
    unreached = set(CODES) - reached - REFUSALS_ONLY - MAP_ONLY
    assert sorted(c for c in unreached if not c.startswith(("dip.act.", "dip.option."))) == []
