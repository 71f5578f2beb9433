"""Issue 24 finding 14 and its siblings: a game's pages read in French hold no English
word known from their English wording: the game page (status line, side panel, press,
history) and the games master's page of each of the five games, their top bar, the h1
game title, the board's own words (its key) and its tooltips (the <title> of each province, hex, hexside and
counter). The games master's table of the view's fields is the API's own field names and
values (data, not page wording), so it is left out."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.server.web.browser import DESKTOP, chromium, live, shot, sign_up, watch  # noqa: F401 - fixtures

GAMES = ("diplomacy", "necromancer-diplomacy", "necromancer-sjg", "gondor", "sauron")
# words and phrases of the pages' English wording (a word shared by both languages, such as
# "Phase" or "Invitation", is not one of them); matched whole, case and all
ENGLISH = re.compile(r"\b(signed in as|Sign out|Account|games? master|Games master|Adjudicate|Seats?|Clock|"
                     r"Roll back|Start again|Deadline|Give the seat|seat a bot|replace with a bot|Enter these orders|"
                     r"Declare|public view|A bot seated|no deadline|standard map|judge|Middle-earth|hex game|"
                     r"Standard Rules|siege of|Last Alliance|Press|Send|everyone|all messages|characters left|"
                     r"Alert me|level|mountain|clear|Sea|reconstructed|the Necromancer|Leader of|melee|morale|"
                     r"infantry|cavalry|breached|wall|gate|pedestal|Spring|Fall|Standard Diplomacy|"
                     r"Middle-earth|Legend|Turn)\b")
PAGE_TEXT = """(skip) => {
  const shown = [...document.body.querySelectorAll(':scope > *')].map(n => {
    const copy = n.cloneNode(true);
    copy.querySelectorAll('script, svg title, ' + skip).forEach(x => x.remove());   // tooltips: below
    return copy.innerText || copy.textContent;
  });
  const tips = [...document.querySelectorAll('svg title')].map(t => t.textContent);
  return {text: shown.join(' | ') + ' | ' + document.title, tips: tips.join(' | ')};
}"""


def english_in(page, skip: str = "#none") -> list[str]:
    found = page.evaluate(PAGE_TEXT, skip)
    return sorted(set(ENGLISH.findall(found["text"]))) + [f"tooltip: {w}" for w in sorted(set(ENGLISH.findall(found["tips"])))]


@pytest.mark.parametrize("game", GAMES)
def test_a_games_pages_in_french_keep_no_english_word(live, chromium, game):
    me = watch(chromium.new_context(viewport=DESKTOP, locale="en-GB").new_page())
    page = me.page
    sign_up(page, live.url, f"fr-{game}")
    page.locator(f'[data-testid="new-{game}"] button[type="submit"]').click()
    page.wait_for_url(f"{live.url}/games/*")
    game_id = page.url.rsplit("/", 1)[1]

    page.goto(f"{live.url}/games/{game_id}?lang=fr")
    expect(page.locator('[data-testid="phase"]')).not_to_have_text("…")
    expect(page.locator(".board svg title").first).to_be_attached()
    expect(page.locator("h1")).not_to_have_text(re.compile("Diplomacy|hex game|Standard Rules"))
    page.wait_for_timeout(300)   # the side panel and press redrawn after the status line
    shot(page, f"french-{game}-game")
    assert not (left := english_in(page)), f"the {game} page in French: {left}"

    page.goto(f"{live.url}/games/{game_id}/gm")   # the language chosen is kept
    expect(page.locator('[data-testid="phase"]')).not_to_have_text("…")
    expect(page.locator("#seats tr")).not_to_have_count(0)
    expect(page.locator(".board svg title").first).to_be_attached()
    page.wait_for_timeout(300)
    shot(page, f"french-{game}-gm")
    assert not (left := english_in(page, "[data-testid=\"full-view\"]")), f"the {game} games master page in French: {left}"
    assert not me.problems, me.problems
