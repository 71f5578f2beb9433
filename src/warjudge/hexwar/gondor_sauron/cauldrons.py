"""Gondor's cauldrons of boiling oil and their dummies, and Sauron's pedestal: pieces the
Standard Rules leave to the Exclusive Rules, which are not public. Reconstructed from the
two reviews that name them (docs/rulings.md): [BB-G] "Cauldrons are placed inside the
castle; each with 3 oil counters under it. Dummy cauldrons have three dummy oil counters
under it"; [BB-S] "For Sauron to cast a spell he must be stacked with his pedestal".
Every check is pure and returns a reason."""

from __future__ import annotations

import random

from warjudge.hexwar.gondor_sauron.combat import Terms
from warjudge.hexwar.gondor_sauron.position import Position
from warjudge.hexwar.gondor_sauron.units import SAURON, WESTERNESSE, Cauldron, CombatUnit, Leader
from warjudge.hexwar.gondor_sauron.view_types import CauldronJson


def pour_problem(pos: Position, cauldron: Cauldron, target: CombatUnit, used: set[str]) -> str | None:
    """Why the cauldron may not pour oil on `target` now, None if it may (ruling): a
    real cauldron with oil left, once a Game-Turn (as missiles, 7.14), onto an enemy
    unit in an adjacent hex across a wall, gate or tower hexside (from the wall onto
    its foot)."""
    if cauldron.dummy:
        return "a dummy cauldron holds no oil (Gondor, reconstructed)"
    if cauldron.oil <= 0:
        return "the cauldron's oil is spent (Gondor, reconstructed: three counters)"
    return placed_problem(pos, cauldron, target, used)


def placed_problem(pos: Position, cauldron: Cauldron, target: CombatUnit, used: set[str]) -> str | None:
    """Why the cauldron could not pour on `target` now even were it real and full: what
    Sauron can see as well (a dummy and the oil left are hidden from him)."""
    if cauldron.id in used:
        return "a cauldron pours once a Game-Turn (ruling, as missile fire: SPI 7.14)"
    if target.side != SAURON:
        return "oil is poured on Sauron's units"
    if target.hex not in pos.map.neighbours(cauldron.hex) or pos.map.hexside_kind(cauldron.hex, target.hex) is None:
        return "oil is poured over a wall, gate or tower hexside onto an adjacent unit (Gondor, reconstructed)"
    return None


def pour_terms(pos: Position, cauldron: Cauldron, target: CombatUnit) -> Terms:
    """What the oil is rolled with: as missile fire (7.17) at the cauldron's attack
    strength, the wall no cover (it is poured from above)."""
    theirs = pos.ratings(target)
    return Terms(cauldron.attack, theirs.armour, theirs.morale, False)


def pour(cauldron: Cauldron) -> None:
    """One oil counter is used, whatever the result."""
    cauldron.oil -= 1
    cauldron.poured += 1


def capture(pos: Position) -> list[Cauldron]:
    """Ruling: a cauldron (real or dummy) whose hex a Sauron combat unit enters is lost,
    and what it was is seen."""
    if not pos.cauldrons:
        return []
    enemy_at = {u.hex for u in pos.units.values() if u.side == SAURON}
    lost = sorted((c for c in pos.cauldrons.values() if c.hex in enemy_at), key=lambda c: c.id)
    for c in lost:
        del pos.cauldrons[c.id]
    return lost


def view_of(cauldron: Cauldron) -> CauldronJson:
    """What both sides see of a cauldron, and, hidden from Sauron, what lies under it."""
    return {"id": cauldron.id, "side": WESTERNESSE, "hex": cauldron.hex, "poured": cauldron.poured,
            "under": {"dummy": cauldron.dummy, "oil": cauldron.oil, "hidden_from": [SAURON]}}


def sampled(pos: Position, rng: random.Random) -> None:
    """What lies under the cauldrons, drawn again as Sauron's side may believe it
    (`sample_hidden`, issue 26): a cauldron that has poured is known to be real; among
    the others the dummies and the oil are shuffled."""
    unknown = sorted((c for c in pos.cauldrons.values() if not c.poured), key=lambda c: c.id)
    under = [(c.dummy, c.oil) for c in unknown]
    rng.shuffle(under)
    for cauldron, (dummy, oil) in zip(unknown, under):
        cauldron.dummy, cauldron.oil = dummy, oil


def pedestal_problem(pedestal: tuple[str, str] | None, leader: Leader) -> str | None:
    """[BB-S]: the pedestal's Leader (Sauron) casts a spell only while stacked with it.
    `pedestal` is (Leader id, hex), None when the scenario has none."""
    if pedestal is not None and pedestal[0] == leader.id and leader.hex != pedestal[1]:
        return f"{leader.id} casts spells only while stacked with the pedestal in {pedestal[1]} (Sauron, reconstructed)"
    return None


__all__ = ["capture", "pedestal_problem", "placed_problem", "pour", "pour_problem", "pour_terms", "sampled", "view_of"]
