"""Issue 11, the map-file class for the Diplomacy family: a mutated transcription of the
standard or the Necromancer map loads, or is refused with a MapError listing its problems;
never another exception (the SJG maps have their own fuzz test in tests/hexwar)."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from warjudge.core.errors import MapError
from warjudge.diplomacy.mapdata import load_map
from warjudge.diplomacy.variants.necromancer.mapfile import load_necromancer_map
from warjudge.diplomacy.variants.standard import MAP_FILE

NECRO_FILE = Path(load_necromancer_map.__code__.co_filename).with_name("map.json")
ODD_VALUES = [None, True, 0, -1, 10**30, 1.5, "", "x" * 300, "Khazad-dûm", [], {}, [[]], {"a": 1}, "\u0000"]


def _containers(value, out):
    if isinstance(value, (dict, list)):
        out.append(value)
        for child in (value.values() if isinstance(value, dict) else value):
            _containers(child, out)
    return out


def mutate(spec: dict, rng: random.Random) -> dict:
    """A few edits of the kinds a hand transcription makes: a value of the wrong type or size,
    a key dropped or misspelt, an entry duplicated, a list cut short."""
    spec = copy.deepcopy(spec)
    for _ in range(rng.randint(1, 4)):
        node = rng.choice(_containers(spec, []))
        if not node:
            continue
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        edit = rng.randrange(5)
        if edit == 0:
            node[key] = rng.choice(ODD_VALUES)
        elif edit == 1:
            del node[key]
        elif edit == 2 and isinstance(node, dict):
            node[str(key) + "x"] = node.pop(key)
        elif edit == 3 and isinstance(node, list):
            node.append(copy.deepcopy(node[key]))
        elif isinstance(node, list):
            del node[key:]
        else:
            node[key] = json.loads(json.dumps(node[key]))
    return spec


@pytest.mark.parametrize("source, load", [(MAP_FILE, load_map), (NECRO_FILE, load_necromancer_map)],
                         ids=["standard", "necromancer"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32))
def test_mutated_map_files_load_or_give_a_map_error(tmp_path, source, load, seed):  # issue 11: map files
    spec = json.loads(Path(source).read_text(encoding="utf-8"))
    path = tmp_path / "map.json"
    path.write_text(json.dumps(mutate(spec, random.Random(seed))), encoding="utf-8")
    try:
        load(path)
    except MapError as exc:
        assert exc.problems and all(isinstance(p, str) and p for p in exc.problems)


def test_the_shipped_maps_are_what_the_fuzz_mutates():
    assert load_map(MAP_FILE).provinces and load_necromancer_map(NECRO_FILE).provinces
