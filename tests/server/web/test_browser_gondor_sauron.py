"""A player plays a Game-Turn of Gondor & Sauron (the Sauron battle) in Chromium against
the bot holding the other side (issue 14): a piece clicked lights exactly the hexes its
legal moves reach and a lit hex moves it there; a spell, an attack or a shot shows its
odds (the game's own preview) before the confirm and the engine then rolls on them; every other
decision is answered from clear prompts; the bot answers in the background as soon as it
has the turn; nothing goes wrong in the page."""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import expect

from warjudge.hexwar.gondor_sauron.scenario import SCENARIOS
from warjudge.presentation.choices import labels
from warjudge.presentation.gondor_sauron.choice_facts import codes
from warjudge.presentation.gondor_sauron.wording_en import piece as printed_name, spell

from tests.server.web.browser import (DESKTOP, SIZES, Journey, accessible, api_as, chromium, live, shot,  # noqa: F401 - fixtures
                                      sign_up, watch)

W, S = "westernesse", "sauron"
PLAIN = ("next", "end", "stay", "stand")   # the answers that go on, in the order preferred
ROLLED = ("attack", "fire", "duel")
PENDING = ("retreat", "evade", "advance")


def worded(game, action) -> str:
    """The action as its choice button words it (GET …/legal's label, issue 24 finding 9)."""
    return labels(game.game_id, game, [action], game.view(W), "en")[0]


def acted(page, what: str = "") -> None:
    """The page (reloaded before each answer) logged the one action it sent: the server
    took it, so the next look at the game sees its effect."""
    said = page.locator('[data-testid="log"] li', has_text=re.compile(r"\b(you|vous): "))   # in the page's language
    expect(said.first).to_be_visible()
    expect(page.locator('[data-testid="log"] li', has_text=re.compile("refused|refusé"))).to_have_count(0)
    expect(said.first).not_to_contain_text("·")    # worded for a person (issue 24 finding 9), not the action's fields


def answer(page, game, wanted: str) -> None:
    """Click the choice `wanted` (a plain one); one that forfeits something (issue 24: the
    game's `cost`, e.g. ending a Movement Phase with pieces unmoved, SPI 4.11) asks first."""
    choice = page.locator(f'#actions [data-testid="choice"][data-type="{wanted}"]').first
    words = choice.inner_text().replace("⚠", "").strip()   # the choice less its warning sign
    choice.click()
    if game.cost(W, {"type": wanted}):
        expect(page.locator('[data-testid="cost"]')).to_contain_text("SPI")
        # confirmed by its own name (it once read "Confirm the loss" for ending a phase)
        expect(page.locator('[data-testid="confirm"]')).to_have_text(words)
        page.locator('[data-testid="confirm"]').click()


