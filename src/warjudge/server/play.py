"""Playing a stored game: load it from its record, check who may do what, apply a
submission, store the new record (and whether the bots must answer: they do in the
background, `botturns.py`). Routes call these inside one
transaction holding the game's lock, so a submission is applied whole or not at all."""

from __future__ import annotations

import json
import logging
import secrets
import time
from dataclasses import dataclass
from typing import Any, overload

from sqlalchemy import select
from sqlalchemy.orm import Session

from warjudge.core import games
from warjudge.core.errors import RecordError, WarjudgeError
from warjudge.core.events import LANGUAGES, refusal_json
from warjudge.core.game import GM, Game
from warjudge.core.record import GameRecord
from warjudge.presentation.seat_names import seat_names as presentation_seat_names
from warjudge.server import cache, lastsetup, notify, passes, phases
from warjudge.server.bots import names as bot_names
from warjudge.server.bots import checked_budget, movers, new_bot_seed
from warjudge.server.deadlines import PhaseRules, next_deadline, phase_kind
from warjudge.server.errors import ApiError
from warjudge.server.gameread import GameRead, SeatRead
from warjudge.server.gamewrite import GameWrite, SeatWrite, session_of
from warjudge.server.models import GameRow, RolledBack, Seat, User
from warjudge.server.views import GM_ROLE, PUBLIC_ROLE

Changed = GameRow | GameWrite   # a game's row locked for a change: ORM, or Core (a player's action or Ready)
Stored = Changed | GameRead   # or as a read read it (Core)

log = logging.getLogger("warjudge.server")


def create(session: Session, user: User, game_id: str, options: dict[str, Any], open_seats: bool,
           rules: PhaseRules = PhaseRules()) -> GameRow:
    if "seed" in options:   # a player who chose the seed would know every roll to come
        raise ApiError(422, "api.seed_option")
    try:
        info = games.info(game_id)
        served = served_options(info.id)
        if set(served) & set(options):
            raise ApiError(422, "api.served_options", options=", ".join(sorted(set(served) & set(options))))
        game = games.new(info.id, **options, **served)   # every option by name (games.check_options), then the game's checks
    except WarjudgeError as exc:
        raise ApiError(422, "api.bad_options", detail=str(exc)) from None
    row = GameRow(id=secrets.token_urlsafe(9), game=info.id, record=game.record.to_json(compact=True), creator_id=user.id,
                  open_seats=open_seats, version=0, phase_seconds=rules.seconds,
                  phase_rules=rules.to_json() if rules.timed else None,
                  deadline=None)   # the clock starts when every seat is taken (`start_clock`)
    row.seats = [Seat(name=p, position=i, invitation=secrets.token_urlsafe(12), ready=False)
                 for i, p in enumerate(game.players)]
    session.add(row)
    cache.loaded(session, row, game)
    return row


SERVED_OPTIONS = {"drafts": True}   # Diplomacy: orders may change until every seat is ready or the deadline


def served_options(game_id: str) -> dict[str, Any]:
    """The options the server gives every game of `game_id` that takes them (never a form's)."""
    return {name: value for name, value in SERVED_OPTIONS.items()
            if any(o.name == name for o in games.options(game_id))}


def offered_options(game_id: str) -> list[dict[str, Any]]:
    """The options a new game of `game_id` may be given here (the lobby's form): the
    game's described options but those the server sets itself."""
    return [o.to_json() for o in games.options(game_id) if o.name not in SERVED_OPTIONS]


LOAD_REPLAY = phases.STEP + phases.SNAPSHOT_EVERY   # record actions a request replays at most to load a game


def load(row: Stored) -> Game:
    """The row's game: from this process's cache when it holds the stored version
    (`cache.py`), else from its saved position and the few actions after it
    (`phases.restored`), else replayed from the record if it is short; a longer game not
    folded yet (an old database's, or after an upgrade) is a 503 while it is prepared in
    the background (`phases.being_prepared`): no request replays a long game."""
    session = session_of(row)
    game = cache.take(session, row) if session else None
    if game is None:
        try:
            record = GameRecord.from_json(row.record, f"stored game {row.id}")
            game = phases.restored(session, row, record, LOAD_REPLAY) if session else None
            if game is None and record.action_count() > LOAD_REPLAY and games.entries(record) is not None:
                raise phases.being_prepared(row.id)   # (a legacy record, which cannot be folded, is replayed)
            game = game or games.load(record)
        except WarjudgeError as exc:  # a damaged database row: say so, never a traceback
            log.error("game %s cannot be loaded: %s", row.id, exc)
            raise ApiError(409, "api.not_loadable", game=row.id, detail=str(exc)) from None
    if session:
        cache.loaded(session, row, game)
    return game


