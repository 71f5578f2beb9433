"""Necromancer order grammar in English and French (EN/FR 2.2.1 v, 3.4 i-ii, 4.2 iii-vi,
6.1, 7.6, 7.8.1 vii, 7.8.2 iv)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warjudge.core.errors import OrderError
from warjudge.diplomacy.variants.necromancer.mapfile import load_necromancer_map
from warjudge.diplomacy.variants.necromancer.orders import (
    Activate, Build, BuildAuxiliary, Disband, DoubleMove, Hold, Lead, Move, Retreat, Step, Support, Waive,
    format_norder, parse_norder,
)

NMAP = load_necromancer_map()


def parse(text, power="GONDOR"):
    return parse_norder(text, power, NMAP)


@pytest.mark.parametrize("text", ["A Los H", "A Los", "A Los Hold", "A Los Tenir", "A (Los) T"])
def test_hold(text):  # EN 2.2.1 v; FR 2.2.1 v "Tenir"
    order = parse(text)
    assert isinstance(order, Hold) and str(order.unit) == "A Los"


def test_moves_and_multiple_unit_formation():  # EN 4.2 iii-v; FR 4.2 iii, iv, vi
    assert parse("A Los - SIt") == Move("GONDOR", parse("A Los").unit, "SIt", None)
    assert parse("A (Los) - 2A (SIt)").dest_size == 2          # EN 4.2 iii: "A (Los) - 2A (SIt)"
    two = parse("2A NIt - SIt")                                 # EN 4.2 v: nU notation
    assert two.unit.count == 2 and two.dest == "SIt" and two.dest_size is None
    assert parse("2A Los - 2A SIt").dest_size == 2              # FR 4.2 vi
    hold_to_form = parse("A Los - 2A Los")                      # EN 4.2 iv: hold to form an MU
    assert isinstance(hold_to_form, Move) and hold_to_form.dest == "Los" and hold_to_form.dest_size == 2
    assert parse("A Los Attaquer SIt").dest == "SIt"            # FR 2.2.1 v "Attaquer"
    assert parse("A Minas Tirith -> Pelargir").dest == "Pel"    # full names


def test_supports():  # EN 2.2.1 v, 4.2 xv
    s = parse("A Pel S A Los - SIt")
    assert isinstance(s, Support) and str(s.target) == "A Los" and s.target_dest == "SIt"
    h = parse("A Pel Soutenir 2A NIt")                          # FR "Soutenir"
    assert isinstance(h, Support) and h.target.count == 2 and h.target_dest is None
    # EN 4.2 xv: a foreign MU's size in a support need not be right, and may be written at the destination
    assert parse("A Pel S A NIt - 3A SIt").target_dest == "SIt"


@pytest.mark.parametrize("text,aux", [("A Pel b F", "F"), ("A Pel B E", "E"), ("A Pel Lever F", "F"),
                                      ("A Pel L E", "E"), ("A Pel I F", "F"), ("A Pel raise fleet", "F")])
def test_build_auxiliary(text, aux):  # EN 3.4 ii ("b"); FR 3.4 i (Lever, "L / I")
    order = parse(text)
    assert isinstance(order, BuildAuxiliary) and order.auxiliary == aux


@pytest.mark.parametrize("text", ["N MMo L A MMo", "N MMo Lead A MMo", "N Mmo C A Mmo",
                                  "N Mmo Commandement A Mmo"])
def test_lead(text):  # EN 7.8.1 vii ("L"); FR 7.8.1 vii (Commandement, "C")
    order = parse(text, "SAURON")
    assert isinstance(order, Lead) and str(order.unit) == "N MMo" and str(order.target) == "A MMo"


@pytest.mark.parametrize("text,first,second", [
    ("C Wol - Edo - Hel", "Edo", "Hel"),
    ("C Wol - Edo, C Edo - Hel", "Edo", "Hel"),
    ("C Wol - Edo then - Hel", "Edo", "Hel"),
    ("C Wol - Edo puis - Wol", "Edo", "Wol"),   # EN 3.2.2 v: the second may reverse the first
    ("C Wol H - Edo", None, "Edo"),
    ("C Wol - Edo H", "Edo", None),
])
def test_double_movement(text, first, second):  # EN 3.2.2 i-iii, v
    order = parse(text, "ROHAN")
    assert isinstance(order, DoubleMove) and order.first == Step(first) and order.second == Step(second)


def test_retreat_disband_and_adjustment_orders():  # EN 2.2.1 v; FR 2.2.1 v; EN 7.8.2 iv
    assert parse("A Los R SIt") == Retreat("GONDOR", parse("A Los").unit, "SIt")
    assert parse("A Los Retraite SIt").dest == "SIt"
    assert isinstance(parse("A Los D"), Disband) and isinstance(parse("Remove A Los"), Disband)
    assert isinstance(parse("Détruire A Los"), Disband)
    assert isinstance(parse("Build A Ere", "DWARVES"), Build)
    built = parse("Construire 2A MTi")
    assert isinstance(built, Build) and built.unit.count == 2
    assert isinstance(parse("Activate A Gre", "SAURON"), Activate)
    spiders = parse("Activer S EMi", "SAURON")
    assert isinstance(spiders, Activate) and spiders.unit.kind == "S"
    assert parse("Waive") == Waive("GONDOR") and parse("Renoncer") == Waive("GONDOR")


def test_letters_mean_different_things_by_position():  # EN 6.1 unit letters vs order words
    assert parse("D Wit - Ere", "SAURON").unit.kind == "D"       # Dragons move
    assert isinstance(parse("D Wit D", "SAURON"), Disband)        # Dragons disband
    assert parse("S EMi S A Mou", "SAURON").unit.kind == "S"      # Spiders support
    assert parse("C Wol - Edo", "ROHAN").unit.kind == "C"         # Cavalry moves


ALL = ["A Los H", "A Los - SIt", "A Los - 2A SIt", "2A/1F Pel - TOL", "A Pel S A Los - SIt", "A Pel S 2A NIt",
       "A/F DAm b E", "N MMo L A MMo", "C Wol - Edo - Hel", "C Wol H - Edo", "A Los R SIt", "A Los D",
       "Build A Ere", "Activate S EMi", "Waive", "W Ise - Fan"]


@pytest.mark.parametrize("text", ALL)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_canonical_text_parses_back(text, lang):  # both languages read what either writes
    order = parse(text)
    assert parse(format_norder(order, lang)) == order


def test_french_report_words():  # FR 2.2.1 v
    assert format_norder(parse("A Pel S A Los"), "fr") == "A Pel Soutenir A Los"
    assert format_norder(parse("N MMo L A MMo", "SAURON"), "fr") == "N MMo Commandement A MMo"
    assert format_norder(parse("A Pel b F"), "fr") == "A Pel Lever F"


@pytest.mark.parametrize("text,why", [
    ("", "empty"), ("A Zzz H", "write the unit"), ("A Los -", "missing"), ("A Los S", "supported unit"),
    ("A Pel b Q", "Auxiliary"), ("A Los - SIt - Pel - Los", "unexpected"), ("A Los frobnicate", "cannot understand"),
    ("Build Los", "write the unit"), ("2W Ise H", "write the unit"), ("A Los - 2A SIt - Pel", "Multiple Unit"),
])
def test_malformed_orders_give_a_reason(text, why):  # Standards: a malformed order gets a clear error
    with pytest.raises(OrderError) as exc:
        parse(text)
    assert why.lower() in exc.value.reason.lower()


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_garbage_never_raises_anything_but_order_error(text):  # Standards: never a traceback
    try:
        parse(text)
    except OrderError:
        pass


def test_names_of_several_words_are_read_next_to_any_punctuation():  # issue 12: the parser's fast paths
    from warjudge.diplomacy.variants.necromancer.mapfile import load_necromancer_map
    from warjudge.diplomacy.variants.necromancer.orders import format_norder, parse_norder

    nmap = load_necromancer_map()
    for text, canonical in (("A (Minas Tirith) H", "A MTi H"), ("A Pel S A Minas-Tirith", "A Pel S A MTi"),
                            ("A Pel -> minas tirith", "A Pel - MTi"), ("A Pel → Minas Tirith", "A Pel - MTi"),
                            ("2A/1F Pel-3A Lam", "2A/1F Pel - 3A Lam"), ("C Wol - Edo, - Wes", "C Wol - Edo - Wes")):
        assert format_norder(parse_norder(text, "GONDOR", nmap)) == canonical, text
