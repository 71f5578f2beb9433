"""Press (issue 13): messages between a game's seats, private or to everyone.

A seat reads what it sent, what was sent to it and every broadcast; the games master (the
creator holding no seat) reads the broadcasts only: a private message is a seat's secret,
hidden from the games master as from everyone else; a spectator reads nothing. A game's press mode
is `full` (private and broadcast), `broadcast` (public messages only) or `none`; a game
with more than two seats (the Diplomacy family, where talking is half the game) has full
press unless its creator chose otherwise, a two-seat game none (docs/rulings.md).

Text is stored and returned exactly as written, as JSON strings: plain text, never markup.

Threads and unread marks (issue 24): a message belongs to the thread of its participants
(every broadcast to one thread); a seat's read marks say, per thread, up to which message it
has read, and a message it did not send is unread past that mark. Counts are SQL aggregates
over the messages the seat may read, so a seat learns nothing of any other message, nor of
another seat's marks; the games master and spectators have no marks (nothing is unread)."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Literal

from fastapi import APIRouter, Query
from pydantic import BaseModel, ConfigDict, Field, field_validator
from sqlalchemy import ColumnElement, and_, case, exists, false, func, or_, select
from sqlalchemy.orm import Session, selectinload

from warjudge.server import notify, play
from warjudge.server.access import Bearer, Credentials, GameId, SeatQuery, caller, game_row, maybe_caller
from warjudge.server.db import Sessions, locked_game
from warjudge.server.errors import ApiError
from warjudge.server.models import GameRow, Seat
from warjudge.server.models_press import BROADCAST, PressMessage, PressMode, PressRead, PressRecipient, thread_key
from warjudge.server.views import GM_ROLE, PUBLIC_ROLE

MAX_TEXT = 4000          # characters in one message
Mode = Literal["full", "broadcast", "none"]
ALLOWED_CONTROLS = {"\n", "\r", "\t"}


class PressRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: str = Field(min_length=1, max_length=64, description="your seat, the sender")
    to: list[str] | Literal["all"] = Field(description="\"all\" (a broadcast) or the seats it is for")
    text: str = Field(min_length=1, max_length=MAX_TEXT, description="plain text, never read as markup")

    @field_validator("to")
    @classmethod
    def _seats(cls, to: list[str] | str) -> list[str] | str:
        if isinstance(to, list) and not (1 <= len(to) <= 64 and all(1 <= len(s) <= 64 for s in to)):
            raise ValueError("a list of 1 to 64 seat names, or \"all\"")
        return to

    @field_validator("text")
    @classmethod
    def _plain(cls, text: str) -> str:
        if any(ord(c) < 32 and c not in ALLOWED_CONTROLS for c in text) or "\x7f" in text:
            raise ValueError("plain text: no control characters other than newlines and tabs")
        if not text.strip():
            raise ValueError("the message is empty")
        return text


Thread = list[str] | Literal["all"]


class ReadRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: str = Field(min_length=1, max_length=64, description="your seat, the reader")
    upto: int = Field(ge=1, le=2**31, description="mark read the messages numbered up to this `n`")
    thread: Thread | None = Field(None, description="only those of this thread: \"all\" or its participants")

    @field_validator("thread")
    @classmethod
    def _seats(cls, thread: Thread | None) -> Thread | None:
        if isinstance(thread, list) and not (2 <= len(thread) <= 65 and all(1 <= len(s) <= 64 for s in thread)):
            raise ValueError("\"all\", or a list of 2 to 65 seat names: the thread's participants, yours among them")
        return thread


class ModeRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    press: Mode


class Message(BaseModel):
    """A message as its reader gets it (`_as_read`)."""
    n: int = Field(description="its place among the messages the reader may read")
    sender: str = Field(alias="from")
    thread: Thread
    unread: bool
    to: Thread
    text: str
    version: int | None = Field(description="the game's version when it was sent")
    phase: str | None
    sent_at: str = Field(description="ISO 8601, UTC")


class ThreadListed(BaseModel):
    thread: Thread
    messages: int
    unread: int
    last_at: str = Field(description="ISO 8601, UTC: its newest message's")


class PressPage(BaseModel):
    seat: str = Field(description="whose press: a seat, 'gm' or 'public'")
    press: Mode
    messages: list[Message]
    more: bool = Field(description="more messages follow: ask again with `after`")
    unread: int
    threads: list[ThreadListed]
    more_threads: bool


class Unread(BaseModel):
    seat: str
    unread: int


class ModeSet(BaseModel):
    press: Mode


def default_mode(row: GameRow) -> str:
    return "full" if len(row.seats) > 2 else "none"


def mode_of(session: Session, row: GameRow) -> str:
    chosen = session.get(PressMode, row.id)
    return chosen.mode if chosen else default_mode(row)


def choose(session: Session, row: GameRow, mode: str) -> None:
    """The game's press mode from now on (the creator's choice at creation, or the GM's)."""
    chosen = session.get(PressMode, row.id)
    if chosen is None:
        session.add(PressMode(game_id=row.id, mode=mode))
    else:
        chosen.mode = mode


