"""Issue 10 items 2, 3, 6, 9 and issue 11 items 2, 3, 6 for SJG Necromancer: a record
carries its map, never names a file, validates every option strictly, seeds are secret,
players get views of their own, and every bad input is a clean error that changes nothing."""

from __future__ import annotations

import json
import shutil

import pytest
from typer.testing import CliRunner

from warjudge.cli import app
from warjudge.core.errors import RecordError
from warjudge.core.record import HEADER_KEYS, GameRecord, content_checksum
from warjudge.hexwar.sjg.board import DEFAULT_BOARD
from warjudge.hexwar.sjg.game import SjgNecromancerGame

runner = CliRunner()


def cli(*args: str):
    return runner.invoke(app, ["sjg", *args])


def resigned(data: dict) -> str:
    """A hand-edited record with a valid checksum, as a player who edits a mailed file can make
    one: the checksum catches damage, so the engine's own checks must catch the rest."""
    data["checksum"] = content_checksum({k: data[k] for k in HEADER_KEYS})
    return json.dumps(data)


def clean_error(result, message: str) -> None:
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split()), result.output
    assert "Traceback" not in result.output and "https://" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def own_map(tmp_path):
    spec = json.loads(DEFAULT_BOARD.read_text())
    spec["name"], spec["reconstruction"] = "my own transcription", False
    path = tmp_path / "maps" / "mine.json"
    path.parent.mkdir()
    path.write_text(json.dumps(spec))
    return path


def test_a_game_on_your_own_map_travels_without_the_map_file(tmp_path):
    # issue 10 item 2: the record carries the map; copying the game alone is enough
    map_path = own_map(tmp_path)
    game = tmp_path / "g.json"
    assert cli("new", str(game), "--map", str(map_path), "--seed", "3", "--first", "red").exit_code == 0
    options = json.loads(game.read_text())["options"]
    assert options["map"]["spec"]["name"] == "my own transcription" and len(options["map"]["sha256"]) == 64
    assert str(map_path) not in game.read_text()
    shutil.rmtree(map_path.parent)                      # the map file is gone: the game goes on
    elsewhere = tmp_path / "mailed.json"
    shutil.copy(game, elsewhere)
    assert cli("act", str(elsewhere), "red", "deploy auto").exit_code == 0
    assert SjgNecromancerGame.from_record(GameRecord.load(elsewhere)).state.position.board.name == "my own transcription"


def test_a_changed_map_in_a_record_is_refused(tmp_path):
    # issue 10 item 2: editing the map mid-game never silently changes the game
    game = tmp_path / "g.json"
    assert cli("new", str(game), "--map", str(own_map(tmp_path)), "--seed", "3").exit_code == 0
    data = json.loads(game.read_text())
    data["options"]["map"]["spec"]["rows"][0] = data["options"]["map"]["spec"]["rows"][0].replace("3", "4", 1)
    game.write_text(resigned(data))
    before = game.read_bytes()
    clean_error(cli("show", str(game)), "the map was changed after the game began")
    clean_error(cli("act", str(game), "red", "deploy auto"), "the map was changed")
    assert game.read_bytes() == before


@pytest.mark.parametrize("value", ["/dev/zero", "/dev/stdin", {}, 5, [], True, {"sha256": "0" * 64, "spec": 5}])
def test_a_game_file_never_names_a_file_to_open(tmp_path, value):
    # issue 11 item 6: '"map": "/dev/zero"' (or "/dev/stdin") is refused at once
    game = tmp_path / "g.json"
    assert cli("new", str(game), "--seed", "1").exit_code == 0
    data = json.loads(game.read_text())
    data["options"]["map"] = value
    game.write_text(resigned(data))
    clean_error(cli("show", str(game)), "options are invalid: map")


@pytest.mark.parametrize("field, value, message", [
    ("first", True, "first"), ("first", "green", "first"), ("scenario", 5, "scenario"),
    ("optional", ["cp_allowance", "cp_allowance"], "named twice"), ("optional", ["teleport"], "optional"),
    ("optional", "cp_allowance", "optional"), ("items", {"red": "2"}, "items.red"), ("items", {"red": True}, "items"),
    ("items", {"red": 99}, "items.red"), ("items", {"green": 1}, "items"), ("extra", 1, "extra"),
])
def test_options_read_from_a_record_are_validated_strictly(tmp_path, field, value, message):
    # issue 11: booleans are booleans, enums are enums, numbers in range
    data = json.loads(GameRecord("necromancer-sjg", 1, {}).to_json())
    data["options"] = {field: value}
    with pytest.raises(RecordError, match=f"options are invalid: .*{message}"):
        SjgNecromancerGame.from_record(GameRecord.from_json(resigned(data)))


