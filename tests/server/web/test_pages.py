"""The pages' own requests: the order box's dry run and the board picture, each built
from the caller's view only (issue 14)."""

from __future__ import annotations

from tests.server.web.conftest import sign_up
from warjudge.server import auth, history
from warjudge.server.web import game_pages


def new_game(client, csrf: str, game: str, seats: list[str]) -> str:
    headers = {auth.CSRF_HEADER: csrf}
    created = client.post("/api/games", json={"game": game}, headers=headers)
    assert created.status_code == 201, created.text
    for seat in seats:
        assert client.post(f"/api/games/{created.json()['id']}/seats/{seat}", headers=headers).status_code == 200
    return str(created.json()["id"])


def test_the_dry_run_marks_each_line_and_stores_nothing(browser):
    csrf = sign_up(browser)
    game_id = new_game(browser, csrf, "diplomacy", ["FRANCE"])
    before = browser.get(f"/api/games/{game_id}").json()
    answer = browser.post(f"/api/games/{game_id}/check", headers={auth.CSRF_HEADER: csrf},
                          json={"seat": "FRANCE", "orders": ["A par - bur", "A mar - xyz", "F bre - mun"]})
    assert answer.status_code == 200, answer.text
    results = answer.json()["results"]
    assert [r["accepted"] for r in results] == [True, False, False]
    assert "xyz" in results[1]["reason"] and results[2]["reason"]
    after = browser.get(f"/api/games/{game_id}").json()
    assert after["version"] == before["version"] and after["view"]["orders"] == []


def test_the_dry_run_is_only_for_the_seats_holder_and_needs_the_csrf_token(browser, other_browser):
    csrf = sign_up(browser)
    game_id = new_game(browser, csrf, "diplomacy", ["FRANCE"])
    body = {"seat": "FRANCE", "orders": ["A par - bur"]}
    assert browser.post(f"/api/games/{game_id}/check", json=body).status_code == 403      # no CSRF token
    other = sign_up(other_browser, "bob")
    refused = other_browser.post(f"/api/games/{game_id}/check", json=body, headers={auth.CSRF_HEADER: other})
    assert refused.status_code == 403 and "do not hold" in refused.json()["error"]
    other_browser.cookies.clear()
    assert other_browser.post(f"/api/games/{game_id}/check", json=body).status_code == 401


def placed_in_secret(client, csrf: str, game_id: str) -> str:
    """Red places its first unit of the SJG set-up (SJG 9.1, secret); the board's mark of it."""
    place = next(a for a in client.get(f"/api/games/{game_id}/legal?seat=red").json()["seats"][0]["actions"]
                 if a["type"] == "place")
    acted = client.post(f"/api/games/{game_id}/actions", json={"seat": "red", "action": place},
                        headers={auth.CSRF_HEADER: csrf})
    assert acted.status_code == 200, acted.text
    return f'data-unit="red {place["hex"]}"'


def test_a_secret_set_up_is_drawn_for_its_side_only(browser, other_browser):
    # SJG 9.1: "deployed secretly (use a screen)": red's placement is on red's board only
    csrf = sign_up(browser, "cara")
    game_id = new_game(browser, csrf, "necromancer-sjg", ["red"])
    dan = sign_up(other_browser, "dan")
    assert other_browser.post(f"/api/games/{game_id}/seats/black", headers={auth.CSRF_HEADER: dan}).status_code == 200
    stack = placed_in_secret(browser, csrf, game_id)
    assert stack in browser.get(f"/games/{game_id}/board.svg").text
    assert stack not in other_browser.get(f"/games/{game_id}/board.svg").text
    other_browser.cookies.clear()                                   # a spectator
    public = other_browser.get(f"/games/{game_id}/board.svg")
    assert public.status_code == 200 and public.headers["content-type"].startswith("image/svg+xml")
    assert stack not in public.text