def readable(game_id: str, role: str) -> ColumnElement[bool]:
    """The SQL condition: the messages of this game that `role` may read."""
    in_game = PressMessage.game_id == game_id
    if role == GM_ROLE:
        return in_game & PressMessage.broadcast
    if role == PUBLIC_ROLE:
        return in_game & false()   # a spectator reads no press
    to_it = exists().where(PressRecipient.message_id == PressMessage.id, PressRecipient.seat == role)
    return in_game & or_(PressMessage.broadcast, PressMessage.sender == role, to_it)


def _is_seat(role: str) -> bool:
    return role not in (GM_ROLE, PUBLIC_ROLE)


def _mark_of(role: str) -> Any:
    """The join of a message to `role`'s read mark in its thread (none: nothing read)."""
    return and_(PressRead.game_id == PressMessage.game_id, PressRead.seat == role,
                PressRead.thread == PressMessage.thread)


def _unread(role: str) -> ColumnElement[bool]:
    """The SQL condition, on a message joined to `role`'s mark: `role` has not read it."""
    if not _is_seat(role):
        return false()
    return (PressMessage.sender != role) & (PressMessage.id > func.coalesce(PressRead.last_read, 0))


def count(session: Session, game_id: str, role: str) -> int:
    """How many messages `role` may read (what a live stream watches)."""
    return session.scalar(select(func.count()).select_from(PressMessage).where(readable(game_id, role))) or 0


def _thread(message: PressMessage) -> Thread:
    """The thread as its readers name it: "all", or its participants in order."""
    return "all" if message.broadcast else sorted({message.sender, *(r.seat for r in message.recipients)})


def _as_read(message: PressMessage, n: int, unread: bool = False) -> dict[str, Any]:
    """A message as its reader gets it; `n` is its place among the messages that reader may
    read (a database id would tell a seat how many messages it was not sent)."""
    return {"n": n, "from": message.sender, "thread": _thread(message), "unread": unread,
            "to": "all" if message.broadcast else [r.seat for r in message.recipients],
            "text": message.text, "version": message.version, "phase": message.phase,
            "sent_at": _utc(message.created_at).isoformat()}


def _utc(moment: datetime) -> datetime:
    """SQLite gives back the stored UTC time without its zone; PostgreSQL with it."""
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


PAGE = 200   # messages one read answers at most (`more` says if others follow)


def messages(session: Session, game_id: str, role: str, after: int = 0) -> tuple[list[dict[str, Any]], bool]:
    """The messages after the `after`-th that `role` may read, `PAGE` at most, and whether
    more follow: a read costs the same however long the game's press has grown."""
    found = session.execute(select(PressMessage, _unread(role)).options(selectinload(PressMessage.recipients))
                            .outerjoin(PressRead, _mark_of(role))
                            .where(readable(game_id, role)).order_by(PressMessage.id)
                            .offset(after).limit(PAGE + 1)).all()
    return [_as_read(m, n, bool(unread)) for n, (m, unread) in enumerate(found[:PAGE], after + 1)], len(found) > PAGE


