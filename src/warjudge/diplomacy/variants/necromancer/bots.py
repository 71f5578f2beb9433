"""A random bot that gives legal Necromancer orders, for tests, demos and benchmarks."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from warjudge.diplomacy.variants.necromancer.adjustments import home_centres, supply_centres, unit_count
from warjudge.diplomacy.variants.necromancer.calendar import ADJUSTMENT, MOVEMENT, START_YEAR
from warjudge.diplomacy.variants.necromancer.mapfile import ERIADOR, SARUMAN_THIRD_ARMY
from warjudge.diplomacy.variants.necromancer.movement import passable
from warjudge.diplomacy.variants.necromancer.pieces import Component, group_of
from warjudge.diplomacy.variants.necromancer.position import STANDING, Piece
from warjudge.diplomacy.variants.necromancer.retreats import retreat_problem, written_dislodged

if TYPE_CHECKING:
    from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame


def random_orders(game: NecromancerDiplomacyGame, power: str, rng: random.Random) -> list[str]:
    kind = game.state.phase.kind
    if kind == MOVEMENT:
        return _movement(game, power, rng)
    if kind == ADJUSTMENT:
        return _adjustment(game, power, rng)
    out = []
    for d in game.dislodged:
        if d.power != power:
            continue
        unit = written_dislodged(d)  # a mixed unit (an MU with the Nazgul) retreats as one
        options = [n for n in sorted(game.map.neighbours(d.province, {"land", "coast", "sea", "mountain"}))
                   if retreat_problem(game.map, game.state.position, d, n, game.standoffs, game.rules) is None]
        out.append(f"{unit} R {rng.choice(options)}" if options and rng.random() < 0.9 else f"{unit} D")
    return out


def _written(pieces: list[Component], province: str) -> str:
    return str(group_of(pieces, province))


def _movement(game: NecromancerDiplomacyGame, power: str, rng: random.Random) -> list[str]:
    nmap, position = game.map, game.state.position
    out = []
    for province, pieces in sorted(position.items()):
        by_kind: dict[tuple[str, str | None], list[Piece]] = {}
        for p in pieces:
            if p.power == power:
                by_kind.setdefault((p.component.kind, p.component.aux), []).append(p)
        units = []
        for (kind, _aux), mine in sorted(by_kind.items(), key=lambda kv: (kv[0][0], kv[0][1] or "")):
            if power in ("GONDOR", "SAURON"):
                units.append((kind, mine))
            else:
                units += [(kind, [p]) for p in mine]  # no MUs: one order a unit
        for kind, mine in units:
            unit = _written([p.component for p in mine], province)
            roll = rng.random()
            others = [k for k, _ in units if k not in ("N", "W")]
            if kind == "N" and others and roll < 0.4:   # EN 7.8.1 vii: the Lead
                out.append(f"{unit} L {others[0]} {province}")
                continue
            moves = [n for n in sorted(nmap.neighbours(province, {"land", "coast", "sea", "mountain"}))
                     if passable(nmap, mine, province, n) is None]
            if kind in ("C", "N") and len(mine) == 1 and moves and roll < 0.3:
                dest = rng.choice(moves)  # EN 3.2.2: Double Movement
                onward = [n for n in sorted(nmap.neighbours(dest, {"land", "coast", "sea", "mountain"}))
                          if n != dest and passable(nmap, mine, dest, n) is None]
                out.append(f"{unit} - {dest} - {rng.choice(onward)}" if onward else f"{unit} - {dest}")
            elif roll < 0.55 and moves:
                dest = rng.choice(moves)
                own = sum(1 for p in position.get(dest, []) if p.power == power and not p.component.personality)
                mu = kind == "A" and (len(mine) > 1 or own and power == "GONDOR")
                size = f"{own + len(mine)}A " if mu else ""   # FR 4.2 vi: both sizes written
                out.append(f"{unit} - {size}{dest}")
            elif roll < 0.75 and moves and province != ERIADOR and not mine[0].component.personality:
                target = rng.choice(moves)
                there = [p for p in position.get(target, [])]
                rng.shuffle(there)   # sometimes a hidden Personality (EN 3.2.1 viii)
                if there:
                    out.append(f"{unit} S {there[0].component.kind} {target}")
                else:
                    out.append(f"{unit} H")
            elif roll < 0.8 and province != ERIADOR and not mine[0].component.personality \
                    and nmap.provinces[province].kind == "coastal" and all(p.component.aux is None for p in mine):
                out.append(f"{unit} b F")
            else:
                out.append(f"{unit} H")
    return out


def _adjustment(game: NecromancerDiplomacyGame, power: str, rng: random.Random) -> list[str]:
    nmap, state = game.map, game.state
    if state.phase.year == START_YEAR:
        if power == "SARUMAN":
            return [f"Build A {rng.choice(sorted(SARUMAN_THIRD_ARMY))}"]
        return _activation(game, rng) if power == "SAURON" else []
    out = _activation(game, rng) if power == "SAURON" and rng.random() < 0.7 else []
    delta = supply_centres(nmap, state, power) - unit_count(state, power)
    if delta < 0:
        mine = [(prov, p) for prov, ps in state.position.items() for p in ps
                if p.power == power and not p.component.personality and p.component.kind not in ("S", "D")]
        for prov, p in rng.sample(mine, min(-delta, len(mine))):
            out.append(f"Remove {p.component.kind} {prov}")
    elif delta > 0:
        free = [h for h in sorted(home_centres(nmap, state, power)) if not state.position.get(h)]
        rng.shuffle(free)
        out += [f"Build A {h}" for h in free[:delta]]
    return out


def _activation(game: NecromancerDiplomacyGame, rng: random.Random) -> list[str]:
    """A Standing Army, or now and then the Spiders or Dragons (EN 7.8.2 iv-v)."""
    state, spec = game.state, game.map.spec
    if rng.random() < 0.3 and not (state.spiders_used and state.dragons_used):
        kind = "D" if state.spiders_used or (not state.dragons_used and rng.random() < 0.5) else "S"
        return [f"Activate {kind} {rng.choice(spec.dragons_start if kind == 'D' else spec.spiders_start)}"]
    standing = sorted(p for p, ps in state.position.items() if any(x.power == STANDING for x in ps))
    return [f"Activate A {rng.choice(standing)}"] if standing else []
