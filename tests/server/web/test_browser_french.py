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

from tests.server.web.browser import DESKTOP, api_as, chromium, live, shot, sign_up, watch  # noqa: F401 - fixtures

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
  const shown = [...document.body.querySelectorAll(':scope > :not(script)')].map(n => {
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
    assert not (left := english_labels(page)), f"the {game} page's labels in French: {left}"

    page.goto(f"{live.url}/games/{game_id}/gm")   # the language chosen is kept
    expect(page.locator('[data-testid="phase"]')).not_to_have_text("…")
    expect(page.locator("#seats tr")).not_to_have_count(0)
    expect(page.locator(".board svg title").first).to_be_attached()
    page.wait_for_timeout(300)
    shot(page, f"french-{game}-gm")
    assert not (left := english_in(page, "[data-testid=\"full-view\"]")), f"the {game} games master page in French: {left}"
    assert not (left := english_labels(page)), f"the {game} games master page's labels in French: {left}"
    assert not me.problems, me.problems


# the English wording of the pages the server words itself, their labels (aria-label, title)
# and the board's zoom buttons; words shared by both languages ("Actions", "options") left out,
# and "--map" (a command's option) too
SERVER_ENGLISH = re.compile(r"\b(Lobby|My games|My part|Waiting for|Open games|New game|Start|Seconds per phase|"
                            r"I play|no seat|Bots in|Anyone may|easy|strong|heuristic|random|blank|the map|"
                            r"the game ends|Sign in|Sign up|New account|Name|Password|Sessions and tokens|Kind|"
                            r"Created|Last used|never|browser|E-mail|Mail me|Change password|Not found|"
                            r"Back to the lobby|there is no game|cp allowance|miasma movement|fourth jewel|the file|not JSON|too large|(?<!-)map|threads|press|zoom the board|zoom in|zoom out|whole board|results)\b")
LABELS = """() => [...document.querySelectorAll('[aria-label], [title]:not(svg *)')]
  .map(n => (n.getAttribute('aria-label') || '') + ' ' + (n.getAttribute('title') || '')).join(' | ')"""


def english_labels(page) -> list[str]:
    labels = page.evaluate(LABELS)
    return sorted(set(SERVER_ENGLISH.findall(labels) + ENGLISH.findall(labels)))


def english_of_server_pages(page) -> list[str]:
    found = page.evaluate(PAGE_TEXT, '.new-game[data-game^="toy-"]')   # the tests' own toy games: not the server's
    words = ENGLISH.findall(found["text"]) + SERVER_ENGLISH.findall(found["text"])
    return sorted(set(words)) + [f"label: {w}" for w in sorted(set(SERVER_ENGLISH.findall(page.evaluate(LABELS))))]


def test_the_lobby_account_sign_in_and_error_pages_in_french_keep_no_english_word(live, chromium):
    # issue 24: "every page in English and French"; the language chosen in the address is kept
    # (static/lang.js's cookie) by the pages that follow, worded by the server
    me = watch(chromium.new_context(viewport=DESKTOP, locale="en-GB").new_page())
    page = me.page
    page.goto(f"{live.url}/signin?lang=fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    shot(page, "french-signin")
    assert not (left := english_of_server_pages(page)), f"sign-in and sign-up in French: {left}"

    sign_up(page, live.url, "fr-pages")   # /signin, then the lobby: no ?lang= any more
    shot(page, "french-lobby")
    assert not (left := english_of_server_pages(page)), f"the lobby in French: {left}"
    card = page.locator('[data-testid="new-necromancer-diplomacy"]')
    card.locator('input[data-option="map"]').set_input_files(
        files=[{"name": "my-map.json", "mimeType": "application/json", "buffer": b"{not json"}])
    card.locator('button[type="submit"]').click()   # refused by the page itself, nothing sent
    expect(page.locator("#error")).to_contain_text("my-map.json")
    assert not (left := english_of_server_pages(page)), f"the lobby's refusal in French: {left}"
    page.locator('[data-testid="new-diplomacy"] button[type="submit"]').click()
    page.wait_for_url(f"{live.url}/games/*")
    expect(page.locator('[data-testid="phase"]')).not_to_have_text("…")
    expect(page.locator('[data-testid="zoom-in"]')).to_be_attached()
    assert not (left := sorted(set(SERVER_ENGLISH.findall(page.evaluate(LABELS))))), f"the game page's labels: {left}"

    page.goto(f"{live.url}/account")
    shot(page, "french-account")
    assert not (left := english_of_server_pages(page)), f"the account page in French: {left}"

    assert not me.problems, me.problems

    page.goto(f"{live.url}/games/no-such-game")   # its 404 is the point
    expect(page.locator('[data-testid="error-status"]')).to_contain_text("404")
    shot(page, "french-error")
    assert not (left := english_of_server_pages(page)), f"an error page in French: {left}"


def test_the_fr_button_words_the_game_page_s_labels_again(live, chromium):
    # issue 24: the labels the server worded (the map's, the press's) and the zoom buttons'
    # follow the EN/FR buttons without a reload
    me = watch(chromium.new_context(viewport=DESKTOP, locale="en-GB").new_page())
    page = me.page
    sign_up(page, live.url, "fr-switch")
    page.locator('[data-testid="new-diplomacy"] button[type="submit"]').click()
    page.wait_for_url(f"{live.url}/games/*")
    expect(page.locator('[data-testid="zoom-in"]')).to_have_attribute("aria-label", "zoom in")
    expect(page.locator("#board")).to_have_attribute("aria-label", "map")
    page.locator('[data-lang="fr"]').click()
    expect(page.locator("#board")).to_have_attribute("aria-label", "carte")
    expect(page.locator("#threads")).to_have_attribute("aria-label", "fils")
    expect(page.locator('[data-testid="zoom-in"]')).to_have_attribute("aria-label", "zoom avant")
    expect(page.locator('[data-testid="zoom-in"]')).to_have_attribute("title", "zoom avant")
    assert not (left := english_labels(page)), f"the page's labels after FR: {left}"
    assert not me.problems, me.problems


def test_a_refusal_from_the_api_is_worded_in_the_page_s_language(live, chromium):
    # issue 24: the lobby's "seat is taken" (a JSON API answer the page shows) stayed English
    # on a French page; the server's refusals carry a code, worded in the page's language
    eve = api_as(chromium, live.url, "fr-eve", new=True)
    game_id = eve.post("/api/games", data={"game": "diplomacy"}).json()["id"]
    assert eve.post(f"/api/games/{game_id}/seats/ENGLAND", data={}).ok
    page = chromium.new_context(viewport=DESKTOP, locale="en-GB").new_page()
    page.goto(f"{live.url}/signin?lang=fr")
    sign_up(page, live.url, "fr-late")
    seat = page.locator(f'button.join[data-game="{game_id}"][data-seat="FRANCE"]')
    expect(seat).to_be_visible()
    taker = api_as(chromium, live.url, "fr-quick", new=True)
    assert taker.post(f"/api/games/{game_id}/seats/FRANCE", data={}).ok   # while the lobby is open
    seat.click()
    expect(page.locator("#error")).to_have_text(f"le siège FRANCE de la partie {game_id} est déjà pris")
    page.goto(f"{live.url}/games/{game_id}/gm")   # an error page, worded by the same code
    expect(page.locator('[data-testid="error-message"]')).to_have_text(
        f"seul le maître du jeu de la partie {game_id} peut faire cela")


def test_seats_and_powers_are_named_in_french(live, chromium):
    # issue 24: a French page printed the powers as the rules name them (AUSTRIA, ENGLAND);
    # the pages name them as French players do (presentation/seat_names.py)
    page = chromium.new_context(viewport=DESKTOP, locale="en-GB").new_page()
    page.goto(f"{live.url}/signin?lang=fr")
    sign_up(page, live.url, "fr-powers")
    page.locator('[data-testid="new-diplomacy"] button[type="submit"]').click()
    page.wait_for_url(f"{live.url}/games/*")
    game_id = page.url.rsplit("/", 1)[1]
    expect(page.locator('[data-testid="seat"]')).to_have_text("Autriche")
    expect(page.locator("#press-to option[value=ENGLAND]")).to_have_text("Angleterre")
    page.locator('[data-lang="en"]').click()   # the page's language switched: the seat's name follows
    expect(page.locator('[data-testid="seat"]')).to_have_text("AUSTRIA")
    page.locator('[data-lang="fr"]').click()
    page.goto(f"{live.url}/games/{game_id}/gm")
    expect(page.locator('#seats tr[data-seat="GERMANY"] td').first).to_have_text("Allemagne")
    page.goto(f"{live.url}/lobby")
    expect(page.locator(f'[data-testid="my-games"] tr[data-game="{game_id}"] td').nth(1)).to_contain_text("Autriche")