def test_the_board_as_png_is_drawn_from_each_callers_own_view(browser, other_browser):
    # issue 25: the presenter's PNG (GameInfo.png); SJG 9.1: red's secret placement is on red's picture only
    csrf = sign_up(browser, "erin")
    game_id = new_game(browser, csrf, "necromancer-sjg", ["red"])
    fay = sign_up(other_browser, "fay")
    assert other_browser.post(f"/api/games/{game_id}/seats/black", headers={auth.CSRF_HEADER: fay}).status_code == 200
    red_before, black_before = (client.get(f"/games/{game_id}/board.png") for client in (browser, other_browser))
    placed_in_secret(browser, csrf, game_id)
    reds, blacks = browser.get(f"/games/{game_id}/board.png"), other_browser.get(f"/games/{game_id}/board.png")
    for answer in (red_before, black_before, reds, blacks):
        assert answer.status_code == 200 and answer.headers["content-type"] == "image/png"
        assert answer.content.startswith(b"\x89PNG\r\n\x1a\n")
    assert reds.content != red_before.content            # red sees his placement drawn
    assert blacks.content == black_before.content        # black sees nothing of it
    assert browser.get(f"/games/{game_id}/board.png?lang=de").status_code == 422


def test_a_board_is_drawn_once_per_version_and_role(browser, other_browser, monkeypatch):
    """A PNG takes about a second to draw: asked again at the same version by the same
    role, it is not drawn again; another role, or a change, draws afresh (issue 22)."""
    drawn: list[str] = []
    real = game_pages.board_png

    def counting(game_id, game, view, lang="en"):
        drawn.append(lang)
        return real(game_id, game, view, lang)

    monkeypatch.setattr(game_pages, "board_png", counting)
    csrf = sign_up(browser)
    game_id = new_game(browser, csrf, "necromancer-sjg", ["red"])
    fay = sign_up(other_browser, "fay")
    assert other_browser.post(f"/api/games/{game_id}/seats/black", headers={auth.CSRF_HEADER: fay}).status_code == 200
    first, again = (browser.get(f"/games/{game_id}/board.png") for _ in range(2))
    assert first.content == again.content and len(drawn) == 1
    assert other_browser.get(f"/games/{game_id}/board.png").status_code == 200 and len(drawn) == 2   # black's own
    placed_in_secret(browser, csrf, game_id)
    assert browser.get(f"/games/{game_id}/board.png").content != first.content and len(drawn) == 3


def test_a_game_drawn_as_svg_only_answers_its_png_with_404(browser):
    csrf = sign_up(browser)
    game_id = new_game(browser, csrf, "diplomacy", ["FRANCE"])
    refused = browser.get(f"/games/{game_id}/board.png")
    assert refused.status_code == 404 and "SVG only" in refused.json()["error"]
    assert browser.get(f"/games/{game_id}/board.svg").status_code == 200


def test_the_diplomacy_map_speaks_english_or_french_only(browser):
    csrf = sign_up(browser)
    game_id = new_game(browser, csrf, "diplomacy", ["FRANCE"])
    assert 'data-testid="map"' in browser.get(f"/games/{game_id}/board.svg?lang=fr").text
    refused = browser.get(f"/games/{game_id}/board.svg?lang=de")
    assert refused.status_code == 422 and "lang" in refused.json()["error"]


def test_pages_say_who_may_see_them(browser, other_browser):
    csrf = sign_up(browser)
    game_id = new_game(browser, csrf, "necromancer-sjg", ["red", "black"])     # hot-seat: both sides
    chooser = browser.get(f"/games/{game_id}")
    assert chooser.status_code == 200 and f"/games/{game_id}?seat=red" in chooser.text
    assert 'data-role="black"' in browser.get(f"/games/{game_id}?seat=black").text
    assert browser.get("/games/nosuchgame").status_code == 404
    sign_up(other_browser, "bob")
    assert other_browser.get(f"/games/{game_id}/gm").status_code == 403       # only the games master
    assert 'data-role="public"' in other_browser.get(f"/games/{game_id}").text
    assert other_browser.get(f"/games/{game_id}?seat=red").status_code == 403


def test_a_necromancer_seat_sees_its_own_units_on_the_map_and_no_hidden_one(browser):
    # the variant's view holds each reader's own report: the map draws the seat's, never the GM's
    # (found by trying the page: the map came out empty and every order was listed as a build)
    import re

    csrf = sign_up(browser)
    game_id = new_game(browser, csrf, "necromancer-diplomacy", ["DWARVES"])
    mine = browser.get(f"/games/{game_id}/board.svg").text
    assert len(re.findall(r'data-testid="unit"[^>]*data-power="DWARVES"', mine)) == 3
    own_report = browser.get(f"/api/games/{game_id}").json()["view"]["report"]["DWARVES"]
    drawn = set(re.findall(r'data-unit="([^"]+)" data-power="([A-Z]+)"', mine))
    assert drawn == {(unit, power) for power, units in own_report["units"].items() for unit in units}


