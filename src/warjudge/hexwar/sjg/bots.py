"""A random legal bot for SJG Necromancer: for whatever decision is pending it builds an
action the rules allow, choosing at random among the possibilities it considers. It is
the engine's sparring partner in the property tests and the benchmark."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from warjudge.hexwar.decisions import Decision
from warjudge.hexwar.grid import distance
from warjudge.hexwar.movement import path_to
from warjudge.hexwar.sjg.combat import can_boulder, can_direct, indirect_modifier, must_be_attacked
from warjudge.hexwar.sjg.game import SjgNecromancerGame
from warjudge.hexwar.sjg.moves import climbs_cliffs, may_join, reachable_hexes
from warjudge.hexwar.sjg.setup import CONVERSION_SPACING, DEPLOY_RADIUS
from warjudge.hexwar.sjg.items import WEIGHT, Pick
from warjudge.hexwar.sjg.state import STACK_LIMIT, WIZARDS, other
from warjudge.hexwar.sjg.tables import JewelEffect, UnitType


def owed(game: SjgNecromancerGame) -> Decision:
    """The decision the game waits for: a bot is asked to act only while there is one."""
    decision = game.pending
    assert decision is not None, "no decision is pending: the bot was asked to act on a finished game"
    return decision


def random_action(game: SjgNecromancerGame, rng: random.Random) -> dict[str, Any]:
    decision = owed(game)
    return _CHOOSERS[decision.kind](game, decision, rng)


def choose_action(game: SjgNecromancerGame, side: str, rng: random.Random) -> dict[str, Any]:
    """10.5: random items worth the allowance, from the counters left."""
    decision = game.decision(side)
    assert decision is not None, f"{side} is asked to choose items while it has nothing to decide"
    info = decision.info
    left = Counter({Pick(k): n for k, n in info["counters_left"].items()})
    picks: list[str] = []
    need = info["allowance"]
    while need:
        kinds = [k for k in Pick if k == Pick.EXTRA_JEWEL or left[k] > 0 and WEIGHT.get(k, 1) <= need]
        kind = rng.choice(kinds)
        left[kind] -= 1
        need -= WEIGHT.get(kind, 1)
        picks.append(kind.value if kind != Pick.EXTRA_JEWEL else f"extra_jewel:{rng.choice(list(JewelEffect)).value}")
    return {"type": "choose", "side": side, "items": picks}


def deploy_action(game: SjgNecromancerGame, side: str, rng: random.Random) -> dict[str, Any]:
    """Random placements obeying the scenario's set-up rules; mercenaries stand apart
    (10.53) and each held item goes to a random wizard."""
    pos, scenario = game.position, game.scenario
    board = pos.board
    counts = dict(scenario.forces[side].counts())
    for kind, n in game.extra_units[side].items():
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
               for item, owner in game.item_owner.items() if owner == side}
    return {"type": "deploy", "side": side, "placements": placements, "holders": holders}


def _choose(game, decision, rng):
    return choose_action(game, decision.player, rng)


def _deploy(game, decision, rng):
    return deploy_action(game, decision.player, rng)


def _move(game: SjgNecromancerGame, decision, rng):
    """Move one random unmoved unit somewhere reachable with room, or end the phase."""
    pos, side = game.position, decision.player
    if decision.kind == "wraith":
        return _wraith_step(game, side, rng)
    take = _take(game, side, rng)
    if take:
        return take
    candidates = [u for u in pos.side_units(side) if u.id not in game.moved and u.id not in game.locked]
    rng.shuffle(candidates)
    for unit in candidates[:6]:
        if rng.random() < 0.25:
            continue
        found = reachable_hexes(pos, unit, game.locked)
        options = [h for h in found if h != unit.hex and may_join(pos, [unit], h)]
        if climbs_cliffs(unit, pos):
            options += [n for n in pos.board.neighbours(unit.hex) if pos.board.is_cliff(unit.hex, n)
                        and pos.board.terrain(n) != "monolith" and not any(u.side != side for u in pos.at(n))
                        and may_join(pos, [unit], n)]
        if not options:
            continue
        dest = rng.choice(options)
        path = path_to(found, dest) if dest in found else [unit.hex, dest]
        jewels = [j.id for j in pos.jewels_at(unit.hex)] if unit.kind != UnitType.DRAGON else []
        return {"type": "move", "side": side, "units": [unit.id], "path": path, "jewels": jewels}
    return _end(side)


def _take(game: SjgNecromancerGame, side: str, rng: random.Random) -> dict[str, Any] | None:
    """Now and then pick up a loose item, or hand one to a wizard in the same hex."""
    pos = game.position
    for item in pos.items.values():
        holder = pos.units.get(item.holder) if item.holder is not None else None
        where = holder.hex if holder else item.hex
        if holder is not None and (holder.side != side or holder.kind in WIZARDS):
            continue
        takers = [u for u in pos.at(where) if u.side == side and u.kind != UnitType.DRAGON and u is not holder
                  and (holder is None or u.kind in WIZARDS)] if where else []
        if takers and rng.random() < 0.5:
            return {"type": "take", "side": side, "item": item.id, "unit": rng.choice(takers).id}
    return None


def _wraith_step(game, side, rng):
    pos = game.position
    wraiths = [u for u in pos.side_units(side) if u.kind == UnitType.WRAITH
               and u.id not in game.moved and u.id not in game.locked]
    rng.shuffle(wraiths)
    for w in wraiths[:4]:
        options = [n for n in pos.board.neighbours(w.hex) if not pos.board.is_cliff(w.hex, n)
                   and pos.board.terrain(n) != "monolith" and not any(u.side != side for u in pos.at(n))
                   and may_join(pos, [w], n)]
        if options and rng.random() < 0.5:
            return {"type": "move", "side": side, "units": [w.id], "path": [w.hex, rng.choice(options)]}
    return _end(side)


def _end(side: str) -> dict[str, Any]:
    return {"type": "end", "side": side}


def _opportunity(game, decision, rng):
    pos, side = game.position, decision.player
    if rng.random() < 0.3:
        return _end(side)
    for target in rng.sample(decision.info["targets"], len(decision.info["targets"])):
        if target not in game._opportunity_targets():
            continue
        free = [u for u in pos.side_units(side) if u.id not in game.opp_spent]
        boulder = [u.id for u in free if can_boulder(pos, u, target)]
        indirect = [u.id for u in free if indirect_modifier(pos, u, target) is not None]
        if boulder and any(pos.boulder_defence(u) is not None for u in pos.at(target)):
            return {"type": "attack", "side": side, "targets": [target], "boulder": boulder}
        if indirect:
            return {"type": "attack", "side": side, "targets": [target], "indirect": indirect}
    return _end(side)


def _convert(game, decision, rng):
    pos, side = game.position, decision.player
    me = pos.sides[side]
    enemy_n = pos.necromancer(other(side))
    targets = sorted({u.hex for u in pos.side_units(other(side))})
    rng.shuffle(targets)
    for t in targets:
        stack = pos.at(t)
        if enemy_n and distance(enemy_n.hex, t) <= 1:
            continue
        if any(pos.resistance(u) is None or u.kind == UnitType.APPRENTICE for u in stack):
            continue
        if me.free_attempts:
            return {"type": "convert", "side": side, "target": t, "free": True}
        resistance = sum(pos.resistance(u) for u in stack)
        multiples = [m for m in (1, 2, 3, 4) if m * resistance <= me.cp]
        if multiples and game._attempts_left() and rng.random() < 0.7:
            return {"type": "convert", "side": side, "target": t, "multiple": rng.choice(multiples)}
    return _end(side)


def _combat(game, decision, rng):
    """Attack every hex that must be attacked, with the units that can, then maybe more."""
    pos, side = game.position, decision.player
    free = [u for u in pos.side_units(side) if u.id not in game.attacked and not pos.in_miasma(u.hex)]
    for target in sorted(must_be_attacked(pos, side) - game.attacked_hexes):
        direct = [u.id for u in free if can_direct(pos, u, target)]
        if direct:
            return {"type": "attack", "side": side, "targets": [target], "direct": direct}
    demon = pos.miasma.demon
    if demon and rng.random() < 0.3:  # 10.4: either side may attack the demon
        direct = [u.id for u in free if can_direct(pos, u, demon)]
        indirect = [u.id for u in free if u.id not in direct and indirect_modifier(pos, u, demon) is not None]
        if direct or indirect:
            return {"type": "attack", "side": side, "targets": [demon], "direct": direct, "indirect": indirect,
                    "demon": True}
    enemy_hexes = sorted({u.hex for u in pos.side_units(other(side))} - game.attacked_hexes)
    rng.shuffle(enemy_hexes)
    for target in enemy_hexes[:5]:
        if rng.random() < 0.5:
            continue
        indirect = [u.id for u in free if indirect_modifier(pos, u, target) is not None]
        boulder = [u.id for u in free if can_boulder(pos, u, target)]
        if boulder and any(pos.boulder_defence(u) is not None for u in pos.at(target)):
            return {"type": "attack", "side": side, "targets": [target], "boulder": boulder}
        if indirect:
            return {"type": "attack", "side": side, "targets": [target], "indirect": indirect}
    return _end(side)


def _retreat(game, decision, rng):
    pos, side, info = game.position, decision.player, decision.info
    units = [pos.units[u] for u in info["units"] if u in pos.units]
    counted = [u for u in units if u.kind != UnitType.NECROMANCER]
    rng.shuffle(counted)
    lose = [u.id for u in counted[:info["losses"]]]
    staying = [u for u in units if u.id not in lose]
    fits = [h for h in info["options"] if may_join(pos, staying, h)]
    if staying and fits:
        return {"type": "retreat", "side": side, "lose": lose, "to": rng.choice(fits), "carry": info["jewels"]}
    if staying and info["over_cliff"]:
        return {"type": "retreat", "side": side, "lose": lose, "over_cliff": info["over_cliff"][0], "carry": info["jewels"]}
    return {"type": "retreat", "side": side, "lose": [u.id for u in units]}


def _advance(game, decision, rng):
    pos, side, info = game.position, decision.player, decision.info
    moves: dict[int, str] = {}
    room = {h: STACK_LIMIT for h in info["hexes"]}
    for uid in info["units"]:
        unit = pos.units[uid]
        if unit.kind == UnitType.MERCENARY:
            continue  # keeps clear of 10.53 when others advance too
        for h in info["hexes"]:
            if h in pos.board.neighbours(unit.hex) and not pos.board.is_cliff(unit.hex, h) and rng.random() < 0.5:
                cost = 0 if unit.kind == UnitType.NECROMANCER else 1
                if room[h] >= cost:
                    room[h] -= cost
                    moves[uid] = h
                break
    return {"type": "advance", "side": side, "moves": moves}


def _search(game, decision, rng):
    searchable = game._searchable()
    if searchable:
        return {"type": "search", "side": decision.player, "hex": searchable[0]}
    return _end(decision.player)


_CHOOSERS = {"choose": _choose, "deploy": _deploy, "move": _move, "wraith": _move, "opportunity": _opportunity, "convert": _convert,
             "combat": _combat, "retreat": _retreat, "advance": _advance, "search": _search}


def play_random_game(seed: int, max_turns: int = 200, **options: Any) -> SjgNecromancerGame:
    """Two random bots play until a Necromancer falls or `max_turns` player-turns pass."""
    rng = random.Random(seed)
    game = SjgNecromancerGame.new(seed=seed, **options)
    while not game.is_over and game.turn <= max_turns:
        game.act(owed(game).player, random_action(game, rng))
    return game
