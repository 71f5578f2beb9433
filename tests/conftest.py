import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "diplomacy"))
sys.path.insert(0, str(Path(__file__).parent / "necromancer"))


@pytest.fixture(scope="session")
def standard_map():
    from warjudge.diplomacy.variants.standard import standard_map as load

    return load()