@overload
def seat(row: GameRow, name: str) -> Seat: ...
@overload
def seat(row: GameRead, name: str) -> SeatRead: ...
@overload
def seat(row: GameWrite, name: str) -> SeatWrite: ...
def seat(row: Stored, name: str) -> Seat | SeatRead | SeatWrite:
    for candidate in row.seats:
        if candidate.name == name:
            return candidate
    raise ApiError(404, "api.no_seat", game=row.id, seat=name, seats=", ".join(s.name for s in row.seats))


def held_seats(row: Stored, user: User | None) -> list[str]:
    return [] if user is None else [s.name for s in row.seats if s.user_id == user.id]


def is_gm(row: Stored, user: User | None) -> bool:
    return user is not None and row.creator_id == user.id


def role(row: Stored, user: User | None, asked: str | None) -> str:
    """Whose view the caller gets: the seat asked for (it must hold it), its only seat,
    else GM_ROLE (the creator holding no seat) or PUBLIC_ROLE, both shown the public view
    (`views.view_for`): the games master never sees a seat's secrets."""
    held = held_seats(row, user)
    if asked is not None:
        if asked in held:
            return asked
        if asked == PUBLIC_ROLE:
            return PUBLIC_ROLE
        seat(row, asked)
        raise ApiError(403, "api.not_your_seat", seat=asked, game=row.id)
    if len(held) == 1:
        return held[0]
    if len(held) > 1:
        raise ApiError(400, "api.several_seats", seats=", ".join(held))
    return GM_ROLE if is_gm(row, user) else PUBLIC_ROLE


@overload
def require_seat(row: GameRow, user: User, name: str) -> Seat: ...
@overload
def require_seat(row: GameRead, user: User, name: str) -> SeatRead: ...
@overload
def require_seat(row: GameWrite, user: User, name: str) -> SeatWrite: ...
@overload
def require_seat(row: Changed, user: User, name: str) -> Seat | SeatWrite: ...
def require_seat(row: Stored, user: User, name: str) -> Seat | SeatRead | SeatWrite:
    held = seat(row, name)
    if held.user_id != user.id:
        raise ApiError(403, "api.not_your_seat", seat=name, game=row.id)
    return held


def require_gm(row: GameRow, user: User) -> None:
    if not is_gm(row, user):
        raise ApiError(403, "api.gm_only", game=row.id)


def settle(row: Changed, game: Game, waiting_before: tuple[str, ...], actor: str | None,
           now: float | None = None) -> None:
    """After a change by a player, the games master or a deadline: the deadline moves on
    if a new phase began, the bots are told whether they must act, and the record is
    stored (the caller's transaction commits it). A new phase began when the server
    adjudicated (`actor` None) or when a seat other than the actor now has to act that
    did not before (docs/rulings.md). No bot acts here: they play in the background
    (`botturns.py`), so a request does a bounded amount of game work; a seat's forced
    passes are played first (`passes.py`)."""
    passes.play_passes(game)
    began = actor is None or bool(set(game.to_act()) - set(waiting_before) - {actor})
    store(row, game, began, time.time() if now is None else now)


def store(row: Changed, game: Game, began: bool, now: float, bots_wait: float = 0.0, streak: int = 0) -> None:
    """The game's new state in its row: the phase's start and deadline if one `began`,
    the record, the version moved on, and when its bots act next (`bots_wait` seconds
    from now, if any must; `streak`: how many steps the bots have taken in a row)."""
    if game.is_over:
        row.deadline = row.paused_remaining = None
    elif began:
        for s in row.seats:   # a new phase: nobody has acted in it or is ready yet
            s.ready = s.acted = False
        start_phase(row, game, game.record.action_count(), now)
    row.record = game.record.to_json(compact=True)
    row.version += 1
    due = bool(movers(game, seat_bots(row)))
    row.bots_at, row.bot_streak = (time.time() + bots_wait, streak) if due else (None, 0)
    notify.stored(row, game, began, now)


