"""The server's own refusals in English (issue 24): code ("api.…", raised as an `ApiError`
in server/) -> template. The answer's `error` is this wording; pages word the same code in
their language (wording_fr.py), so no page matches English text."""

from __future__ import annotations

from typing import Any

from warjudge.core.events import Event, worded
from warjudge.presentation.phase_words import phase_words

CHANGES = {"take_seat": "taking a seat", "seat_bot": "seating a bot", "replace_holder": "replacing a seat's holder"}
TOO_MANY = {"sign_ins": "failed sign-ins from this address or for this name", "accounts": "new accounts from this address",
            "streams": "live-update streams"}
TEMPLATES = {
    "api.wrong_sign_in": "wrong name or password",
    "api.old_password_wrong": "the old password is wrong; the password is unchanged",
    "api.no_token": "you have no token {token}",
    "api.sign_in_bearer": "sign in first: send 'Authorization: Bearer <token>' (POST /api/tokens gives one)",
    "api.sign_in": "sign in first",
    "api.sign_in_mine": "mine=true: sign in (a bearer token) to list your own games",
    "api.token_invalid": "this token is not valid; get a new one from POST /api/tokens",
    "api.token_expired": "this token has expired; get a new one from POST /api/tokens (or sign in again)",
    "api.csrf": "this request needs the page's CSRF token (header {header}); reload the page",
    "api.form_expired": "this form has expired or came from another site: it was not sent; try again",
    "api.name_taken": "the name {name!r} is taken; choose another",
    "api.no_account": "there is no account {name!r}",
    "api.too_many": "too many {what}; try again in {seconds} seconds",
    "api.control_character": "the address (path or query) holds a control character such as NUL; no game, seat or "
                             "page is named so",
    "api.body_too_large": "the request body is larger than {kib} KiB",
    "api.invalid": "the request is not valid: {problems}",
    "api.http": "{detail}",
    "api.busy": "the server is busy ({detail}); nothing was changed: try again",
    "api.internal": "internal error; the server's log has the details",
    "api.db_unavailable": "the database is unavailable for now; nothing was changed: try again",
    "api.db_lost": "the database was lost while saving: the change may or may not have been saved; look before "
                   "trying again",
    "api.streams_full": "the server holds {total} live-update streams, its most: try again later",
    "api.streams_per_client": "you hold {most} live-update streams open, the most one client may: close one first",
    "api.lang": "lang: one of {choices}",
    "api.no_game": "there is no game {game!r}",
    "api.no_seat": "game {game} has no seat {seat!r}; its seats are: {seats}",
    "api.not_your_seat": "you do not hold the seat {seat!r} of game {game}",
    "api.several_seats": "you hold several seats ({seats}); say which with ?seat=",
    "api.gm_only": "only the games master of game {game} may do this",
    "api.seat_taken": "the seat {seat!r} of game {game} is taken",
    "api.needs_invitation": "the seat {seat!r} needs its invitation from the games master",
    "api.no_bot": "bot: {kind} has no bot {bot!r}; its bots are: {bots}",
    "api.no_budget": "budget: the bot {bot!r} of {kind} has no think budget {budget!r}; its budgets are: {budgets}",
    "api.takes_no_budget": "budget: the bot {bot!r} of {kind} takes no think budget, not {budget!r} "
                           "(only a search bot thinks to a budget)",
    "api.game_over": "game {game} is over",
    "api.over_no_change": "game {game} is over: {change} would change nothing in it; its seats stay as they ended",
    "api.not_loadable": "game {game} cannot be loaded: {detail}",
    "api.not_replayable": "game {game} cannot be replayed: {detail}",
    "api.not_replayable_bug": "game {game} cannot be replayed ({kind}: {detail})",
    "api.unsplittable": "the {kind} game replays its record without `act`, so its phases cannot be told apart: its "
                        "history cannot be shown",
    "api.being_prepared": "game {game} is being prepared after an upgrade or a restart: try again in a few seconds",
    "api.phases_changed": "the stored phases of game {game} changed meanwhile: try again",
    "api.history_catching_up": "the history of game {game} is being brought up to date ({phases} phases so far): "
                               "try again",
    "api.no_phase_yet": "game {game} has {phases} phases so far (0 to {last})",
    "api.no_board": "no board picture for {kind} games; play from the legal actions",
    "api.no_png": "{kind} games draw their board as SVG only: GET board.svg",
    "api.no_log": "{kind} games have no log of results: their views report each phase",
    "api.no_record_yet": "game {game} is not over: its record holds the dice seed and every secret, which stay on "
                         "the server until it ends (meanwhile GET /api/games/{game}/history is what you may see)",
    "api.seed_option": "options: the server chooses the dice seed; 'seed' is not an option here",
    "api.served_options": "options: {options} is set by the server (orders stay drafts until every seat is ready or "
                          "the deadline)",
    "api.bad_options": "{detail}",
    "api.unreadable_action": "the game cannot read this action: {action}",
    "api.orders_list": "orders: a list of order texts, such as \"A Par - Bur\"",
    "api.orders_batch": "a batch of orders is {{\"orders\": [text, …]}} with, if wanted, \"replace\": true",
    "api.not_legal_now": "that is not one of this seat's legal actions now (see GET …/legal)",
    "api.no_earlier_setup": "you have no earlier set-up as {seat} to follow. Nothing was changed",
    "api.setup_refused": "{reason}. Nothing was changed",
    "api.no_setup": "a {kind} game has no set-up to draft",
    "api.phase_none": "phase: this game's views name no phase; send the request without one",
    "api.phase_ended": "the phase {sent} has ended; you are now in {now}. Nothing was changed: look at {now} and "
                       "act again",
    "api.refused": "{reason}",
    "api.clock_not_waiting": "game {game}'s clock is not waiting for its seats",
    "api.paused_already": "game {game} is paused already",
    "api.no_deadline_to_pause": "game {game} has no deadline to pause",
    "api.no_deadline_yet": "game {game} has no deadline yet: its clock starts when every seat is taken",
    "api.no_deadline_to_extend": "game {game} has no deadline to extend",
    "api.not_paused": "game {game} is not paused",
    "api.nothing_to_adjudicate": "game {game} has nothing to adjudicate now",
    "api.no_such_phase": "game {game} has phases 0 to {last}; there is no phase {phase}",
    "api.nothing_to_roll_back": "nothing to roll back: phase {phase} of game {game} has no action yet",
    "api.rollback_too_long": "game {game} is {actions} actions long before phase {phase}: a roll back replays at "
                             "most {most} actions in a request, so it may go back to phases 0 to {reachable} only",
    "api.rollback_failed": "game {game} cannot be rolled back to phase {phase}: {detail}",
    "api.rollback_raced": "game {game} changed while its roll back was worked out: look at its phases again and retry",
    "api.press_no_message": "upto: seat {seat} has no message numbered {upto}",
    "api.press_not_your_thread": "thread: name a thread of yours: {seat} must be one of its participants",
    "api.press_none": "game {game} is played without press: no messages may be sent",
    "api.press_public_only": "game {game} has public press only: send to \"all\"",
    "api.press_no_seat": "to: game {game} has no seat {seat!r}; its seats are: {seats}",
    "api.press_nobody": "to: name at least one seat other than your own, or \"all\"",
}


def fill(event: Event, templates: dict[str, str], lookups: dict[str, dict[str, str]], lang: str,
         names: dict[str, str] | None = None) -> str:
    """`event` through `templates` in `lang`: a game's own reason (a `why`) worded by its
    family's table (its seats as `names` names them), a phase by phase_words, a parameter
    named in `lookups` by that table."""
    values: dict[str, Any] = {}
    for key, value in event.params.items():
        if key in lookups:
            value = lookups[key].get(value, value)
        elif key in ("sent", "now"):
            value = phase_words(value, lang)
        values[key] = value
    why = event.params.get("why")
    if isinstance(why, dict):
        values["reason"] = worded(Event.from_json(why), lang, names)
    template = templates.get(event.code) or TEMPLATES.get(event.code)
    return template.format(**values) if template else event.code


def english(event: Event) -> str:
    return fill(event, TEMPLATES, {"change": CHANGES, "what": TOO_MANY}, "en")
