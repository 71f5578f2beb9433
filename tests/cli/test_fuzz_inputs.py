"""Fuzzing kept in the suite (issue 11), one test per class of input: adjudicate documents
(standard and Necromancer, mutated from valid ones), orders in both grammars (English and
French), and the adjudicate/game/map command lines. The only allowed outcomes are a result
or a typed error (exit status 2 at the command line): never a traceback, never a changed
file after an error. Derandomized, so a failure replays."""

import contextlib
import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from warjudge.cli import app
from warjudge.core.errors import WarjudgeError
from warjudge.diplomacy.interface import adjudicate_document
from warjudge.diplomacy.orders import parse_order
from warjudge.diplomacy.variants.necromancer.mapfile import load_necromancer_map
from warjudge.diplomacy.variants.necromancer.orders import parse_norder
from warjudge.diplomacy.variants.standard import standard_map

FUZZ = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
runner = CliRunner()
NMAP, SMAP = load_necromancer_map(), standard_map()

VALID_DOCUMENTS = [
    {"variant": "standard", "phase": "S1901M", "units": {"ENGLAND": ["F nth", "A lvp"], "FRANCE": ["F spa/sc"]},
     "orders": {"ENGLAND": ["F nth - pic", "A lvp H"]}},
    {"phase": "S1901R", "units": {"ITALY": ["A tri"]}, "dislodged": {"AUSTRIA": [{"unit": "F tri",
     "attacker_from": "ven"}]}, "standoffs": ["bud"], "orders": {"AUSTRIA": ["F tri - alb"]}},
    {"phase": "W1901A", "units": {"RUSSIA": ["A mos"]}, "supply_centers": {"RUSSIA": ["mos", "stp", "war"]},
     "orders": {"RUSSIA": ["Build F stp/nc", "Build A war"]}},
    {"variant": "necromancer", "phase": "TA2765M",
     "units": {"ROHAN": ["A Edo", "A Hel", "C Wol"], "SARUMAN": ["A Gap", "W Ise"], "STANDING": ["A Gre"],
               "SAURON": ["2A Gor", "N Gor"], "GONDOR": ["2A/1F Pel", "A Los"]},
     "supply_centers": {"ROHAN": ["Edo", "Hel", "Wol"], "SARUMAN": ["Dun", "Ise"]},
     "orders": {"ROHAN": ["A Edo - Wes", "A Hel S A Edo - Wes", "C Wol - Edo - Eas"],
                "SARUMAN": ["A Gap - Wes", "W Ise - Fan"], "SAURON": ["N Gor L 2A Gor", "2A Gor - 2A Lit"],
                "GONDOR": ["2A Pel - 3A SIt", "A Los - 3A SIt"]},
     "state": {"edition": "2000", "activated": {"Gre": 2750}, "secret_armies": [], "neutralised": []},
     "view": "ROHAN"},
    {"variant": "necromancer", "phase": "TA2765R", "units": {"HARAD": ["A Los"], "SAURON": ["N Gor"]},
     "dislodged": {"GONDOR": [{"unit": "2A SIt", "attacker_from": "Los", "also_forbidden": ["Pel"]}]},
     "orders": {"GONDOR": ["2A SIt R Pel"]}},
    {"variant": "necromancer", "phase": "TA2780A", "units": {"ELVES": ["A Lor"], "STANDING": ["A Gre"]},
     "supply_centers": {"ELVES": ["Lor", "Woo"], "SAURON": ["DGu"]},
     "orders": {"ELVES": ["Build A Woo"], "SAURON": ["Activate A Gre"]}},
]
ODD_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(allow_nan=False),
                       st.text(max_size=30), st.sampled_from(["A Khazad-dûm", "99999999999A Pel", "TA9999M", "[/x]",
                                                              "Lake-town", "", "STANDING", "2A/3F Pel"]),
                       st.lists(st.text(max_size=8), max_size=3), st.dictionaries(st.text(max_size=6),
                                                                                    st.text(max_size=6), max_size=2))


def _paths(value, here=()):
    yield here
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*here, index))


@st.composite
def mutated_documents(draw):
    doc = copy.deepcopy(draw(st.sampled_from(VALID_DOCUMENTS)))
    for _ in range(draw(st.integers(1, 4))):
        paths = [p for p in _paths(doc) if p]
        path = draw(st.sampled_from(paths))
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        if draw(st.booleans()):
            parent[path[-1]] = draw(ODD_VALUES)
        elif isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.pop(path[-1])
    return doc


