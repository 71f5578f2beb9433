"""Standard Diplomacy: the 1901 board of the 2000 rulebook."""

from functools import lru_cache
from pathlib import Path

from warjudge.diplomacy.mapdata import DipMap, load_map

MAP_FILE = Path(__file__).with_name("map.json")


@lru_cache(maxsize=1)
def standard_map() -> DipMap:
    return load_map(MAP_FILE)
