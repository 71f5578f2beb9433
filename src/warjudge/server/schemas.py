"""The shapes of requests: every field bounded, so a request the server cannot use is a
422 naming the field before anything runs."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from warjudge.server.bots import BOTS
from warjudge.server.press import Mode as PressMode

Name = Field(pattern=r"^[A-Za-z0-9_.-]{1,64}$", description="1-64 letters, digits, '_', '.' or '-'")
SeatName = Field(min_length=1, max_length=64)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Credentials(Strict):
    name: str = Name
    password: str = Field(min_length=8, max_length=1024)


class NewGame(Strict):
    game: str = Field(min_length=1, max_length=64, description="a registered game id")
    options: dict[str, Any] = Field(default_factory=dict, description="the game's own options")
    open: bool = Field(True, description="anyone may claim a free seat; if false, only with its invitation")
    phase_seconds: int | None = Field(None, ge=1, le=90 * 24 * 3600,
                                      description="each phase's duration; at its deadline the phase is adjudicated")
    press: PressMode | None = Field(
        None, description="messages between seats; default: full with more than two seats, else none")


class Claim(Strict):
    invitation: str | None = Field(None, max_length=64)


class SeatRequest(Strict):
    seat: str = SeatName


class ActionRequest(Strict):
    seat: str = SeatName
    action: dict[str, Any] = Field(description="one of GET …/legal's actions, or {\"orders\": [text, …]}")


class BotRequest(Strict):
    seat: str = SeatName
    bot: Literal[BOTS] = "random"  # type: ignore[valid-type]
