"""Every choice of a hex game worded for a person (issue 24 finding 9): over the legal
actions of positions reached by play, each label says what happens in English and in
French, with the counters as the board shows them and no internal ids or JSON."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any, Iterator

import pytest

from warjudge.core import games
from warjudge.presentation.choices import labels

KEYS = re.compile(r"\b(type|side|units|path|targets|indirect|boulder|placements|displace|carry|over_cliff|multiple|"
                  r"piece|leader|spell|hexside|engine|cauldron|displace_to|then_to|moves|items|None|null)\b")


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k != "type":
                yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _positions(game_id: str, seed: int, steps: int) -> Iterator[tuple[Any, str, list[dict[str, Any]]]]:
    """Positions of a random game with their seat and its legal actions: each kind of
    decision's first few, and any with an action of a type not yet seen."""
    game, rng, seen, types = games.new(game_id, seed=seed), random.Random(seed), Counter[str](), set[str]()
    for _ in range(steps):
        if game.is_over or not game.to_act():
            return
        seat = rng.choice(game.to_act())
        actions = game.legal_actions(seat)
        decision = game.decision(seat)
        seen[decision.kind if decision else ""] += 1
        if seen[decision.kind if decision else ""] <= 3 or {a["type"] for a in actions} - types:
            types |= {a["type"] for a in actions}
            yield game, seat, actions
        legal = [a for a in actions if a["type"] != "undo"] or actions
        game.act(seat, rng.choice(legal))


@pytest.mark.parametrize("game_id, steps, wanted", [
    ("necromancer-sjg", 200, {"place", "undo", "move", "end", "attack", "convert"}),
    ("gondor", 300, {"move", "cast", "end", "next", "fire", "attack", "evade", "stand"}),
    ("sauron", 150, {"move", "cast", "end", "next", "form", "fire", "attack"})])
def test_every_legal_action_gets_a_label_in_words_in_both_languages(game_id, steps, wanted):
    seen: set[str] = set()
    for game, seat, actions in _positions(game_id, 3, steps):
        view = game.view(seat)
        for lang in ("en", "fr"):
            said = labels(game_id, game, actions, view, lang)
            assert said is not None and len(said) == len(actions)
            _same_words_same_deed(actions, said, view)
            for action, text in zip(actions, said):
                seen.add(action["type"])
                assert text and text != action["type"] and text[0].isupper(), (action, text)
                assert not KEYS.search(text) and not set("{}[]\"·_") & set(text), (action, text)
                # an id of a piece, a spell or a unit kind is never shown raw (only hexes are numbers)
                assert not [s for s in _strings(action) if _an_id(s, game_id) and s in text], (action, text)
                assert not re.search(r"\b[A-Z]?\d{1,3}\b(?! ?(×|zombies|skeletons|wraiths|hexes|hexagones|"
                                     r"squelettes|spectres|units|unités)|\)|-)", _without_known_numbers(text, view)), \
                    (action, text)
    assert wanted <= seen


def _same_words_same_deed(actions: list[dict[str, Any]], said: list[str], view: dict[str, Any]) -> None:
    """Two choices worded alike differ at most by which of several like units in one hex acts
    (the page shows one button per wording): three wraiths attacking one hex from three hexes
    are three choices, named by where they stand."""
    stands = {u["id"]: (u["kind"], u.get("hex")) for u in view.get("units", []) if "id" in u}

    def deed(value: Any) -> Any:
        if isinstance(value, dict):
            return tuple(sorted((k, deed(stands.get(int(k)) if k.isdigit() else k), deed(v)) for k, v in value.items()))
        if isinstance(value, list):
            return tuple(sorted(map(repr, (deed(v) for v in value))))
        return stands.get(value, value) if isinstance(value, int) else value

    first: dict[str, Any] = {}
    for action, text in zip(actions, said):
        if action["type"] != "move" or len(action.get("path", ())) < 2:   # moves are drawn on the map
            assert first.setdefault(text, deed(action)) == deed(action), (text, action)


def _an_id(value: str, game_id: str) -> bool:
    """A piece's, a spell's or an item's id ('gondor-knights-10', 'gandalf', 'extra_jewel:…');
    SJG's other strings are hexes and plain kinds ('skeleton'), which a label may use."""
    return not value.isdigit() and (game_id != "necromancer-sjg" or bool(set(value) & set("-_:")))


def _without_known_numbers(text: str, view: dict[str, Any]) -> str:
    """The label without what a reader sees printed: hexes (four digits), a counter's number
    and code ('Knights 10 (CB3X)'), a rule ('SJG 6.7'), a Miasma point ('1-2')."""
    text = re.sub(r"\b\d{4}\b", "", text)
    text = re.sub(r"[A-Za-zé]+ \d+ \([A-Za-z0-9]+\)", "", text)
    text = re.sub(r"[A-Za-zé]+ \d+\b", "", text) if view.get("game") in ("gondor", "sauron") else text
    return re.sub(r"SJG \d+\.\d+|\d-\d", "", text)


def test_a_retreat_names_what_is_lost_by_kind_and_a_skull_hex_by_its_name():
    # SJG 6.52: a retreat may lose units; the counters show kinds (2Z1W), never the ids
    game = games.new("necromancer-sjg", seed=1)
    view = {"units": [{"id": 89, "kind": "zombie"}, {"id": 91, "kind": "wraith"}, {"id": 92, "kind": "zombie"}]}
    action = {"type": "retreat", "side": "red", "lose": [89, 92], "to": "2109"}
    assert labels("necromancer-sjg", game, [action], view, "en") == ["Lose 2 zombies and retreat to 2109 (Red's skull)"]
    assert labels("necromancer-sjg", game, [action], view, "fr") == ["Perdre 2 zombies et retraiter en 2109 "
                                                                     "(crâne de Rouge)"]
    # 9.1: the set-up committed in one click reads as what it places, not as its JSON
    deploy = {"type": "deploy", "side": "red", "placements": {"2109": ["zombie", "wraith"], "2110": ["zombie"]}}
    assert labels("necromancer-sjg", game, [deploy], view, "en") == ["Commit the set-up: a wraith and 2 zombies in 2 hexes"]


