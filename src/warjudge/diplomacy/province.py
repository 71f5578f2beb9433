"""What every Diplomacy map says of a province, whatever the variant (issue 25).

The standard map and the Necromancer map share a province's id, name, kind and supply
centre, and the rules on home centres; each adds its own (split coasts; fortresses,
alignment, standing armies). Variants narrow the id pattern and the kinds, and write
home centres their own way, so each names them through `home_powers`.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Container
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict


class ProvinceSpecBase(BaseModel):
    """A province as a map file writes it; the field order is the files' and records'."""

    model_config = ConfigDict(extra="forbid")
    id: str
    name: str
    kind: str
    sc: bool = False

    @abstractmethod
    def home_powers(self) -> tuple[str, ...]:
        """The powers this province is a home centre of."""

    def home_problems(self, powers: Container[str]) -> list[str]:
        """Home centres belong to known powers and are supply centres."""
        homes = self.home_powers()
        problems = [f"province {self.id}: home power {power} is not one of the powers"
                    for power in homes if power not in powers]
        if homes and not self.sc:
            problems.append(f"province {self.id}: a home centre must be a supply centre")
        return problems


@dataclass(frozen=True)
class ProvinceBase:
    """A loaded province: what the judge reads of every map's provinces."""

    id: str
    name: str
    kind: str
    sc: bool