def seat_bots(row: Changed) -> dict[str, str]:
    """The seats a bot holds, with their bots."""
    return {s.name: s.bot for s in row.seats if s.bot}


def thinks_to(row: Stored, held: Seat | SeatRead | SeatWrite) -> str | None:
    """The think budget the seat's bot searches with (a seat seated before budgets: normal),
    None for a seat no search bot holds."""
    return None if not held.bot else held.bot_budget or checked_budget(row.game, held.bot, None)


def seat_budgets(row: Changed) -> dict[str, str | None]:
    """The seats a bot holds, with their think budgets (None: one seated before budgets, normal)."""
    return {s.name: s.bot_budget for s in row.seats if s.bot}


def start_phase(row: Changed, game: Game, start: int, now: float) -> None:
    """A new phase began at `now`, when the record held `start` actions: where it began is
    noted (for roll backs), and its deadline set by the game's rules (while the games
    master has the game paused, its whole duration waits for the resume)."""
    starts = phase_starts(row)
    if starts[-1] != start:
        row.phase_starts = json.dumps(starts + [start])
    if waits_for_seats(row):
        return
    deadline = _phase_deadline(row, game, now)
    if row.paused_remaining is not None and deadline is not None:
        row.paused_remaining = deadline - now
    else:
        row.deadline = deadline


def all_held(row: Stored) -> bool:
    return all(s.user_id is not None or s.bot for s in row.seats)


def waits_for_seats(row: Stored) -> bool:
    """A timed game whose clock has not started: no phase of it ever had a deadline
    (none set, none paused) because a seat has never been taken. Once it started, a
    seat freed later (the games master's `replace`) stops no clock."""
    timed = PhaseRules.stored(row.phase_seconds, row.phase_rules).timed
    return timed and row.deadline is None and row.paused_remaining is None and not all_held(row)


def start_clock(row: GameRow, now: float) -> None:
    """The last free seat was just taken: the phase's deadline counts from now, as it
    would on a site where a game begins once it is full (nobody's first phase runs out
    while the seats are still being filled)."""
    if row.deadline is None and row.paused_remaining is None and all_held(row):
        _begin_clock(row, now)


def _begin_clock(row: GameRow, now: float) -> None:
    game = load(row)
    if not game.is_over:
        row.deadline = _phase_deadline(row, game, now)


def _phase_deadline(row: Changed, game: Game, now: float) -> float | None:
    """When the phase beginning at `now` ends by the game's clock rules (None: untimed)."""
    return next_deadline(PhaseRules.stored(row.phase_seconds, row.phase_rules), phase_kind(game), now)


def phase_starts(row: Changed) -> list[int]:
    """How many actions the record held as each phase began (the first phase: none)."""
    return json.loads(row.phase_starts) if row.phase_starts else [0]


def apply(game: Game, player: str, action: dict[str, Any]) -> str | None:
    """None if the game took the action, else the reason it refused it (nothing changed)."""
    refused = attempt(game, player, action)
    return None if refused is None else refused["reason"]


def seat_names(game: Game, lang: str) -> dict[str, str] | None:
    """How reasons in `lang` name the game's seats: as the game names them if it says (the
    Necromancer variant's powers in French), else as pages do (presentation/seat_names.py:
    the standard powers in French); None: reasons print the seat ids."""
    return game.seat_names(lang) or presentation_seat_names(game.game_id, lang) or None


def every_seat_name(game: Game) -> dict[str, dict[str, str] | None]:
    """seat_names in each language, for a refusal worded in the asker's (errors.ApiError)."""
    return {lang: seat_names(game, lang) for lang in LANGUAGES}


def attempt(game: Game, player: str, action: dict[str, Any], lang: str = "en") -> dict[str, Any] | None:
    """None if the game took the action, else why it refused it (nothing changed): the
    reason worded in `lang`, and its code and parameters where the game gives them."""
    try:
        game.act(player, action)
    except WarjudgeError as exc:
        return refusal_json(exc, lang, seat_names(game, lang))
    except Exception:  # noqa: BLE001 - a game tripping on odd input must not become a 500
        log.exception("game %s raised on an action", type(game).__name__)
        raise ApiError(422, "api.unreadable_action", action=str(action)[:80]) from None
    return None