def test_a_gondor_game_page_draws_its_battle_map(browser):
    # issue 15: playable in the browser UI, the board drawn like the SJG game's
    csrf = sign_up(browser)
    game_id = new_game(browser, csrf, "gondor", ["westernesse"])
    svg = browser.get(f"/games/{game_id}/board.svg")
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert svg.text.count('class="hex"') == 300 and 'data-testid="unit"' in svg.text
    assert 'data-has-board="yes"' in browser.get(f"/games/{game_id}").text


def test_the_board_of_an_earlier_phase_is_drawn_from_that_phase_s_view(browser, other_browser):
    """Issue 14's phase history: phase 0 is the start, phase 1 the end of Spring 1901 with
    its orders drawn as arrows; a seat sees that phase as it saw it then."""
    csrf = sign_up(browser)
    headers = {auth.CSRF_HEADER: csrf}
    game_id = new_game(browser, csrf, "diplomacy", ["AUSTRIA"])
    browser.post(f"/api/games/{game_id}/actions", json={"seat": "AUSTRIA", "action": {"orders": ["A bud - ser"]}},
                 headers=headers)
    assert browser.post(f"/api/games/{game_id}/process", headers=headers).status_code == 200   # the creator: GM
    assert browser.get(f"/api/games/{game_id}").json()["view"]["phase"] == "F1901M"
    start = browser.get(f"/games/{game_id}/board.svg?phase=0").text
    spring = browser.get(f"/games/{game_id}/board.svg?phase=1").text
    assert 'data-unit="A bud"' in start and 'data-unit="A ser"' not in start
    assert 'data-unit="A ser"' in spring and 'data-unit="A bud"' not in spring
    assert 'data-order="A bud - ser"' in spring and 'data-order="A bud - ser"' not in start   # its arrow
    missing = browser.get(f"/games/{game_id}/board.svg?phase=9")
    assert missing.status_code == 404 and "phases so far" in missing.json()["error"]
    assert browser.get(f"/games/{game_id}/board.svg?phase=-1").status_code == 422


def test_a_past_phase_s_board_holds_no_connection_while_its_phase_is_read(browser, web_app, monkeypatch):
    """The page's read held its connection (and its game, borrowed from the cache) while
    the phase was read and maybe first folded, in transactions of their own: so many such
    requests at once, each holding one connection and waiting for another, could take
    the whole pool and wait for one another (a stall hazard)."""
    csrf = sign_up(browser)
    game_id = new_game(browser, csrf, "diplomacy", ["AUSTRIA"])
    held = []
    read = history.phase_seen_by
    monkeypatch.setattr(history, "phase_seen_by", lambda *a: held.append(web_app.state.engine.pool.checkedout()) or read(*a))
    assert 'data-unit="A bud"' in browser.get(f"/games/{game_id}/board.svg?phase=0").text
    assert held == [0]


def test_a_spectator_sees_the_necromancer_map_from_the_public_report(browser, other_browser):
    """Issue 14: the variant's public report (what every power may read) is a spectator's
    map; no hidden unit and no Activation reaches it (EN 3.2.1, 7.8.2 vii)."""
    import re

    csrf = sign_up(browser)
    game_id = new_game(browser, csrf, "necromancer-diplomacy", ["SAURON"])
    sign_up(other_browser, "bob")
    public = other_browser.get(f"/games/{game_id}/board.svg")
    assert public.status_code == 200
    drawn = set(re.findall(r'data-unit="([^"]+)" data-power="([A-Z]+)"', public.text))
    report = other_browser.get(f"/api/games/{game_id}").json()["view"]["report"]
    assert list(report) == ["public"]
    assert drawn and drawn == {(unit, power) for power, units in report["public"]["units"].items() for unit in units}
    sauron = browser.get(f"/games/{game_id}/board.svg").text
    hidden = set(re.findall(r'data-unit="([^"]+)" data-power="SAURON"', sauron)) - {u for u, _ in drawn}
    assert hidden, "Sauron's own map shows units the public map does not (his hidden ones)"


