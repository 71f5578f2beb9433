"""The play server's game status does not tell the Necromancer twins apart (docs/rulings.md,
"Necromancer variant: who is asked is public"): two positions every seat but Sauron's sees
alike, where Sauron secretly Activated every army that still looks Standing, or all but
one (EN 7.8.2 vii). Whoever reads the status, a seat or nobody signed in, reads the same
`to_act`, `waiting` and view in both. (One game makes both: the games master rolls the
last Activation back and plays on without it.)"""

from __future__ import annotations

import pytest

from tests.server.conftest import sign_up

STANDING_ARMIES = ["Gre", "Mor", "Gob", "Gun", "CDu", "Mou", "CGo", "BDu"]   # EN 7.8.2 i
BLOCKS = {"TA2765M": {"ELVES": ["A Woo - NMi"], "DWARVES": ["A Ere - Wit"], "SAURON": ["A DGu - SMi"]},
          "TA2780M": {"SAURON": ["A SMi - EMi"]}}   # the Spiders' and Dragons' starts taken, openly (EN 7.8.2 v)
PHASES = ["TA2750A", *(f"TA{year}{kind}" for year in range(2765, 2991, 15)   # each phase before TA 2990A in
                        for kind in ("MA" if year % 30 == 20 else "M"))][:-1]   # turn (nothing is dislodged)
LAST = PHASES.index("TA2960A")   # the eighth Adjustment phase: the last Activation
PER_GAME = ("version", "seed_commitments")   # what a roll back changes: its count of changes, its dice


def _gm(gm, gid: str, action: dict) -> None:
    gm.ok("post", f"/api/games/{gid}/gm", {"action": action})


def _play(gm, gid: str, phases: list[str], activate: bool) -> None:
    """The games master enters the orders of `phases` and processes each: in each
    Adjustment phase Sauron Activates the next Standing Army (if `activate`), and every
    unit holds but those taking the beasts' starts."""
    for phase in phases:
        if phase.endswith("A") and activate:
            army = STANDING_ARMIES[sum(p.endswith("A") for p in PHASES[:PHASES.index(phase)])]
            _gm(gm, gid, {"type": "orders", "power": "SAURON", "orders": [f"Activate A {army}"]})
        if phase == "TA2750A":
            _gm(gm, gid, {"type": "orders", "power": "SARUMAN", "orders": ["Build A Gap"]})   # EN 7.7 x
        for power, lines in BLOCKS.get(phase, {}).items():
            _gm(gm, gid, {"type": "orders", "power": power, "orders": lines})
        _gm(gm, gid, {"type": "process"})


def _status(reader, gid: str, seat: str | None = None) -> dict:
    shown = reader.get(f"/api/games/{gid}", params={"seat": seat} if seat else {})
    assert shown.status_code == 200, shown.text
    return {k: v for k, v in shown.json().items() if k not in PER_GAME}


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_the_public_status_is_the_same_in_both_twins(client):   # EN 7.8.2 iv, vii
    gm, dwarves = sign_up(client, "gm"), sign_up(client, "dwarf")
    gid = gm.ok("post", "/api/games", {"game": "necromancer-diplomacy"})["id"]
    dwarves.ok("post", f"/api/games/{gid}/seats/DWARVES")
    _play(gm, gid, PHASES[:LAST], activate=True)
    _play(gm, gid, PHASES[LAST:], activate=True)      # every army that looks Standing is his
    anonymous = client                                # nobody signed in
    every = _status(anonymous, gid), _status(dwarves, gid, "DWARVES")
    starts = gm.ok("get", f"/api/games/{gid}/phases")["phases"]
    gm.ok("post", f"/api/games/{gid}/rollback", {"phase": next(s["phase"] for s in starts if s["name"] == "TA2960A")})
    _play(gm, gid, PHASES[LAST:], activate=False)     # one of them is not
    all_but_one = _status(anonymous, gid), _status(dwarves, gid, "DWARVES")
    assert every == all_but_one
    assert every[0]["view"]["phase"] == "TA2990A" and "SAURON" in every[0]["to_act"] and "SAURON" in every[0]["waiting"]