def unread_count(session: Session, game_id: str, role: str) -> int:
    """How many of the messages `role` may read it has not read: one query."""
    return session.scalar(select(func.count()).select_from(PressMessage).outerjoin(PressRead, _mark_of(role))
                          .where(readable(game_id, role), _unread(role))) or 0


def threads(session: Session, game_id: str, role: str) -> tuple[list[dict[str, Any]], bool]:
    """`role`'s threads, newest first, each with its count of messages and of unread ones
    (`PAGE` threads at most, and whether more follow): one grouped query, then the newest
    message of each listed thread for its participants."""
    newest = func.max(PressMessage.id)
    found = session.execute(
        select(newest, func.count(), func.coalesce(func.sum(case((_unread(role), 1), else_=0)), 0),
               func.max(PressMessage.created_at))
        .outerjoin(PressRead, _mark_of(role)).where(readable(game_id, role))
        .group_by(PressMessage.thread).order_by(newest.desc()).limit(PAGE + 1)).all()
    heads = {m.id: m for m in session.scalars(select(PressMessage).options(selectinload(PressMessage.recipients))
                                              .where(PressMessage.id.in_([f[0] for f in found])))}
    return [{"thread": _thread(heads[head]), "messages": total, "unread": int(unread), "last_at": _utc(last).isoformat()}
            for head, total, unread, last in found[:PAGE]], len(found) > PAGE


def mark_read(session: Session, game_id: str, seat_name: str, upto: int, thread: Thread | None) -> None:
    """Marks read the messages `seat_name` may read numbered up to `upto` (of one thread if
    named): a mark only moves forward, and only over messages the seat may read."""
    last = session.scalar(select(PressMessage.id).where(readable(game_id, seat_name))
                          .order_by(PressMessage.id).offset(upto - 1).limit(1))
    if last is None:
        raise ApiError(422, "api.press_no_message", seat=seat_name, upto=upto)
    if isinstance(thread, list) and seat_name not in thread:
        raise ApiError(422, "api.press_not_your_thread", seat=seat_name)
    within = readable(game_id, seat_name) & (PressMessage.id <= last)
    if thread is not None:
        within &= PressMessage.thread == thread_key(None if thread == BROADCAST else set(thread))
    newest: dict[str, int] = dict(session.execute(select(PressMessage.thread, func.max(PressMessage.id)).where(within)
                                  .group_by(PressMessage.thread)).all())
    marks = {m.thread: m for m in session.scalars(select(PressRead).where(
        PressRead.game_id == game_id, PressRead.seat == seat_name, PressRead.thread.in_(list(newest))))}
    for key, message_id in newest.items():
        if key not in marks:
            session.add(PressRead(game_id=game_id, seat=seat_name, thread=key, last_read=message_id))
        elif marks[key].last_read < message_id:
            marks[key].last_read = message_id


def unread_by_game(session: Session, user_id: int, game_ids: list[str]) -> dict[str, int]:
    """For each of these games, how many messages the user's seats there have not read (a
    broadcast once per seat): one query for a page of games."""
    to_seat = exists().where(PressRecipient.message_id == PressMessage.id, PressRecipient.seat == Seat.name)
    found = session.execute(
        select(PressMessage.game_id, func.count())
        .join(Seat, and_(Seat.game_id == PressMessage.game_id, Seat.user_id == user_id))
        .outerjoin(PressRead, and_(PressRead.game_id == PressMessage.game_id, PressRead.seat == Seat.name,
                                   PressRead.thread == PressMessage.thread))
        .where(PressMessage.game_id.in_(game_ids), PressMessage.sender != Seat.name,
               PressMessage.id > func.coalesce(PressRead.last_read, 0), or_(PressMessage.broadcast, to_seat))
        .group_by(PressMessage.game_id)).all()
    return {game_id: n for game_id, n in found}


