"""A player plays a Game-Turn of Gondor & Sauron (the Sauron battle) in Chromium against
the bot holding the other side (issue 14): a piece clicked lights exactly the hexes its
legal moves reach and a lit hex moves it there; an attack or a shot shows its odds (the
game's own preview) before the confirm and the engine then rolls on that row; every other
decision is answered from clear prompts; the bot answers at once; nothing goes wrong in
the page."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.server.web.browser import chromium, live, shot, sign_up, watch  # noqa: F401 - fixtures

W, S = "westernesse", "sauron"
PLAIN = ("next", "end", "stay", "stand")   # the answers that go on, in the order preferred
ROLLED = ("attack", "fire", "duel")
PENDING = ("retreat", "evade", "advance")


def where(live, game_id, pid):
    view = live.full_view(game_id)
    return next(p["hex"] for p in view["units"] + view["leaders"] + view["engines"] if p["id"] == pid)


def restacking(view, moves):
    """A move that keeps every Leader stacked with a combat unit of its side (SPI 8.2): a
    combat unit's move if there is one, else a Leader's onto such a unit."""
    units = [m for m in moves if any(u["id"] == m["piece"] for u in view["units"])]
    held = {u["hex"] for u in view["units"] if u["side"] == W}
    chosen = units[0] if units else next(m for m in moves if m["to"] in held)
    return chosen["piece"], chosen["to"]


def test_a_turn_against_the_bot(live, chromium):
    base = live.url
    me = watch(chromium.new_context().new_page(), W)
    page = me.page
    sign_up(page, base, "gil")
    form = page.locator('[data-testid="new-sauron"]')
    expect(form.locator('input[name="bots"]')).to_be_checked()   # the bot takes Sauron's seat
    form.locator('button[type="submit"]').click()
    page.wait_for_url(f"{base}/games/*")
    game_id = page.url.rsplit("/", 1)[1]
    prompt = page.locator('[data-testid="decision"]')

    moved: set[str] = set()    # the decision kinds in which a piece was moved by clicking
    odds_seen = 0
    for _ in range(80):
        game = live.game(game_id)
        if game.is_over or game.turn >= 2:
            break
        assert game.to_act() == (W,), "the bot answers within the request that hands it the turn"
        decision = game.decision(W)
        legal = game.legal_actions(W)
        page.reload()
        expect(prompt).to_have_attribute("data-kind", decision.kind)
        expect(prompt).not_to_contain_text("{")     # a sentence, not the raw facts
        pieces = [a for a in legal if a["type"] == "move"]
        rolled = [a for a in legal if a["type"] in ROLLED]
        stuck = not any({"type": k} in legal for k in PLAIN)    # SPI 8.2: Leaders must be restacked first
        if pieces and (decision.kind not in moved or stuck):
            # click a piece: exactly its legal destinations are lit; a lit hex moves it there
            pid, to = restacking(live.full_view(game_id), pieces)
            page.locator(f'[data-testid="unit"][data-unit="{pid}"]').dispatch_event("click")
            reach = {a["to"] for a in pieces if a["piece"] == pid}
            lit = page.locator("polygon.hex.lit")
            expect(lit).to_have_count(len(reach))
            assert {lit.nth(i).get_attribute("data-hex") for i in range(lit.count())} == reach
            shot(page, f"gs-{decision.kind}-lit")
            page.locator(f'polygon.hex[data-hex="{to}"]').dispatch_event("click")
            expect(page.locator('[data-testid="log"]')).to_contain_text(f"you: move · piece {pid} · to {to}")
            assert where(live, game_id, pid) == to
            moved.add(decision.kind)
            continue
        if rolled and odds_seen < 2:
            # an attack or a shot: its odds first, from the game's preview, then the dice
            action = rolled[0]
            preview = game.preview(W, action)
            key = "unit" if "unit" in action else "leader"
            page.locator(f'[data-testid="unit"][data-unit="{action[key]}"]').dispatch_event("click")
            page.locator(f'#actions [data-testid="choice"][data-type="{action["type"]}"]',
                         has_text=f"target {action['target']}").first.click()
            odds = page.locator('[data-testid="odds"]')
            expect(odds).to_be_visible()
            if preview["kind"] == "duel":
                expect(odds).to_contain_text(f"Differential {preview['differential']:+d}".replace("+0", "0"))
            else:
                expect(odds).to_contain_text(f"strength {preview['attack']} against armour {preview['armour']}")
                expect(odds).to_contain_text(f"{preview['chance_in_36']} in 36")
            shot(page, f"gs-odds-{action['type']}")
            before = len(live.full_view(game_id)["events"])
            page.locator('[data-testid="confirm"]').click()
            expect(page.locator('[data-testid="log"]')).to_contain_text(f"you: {action['type']}")
            said = next(e for e in live.full_view(game_id)["events"][before:] if e["event"] in ROLLED)
            if preview["kind"] == "duel":
                assert preview["row"][str(said["die"])] == said["result"]
            elif said["result"] != "-":   # a casualty: on a total the preview listed, read on its morale row
                assert said["dice"] is None or said["dice"] in preview["casualty_on"]
                assert preview["morale_row"][str(said["die"])] == said["result"]
            else:
                assert said["dice"] not in preview["casualty_on"]
            odds_seen += 1
            continue
        if decision.kind in PENDING and page.locator("polygon.hex.lit").count():
            page.locator("polygon.hex.lit").first.dispatch_event("click")
        else:
            kinds = [a["type"] for a in legal]
            wanted = next((k for k in PLAIN if {"type": k} in legal), kinds[0])
            page.locator(f'#actions [data-testid="choice"][data-type="{wanted}"]').first.click()
        expect(page.locator('[data-testid="log"]')).to_contain_text("you: ")
    else:
        raise AssertionError("the Game-Turn did not end in 80 decisions")

    game = live.game(game_id)
    assert game.turn >= 2 or game.is_over
    assert moved, "no piece was moved by clicking"
    assert any(entry.get("player") == S for entry in game.record.actions), "the bot never played"
    page.reload()
    expect(prompt).not_to_have_text("…")
    shot(page, "gs-next-turn")
    me.checked(live, game_id, [W, S])
