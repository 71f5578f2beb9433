"""Spells (SPI 8.5 and the Exclusive Rules' spell lists, reconstructed): each scenario
names its spells, their cost and one effect from a small vocabulary; this module says
whom a spell may target and what a success does to the position. Casting itself (two
dice on the Magic Spell Chart, points spent only on success) is `leaders.cast`."""

from __future__ import annotations

from warjudge.hexwar.gondor_sauron.position import Position
from warjudge.hexwar.gondor_sauron.scenario import SpellSpec
from warjudge.hexwar.gondor_sauron.units import Leader
from warjudge.hexwar.grid import distance

# What a Leader under a spell may not do for the rest of the Game-Turn (8.47 names
# Freeze Leader and Fear as barring special formations).
BARS = {"freeze": frozenset({"move", "cast", "rally", "duel", "form"}),
        "fear": frozenset({"rally", "form"}),
        "stalemate": frozenset({"move", "cast"})}
ON_LEADERS = tuple(BARS)


def barred(bound: dict[str, set[str]], leader_id: str, doing: str) -> bool:
    """Whether a spell on the Leader forbids `doing` this Game-Turn."""
    return any(doing in BARS[effect] for effect in bound.get(leader_id, ()))


def targets(pos: Position, spell: SpellSpec, caster: Leader, bound: dict[str, set[str]],
            pending_groups: set[str]) -> list[str | None]:
    """What the spell may be cast at now; empty when it would do nothing. None stands
    for a spell without a target."""
    effect = spell.effect
    if effect == "daylight":
        return [None] if pos.night else []
    if effect == "darkness":
        return [] if pos.night else [None]
    if effect == "breach":
        assert spell.hexside is not None
        return [] if frozenset(spell.hexside) in pos.breached else [None]
    if effect == "arrive":
        return [None] if spell.group in pending_groups else []
    if effect == "disrupt":
        return [*sorted(u.id for u in pos.units.values() if u.side != caster.side and not u.disrupted
                        and distance(u.hex, caster.hex) <= spell.range)]
    return [*sorted(ldr.id for ldr in pos.leaders.values()
                  if ldr.side != caster.side and distance(ldr.hex, caster.hex) <= spell.range
                  and effect not in bound.get(ldr.id, set()) and (effect != "stalemate" or ldr.is_magic))]


def take_effect(pos: Position, spell: SpellSpec, target: str | None, bound: dict[str, set[str]]) -> None:
    """A successful spell's effect on the position (`arrive` is the game's: it moves a
    reinforcement group forward)."""
    effect = spell.effect
    if effect == "daylight":        # ruling: no night (10.0) for the rest of the Game-Turn
        pos.night = False
    elif effect == "darkness":      # ruling: night (10.0) for the rest of the Game-Turn
        pos.night = True
    elif effect == "breach":
        assert spell.hexside is not None
        pos.breached = pos.breached | {frozenset(spell.hexside)}
    elif effect == "disrupt" and target is not None:
        pos.units[target].disrupted = True
    elif effect in ON_LEADERS and target is not None:
        bound.setdefault(target, set()).add(effect)


__all__ = ["BARS", "barred", "take_effect", "targets"]
