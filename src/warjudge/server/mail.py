"""Sending the queued notifications by SMTP (issue 24), configured by one URL:
`smtp://user:pass@host:port` (plain), `smtps://...` (TLS from the start) or
`smtp+starttls://...` (STARTTLS), with `?from=address&site=https://judge.example.org`
(the sender and the address the mails' links start with). Without one, nothing is queued
and nothing is sent.

The scheduler drains the outbox (`drain`) in bounded batches: each batch is claimed in
one short transaction (its rows' next try moved a lease on, so another process leaves
them alone), sent on one SMTP connection outside any transaction, then the sent rows are
deleted and the failed ones tried again later, each time waiting longer. A crash between
sending and deleting sends a mail twice at worst, never loses one."""

from __future__ import annotations

import logging
import os
import smtplib
import ssl
import time
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Iterable
from urllib.parse import parse_qs, unquote, urlsplit

from sqlalchemy import delete, select

from warjudge.server import db, notify
from warjudge.server.models import User
from warjudge.server.models_mail import OutboxMail

log = logging.getLogger("warjudge.server")
SMTP_ENV = "WARJUDGE_SMTP_URL"
BATCH = 20          # mails one look sends at most
LEASE = 300.0       # seconds a claimed mail is left to its process before another may retry it
BACKOFF = 30.0      # seconds before the first retry, doubled each time
BACKOFF_MOST = 3600.0
GIVE_UP = 3 * 24 * 3600.0   # a mail still failing after three days tells of nothing current: dropped, logged
TIMEOUT = 10.0      # seconds an SMTP server has to answer
SCHEMES = {"smtp": 25, "smtps": 465, "smtp+starttls": 587}


@dataclass(frozen=True)
class Smtp:
    """Where and how mails are sent (`from_url`)."""

    host: str
    port: int
    security: str   # "plain", "tls" or "starttls"
    user: str | None
    password: str | None
    sender: str
    site: str

    @classmethod
    def from_url(cls, url: str) -> "Smtp":
        """The settings of an SMTP URL; ValueError saying what is wrong with it."""
        parts = urlsplit(url)
        if parts.scheme not in SCHEMES:
            raise ValueError(f"SMTP URL {parts.scheme or url!r}: the scheme must be one of "
                             f"{', '.join(s + '://' for s in SCHEMES)}")
        if not parts.hostname:
            raise ValueError("SMTP URL: no host (smtp://user:pass@host:port)")
        try:
            port = parts.port or SCHEMES[parts.scheme]
        except ValueError:
            raise ValueError("SMTP URL: the port must be a number from 1 to 65535") from None
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        unknown = set(query) - {"from", "site"}
        if unknown:
            raise ValueError(f"SMTP URL: unknown setting {sorted(unknown)[0]!r} (only from= and site=)")
        security = {"smtp": "plain", "smtps": "tls", "smtp+starttls": "starttls"}[parts.scheme]
        return cls(parts.hostname, port, security, unquote(parts.username) if parts.username else None,
                   unquote(parts.password) if parts.password else None,
                   query.get("from") or f"warjudge@{parts.hostname}",
                   (query.get("site") or "http://localhost:8000").rstrip("/"))

    @classmethod
    def from_env(cls, explicit: str | None = None) -> "Smtp | None":
        """`--smtp`, else `WARJUDGE_SMTP_URL`, else None: no mail."""
        url = explicit or os.environ.get(SMTP_ENV)
        return cls.from_url(url) if url else None

    def connect(self) -> smtplib.SMTP:
        if self.security == "tls":
            server: smtplib.SMTP = smtplib.SMTP_SSL(self.host, self.port, timeout=TIMEOUT,
                                                    context=ssl.create_default_context())
        else:
            server = smtplib.SMTP(self.host, self.port, timeout=TIMEOUT)
            if self.security == "starttls":
                server.starttls(context=ssl.create_default_context())
        if self.user:
            server.login(self.user, self.password or "")
        return server


