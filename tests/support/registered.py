"""What the tests that run over every registered game share: the options that make each
game end soon under random play, and the one reason a game may be skipped."""

from __future__ import annotations

from typing import Any

from warjudge.core import games

# Diplomacy games end after `max_year`'s adjustments, the hex games after `max_turns`. A
# game missing here is played with its defaults.
ENDING_OPTIONS: dict[str, dict[str, Any]] = {
    "diplomacy": {"max_year": 1902},
    "necromancer-diplomacy": {"max_year": 2780},
    "necromancer-sjg": {"max_turns": 2},
    "gondor": {"max_turns": 2},   # whole battles: tests/hexwar/gondor_sauron/test_bot_games_property.py
    "sauron": {"max_turns": 2},
    "toy-bids": {"rounds": 4},
}
PROTOCOL = ("new", "from_record", "players", "to_act", "decision", "legal_actions", "act", "view",
            "is_over", "outcome", "clone")


def protocol_gap(game_id: str) -> str | None:
    """Why a registered game cannot be driven yet (its class is still being moved onto
    the interface), or None. The only reason any test over every game skips one."""
    try:
        cls = games.info(game_id).game_class()
    except (ImportError, AttributeError) as exc:
        return f"its class cannot be imported ({exc})"
    missing = [name for name in PROTOCOL if not hasattr(cls, name)]
    return f"it lacks {', '.join(missing)}" if missing else None


def skip_unless_on_the_interface(game_id: str) -> None:
    import pytest

    gap = protocol_gap(game_id)
    if gap:
        pytest.skip(f"{game_id} does not implement the Game protocol yet: {gap}")


def ids_with_the_toy() -> list[str]:
    """Every registered game id, and the toy game's (registered by the `toy_registered`
    fixture), for parametrising tests over every game."""
    from tests.support.toygame import INFO

    return list(dict.fromkeys([*games.ids(), INFO.id]))
