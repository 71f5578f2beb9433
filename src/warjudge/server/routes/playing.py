"""Playing a seat: taking it (or seating a bot), its legal actions, a preview of one, a
set-up drafted, an action sent, ready."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Query, Response
from pydantic_core import to_json

from warjudge.presentation import choices
from warjudge.server import cache, play
from warjudge.server.access import LangQuery, SeatPath
from warjudge.server.gameread import GameRead
from warjudge.server.routes.deps import GameCaller, OneHop
from warjudge.server.schemas import (Acted, ActionRequest, BotRequest, BotSeated, Claim, Legal, Preview, Ready,
                                     ReadyRequest, SeatLegal, Seated, SetupRequest)

SeatQuery = Query(None, max_length=64, description="whose view: one of your seats, or 'public'")
GroupQuery = Query(None, description="`unit`: the moves grouped by the units that make them, each group the hexes "
                                     "it may reach (`SeatLegalGroups`: no labels, far smaller); omitted: one action per move")

LabelsQuery = Query(False, description="with `group=unit`: the ungrouped actions worded in `lang` (`labels`, the "
                                       "costs' `why`, the phases' and sides' names), as a page shows them")

router = APIRouter(tags=["play"], route_class=OneHop)


def _legal_of(game_id: str, game: Any, seat: str, lang: str, actions: list[dict[str, Any]], view: Any) -> dict[str, Any]:
    """A seat's decision and legal `actions` with what each costly one forfeits, and in a hex
    game their labels, the pieces' names and the costs worded in `lang` (`choices.worded`,
    from the seat's `view`); `afresh`: once it has given orders, its orders as if it had
    given none (`play.afresh`)."""
    costs = play.costs(game, seat, actions)
    return {"seat": seat, "decision": (d.to_json() if (d := game.decision(seat)) else None), "actions": actions,
            "costs": costs,
            **({"afresh": again} if (again := play.afresh(game, seat, actions)) is not None else {}),
            **(choices.worded(game_id, game, actions, costs, view, lang) if view is not None else {})}


def _seat_legal(row: GameRead, game: Any, seat: str, lang: str) -> bytes:
    """One seat's `SeatLegal` as JSON, kept (`cache.ANSWERS`) for the game's version; a
    hex game's labels read the seat's view, kept for that version too (`cache.view`), and
    built only if its words read it (`choices.reads_view`: not for a seat with nothing to do)."""
    def work_out() -> bytes:
        actions = game.legal_actions(seat)
        view = None if not choices.words_actions(row.game) else \
            cache.view(row, game, seat) if choices.reads_view(row.game, actions) else {}
        # built, not validated: the answer is the server's own, and validating an SJG
        # movement listing's thousands of actions cost as much as writing them
        return SeatLegal.model_construct(**_legal_of(row.game, game, seat, lang, actions, view)).model_dump_json(
            exclude_unset=True).encode()

    answer: bytes = cache.ANSWERS.get(row, game, ("legal", seat, lang), work_out)
    return answer


def _seat_groups(row: GameRead, game: Any, seat: str, lang: str | None) -> bytes:
    """One seat's `SeatLegalGroups` as JSON, kept for the game's version like `_seat_legal`:
    the game's `legal_groups`, the costs of its ungrouped actions and of each costly group
    (a suicide's: its units, whatever the hex); with `lang`, its ungrouped actions worded
    as the flat listing words them (`labels`, the costs' `why`, the names: what a page
    shows), else no view and no words."""
    def work_out() -> bytes:
        groups = game.legal_groups(seat)
        actions = groups["actions"]
        group_costs = {f"moves.{i}": found for i, g in enumerate(groups["moves"]) if (found := game.cost(seat, g["action"]))}
        costs = play.costs(game, seat, actions) | group_costs   # the groups' split off below, once worded
        again = play.afresh(game, seat, actions)
        words: dict[str, Any] = {}
        if lang is not None and choices.words_actions(row.game):
            view = cache.view(row, game, seat) if choices.reads_view(row.game, actions or groups["moves"]) else {}
            words = choices.worded(row.game, game, actions, costs, view, lang)
            costs = words.pop("costs")
        moves = [g | {"cost": costs.pop(f"moves.{i}")} if f"moves.{i}" in costs else g
                 for i, g in enumerate(groups["moves"])] if group_costs else groups["moves"]
        return to_json({"seat": seat, "decision": (d.to_json() if (d := game.decision(seat)) else None),
                        "actions": actions, "costs": costs, "moves": moves, "paths": groups["paths"],
                        "drops": groups["drops"], **({"afresh": again} if again is not None else {}), **words})

    answer: bytes = cache.ANSWERS.get(row, game, ("groups", seat, lang), work_out)
    return answer


@router.get("/api/games/{game_id}/legal", response_model=Legal, response_model_exclude_unset=True)
def legal(call: GameCaller, seat: str | None = SeatQuery, lang: str = LangQuery,
          group: Literal["unit"] | None = GroupQuery, labels: bool = LabelsQuery) -> Response:
    """Each held seat's decision and legal actions; in a hex game each action also has
    its `labels` entry, the action worded in `lang` for a person (from the seat's view).
    With `group=unit`, the moves grouped instead (`SeatLegalGroups`), nothing worded
    unless `labels` (then the ungrouped actions, as the flat listing words them).
    Written from each seat's JSON kept since it was worked out (`_seat_legal`, `_seat_groups`)."""
    with call.reading_game() as read:
        user, row = read.caller(), read.row
        game = play.load(row)
        held = play.held_seats(row, user) if seat is None else [play.require_seat(row, user, seat).name]
        answers = (_seat_groups(row, game, s, lang if labels else None) if group else _seat_legal(row, game, s, lang) for s in held)
        return Response(b'{"seats":[' + b",".join(answers) + b"]}", media_type="application/json")


@router.post("/api/games/{game_id}/preview", response_model=Preview)
def preview(body: ActionRequest, call: GameCaller) -> dict[str, Any]:
    """What one of the seat's legal actions faces before its dice (odds, modifiers, the
    table row), from the game's own rules; `preview` is null for an action with no dice
    to show. Changes nothing."""
    with call.reading_game() as read:
        user = read.caller()
        return {"preview": play.preview(read.row, user, body.seat, body.action)}


@router.post("/api/games/{game_id}/setup", response_model=dict[str, Any])
def setup(body: SetupRequest, call: GameCaller) -> dict[str, Any]:
    """A set-up drafted in the seat's page (SJG 9.1, 9.2), checked unit by unit and, with
    `fill`, completed in a named formation or like an earlier set-up: what is placed and
    left, the zone, where each kind left may go, the `deploy` to send once complete.
    Changes nothing."""
    with call.reading_game() as read:
        user = read.caller()
        return play.setup_plan(read.row, user, body.seat, body.placements, body.fill, body.like)


@router.post("/api/games/{game_id}/seats/{seat}", tags=["seats"], response_model=Seated)
def claim_seat(seat: SeatPath, call: GameCaller, body: Claim | None = None) -> dict[str, Any]:
    with call.changing() as change:
        play.claim(change.row, change.user, seat, body.invitation if body else None)
        return {"seat": seat, "user": change.user.name}


@router.post("/api/games/{game_id}/bots", tags=["seats"], response_model=BotSeated)
def seat_bot(body: BotRequest, call: GameCaller) -> dict[str, Any]:
    with call.changing(gm=True) as change:
        budget = play.seat_bot(change.row, body.seat, body.bot, body.budget)
        return {"seat": body.seat, "bot": body.bot, "budget": budget}


@router.post("/api/games/{game_id}/actions", response_model=Acted)
def act(body: ActionRequest, call: GameCaller, lang: str = LangQuery) -> dict[str, Any]:
    with call.moving() as change:
        return {"results": play.submit(change.row, change.user, body.seat, body.action, lang, body.phase),
                "version": change.row.version}


@router.post("/api/games/{game_id}/ready", response_model=Ready)
def ready(body: ReadyRequest, call: GameCaller) -> dict[str, Any]:
    """The seat is ready (or, `"ready": false`, no longer: until the deadline it may change its mind)."""
    with call.moving() as change:
        return {"seat": body.seat, "ready": body.ready,
                "processed": play.mark_ready(change.row, change.user, body.seat, body.ready, body.phase)}
