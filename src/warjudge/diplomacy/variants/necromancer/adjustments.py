"""Necromancer adjustments (EN 3.3 v-vi / FR 3.3 vi-vii, 3.4 i, vii, 5.1 iv-vi, 6.3, 7, 8.1 vii).

Ownership changes at the end of every turn whose year ends in 0 (Personalities and
unactivated Standing Armies take nothing); then each power builds or disbands to match
its supply centres, Sauron may Activate, and a power with 19 Victory Points wins.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from operator import itemgetter
from typing import Sequence

from warjudge.core.events import Event
from warjudge.diplomacy.adjustment_rules import balances, disbands_owed, distances, farthest_first
from warjudge.diplomacy.variants.necromancer.calendar import START_YEAR
from warjudge.diplomacy.variants.necromancer.mapfile import ERIADOR, SARUMAN_THIRD_ARMY, NecroMap
from warjudge.diplomacy.variants.necromancer.orders import Activate, Build, Disband, Waive
from warjudge.diplomacy.variants.necromancer.pieces import (
    ARMY, CAVALRY, DRAGONS, NAZGUL, SPIDERS, WIZARD, Component, Group,
)
from warjudge.diplomacy.variants.necromancer.position import STANDING, Piece
from warjudge.diplomacy.variants.necromancer.reasons import because
from warjudge.diplomacy.report import OrderResult
from warjudge.diplomacy.variants.necromancer.results import NEntry, parsed
from warjudge.diplomacy.variants.necromancer.state import NecroState

VICTORY = 19
DWARF_BONUS = {"Ere", "Gre", "Iro", "Mor"}      # EN 7.5 i: +1 each
ELF_BONUS = {"Lor", "Woo"}                       # EN 7.2 i: +2 each
UNCOUNTED = (WIZARD, NAZGUL, SPIDERS, DRAGONS)   # EN 3.3 vi, 7.8.2 iii


def uncounted_disband(order: object, counted_disbands: bool = True) -> Event | None:
    """Why a disband of an uncounted unit is void (EN 3.3 vi, 7.8.2 iii: only counted
    units are disbanded), None for any other order; `counted_disbands` False for records
    played before, which let it pay a disband owed (`Judging`)."""
    if counted_disbands and isinstance(order, Disband) and order.unit.kind in UNCOUNTED:
        return because("necdip.adjust.uncounted_disband")
    return None
PASSABLE = {"land", "coast", "sea"}               # the borders civil disorder's distances cross
LOST = "necdip.adjust.enemy_personality"         # the one build that fails rather than is void (EN 3.3 v)


def update_ownership(nmap: NecroMap, state: NecroState) -> NecroState:
    """Occupied SCs change hands (EN 1; 3.3 v: not by Personalities; 5.1 iv: never Eriador's),
    and a Good or Evil SC taken by a power of another alignment turns Neutral (8.1 vii)."""
    owners = dict(state.owners)
    neutralised = set(state.neutralised)
    alignment = {p.id: p.alignment for p in nmap.spec.powers}
    for province, pieces in state.position.items():
        if province == ERIADOR or not nmap.provinces[province].sc:
            continue
        holders = {p.power for p in pieces if not p.component.personality and p.power != STANDING}
        if len(holders) != 1:
            continue
        power = holders.pop()
        owners[province] = power
        aligned = state.alignment(nmap, province)
        if aligned != "neutral" and alignment.get(power) != aligned:
            neutralised.add(province)
    return replace(state, owners=owners, neutralised=neutralised)


def wizard_at(state: NecroState) -> str | None:
    return next((prov for prov, pieces in state.position.items()
                 for p in pieces if p.power == "SARUMAN" and p.component.kind == WIZARD), None)


def supply_centres(nmap: NecroMap, state: NecroState, power: str) -> int:
    """SCs for builds and Victory Points: owned SCs, Eriador's HSC (EN 5.1 vi), the Wizard (7.7 vi)."""
    count = sum(1 for owner in state.owners.values() if owner == power)
    return count + _extra_centres(state, power, wizard_at(state) if power == "SARUMAN" else None)


def _extra_centres(state: NecroState, power: str, wizard: str | None) -> int:
    """The centres no province's owner counts: Eriador's HSC (EN 5.1 vi), the Wizard (7.7 vi)."""
    return int(power in ("DWARVES", "ELVES") and state.eriador_alive) + int(power == "SARUMAN" and wizard is not None)


def victory_points(nmap: NecroMap, state: NecroState, power: str) -> int:
    owned = {p for p, owner in state.owners.items() if owner == power}
    points = supply_centres(nmap, state, power)
    if power == "DWARVES":
        points += len(owned & DWARF_BONUS)
    if power == "ELVES":
        points += 2 * len(owned & ELF_BONUS)
    return points


def unit_count(state: NecroState, power: str) -> int:
    """Units that count in adjustments: not Personalities, Spiders or Dragons, nor Auxiliaries."""
    return sum(1 for pieces in state.position.values() for p in pieces
               if p.power == power and p.component.kind not in UNCOUNTED)


def home_centres(nmap: NecroMap, state: NecroState, power: str) -> set[str]:
    """Where `power` may build this phase (Eriador and the Wizard are handled apart)."""
    owned = {p for p, owner in state.owners.items() if owner == power}
    homes = {p for p in owned if power in nmap.provinces[p].home}
    if power == "DWARVES":
        homes |= {p for p in owned if nmap.provinces[p].mountain_fortress}          # EN 7.5 ii
    if power == "EASTERLINGS":
        homes |= owned                                                             # EN 7.1 i
    if power == "SAURON":
        homes |= {p for p in owned if nmap.provinces[p].standing_army             # EN 7.8.2 viii-ix
                  and state.activated.get(p, START_YEAR - 1) < state.phase.year}
    return homes


def judge_adjustments(nmap: NecroMap, state: NecroState, orders: Sequence[NEntry],
                      spoiled: list[tuple[str, Piece]] | None = None, *, counted_disbands: bool = True
                      ) -> tuple[NecroState, list[OrderResult]]:
    """The adjustment phase; a hidden unit that spoils an Activation is added to `spoiled`
    (it is revealed, EN 7.8.2 vi). `counted_disbands`: False only for records played
    before an uncounted unit's disband was void (`Judging`)."""
    judging = Judging(nmap, state, spoiled if spoiled is not None else [], counted_disbands)
    results = judging.judge(orders)
    state, delta, used = judging.state, judging.delta, judging.used
    position = state.position
    owed = {} if judging.opening else disbands_owed(delta, used)   # TA 2750: nobody adjusts (EN 7.7 x, 7.8.2 iv)
    for power, missing in owed.items():
        for province, piece in civil_disorder(nmap, state, power, missing):
            rest = list(position[province])   # the judge's lists are replaced, never changed
            rest.remove(piece)
            position[province] = rest
            results.append(OrderResult(power, f"{piece.component.kind} {province} D", default=True,
                                       why=because("necdip.adjust.civil_disorder")))
    state = replace(state, position={p: v for p, v in position.items() if v})
    return _victory(nmap, state), results


class Judging:
    """An adjustment phase judged one order after another: each verdict depends only on
    the orders before it, so the legal-order list judges the orders given once and each
    candidate on a `fork` (civil disorder and victory, which close the phase, are
    `judge_adjustments`'s). Only counted units are disbanded (EN 3.3 vi, 7.8.2 iii;
    docs/rulings.md); records played before, `counted_disbands` False, let an uncounted
    unit's disband pay one owed, as they were judged."""

    def __init__(self, nmap: NecroMap, state: NecroState, spoiled: list[tuple[str, Piece]],
                 counted_disbands: bool = True) -> None:
        self.nmap, self.state, self.spoiled = nmap, _working_copy(state), spoiled
        self.counted_disbands = counted_disbands
        self.opening = state.phase.year == START_YEAR
        self.delta = _balances(nmap, state)
        self.used = dict.fromkeys(self.delta, 0)
        self.built_in: dict[tuple[str, str], int] = {}
        self.activated = False

    def fork(self) -> "Judging":
        """An independent copy, to judge further orders on (what it spoils is not kept)."""
        copy = Judging.__new__(Judging)
        copy.__dict__.update(self.__dict__)
        copy.state, copy.spoiled = _working_copy(self.state), []
        copy.used, copy.built_in = dict(self.used), dict(self.built_in)
        return copy

    def judge(self, orders: Sequence[NEntry]) -> list[OrderResult]:
        """Judge `orders` in turn, changing the state: their results."""
        results: list[OrderResult] = []
        for r, order in parsed(self.nmap, orders, results):
            reason = self._verdict(r.power, order)
            if reason is not None:
                r.result, r.why = ("fails" if reason.code == LOST else "void"), reason
        return results

    def _verdict(self, power: str, order: object) -> Event | None:
        """Why `order` is void (or, LOST, fails), else None; its effect is made."""
        nmap, state, delta, used = self.nmap, self.state, self.delta, self.used
        if isinstance(order, Activate):
            reason = None if power == "SAURON" else because("necdip.adjust.only_sauron")
            if reason is None and self.activated:
                reason = because("necdip.adjust.one_activation")
            reason = reason or _activate(nmap, state, order, self.spoiled)
            self.activated = self.activated or reason is None
            return reason
        if self.opening and not (power == "SARUMAN" and isinstance(order, Build)):
            return because("necdip.adjust.opening")
        if isinstance(order, Waive):
            if delta[power] - used[power] <= 0:
                return because("necdip.adjust.no_build_to_waive", power=power)
            used[power] += 1
            return None
        if isinstance(order, Build):
            reason = _build(nmap, state, order, delta[power] - used[power], self.built_in, self.opening)
            if not reason or reason.code == LOST:
                used[power] += 0 if order.unit.kind == NAZGUL else order.unit.count
            return reason
        if isinstance(order, Disband):
            if void := uncounted_disband(order, self.counted_disbands):
                return void
            reason = _disband(state, order, -delta[power] - used[power])
            if not reason:
                used[power] += order.unit.count
            return reason
        return because("necdip.adjust.wrong_phase")


def _working_copy(state: NecroState) -> NecroState:
    """A copy the orders may change: the position's mapping (its lists are replaced,
    never changed), owners, Activations."""
    copy = NecroState.__new__(NecroState)
    copy.__dict__.update(state.__dict__)
    copy.position = dict(state.position)
    copy.owners, copy.activated = dict(state.owners), dict(state.activated)
    copy.secret_armies, copy.secret_beasts = set(state.secret_armies), set(state.secret_beasts)
    return copy


def _balances(nmap: NecroMap, state: NecroState) -> dict[str, int]:
    """Each power's supply centres less its counted units (> 0: builds, < 0: disbands),
    in one pass over the board rather than one per power."""
    owned = Counter(state.owners.values())
    wizard = wizard_at(state)
    centres = {p.id: owned[p.id] + _extra_centres(state, p.id, wizard) for p in nmap.spec.powers}
    return balances(centres, (p.power for pieces in state.position.values() for p in pieces
                              if p.component.kind not in UNCOUNTED), centres)


def _activate(nmap: NecroMap, state: NecroState, order: Activate, spoiled: list[tuple[str, Piece]]) -> Event | None:
    unit, province = order.unit, order.unit.province
    pieces = state.position.get(province, [])
    if unit.kind == ARMY:
        standing = [p for p in pieces if p.power == STANDING]
        if not standing or not nmap.provinces[province].standing_army:
            return because("necdip.adjust.no_standing_army", province=province)
        state.position[province] = [Piece("SAURON", p.component) if p.power == STANDING else p for p in pieces]
        state.activated[province] = state.phase.year
        state.owners[province] = "SAURON"
        state.secret_armies.add(province)   # EN 7.8.2 vii: the Activation is not revealed
        return None
    starts = {SPIDERS: nmap.spec.spiders_start, DRAGONS: nmap.spec.dragons_start}.get(unit.kind)
    if starts is None:
        return because("necdip.adjust.activate_what")
    used = state.spiders_used if unit.kind == SPIDERS else state.dragons_used
    if used:
        return because("necdip.adjust.beasts_once")
    if province not in starts:
        return because("necdip.adjust.beasts_start", provinces=list(starts))
    if pieces:
        if any(p.component.kind == WIZARD for p in pieces):
            # EN 7.8.2 vi: a hidden unit there spoils the Activation for good (ruling: this one)
            _spend(state, unit.kind)
            spoiled += [(province, p) for p in pieces if p.component.kind == WIZARD]
            return because("necdip.adjust.hidden_unit")
        return because("necdip.adjust.beasts_occupied", province=province)
    _spend(state, unit.kind)
    state.position[province] = [Piece("SAURON", Component(unit.kind))]
    state.secret_beasts.add(unit.kind)
    return None


def _spend(state: NecroState, kind: str) -> None:
    if kind == SPIDERS:
        state.spiders_used = True
    else:
        state.dragons_used = True


def _build(nmap: NecroMap, state: NecroState, order: Build, left: int, built_in: dict[tuple[str, str], int],
           opening: bool) -> Event | None:
    """Why the build is void (or, LOST, fails), else None: the unit is placed."""
    power, unit, province = order.power, order.unit, order.unit.province
    if unit.auxiliaries:
        return because("necdip.adjust.auxiliaries")
    pieces = state.position.get(province, [])
    if opening:
        if unit.kind != ARMY or unit.count != 1 or province not in SARUMAN_THIRD_ARMY:
            return because("necdip.adjust.third_army_where")
        if built_in:
            return because("necdip.adjust.one_third_army")
        state.third_army = province
    elif unit.kind == NAZGUL:
        if power != "SAURON" or any(p.component.kind == NAZGUL for ps in state.position.values() for p in ps):
            return because("necdip.adjust.nazgul_rebuild")
    elif unit.kind in (WIZARD, SPIDERS, DRAGONS):
        return because("necdip.adjust.never_built")
    elif unit.kind == CAVALRY and (power != "ROHAN" or province != "Wol" or built_in.get((power, "C"))):
        return because("necdip.adjust.rohan_cavalry")
    if unit.kind != NAZGUL and unit.count > left:
        return because("necdip.adjust.builds_left", power=power, n=max(0, left))
    if not opening:
        reason = _build_site(nmap, state, power, unit, province, built_in)
        if reason:
            return reason
    enemies = [p for p in pieces if p.power != power]
    if enemies and province != ERIADOR:
        if all(p.component.personality for p in enemies):
            return because(LOST)
        return because("necdip.occupied", province=province)
    state.position[province] = [*pieces, *(Piece(power, Component(unit.kind)) for _ in range(unit.count))]
    built_in[(power, province)] = built_in.get((power, province), 0) + unit.count
    if unit.kind == CAVALRY:
        built_in[(power, "C")] = 1
    return None


def _build_site(nmap: NecroMap, state: NecroState, power: str, unit: Group, province: str,
                built_in: dict[tuple[str, str], int]) -> Event | None:
    pieces = state.position.get(province, [])
    mine = [p for p in pieces if p.power == power and not p.component.personality]
    if province == ERIADOR:
        if power not in ("DWARVES", "ELVES") or not state.eriador_alive:
            return because("necdip.adjust.eriador_homes")
        if unit.count > 1 or built_in.get((power, province)):
            return because("necdip.adjust.eriador_one")
        return None
    wizard = wizard_at(state) if power == "SARUMAN" else None
    if province == wizard:
        if nmap.provinces[province].kind == "sea":
            return because("necdip.adjust.wizard_at_sea")
        if mine:
            return because("necdip.adjust.wizard_saruman_unit")
        other = state.owners.get(province)
        if other and other != "SARUMAN" and (other == "EASTERLINGS" or other in nmap.provinces[province].home):
            return because("necdip.adjust.wizard_home_centre")
        return None
    if province not in home_centres(nmap, state, power):
        return because("necdip.adjust.not_home_centre", province=province, power=power)
    if nmap.provinces[province].kind == "sea":   # the Easterlings own sea SCs as HSCs (EN 7.1 i)
        return because("necdip.adjust.no_sea_build")
    mu = power == "GONDOR" or (power == "SAURON" and (
        unit.kind == NAZGUL or any(p.component.kind == NAZGUL for p in pieces)))
    if (mine or built_in.get((power, province)) or unit.count > 1) and not mu:
        return because("necdip.occupied", province=province) if mine else \
            because("necdip.adjust.one_unit_per_province", power=power)
    return None


def _disband(state: NecroState, order: Disband, left: int) -> Event | None:
    unit, power = order.unit, order.power
    if left <= 0:
        return because("necdip.adjust.no_units_to_disband", power=power)
    if unit.count > left:
        return because("necdip.adjust.disbands_only", power=power, n=left)
    staying = list(state.position.get(unit.province, []))   # a void disband removes nothing
    for comp in unit.components():
        match = next((p for p in staying if p.power == power and p.component == comp), None)
        if match is None:
            return because("necdip.no_such_unit", power=power, unit=str(unit))
        staying.remove(match)
    state.position[unit.province] = staying
    return None


def civil_disorder(nmap: NecroMap, state: NecroState, power: str, count: int) -> list[tuple[str, Piece]]:
    """Units disbanded for a power that ordered too few (standard rule, EN 1; shared:
    diplomacy/adjustment_rules.py): farthest from its home centres over borders a unit
    crosses (not mountains) first, then alphabetical by province."""
    homes = home_centres(nmap, state, power) or set(state.owners) or {ERIADOR}
    dist = distances(homes, lambda here: nmap.neighbours(here, PASSABLE))
    units = [(prov, p) for prov, pieces in state.position.items() for p in pieces
             if p.power == power and p.component.kind not in UNCOUNTED]
    return farthest_first(units, itemgetter(0), dist, lambda u: u[0].lower())[:count]


def _victory(nmap: NecroMap, state: NecroState) -> NecroState:
    """EN 6.3: 19 or more Victory Points in an Adjustment phase; the most points if several;
    a tie for the most continues the game. An eliminated power (7.8.3, 7.7 ii) cannot win."""
    points = {p.id: victory_points(nmap, state, p.id) for p in nmap.spec.powers if not state.eliminated(p.id)}
    best = max(points.values())
    leaders = [p for p, v in points.items() if v == best]
    if best >= VICTORY and len(leaders) == 1:
        return replace(state, winner=leaders[0])
    return state
