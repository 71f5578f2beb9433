"""The server-rendered pages' own wording in French (issue 24): the lobby, the account
page, sign-in and sign-up, the error pages and the labels the game pages' templates carry.
A page is worded in the language the game pages' script keeps (static/lang.js): `?lang=`
in the address, else the `warjudge-lang` cookie that script sets, else the browser's.
Each template phrase is its English text, worded in page_words_fr.json, so a phrase with no
French there stays readable (tests/server/web/test_page_words.py checks that each has one)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Callable

from starlette.requests import Request

from warjudge.server.web.boards import LANGUAGES

COOKIE = "warjudge-lang"   # as static/lang.js names it

_FILE: dict[str, Any] = json.loads((Path(__file__).parent / "page_words_fr.json").read_text(encoding="utf-8"))
FRENCH: dict[str, str] = _FILE["phrases"]
WORDS: dict[str, dict[str, str]] = {"en": {}, "fr": FRENCH}
# the errors a page may show (error pages, the sign-in and account forms), in French; the
# parts they quote (a game's id, a seat's or an account's name) kept as they are
FRENCH_ERRORS: list[tuple[re.Pattern[str], str]] = [(re.compile(english), french) for english, french in _FILE["errors"]]


def page_lang(request: Request) -> str:
    """The language the request's page is worded in (see the module's docstring)."""
    for chosen in (request.query_params.get("lang"), request.cookies.get(COOKIE)):
        if chosen in LANGUAGES:
            return chosen
    accepted = request.headers.get("accept-language", "")[:200].split(",")[0].strip().lower()
    return "fr" if accepted.startswith("fr") else "en"


def labels(phrase: str) -> str:
    """A label's wording in every language, as JSON for a `data-labels` attribute: lang.js
    words the label again when the EN/FR buttons switch the page's language."""
    return json.dumps({lang: wording(lang)(phrase) for lang in LANGUAGES}, ensure_ascii=False)


def wording(lang: str) -> Callable[[str], str]:
    """The template's `t`: a phrase or a known error in `lang`, its English if it has no wording there."""
    words = WORDS.get(lang, {})

    def worded(phrase: str) -> str:
        if lang != "fr" or phrase in words:
            return words.get(phrase, phrase)
        for english, french in FRENCH_ERRORS:
            if found := english.fullmatch(phrase):
                return french.format(*found.groups())
        return phrase
    return worded