def test_the_lobby_offers_each_game_s_described_options_as_fields(browser):
    """Issue 14: a form per game from the registry's descriptions, not raw JSON."""
    sign_up(browser)
    lobby = browser.get("/lobby").text
    assert 'data-option="edition" data-kind="choice"' in lobby and '<option value="2000"' in lobby
    assert 'data-option="optional" data-kind="choices"' in lobby and 'value="fourth_jewel"' in lobby
    assert 'data-option="max_turns" data-kind="int" min="1" max="99"' in lobby   # Gondor's and Sauron's
    assert 'data-option="items" data-kind="counts"' in lobby and 'data-key="black"' in lobby   # SJG 10.5
    # SJG 10.1-10.4 and 8.1: the optional rules by their rulebook titles, not their codes
    assert '> Miasma Demon (10.4)</label>' in lobby and "> miasma demon<" not in lobby
    assert "<label>Black <input" in lobby
    cards = {card.split('"', 1)[0]: card for card in lobby.split('data-testid="new-')[1:]}
    for game in ("diplomacy", "necromancer-diplomacy", "necromancer-sjg", "gondor", "sauron"):
        assert 'name="options"' not in cards[game], game   # fields, not raw JSON (kept for undescribed games)
    for game in ("diplomacy", "necromancer-sjg", "gondor", "sauron"):   # issue 26: the opponent worth playing
        assert '<option value="heuristic" data-budgets="" selected>heuristic (standard)</option>' in cards[game], game
    # each bot with its level, and the think budgets of a bot that takes one (issue 26)
    assert '<option value="search" data-budgets="quick normal long">search (strong)</option>' in cards["diplomacy"]
    assert '<option value="normal" selected>normal</option>' in cards["diplomacy"]


def test_the_lobby_offers_each_data_file_option_as_a_file_field(browser):
    """Issue 22: a map, scenario or charts of one's own is a described option, a file field."""
    sign_up(browser)
    cards = {card.split('"', 1)[0]: card for card in browser.get("/lobby").text.split('data-testid="new-')[1:]}
    for game, names in (("necromancer-diplomacy", ["map"]), ("necromancer-sjg", ["map"]),
                        ("gondor", ["scenario", "charts"]), ("sauron", ["scenario", "charts"])):
        for name in names:
            assert f'data-option="{name}" data-kind="file"' in cards[game], (game, name)
    assert 'data-kind="file"' not in cards["diplomacy"]


def test_an_earlier_necromancer_board_shows_a_spectator_no_hidden_unit(browser, other_browser):
    """The phase history's board is drawn from the role's history view: a spectator's
    phase 0 is the public report, without Sauron's hidden units (EN 3.2.1, 7.8.2 vii)."""
    import re

    csrf = sign_up(browser)
    game_id = new_game(browser, csrf, "necromancer-diplomacy", ["SAURON"])
    sign_up(other_browser, "bob")
    spectator = other_browser.get(f"/games/{game_id}/board.svg?phase=0").text
    sauron = browser.get(f"/games/{game_id}/board.svg?phase=0").text
    seen = set(re.findall(r'data-unit="([^"]+)" data-power="SAURON"', spectator))
    own = set(re.findall(r'data-unit="([^"]+)" data-power="SAURON"', sauron))
    assert seen < own                          # his hidden units are on his board only
    history = other_browser.get(f"/api/games/{game_id}/history").json()
    assert list(history["phases"][0]["view"]["report"]) == ["public"]


def test_a_hex_game_s_log_is_worded_from_the_caller_s_own_view(browser, other_browser):
    """Issue 14 (a log of results with dice): the decision page's results come from the
    seat's own view, worded on the server; a spectator's from the public view; Diplomacy
    games have none (their views report each phase)."""
    from warjudge.presentation.logs import log_lines

    csrf = sign_up(browser, "cara")
    game_id = new_game(browser, csrf, "necromancer-sjg", ["red", "black"])
    headers = {auth.CSRF_HEADER: csrf}
    for _ in range(140):      # both set-ups, then red's turn: each seat's first legal answer
        legal = browser.get(f"/api/games/{game_id}/legal").json()["seats"]
        seat = next(s for s in legal if s["actions"])
        assert browser.post(f"/api/games/{game_id}/actions", json={"seat": seat["seat"], "action": seat["actions"][0]},
                            headers=headers).status_code == 200
    red = browser.get(f"/games/{game_id}/log?seat=red").json()["lines"]
    assert red and red == log_lines("necromancer-sjg", browser.get(f"/api/games/{game_id}?seat=red").json()["view"])
    public = other_browser.get(f"/games/{game_id}/log").json()["lines"]
    assert public == log_lines("necromancer-sjg", other_browser.get(f"/api/games/{game_id}").json()["view"])
    # issue 24 finding 14: a French page's results are in French
    french = browser.get(f"/games/{game_id}/log?seat=red&lang=fr").json()["lines"]
    assert french == log_lines("necromancer-sjg", browser.get(f"/api/games/{game_id}?seat=red").json()["view"], "fr")
    assert french != red and browser.get(f"/games/{game_id}/log?lang=xx").status_code == 422
    other = new_game(browser, csrf, "diplomacy", ["FRANCE"])
    assert browser.get(f"/games/{other}/log").status_code == 404


