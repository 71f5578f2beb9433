"""The server-rendered pages' own wording in French (issue 24): the lobby, the account
page, sign-in and sign-up, the error pages and the labels the game pages' templates carry.
A page is worded in the language the game pages' script keeps (static/lang.js): `?lang=`
in the address, else the `warjudge-lang` cookie that script sets, else the browser's.
Each template phrase is its English text, worded in page_words_fr.json, so a phrase with no
French there stays readable (tests/server/web/test_page_words.py checks that each has one).
An error the page shows is the server's reason as data (an `Event`, "api.…"), worded by its
code (presentation/api), never by matching English text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from warjudge.core.events import Event, worded
from warjudge.server.errors import LANG_COOKIE, answer_lang
from warjudge.server.web.boards import LANGUAGES


_FILE: dict[str, Any] = json.loads((Path(__file__).parent / "page_words_fr.json").read_text(encoding="utf-8"))
FRENCH: dict[str, str] = _FILE["phrases"]
WORDS: dict[str, dict[str, str]] = {"en": {}, "fr": FRENCH}
COOKIE = LANG_COOKIE
page_lang = answer_lang   # a page is worded as its errors are (errors.py)


def labels(phrase: str) -> str:
    """A label's wording in every language, as JSON for a `data-labels` attribute: lang.js
    words the label again when the EN/FR buttons switch the page's language."""
    return json.dumps({lang: wording(lang)(phrase) for lang in LANGUAGES}, ensure_ascii=False)


def wording(lang: str) -> Callable[[str | Event], str]:
    """The template's `t`: a phrase, or an error's reason (an `Event`), in `lang`; a phrase
    with no wording there in English."""
    words = WORDS.get(lang, {})

    def word(phrase: str | Event) -> str:
        if isinstance(phrase, Event):
            return worded(phrase, lang)
        return words.get(phrase, phrase)
    return word
