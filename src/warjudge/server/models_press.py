"""The press tables (issue 13): messages between a game's seats, and a game's press mode
when its creator chose one (a game without a row has its default, `press.default_mode`).

A message is to everyone (broadcast: no recipient rows) or to the seats in its recipient
rows; who may read it is decided in SQL (`press.readable`) so that a stream can count a
seat's messages without loading anyone else's. Each message names its thread (`thread_key`:
the set of its participants, one key for every broadcast), and a seat's read marks say, per
thread, the newest message it has read (issue 24: unread counts and threads)."""

from __future__ import annotations

import hashlib
from datetime import datetime

from sqlalchemy import Boolean, DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from warjudge.server.models import NAME_CHARS, Base, now


BROADCAST = "all"   # the thread of every broadcast; a private thread's key is 64 hex digits
THREAD_CHARS = 64


def thread_key(participants: set[str] | None) -> str:
    """The thread of a message between `participants` (its sender and recipients; None: a
    broadcast): a fixed-size key however many seats talk, the same for every order of them."""
    if participants is None:
        return BROADCAST
    return hashlib.sha256("\n".join(sorted(participants)).encode()).hexdigest()


class PressMode(Base):
    __tablename__ = "press_modes"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    mode: Mapped[str] = mapped_column(String(16))   # "full", "broadcast" or "none"


class PressMessage(Base):
    __tablename__ = "press_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    sender: Mapped[str] = mapped_column(String(NAME_CHARS))
    broadcast: Mapped[bool] = mapped_column(Boolean)
    text: Mapped[str] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer)     # the game's version when it was sent
    phase: Mapped[str | None] = mapped_column(String(64), nullable=True)   # as the game's views name it
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    thread: Mapped[str] = mapped_column(String(THREAD_CHARS))   # thread_key of its participants

    recipients: Mapped[list["PressRecipient"]] = relationship(cascade="all, delete-orphan",
                                                              order_by="PressRecipient.seat")


class PressRecipient(Base):
    __tablename__ = "press_recipients"

    message_id: Mapped[int] = mapped_column(ForeignKey("press_messages.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[str] = mapped_column(String(NAME_CHARS), primary_key=True, index=True)



class PressRead(Base):
    """A seat's read mark in one thread: it has read every message of that thread up to
    `last_read` (a message id, never shown: readers see their own numbering)."""
    __tablename__ = "press_reads"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[str] = mapped_column(String(NAME_CHARS), primary_key=True)
    thread: Mapped[str] = mapped_column(String(THREAD_CHARS), primary_key=True)
    last_read: Mapped[int] = mapped_column(Integer)