def test_a_games_master_s_pages_show_no_seat_s_secret(web_app, browser, other_browser):
    # issue 22: the games master (the creator holding no seat) was shown the full view: a
    # secret set-up (SJG 9.1) on its board, in its page's view and its log
    from sqlalchemy.orm import Session

    from warjudge.testing.leaks import leaked
    from warjudge.server import play
    from warjudge.server.models import GameRow

    csrf = sign_up(browser, "gm")
    game_id = new_game(browser, csrf, "necromancer-sjg", [])
    dan = sign_up(other_browser, "dan")
    for seat in ("red", "black"):
        assert other_browser.post(f"/api/games/{game_id}/seats/{seat}", headers={auth.CSRF_HEADER: dan}).status_code == 200
    stack = placed_in_secret(other_browser, dan, game_id)
    assert stack in other_browser.get(f"/games/{game_id}/board.svg?seat=red").text
    assert stack not in browser.get(f"/games/{game_id}/board.svg").text
    with Session(web_app.state.engine) as session:
        full = play.load(session.get(GameRow, game_id)).view(None)
    for path in (f"/api/games/{game_id}", f"/games/{game_id}/log", f"/api/games/{game_id}/history"):
        shown = browser.get(path)
        assert shown.status_code == 200 and not leaked(shown.json(), full, "black"), path
    assert 'data-role="gm"' in browser.get(f"/games/{game_id}").text


def test_a_page_s_error_is_a_page_with_a_way_home_and_the_api_keeps_json(browser, other_browser):
    # issue 24 finding 15: /games/999999 was raw JSON in the browser
    html = {"Accept": "text/html,application/xhtml+xml"}
    missing = browser.get("/games/999999", headers=html)
    assert missing.status_code == 404 and missing.headers["content-type"].startswith("text/html")
    assert "there is no game &#39;999999&#39;" in missing.text and 'href="/lobby"' in missing.text
    csrf = sign_up(browser)
    game_id = new_game(browser, csrf, "necromancer-sjg", ["red"])
    sign_up(other_browser, "bob")
    refused = other_browser.get(f"/games/{game_id}/gm", headers=html)
    assert refused.status_code == 403 and "<h1" in refused.text and 'href="/lobby"' in refused.text
    api = browser.get("/api/games/999999", headers=html)        # the API answers JSON, whatever is accepted
    assert api.status_code == 404 and api.json()["error"] == "there is no game '999999'"
    assert api.json()["why"] == {"code": "api.no_game", "params": {"game": "999999"}}
    assert browser.get("/games/999999").json()["error"]        # a script's fetch (no text/html) keeps JSON


def test_the_lobby_names_the_seats_a_diplomacy_phase_still_waits_for(browser):
    """Every power may change its drafts, but the lobby names only those not yet ready: a
    player who is ready is not shown as owing orders."""
    csrf = sign_up(browser)
    game_id = new_game(browser, csrf, "diplomacy", ["AUSTRIA", "ENGLAND"])
    waiting = browser.get("/lobby").text.split(f'/games/{game_id}"', 1)[1].split("</tr>", 1)[0]
    assert ">AUSTRIA<" in waiting and ">ENGLAND<" in waiting
    ready = browser.post(f"/api/games/{game_id}/ready", json={"seat": "AUSTRIA"}, headers={auth.CSRF_HEADER: csrf})
    assert ready.status_code == 200, ready.text
    waiting = browser.get("/lobby").text.split(f'/games/{game_id}"', 1)[1].split("</tr>", 1)[0]
    assert ">AUSTRIA<" not in waiting and ">ENGLAND<" in waiting


def _row_of(lobby: str, game_id: str) -> str:
    return lobby.split(f'/games/{game_id}"', 1)[1].split("</tr>", 1)[0]


