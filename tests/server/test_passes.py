"""Empty stages are passed for the seat (server/passes.py, docs/rulings.md): a Gondor &
Sauron player who ends a Movement Phase with nothing to fire at, no duel and no melee
is not made to click through three empty combat stages."""

from __future__ import annotations

from tests.server.conftest import run_bots


def _gondor(gm, ann, bob, bot: bool = False) -> str:
    gid = gm.ok("post", "/api/games", {"game": "gondor"})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/sauron")
    if bot:
        gm.ok("post", f"/api/games/{gid}/bots", {"seat": "westernesse", "bot": "heuristic"})
    else:
        bob.ok("post", f"/api/games/{gid}/seats/westernesse")
    return gid


def _act(player, gid: str, seat: str, kind: str) -> None:
    player.ok("post", f"/api/games/{gid}/actions", {"seat": seat, "action": {"type": kind}})


def test_the_empty_combat_stages_after_a_movement_phase_are_passed_for_the_seat(players):
    # SPI 3.0 / 7.16 / 7.21: Phase D's missile, Leader combat and melee stages, all empty at the start
    gm, ann, bob = players
    gid = _gondor(gm, ann, bob)
    _act(bob, gid, "westernesse", "end")                  # A, Westernesse's part
    _act(ann, gid, "sauron", "end")                       # A, Sauron's part
    assert ann.ok("get", f"/api/games/{gid}")["view"]["phase"] == "C"   # B: no engine in reach, passed
    _act(ann, gid, "sauron", "end")                       # C: ends the Movement Phase, nothing in reach
    seen = ann.ok("get", f"/api/games/{gid}")
    assert seen["view"]["phase"] == "E" and seen["to_act"] == ["sauron"]   # D passed for her
    assert not lone_pass(ann, gid)


def test_a_bot_s_step_that_leaves_a_player_an_empty_stage_passes_it_too(players):
    gm, ann, bob = players
    gid = _gondor(gm, ann, bob, bot=True)
    run_bots(gm.client)
    _act(ann, gid, "sauron", "end")                       # A (B passed)
    _act(ann, gid, "sauron", "end")                       # C (D passed)
    assert ann.ok("get", f"/api/games/{gid}")["view"]["phase"] == "E"
    _act(ann, gid, "sauron", "end")                       # her part of E: the bot's turn
    run_bots(gm.client)   # the bot's E, F, G and H; her part of H holds no rally (SPI 9.3): passed
    assert ann.ok("get", f"/api/games/{gid}")["to_act"] == ["sauron"] and not lone_pass(ann, gid)


def lone_pass(player, gid: str) -> bool:
    return player.ok("get", f"/api/games/{gid}/legal")["seats"][0]["actions"] in ([{"type": "next"}], [{"type": "end"}])
