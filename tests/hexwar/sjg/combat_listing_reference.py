"""The SJG combat listing as it was before issue 12's "Speed" work: every split of the
attackers planned by `combat.plan_attack`. Kept only as the reference the fast listing in
`hexwar/sjg/legal.py` must equal (same actions, same order); see test_sjg_legal_combat.py."""

from math import prod
from typing import Any
from itertools import product

from warjudge.hexwar.sjg.combat import can_boulder, can_direct, indirect_modifier, plan_attack
from warjudge.hexwar.sjg.legal import MAX_COMBINATIONS, Action, _subsets, _twin_key
from warjudge.hexwar.sjg.problems import Problem
from warjudge.hexwar.sjg.state import Unit, other


def opportunity(game, decision, side) -> list[Action]:
    """6.24: indirect or boulder attacks, each by any group of the units able to, on one
    open hex or (indirect) on several open hexes every attacker reaches."""
    pos = game.state.position
    ways = game._opportunity_attackers()
    able = [pos.units[i] for w in ways.values() for i in w.get("indirect", [])]
    out = []
    for targets in _target_sets(sorted(ways), able, lambda u, t: indirect_modifier(pos, u, t) is not None):
        pool = [u for u in able if all(indirect_modifier(pos, u, t) is not None for t in targets)]
        for group in _groups(game, sorted({u.id for u in pool})):
            out += _if_planned(game, side, targets, [], group, [], False, game.state.opp_spent)
    for target, w in sorted(ways.items()):
        for group in _groups(game, sorted(w.get("boulder", []))):
            out += _if_planned(game, side, [target], [], [], group, False, game.state.opp_spent)
    return out


def combat(game, decision, side) -> list[Action]:
    """Attacks on one hex or on several hexes at once (6.2: a hex may be attacked any
    number of times; 6.21: each attacker reaches every target): every split of the units
    able to attack them all into direct and indirect attackers, or any group dropping
    boulders on one hex; the demon too."""
    pos = game.state.position
    free = [u for u in pos.side_units(side) if u.id not in game.state.attacked]
    targets = sorted({u.hex for u in pos.side_units(other(side))})
    out = []

    def reaches(u: Unit, t: str) -> bool:
        return can_direct(pos, u, t) or indirect_modifier(pos, u, t) is not None

    for group in _target_sets(targets, free, reaches):
        out += _attacks_on(game, side, free, list(group), demon=False)
    if pos.miasma.demon:
        out += _attacks_on(game, side, free, [pos.miasma.demon], demon=True)
    return out


def _target_sets(targets: list[str], units: list[Unit], reaches) -> list[tuple[str, ...]]:
    """Every set of target hexes that some one unit reaches all of (each attacker must
    reach every target, 6.21-6.22): single hexes, then the larger sets in order."""
    together: set[tuple[str, ...]] = set()
    for unit in units:
        near = [t for t in targets if reaches(unit, t)]
        together.update(_subsets(near, 2))
    return [(t,) for t in targets] + sorted(together, key=lambda g: (len(g), g))


def _groups(game, ids: list[int]) -> list[list[int]]:
    """Every non-empty group of `ids`; beyond MAX_COMBINATIONS groups, one group per
    count of each class of twins (the lowest ids), which holds every distinct attack."""
    if 2 ** len(ids) <= MAX_COMBINATIONS:
        return [list(g) for g in _subsets(ids)]
    return [[u for u, r in split if r] for split in _twin_splits(game, [(u, (None, True)) for u in ids])]


def _twin_splits(game, roles: list[tuple[int, tuple[Any, ...]]]) -> list[list[tuple[int, Any]]]:
    """Each unit given one of its roles, up to twins: within a class of twins with the
    same roles the lowest ids take the roles in the order listed."""
    pos = game.state.position
    classes: dict[tuple[Any, ...], list[int]] = {}
    for uid, ways in sorted(roles):
        classes.setdefault((_twin_key(game, pos.units[uid]), ways), []).append(uid)
    per_class = []
    for (_, ways), ids in sorted(classes.items(), key=lambda kv: kv[1]):
        options = []
        for counts in product(range(len(ids) + 1), repeat=len(ways) - 1):
            if sum(counts) <= len(ids):
                assigned = [r for r, n in zip(ways[1:], counts) for _ in range(n)]
                assigned += [ways[0]] * (len(ids) - len(assigned))
                options.append(list(zip(ids, assigned)))
        per_class.append(options)
    return [[pair for part in choice for pair in part] for choice in product(*per_class)]


def _attacks_on(game, side, free, targets, demon) -> list[Action]:
    pos = game.state.position
    direct = [u.id for u in free if all(can_direct(pos, u, t) for t in targets)]
    indirect = [u.id for u in free if all(indirect_modifier(pos, u, t) is not None for t in targets)]
    boulder = [u.id for u in free if can_boulder(pos, u, targets[0])] if len(targets) == 1 else []
    out = []
    roles = sorted(set(direct) | set(indirect))
    ways = [(None, *(["direct"] if u in direct else []), *(["indirect"] if u in indirect else [])) for u in roles]
    if prod(len(w) for w in ways) <= MAX_COMBINATIONS:
        splits = [list(zip(roles, choice)) for choice in product(*ways)]
    else:
        splits = _twin_splits(game, list(zip(roles, ways)))
    for split in splits:
        d = [u for u, r in split if r == "direct"]
        i = [u for u, r in split if r == "indirect"]
        if d or i:
            out += _if_planned(game, side, targets, d, i, [], demon, game.state.attacked)
    for group in _groups(game, boulder):
        out += _if_planned(game, side, targets, [], [], group, demon, game.state.attacked)
    return out


def _if_planned(game, side, targets, direct, indirect, boulder, demon, spent) -> list[Action]:
    plan = plan_attack(game.state.position, side, direct, indirect, boulder, list(targets), spent=spent, demon=demon)
    if isinstance(plan, Problem):
        return []
    action: Action = {"type": "attack", "side": side, "targets": list(targets)}
    for key, ids in (("direct", direct), ("indirect", indirect), ("boulder", boulder)):
        if ids:
            action[key] = sorted(ids)
    if demon:
        action["demon"] = True
    return [action]


def must_be_attacked(position, side) -> set[str]:
    """combat.must_be_attacked as it was (a scan of each neighbour's units)."""
    enemy_hexes = {u.hex for u in position.units.values() if u.side != side}
    out = set()
    for h in enemy_hexes:
        for n in position.board.neighbours(h):
            if position.zoc_reaches(n, h) and any(u.side == side for u in position.at(n)):
                out.add(h)
                break
    return out
