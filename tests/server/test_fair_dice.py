"""Provably fair dice (issue 22): the seed stays on the server while a game runs, the
summary publishes its commitment from the start, and once the game is over anyone can
download the whole record and check it with `warjudge verify`."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from tests.server.conftest import run_bots, stored_record
from warjudge.cli import app
from warjudge.core.dice import commitment
from warjudge.core.record import GameRecord, content_checksum

runner = CliRunner()


def test_replacing_oneself_out_of_a_seat_does_not_reveal_the_record(players):
    # issue 22: the creator freed its seat, downloaded the record (the seed: every roll to
    # come foreseen), then took the seat back
    gm, ann, _ = players
    gid = gm.ok("post", "/api/games", {"game": "toy-bids"})["id"]
    assert gm.get(f"/api/games/{gid}/record").status_code == 409   # before taking a seat
    gm.ok("post", f"/api/games/{gid}/seats/north")
    ann.ok("post", f"/api/games/{gid}/seats/south")
    gm.ok("post", f"/api/games/{gid}/replace", {"seat": "north", "user": None})
    refused = gm.get(f"/api/games/{gid}/record")
    assert refused.status_code == 409 and str(stored_record(gm.client, gid).seed) not in refused.text
    assert gm.ok("get", f"/api/games/{gid}")["view_of"] == "gm"
    assert gm.get(f"/api/games/{gid}?seat=north").status_code == 403


def test_the_games_master_sees_the_public_view_and_no_seat_s_secret(players):
    # docs/server.md "Secrets": a bid not yet revealed is hidden from the games master too
    gm, ann, bob = players
    gid = gm.ok("post", "/api/games", {"game": "toy-bids"})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    bob.ok("post", f"/api/games/{gid}/seats/south")
    ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 4}})
    shown = gm.ok("get", f"/api/games/{gid}")
    assert shown["view_of"] == "gm" and shown["view"]["bids"] == []
    assert shown["view"] == ann.client.get(f"/api/games/{gid}").json()["view"]   # what a spectator sees
    assert gm.ok("get", f"/api/games/{gid}/history")["phases"][-1]["actions"] == []


def test_the_seed_commitment_is_published_from_the_start(players):
    gm, ann, _ = players
    gid = gm.ok("post", "/api/games", {"game": "necromancer-sjg"})["id"]
    seed = stored_record(gm.client, gid).seed
    expected = [commitment(seed)]
    assert commitment(seed) == "sha256:" + __import__("hashlib").sha256(str(seed).encode()).hexdigest()
    assert gm.ok("get", f"/api/games/{gid}")["seed_commitments"] == expected
    assert ann.client.get(f"/api/games/{gid}").json()["seed_commitments"] == expected   # a spectator's too


def _finished_sjg(gm) -> str:
    """A two-turn SJG game played by two random bots (in the background: `run_bots`)."""
    gid = gm.ok("post", "/api/games", {"game": "necromancer-sjg", "options": {"max_turns": 1}})["id"]
    for seat in ("red", "black"):
        gm.ok("post", f"/api/games/{gid}/bots", {"seat": seat, "bot": "random"})
    run_bots(gm.client)
    return gid


def test_verify_accepts_a_finished_server_game_and_refuses_a_changed_seed(players, tmp_path):
    gm, ann, _ = players
    gid = _finished_sjg(gm)
    summary = ann.ok("get", f"/api/games/{gid}")
    assert summary["is_over"]
    record = ann.ok("get", f"/api/games/{gid}/record")   # anyone, once it is over
    assert commitment(record["seed"]) == summary["seed_commitments"][0]
    (tmp_path / "game.json").write_text(json.dumps(record))
    (tmp_path / "summary.json").write_text(json.dumps(summary))
    done = runner.invoke(app, ["verify", str(tmp_path / "game.json"), "--summary", str(tmp_path / "summary.json")])
    assert done.exit_code == 0, done.output
    actions, rolls = (int(w) for w in done.stdout.split("actions")[0].split()[-1:] +
                      done.stdout.split("dice rolls")[0].split()[-1:])
    assert actions == len(record["actions"]) > 0 and rolls > 0
    assert "as published" in done.stdout

    record["seed"] += 1   # another seed, its checksum made good: only the commitment catches it
    record["checksum"] = content_checksum({k: record[k] for k in ("format", "game", "seed", "options", "actions")})
    GameRecord.from_json(json.dumps(record))
    (tmp_path / "changed.json").write_text(json.dumps(record))
    refused = runner.invoke(app, ["verify", str(tmp_path / "changed.json"), "--summary", str(tmp_path / "summary.json")])
    assert refused.exit_code == 2 and "does not match its commitment" in refused.stderr


def test_verify_refuses_a_commitment_that_is_not_the_seed_s(players, tmp_path):
    gm, _, _ = players
    gid = _finished_sjg(gm)
    (tmp_path / "game.json").write_text(json.dumps(gm.ok("get", f"/api/games/{gid}/record")))
    other = commitment(stored_record(gm.client, gid).seed + 1)
    for given in (["--commitment", other], ["--commitment", "sha256:xyz"], []):
        refused = runner.invoke(app, ["verify", str(tmp_path / "game.json"), *given])
        assert refused.exit_code == 2 and refused.stderr.startswith("error: "), (given, refused.output)
    summary = gm.ok("get", f"/api/games/{gid}") | {"outcome": {"winners": [], "draw": True, "reason": "x",
                                                                "scores": {}}}
    (tmp_path / "summary.json").write_text(json.dumps(summary))
    refused = runner.invoke(app, ["verify", str(tmp_path / "game.json"), "--summary", str(tmp_path / "summary.json")])
    assert refused.exit_code == 2 and "not to the one published" in refused.stderr
