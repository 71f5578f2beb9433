"""Units on the board."""

from __future__ import annotations

import re
from dataclasses import dataclass

from warjudge.diplomacy.mapdata import ARMY, FLEET, DipMap, province_of
from warjudge.core.errors import InputError


@dataclass(frozen=True, slots=True)   # slots: one small object, read fast (issue 26)
class Unit:
    power: str
    type: str      # "A" or "F"
    location: str  # "par", "stp/sc"

    @property
    def province(self) -> str:
        return province_of(self.location)

    def __str__(self) -> str:
        return f"{self.type} {self.location}"

    def at(self, location: str) -> Unit:
        """The same unit at `location` (where a move or retreat takes it): equal to
        `Unit(self.power, self.type, location)`, made without the frozen constructor's
        generic attribute setting, which was a judge's costliest object (issue 26)."""
        unit = _new(Unit)
        _set_power(unit, self.power)
        _set_type(unit, self.type)
        _set_location(unit, location)
        return unit


_new = object.__new__
_set_power, _set_type, _set_location = (getattr(Unit, name).__set__ for name in ("power", "type", "location"))


def parse_unit(text: str, power: str, dmap: DipMap) -> Unit:
    """'A par', 'F stp/sc', 'f StP(sc)' -> Unit; InputError with the reason otherwise."""
    m = re.fullmatch(r"\s*([AaFf])\s+(\S+?)\s*(?:[/(]\s*(\w+)\s*\)?)?\s*", str(text))
    if not m:
        raise InputError(f"unit {text!r} of {power}: write units like 'A par' or 'F stp/sc'")
    kind, name, coast = m.group(1).upper(), m.group(2), m.group(3)
    pid = dmap.resolve_name(name)
    if pid is None:
        raise InputError(f"unit {text!r} of {power}: unknown province {name!r}")
    prov = dmap.provinces[pid]
    if kind == ARMY:
        if prov.kind == "sea":
            raise InputError(f"unit {text!r} of {power}: an army cannot be at sea")
        return Unit(power, ARMY, pid)
    if prov.kind == "land":
        raise InputError(f"unit {text!r} of {power}: a fleet cannot be in inland {pid}")
    if prov.coasts:
        coast = (coast or "").lower()
        if coast not in prov.coasts:
            raise InputError(f"unit {text!r} of {power}: say which coast of {pid} ({', '.join(prov.coasts)})")
        return Unit(power, FLEET, f"{pid}/{coast}")
    return Unit(power, FLEET, pid)
