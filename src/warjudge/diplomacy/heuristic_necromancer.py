"""The `heuristic` bot for Necromancer (issue 26), the standard heuristic's ideas on the
variant's map: province values from the supply centres (another power's worth its size,
an unowned one a small power's, our own the size of the largest power next to it),
spread by proximity with the standard bot's `spread`; each unit in turn, the ones
nearest a centre not ours first, moves where the value is highest without bouncing our
own units (it may follow one of ours out of its province), or supports one of our moves
into a contested province; first, though, a plan (`attack_plan`): in a turn that
adjusts our units walk into the empty centres beside them, and the centres other
powers hold next to our units are attacked with enough supports to take them.
Retreats go to the best value; builds and Activations go where the value is highest,
removals where it is lowest.

What it knows of the variant's rules: centres change hands only in the turns that
adjust (a unit standing on a centre not ours then holds it; Eriador's never changes
hands), only the Nazgûl cross mountains, the Elves' and Dwarves' bonus centres are worth
more Victory Points (their units hold them when threatened in a turn that adjusts, and
every threatened centre in the last such turn before the year limit), builds go on
empty home centres (units leave them in those turns when a build is due), and a
Multiple Unit moves whole. It reads only what its power sees (`visible_position`:
hidden armies stay hidden) and gives one order per `choose`, always one of
`game.legal_actions`; it does not yet merge units, build Auxiliaries, lead with the
Nazgûl or double-move."""

from __future__ import annotations

import random
from typing import Any

from warjudge.core.errors import InputError
from warjudge.core.game import Action
from warjudge.diplomacy.heuristic import (
    ATTACK_WEIGHT, COMPETITION_WEIGHT, DEFENCE_WEIGHT, FALL_WEIGHTS, NEUTRAL_SIZE, SPRING_WEIGHTS, STRENGTH_WEIGHT,
    pick, size, spread, steps_to,
)
from warjudge.diplomacy.phases import FALL, SPRING
from warjudge.diplomacy.variants.necromancer.adjustments import (
    DWARF_BONUS, ELF_BONUS, home_centres, supply_centres, unit_count,
)
from warjudge.diplomacy.variants.necromancer.mapfile import ERIADOR
from warjudge.diplomacy.variants.necromancer.calendar import (
    ADJUSTMENT, RETREAT, SAURON_ENDS, TURN_YEARS, is_adjustment_year,
)
from warjudge.diplomacy.variants.necromancer.orders import (
    Activate, Build, Disband, DoubleMove, Hold, Move, NOrder, Retreat, Support, parse_norder,
)
from warjudge.diplomacy.variants.necromancer.pieces import NAZGUL
from warjudge.diplomacy.variants.necromancer.views import visible_position

BORDERS = {"land", "coast", "sea"}   # only the Nazgûl cross mountains (EN 5.2)
FLIGHT = BORDERS | {"mountain"}
UNREACHABLE = 1_000   # the distance of a province no centre can be reached from


def province_values(game: Any, power: str) -> tuple[dict[str, float], dict[str, int], dict[str, int]]:
    """(value of each province for `power`, the most pieces another power has next to
    each, the moves from each to the nearest centre not the power's): what the power
    sees only."""
    nmap, state = game.map, game.state
    sight = visible_position(state, power, game.report_of().reveal)
    centres: dict[str, int] = {}
    for owner in state.owners.values():
        centres[owner] = centres.get(owner, 0) + 1
    near = {pid: tuple(sorted(nmap.neighbours(pid, BORDERS))) for pid in sorted(nmap.provinces)}
    reach: dict[str, dict[str, int]] = {}
    for province in sorted(sight):
        for piece in sight[province]:
            steps = near.get(province, ()) if piece.component.kind != NAZGUL else nmap.neighbours(province, FLIGHT)
            for pid in (province, *sorted(steps)):
                counts = reach.setdefault(pid, {})
                counts[piece.power] = counts.get(piece.power, 0) + 1
    competition = {pid: max((n for p, n in counts.items() if p != power), default=0) for pid, counts in reach.items()}
    base: dict[str, float] = {}
    capturable = _capturable(nmap)
    season = FALL if is_adjustment_year(state.phase.year) else SPRING
    for pid in sorted(nmap.provinces):
        owner = state.owners.get(pid)
        if pid not in capturable:
            base[pid] = 0.0
        elif owner == power:
            threats = [p for p in reach.get(pid, {}) if p != power]
            base[pid] = DEFENCE_WEIGHT[season] * max((size(centres.get(p, 0)) for p in threats), default=0) / 1000
        else:
            base[pid] = ATTACK_WEIGHT[season] * size(centres[owner] if owner else NEUTRAL_SIZE) / 1000
    weights = FALL_WEIGHTS if is_adjustment_year(state.phase.year) else SPRING_WEIGHTS   # centres change hands then
    total = spread(base, near, weights)
    for pid in near:
        total[pid] += (STRENGTH_WEIGHT * reach.get(pid, {}).get(power, 0)
                       - COMPETITION_WEIGHT * competition.get(pid, 0))
    return total, competition, steps_to(near, {pid for pid in capturable if state.owners.get(pid) != power})


