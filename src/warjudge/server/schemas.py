"""The shapes of requests: every field bounded, so a request the server cannot use is a
422 naming the field before anything runs."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from warjudge.server.bots import RANDOM
from warjudge.server.press import Mode as PressMode

Name = Field(pattern=r"^[A-Za-z0-9_.-]{1,64}$", description="1-64 letters, digits, '_', '.' or '-'")
SeatName = Field(min_length=1, max_length=64)
MAX_SECONDS = 90 * 24 * 3600
Kind = Annotated[str, StringConstraints(min_length=1, max_length=64)]
Seconds = Annotated[int, Field(ge=1, le=MAX_SECONDS)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


Password = Field(min_length=8, max_length=1024)


class Credentials(Strict):
    name: str = Name
    password: str = Password


class PasswordChange(Strict):
    old_password: str = Field(min_length=1, max_length=1024, description="the password now")
    new_password: str = Password


class NewGame(Strict):
    game: str = Field(min_length=1, max_length=64, description="a registered game id")
    options: dict[str, Any] = Field(default_factory=dict, description="the game's own options")
    open: bool = Field(True, description="anyone may claim a free seat; if false, only with its invitation")
    phase_seconds: int | None = Field(None, ge=1, le=MAX_SECONDS,
                                      description="each phase's duration; at its deadline the phase is adjudicated")
    phase_seconds_by_kind: dict[Kind, Seconds] = Field(
        default_factory=dict, max_length=16,
        description="durations of the phases whose decision is of this kind, e.g. Diplomacy's "
                    "{\"retreats\": 3600, \"adjustments\": 3600}")
    deadline_at: str | None = Field(None, pattern=r"^([01][0-9]|2[0-3]):[0-5][0-9]$",
                                    description="HH:MM UTC: each deadline moves on to the first such time "
                                                "(a phase still lasts at least its duration)")
    press: PressMode | None = Field(
        None, description="messages between seats; default: full with more than two seats, else none")
    request_key: str | None = Field(
        None, min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_-]+$",
        description="any new random string per game wanted: the same key sent again (a double click, "
                    "a retry) gets the game it made, never a second game")


class Extension(Strict):
    seconds: int = Field(ge=1, le=MAX_SECONDS, description="how much later the current deadline falls")


class Claim(Strict):
    invitation: str | None = Field(None, max_length=64)


class SeatRequest(Strict):
    seat: str = SeatName


PhaseSent = Field(None, min_length=1, max_length=64,
                  description="the phase this request is for, as the view names it (\"S1902M\"): if that phase "
                              "has ended, the request is refused (409) and changes nothing; omitted, not checked")


class ReadyRequest(SeatRequest):
    ready: bool = Field(True, description="false: no longer ready (the phase waits for this seat again)")
    phase: str | None = PhaseSent


class ActionRequest(Strict):
    seat: str = SeatName
    action: dict[str, Any] = Field(description="one of GET …/legal's actions, or {\"orders\": [text, …]}")
    phase: str | None = PhaseSent


Placements = dict[str, Annotated[list[str], Field(max_length=8)]]


class SetupRequest(Strict):
    seat: str = SeatName
    placements: Placements = Field({}, max_length=200, description="hex -> kinds placed there so far (SJG 9.1)")
    fill: str | None = Field(None, max_length=32, description="place the rest: a formation's id, or \"like\"")
    like: Placements | None = Field(None, max_length=200, description="an earlier set-up, followed by \"like\"")


class BotRequest(Strict):
    seat: str = SeatName
    bot: str = Field(RANDOM, pattern=r"^[A-Za-z0-9_.-]{1,64}$",
                     description="one of the game's bots (GET /api/games/{id}/bots): 'random' plays every game")


class GmAction(Strict):
    action: dict[str, Any] = Field(description="one of the game's games-master actions, e.g. Diplomacy's "
                                               "{\"type\": \"draw\", \"powers\": [...]}")


class RollBack(Strict):
    phase: int = Field(ge=0, le=1_000_000, description="the phase to start again (GET …/phases): 0 is the first")


class Replacement(Strict):
    seat: str = SeatName
    user: str | None = Field(None, pattern=r"^[A-Za-z0-9_.-]{1,64}$",
                             description="the account that takes the seat; null frees it (a new invitation)")
