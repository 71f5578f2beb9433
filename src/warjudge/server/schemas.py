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
    budget: str | None = Field(None, max_length=32,
                               description="a search bot's think budget, one of its `budgets` (GET /api/games/{id}/bots):"
                                           " quick, normal or long, a factor on the rounds it searches, never a clock;"
                                           " null: normal (a bot that does not search takes none)")


class GmAction(Strict):
    action: dict[str, Any] = Field(description="one of the game's games-master actions, e.g. Diplomacy's "
                                               "{\"type\": \"draw\", \"powers\": [...]}")


class RollBack(Strict):
    phase: int = Field(ge=0, le=1_000_000, description="the phase to start again (GET …/phases): 0 is the first")


class Replacement(Strict):
    seat: str = SeatName
    user: str | None = Field(None, pattern=r"^[A-Za-z0-9_.-]{1,64}$",
                             description="the account that takes the seat; null frees it (a new invitation)")


# The shapes of answers: every JSON route declares one (`response_model`), so the OpenAPI
# document says what each answers and schemathesis checks that it does. A game's view and
# its actions are the game's own (free-form objects); a key a route only sometimes sends is
# optional here and left out when unset (`response_model_exclude_unset`).

Json = dict[str, Any]


class Refused(BaseModel):
    error: str = Field(description="what went wrong, for a person")


class Invalid(Refused):
    problems: list[str] | None = Field(None, description="each field that is not valid, and why")


# every route's errors (errors.py): `{"error": …}`, a request that is not valid with its problems
ERRORS: dict[int | str, dict[str, Any]] = {422: {"model": Invalid, "description": "the request is not valid"},
                                           "4XX": {"model": Refused}, "5XX": {"model": Refused}}


class GameOffered(BaseModel):
    id: str
    title: str
    bots: list[str]
    bot_levels: dict[str, str] = Field(description="each bot's strength: easy, standard or strong")
    bot_budgets: dict[str, list[str]] = Field(description="each bot's think budgets (POST /api/games/{id}/bots' "
                                                          "`budget`): none for a bot that does not search")
    options: list[Json] = Field(description="name, kind, help, default, choices, range")


class SeatInvitation(BaseModel):
    seat: str
    invitation: str | None


class Created(BaseModel):
    id: str
    game: str
    seats: list[SeatInvitation]


class Yours(BaseModel):
    gm: bool = Field(description="the caller is the game's games master")
    seats: list[str] = Field(description="the seats the caller holds")


class SeatTaken(BaseModel):
    seat: str
    taken: bool


class GameListed(BaseModel):
    id: str
    game: str
    open: bool
    you: Yours
    seats: list[SeatTaken]


class SeatShown(BaseModel):
    seat: str
    user: str | None
    bot: str | None
    bot_budget: str | None = Field(None, description="a search bot's think budget (left out for any other seat)")
    ready: bool
    invitation: str | None = Field(None, description="the games master's only, for a free seat")


class GameShown(BaseModel):
    id: str
    game: str
    title: str
    open: bool
    version: int
    seats: list[SeatShown]
    to_act: list[str]
    waiting: list[str]
    is_over: bool
    outcome: Json | None
    phase_seconds: int | None
    deadline: float | None
    clock_waits_for_seats: bool
    phase_rules: Json | None
    paused: bool
    paused_remaining: float | None
    last_nmr: list[str]
    seed_commitments: list[str]
    you: Yours
    view_of: str = Field(description="whose view this is: a seat, 'gm' or 'public'")
    view: Json = Field(description="the game's own view for that role")


class SeatLegal(BaseModel):
    seat: str
    decision: Json | None
    actions: list[Json]
    costs: dict[str, list[Json]] = Field(description="what each costly action forfeits, by its index")
    afresh: list[Json] | None = Field(None, description="once the seat has given orders: its orders as if it had given none")
    labels: list[str] | None = Field(None, description="a hex game's: each action worded for a person")
    pieces: dict[str, str] | None = Field(None, description="Gondor & Sauron: the pieces the seat sees by their printed names")
    phases: dict[str, str] | None = Field(None, description="a hex game's: the phases by their titles, by code")
    sides: dict[str, str] | None = Field(None, description="a hex game's: the sides by their names")


