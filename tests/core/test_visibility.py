"""The generic visibility filter (core.visibility): one copy per viewer without the
objects the full view marks hidden from that viewer, wherever they sit."""

from __future__ import annotations

import copy

from warjudge.core.visibility import HIDDEN_FROM, hidden_objects, redacted, redacted_for_all

FULL = {
    "turn": 3, "name": "x", "none": None,
    "units": [{"id": 1, "hex": "0101"}, {"id": 2, "hex": "0102", HIDDEN_FROM: ["black"]}],
    "secret": {"seed": 7, HIDDEN_FROM: ["red", "black"]},
    "events": [{"code": "a", "params": {"unit": {"id": 2, HIDDEN_FROM: ["black"]}, "hexes": ["0101", "0102"]}},
               [{"deep": True, HIDDEN_FROM: ["red"]}, 5]],
}


def test_each_viewer_loses_exactly_what_is_hidden_from_it_at_any_depth():
    black = redacted(FULL, "black")
    assert black == {"turn": 3, "name": "x", "none": None, "units": [{"id": 1, "hex": "0101"}],
                     "events": [{"code": "a", "params": {"hexes": ["0101", "0102"]}},
                                [{"deep": True, HIDDEN_FROM: ["red"]}, 5]]}
    red = redacted(FULL, "red")
    assert "secret" not in red and red["units"] == FULL["units"] and red["events"][1] == [5]
    assert not list(hidden_objects(black, "black")) and not list(hidden_objects(red, "red"))


def test_the_full_view_is_left_as_it_was_and_the_games_master_sees_it_all():
    before = copy.deepcopy(FULL)
    black = redacted(FULL, "black")
    black["events"][0]["params"]["hexes"].append("9999")
    assert FULL == before and redacted(FULL, None) is FULL


def test_what_all_viewers_may_see_is_each_redaction_in_turn_in_one_walk():
    both = redacted_for_all(FULL, ["red", "black"])
    assert both == redacted(redacted(FULL, "red"), "black")
    assert both == {"turn": 3, "name": "x", "none": None, "units": [{"id": 1, "hex": "0101"}],
                    "events": [{"code": "a", "params": {"hexes": ["0101", "0102"]}}, [5]]}
    assert redacted_for_all(FULL, ["white"]) == FULL and redacted_for_all(FULL, []) == FULL
