"""Both Diplomacy maps share one province core (issue 25: the variant shares what is the
same): the fields every map writes, the loaded province, and the home-centre checks with
one wording. The field order stays the one records carry, so games replay bit for bit."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from warjudge.core.errors import MapError
from warjudge.diplomacy import mapdata
from warjudge.diplomacy.province import ProvinceBase, ProvinceSpecBase
from warjudge.diplomacy.variants.necromancer import mapfile
from warjudge.diplomacy.variants.standard import MAP_FILE


def test_both_maps_extend_the_shared_province():
    assert issubclass(mapdata.ProvinceSpec, ProvinceSpecBase)
    assert issubclass(mapfile.ProvinceSpec, ProvinceSpecBase)
    assert issubclass(mapdata.Province, ProvinceBase)
    assert issubclass(mapfile.Province, ProvinceBase)


def test_field_order_is_the_one_records_carry():
    # the Necromancer map is written into every record (options["map"]) in this order
    assert list(mapfile.ProvinceSpec.model_fields) == [
        "id", "name", "kind", "sc", "home", "fortress", "mountain_fortress", "alignment",
        "standing_army", "aliases", "xy"]
    assert list(mapdata.ProvinceSpec.model_fields) == ["id", "name", "kind", "sc", "home", "coasts", "aliases"]
    assert [f.name for f in dataclasses.fields(mapfile.Province)][:4] == ["id", "name", "kind", "sc"]
    assert [f.name for f in dataclasses.fields(mapdata.Province)] == ["id", "name", "kind", "sc", "home", "coasts"]


def test_variant_ids_keep_their_own_pattern():
    with pytest.raises(ValueError):
        mapdata.ProvinceSpec(id="Los", name="Losarnach", kind="land")
    with pytest.raises(ValueError):
        mapfile.ProvinceSpec(id="par1", name="Paris", kind="inland")
    assert mapfile.ProvinceSpec(id="Los", name="Losarnach", kind="inland").home_powers() == ()


def _problems(parse, raw: dict) -> list[str]:
    with pytest.raises(MapError) as info:
        parse(json.dumps(raw), "broken.json")
    return info.value.problems


def test_home_centre_checks_are_worded_alike_on_both_maps():
    standard = json.loads(MAP_FILE.read_text())
    bur = next(p for p in standard["provinces"] if p["id"] == "bur")
    bur["home"] = "SPAIN"                                   # unknown power, and not a supply centre
    necro = json.loads(Path(mapfile.__file__).with_name("map.json").read_text(encoding="utf-8"))
    fch = next(p for p in necro["provinces"] if p["id"] == "Fch")
    fch["home"], fch["sc"] = ["SPAIN"], False
    assert {"province bur: home power SPAIN is not one of the powers",
            "province bur: a home centre must be a supply centre"} <= set(_problems(mapdata.parse_map, standard))
    assert {"province Fch: home power SPAIN is not one of the powers",
            "province Fch: a home centre must be a supply centre"} <= set(_problems(mapfile.parse_necromancer_map, necro))
