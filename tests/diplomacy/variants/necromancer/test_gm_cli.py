"""A games master runs a Necromancer game from the command line (issue 3: GM commands,
reports per power in English or French, the map per view)."""

from typer.testing import CliRunner

from warjudge.cli import app
from warjudge.core.record import GameRecord

runner = CliRunner()


def cli(*args, stdin=None):
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.output


def test_a_turn_as_a_games_master(tmp_path):
    game = str(tmp_path / "g.json")
    assert cli("diplomacy", "new", game, "--variant", "necromancer", "--edition", "2000")[0] == 0
    assert cli("diplomacy", "orders", game, "saruman", stdin="Build A Gap\n")[0] == 0
    assert cli("diplomacy", "orders", game, "SAURON", stdin="Activate A Gre\n")[0] == 0
    code, out = cli("diplomacy", "process", game)
    assert code == 0 and "Build A Gap" in out and "Activate A Gre" in out  # the GM sees everything
    assert cli("diplomacy", "orders", game, "SARUMAN", stdin="W Ise - Fan\nA Gap - Wes\n")[0] == 0
    assert cli("diplomacy", "orders", game, "ROHAN", stdin="A Edo - Wes\nA Hel S A Edo - Wes\n")[0] == 0
    code, out = cli("diplomacy", "process", game, "--lang", "fr")
    assert code == 0 and "TA 2765 Mouvements: compte-rendu pour l'arbitre" in out and "échoue" in out and "Soutenir" in out
    svg = tmp_path / "rohan.svg"
    code, out = cli("diplomacy", "show", game, "--power", "rohan", "--svg", str(svg))
    assert code == 0 and "W Fan" not in out and "Activate" not in out  # EN 3.2.1, 7.8.2 vii
    assert "A Gre" in out.split("Standing Armies")[1].splitlines()[0]   # the Activation stays secret
    assert svg.exists() and ">W<" not in svg.read_text(encoding="utf-8")
    assert GameRecord.load(tmp_path / "g.json").options["edition"] == "2000"


def test_bad_input_changes_nothing(tmp_path):  # Standards: bad input gets a clear error, changes nothing
    game = tmp_path / "g.json"
    cli("diplomacy", "new", str(game), "--variant", "necromancer")
    before = game.read_text()
    code, out = cli("diplomacy", "orders", str(game), "MORDOR", stdin="A Los H\n")
    assert code == 2 and "unknown power" in out and game.read_text() == before
    code, out = cli("diplomacy", "new", str(tmp_path / "h.json"), "--variant", "necromancer", "--edition", "1999")
    assert code == 2 and "edition" in out
    code, out = cli("diplomacy", "show", str(game), "--power", "MORDOR")
    assert code == 2 and "unknown power" in out


def test_draw_among_all_survivors(tmp_path):  # EN 6.3 v
    game = str(tmp_path / "g.json")
    cli("diplomacy", "new", game, "--variant", "necromancer")
    code, out = cli("diplomacy", "draw", game, "GONDOR", "ROHAN")
    assert code == 2 and "surviving powers" in out
    everyone = ["DWARVES", "EASTERLINGS", "ELVES", "GONDOR", "HARAD", "ROHAN", "SARUMAN", "SAURON"]
    code, out = cli("diplomacy", "draw", game, *everyone)
    assert code == 0 and "drawn" in out
    code, out = cli("diplomacy", "process", game)
    assert code == 2 and "over" in out  # nothing more happens after a draw
    assert GameRecord.load(tmp_path / "g.json").actions[-1]["type"] == "draw"


def test_french_reasons():  # issue 3: reports in either language
    from warjudge.presentation.necromancer_diplomacy.report import reason_in

    assert reason_in("fr", {"code": "necdip.result.did_not_prevail", "params": {"dest": "Wes"}}) == \
        "n'a pas pu entrer en Wes"
    assert reason_in("fr", {"code": "necdip.result.cut", "params": {}}) == "coupé"
    assert reason_in("en", {"code": "necdip.result.cut", "params": {}}) == "cut"
    # unknown reasons are printed as their code and parameters, never a traceback
    assert reason_in("fr", {"code": "necdip.something_new", "params": {"n": 1}}) == 'necdip.something_new {"n": 1}'
    assert reason_in("en", None) == ""