def message(smtp: Smtp, mail: OutboxMail, user: User) -> EmailMessage:
    """The mail as sent: its links made absolute, an unsubscribe link in its text and in
    its List-Unsubscribe header (one click, RFC 8058)."""
    unsubscribe = f"{smtp.site}{notify.unsubscribe_path(user)}"
    out = EmailMessage()
    out["From"], out["To"], out["Subject"] = smtp.sender, user.email, mail.subject
    out["List-Unsubscribe"] = f"<{unsubscribe}>"
    out["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    out["Auto-Submitted"] = "auto-generated"
    out.set_content(f"{mail.body}\n\n{smtp.site}{mail.link}\n\n-- \nNo more mails from warjudge: {unsubscribe}\n"
                    f"Choose which ones: {smtp.site}/account\n")
    return out


def _claim(sessions: db.Sessions, smtp: Smtp, now: float) -> list[tuple[int, int, EmailMessage | None]]:
    """Up to BATCH due mails, leased to this process: (id, attempts, the message, or None
    if its account no longer wants it)."""
    claimed = []
    with sessions.begin() as session:
        rows = session.scalars(select(OutboxMail).where(OutboxMail.next_try <= now).order_by(OutboxMail.id)
                               .limit(BATCH).with_for_update(skip_locked=True)).all()
        for row in rows:
            row.next_try, row.attempts = now + LEASE, row.attempts + 1
            user = session.get(User, row.user_id)
            wanted = user is not None and user.email and notify.wants(user, row.event)
            claimed.append((row.id, row.attempts, message(smtp, row, user) if wanted and user else None))
    return claimed


_SMTP: Smtp | None = None   # this process's settings (`configure`)


def configure(smtp: Smtp | None) -> None:
    """Mail on (with these settings) or off for this process: `create_app` calls it."""
    global _SMTP
    _SMTP = smtp
    notify.ENABLED = smtp is not None


def _send(smtp: Smtp, messages: Iterable[tuple[int, EmailMessage]]) -> set[int]:
    """The ids of the messages the SMTP server took (none if it cannot be reached)."""
    sent: set[int] = set()
    try:
        with smtp.connect() as server:
            for mail_id, out in messages:
                try:
                    server.send_message(out)
                    sent.add(mail_id)
                except smtplib.SMTPRecipientsRefused as exc:
                    log.warning("mail %d refused by the SMTP server: %s", mail_id, exc)
    except (OSError, smtplib.SMTPException) as exc:
        log.warning("SMTP server %s:%d: %s; the mails wait for the next try", smtp.host, smtp.port, exc)
    return sent


def backoff(attempts: int) -> float:
    delay: float = BACKOFF * 2 ** (attempts - 1)
    return min(delay, BACKOFF_MOST)


def drain(sessions: db.Sessions, now: float) -> int:
    """Send one batch of due mails; how many went. Those the server did not take are
    tried again after `backoff`, those queued more than GIVE_UP ago dropped."""
    if _SMTP is None:
        return 0
    claimed = _claim(sessions, _SMTP, now)
    if not claimed:
        return 0
    unwanted = {i for i, _, out in claimed if out is None}
    sent = _send(_SMTP, [(i, out) for i, _, out in claimed if out is not None])
    with sessions.begin() as session:
        session.execute(delete(OutboxMail).where(OutboxMail.id.in_(sent | unwanted)))
        for mail_id, attempts, _ in claimed:
            if mail_id in sent | unwanted:
                continue
            row = session.get(OutboxMail, mail_id)
            if row is None:
                continue
            if now - row.queued_at > GIVE_UP:
                log.error("mail %d to account %d dropped: not sent in %d tries", mail_id, row.user_id, attempts)
                session.delete(row)
            else:
                row.next_try = now + backoff(attempts)
    return len(sent)


def run(sessions: db.Sessions, now: float | None = None) -> None:
    """The mail thread's work (`now`: the scheduler's clock): queue the reminders now due,
    then send a batch."""
    now = time.time() if now is None else now
    notify.remind_due(sessions, now)
    drain(sessions, now)
