"""The notification tables (issue 24): mails waiting to be sent, and the marks that make
each notice go out once (`notify.py`, `mail.py`).

A mail is queued in the same transaction as the change it tells of, and sent later by the
scheduler (never inside a request). It names its account, not an address: the address and
the account's choices are read again when it is sent, so a change of address or an
unsubscribe also stops the mails already queued."""

from __future__ import annotations

from sqlalchemy import Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from warjudge.server.models import Base


class OutboxMail(Base):
    __tablename__ = "mail_outbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    event: Mapped[str] = mapped_column(String(16))   # one of notify.EVENTS
    subject: Mapped[str] = mapped_column(String(255))
    body: Mapped[str] = mapped_column(Text)
    link: Mapped[str] = mapped_column(String(255))   # the page it tells of, a path: the site's address is added when sent
    queued_at: Mapped[float] = mapped_column(Float)   # Unix seconds
    next_try: Mapped[float] = mapped_column(Float, index=True)   # Unix seconds
    attempts: Mapped[int] = mapped_column(Integer, default=0)


class MailMark(Base):
    """A notice already queued for a game (its start, its end, a deadline's reminder for one
    phase): written under the game's lock, so it is queued once however many processes look."""

    __tablename__ = "mail_marks"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    mark: Mapped[str] = mapped_column(String(64), primary_key=True)