def send(session: Session, row: GameRow, seat_name: str, to: list[str] | str, text: str) -> PressMessage:
    """Checks everything first (the mode, each recipient), then stores the message."""
    mode = mode_of(session, row)
    if mode == "none":
        raise ApiError(403, "api.press_none", game=row.id)
    if mode == "broadcast" and to != "all":
        raise ApiError(403, "api.press_public_only", game=row.id)
    recipients: list[str] = []
    if to != "all":
        seats = [s.name for s in row.seats]
        unknown = [s for s in to if s not in seats]
        if unknown:
            raise ApiError(422, "api.press_no_seat", game=row.id, seat=unknown[0], seats=", ".join(seats))
        recipients = sorted(set(to) - {seat_name})
        if not recipients:
            raise ApiError(422, "api.press_nobody")
    message = PressMessage(game_id=row.id, sender=seat_name, broadcast=to == "all", text=text,
                           thread=thread_key(None if to == "all" else {seat_name, *recipients}),
                           version=row.version, phase=play.current_phase(play.load(row)), recipients=[PressRecipient(seat=s) for s in recipients])
    session.add(message)
    session.flush()
    notify.press(row, seat_name, None if to == "all" else recipients, text)
    return message


def router(sessions: Sessions) -> APIRouter:
    api = APIRouter(tags=["press"])

    @api.post("/api/games/{game_id}/press", status_code=201, response_model=Message)
    def post_press(game_id: GameId, body: PressRequest, credentials: Credentials = Bearer) -> dict[str, Any]:
        """A message from one of your seats to other seats, or to "all"."""
        with sessions.begin() as session:
            user = caller(session, credentials)
            row = game_row(session, game_id)
            play.require_seat(row, user, body.seat)
            message = send(session, row, body.seat, body.to, body.text)
            return _as_read(message, count(session, game_id, body.seat))

    @api.get("/api/games/{game_id}/press", response_model=PressPage)
    def get_press(game_id: GameId, seat: str | None = SeatQuery,
                  after: int = Query(0, ge=0, le=2**31, description="only the messages after the n-th"),
                  credentials: Credentials = Bearer) -> dict[str, Any]:
        """The messages the seat may read: sent by it, to it, or to all (the games master:
        those to all; a spectator: none)."""
        with sessions.reading() as session:
            user = maybe_caller(session, credentials)
            row = game_row(session, game_id)
            role = play.role(row, user, seat)
            page, more = messages(session, game_id, role, after)
            listed, more_threads = threads(session, game_id, role)
            return {"seat": role, "press": mode_of(session, row), "messages": page, "more": more,
                    "unread": unread_count(session, game_id, role), "threads": listed, "more_threads": more_threads}

    @api.post("/api/games/{game_id}/press-read", response_model=Unread)
    def read_press(game_id: GameId, body: ReadRequest, credentials: Credentials = Bearer) -> dict[str, Any]:
        """Marks read your seat's messages numbered up to `upto` (of one thread if named);
        answers how many it has still unread."""
        with sessions.begin() as session:
            user = caller(session, credentials)
            row = locked_game(session, game_id)
            if row is None:
                raise ApiError(404, "api.no_game", game=game_id)
            play.require_seat(row, user, body.seat)
            mark_read(session, game_id, body.seat, body.upto, body.thread)
            session.flush()
            return {"seat": body.seat, "unread": unread_count(session, game_id, body.seat)}

    @api.post("/api/games/{game_id}/press-mode", response_model=ModeSet)
    def set_mode(game_id: GameId, body: ModeRequest, credentials: Credentials = Bearer) -> dict[str, Any]:
        """Games master: the game's press from now on ("full", "broadcast" or "none")."""
        with sessions.begin() as session:
            user = caller(session, credentials)
            row = game_row(session, game_id)
            play.require_gm(row, user)
            choose(session, row, body.press)
            return {"press": body.press}

    return api
