"""The Necromancer order parser's fast path for canonical text (issue 12, speed) must read
exactly what the full reader reads (EN/FR 2.2.1 v, 3.2.2, 3.4, 4.2, 7.8.1 vii grammar)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from warjudge.diplomacy.variants.necromancer import orders
from warjudge.diplomacy.variants.necromancer.bots import random_orders
from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame
from warjudge.diplomacy.variants.necromancer.mapfile import load_necromancer_map
from warjudge.diplomacy.variants.necromancer.orders import format_norder

from tests.diplomacy.variants.necromancer.necro_helpers import full_reader

NMAP = load_necromancer_map()
_IDS = sorted(NMAP.provinces)
_PROVINCE = st.sampled_from(_IDS) | st.sampled_from(["los", "Gap", "Xyz", "Minas", "Old", "2A", "H", ""])
_DESIGNATION = st.sampled_from(["A", "2A", "3A", "A/F", "A/E", "2A/1F", "C", "N", "W", "S", "D", "X", "b",
                                "Build", "Waive", "a", "0A", "Armée"])
_VERB = st.sampled_from(["H", "D", "-", "S", "L", "b", "R", "C", "h", "T"])
_TAIL = st.lists(st.sampled_from(["-", "H", "F", "E", *_IDS[:6], "2A", "A"]), max_size=4)


def _full_reader(text: str, power: str):
    """The same text read with the fast path switched off."""
    return full_reader(text, power, NMAP)


@settings(max_examples=800, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.tuples(_DESIGNATION, _PROVINCE, _VERB, _PROVINCE, _TAIL)
       .map(lambda t: " ".join([t[0], t[1], t[2], t[3], *t[4]]))
       | st.tuples(_DESIGNATION, _PROVINCE, _VERB).map(" ".join)
       | st.tuples(_DESIGNATION, _PROVINCE, _VERB, st.sampled_from(["F", "E", "f", "Fleet", "X"])).map(" ".join)
       | st.tuples(_DESIGNATION, _PROVINCE, _VERB, _DESIGNATION, _PROVINCE, _TAIL)
       .map(lambda t: " ".join([*t[:5], *t[5]])))
def test_fast_path_reads_what_the_full_reader_reads(text):
    fast = orders._parse_canonical(text, "GONDOR", NMAP)
    if fast is not None:
        assert _full_reader(text, "GONDOR") == fast


@pytest.mark.parametrize("text", [
    "A Los H", "A Los D", "A Los - SIt", "2A Los - 3A MTi", "A/F TOL - 2A Pel", "C Eas - Edo - Dhw",
    "C Wol H - Edo", "C Wol - Edo H", "A Pel S A Los", "A Pel S 2A Los - SIt", "N MMo L A MMo",
    "A Dor b F", "A Dor b E", "A Los R SIt", "W Ise H",
])
def test_every_canonical_form_takes_the_fast_path_and_means_the_same(text):
    # EN 2.2.1 v orders, EN 4.2 iii MU sizes, EN 3.2.2 Double Movement, EN 3.4 ii "b",
    # EN 7.8.1 vii Lead: each canonical form is read by the fast path, as the full reader reads it
    fast = orders._parse_canonical(text, "GONDOR", NMAP)
    assert fast is not None and fast == _full_reader(text, "GONDOR")
    assert format_norder(fast) == text


def test_canonical_orders_of_bot_games_take_the_fast_path_and_mean_the_same():
    # what bots and the legal-order lists send is canonical: the fast path reads all of it
    game, rng, seen = NecromancerDiplomacyGame(), random.Random(3), 0
    for _ in range(6):
        for power in game.powers:
            for text in random_orders(game, power, rng):
                fast = orders._parse_canonical(text, power, game.map)
                assert fast is None or _full_reader(text, power) == fast
                if fast is not None:
                    seen += 1
                    assert format_norder(fast) == text
            game.set_orders(power, random_orders(game, power, rng))
        game.process()
    assert seen > 100


def test_names_of_several_words_are_left_to_the_full_reader():
    # "Gap of Rohan" style names are rewritten by the full reader: the fast path declines
    multi = next(n for n in NMAP.folded_names if " " in n)
    assert orders._parse_canonical(f"A {multi} H", "GONDOR", NMAP) is None
