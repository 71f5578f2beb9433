"""E-mail notifications end to end (issue 24): a real SMTP server (aiosmtpd) on a free port
receives what the server's outbox sends; time moves through the scheduler's clock
(`mail.run(sessions, now)`), never by sleeping."""

from __future__ import annotations

import email
import socket
import threading
import time
from email import policy
from email.message import EmailMessage
from typing import Iterator

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient
from sqlalchemy import func, select, update

from tests.server.conftest import MANY_SIGNUPS, sign_up
from tests.server.web.conftest import sign_up as web_sign_up
from warjudge.server import db, mail, notify
from warjudge.server.app import create_app
from warjudge.server.models import User
from warjudge.server.models_mail import OutboxMail

HOUR = 3600.0


class Inbox:
    """The SMTP server's handler: every mail it accepts, parsed."""

    def __init__(self) -> None:
        self.mails: list[EmailMessage] = []

    async def handle_DATA(self, server, session, envelope) -> str:
        self.mails.append(email.message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"

    def take(self) -> list[EmailMessage]:
        taken, self.mails = self.mails, []
        return taken


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def smtp_port() -> int:
    return _free_port()


@pytest.fixture
def inbox(smtp_port) -> Iterator[Inbox]:
    handler = Inbox()
    server = Controller(handler, hostname="127.0.0.1", port=smtp_port)
    server.start()
    yield handler
    server.stop()


@pytest.fixture
def client(database_url, smtp_port) -> Iterator[TestClient]:
    smtp = mail.Smtp.from_url(f"smtp://127.0.0.1:{smtp_port}?from=judge@example.org&site=http://testserver")
    app = create_app(database_url, limits=MANY_SIGNUPS, smtp=smtp)
    with TestClient(app) as test_client:
        yield test_client
    app.state.engine.dispose()
    mail.configure(None)


def _sessions(client) -> db.Sessions:
    return client.app.state.sessions


def _addresses(client, **addresses: str) -> None:
    with _sessions(client).begin() as session:
        for name, address in addresses.items():
            session.execute(update(User).where(User.name == name).values(email=address))


def _outbox(client) -> int:
    with _sessions(client).reading() as session:
        return session.scalar(select(func.count()).select_from(OutboxMail)) or 0


def _game(client, phase_seconds: int | None = None):
    gm, ann, bob = sign_up(client, "gm"), sign_up(client, "ann"), sign_up(client, "bob")
    _addresses(client, gm="gm@example.org", ann="ann@example.org", bob="bob@example.org")
    body = {"game": "toy-bids-gm", "options": {"rounds": 3}, "press": "full"} | ({"phase_seconds": phase_seconds} if phase_seconds else {})
    gid = gm.ok("post", "/api/games", body)["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    bob.ok("post", f"/api/games/{gid}/seats/south")
    return gid, gm, ann, bob


def _bid(player, gid, seat, amount=1) -> None:
    player.ok("post", f"/api/games/{gid}/actions", {"seat": seat, "action": {"type": "bid", "amount": amount}})


def _sent(client, now: float | None = None) -> None:
    """The mail thread's look at `now`, as many times as the outbox needs (each sends a batch)."""
    for _ in range(10):
        mail.run(_sessions(client), time.time() if now is None else now)
        if not _outbox(client):
            return


def test_a_new_phase_mails_each_seat_that_must_act_once_with_a_working_unsubscribe_link(client, inbox):
    gid, gm, ann, bob = _game(client)
    _sent(client)
    started = inbox.take()
    assert sorted(m["To"] for m in started) == ["ann@example.org", "bob@example.org"]   # the GM holds no seat
    assert all("has begun" in m["Subject"] for m in started)
    _bid(ann, gid, "north", 2)
    _bid(bob, gid, "south", 1)
    _sent(client)
    _sent(client)   # a second look sends nothing again
    mails = inbox.take()
    assert sorted(m["To"] for m in mails) == ["ann@example.org", "bob@example.org"]
    for one in mails:
        assert one["From"] == "judge@example.org"
        assert one["Subject"] == f"[warjudge] game {gid}: a new phase, your move"
        text = one.get_content()
        assert f"http://testserver/games/{gid}" in text
        said = text.split("http")[0].replace(gid, "")
        assert "amount" not in said and "2" not in said   # no seat's bid (north's 2), not even one's own
    link = mails[0]["List-Unsubscribe"].strip("<>")
    assert link in mails[0].get_content()
    gone = mails[0]["To"]
    page = client.get(link.removeprefix("http://testserver"))   # no sign-in
    assert page.status_code == 200 and 'data-testid="unsubscribed"' in page.text
    assert client.get(link.removeprefix("http://testserver")[:-4] + "0000").status_code == 404   # a forged token
    _bid(ann, gid, "north")
    _bid(bob, gid, "south")
    _sent(client)
    assert [m["To"] for m in inbox.take()] == sorted({"ann@example.org", "bob@example.org"} - {gone})


def test_deadline_reminders_go_at_24_h_and_1_h_once_each_only_to_seats_with_orders_missing(client, inbox):
    gid, gm, ann, bob = _game(client, phase_seconds=3 * 24 * 3600)
    _sent(client)
    inbox.take()
    deadline = gm.ok("get", f"/api/games/{gid}")["deadline"]
    _bid(ann, gid, "north")
    _sent(client, deadline - 25 * HOUR)
    assert inbox.take() == []
    for look in (deadline - 24 * HOUR, deadline - 23 * HOUR):
        _sent(client, look)
    reminded = inbox.take()
    assert [(m["To"], m["Subject"]) for m in reminded] == [("bob@example.org", f"[warjudge] game {gid}: a new phase ends in 24h")]
    for look in (deadline - HOUR + 1, deadline - 60):
        _sent(client, look)
    assert [(m["To"], m["Subject"]) for m in inbox.take()] == [("bob@example.org", f"[warjudge] game {gid}: a new phase ends in 1h")]


def test_the_end_of_a_game_is_mailed_and_a_mail_client_unsubscribes_in_one_click(client, inbox):
    """Issue 24: "game start and end" mailed; RFC 8058's one-click unsubscribe is a POST of
    `List-Unsubscribe=One-Click` to the header's link by the mail client: no sign-in, no page."""
    gid, gm, ann, bob = _game(client)
    for _ in range(3):   # three rounds: the game is over
        _bid(ann, gid, "north")
        _bid(bob, gid, "south")
    assert gm.ok("get", f"/api/games/{gid}")["is_over"]
    _sent(client)
    ended = [m for m in inbox.take() if "is over" in m["Subject"]]
    assert sorted(m["To"] for m in ended) == ["ann@example.org", "bob@example.org"]
    assert ended[0]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    link = ended[0]["List-Unsubscribe"].strip("<>").removeprefix("http://testserver")
    clicked = client.post(link, content=b"List-Unsubscribe=One-Click",
                          headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert clicked.status_code == 200
    with _sessions(client).reading() as session:
        gone = session.scalars(select(User).where(User.email == ended[0]["To"])).one()
        assert gone.mail_events == ""


def test_press_is_mailed_to_its_recipients_only_and_never_to_its_sender(client, inbox):
    gid, gm, ann, bob = _game(client)
    carol = sign_up(client, "carol")
    _sent(client)
    inbox.take()
    ann.ok("post", f"/api/games/{gid}/press", {"seat": "north", "to": ["south"], "text": "an alliance, south?"})
    _sent(client)
    press = inbox.take()
    assert [m["To"] for m in press] == ["bob@example.org"]
    assert "an alliance, south?" in press[0].get_content() and "north" in press[0]["Subject"]
    assert carol.name not in press[0].get_content()


def test_nothing_is_mailed_to_an_account_that_turned_the_notice_off(client, inbox):
    gid, gm, ann, bob = _game(client)
    with _sessions(client).begin() as session:
        session.execute(update(User).where(User.name == "bob").values(mail_events="press"))
    _sent(client)
    _bid(ann, gid, "north")
    _bid(bob, gid, "south")
    _sent(client)
    assert all(m["To"] == "ann@example.org" for m in inbox.take())


def test_an_smtp_server_down_delays_the_mails_and_loses_none(client, smtp_port):
    gid, gm, ann, bob = _game(client)   # no SMTP server listens yet
    _bid(ann, gid, "north")
    _bid(bob, gid, "south")   # the requests succeed all the same
    now = time.time()
    mail.run(_sessions(client), now)
    queued = _outbox(client)
    assert queued == 4   # start and phase, to each
    mail.run(_sessions(client), now + 1)   # not yet due again: no try
    handler = Inbox()
    server = Controller(handler, hostname="127.0.0.1", port=smtp_port)
    server.start()
    try:
        mail.run(_sessions(client), now + 1)
        assert handler.mails == []   # waits for its back-off
        mail.run(_sessions(client), now + mail.LEASE + 1)
        assert len(handler.mails) == 4 and _outbox(client) == 0
    finally:
        server.stop()


def test_without_smtp_nothing_is_queued_and_the_game_goes_on(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'plain.sqlite3'}", limits=MANY_SIGNUPS)
    with TestClient(app) as plain:
        gid, gm, ann, bob = _game(plain)
        _bid(ann, gid, "north")
        _bid(bob, gid, "south")
        assert _outbox(plain) == 0
    app.state.engine.dispose()


def test_the_account_page_sets_the_address_and_the_notices(client):
    browser = TestClient(client.app, base_url="https://testserver", follow_redirects=False)   # the cookie is Secure
    csrf = web_sign_up(browser, "dora")
    bad = browser.post("/account/mail", data={"csrf_token": csrf, "email": "dora@example.org\r\nBcc: x@y.z"})
    assert bad.status_code == 422 and "is not an address" in bad.text
    saved = browser.post("/account/mail", data={"csrf_token": csrf, "email": "dora@example.org", "event_press": "1"})
    assert saved.status_code == 303
    with _sessions(client).reading() as session:
        dora = session.scalars(select(User).where(User.name == "dora")).one()
        assert (dora.email, dora.mail_events) == ("dora@example.org", "press")
    page = browser.get("/account").text
    assert 'value="dora@example.org"' in page and 'name="event_press" value="1" checked' in page


def test_smtp_urls_and_their_mistakes():
    starttls = mail.Smtp.from_url("smtp+starttls://me%40x.org:p%2Fss@mail.x.org?from=j@x.org&site=https://x.org/")
    assert (starttls.host, starttls.port, starttls.security, starttls.user, starttls.password, starttls.sender,
            starttls.site) == ("mail.x.org", 587, "starttls", "me@x.org", "p/ss", "j@x.org", "https://x.org")
    assert (mail.Smtp.from_url("smtps://h").port, mail.Smtp.from_url("smtp://h:2525").port) == (465, 2525)
    for bad, said in (("ftp://h", "scheme"), ("smtp://", "no host"), ("smtp://h:99999", "port"),
                      ("smtp://h?to=x", "unknown setting")):
        with pytest.raises(ValueError, match=said):
            mail.Smtp.from_url(bad)


def test_several_processes_queue_a_reminder_once(client, database_url, monkeypatch):
    gid, gm, ann, bob = _game(client, phase_seconds=3 * 24 * 3600)
    deadline = gm.ok("get", f"/api/games/{gid}")["deadline"]
    processes = [db.sessions(db.make_engine(database_url)) for _ in range(3)]
    every_one_saw_it_due = threading.Barrier(len(processes))
    seen_due = notify._due_reminders

    def due(sessions, now):
        found = seen_due(sessions, now)
        every_one_saw_it_due.wait()
        return found

    monkeypatch.setattr(notify, "_due_reminders", due)
    threads = [threading.Thread(target=notify.remind_due, args=(s, deadline - HOUR)) for s in processes]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    with _sessions(client).reading() as session:
        events = session.scalars(select(OutboxMail.event).where(OutboxMail.event == "reminder")).all()
    assert events == ["reminder", "reminder"]   # north and south, once each
    for process in processes:
        process.kw["bind"].dispose()


def test_a_diplomacy_phase_reads_in_words_in_the_mails():
    # issue 24: a mail names the phase as the pages do ("Spring 1901 (moves)"), not "phase S1901M"
    from warjudge.core import games

    assert notify._phase_name(games.new("diplomacy", seed=1)) == "Spring 1901 (moves)"
    assert notify._phase_name(games.new("toy-bids-gm", seed=1, rounds=3)).startswith(("phase ", "a new phase"))