@FUZZ
@given(mutated_documents())
def test_mutated_documents_give_a_result_or_a_typed_error(doc):  # issue 11: documents
    try:
        out = adjudicate_document(doc)
    except WarjudgeError:
        return
    json.dumps(out)


ORDER_WORDS = st.sampled_from([
    "A", "2A", "A/F", "2A/1F", "C", "N", "W", "S", "D", "F", "E", "Los", "SIt", "Pel", "Gor", "MMo", "Wol",
    "Edo", "Khazad-dûm", "Lake-town", "Beorn's", "Hall", "Lórien", "-", "->", "H", "Tenir", "Soutenir", "L",
    "Lever", "Commandement", "b", "R", "Retraite", "Build", "Construire", "Activate", "Activer", "Remove",
    "Waive", "then", "puis", ",", "(", ")", "/", "9" * 30, "0A", "[/x]", "par", "bur", "nth", "stp/sc", "via",
    "convoy", "Mid-Atlantic", "Ocean", "spa(nc)"])
ORDERS = st.text(max_size=60) | st.lists(ORDER_WORDS, max_size=9).map(" ".join) | \
    st.lists(ORDER_WORDS, max_size=9).map("".join)


@FUZZ
@given(ORDERS, st.sampled_from(["GONDOR", "SAURON", "ROHAN"]))
def test_necromancer_orders_parse_or_give_a_typed_error(text, power):  # issue 11: orders (EN and FR)
    try:
        parse_norder(text, power, NMAP)
    except WarjudgeError:
        pass


@FUZZ
@given(ORDERS)
def test_standard_orders_parse_or_give_a_typed_error(text):  # issue 11: orders
    try:
        parse_order(text, "FRANCE", SMAP)
    except WarjudgeError:
        pass


COMMANDS = st.sampled_from([
    ["diplomacy", "adjudicate"], ["diplomacy", "new"], ["diplomacy", "orders"], ["diplomacy", "process"],
    ["diplomacy", "show"], ["diplomacy", "draw"],
    ["diplomacy", "map", "check"], ["diplomacy", "map", "render"], ["diplomacy", "map", "picture"]])
ARGUMENTS = st.lists(st.sampled_from([
    "GAME", "GAME", "NEW", "--variant", "necromancer", "standard", "necro", "--edition", "2000", "1999",
    "--lang", "fr", "xx", "--power", "ROHAN", "mordor", "--phase", "TA2750A", "TA9999M", "--svg", "OUT.svg",
    "missing/x.svg", "--map", "MAP", "/dev/null", "--force", "--keep-void", "SARUMAN", "--out", "-",
    "[red]x[/red]", "ORDERS", "BAD", "--alignment", "--no-alignment"]), max_size=6)


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(COMMANDS, ARGUMENTS, st.text(max_size=30))
def test_command_lines_give_a_result_or_a_clean_error(tmp_path, command, arguments, stdin):  # issue 11: CLI
    folder = tmp_path / "run"
    folder.mkdir(exist_ok=True)
    game = folder / "g.json"
    if not game.exists():
        runner.invoke(app, ["diplomacy", "new", str(game), "--variant", "necromancer"])
    (folder / "orders.txt").write_text("Build A Gap\nA Pel H\n", encoding="utf-8")
    (folder / "bad.txt").write_bytes(b"\xff\x00{")
    places = {"GAME": str(game), "NEW": str(folder / "new.json"), "OUT.svg": str(folder / "out.svg"),
              "missing/x.svg": str(folder / "missing" / "x.svg"), "MAP": str(folder / "bad.txt"),
              "ORDERS": str(folder / "orders.txt"), "BAD": str(folder / "bad.txt")}
    before = game.read_bytes()
    with contextlib.chdir(folder):   # a bare name ('--out xx') is written there, never in the repository
        result = runner.invoke(app, [*command, *(places.get(a, a) for a in arguments)], input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    assert result.exit_code in (0, 1, 2), (command, arguments, result.output)
    if result.exit_code != 0 and command[:2] != ["diplomacy", "new"]:
        assert game.read_bytes() == before, (command, arguments, result.output)
