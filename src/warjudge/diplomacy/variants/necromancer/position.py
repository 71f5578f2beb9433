"""A Necromancer position: which Components of which Powers stand where, and the rules
on who may share a province or stand at sea (EN 3.3 ii, 4.2 i, 4.3 iv, 4.4 iii, 5.1,
7.3 i, 7.7 vii, 7.8.1 ii, vi, ix, 7.8.2 iii).

`position_problems` lists every breach, so a document or a save that breaks them is
refused with all its faults, and the game's invariants can be checked after each phase.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from warjudge.core.errors import InputError
from warjudge.diplomacy.variants.necromancer.mapfile import ERIADOR, NecroMap
from warjudge.diplomacy.variants.necromancer.pieces import (
    ARMY, CAVALRY, DRAGONS, ENGINE, FLEET, NAZGUL, SPIDERS, WIZARD, Component, group_of, parse_group,
)

STANDING = "STANDING"  # unactivated Standing Armies (EN 7.8.2 i): nobody's, in Civil Disorder
MU_POWERS = {"GONDOR"}  # EN 7.3 i; Sauron only with the Nazgul (EN 7.8.1 ix)
SPECIAL_OWNER = {CAVALRY: "ROHAN", WIZARD: "SARUMAN", NAZGUL: "SAURON", SPIDERS: "SAURON", DRAGONS: "SAURON"}


@dataclass(frozen=True)
class Piece:
    power: str
    component: Component


Position = dict[str, list[Piece]]


def parse_position(units: dict[str, list[str]], nmap: NecroMap) -> Position:
    """{'GONDOR': ['2A/1F Pel', 'A Lam'], 'STANDING': ['A Gre']} -> Position."""
    out: Position = {}
    for power, texts in units.items():
        if not isinstance(texts, list):
            raise InputError(f"units of {power}: give a list like ['A Los', '2A/1F Pel']")
        for text in texts:
            group = parse_group(text, nmap.resolve_name)
            out.setdefault(group.province, []).extend(Piece(power, c) for c in group.components())
    return out


def format_position(position: Position) -> dict[str, list[str]]:
    """Position -> {'GONDOR': ['2A/1F Pel', ...]}: one written unit per power, kind and province."""
    out: dict[str, list[str]] = {}
    for province in sorted(position, key=str.lower):
        by_key: dict[tuple[str, str], list[Component]] = {}
        for piece in position[province]:
            by_key.setdefault((piece.power, piece.component.kind), []).append(piece.component)
        for (power, _), comps in sorted(by_key.items()):
            out.setdefault(power, []).append(str(group_of(comps, province)))
    return out


def position_problems(position: Position, nmap: NecroMap) -> list[str]:
    problems: list[str] = []
    counts: Counter[tuple[str, str]] = Counter()
    for province, pieces in position.items():
        prov = nmap.provinces[province]
        powers = {p.power for p in pieces}
        for p in pieces:
            counts[(p.power, p.component.kind)] += 1
        if province == ERIADOR:
            # Anyone may stand there (EN 5.1), but it is inland (no Fleets, EN 4.3 iii) and no
            # Siege Engine is built there (EN 5.1 iii) or survives leaving home (EN 4.4 iv).
            if any(p.component.aux for p in pieces):
                problems.append(f"{province}: no Auxiliary can be in Eriador (EN 4.3 iii, 4.4 iv, 5.1 iii)")
            continue
        if len(powers) > 1:
            problems.append(f"{province}: units of {', '.join(sorted(powers))} cannot share a province "
                            "(EN 3.3 ii, 4.2 i; only Eriador, EN 5.1)")
            continue
        power = next(iter(powers), None)
        soldiers = [p for p in pieces if not p.component.personality]
        if len(soldiers) > 1 and power != STANDING:
            nazgul_here = any(p.component.kind == NAZGUL for p in pieces)
            if power not in MU_POWERS and not (power == "SAURON" and nazgul_here):
                problems.append(f"{province}: {power} cannot have a Multiple Unit there (EN 4.2 i, 7.3 i, 7.8.1 ix)")
        if len(soldiers) > 1 and power == STANDING:
            problems.append(f"{province}: Standing Armies are single units (EN 7.8.2 i)")
        if sum(p.component.aux == ENGINE for p in pieces) > 1:
            problems.append(f"{province}: only one Siege Engine may be in a province (EN 4.4 iii)")
        if prov.kind == "sea":
            for p in pieces:
                c = p.component
                if c.kind == NAZGUL:
                    problems.append(f"{province}: the Nazgul may never enter a sea province (EN 7.8.1 vi)")
                elif c.kind == WIZARD:
                    if not any(q.component.aux == FLEET and q.power == p.power for q in pieces):
                        problems.append(f"{province}: the Wizard is at sea only aboard a Saruman A/F (EN 7.7 vii)")
                elif c.aux != FLEET:
                    problems.append(f"{province}: {c.kind} without a Fleet cannot be at sea (EN 4.3 iv)")
        elif prov.kind == "inland" and any(p.component.aux == FLEET for p in pieces):
            problems.append(f"{province}: a Fleet is lost inland (EN 4.3 iii)")
    for (power, kind), n in counts.items():
        if kind in (NAZGUL, WIZARD, SPIDERS, DRAGONS) and n > 1:
            problems.append(f"{power} has {n} units of kind {kind}; there is only one (EN 7.7 ix, 7.8.1 ii, 7.8.2 iii)")
        if kind in SPECIAL_OWNER and power != SPECIAL_OWNER[kind]:
            problems.append(f"{power} cannot have a unit of kind {kind}: only {SPECIAL_OWNER[kind]} (EN 7)")
        if power == STANDING and kind != ARMY:
            problems.append("unactivated Standing Armies are armies (EN 7.8.2 i)")
    return problems