def cast_by_clicking(live, page, game_id, action) -> None:
    """SPI 8.54: the Leader clicked, the spell picked: its chance is shown before its two
    dice, and the engine's roll succeeds exactly on a total the page listed."""
    preview = live.game(game_id).preview(W, action)
    page.locator(f'[data-testid="unit"][data-unit="{action["leader"]}"]').dispatch_event("click")
    page.locator('#actions [data-testid="choice"][data-type="cast"]', has_text=worded(live.game(game_id), action)).first.click()
    odds = page.locator('[data-testid="odds"]')
    expect(odds).to_contain_text(f"casts {spell(action['spell'])} ({preview['cost']} Magic Points")   # issue 24 finding 9
    expect(odds).to_contain_text(f"({preview['chance_in_36']} chances in 36)")
    shot(page, "gs-spell-odds")
    accessible(page, "a spell's odds")
    page.locator('[data-testid="confirm"]').click()
    acted(page, "cast")
    said = next(e for e in reversed(live.full_view(game_id)["events"]) if e["event"] == "cast")
    assert said["success"] == (said["dice"] in preview["succeeds_on"])


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


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_name, player", [("sauron", "gil"), ("gondor", "hurin")])
def test_a_turn_against_the_bot(live, chromium, game_name, player, size):
    # issue 24: the journey of each G&S game, from sign-up at 1366x768 and at 390x844
    base = live.url
    journey = Journey(game_name, size)
    me = watch(chromium.new_context(viewport=journey.viewport).new_page(), W)
    page = me.page
    sign_up(page, base, journey.user(player))
    journey.step(page, "lobby", "lobby")
    form = page.locator(f'[data-testid="new-{game_name}"]')
    expect(form.locator('input[name="bots"]')).to_be_checked()   # the bot takes Sauron's seat
    form.locator('button[type="submit"]').click()
    page.wait_for_url(f"{base}/games/*")
    game_id = page.url.rsplit("/", 1)[1]
    prompt = page.locator('[data-testid="decision"]')

    moved: set[str] = set()    # the decision kinds in which a piece was moved by clicking
    odds_seen = 0
    cast_seen = False
    for _ in range(80):
        game = live.game(game_id)
        if game.is_over or game.state.turn >= 2:
            break
        assert game.to_act() == (W,), "the bot answered in the background when it had the turn"
        decision = game.decision(W)
        legal = game.legal_actions(W)
        page.reload()
        expect(prompt).to_have_attribute("data-kind", decision.kind)
        expect(prompt).not_to_contain_text("{")     # a sentence, not the raw facts
        pieces = [a for a in legal if a["type"] == "move"]
        rolled = [a for a in legal if a["type"] in ROLLED]
        stuck = not any({"type": k} in legal for k in PLAIN)    # SPI 8.2: Leaders must be restacked first
        casts = [a for a in legal if a["type"] == "cast"]
        if (decision.info or {}).get("stated"):
            # SPI 7.32: attackers are stated against a defender before any attack is made:
            # add the next one the rules require, else resolve; either shows its odds first
            step = {"type": "resolve"} if {"type": "resolve"} in legal else \
                next(a for a in legal if a["type"] == "attack")
            words = worded(game, step)
            page.locator(f'#actions [data-testid="choice"][data-type="{step["type"]}"]', has_text=words).first.click()
            expect(page.locator('[data-testid="odds"]')).to_be_visible()
            page.locator('[data-testid="confirm"]').click()
            acted(page, step["type"])
            continue
        if casts and not cast_seen:    # whether a spell may be cast depends on the bot's spells
            cast_by_clicking(live, page, game_id, casts[0])
            cast_seen = True
            continue
        if pieces and (decision.kind not in moved or stuck):
            # click a piece: exactly its legal destinations are lit; a lit hex moves it there
            pid, to = restacking(live.full_view(game_id), pieces)
            page.locator(f'[data-testid="unit"][data-unit="{pid}"]').dispatch_event("click")
            reach = {a["to"] for a in pieces if a["piece"] == pid}
            lit = page.locator("polygon.hex.lit")
            expect(lit).to_have_count(len(reach))
            assert {lit.nth(i).get_attribute("data-hex") for i in range(lit.count())} == reach
            # issue 24 finding 9: the piece named as printed (as the choices word it), not by its id
            hint = page.locator("#selection")
            name = printed_name(pid, codes(live.game(game_id).view(W)))   # with its counter's code
            hexes = f"{len(reach)} hex lit" if len(reach) == 1 else f"{len(reach)} hexes lit"   # singular when one
            expect(hint).to_have_text(re.compile(rf"^{re.escape(name)}: {hexes} where it may go(; 1 other choice|; ([2-9]|\d\d+) other choices)?\.$"))
            expect(hint).not_to_contain_text(pid)
            if not moved:
                journey.step(page, f"{decision.kind}-lit", "decisions")
            page.locator(f'polygon.hex[data-hex="{to}"]').dispatch_event("click")
            acted(page, f"move · piece {pid} · to {to}")
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
                         has_text=worded(game, action)).first.click()
            odds = page.locator('[data-testid="odds"]')
            expect(odds).to_be_visible()
            if preview["kind"] == "duel":
                expect(odds).to_contain_text(f"Differential {preview['differential']:+d}".replace("+0", "0"))
            else:
                expect(odds).to_contain_text(f"strength {preview['attack']} against armour {preview['armour']}")
                expect(odds).to_contain_text(f"({preview['chance_in_36']} chances in 36)")
            if not odds_seen:
                journey.step(page, f"odds-{action['type']}", "odds")
            before = len(live.full_view(game_id)["events"])
            page.locator('[data-testid="confirm"]').click()
            acted(page, f"{action['type']}")
            said = next((e for e in live.full_view(game_id)["events"][before:] if e["event"] in ROLLED), None)
            if said is None:   # SPI 7.32: the unit is stated; the attacks follow the statement
                continue
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
            journey.step(page, f"combat-{decision.kind}", "combat")   # a mid-combat choice, when the dice ask one
            page.locator("polygon.hex.lit").first.dispatch_event("click")
        else:
            kinds = [a["type"] for a in legal]
            wanted = next((k for k in PLAIN if {"type": k} in legal), kinds[0])
            answer(page, game, wanted)
        acted(page)
    else:
        raise AssertionError("the Game-Turn did not end in 80 decisions")

    game = live.game(game_id)
    assert game.state.turn >= 2 or game.is_over
    assert moved, "no piece was moved by clicking"
    assert any(entry.get("player") == S for entry in game.record.actions), "the bot never played"
    page.reload()
    expect(prompt).not_to_have_text("…")
    journey.step(page, "next-turn", "decisions")   # the turn's results read
    me.checked(live, game_id, [W, S])