def retractions(game: Game, seat_name: str) -> list[dict[str, Any]]:
    """The actions taking back every order the seat has given this phase (its legal `retract`s)."""
    return [a for a in game.legal_actions(seat_name) if a.get("type") == "retract"]


def afresh(game: Game, seat_name: str, actions: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The seat's legal orders as if it had given none this phase, or None if it has given
    none: a page's order box is the seat's whole set, a draft until Ready, so a unit already
    ordered is offered its orders again to change them (issue 24). Worked out on a clone;
    `actions` are the seat's legal actions now."""
    taken_back = [a for a in actions if a.get("type") == "retract"]
    if not taken_back:
        return None
    trial = game.clone()
    for retract in taken_back:
        apply(trial, seat_name, retract)
    return [a for a in trial.legal_actions(seat_name) if a.get("type") == "order"]


def dry_run(game: Game, seat_name: str, orders: list[str], lang: str, replace: bool = True) -> list[dict[str, Any]]:
    """Each order line as the seat's order box checks it: accepted, or refused with the reason
    in `lang` (its code and parameters where the game gives them). Tried on a clone, so the
    game does not change; with `replace`, the seat's orders given before are taken back first
    (as a whole set replaces them)."""
    trial = game.clone()   # never the loaded game: it is kept for later requests
    for retract in retractions(trial, seat_name) if replace else []:
        apply(trial, seat_name, retract)
    results = []
    for text in orders:
        refused = attempt(trial, seat_name, {"type": "order", "order": text}, lang) if text.strip() else None
        results.append({"order": text, "accepted": refused is None} | (refused or {}))
    return results


def expand(game: Game, seat_name: str, action: dict[str, Any]) -> list[dict[str, Any]] | None:
    """`{"orders": [text, …]}` (Diplomacy's batch spelling) as one order action each; with
    `"replace": true` the seat's orders given before are taken back first (the order box
    of a web page is the seat's whole set of orders)."""
    orders = action.get("orders")
    if "type" in action or not isinstance(orders, list):
        return None
    if not all(isinstance(o, str) for o in orders):
        raise ApiError(422, "api.orders_list")
    if not isinstance(action.get("replace", False), bool) or set(action) - {"orders", "replace"}:
        raise ApiError(422, "api.orders_batch")
    first = retractions(game, seat_name) if action.get("replace") else []
    return first + [{"type": "order", "order": o} for o in orders]


def preview(row: Stored, user: User, seat_name: str, action: dict[str, Any]) -> dict[str, Any] | None:
    """The game's preview of one of the seat's legal actions now (a game without
    `preview` has none); an action the seat may not take now is refused (409)."""
    require_seat(row, user, seat_name)
    game = load(row)
    if action not in game.legal_actions(seat_name):
        raise ApiError(409, "api.not_legal_now")
    return game.preview(seat_name, action)


def costs(game: Game, seat_name: str, actions: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """What each of the seat's legal `actions` forfeits, by its index in the list, from the
    game's own `cost` (issue 24: units lost, Jewels left, moves given up); only the costly
    ones are named, and a game without `cost` names none."""
    return {str(i): found for i, a in enumerate(actions) if (found := game.cost(seat_name, a))}

def setup_plan(row: Stored, user: User, seat_name: str, placements: dict[str, list[str]],
               fill: str | None, like: dict[str, list[str]] | None) -> dict[str, Any]:
    """The game's check (and completion) of a set-up the seat drafts in its page (SJG);
    a set-up that breaks the rules, or a game with no such set-up, is refused (409).
    `fill` "like" with no `like` follows the user's last set-up on this side in another
    game (`lastsetup`), named in the answer's `last` (null: none, said in `last_why`).
    Changes nothing: the set-up is sent as one action once complete."""
    require_seat(row, user, seat_name)
    game = load(row)
    session = session_of(row)
    last = lastsetup.last_setup(session, row, user, seat_name) if session is not None else None
    if fill == "like" and like is None:
        if last is None:
            raise ApiError(409, "api.no_earlier_setup", seat=seat_name)
        like = last["placements"]
    try:
        plan = game.setup_plan(seat_name, placements, fill, like)
    except WarjudgeError as exc:
        raise ApiError(409, "api.setup_refused", **refusal_json(exc)) from None
    if plan is None:
        raise ApiError(409, "api.no_setup", kind=row.game)
    return plan | {"last": None if last is None else {"game": last["game"]},
                   "last_why": None if last else f"no earlier game of yours as {seat_name} has a set-up"}


def current_phase(game: Game) -> str | None:
    """The phase as the game's views name it (Diplomacy's "S1902M"); None if they name none."""
    return game.phase_name()


def check_phase(game: Game, sent: str | None) -> None:
    """A request made for a phase that has ended is refused (409), never applied to the
    next one; a request naming no phase (an API client's choice) is not checked."""
    if sent is None:
        return
    now = current_phase(game)
    if now is None:
        raise ApiError(422, "api.phase_none")
    if sent != now:
        raise ApiError(409, "api.phase_ended", sent=sent, now=now)


def submit(row: Changed, user: User, seat_name: str, action: dict[str, Any], lang: str = "en",
           phase: str | None = None) -> list[dict[str, Any]]:
    """Apply the seat's action (or batch of orders); with `phase`, only if that phase is still on."""
    held = require_seat(row, user, seat_name)
    game = load(row)
    if game.is_over:
        raise ApiError(409, "api.game_over", game=row.id)
    check_phase(game, phase)
    waiting = game.to_act()
    batch = expand(game, seat_name, action)
    results: list[dict[str, Any]] = []
    for one in batch if batch is not None else [action]:
        refused = attempt(game, seat_name, one, lang)
        results.append({"action": one, "accepted": refused is None} | (refused or {}))
    if batch is None and results[0].get("reason"):
        raise ApiError(409, "api.refused", seat_names=every_seat_name(game),
                       **{k: v for k, v in results[0].items() if k in ("reason", "why")})
    if any(r["accepted"] for r in results):
        held.acted = True
        held.ready = False   # orders changed after "ready": confirmed again before they count early (docs/server.md)
        settle(row, game, waiting, seat_name)
    return results


def process(row: Changed, now: float | None = None) -> bool:
    """The GM's 'adjudicate now' (at `now`, the scheduler's clock); False if the game has
    nothing to adjudicate."""
    game = load(row)
    waiting = game.to_act()
    if game.is_over or apply(game, GM, {"type": "process"}) is not None:
        return False
    settle(row, game, waiting, None, now)
    return True


def deadline_passed(row: GameRow, now: float) -> bool:
    """The scheduler's work on a game whose deadline has come (its row locked): adjudicate
    once, and the next phase gets its own deadline. False if the deadline had already been
    dealt with (by another process) or the game has nothing to adjudicate."""
    if row.deadline is None or row.deadline > now:
        return False
    missed = no_moves_received(row, load(row))
    if process(row, now):
        row.last_nmr = json.dumps(missed)
        return True
    game = load(row)
    row.deadline = None if game.is_over else _phase_deadline(row, game, now)
    return False


def no_moves_received(row: GameRow, game: Game) -> list[str]:
    """The seats held by players that were to act and did nothing in this phase (neither
    an action nor ready): at the deadline the rules' defaults stand for them (NMR)."""
    waiting = set(game.to_act())
    return [s.name for s in row.seats if s.name in waiting and not (s.acted or s.ready or s.bot)]


def waited_for(row: Stored, game: Game) -> list[str]:
    """The seats this phase still waits for: each that may act and is neither ready nor a
    bot that has done it all (a Diplomacy bot is done once it has given every order:
    `waiting_for`). A Diplomacy power may change its drafts until the phase ends, so
    `to_act` names every power; this says whose answer is still missing."""
    owing = set(game.waiting_for())
    done = {s.name for s in row.seats if s.ready or (s.bot and s.name not in owing)}
    return [seat for seat in game.to_act() if seat not in done]


def all_ready(row: Changed, game: Game) -> bool:
    """Every seat that has something to do this phase is ready, or is a bot that has done it all."""
    return bool(game.to_act()) and not waited_for(row, game)


def mark_ready(row: Changed, user: User, seat_name: str, ready: bool = True, phase: str | None = None) -> bool:
    """The seat is ready (or, `ready` False, no longer) for `phase` (if given, it must be
    the current one); once every seat that must act is ready, the phase is adjudicated at
    once. True if that happened. A bot that still has to answer is waited for: once it
    has, its step adjudicates (`botturns.py`)."""
    held = require_seat(row, user, seat_name)
    game = load(row)
    check_phase(game, phase)
    held.ready = ready
    return ready and not movers(game, seat_bots(row)) and all_ready(row, game) and process(row)


def refuse_if_over(row: GameRow, change: str) -> None:
    """A finished game's seats stay as they were at its end: nobody takes, fills or hands one on."""
    if load(row).is_over:
        raise ApiError(409, "api.over_no_change", game=row.id, change=change)


def claim(row: GameRow, user: User, seat_name: str, invitation: str | None) -> None:
    wanted = seat(row, seat_name)
    if wanted.user_id == user.id:
        return
    refuse_if_over(row, "taking a seat")
    if wanted.user_id is not None or wanted.bot:
        raise ApiError(409, "api.seat_taken", seat=seat_name, game=row.id)
    if not row.open_seats and not (invitation and secrets.compare_digest(invitation, wanted.invitation)):
        raise ApiError(403, "api.needs_invitation", seat=seat_name)
    wanted.user_id = user.id
    start_clock(row, time.time())
    notify.started(row)


def seat_bot(row: GameRow, seat_name: str, bot: str, budget: str | None = None) -> str | None:
    """The GM puts a bot in a seat (free, or taken over from its player), thinking to
    `budget` (a search bot's; None: normal); the budget the seat keeps."""
    if bot not in bot_names(row.game):
        raise ApiError(422, "api.no_bot", kind=row.game, bot=bot, bots=", ".join(bot_names(row.game)))
    kept = checked_budget(row.game, bot, budget)
    wanted = seat(row, seat_name)
    refuse_if_over(row, "seating a bot")
    wanted.user_id, wanted.bot, wanted.bot_seed, wanted.ready = None, bot, new_bot_seed(), False
    wanted.bot_budget = kept
    start_clock(row, time.time())
    game = load(row)
    settle(row, game, game.to_act(), seat_name)
    return kept


def start_now(row: GameRow, now: float) -> None:
    """The games master starts the clock before every seat is taken (the free seats miss
    their deadlines, as a player who never orders does)."""
    if not waits_for_seats(row):
        raise ApiError(409, "api.clock_not_waiting", game=row.id)
    _begin_clock(row, now)


def pause(row: GameRow, now: float) -> None:
    """The games master stops the clock: the time left waits for the resume (players may
    still act, and a phase they finish early still ends)."""
    if row.paused_remaining is not None:
        raise ApiError(409, "api.paused_already", game=row.id)
    if row.deadline is None:
        raise ApiError(409, "api.no_deadline_yet" if waits_for_seats(row) else "api.no_deadline_to_pause", game=row.id)
    row.paused_remaining, row.deadline = max(0.0, row.deadline - now), None


def resume(row: GameRow, now: float) -> None:
    if row.paused_remaining is None:
        raise ApiError(409, "api.not_paused", game=row.id)
    row.deadline, row.paused_remaining = now + row.paused_remaining, None


def extend(row: GameRow, seconds: int) -> None:
    """The current phase's deadline (or, while paused, its time left) moves `seconds` on."""
    if row.paused_remaining is not None:
        row.paused_remaining += seconds
    elif row.deadline is not None:
        row.deadline += seconds
    elif waits_for_seats(row):
        raise ApiError(409, "api.no_deadline_yet", game=row.id)
    else:
        raise ApiError(409, "api.no_deadline_to_extend", game=row.id)


def act_as_gm(row: GameRow, action: dict[str, Any], lang: str = "en") -> list[dict[str, Any]]:
    """One of the game's own games-master actions (Diplomacy: `process`, a `draw`, a power's
    `orders`); the lines of an `orders` it refused, each with the reason the power's own
    order box would give (in `lang`), else []."""
    game = load(row)
    if game.is_over:
        raise ApiError(409, "api.game_over", game=row.id)
    before = phases.phase_key(game)
    as_it_was = game.clone() if action.get("type") == "orders" else None
    refused = attempt(game, GM, action)
    if refused is not None:
        raise ApiError(409, "api.refused", seat_names=every_seat_name(game), **refused)
    store(row, game, phases.phase_key(game) != before, time.time())
    if as_it_was is None:
        return []
    # the action was taken, so its power and orders are well formed (the game checked them)
    return [line for line in dry_run(as_it_was, action["power"], action["orders"], lang) if not line["accepted"]]



ROLLBACK_REPLAY = 5_000   # record actions a roll back replays at most (twice with dice: `redrawn`)


@dataclass(frozen=True)
class Cut:
    """A roll back worked out from a game's row at `version`, before its row is locked:
    the game from the start of phase `phase` with fresh dice, the actions taken out."""

    version: int
    phase: int
    game: Game
    tail: list[dict[str, Any]]


def cut(row: GameRow, phase: int) -> Cut:
    """The game cut where phase `phase` (0: the first) began: replayed from its record (at
    most `ROLLBACK_REPLAY` actions, else a 409), with fresh dice from there (`redrawn`).
    Only reads the row, so the replay needs no lock and holds up nobody's change."""
    starts = phase_starts(row)
    if not 0 <= phase < len(starts):
        raise ApiError(409, "api.no_such_phase", game=row.id, last=len(starts) - 1, phase=phase)
    record = GameRecord.from_json(row.record, f"stored game {row.id}")
    kept, tail = record.actions[:starts[phase]], record.actions[starts[phase]:]
    if not tail:
        raise ApiError(409, "api.nothing_to_roll_back", phase=phase, game=row.id)
    if len(kept) > ROLLBACK_REPLAY:
        reachable = [n for n, start in enumerate(starts) if start <= ROLLBACK_REPLAY]
        raise ApiError(409, "api.rollback_too_long", game=row.id, actions=len(kept), phase=phase,
                       most=ROLLBACK_REPLAY, reachable=reachable[-1])
    truncated = record.restarted()
    for action in kept:
        truncated.append(dict(action))
    try:
        game = redrawn(truncated, games.load(truncated))
    except WarjudgeError as exc:
        raise ApiError(409, "api.rollback_failed", game=row.id, phase=phase, detail=str(exc)) from None
    return Cut(row.version, phase, game, list(tail))


def roll_back(session: Session, row: GameRow, user: User, done: Cut) -> None:
    """The record truncated as `done` worked out (the row locked, still at the version it
    was worked out from, else a 409); the actions taken out are kept in the `rollbacks`
    table. Every seat starts the phase afresh, and a game with dice draws fresh ones from
    there (`redrawn`)."""
    if row.version != done.version:
        raise ApiError(409, "api.rollback_raced", game=row.id)
    session.add(RolledBack(game_id=row.id, by_user_id=user.id, from_version=row.version, to_phase=done.phase,
                           actions=json.dumps(done.tail)))
    row.phase_starts = json.dumps(phase_starts(row)[:done.phase + 1])
    row.last_nmr = None
    cache.loaded(session, row, done.game)
    settle(row, done.game, (), None)


def redrawn(record: GameRecord, game: Game) -> Game:
    """The game of `record` with fresh dice from its next roll on (a reseed whose
    commitment the summary publishes), so that nobody, the games master included, can
    roll back to see or re-try the same dice (docs/record-format.md). A game without dice
    is returned as it is, its record unchanged."""
    dice = game.dice
    if dice is None:
        return game
    record.reseed(dice.rolls_made, games.fresh_seed())
    again = games.load(record)
    if again.record.reseeds != record.reseeds:   # a game that drops them would roll the old dice again
        raise RecordError(f"the {record.game} game does not keep its record's reseeds, so it cannot "
                          "draw fresh dice after a roll back")
    return again


def replace_holder(row: GameRow, seat_name: str, user: User | None) -> None:
    """The seat passes to `user` (None: it is free again, with a new invitation); its old
    holder, player or bot, loses it."""
    wanted = seat(row, seat_name)
    refuse_if_over(row, "replacing a seat's holder")
    wanted.user_id, wanted.bot, wanted.bot_seed, wanted.ready = (user.id if user else None), None, None, False
    wanted.bot_budget = None
    if user is None:
        wanted.invitation = secrets.token_urlsafe(12)
    start_clock(row, time.time())


def user_named(session: Session, name: str) -> User:
    found = session.scalars(select(User).where(User.name == name)).first()
    if found is None:
        raise ApiError(404, "api.no_account", name=name)
    return found
