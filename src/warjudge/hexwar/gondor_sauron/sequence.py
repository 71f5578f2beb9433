"""The Sequence of Play (SPI 3.0): Gondor's eight Phases A-H, Sauron's seven (no Siege
Phase). A Magic Leader Phase lets both players act, in the order the rules give."""

from __future__ import annotations

from dataclasses import dataclass

from warjudge.hexwar.gondor_sauron.units import SAURON, WESTERNESSE

GONDOR, SAURON_GAME = "gondor", "sauron"


@dataclass(frozen=True)
class Phase:
    """`sides`: who acts, in order (the Phasing Player, or both in a joint phase)."""

    code: str
    kind: str            # "magic", "siege", "movement", "combat", "rally"
    sides: tuple[str, ...]
    title: str


_ALL = (
    Phase("A", "magic", (WESTERNESSE, SAURON), "Initial Magic Leader Movement Phase"),
    Phase("B", "siege", (SAURON,), "Forces of Sauron Siege Phase"),
    Phase("C", "movement", (SAURON,), "Forces of Sauron Movement Phase"),
    Phase("D", "combat", (SAURON,), "Forces of Sauron Combat Phase"),
    Phase("E", "magic", (SAURON, WESTERNESSE), "Second Magic Leader Movement Phase"),
    Phase("F", "movement", (WESTERNESSE,), "Westernesse Movement Phase"),
    Phase("G", "combat", (WESTERNESSE,), "Westernesse Combat Phase"),
    Phase("H", "rally", (WESTERNESSE, SAURON), "Joint Rally Phase"),
)


def phases(game: str) -> tuple[Phase, ...]:
    """3.0: the Siege Phase (B) is Gondor's only."""
    if game not in (GONDOR, SAURON_GAME):
        raise ValueError(f"unknown game {game!r}")
    return _ALL if game == GONDOR else tuple(p for p in _ALL if p.code != "B")


def following(game: str, turn: int, code: str) -> tuple[int, str]:
    """The phase after (turn, code): after the last, the first of the next Game-Turn."""
    codes = [p.code for p in phases(game)]
    i = codes.index(code)
    return (turn, codes[i + 1]) if i + 1 < len(codes) else (turn + 1, codes[0])


def phase(game: str, code: str) -> Phase:
    return next(p for p in phases(game) if p.code == code)


__all__ = ["GONDOR", "Phase", "SAURON_GAME", "following", "phase", "phases"]
