"""Playing an SJG action in a test through the one interface, `act(side, action)`
(issue 12): the action names its side, as the rules' own actions and the bots' do."""

from __future__ import annotations

from typing import Any

from warjudge.core.events import Event
from warjudge.hexwar.sjg.game import SjgNecromancerGame


def act_as_its_side(game: SjgNecromancerGame, action: dict[str, Any]) -> list[Event]:
    """`game.act(action["side"], action)`; the events that act produced, read from the
    game's event list before and after (the rules' own record of what happened)."""
    start = len(game.events)
    game.act(action["side"], action)
    return game.events[start:]