def test_a_gondor_sauron_choice_names_the_counters_as_printed():
    game = games.new("gondor", seed=1)
    view = game.view("westernesse")
    fire = {"type": "fire", "unit": "gondor-archers-6", "target": "mordor-orc-spearmen-4"}
    cast = {"type": "cast", "leader": "gandalf", "spell": "reveal-aragorn"}
    assert labels("gondor", game, [fire, cast], view, "en") == [
        "Gondor Archers 6 (IEe3X) fires on Mordor Orc Spearmen 4 (IE1Z)", "Gandalf casts Reveal Aragorn"]
    assert labels("gondor", game, [fire, cast], view, "fr") == [
        "Archers du Gondor 6 (IEe3X) tire sur Lanciers orques du Mordor 4 (IE1Z)",
        "Gandalf lance le sort « Révéler Aragorn »"]


def test_diplomacy_words_its_own_orders():
    game = games.new("diplomacy", seed=1)
    assert labels("diplomacy", game, [], {}, "en") is None


def test_a_cost_confirmation_is_worded_in_french_from_the_cost_facts():
    # issue 24 "no move whose cost is hidden": the confirmation says what happens in the
    # page's language; SJG 6.7 (over the edge), 6.52 (losses beyond the result), 4.1 (moves
    # given up); the games word `why` in English only
    from tests.hexwar.sjg.sjg_helpers import act, two
    from tests.hexwar.sjg.test_sjg_combat import dr_game, ids
    from tests.hexwar.sjg.test_sjg_costs import deployed
    from warjudge.presentation.choices import worded

    def french(game, side, action):
        costs = {"0": game.cost(side, action)}
        said = worded("necromancer-sjg", game, [action], costs, game.view(side), "fr")
        assert worded("necromancer-sjg", game, [action], costs, game.view(side), "en")["costs"] == costs
        return [c["why"] for c in said["costs"]["0"]]

    game = deployed()
    suicide = next(a for a in game.legal_actions("red") if a.get("suicide"))
    (said,) = french(game, "red", suicide)
    assert said.endswith(f"par-dessus le bord de la falaise en {suicide['path'][-1]} : perte totale (SJG 6.7)")
    assert re.match(r"^(le Nécromancien|un |une |\d+ )", said) and not re.search(r"\b\d{2,}\b.*par-dessus", said)
    n = len(game.cost("red", {"type": "end", "side": "red"})[0]["units"])
    assert french(game, "red", {"type": "end", "side": "red"}) == [
        f"{n} unités pourraient encore bouger : finir la phase les laisse où elles sont ce tour-ci (SJG 4.1)"]
    game, u = dr_game(two(3), e=("zombie", "black", "1110"), f=("wraith", "black", "1110"))
    act(game, "attack", targets=["1110"], direct=ids(u, "z"))
    assert french(game, "black", {"type": "retreat", "side": "black", "to": "1210", "lose": ids(u, "e")}) == [
        "élimination d'un zombie : le résultat ne prend aucune unité, ce choix en perd 1 de plus (SJG 6.52)"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_movement_listing_words_each_group_and_path_once(lang, monkeypatch):
    # issue 22: an SJG movement phase lists thousands of moves (each group of a stack to each
    # hex it reaches, SJG 4.1) of a few dozen groups over the same paths; the labels said
    # each group again for every move, most of a listing's cost. Each is said once per
    # listing, and the labels are those of each action worded alone.
    from tests.hexwar.sjg.test_sjg_costs import deployed
    from warjudge.presentation.sjg import choice_facts

    game = deployed()
    actions, view = game.legal_actions("red"), game.view("red")
    alone = [labels("necromancer-sjg", game, [a], view, lang)[0] for a in actions[:: len(actions) // 50]]
    counted = Counter[str]()
    kinds = choice_facts.kinds

    def counting_kinds(*args: Any) -> Any:
        counted["groups"] += 1
        return kinds(*args)

    monkeypatch.setattr(choice_facts, "kinds", counting_kinds)
    said = labels("necromancer-sjg", game, actions, view, lang)
    assert said[:: len(actions) // 50] == alone
    groups = {tuple(a["units"]) for a in actions if a["type"] == "move"}
    assert len(actions) > 10 * len(groups) and counted["groups"] == len(groups)


def test_a_path_is_worded_for_the_map_and_language_it_is_on():
    # issue 22: a path's words are kept from one listing to the next, by map and language;
    # the same hexes on a map that names another point there read otherwise
    from warjudge.presentation.sjg import choice_facts, wording_en, wording_fr

    def path(places: dict[str, str], table: Any) -> str:
        return choice_facts.speakers({}, places, table.POINT_WORDS, table.FROM, table._units, table._and).path(
            ["2109", "2110"])

    assert path({"2109": "start:red"}, wording_en) == "2109 (Red's skull) → 2110"
    assert path({"2110": "start:black"}, wording_en) == "2109 → 2110 (Black's skull)"
    assert path({"2109": "start:red"}, wording_fr) == "2109 (crâne de Rouge) → 2110"
    assert path({"2109": "start:red"}, wording_en) == "2109 (Red's skull) → 2110"