# In a page, with its session and CSRF token: a JSON API call.
CALL = """async ([method, path, body]) => {
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  const r = await fetch(path, {method, headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf},
                               body: body === null ? undefined : JSON.stringify(body)});
  if (!r.ok) throw new Error(await r.text());
  return await r.json();
}"""
# The seat answers plainly (next, end, stay, stand; else its first choice) while it is to act.
PLAIN_ON = """async ([game, seat]) => {
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  for (let i = 0; i < 100; i++) {
    const mine = (await (await fetch(`/api/games/${game}/legal?seat=${seat}`)).json()).seats[0];
    if (!mine.decision) return i;
    const action = ["next", "end", "stay", "stand"].map(t => mine.actions.find(a => a.type === t && Object.keys(a).length === 1))
      .find(Boolean) || mine.actions[0];
    const r = await fetch(`/api/games/${game}/actions`, {method: "POST",
      headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf}, body: JSON.stringify({seat, action})});
    if (!r.ok) throw new Error(await r.text());
  }
  return -1;
}"""


def go_on(live, game_id, me, orc, arrived) -> None:
    """Westernesse answers plainly by clicking, Sauron through the API, until Westernesse
    is to act and `arrived(game)`."""
    for _ in range(20):
        game = live.game(game_id)
        if game.to_act() == (W,) and arrived(game):
            return
        if game.to_act() == (S,):
            orc.page.evaluate(PLAIN_ON, [game_id, S])
            continue
        me.page.reload()
        expect(me.page.locator('[data-testid="decision"]')).to_have_attribute("data-kind", game.decision(W).kind)
        wanted = next(k for k in PLAIN if {"type": k} in game.legal_actions(W))
        answer(me.page, game, wanted)
        acted(me.page, wanted)
    raise AssertionError("the phase never came")