def test_the_lobby_reads_a_page_of_games_and_replays_none(web_app, browser, other_browser, monkeypatch):
    """Issue 22: the lobby read every game on the server and replayed each of the caller's.
    Now it reads a page of the caller's games and of the open ones, newest first, and says
    whom a game waits for from the loaded game or the stored progress, never a replay."""
    from warjudge.server import cache, phases, play
    from warjudge.server.web import pages
    csrf, bob = sign_up(browser), sign_up(other_browser, "bob")
    mine = [new_game(browser, csrf, "diplomacy", ["AUSTRIA"]) for _ in range(3)]
    others = [new_game(other_browser, bob, "diplomacy", []) for _ in range(3)]
    phases.catch_up(web_app.state.sessions, mine[0])   # its stored progress, at its version
    cache.GAMES._games.clear()   # as after a restart: no game loaded
    loads: list[str] = []
    monkeypatch.setattr(play, "load", lambda row: loads.append(row.id))
    monkeypatch.setattr(pages, "LOBBY_PAGE", 2, raising=False)
    first, second = browser.get("/lobby").text, browser.get("/lobby?page=1").text
    assert loads == []
    assert [g for g in mine if f'/games/{g}"' in first] == mine[1:] and f'/games/{mine[0]}"' in second
    assert [g for g in others if f'data-game="{g}" data-seat="ENGLAND"' in first] == others[1:]
    assert f'data-game="{others[0]}" data-seat="ENGLAND"' in second
    assert 'href="/lobby?page=1" rel="next"' in first and 'href="/lobby?page=0" rel="prev"' in second
    assert ">AUSTRIA<" in _row_of(second, mine[0]) and ">ENGLAND<" in _row_of(second, mine[0])   # stored
    assert "not known yet" in _row_of(first, mine[1])   # neither loaded nor folded: no replay to find out


def test_the_lobby_row_of_my_game_counts_the_press_my_seats_have_not_read(browser, other_browser):
    """Issue 24 finding 13: my games show how many press messages my seats have not read
    (their own messages, and others' private ones, never counted), gone once read."""
    csrf, bob = sign_up(browser), sign_up(other_browser, "bob")
    game_id = new_game(browser, csrf, "diplomacy", ["AUSTRIA"])
    assert other_browser.post(f"/api/games/{game_id}/seats/ENGLAND", headers={auth.CSRF_HEADER: bob}).status_code == 200
    assert other_browser.post(f"/api/games/{game_id}/seats/FRANCE", headers={auth.CSRF_HEADER: bob}).status_code == 200
    for seat, to in (("ENGLAND", ["AUSTRIA"]), ("FRANCE", "all"), ("ENGLAND", ["FRANCE"])):
        sent = other_browser.post(f"/api/games/{game_id}/press", json={"seat": seat, "to": to, "text": "hi"},
                                  headers={auth.CSRF_HEADER: bob})
        assert sent.status_code == 201, sent.text
    browser.post(f"/api/games/{game_id}/press", json={"seat": "AUSTRIA", "to": "all", "text": "mine"},
                 headers={auth.CSRF_HEADER: csrf})
    assert 'data-testid="lobby-unread"' in _row_of(browser.get("/lobby").text, game_id)
    assert ">2 unread<" in _row_of(browser.get("/lobby").text, game_id)
    # ENGLAND: the two broadcasts; FRANCE: AUSTRIA's broadcast and ENGLAND's private message
    assert ">4 unread<" in _row_of(other_browser.get("/lobby").text, game_id)
    read = browser.post(f"/api/games/{game_id}/press-read", json={"seat": "AUSTRIA", "upto": 3},
                        headers={auth.CSRF_HEADER: csrf})
    assert read.status_code == 200 and read.json()["unread"] == 0
    assert "unread" not in _row_of(browser.get("/lobby").text, game_id)


def test_an_error_page_shows_the_signed_in_header_without_asking_the_database(browser, other_browser):
    # issue 24: the HTML error page showed "Sign in" to a signed-in user; it names the account
    # its cookie's last page found (header_names.py), so it works with the database down
    html = {"Accept": "text/html"}
    sign_up(browser)                                 # its lobby page saw ann's cookie
    missing = browser.get("/games/nope", headers=html)
    assert missing.status_code == 404 and 'data-testid="user">ann<' in missing.text
    assert 'href="/signin"' not in missing.text and 'action="/signout"' in missing.text
    assert 'href="/signin"' in other_browser.get("/games/nope", headers=html).text   # no cookie: signed out
    browser.post("/signout", data={"csrf_token": auth.csrf_token(browser.cookies[auth.SESSION_COOKIE])})
    assert 'href="/signin"' in browser.get("/games/nope", headers=html).text
