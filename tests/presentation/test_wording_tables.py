"""Both Diplomacy games' wording tables (issue 12: rules emit codes with parameters,
wording happens at the edge, one table per language): each table words exactly the
codes its game registers, every template reads only parameters its code supplies and
fills in without a stray brace, and the rules name no code outside the registry."""

import re
from pathlib import Path

import pytest

from warjudge.core.events import Event, worded
from warjudge.diplomacy import reasons as standard
from warjudge.diplomacy.variants.necromancer import reasons as necromancer
from warjudge.presentation.diplomacy import wording_en as standard_en, wording_fr as standard_fr
from warjudge.presentation.necromancer_diplomacy import wording_en as necromancer_en, wording_fr as necromancer_fr
from warjudge.presentation.wording import placeholders

GAMES = {  # registry module, its rules' folder (files only, not subfolders), its tables
    "diplomacy": (standard, ["en", "fr"], {"en": standard_en, "fr": standard_fr}),
    "necromancer-diplomacy": (necromancer, ["en", "fr"], {"en": necromancer_en, "fr": necromancer_fr}),
}
CASES = [(game, lang) for game, (_, langs, _) in GAMES.items() for lang in langs]


def sample(registry, code: str) -> Event:
    """The code with a value of the right kind for each parameter it declares."""
    values = {"what": registry.WHAT[0], "kind": "build", "provinces": ["EMi", "NMi"], "options": ["spa/nc", "spa/sc"],
              "coasts": ["nc", "sc"], "powers": ["FRANCE", "ITALY"], "n": 2,
              "reason": {"code": next(iter(registry.CODES)), "params": {}}}
    return Event(code, {name: values.get(name, "Xyz") for name in registry.CODES[code]})


@pytest.mark.parametrize("game,lang", CASES)
def test_each_table_words_exactly_the_registered_codes(game, lang):
    registry, _, tables = GAMES[game]
    assert sorted(tables[lang].TEMPLATES) == sorted(registry.CODES)
    assert sorted(tables[lang].WHAT) == sorted(registry.WHAT)


@pytest.mark.parametrize("game,lang", CASES)
def test_every_template_reads_only_what_its_code_supplies(game, lang):
    registry, _, tables = GAMES[game]
    for code, template in tables[lang].TEMPLATES.items():
        assert placeholders(template) <= set(registry.CODES[code]), code
        text = worded(sample(registry, code), lang)
        assert text and "{" not in text.replace('{"type"', ""), (code, text)


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_name_no_code_outside_the_registry(game):
    registry = GAMES[game][0]
    family = next(iter(registry.CODES)).split(".")[0]
    named = set()
    for path in Path(registry.__file__).parent.glob("*.py"):
        named |= set(re.findall(rf'"({family}\.[a-z_.]+)"', path.read_text(encoding="utf-8")))
    assert named - set(registry.CODES) == set() and len(named) > 60


@pytest.mark.parametrize("game", GAMES)
def test_an_unregistered_code_is_a_programming_error(game):
    with pytest.raises(KeyError):
        GAMES[game][0].because("no.such.code")
