"""Issue 24: pages name seats as players of each language do (presentation/seat_names.py)."""

from __future__ import annotations

from warjudge.core import games
from warjudge.presentation.seat_names import every_language, seat_names


def test_the_standard_powers_are_named_in_french_and_keep_their_ids_in_english():
    game = games.new("diplomacy", seed=1)
    french = seat_names("diplomacy", "fr")
    assert set(french) == set(game.players)
    assert [french[p] for p in ("ENGLAND", "FRANCE", "GERMANY", "AUSTRIA", "ITALY", "RUSSIA", "TURKEY")] == \
        ["Angleterre", "France", "Allemagne", "Autriche", "Italie", "Russie", "Turquie"]
    assert seat_names("diplomacy", "en") == {}


def test_the_variant_s_powers_are_named_as_its_map_names_them_in_french():
    game = games.new("necromancer-diplomacy", seed=1)
    names = every_language("necromancer-diplomacy", {lang: game.seat_names(lang) for lang in ("en", "fr")})
    assert names["fr"]["DWARVES"] == "Nains" and names["fr"]["ELVES"] == "Elfes" and names["fr"]["HARAD"] == "Haradrim"
    assert names["en"] == {}   # English pages print the ids, as before


def test_the_hex_games_sides_are_named_as_their_wording_tables_name_them():
    assert seat_names("necromancer-sjg", "fr") == {"red": "Rouge", "black": "Noir"}
    assert seat_names("gondor", "fr")["westernesse"] == "Occidentale"