class MoveGroup(BaseModel):
    action: Json = Field(description="the move without its `path`: the units that make it")
    from_: str = Field(alias="from", description="the hex they stand in")
    to: list[str] = Field(description="each hex they may move to; its path is `paths[from][to]`, or for a "
                                      "suicide (`action` marked `suicide`, SJG 6.7) `drops[from][to]`")
    cost: list[Json] | None = Field(None, description="what each of its moves forfeits, whatever the hex (a suicide: "
                                                      "its units); absent: nothing")


class SeatLegalGroups(BaseModel):
    seat: str
    decision: Json | None
    actions: list[Json] = Field(description="every legal action not in `moves`, as the flat listing spells it")
    costs: dict[str, list[Json]] = Field(description="what each costly action of `actions` forfeits, by its index "
                                                     "(a costly group says so in its `cost`)")
    moves: list[MoveGroup] = Field(description="the moves grouped by the units that make them")
    paths: dict[str, dict[str, list[str]]] = Field(description="from a hex, to a hex: the path of its moves")
    drops: dict[str, dict[str, list[str]]] = Field(description="from a hex, to a hex below a cliff edge: the path of "
                                                               "its suicides (SJG 6.7)")
    afresh: list[Json] | None = Field(None, description="once the seat has given orders: its orders as if it had given none")
    labels: list[str] | None = Field(None, description="with `labels`: each of `actions` worded for a person")
    pieces: dict[str, str] | None = Field(None, description="with `labels`, Gondor & Sauron: the pieces by their printed names")
    phases: dict[str, str] | None = Field(None, description="with `labels`: the phases by their titles, by code")
    sides: dict[str, str] | None = Field(None, description="with `labels`: the sides by their names")


class Legal(BaseModel):
    seats: list[SeatLegal | SeatLegalGroups] = Field(description="`SeatLegal`; with `group=unit`, `SeatLegalGroups`")


class Preview(BaseModel):
    preview: Json | None = Field(description="null: the action has no dice to show")


class Seated(BaseModel):
    seat: str
    user: str | None


class BotSeated(BaseModel):
    seat: str
    bot: str
    budget: str | None = Field(description="the think budget the seat keeps (null: the bot takes none)")


class BotsOffered(BaseModel):
    bots: list[str]
    budgets: dict[str, list[str]] = Field(description="each bot's think budgets: none for a bot that does not search")


class Acted(BaseModel):
    results: list[Json]
    version: int


class Ready(BaseModel):
    seat: str
    ready: bool
    processed: bool = Field(description="the phase was adjudicated: every seat was ready")


class Checked(BaseModel):
    results: list[Json] = Field(description="each order line: `accepted`, or refused with its reason")


class Processed(BaseModel):
    processed: bool
    version: int


class Clock(BaseModel):
    deadline: float | None
    paused: bool
    paused_remaining: float | None
    clock_waits_for_seats: bool


class GmDone(BaseModel):
    accepted: bool
    version: int
    refused: list[Json] = Field(description="an `orders` action's lines left out as void, each with the reason "
                                            "(in `lang`, its code and parameters) the power's order box gives")


class PhaseStart(BaseModel):
    phase: int
    actions_before: int
    name: str | None
    turn: int | None = Field(description="a hex game's Game-Turn (null: a game without turns)")
    code: str | None = Field(description="a hex game's phase letter or name in that turn")
    acting: list[str] = Field(description="a hex game's seats acting as the phase began: a turn hands "
                                          "one phase title from one side to the other")


class PhaseStarts(BaseModel):
    phases: list[PhaseStart]


class RolledBack(BaseModel):
    phase: int
    version: int


class SignedUp(BaseModel):
    name: str


class NewToken(BaseModel):
    token: str = Field(description="shown this once: send it as 'Authorization: Bearer <token>'")
    expires_at: float = Field(description="Unix seconds")


class TokenListed(BaseModel):
    id: int
    prefix: str | None = Field(description="its first characters, never the secret (null: a token made before they were kept)")
    kind: str
    created_at: float
    last_used_at: float | None
    expires_at: float
    current: bool = Field(description="the token asking")


class Tokens(BaseModel):
    tokens: list[TokenListed]


class Revoked(BaseModel):
    revoked: int = Field(description="how many tokens and browser sessions were revoked")
