"""Issues 9 and 11 at the command line: processing is all-or-nothing, user text is never
markup, every path and file problem is one clear error with exit status 2 and changes
nothing, orders are checked when entered, and a record carries its map and strict options."""

import json
import shutil

import pytest

from typer.testing import CliRunner

from warjudge.cli import app
from warjudge.core.record import GameRecord
from warjudge.diplomacy.variants.necromancer.mapfile import load_necromancer_map

runner = CliRunner()


def cli(*args, stdin=None):
    result = runner.invoke(app, [str(a) for a in args], input=stdin)
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


def necro(tmp_path, name="g.json"):
    game = tmp_path / name
    assert cli("diplomacy", "new", game, "--variant", "necromancer")[0] == 0
    return game


def opened(tmp_path):
    game = necro(tmp_path)
    assert cli("diplomacy", "orders", game, "SARUMAN", stdin="Build A Gap\n")[0] == 0
    assert cli("diplomacy", "process", game)[0] == 0
    return game


def test_rich_markup_in_an_order_is_text(tmp_path):  # issue 9 item 9
    game = opened(tmp_path)
    code, out = cli("diplomacy", "orders", game, "GONDOR", "--keep-void", stdin="A Pel H [/x]\n")
    assert code == 1 and "[/x]" in out
    code, out = cli("diplomacy", "process", game)
    assert code == 0 and "A Pel H [/x]" in out
    code, out = cli("diplomacy", "show", game)
    assert code == 0 and "[/x]" in out


def test_a_bad_option_is_refused_before_anything_is_saved(tmp_path):  # issue 9 item 9
    game = opened(tmp_path)
    before = game.read_bytes()
    code, out = cli("diplomacy", "process", game, "--lang", "xx")
    assert code == 2 and "en or fr" in out and game.read_bytes() == before


def test_errors_keep_bracketed_text(tmp_path):  # issue 9 item 9: _fail drops nothing
    code, out = cli("diplomacy", "show", tmp_path / "[red]missing[/red].json")
    assert code == 2 and "[red]missing[/red]" in out


def test_ta_2750_without_saruman_s_army_is_refused_unless_forced(tmp_path):  # EN 7.7 x; issue 9 item 12
    game = necro(tmp_path)
    before = game.read_bytes()
    code, out = cli("diplomacy", "process", game)
    assert code == 2 and "third army" in out and game.read_bytes() == before
    assert cli("diplomacy", "process", game, "--force")[0] == 0


def test_orders_are_checked_when_entered(tmp_path):  # issue 9 item 11
    game = opened(tmp_path)
    before = game.read_bytes()
    code, out = cli("diplomacy", "orders", game, "SAURON", stdin="N MMo - SIt\nN MMo H\nBuild A MMo\nA Edo - Wes\n")
    assert code == 2 and game.read_bytes() == before
    assert "N MMo already has an order" in out
    assert "Build A MMo: builds, disbands and Activations belong to an Adjustment phase" in out
    assert "A Edo - Wes: A Edo is ROHAN's, not SAURON's" in out
    code, out = cli("diplomacy", "orders", game, "SAURON", stdin="N MMo - SIt\n")
    assert code == 0


def test_an_eliminated_power_gives_no_orders(tmp_path):  # EN 7.7 ii; issue 9 item 11
    game = opened(tmp_path)
    cli("diplomacy", "orders", game, "SARUMAN", stdin="W Ise - Fan\n")
    cli("diplomacy", "process", game)
    cli("diplomacy", "orders", game, "ROHAN", stdin="C Wol - Fan\n")
    cli("diplomacy", "process", game)
    cli("diplomacy", "process", game)    # the Wizard, not ordered to retreat, is destroyed
    code, out = cli("diplomacy", "orders", game, "SARUMAN", stdin="A Ise H\n")
    assert code == 2 and "eliminated" in out


def test_show_before_processing_draws_the_opening(tmp_path):  # issue 9 item 13
    game = necro(tmp_path)
    svg = tmp_path / "start.svg"
    code, out = cli("diplomacy", "show", game, "--svg", svg)
    assert code == 0 and svg.exists() and "A Ise" in out and "W Ise" in out


def test_show_any_past_phase(tmp_path):  # issue 9 item 10
    game = opened(tmp_path)
    cli("diplomacy", "process", game)
    code, out = cli("diplomacy", "show", game, "--phase", "TA2750A", "--power", "ROHAN")
    assert code == 0 and "TA 2750 Adjustments" in out
    code, out = cli("diplomacy", "show", game, "--phase", "TA2795M")
    assert code == 2 and "no report for TA2795M" in out


def test_paths_that_cannot_be_used_are_clear_errors(tmp_path):  # issue 11 item 5
    code, out = cli("diplomacy", "new", tmp_path / "missing" / "g.json", "--variant", "necromancer")
    assert code == 2 and "does not exist" in out
    game = necro(tmp_path)
    code, out = cli("diplomacy", "show", game, "--svg", tmp_path / "missing" / "x.svg")
    assert code == 2 and "cannot write" in out


