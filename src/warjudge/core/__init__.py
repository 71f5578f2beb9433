"""What every game shares: the game record, seeded dice, errors."""

from warjudge.core.dice import Dice
from warjudge.core.errors import (
    InputError,
    MapError,
    OrderError,
    RecordError,
    WarjudgeError,
)
from warjudge.core.record import GameRecord

__all__ = ["Dice", "GameRecord", "InputError", "MapError", "OrderError", "RecordError", "WarjudgeError"]
