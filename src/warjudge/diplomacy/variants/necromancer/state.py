"""The Necromancer game state between phases: position plus everything the rules make
the judge remember (EN 5.1 iv, 7.7, 7.8.2, 7.8.3, 8.1 vii)."""

from __future__ import annotations

from dataclasses import dataclass, field

from warjudge.diplomacy.variants.necromancer.calendar import NPhase, opening_phase
from warjudge.diplomacy.variants.necromancer.mapfile import START, NecroMap
from warjudge.diplomacy.variants.necromancer.position import Position, parse_position


@dataclass
class NecroState:
    phase: NPhase
    position: Position
    owners: dict[str, str]                         # SC province -> owning power (Eriador's are fixed)
    eriador_alive: bool = True                     # EN 5.1 iv: destroyed with Sauron
    activated: dict[str, int] = field(default_factory=dict)   # SA province -> year Activated (EN 7.8.2 viii)
    spiders_used: bool = False                     # EN 7.8.2 v: once each
    dragons_used: bool = False
    neutralised: set[str] = field(default_factory=set)        # provinces whose alignment became neutral (8.1 vii)
    sauron_eliminated: bool = False
    saruman_eliminated: bool = False                      # EN 7.7 ii: the Wizard destroyed
    winner: str | None = None
    secret_armies: set[str] = field(default_factory=set)   # Activated SAs still unrevealed (EN 7.8.2 vii)
    secret_beasts: set[str] = field(default_factory=set)   # S/D Activated and still unrevealed
    third_army: str | None = None                          # hidden until the TA 2765 adjudication (7.7 x)

    def eliminated(self, power: str) -> bool:
        """EN 7.8.3, 7.7 ii: an eliminated Sauron or Saruman gives no orders and cannot win
        (his forces in Civil Disorder still hold his centres until they are taken)."""
        return power == "SAURON" and self.sauron_eliminated or power == "SARUMAN" and self.saruman_eliminated

    def alignment(self, nmap: NecroMap, province: str) -> str:
        return "neutral" if province in self.neutralised else nmap.provinces[province].alignment


def initial_state(nmap: NecroMap) -> NecroState:
    """TA 2750: the rules' initial position; each power owns its home centres."""
    owners = {p.id: p.home[0] for p in nmap.provinces.values() if p.home and p.id != "Eri"}
    return NecroState(opening_phase(), parse_position(START, nmap), owners)
