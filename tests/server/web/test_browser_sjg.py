"""Two players play SJG Necromancer in Chromium: a secret deployment the other side
cannot see, a move by clicking a stack and a lit hex (by keyboard), an undo, then play on
until one side may attack, which it does by clicking; any decision the combat asks is
answered by clicking; a spectator watches; nothing hidden reaches anyone (issue 14)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.server.web.browser import chromium, join, live, shot, sign_up, start_game, watch  # noqa: F401 - fixtures

SIDES = ["red", "black"]

# In the page, with its own session and CSRF token: the seat plays its first legal action
# that is not a take-back while its decision is `kind` (the rest of a deployment, quickly);
# with `kind` "*", a random one while it has any decision, stopping at a decision to attack.
PLAY_ON = """async ([game, seat, kind]) => {
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  for (let i = 0; i < 400; i++) {
    const legal = await (await fetch(`/api/games/${game}/legal?seat=${seat}`)).json();
    const mine = legal.seats[0];
    if (!mine.decision || (kind !== "*" && mine.decision.kind !== kind)) return i;
    if (kind === "*" && mine.actions.some(a => a.type === "attack")) return -2;
    const choices = mine.actions.filter(a => a.type !== "undo");
    const action = kind === "*" ? choices[Math.floor(Math.random() * choices.length)] : choices[0];
    const r = await fetch(`/api/games/${game}/actions`, {method: "POST",
      headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf},
      body: JSON.stringify({seat, action})});
    if (!r.ok) throw new Error(await r.text());
  }
  return -1;
}"""


def stacks(page, side):
    return page.locator(f'[data-testid="map"] [data-testid="unit"][data-side="{side}"]')


def test_two_players_play_sjg_turns(live, chromium):
    base = live.url
    red = watch(chromium.new_context().new_page(), "red")
    black = watch(chromium.new_context().new_page(), "black")
    spectator = watch(chromium.new_context().new_page())

    sign_up(red.page, base, "cara")
    game_id = start_game(red.page, base, "necromancer-sjg")
    sign_up(black.page, base, "dan")
    join(black.page, base, game_id, "black")

    # SJG 9.1: red deploys secretly: a click on a hex narrows the choices to it, one is placed
    expect(red.page.locator('[data-testid="decision"]')).to_contain_text("deploy")
    first = red.page.locator('#actions [data-testid="choice"][data-type="place"]').first
    hex_id = first.inner_text().split("hex ")[-1].split(" ")[0]
    red.page.locator(f'[data-testid="map"] polygon.hex[data-hex="{hex_id}"]').dispatch_event("click")
    choice = red.page.locator('#actions [data-testid="choice"]').first
    expect(choice).to_contain_text(hex_id)
    choice.click()
    expect(red.page.locator(f'[data-testid="unit"][data-unit="red {hex_id}"]')).to_have_count(1)
    shot(red.page, "sjg-deploy-red")
    black.page.reload()
    spectator.page.goto(f"{base}/games/{game_id}")
    expect(black.page.locator('[data-testid="decision"]')).to_contain_text("deploy")
    for other in (black, spectator):   # red's placement reaches neither the other side nor a spectator
        expect(other.page.locator('[data-testid="map"] svg')).to_have_count(1)
        expect(other.page.locator(f'[data-testid="unit"][data-unit="red {hex_id}"]')).to_have_count(0)
    shot(black.page, "sjg-deploy-black")
    for watched in (red, black, spectator):
        watched.checked(live, game_id, SIDES)

    # the rest of both deployments through the API, from each player's own page
    assert red.page.evaluate(PLAY_ON, [game_id, "red", "deploy"]) > 0
    assert black.page.evaluate(PLAY_ON, [game_id, "black", "deploy"]) > 0
    for watched in (red, black):
        watched.checked(live, game_id, SIDES)
        watched.page.reload()
        expect(watched.page.locator('[data-testid="decision"]')).not_to_have_text("…")
    mover = next(w for w in (red, black) if "move" in w.page.locator('[data-testid="decision"]').inner_text())
    side = mover.viewer

    # click a stack: the hexes it may reach are lit; Enter on one moves it there
    for i in range(stacks(mover.page, side).count()):
        stack = stacks(mover.page, side).nth(i)
        origin = stack.get_attribute("data-hex")
        stack.click()
        if mover.page.locator("polygon.hex.lit").count():
            break
    lit = mover.page.locator("polygon.hex.lit").first
    target = lit.get_attribute("data-hex")
    shot(mover.page, "sjg-move-lit")
    lit.focus()
    lit.press("Enter")
    expect(mover.page.locator(f'[data-testid="unit"][data-unit="{side} {target}"]')).to_have_count(1)
    expect(mover.page.locator('[data-testid="log"]')).to_contain_text("move")

    # undo puts it back
    undo = mover.page.locator('[data-testid="undo"]')
    expect(undo).to_be_visible()
    undo.click()
    expect(mover.page.locator(f'[data-testid="unit"][data-unit="{side} {origin}"]')).to_have_count(1)
    expect(mover.page.locator(f'[data-testid="unit"][data-unit="{side} {target}"]')).to_have_count(0)
    shot(mover.page, "sjg-after-undo")

    # both sides play on at random until one may attack; it attacks by clicking, and every
    # decision the combat asks (retreat, losses, advance, …) is answered by clicking a choice
    attacker = None
    for watched in (red, black):   # from the lobby (its CSRF token, no polling board to redraw)
        watched.page.goto(f"{base}/lobby")
    for _ in range(60):
        for watched in (red, black):
            if watched.page.evaluate(PLAY_ON, [game_id, watched.viewer, "*"]) == -2:
                attacker = watched
                break
        if attacker:
            break
    assert attacker is not None, "nobody came to blows"
    for watched in (red, black):
        watched.page.goto(f"{base}/games/{game_id}")
    attack = attacker.page.locator('#actions [data-testid="choice"][data-type="attack"]').first
    expect(attack).to_be_visible()
    shot(attacker.page, "sjg-attack-offered")
    attack.click()
    expect(attacker.page.locator('[data-testid="log"]')).to_contain_text("you: attack")
    answered: list[str] = []     # the dice decide whether the combat asks anything
    for _ in range(3):
        if answered:
            break
        for watched in (red, black):
            watched.page.reload()
            prompt = watched.page.locator('[data-testid="decision"]')
            expect(prompt).not_to_have_text("…")
            kind = prompt.inner_text().split(" ·")[0]
            if kind not in ("move", "combat", "convert", "opportunity", "take") and not kind.startswith("Nothing"):
                answered.append(kind)
                shot(watched.page, f"sjg-combat-{kind}")
                watched.page.locator('#actions [data-testid="choice"]').first.click()
                expect(watched.page.locator('[data-testid="log"]')).to_contain_text("you: ")
    for watched in (red, black):
        watched.checked(live, game_id, SIDES)

    spectator.page.reload()
    expect(spectator.page.locator('[data-testid="decision"]')).to_contain_text("Watching")
    shot(spectator.page, "sjg-spectator")
    for watched in (red, black, spectator):
        watched.checked(live, game_id, SIDES)
