"""`warjudge diplomacy adjudicate` with "variant": "necromancer" (the issue's machine interface)."""

import json

import pytest
from typer.testing import CliRunner

from warjudge.cli import app

runner = CliRunner()


def run(doc, raw=None):
    result = runner.invoke(app, ["diplomacy", "adjudicate"], input=raw if raw is not None else json.dumps(doc))
    return result.exit_code, json.loads(result.stdout)


BASE = {"variant": "necromancer", "phase": "TA2765M",
        "units": {"ROHAN": ["A Edo", "A Hel", "C Wol"], "SARUMAN": ["A Gap", "W Ise"], "STANDING": ["A Gre"]},
        "supply_centers": {"ROHAN": ["Edo", "Hel", "Wol"], "SARUMAN": ["Dun", "Ise"]},
        "orders": {"ROHAN": ["A Edo - Wes", "A Hel S A Edo - Wes", "C Wol - Edo - Eas"],
                   "SARUMAN": ["A Gap - Wes", "W Ise - Fan"]}}


def test_movement_phase():  # EN 2.2.3, 3.2.2, 3.3
    code, out = run(BASE)
    assert code == 0 and out["phase"] == "TA2765M" and out["next_phase"] == "TA2780M"
    result = {o["order"]: o["result"] for o in out["orders"]}
    assert result["A Gap - Wes"] == "fails" and result["C Wol - Edo - Eas"] == "succeeds"
    assert sorted(out["units"]["ROHAN"]) == ["A Hel", "A Wes", "C Eas"] and "W Fan" in out["units"]["SARUMAN"]
    assert out["state"]["edition"] == "2002"


def test_a_power_view_hides_what_it_may_not_see():  # EN 3.2.1 i
    code, out = run({**BASE, "view": "ROHAN"})
    assert code == 0 and "W Fan" not in out["units"].get("SARUMAN", [])
    assert not any(o["order"].startswith("W ") for o in out["orders"]) and "state" not in out


def test_retreat_phase():  # EN 3.3 iv, 4.2 xii
    doc = {"variant": "necromancer", "phase": "TA2765R", "units": {"HARAD": ["A Los"]},
           "dislodged": {"GONDOR": [{"unit": "2A SIt", "attacker_from": "Los"}]},
           "orders": {"GONDOR": ["2A SIt R Pel"]}}
    code, out = run(doc)
    assert code == 0 and out["units"]["GONDOR"] == ["2A Pel"] and out["next_phase"] == "TA2780M"


def test_adjustment_phase_reports_victory_points():  # EN 6.3, 7.2 i, 7.5 i
    doc = {"variant": "necromancer", "phase": "TA2780A", "units": {"ELVES": ["A Lor"]},
           "supply_centers": {"ELVES": ["Lor", "Woo"]}, "orders": {"ELVES": ["Build A Woo"]}}
    code, out = run(doc)
    assert code == 0 and sorted(out["units"]["ELVES"]) == ["A Lor", "A Woo"]
    assert out["victory_points"]["ELVES"] == 3 + 4 and out["next_phase"] == "TA2795M"


@pytest.mark.parametrize("change,fragment", [
    ({"phase": "TA2770M"}, "every 15 years"),
    ({"units": {"MORDOR": ["A Los"]}}, "unknown power"),
    ({"units": {"ROHAN": ["A Edo"], "GONDOR": ["A Edo"]}}, "cannot share"),
    ({"supply_centers": {"ROHAN": ["Min"]}}, "supply centre"),
    ({"state": {"edition": "1999"}}, "edition"),
    ({"dislodged": {"ROHAN": [{"unit": "A Edo"}]}}, "retreat phase"),
    ({"view": "MORDOR"}, "view"),
])
def test_bad_documents(change, fragment):  # Standards: a clear error, exit status 2, nothing adjudicated
    code, out = run({**BASE, **change})
    assert code == 2 and fragment.lower() in out["error"].lower()


@pytest.mark.parametrize("change,fragment", [
    ({"state": {"activated": {"Gre": -5}}}, "Activations happen"),
    ({"state": {"activated": {"Gre": 3100}}}, "Activations happen"),
    ({"state": {"activated": {"Pel": 2750}}}, "never held a Standing Army"),
    ({"state": {"secret_beasts": ["X"]}}, "secret_beasts"),
    ({"state": {"secret_armies": ["Gre"]}}, "secret_armies"),
    ({"state": {"alignment": "false"}}, "alignment"),
    ({"state": {"spiders_used": 1}}, "spiders_used"),
    ({"state": {"neutralised": ["Pel"]}}, "never Good or Evil"),
    ({"standoffs": ["Wes"]}, "retreat phase"),
    ({"phase": "TA2765R", "orders": {}}, "needs the dislodged units"),
    ({"phase": "TA2765R", "dislodged": {"GONDOR": [{"unit": "A Pel", "attacker_from": "Los"}],
                                        "HARAD": [{"unit": "A Pel", "attacker_from": "SIt"}]}}, "two dislodged units"),
    ({"phase": "TA2765R", "dislodged": {"GONDOR": [{"unit": "A Pel", "attacker_from": "Gor"}]}}, "not next to"),
    ({"phase": "TA2765R", "dislodged": {"GONDOR": [{"unit": "A Pel", "attacker_from": "Los"}]},
      "standoffs": ["Edo"]}, "occupied"),
    ({"units": {"GONDOR": ["100000000A Pel"]}}, "at most 99"),
    ({"orders": {"ROHAN": ["A Edo H"] * 501}}, "at most 500"),
])
def test_inconsistent_state_is_refused_with_the_reason(change, fragment):  # issue 11 item 7
    code, out = run({**BASE, **change})
    assert code == 2 and fragment.lower() in out["error"].lower(), out