class NecromancerHeuristicBot:
    """The registered `heuristic` bot for `necromancer-diplomacy`; deterministic from its RNG."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self._values: tuple[Any, str, tuple[dict[str, float], dict[str, int], dict[str, int]]] | None = None
        self._plan: dict[tuple[str, str], str] = {}

    def choose(self, game: Any, player: str) -> Action:
        actions = game.legal_actions(player)
        orders = [a for a in actions if a["type"] == "order"]
        if not orders:
            if {"type": "pass"} in actions:
                return {"type": "pass"}
            raise InputError(f"{player!r} has no order to give")
        if self._values is None or self._values[0] is not game.state or self._values[1] != player:
            self._values = (game.state, player, province_values(game, player))
            self._plan = {}
        values, competition, distance = self._values[2]
        parsed = [(parse_norder(a["order"], player, game.map), a) for a in orders]
        kind = game.state.phase.kind
        guards = _guards(game, player, competition)
        if kind not in (ADJUSTMENT, RETREAT) and not self._plan and not game.pending_orders(player):
            self._plan = attack_plan(game, player, parsed, values, guards)
        if kind == ADJUSTMENT:
            return _adjustment(parsed, values, {"type": "pass"} in actions)
        given_texts = list(game.pending_orders(player).values())
        if kind == RETREAT:
            return _retreat(parsed, values, given_texts, player, game.map)
        given = [parse_norder(t, player, game.map) for t in given_texts]
        units = [(o, a) for o, a in parsed if isinstance(o, NOrder)]   # a Movement phase's: all of them
        first = min((distance.get(o.unit.province, UNREACHABLE), o.unit.province, str(o.unit)) for o, _ in units)
        mine = [(o, a) for o, a in units if (o.unit.province, str(o.unit)) == first[1:]]
        planned = self._plan.get(first[1:])
        if planned is not None and any(a["order"] == planned for _, a in mine):
            return {"type": "order", "order": planned}
        capture = _capture(mine, game, player)
        if capture is not None:
            return capture
        if mine[0][0].unit.province in guards:
            return next((a for o, a in mine if isinstance(o, Hold)), mine[0][1])
        aimed = {o.dest for o, a in parsed if isinstance(o, Move) and a["order"] in self._plan.values()}
        return _movement(mine, (values, competition, distance), given, game.state.position, player, self.rng,
                         _build_sites(game, player), aimed)


def attack_plan(game: Any, power: str, parsed: list[tuple[Any, Action]], values: dict[str, float],
                guards: frozenset[str] = frozenset()) -> dict[tuple[str, str], str]:
    """Supported attacks on the centres not ours that another power's units stand on, the
    best-valued first: one of our units next to it moves in whole and enough of the others
    next to it support it to beat the holder's strength (its units', one more in a
    Fortress, EN 4.1, which an eliminated Sauron's units lose, 7.8.3 iv); a unit alone
    bounces off a held centre for ever. In a turn that adjusts, first, the smallest of
    our units next to each empty centre not ours walks in: a sure gain that the
    province values, weighed against the owner's units near, often passed by (Rohan's
    armies beside an empty Eastfold and Wold attacked Gondor's Minas Tirith instead). A
    unit standing on a centre not ours in a turn that adjusts stays there, and so does
    one guarding (`guards`) a centre of ours worth more than one Victory Point; either may
    support. The orders of the units in the plan, by (province, unit)."""
    state, nmap = game.state, game.map
    sight = visible_position(state, power, game.report_of().reveal)
    adjusting = is_adjustment_year(state.phase.year)
    orders: dict[tuple[str, str], list[tuple[Any, str]]] = {}
    for o, a in parsed:
        orders.setdefault((o.unit.province, str(o.unit)), []).append((o, a["order"]))
    staying = {key for key in orders if adjusting and key[0] in _capturable(nmap)
               and state.owners.get(key[0]) != power or key[0] in guards and _worth(power, key[0]) > 1}
    plan: dict[tuple[str, str], str] = {}
    if adjusting:
        for target in sorted(pid for pid in _capturable(nmap) if state.owners.get(pid) != power and not sight.get(pid)):
            walkers = sorted((o.unit.count, key, text) for key, given in orders.items() if key not in plan
                             and key not in staying for o, text in given
                             if isinstance(o, Move) and o.dest == target and _whole(o))
            if walkers:
                plan[walkers[0][1]] = walkers[0][2]
    targets = sorted((pid for pid in _capturable(nmap) if state.owners.get(pid) != power
                      and sight.get(pid) and all(p.power != power for p in sight[pid])),
                     key=lambda pid: (-values.get(pid, 0.0), pid))
    for target in targets:
        holder = sight[target][0].power
        defence = sum(p.component.strength for p in sight[target] if p.power == holder)
        if nmap.provinces[target].fortress and not (holder == "SAURON" and state.phase.year > SAURON_ENDS):
            defence += 1
        movers = sorted((-o.unit.count, key, text) for key, given in orders.items() if key not in plan
                        and key not in staying for o, text in given
                        if isinstance(o, Move) and o.dest == target and _whole(o))
        for _, key, text in movers:
            helpers = sorted({(other, t) for other, given in orders.items() if other not in plan and other != key
                              for o, t in given if isinstance(o, Support) and o.target.province == key[0]
                              and o.target_dest == target})
            need = defence + 1 - orders[key][0][0].unit.count
            chosen: dict[tuple[str, str], str] = {}
            for other, t in helpers:
                chosen.setdefault(other, t)
            if len(chosen) >= need:
                plan[key] = text
                plan.update(list(chosen.items())[:max(need, 0)])
                break
    return plan


def _guards(game: Any, power: str, competition: dict[str, int]) -> frozenset[str]:
    """In a turn that adjusts, our centres that another power's units can reach and one
    of ours stands on, where that unit holds unless the attack plan takes a centre with
    it: those worth more than one Victory Point (the Elves left the Woodland Realm, worth
    3, beside a Dwarf army to step on an unowned centre worth 1), and in the last such
    turn before the game's year limit every one, since a centre lost then is never won
    back. Empty in the turns that do not adjust (centres change hands only in those that do)."""
    state, limit = game.state, game.max_year
    year = state.phase.year
    if not is_adjustment_year(year):
        return frozenset()
    later = year + TURN_YEARS
    while not is_adjustment_year(later):
        later += TURN_YEARS
    last = limit is not None and later > limit
    return frozenset(pid for pid, pieces in state.position.items() if state.owners.get(pid) == power
                     and (last or _worth(power, pid) > 1)
                     and competition.get(pid, 0) > 0 and any(p.power == power for p in pieces))


def _worth(power: str, pid: str) -> int:
    """The Victory Points a centre is worth to `power` (EN 7.2 i, 7.5 i)."""
    if power == "ELVES" and pid in ELF_BONUS:
        return 3
    return 2 if power == "DWARVES" and pid in DWARF_BONUS else 1


def _capturable(nmap: Any) -> set[str]:
    """The centres a unit can take by standing on them: every one but Eriador's, which
    never changes hands (EN 5.1 iv; it counts for the Elves and Dwarves while it lasts,
    whoever stands there). Taken for a centre not ours, it drew the Elves' armies in and
    held them there for the rest of the game."""
    return set(nmap.supply_centers) - {ERIADOR}


def _whole(move: Move) -> bool:
    """A move of the whole unit to a province of its own: a single unit's plain move, or
    a Multiple Unit's written with its own size at the destination (EN 4.2 vi), so that
    Gondor's and the Nazgûl's MUs march and attack at their full strength too."""
    return move.dest_size == (move.unit.count if move.unit.count > 1 else None)


def _build_sites(game: Any, power: str) -> set[str]:
    """The home centres our units should leave this turn: in a turn that adjusts, when
    the power will have builds due (its centres and those its units stand on outnumber
    its units), so that a unit standing on one does not waive a build (EN 6.3)."""
    nmap, state = game.map, game.state
    if not is_adjustment_year(state.phase.year):
        return set()
    standing = {pid for pid, pieces in state.position.items() if any(p.power == power for p in pieces)}
    gains = sum(1 for pid in standing if pid in _capturable(nmap) and state.owners.get(pid) != power)
    if supply_centres(nmap, state, power) + gains <= unit_count(state, power):
        return set()
    return home_centres(nmap, state, power) & standing


def _capture(mine: list[tuple[Any, Action]], game: Any, power: str) -> Action | None:
    """In a turn that adjusts, the unit's hold when it stands on a centre not its
    power's: centres change hands only then (EN 6.2), so a centre stood on is one sure
    gain, worth more than any move (which may bounce) or our own centre it may fear for."""
    state = game.state
    if not is_adjustment_year(state.phase.year):
        return None
    here = mine[0][0].unit.province
    if here not in _capturable(game.map) or state.owners.get(here) == power:
        return None
    return next((a for o, a in mine if isinstance(o, Hold)), None)


def _adjustment(parsed: list[tuple[Any, Action]], values: dict[str, float], may_pass: bool) -> Action:
    """The best-valued build or Activation, else the lowest-valued removal, else pass."""
    gains = [(values.get(o.unit.province, 0.0), a["order"], a) for o, a in parsed if isinstance(o, (Build, Activate))]
    if gains:
        return max(gains, key=lambda g: (g[0], g[1]))[2]
    if may_pass:
        return {"type": "pass"}
    losses = [(values.get(o.unit.province, 0.0) if isinstance(o, NOrder) else 0.0, a["order"], a) for o, a in parsed]
    return min(losses, key=lambda g: (g[0], g[1]))[2]


def _retreat(parsed: list[tuple[Any, Action]], values: dict[str, float], given: list[str], power: str,
             nmap: Any) -> Action:
    """A retreat to the best value not already taken by one of ours, else a disband."""
    taken = {o.dest for o in (parse_norder(t, power, nmap) for t in given) if isinstance(o, Retreat)}
    first = min(o.unit.province for o, _ in parsed)
    mine = [(o, a) for o, a in parsed if o.unit.province == first]
    options = [(values.get(o.dest, 0.0), a["order"], a) for o, a in mine if isinstance(o, Retreat) and o.dest not in taken]
    if options:
        return max(options, key=lambda g: (g[0], g[1]))[2]
    return next((a for o, a in mine if isinstance(o, Disband)), mine[0][1])


def _movement(mine: list[tuple[Any, Action]], known: tuple[dict[str, float], dict[str, int], dict[str, int]],
              given: list[Any], position: Any, power: str, rng: random.Random, leave: set[str],
              aimed: set[str]) -> Action:
    """The order of one unit (`mine`, its orders): the best-valued move or hold, or a support of
    one of our moves into a province another power can reach; a unit that would hold
    where no other power can reach it steps towards the nearest centre not ours instead
    (as the standard bot's idle units march); a unit in one of `leave` moves away; none
    moves into a province `aimed` at by a planned attack."""
    values, competition, distance = known
    target = set(aimed)
    moves = set()
    for o in given:
        if isinstance(o, Move):
            target.add(o.dest)
            moves.add((o.unit.province, o.dest))
        elif isinstance(o, DoubleMove):
            target.add(o.second.dest or o.first.dest or o.unit.province)
        else:
            target.add(o.unit.province)
    here = mine[0][0].unit.province
    vacated = {src for src, _ in moves}
    options: list[tuple[float, str]] = []
    by_text = {a["order"]: a for _, a in mine}
    order_of = {a["order"]: o for o, a in mine}
    for o, a in mine:
        if isinstance(o, Hold):
            options.append((values.get(o.unit.province, 0.0), a["order"]))
        elif isinstance(o, Move) and _whole(o) and o.dest not in target and (
                (o.dest in vacated and (o.dest, here) not in moves)
                or not any(p.power == power for p in position.get(o.dest, ()))):
            options.append((values.get(o.dest, 0.0), a["order"]))
        elif (isinstance(o, Support) and (o.target.province, o.target_dest) in moves
              and competition.get(o.target_dest or "", 0) > 0):
            dest = o.target_dest or ""
            options.append((values.get(dest, 0.0) + COMPETITION_WEIGHT * competition[dest], a["order"]))
    if here in target or here in leave:   # one of ours moves in, or a build is due here: make room
        away = [o for o in options if isinstance(order_of[o[1]], Move)]
        options = [o for o in away if order_of[o[1]].dest not in leave] or away or options
    if not options:
        return mine[0][1]
    choice = pick(options, rng)
    if choice.endswith(" H") and competition.get(here, 0) == 0:
        steps = [(distance.get(o.dest, UNREACHABLE), a["order"]) for o, a in mine
                 if isinstance(o, Move) and any(t == a["order"] for _, t in options)]
        best = min(steps, default=(UNREACHABLE, choice))
        if best[0] < distance.get(here, UNREACHABLE):
            choice = best[1]
    return by_text[choice]


__all__ = ["NecromancerHeuristicBot", "province_values"]
