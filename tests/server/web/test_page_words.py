"""Issue 24: the server-rendered pages (lobby, account, sign-in and sign-up, error pages,
the game pages' labels) are worded in French when the language kept by static/lang.js is
French: every phrase their templates word has its French, and the language is chosen as
lang.js chooses it (the address, then the cookie it keeps, then the browser's)."""

from __future__ import annotations

import re
from pathlib import Path

from jinja2 import Environment, nodes
from starlette.requests import Request

from warjudge.core import games
from warjudge.core.events import Event
from warjudge.presentation.api import wording_en as api_en, wording_fr as api_fr
from warjudge.server import notify, play
from warjudge.core.bots import BUDGETS
from warjudge.server.bots import levels as bot_levels
from warjudge.server.web.page_words import COOKIE, FRENCH, page_lang, wording

TEMPLATES = Path(__file__).parents[3] / "src/warjudge/server/web/templates"
SERVER = Path(__file__).parents[3] / "src/warjudge/server"
BUILT_IN = [g for g in games.ids() if (games.info(g).words or "").startswith("warjudge.")]   # not a test's toy


def literals(node: nodes.Node) -> set[str]:
    """The phrases `node` may be: its string constants, a filter's arguments left out."""
    if isinstance(node, nodes.Const):
        return {node.value} if isinstance(node.value, str) else set()
    if isinstance(node, nodes.Filter):
        return literals(node.node) if node.node else set()
    return {phrase for child in node.iter_child_nodes() for phrase in literals(child)}


def phrases_worded() -> set[str]:
    """Every literal phrase the templates pass to `t` (a dict's values included: the error titles)."""
    found: set[str] = set()
    for template in TEMPLATES.glob("*.html"):
        for call in Environment().parse(template.read_text()).find_all(nodes.Call):
            if isinstance(call.node, nodes.Name) and call.node.name == "t":
                found |= literals(call.args[0])
    return found


def test_every_phrase_of_the_pages_has_its_french():
    worded = phrases_worded()
    assert {"Lobby", "Sign up", "Not found", "Back to the lobby", "threads"} <= worded   # the walk finds them
    assert not (missing := sorted(worded - FRENCH.keys())), missing


def test_the_games_options_bots_and_the_mail_notices_have_their_french():
    offered = [o for g in BUILT_IN for o in play.offered_options(g)]
    wanted = {o["label"] for o in offered} | {o["help"] for o in offered} | set(notify.EVENT_NAMES.values())
    wanted |= {word for o in offered if o["kind"] in ("choices", "counts") for word in o["choice_labels"]}
    wanted |= {word for g in BUILT_IN for bot, level in bot_levels(g).items() for word in (bot, level)}
    wanted |= set(BUDGETS)   # a search bot's think budgets (issue 26)
    assert not (missing := sorted(wanted - FRENCH.keys())), missing


def asked(query: str = "", cookie: str | None = None, accept: str = "") -> Request:
    headers = [(b"accept-language", accept.encode())] + ([(b"cookie", f"{COOKIE}={cookie}".encode())] if cookie else [])
    return Request({"type": "http", "method": "GET", "path": "/lobby", "query_string": query.encode(), "headers": headers})


def test_the_page_s_language_is_the_address_s_then_the_kept_one_then_the_browser_s():
    assert page_lang(asked("lang=fr", cookie="en", accept="en-GB")) == "fr"
    assert page_lang(asked(cookie="fr", accept="en-GB")) == "fr"
    assert page_lang(asked("lang=de", cookie="en", accept="fr-FR")) == "en"   # an unknown one is ignored
    assert page_lang(asked(accept="fr-CA,en;q=0.5")) == "fr"
    assert page_lang(asked(accept="en-US,fr;q=0.5")) == "en"
    assert page_lang(asked()) == "en"


def test_a_page_s_error_is_worded_by_its_code_not_its_english():
    french, english = wording("fr"), wording("en")
    assert french(Event("api.no_game", {"game": "x1"})) == "il n'y a pas de partie x1"
    assert french(Event("api.not_your_seat", {"seat": "FRANCE", "game": "g7"})) == \
        "vous ne tenez pas le siège FRANCE de la partie g7"
    assert french(Event("api.wrong_sign_in")) == "nom ou mot de passe erroné"
    assert english(Event("api.no_game", {"game": "x1"})) == "there is no game 'x1'"
    assert french("there is no game 'x1'") == "there is no game 'x1'"   # English text is never matched


def test_every_reason_the_server_raises_is_worded_in_english_and_french():
    # issue 24: a refusal a page shows is worded by its code, so each code needs both tables
    raised = {code for path in SERVER.rglob("*.py") for code in re.findall(r'"(api\.[a-z_]+)"', path.read_text())}
    assert len(raised) > 60
    assert raised <= set(api_en.TEMPLATES), sorted(raised - set(api_en.TEMPLATES))
    assert set(api_en.TEMPLATES) == set(api_fr.TEMPLATES)


def test_the_server_words_its_pages_in_the_language_the_cookie_keeps(browser):
    browser.cookies.set(COOKIE, "fr")   # as lang.js keeps it
    missing = browser.get("/games/nope", headers={"accept": "text/html"})
    assert missing.status_code == 404 and 'lang="fr"' in missing.text
    assert "Introuvable (404)" in missing.text and "pas de partie" in missing.text and "Retour au salon" in missing.text
    signin = browser.get("/signin?lang=en")   # the address wins over the cookie
    assert 'lang="en"' in signin.text and "Sign in or sign up" in signin.text
    broken = browser.get("/unsubscribe/1/not-a-token")   # the cookie again, for a page that needs no sign-in
    assert broken.status_code == 404 and "Ce lien de désabonnement n&#39;est pas valable" in broken.text
    assert "votre compte</a>." in broken.text and " page." not in broken.text