def test_spell_and_melee_odds_shown_before_the_dice_are_what_the_engine_rolls(live, chromium):
    # SPI 8.54: a spell's chance before its dice; SPI 7.31-7.33, 7.42: a unit moved by clicking
    # next to an enemy must melee it; the page shows the casualty totals and the morale row
    # before the confirm; the engine's roll is read on them
    from tests.hexwar.gondor_sauron.test_game import small, u

    base = live.url
    me, orc = watch(chromium.new_context(viewport=DESKTOP).new_page(), W), watch(chromium.new_context().new_page(), S)
    sign_up(me.page, base, "elendil")
    sign_up(orc.page, base, "gorbag")
    doc = small([u("a", W, "0503", "B3X"), u("b", W, "0502", "C2X"), u("d", S, "0505", "B3Y", reduced="D2Y")],
                leaders=[{"id": "wiz", "side": W, "nationality": "gondor", "rally": 2, "magic": 6, "hex": "0502"}],
                spells=[{"id": "rend-the-wall", "side": W, "cost": 3, "effect": "breach", "hexside": ["0808", "0809"]}])
    doc["map"]["hexsides"] = [{"hexes": ["0808", "0809"], "kind": "wall"}]   # far from the fight
    game_id = me.page.evaluate(CALL, ["POST", "/api/games", {"game": "sauron", "options": {"scenario": doc}}])["id"]
    me.page.evaluate(CALL, ["POST", f"/api/games/{game_id}/seats/{W}", None])
    orc.page.evaluate(CALL, ["POST", f"/api/games/{game_id}/seats/{S}", None])
    page = me.page
    page.goto(f"{base}/games/{game_id}")
    prompt = page.locator('[data-testid="decision"]')
    expect(prompt).to_have_attribute("data-kind", "magic")   # SPI 3.0 A: Westernesse's Magic Leader first
    cast_by_clicking(live, page, game_id, {"type": "cast", "leader": "wiz", "spell": "rend-the-wall"})
    go_on(live, game_id, me, orc, lambda g: g.state.phase == "F")   # to Westernesse's Movement Phase
    page.reload()
    expect(prompt).to_have_attribute("data-kind", "movement")
    for node in ('[data-testid="unit"][data-unit="a"]', 'polygon.hex.lit[data-hex="0504"]'):   # issue 24: by keyboard
        page.locator(node).focus()
        expect(page.locator(node)).to_be_focused()
        page.locator(node).press("Enter")
    expect(page.locator('[data-testid="unit"][data-unit="a"][data-hex="0504"]')).to_have_count(1)
    answer(page, live.game(game_id), "end")
    acted(page, "end")
    go_on(live, game_id, me, orc, lambda g: g.state.stage == "melee")   # 7.31: "a" is in d's zone and must attack it
    action = {"type": "attack", "unit": "a", "target": "d"}
    assert live.game(game_id).legal_actions(W) == [action]
    preview = live.game(game_id).preview(W, action)
    page.reload()
    expect(prompt).to_contain_text("melee")
    page.locator('#actions [data-testid="choice"][data-type="attack"]').click()
    odds = page.locator('[data-testid="odds"]')
    expect(odds).to_contain_text("Melee strength B against armour 3, morale Y.")
    expect(odds).to_contain_text(f"A casualty on two dice totals {', '.join(map(str, preview['casualty_on']))} "
                                 f"({preview['chance_in_36']} chances in 36).")
    cells = odds.locator("table.odds-row td")
    assert [cells.nth(i).inner_text() for i in range(6)] == [preview["morale_row"][str(d)] for d in range(1, 7)]
    # each result in the row said in words (SPI 7.42, 7.54, 7.57), once
    key = odds.locator('[data-testid="result-key"] li')
    expect(key).to_have_count(len(set(preview["morale_row"].values())))
    expect(odds.locator('[data-testid="result-key"]')).to_contain_text("E: eliminated")
    if "r1A" in preview["morale_row"].values():
        expect(odds.locator('[data-testid="result-key"]')).to_contain_text(
            "r1A: reduced (eliminated if already reduced), then retreats 1 hex and is disrupted")
    shot(page, "gs-melee-odds")
    accessible(page, "a melee's odds")
    # issue 24 finding 14: the prompt and the odds in French too (the FR button), the figures the same
    page.locator('[data-testid="cancel"]').click()
    page.locator('[data-lang="fr"]').click()
    expect(prompt).to_contain_text("mêlée : choisissez une attaque pour en voir les chances")
    page.locator('#actions [data-testid="choice"][data-type="attack"]').click()
    expect(odds).to_contain_text("Force de mêlée B contre armure 3, moral Y.")
    expect(odds).to_contain_text(f"Une perte sur les totaux de deux dés {', '.join(map(str, preview['casualty_on']))} "
                                 f"({preview['chance_in_36']} chances sur 36).")
    page.locator('[data-testid="confirm"]').click()
    acted(page, "attack")
    said = next(e for e in reversed(live.full_view(game_id)["events"]) if e["event"] == "attack")
    if said["result"] == "-":
        assert said["dice"] not in preview["casualty_on"]
    else:
        assert said["dice"] in preview["casualty_on"] and preview["morale_row"][str(said["die"])] == said["result"]
    for watched in (me, orc):
        watched.checked(live, game_id, [W, S])