def test_standard_games_refuse_necromancer_options(tmp_path):  # issue 9 item 13
    code, out = cli("diplomacy", "new", tmp_path / "s.json", "--edition", "2000")
    assert code == 2 and "Necromancer options" in out and not (tmp_path / "s.json").exists()
    code, out = cli("diplomacy", "new", tmp_path / "s.json", "--variant", "necro")
    assert code == 2 and "standard, necromancer" in out


def test_files_that_are_not_utf8_are_refused(tmp_path):  # issue 11 item 4
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe A Pel H\n")
    result = runner.invoke(app, ["diplomacy", "adjudicate", str(bad)])
    assert result.exit_code == 2 and "UTF-8" in json.loads(result.stdout)["error"]
    game = opened(tmp_path)
    before = game.read_bytes()
    code, out = cli("diplomacy", "orders", game, "GONDOR", bad)
    assert code == 2 and "UTF-8" in out and game.read_bytes() == before


def test_options_of_the_wrong_type_are_refused(tmp_path):  # issue 11 items 5, 9
    game = necro(tmp_path)
    for options in ({"alignment": "false"}, {"edition": 2002}, {"map": "/dev/zero"}, {"map": 5}, {"map": []},
                    {"colour": True}):
        data = json.loads(game.read_text())
        data["options"] = {**data["options"], **options}
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps(data))
        code, out = cli("diplomacy", "show", bad)
        assert code == 2 and "option" in out, (options, out)
    data = json.loads((tmp_path / "s.json").read_text()) if (tmp_path / "s.json").exists() else None
    assert data is None
    cli("diplomacy", "new", tmp_path / "s.json")
    data = json.loads((tmp_path / "s.json").read_text())
    data["options"] = {"variant": ["standard"]}
    (tmp_path / "s.json").write_text(json.dumps(data))
    assert cli("diplomacy", "show", tmp_path / "s.json")[0] == 2


def test_a_game_carries_its_map(tmp_path):  # issue 11 item 6: a record never names a file to open
    own_map = tmp_path / "my-map.json"
    shutil.copy(load_necromancer_map.__globals__["Path"](
        load_necromancer_map.__code__.co_filename).with_name("map.json"), own_map)
    game = tmp_path / "g.json"
    assert cli("diplomacy", "new", game, "--variant", "necromancer", "--map", own_map)[0] == 0
    assert isinstance(GameRecord.load(game).options["map"], dict)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    moved = elsewhere / "g.json"
    shutil.copy(game, moved)
    own_map.unlink()
    assert cli("diplomacy", "orders", moved, "SARUMAN", stdin="Build A Gap\n")[0] == 0
    code, out = cli("diplomacy", "process", moved)
    assert code == 0 and "Build A Gap" in out


def test_documents_too_deep_or_with_huge_numbers_are_refused():  # issue 11 items 2, 3
    for raw in ("[" * 100000 + "]" * 100000, '{"phase": "S1901M", "units": {"FRANCE": ["A par"]}, "x": 1' + "0" * 5000
                + "}", '{"variant": "necromancer", "phase": "TA2765M", "units": {"GONDOR": ["' + "9" * 4301 + 'A Pel"]}}',
                '{"variant": "necromancer", "phase": "TA2765M", "units": {"GONDOR": ["100000000A Pel"]}}'):
        result = runner.invoke(app, ["diplomacy", "adjudicate"], input=raw)
        assert result.exit_code == 2 and json.loads(result.stdout)["error"], raw[:40]


def test_long_lines_are_not_wrapped_when_piped(tmp_path):  # issue 9 item 13
    game = opened(tmp_path)
    code, out = cli("diplomacy", "show", game)
    warning = [line for line in out.splitlines() if line.startswith("GAMES MASTER'S COPY")]
    assert warning and len(warning[0]) > 80 and warning[0].endswith("(warjudge diplomacy show --power).")


def test_order_lists_are_bounded_before_any_work(tmp_path):  # issue 11 item 2
    game = opened(tmp_path)
    before = game.read_bytes()
    code, out = cli("diplomacy", "orders", game, "GONDOR", "--keep-void", stdin="A Pel H\n" * 501)
    assert code == 2 and "at most 500 orders" in out and game.read_bytes() == before
    code, out = cli("diplomacy", "orders", game, "GONDOR", "--keep-void", stdin="A Pel H" + " " * 2000 + "x\n")
    assert code == 2 and game.read_bytes() == before


@pytest.mark.parametrize("args", [["diplomacy", "new", "9" * 4301], ["diplomacy", "show", "9" * 4301],
                                  ["diplomacy", "process", "9" * 4301]])
def test_a_file_name_too_long_is_a_clean_error(args):  # issue 11 item 5: paths
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "File name too long" in result.output
