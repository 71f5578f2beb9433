"""`warjudge diplomacy adjudicate`: the JSON contract other tools rely on (docs/interface.md)."""

import json

import pytest
from typer.testing import CliRunner

from warjudge.cli import app
from warjudge.core.errors import InputError
from warjudge.diplomacy.interface import adjudicate_document

runner = CliRunner()


def run(doc, raw=None):
    result = runner.invoke(app, ["diplomacy", "adjudicate"], input=raw if raw is not None else json.dumps(doc))
    return result.exit_code, json.loads(result.stdout)


def test_movement_document_from_the_issue():  # interface contract; DATC 6.A.1 (fleet to land is void)
    code, out = run({"variant": "standard", "phase": "S1901M",
                     "units": {"ENGLAND": ["F nth", "A lvp"], "FRANCE": ["F spa/sc"]},
                     "orders": {"ENGLAND": ["F nth - pic", "A lvp H"]}})
    assert code == 0
    assert out["phase"] == "S1901M" and out["next_phase"] == "F1901M"
    by_order = {o["order"]: o for o in out["orders"]}
    assert by_order["F nth - pic"]["result"] == "void" and by_order["F nth - pic"]["reason"]
    assert by_order["A lvp H"]["result"] == "succeeds"
    assert by_order["F spa/sc H"]["default"] is True  # unordered unit holds by default
    assert out["units"] == {"ENGLAND": ["A lvp", "F nth"], "FRANCE": ["F spa/sc"]}


def test_dislodgement_and_standoffs_are_reported():  # 2000 rules: dislodgement, standoff
    code, out = run({"phase": "S1901M",
                     "units": {"AUSTRIA": ["A vie", "A bud", "A tri"], "RUSSIA": ["A gal", "A rum"],
                               "ITALY": ["A ven", "A tyr"]},
                     "orders": {"ITALY": ["A ven - tri", "A tyr S A ven - tri"],
                                "RUSSIA": ["A gal - bud", "A rum - bud"],
                                "AUSTRIA": ["A tri H"]}})
    assert code == 0
    assert out["next_phase"] == "S1901R"
    assert out["dislodged"] == {"AUSTRIA": [{"unit": "A tri", "attacker_from": "ven"}]}
    assert out["standoffs"] == []  # bud stays occupied: not a standoff province
    code, out = run({"phase": "S1901M", "units": {"RUSSIA": ["A gal", "A rum"]},
                     "orders": {"RUSSIA": ["A gal - bud", "A rum - bud"]}})
    assert out["standoffs"] == ["bud"]


def test_retreat_document():  # 2000 rules: retreats; no retreat to attacker's origin or standoff
    code, out = run({"phase": "S1901R", "units": {"ITALY": ["A tri"]},
                     "dislodged": {"AUSTRIA": [{"unit": "A tri", "attacker_from": "ven"}]},
                     "standoffs": ["bud"],
                     "orders": {"AUSTRIA": ["A tri - ven"]}})
    assert code == 0
    assert out["orders"][0]["result"] == "void"
    assert out["next_phase"] == "F1901M"
    assert "AUSTRIA" not in out["units"]
    code, out = run({"phase": "S1901R", "units": {"ITALY": ["A tri"]},
                     "dislodged": {"AUSTRIA": [{"unit": "A tri", "attacker_from": "ven"}]},
                     "orders": {"AUSTRIA": ["A tri - alb"]}})
    assert out["units"]["AUSTRIA"] == ["A alb"]


def test_adjustment_document():  # 2000 rules: builds in owned, vacant home centres
    code, out = run({"phase": "W1901A", "units": {"RUSSIA": ["A mos"]},
                     "supply_centers": {"RUSSIA": ["mos", "stp", "war"]},
                     "orders": {"RUSSIA": ["Build F stp/nc", "Build A war"]}})
    assert code == 0
    assert out["next_phase"] == "S1902M"
    assert out["units"]["RUSSIA"] == ["A mos", "F stp/nc", "A war"]
    assert out["supply_centers"] == {"RUSSIA": ["mos", "stp", "war"]}


def test_aliases_and_case_are_accepted():  # order grammar: common forms and aliases
    code, out = run({"phase": "S1901M", "units": {"FRANCE": ["f MAO"], "ENGLAND": ["F nao"]},
                     "orders": {"france": ["F Mid-Atlantic Ocean -> Spain(nc)"], "ENGLAND": ["F NAO - NWG"]}})
    assert code == 0
    assert out["units"] == {"ENGLAND": ["F nrg"], "FRANCE": ["F spa/nc"]}


@pytest.mark.parametrize("raw,fragment", [
    ("{not json", "not JSON"),
    ('{"phase": "S1901M", "units": {"NARNIA": ["A par"]}}', "unknown power"),
    ('{"phase": "Spring"}', "phase"),
    ('{"phase": "S1901M", "units": {"FRANCE": ["A par", "A par"]}}', "two units"),
    ('{"phase": "S1901M", "units": {"FRANCE": ["A nth"]}}', "army cannot be at sea"),
    ('{"phase": "S1901M", "units": {"RUSSIA": ["F stp"]}}', "which coast"),
    ('{"phase": "W1901A", "units": {}}', "needs supply_centers"),
    ('{"phase": "S1901M", "bogus": 1}', "bogus"),
    ('{"phase": "S1901M", "variant": "narnia"}', "unknown variant"),
    ('[]', "document"),
])
def test_bad_documents_get_a_json_error_and_status_2(raw, fragment):  # Standards: bad input, clear error
    code, out = run(None, raw=raw)
    assert code == 2
    assert fragment.lower() in out["error"].lower()


def test_document_is_not_modified():  # Standards: adjudication has no side effects on its input
    doc = {"phase": "S1901M", "units": {"FRANCE": ["A par"]}, "orders": {"FRANCE": ["A par - bur"]}}
    snapshot = json.dumps(doc)
    adjudicate_document(doc)
    assert json.dumps(doc) == snapshot
    with pytest.raises(InputError):
        adjudicate_document({"phase": "S1901M", "dislodged": {"FRANCE": [{"unit": "A par"}]}})


def test_file_argument(tmp_path):  # CLI: FILE or stdin
    path = tmp_path / "phase.json"
    path.write_text(json.dumps({"phase": "S1901M", "units": {"FRANCE": ["A par"]}, "orders": {"FRANCE": ["A par-bur"]}}))
    result = runner.invoke(app, ["diplomacy", "adjudicate", str(path)])
    assert result.exit_code == 0 and json.loads(result.stdout)["units"] == {"FRANCE": ["A bur"]}
    result = runner.invoke(app, ["diplomacy", "adjudicate", str(tmp_path / "missing.json")])
    assert result.exit_code == 2 and "cannot read" in json.loads(result.stdout)["error"]