def test_a_melee_statement_is_made_on_the_page_and_resolved_with_each_attacks_odds(live, chromium):
    # SPI 7.32: the player states the units attacking a defender (each with its odds), the
    # prompt names them, and `resolve` shows each stated attack's odds before any dice;
    # 7.31: b, beside d2 too, need not be stated against d1 (no casualty is possible here,
    # so the position stays put whatever the dice)
    from tests.hexwar.gondor_sauron.test_game import small, u
    from tests.support.gs_audit import charts

    base = live.url
    me, orc = watch(chromium.new_context().new_page(), W), watch(chromium.new_context().new_page(), S)
    sign_up(me.page, base, "isildur")
    sign_up(orc.page, base, "shagrat")
    harmless = {k: {a: [] for a in v} for k, v in charts()["casualty_probability"].items()}
    doc = small([u("a", W, "0504"), u("b", W, "0605"), u("d1", S, "0505"), u("d2", S, "0606"), u("e", W, "0503", "e2X")])
    options = {"scenario": doc, "charts": charts(casualty_probability=harmless)}
    game_id = me.page.evaluate(CALL, ["POST", "/api/games", {"game": "sauron", "options": options}])["id"]
    me.page.evaluate(CALL, ["POST", f"/api/games/{game_id}/seats/{W}", None])
    orc.page.evaluate(CALL, ["POST", f"/api/games/{game_id}/seats/{S}", None])
    page = me.page
    page.goto(f"{base}/games/{game_id}")
    # issue 24 finding 14: a shot is confirmed by "Fire" (it said "Attack"), and its result reads as words
    go_on(live, game_id, me, orc, lambda g: g.state.phase == "G" and g.state.stage == "missile")
    page.reload()
    page.locator('#actions [data-testid="choice"][data-type="fire"]').click()
    expect(page.locator('[data-testid="odds"]')).to_contain_text("Missile strength")
    expect(page.locator('[data-testid="confirm"]')).to_have_text("Fire")
    page.locator('[data-testid="confirm"]').click()
    acted(page, "fire")
    expect(page.locator('[data-testid="results"]')).to_contain_text(
        re.compile(r"G \(Westernesse Combat Phase\) · E \(\w+\) fires on D1 \(\w+\): two dice \d+"))
    expect(page.locator('[data-testid="results"]')).not_to_contain_text("None")
    go_on(live, game_id, me, orc, lambda g: g.state.phase == "G" and g.state.stage == "melee")
    page.reload()
    page.locator('#actions [data-testid="choice"][data-type="attack"]', has_text=re.compile(r"^A\b.* attacks D1\b")).click()
    expect(page.locator('[data-testid="odds"]')).to_contain_text("Melee strength C against armour 2")
    page.locator('[data-testid="confirm"]').click()
    acted(page, "attack")
    page.reload()
    prompt = page.locator('[data-testid="decision"]')
    expect(prompt).to_contain_text(re.compile(r"A \(\w+\) will attack D1 \(\w+\)"))   # issue 24 finding 9: as printed
    page.locator('#actions [data-testid="choice"][data-type="resolve"]').click()
    expect(page.locator('[data-testid="odds"]')).to_contain_text("First: A (IC2X) against D1 (IC2X)")
    assert not [e for e in live.full_view(game_id)["events"] if e["event"] == "attack" and e["unit"] == "a"]
    page.locator('[data-testid="confirm"]').click()
    acted(page, "resolve")
    assert [e["target"] for e in live.full_view(game_id)["events"] if e["event"] == "attack" and e["unit"] == "a"] \
        == ["d1"]
    assert live.game(game_id).legal_actions(W) == [{"type": "attack", "unit": "b", "target": "d2"}]
    me.checked(live, game_id, [W, S])


