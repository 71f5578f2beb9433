"""`warjudge gs`: a Gondor & Sauron battle at the terminal, one action at a time; a refused
action is a clear error (exit 2) and leaves the record file exactly as it was."""

from typer.testing import CliRunner

from warjudge.cli import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, ["gs", *map(str, args)])


def test_a_battle_at_the_terminal(tmp_path):
    path = tmp_path / "battle.json"
    assert run("new", path, "--game", "sauron", "--seed", 4).exit_code == 0
    shown = run("show", path)
    assert shown.exit_code == 0 and "turn 1/18 phase A" in shown.output and "Leader sauron" in shown.output
    legal = run("legal", path)
    assert legal.exit_code == 0 and "westernesse to act (magic)" in legal.output
    before = path.read_bytes()
    refused = run("act", path, "sauron", "1")
    assert refused.exit_code == 2 and "sauron is not to act now" in refused.output
    assert run("act", path, "westernesse", '{"type": "fly"}').exit_code == 2
    assert run("act", path, "westernesse", "999").exit_code == 2
    assert path.read_bytes() == before
    moved = run("act", path, "westernesse", '{"type": "end"}')
    assert moved.exit_code == 0 and path.read_bytes() != before
    assert run("bot", path, "sauron").exit_code == 0
    assert "to act: westernesse" in run("show", path).output


def test_new_refuses_bad_input_and_existing_files(tmp_path):
    path = tmp_path / "b.json"
    assert run("new", path, "--game", "chess").exit_code == 2
    bad = tmp_path / "s.json"
    bad.write_text('{"format": "nope"}', encoding="utf-8")
    result = run("new", path, "--scenario", bad)
    assert result.exit_code == 2 and "scenario" in result.output and not path.exists()
    assert run("new", path).exit_code == 0
    assert run("new", path).exit_code == 2
    assert run("show", tmp_path / "missing.json").exit_code == 2


def test_show_lists_the_cauldrons_without_saying_which_are_dummies_and_the_pedestal(tmp_path):
    # [BB-G] cauldrons and dummies (hidden from Sauron: the shared terminal marks none);
    # [BB-S] Sauron's pedestal
    gondor, sauron = tmp_path / "g.json", tmp_path / "s.json"
    assert run("new", gondor, "--game", "gondor", "--seed", 1).exit_code == 0
    assert run("new", sauron, "--game", "sauron", "--seed", 1).exit_code == 0
    shown = run("show", gondor).output
    assert [line.split()[0] for line in shown.splitlines() if " cauldron " in line] == \
        ["0302", "0304", "0308", "0310", "0312", "0314"]
    assert "dummy" not in shown
    assert "1103 S pedestal of sauron" in run("show", sauron).output


def test_another_games_record_is_refused_with_one_line(tmp_path):
    """`gs` commands load through the registry for a Gondor & Sauron game only (cli/shell.py):
    an SJG record is one clear error, not a traceback, and the file is left as it was."""
    path = tmp_path / "sjg.json"
    assert runner.invoke(app, ["sjg", "new", str(path), "--seed", "5"]).exit_code == 0
    before = path.read_bytes()
    for args in (["show", path], ["legal", path], ["act", path, "red", "1"], ["bot", path, "red"]):
        result = run(*args)
        assert result.exit_code == 2, result.output
        assert "not a Gondor & Sauron battle" in result.output and result.exception is not None
        assert isinstance(result.exception, SystemExit)
    assert path.read_bytes() == before
