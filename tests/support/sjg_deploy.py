"""A whole SJG set-up in one `deploy` action, for tests that need a side deployed at
once (the bots place units one at a time through the legal list). It reads the rules'
own set-up areas, as only a test may: random placements obeying the scenario's set-up
rules (9.1, 9.2); mercenaries stand apart (10.53) and each held item goes to a random
wizard (10.55)."""

from __future__ import annotations

import random
from typing import Any

from warjudge.hexwar.grid import distance
from warjudge.hexwar.sjg.game import SjgNecromancerGame
from warjudge.hexwar.sjg.setup import CONVERSION_SPACING, DEPLOY_RADIUS
from warjudge.hexwar.sjg.state import STACK_LIMIT
from warjudge.hexwar.sjg.tables import UnitType


def deploy_action(game: SjgNecromancerGame, side: str, rng: random.Random) -> dict[str, Any]:
    pos, scenario = game.state.position, game.scenario
    board = pos.board
    counts = dict(scenario.forces[side].counts())
    for kind, n in game.state.extra_units[side].items():
        counts[kind] = counts.get(kind, 0) + n
    kinds = [k for k, n in counts.items() for _ in range(n) if k != UnitType.MERCENARY]
    rng.shuffle(kinds)
    if scenario.name == "standard":
        necromancer = pos.necromancer(side)
        assert necromancer is not None, "the standard set-up places each Necromancer before deployment"
        skull = necromancer.hex
        room = [h for h in board.within(skull, DEPLOY_RADIUS) if board.terrain(h) == "plateau"]
    elif side == "black":
        room = sorted(board.regions["large_level4_plateau"])
    else:
        black = [u.hex for u in pos.side_units("black")]
        room = [h for h in board.hexes if board.terrain(h) == "plateau"
                and all(distance(h, b) > CONVERSION_SPACING for b in black)]
    rng.shuffle(room)
    placements: dict[str, list[str]] = {}
    mercenaries = counts.get(UnitType.MERCENARY, 0)
    merc_hexes = room[:-(-mercenaries // 2)] if mercenaries else []
    for i in range(mercenaries):
        placements.setdefault(merc_hexes[i // 2], []).append(UnitType.MERCENARY.value)
    slots = [h for h in room[len(merc_hexes):] for _ in range(STACK_LIMIT)]
    for kind, h in zip(kinds, slots):
        placements.setdefault(h, []).append(kind.value)
    if scenario.name != "standard":
        placements.setdefault(room[-1], []).append("necromancer")
    apprentices = [h for h, ks in placements.items() if "apprentice" in ks]
    holders = {item: rng.choice(["necromancer", *apprentices])
               for item, owner in game.state.item_owner.items() if owner == side}
    return {"type": "deploy", "side": side, "placements": placements, "holders": holders}