def test_a_mid_combat_displacement_is_asked_and_answered_in_words(live, chromium):
    # SPI 7.61-7.62: Sauron's melee forces d to retreat (charts where every melee is a one-hex
    # retreat); its only way out holds its friend f, so its owner chooses on the page: the
    # prompt and the choices name the pieces as printed and the hexes (issue 24 finding 9)
    from tests.hexwar.gondor_sauron.test_gs_displacement_chain import D_BOXED, retreat_one_charts, unit, walled

    base = live.url
    me, orc = watch(chromium.new_context().new_page(), W), watch(chromium.new_context().new_page(), S)
    sign_up(me.page, base, "faramir")
    sign_up(orc.page, base, "ugluk")
    doc = json.loads((SCENARIOS / "sauron.json").read_text(encoding="utf-8"))
    doc["map"].update(width=9, height=9, rows=[" ".join(["0"] * 9)] * 9, hexsides=walled(D_BOXED))
    knights = "gondor-knights-10"   # named as printed, in the page's language
    doc.update({"units": [unit("a", S, "0404"), unit(knights, W, "0505"), unit("f", W, "0506")], "leaders": [],
                "turns": 2, "night_turns": [], "reinforcements": [], "spells": [], "pedestal": None})
    options = {"scenario": doc, "charts": retreat_one_charts()}
    game_id = me.page.evaluate(CALL, ["POST", "/api/games", {"game": "sauron", "options": options}])["id"]
    me.page.evaluate(CALL, ["POST", f"/api/games/{game_id}/seats/{W}", None])
    orc.page.evaluate(CALL, ["POST", f"/api/games/{game_id}/seats/{S}", None])
    page = me.page
    page.goto(f"{base}/games/{game_id}")
    go_on(live, game_id, me, orc, lambda g: g.decision(W).kind == "displace")
    page.reload()
    prompt = page.locator('[data-testid="decision"]')
    expect(prompt).to_contain_text("Gondor Knights 10 (IC2X) must retreat and its only way out holds friends: displace them")
    choices = page.locator('#actions [data-testid="choice"]')
    expect(choices.filter(has_text="do not displace: the retreating unit is lost instead")).to_have_count(1)
    # in French the prompt names the piece as the French choices do, and declining's cost is
    # said in French (issue 24: they kept the English printed name and the English words)
    page.locator('[data-lang="fr"]').click()
    expect(prompt).to_contain_text("Chevaliers du Gondor 10 (IC2X) doit faire retraite")
    # and the page's own words follow (they stayed English: "Your decision", "turn 1", "Results")
    expect(page.locator("h2")).to_have_text("Votre décision")
    expect(page.locator('[data-testid="phase"]')).to_contain_text("tour 1 · phase D : Combat des Forces de Sauron")
    expect(page.locator('[data-testid="phase-banner"]')).to_have_count(0)   # a new language is no new phase
    expect(page.locator("h3", has_text="Résultats")).to_have_count(1)
    choices.filter(has_text="ne pas repousser ses amis").click()
    expect(page.locator('[data-testid="cost"]')).to_contain_text(
        "Chevaliers du Gondor 10 (IC2X) ne repousse pas ses amis : le pion est éliminé à la place (SPI 7.61, 7.63)")
    page.locator('[data-testid="cancel"]').click()
    page.locator('[data-lang="en"]').click()
    retreat = choices.filter(has_text=re.compile(r"^Retreat by 0506, displacing the friends there to \d{4}$")).first
    expect(retreat).to_be_visible()
    assert not [t for t in choices.all_inner_texts() if "{" in t or "displace_to" in t]
    retreat.click()
    acted(page, "retreat")
    expect(page.locator('[data-testid="results"]')).to_contain_text("F (IC2X) is displaced to")
    me.checked(live, game_id, [W, S])


def test_a_battle_played_to_its_last_turn_names_that_turn_not_the_next(live, chromium):
    # SPI 12.0 (the Game-Turn Record; max_turns agreed): once the last Game-Turn is played the
    # status line read "turn 2 · … · the game is over" for a one-turn game, a turn never played
    base = live.url
    page = chromium.new_page()
    sign_up(page, base, "turnkeeper")   # the games master: the game's creator
    gm = api_as(chromium, base, "turnkeeper")
    game_id = gm.post("/api/games", data={"game": "gondor", "options": {"max_turns": 1}}).json()["id"]
    for seat in (W, S):
        assert gm.post(f"/api/games/{game_id}/bots", data={"seat": seat, "bot": "random"}).ok
    deadline = time.monotonic() + 60
    while not live.game(game_id).is_over:   # the bots play it out in the background
        assert time.monotonic() < deadline, "the bots never finished the one-turn battle"
        time.sleep(0.2)
    assert live.full_view(game_id)["turn"] == 2   # the engine has moved past the last turn
    page.goto(f"{base}/games/{game_id}")
    status = page.locator('[data-testid="phase"]')
    expect(status).to_contain_text("the game is over")
    expect(status).to_contain_text("turn 1")
    expect(status).not_to_contain_text("turn 2")
    page.goto(f"{base}/games/{game_id}/gm")   # the games master's page names it alike
    expect(page.locator('[data-testid="phase"]')).to_have_text("turn 1")
