"""The server's tables (SQLAlchemy 2). Alembic migrations in `migrations/` create them;
a test checks the two never drift apart.

A game is stored as its record (header, seed, action log): the record is the whole truth,
so a crash can lose at most the submission whose transaction did not commit, never half of
one. What is derived from it to keep reads cheap (each finished phase as every role sees
it, a saved position every few actions: `phases.py`) is rebuilt from the record whenever
it does not match it."""

from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import Boolean, DateTime, Float, ForeignKey, Integer, LargeBinary, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

NAME_CHARS = 64
ALL_EVENTS = "phase,reminder,press,start,end"   # the mails an account receives unless it says otherwise


def now() -> datetime:
    return datetime.now(timezone.utc)


class Base(DeclarativeBase):
    pass


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_CHARS), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)   # notifications (mail.py); None: none
    mail_events: Mapped[str] = mapped_column(String(128), server_default=ALL_EVENTS)   # comma-separated: notify.EVENTS
    mail_key: Mapped[str | None] = mapped_column(String(64), nullable=True)   # signs its unsubscribe links


class Token(Base):
    """A bearer token; only its SHA-256 is stored, so a copy of the database signs nobody in."""

    __tablename__ = "tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    kind: Mapped[str] = mapped_column(String(16), server_default="api")   # "api" or "browser" (a sign-in cookie)
    prefix: Mapped[str | None] = mapped_column(String(16), nullable=True)   # its first characters, to tell it apart
    expires_at: Mapped[float] = mapped_column(Float)   # Unix seconds
    last_used_at: Mapped[float | None] = mapped_column(Float, nullable=True)   # Unix seconds, to the TOUCH_EVERY

    user: Mapped[User] = relationship()


class RateBucket(Base):
    """One rate limit's count for one key (a hash of what it counts, such as a name and an
    address), kept as the moment it drains to nothing (`ratelimit.py`): shared by every
    server process on the database."""

    __tablename__ = "rate_buckets"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    empty_at: Mapped[float] = mapped_column(Float, index=True)   # Unix seconds


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(NAME_CHARS))
    record: Mapped[str] = mapped_column(Text)
    creator_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    open_seats: Mapped[bool] = mapped_column(Boolean, default=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    phase_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)   # None: no deadlines
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)   # Unix seconds
    paused_remaining: Mapped[float | None] = mapped_column(Float, nullable=True)   # seconds left, while paused
    phase_rules: Mapped[str | None] = mapped_column(Text, nullable=True)   # JSON: deadlines.PhaseRules
    last_nmr: Mapped[str | None] = mapped_column(Text, nullable=True)   # JSON: seats that missed the last deadline
    phase_starts: Mapped[str | None] = mapped_column(Text, nullable=True)   # JSON: action count as each phase began
    bots_at: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)   # when its bots act next (botturns.py)
    bot_streak: Mapped[int] = mapped_column(Integer, default=0)   # steps the bots took in a row, no one else acting
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, onupdate=now)

    seats: Mapped[list["Seat"]] = relationship(order_by="Seat.position", cascade="all, delete-orphan")


class Seat(Base):
    """A player of a game: held by a user, by a bot, or still free (claimed with its
    invitation code, or by anyone when the game's seats are open)."""

    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_CHARS), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True, index=True)
    bot: Mapped[str | None] = mapped_column(String(NAME_CHARS), nullable=True)
    bot_seed: Mapped[str | None] = mapped_column(String(64), nullable=True)
    bot_budget: Mapped[str | None] = mapped_column(String(16), nullable=True)   # core.bots.BUDGETS; None: normal
    ready: Mapped[bool] = mapped_column(Boolean, default=False)
    acted: Mapped[bool] = mapped_column(Boolean, default=False)   # took an action in this phase
    invitation: Mapped[str] = mapped_column(String(64))

    user: Mapped[User | None] = relationship()


class RolledBack(Base):
    """The tail of a record that the games master rolled back: kept, never shown to a seat."""

    __tablename__ = "rollbacks"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    by_user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    from_version: Mapped[int] = mapped_column(Integer)
    to_phase: Mapped[int] = mapped_column(Integer)
    actions: Mapped[str] = mapped_column(Text)   # JSON: the actions taken out of the record, in order


class GameProgress(Base):
    """How far a game's record has been folded into stored phases (`phases.py`), by which
    code, and a saved position: the pickled game after `state_actions` actions."""

    __tablename__ = "game_progress"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    code: Mapped[str] = mapped_column(String(64))   # phases.code(): the package that built this
    version: Mapped[int | None] = mapped_column(Integer, nullable=True)   # the game's version, once folded whole
    actions: Mapped[int] = mapped_column(Integer)   # record actions folded into phases
    digest: Mapped[str] = mapped_column(String(64))   # SHA-256 of those actions
    phases: Mapped[int] = mapped_column(Integer)   # finished phases stored (0 to phases - 1)
    phase_start: Mapped[int] = mapped_column(Integer)   # record actions before the phase under way
    to_act: Mapped[str] = mapped_column(Text)   # JSON, after `actions` actions
    is_over: Mapped[bool] = mapped_column(Boolean)
    names: Mapped[str] = mapped_column(Text)   # JSON: language -> the game's seat names (or null)
    state_actions: Mapped[int] = mapped_column(Integer)
    state_digest: Mapped[str] = mapped_column(String(64))
    state: Mapped[bytes] = mapped_column(LargeBinary, deferred=True)   # zlib'd pickle: the database is trusted


class GamePhase(Base):
    """One finished phase of a game as one role (a seat, or the public: the games master reads that one)
    sees it: `history.py`'s entry, as JSON."""

    __tablename__ = "game_phases"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    role: Mapped[str] = mapped_column(String(NAME_CHARS), primary_key=True)
    data: Mapped[str] = mapped_column(Text)


class GameRequest(Base):
    """The key a creation request carried (the lobby's form sends one per click of Start):
    the same key from the same user again gets the game it made, not a second one."""

    __tablename__ = "game_requests"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