def test_real_games_get_128_secret_bits_and_a_chosen_seed_still_reproduces(tmp_path):
    # issue 10 item 3: seeds from the OS's secure source, at least 128 bits
    seeds = []
    for name in ("a", "b"):
        assert cli("new", str(tmp_path / f"{name}.json")).exit_code == 0
        seeds.append(json.loads((tmp_path / f"{name}.json").read_text())["seed"])
    assert seeds[0] != seeds[1] and all(s.bit_length() > 64 for s in seeds)  # fails with 2**-64 odds
    for name in ("c", "d"):
        assert cli("new", str(tmp_path / f"{name}.json"), "--seed", "77").exit_code == 0
    assert (tmp_path / "c.json").read_text() == (tmp_path / "d.json").read_text()
    clean_error(cli("new", str(tmp_path / "e.json"), "--seed", "-1"), "--seed is a whole number")


def test_a_side_exports_its_view_and_show_draws_it_without_the_game_file(tmp_path):
    # issue 10 item 3: the GM keeps the file, each player gets only a view
    game = tmp_path / "g.json"
    assert cli("new", str(game), "--seed", "2", "--first", "red").exit_code == 0
    assert cli("act", str(game), "red", "deploy auto").exit_code == 0
    view = tmp_path / "black-view.json"
    result = cli("show", str(game), "--side", "black", "--export", str(view))
    assert result.exit_code == 0, result.output
    text = view.read_text()
    data = json.loads(text)
    assert "seed" not in text and data["view"]["viewer"] == "black"
    assert {u["side"] for u in data["view"]["units"] if u["kind"] != "necromancer"} <= {"black"}  # 9.1 screen
    game.unlink()
    shown = cli("show", str(view))
    assert shown.exit_code == 0 and "Necromancer" in shown.output
    listed = cli("show", str(view), "--units")
    assert listed.exit_code == 0 and "black" in listed.output
    clean_error(cli("show", str(view), "--side", "red"), "black's view")
    data["view"]["units"] = [{"id": "x"}]
    view.write_text(json.dumps(data))
    clean_error(cli("show", str(view)), "damaged")
    clean_error(cli("show", str(tmp_path / "g2.json"), "--export", str(tmp_path / "v.json")), "does not exist")


def test_the_gms_full_view_is_never_exported(tmp_path):
    game = tmp_path / "g.json"
    assert cli("new", str(game), "--seed", "2").exit_code == 0
    clean_error(cli("show", str(game), "--export", str(tmp_path / "v.json")), "only a side's view")
    assert not (tmp_path / "v.json").exists()


def test_act_units_hex_and_choose_auto_by_mail(tmp_path):
    # issue 10 items 6 and 9: 'units' by mail; 'choose auto' as 'deploy auto' works
    game = tmp_path / "g.json"
    assert cli("new", str(game), "--seed", "4", "--items", "1", "--first", "red").exit_code == 0
    while (pending := SjgNecromancerGame.from_record(GameRecord.load(game)).pending).kind in ("choose", "deploy"):
        result = cli("act", str(game), pending.player, f"{pending.kind} auto")
        assert result.exit_code == 0, result.output
    before = game.read_bytes()
    result = cli("act", str(game), "red", "units")
    assert result.exit_code == 0 and "zombie" in result.output and "wraith" in result.output
    lines = result.output.strip().splitlines()
    assert all(line.split()[1] == "red" for line in lines)
    everyone = cli("act", str(game), "red", "units all").output
    assert " black " in everyone
    assert "level" in cli("act", str(game), "red", "hex 1209").output
    assert game.read_bytes() == before
    shown = cli("show", str(game), "--side", "red", "--units")
    assert shown.exit_code == 0 and " black " in shown.output and " red " in shown.output


@pytest.mark.parametrize("action, message", [
    ("move " + "9" * 4301 + " 0707", "not a unit number"),
    ('{"type": "move", "side": "red", "units": [' + "9" * 4301 + '], "path": ["0101", "0102"]}', "too long"),
    ("[" * 100_000 + "]" * 100_000, "no action needs more than"),
    ("[" * 5_000 + "]" * 5_000, "unknown command"),
    ('{"a": ' + "[" * 5_000 + "]" * 5_000 + "}", "nested more than"),
    ("deploy 0309:99999999999z", "at most 3"),
    ("choose 999999999999sword", "at most 8"),
    ("move 1 " + "0101 " * 5000, "no action needs more than"),
    ('{"type": "move", "side": "red", "units": [1], "path": ' + json.dumps(["0101"] * 100) + "}", "path"),
    ("take ring ,", "name one unit"),
])
def test_every_count_and_size_is_bounded_before_any_work(tmp_path, action, message):
    # issue 11 items 2 and 3 for the SJG 'act'
    game = tmp_path / "g.json"
    assert cli("new", str(game), "--seed", "1", "--first", "red").exit_code == 0
    before = game.read_bytes()
    clean_error(cli("act", str(game), "red", action), message)
    assert game.read_bytes() == before


@pytest.mark.parametrize("args, message", [
    (["--optional", "teleport"], "--optional takes cp_allowance"),
    (["--scenario", "siege"], "--scenario is standard or conversion"),
    (["--first", "white"], "--first is red, black or coin"),
    (["--items", "9" * 5000], "--items is a number"),
    (["--map", "/dev/zero"], "not a regular file"),
    (["--max-turns", "0"], "--max-turns is a whole number from 1 to 10000, not 0"),
])
def test_bad_options_are_one_clear_line(tmp_path, args, message):
    # issue 10 item 9: no raw pydantic error with its URL
    clean_error(cli("new", str(tmp_path / "g.json"), *args), message)
    assert not (tmp_path / "g.json").exists()


def test_new_sets_a_turn_limit_and_act_says_when_it_is_reached(tmp_path):
    # issue 10 by mail: 'new --max-turns N' ends the game after N player-turns (docs/rulings.md,
    # outcome 'turn-limit'); act used to answer "Nothing pending." when the limit ended the game
    game = tmp_path / "g.json"
    assert cli("new", str(game), "--seed", "5", "--first", "red", "--max-turns", "1").exit_code == 0
    assert json.loads(game.read_text())["options"]["max_turns"] == 1
    for side in ("red", "black"):
        assert cli("act", str(game), side, "deploy auto").exit_code == 0
    for _ in range(20):
        played = SjgNecromancerGame.from_record(GameRecord.load(game))
        if played.is_over:
            break
        answer = cli("act", str(game), played.pending.player, "end")
        assert answer.exit_code == 0, answer.output
    assert played.state.turn == 1 and played.outcome().reason == "turn-limit"
    assert "The game is over: the 1 player-turns agreed are played." in answer.output
    assert "Nothing pending" not in answer.output
    before = game.read_bytes()
    clean_error(cli("act", str(game), "black", "end"), "the turn limit (1) is reached")
    assert game.read_bytes() == before


def test_map_render_takes_the_file_like_map_check(tmp_path):
    # issue 10 item 9: 'map check FILE' and 'map render FILE' alike (--map still works)
    svg = tmp_path / "m.svg"
    assert cli("map", "render", str(own_map(tmp_path)), "--svg", str(svg)).exit_code == 0
    assert "my own transcription" not in svg.read_text() or svg.exists()
    clean_error(cli("map", "render", "/dev/zero", "--svg", str(svg)), "not a regular file")


def test_undo_by_mail_is_saved_and_replays(tmp_path):
    # issue 10 item 1: undo by mail, recorded so that replay stays exact
    game = tmp_path / "g.json"
    assert cli("new", str(game), "--seed", "6", "--first", "red").exit_code == 0
    for side in ("red", "black"):
        assert cli("act", str(game), side, "deploy auto").exit_code == 0
    loaded = SjgNecromancerGame.from_record(GameRecord.load(game))
    board = loaded.state.position.board
    # 'deploy auto' deploys at random (the CLI's own randomness): take a free wraith with an
    # empty plateau hex beside it, not merely the first wraith, which may be hemmed in
    unit, dest = next((u, h) for u in loaded.state.position.side_units("red")
                      if u.kind.value == "wraith" and u.id not in loaded.state.locked
                      for h in board.neighbours(u.hex)
                      if not loaded.state.position.at(h) and board.terrain(h) == "plateau" and not board.is_cliff(u.hex, h))
    start_hex = unit.hex
    assert cli("act", str(game), "red", f"move {unit.id} {dest}").exit_code == 0
    result = cli("act", str(game), "red", "undo")
    assert result.exit_code == 0 and "red takes back" in result.output
    replayed = SjgNecromancerGame.from_record(GameRecord.load(game))
    assert replayed.state.position.units[unit.id].hex == start_hex
    assert [a["type"] for a in json.loads(game.read_text())["actions"]][-2:] == ["move", "undo"]
    before = game.read_bytes()
    clean_error(cli("act", str(game), "red", "undo"), "nothing to take back")
    assert game.read_bytes() == before


@pytest.mark.parametrize("args", [["act", "9" * 4301, "red", "units"], ["show", "9" * 4301],
                                  ["new", "9" * 4301, "--seed", "1"]])
def test_a_file_name_too_long_is_a_clean_error(args):
    # found by the command-line fuzz test under CI's fixed examples: OSError (File name too long)
    clean_error(cli(*args), "cannot use this name")


@pytest.mark.parametrize("name", ["", "."])
def test_an_empty_or_folder_game_name_is_a_clean_error(tmp_path, name, monkeypatch):
    # found by the CLI fuzz test: act '' red ... ('' is the folder '.') raised ValueError from the lock
    monkeypatch.chdir(tmp_path)
    clean_error(cli("act", name, "red", "deploy auto"), "Is a directory")
    assert list(tmp_path.iterdir()) == []   # no lock file left behind


def test_play_at_the_terminal_takes_a_turn_limit_too(tmp_path):
    # issue 10: a game length agreed at the terminal as by mail ('new --max-turns')
    save = tmp_path / "p.json"
    refused = cli("play", "--vs-bot", "none", "--max-turns", "0", "--save", str(save))
    assert refused.exit_code == 2 and "--max-turns is a whole number from 1 to 10000, not 0" in refused.output
    assert not save.exists()
    played = runner.invoke(app, ["sjg", "play", "--vs-bot", "none", "--seed", "4", "--first", "red",
                                 "--max-turns", "1", "--save", str(save)], input="deploy auto\ndeploy auto\nquit\n")
    assert played.exit_code == 0, played.output
    assert json.loads(save.read_text())["options"]["max_turns"] == 1
