"""Every reason the Necromancer judge gives has a French wording (the issue's "reports in
either language"), in the French rulebook's terms and numbering (FR v0.5 with the 2002
amendments). The judge gives reasons as codes with parameters (reasons.py, issue 12);
wording_en.py and wording_fr.py word them.

The reasons are collected from what the judge really produces: random-bot games mixed
with mischievous orders (bad provinces, wrong unit kinds, illegal MU and Double Movement
orders, orders for missing units, builds in wrong places...), and crafted phases run
through the JSON interface for the rarer rules."""

import json
import random
import re

import pytest

from warjudge.core.events import Event, worded
from warjudge.diplomacy.variants.necromancer.bots import random_orders
from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame
from warjudge.diplomacy.variants.necromancer.interface import adjudicate_necromancer
from warjudge.diplomacy.variants.necromancer.pieces import group_of
from warjudge.diplomacy.variants.necromancer.reasons import CODES
from warjudge.presentation.necromancer_diplomacy.report import reason_in, report_text

# Words that betray English (case-sensitive, so province ids like "And" or "For" pass;
# none is also a French word, as "second", "phase", "Double" or "Dragons" would be).
ENGLISH = set("""the is are was be not has have had only cannot can may must unit units order orders move moves
support supports province provinces with and of to at by this that its it no into from build builds built
disband disbands retreat retreats hold holds did prevail cut dislodged void fails attacked reduced first
write unknown missing expected say which there they these each one lost new enemy another both destroyed
occupied adjacent separated mountains sea land coastal never every left more needs lose ignored saw
bounce turn went overran vacant standoff aligned oppositely learns supporting goes aboard making same
Wizard Nazgul Fleet Fleets Engine Engines Siege Cavalry Spiders Standing Army Auxiliary Auxiliaries
Personality Unit Move Movement Adjustment Activates Leads home centre centres EN
""".split())


def english_left(french: str) -> set[str]:
    """English words in a French reason, leaving out what the player wrote ('...', « ... »)."""
    text = re.sub(r"(?<!\w)'[^']*'(?!\w)|\"[^\"]*\"|«[^»]*»", " ", french)
    return {w for w in re.findall(r"\w+", text) if w in ENGLISH}


Why = tuple   # a reason as (English text, code and parameters as JSON text), hashable


def assert_french(reasons: set[Why]) -> None:
    for english, why in reasons:
        event = Event.from_json(json.loads(why))
        assert worded(event, "en") == english
        french = worded(event, "fr")
        assert french != english and not english_left(french) and "(EN " not in french, (english, french)


def codes_in(why: dict) -> set[str]:
    """The code of a reason and of every reason nested in it."""
    inner = why["params"].get("reason")
    return {why["code"]} | (codes_in(inner) if isinstance(inner, dict) else set())


# --- mischief: random-bot games with bad orders mixed in -------------------------------------------

KINDS = ["A", "2A", "A/F", "A/E", "2A/1F", "C", "W", "N", "S", "D", "C/F"]
BAD = ["", "A", "A Xyz - Los", "A Los -", "A Los - Qqq", "A Los S", "A Los S A", "A Los b", "A Los b Q",
       "A Los frobnicate", "A Los - Pel jump", "C Wol - Edo - 2A Hel", "A Los H H", "A Los S A Pel -",
       "Build", "A Los R", "Q Los H", "A Los - SIt foo", "N MMo L", "A Los S A Pel foo"]


def _units(game, power) -> list[str]:
    out = []
    for province, pieces in sorted(game.state.position.items()):
        by_kind: dict[str, list] = {}
        for p in pieces:
            if p.power == power:
                by_kind.setdefault(p.component.kind, []).append(p.component)
        for comps in by_kind.values():
            out.append(str(group_of(comps, province)))
            if len(comps) > 1:
                out.append(str(group_of(comps[:1], province)))
    return out


def mischief(game, power: str, rng: random.Random) -> list[str]:
    nmap, state = game.map, game.state
    provs = sorted(nmap.provinces)
    units = _units(game, power) or [f"A {rng.choice(provs)}"]
    near_of = lambda p: sorted(nmap.neighbours(p, {"land", "coast", "sea", "mountain"})) or provs  # noqa: E731
    out = []
    if state.phase.kind == "M":
        everyone = [u for p in game.powers for u in _units(game, p)] or units
        for unit in units:
            here = unit.split()[-1]
            near, target = near_of(here), rng.choice(everyone)
            dest, far, fake = rng.choice(near), rng.choice(provs), f"{rng.choice(KINDS)} {here}"
            out.append(rng.choice([
                f"{unit} - {dest}", f"{unit} - {far}", f"{unit} - 2A {dest}", f"{unit} - {here}",
                f"{unit} - 3A {here}", f"{unit} S {target}",
                f"{unit} S {target} - {rng.choice(near_of(target.split()[-1]))}",
                f"{unit} S {target} - {here}", f"{unit} b F", f"{unit} b E", f"{unit} L {target}",
                f"{unit} L {rng.choice(units)}", f"{unit} - {dest} - {far}", f"{unit} - {dest} - {dest}",
                f"{unit} H - {dest}", f"{unit} - {dest} H", f"{unit} R {dest}", f"{fake} - {dest}", f"{fake} H",
                f"Build {unit}", "Waive", f"{unit} D", f"{unit} - {rng.choice(near)} - {rng.choice(near)}",
            ]))
        if rng.random() < 0.3:
            out.append(rng.choice(BAD))
    elif state.phase.kind == "R":
        for d in (d for d in game.dislodged if d.power == power):
            first = d.pieces[0].component.kind
            unit = str(group_of([p.component for p in d.pieces if p.component.kind == first], d.province))
            near = near_of(d.province)
            out.append(rng.choice([f"{unit} R {rng.choice(near)}", f"{unit} R {rng.choice(provs)}",
                                   f"{unit} - {rng.choice(near)}", f"{unit} D", f"{unit} H"]))
            if rng.random() < 0.2:
                out.append(f"{unit} D")
        out.append(rng.choice([f"{units[0]} R {rng.choice(provs)}", f"{units[0]} H", rng.choice(BAD)]))
    else:
        mine = sorted(p for p, o in state.owners.items() if o == power)
        for _ in range(rng.randint(0, 3)):
            prov, kind = rng.choice(provs + mine * 3), rng.choice(KINDS)
            out.append(rng.choice([f"Build {kind} {prov}", f"Build {kind} {prov}", f"Remove {rng.choice(units)}",
                                   f"Remove {kind} {prov}", f"Activate {kind} {prov}", "Waive", f"{units[0]} H",
                                   f"Activate {rng.choice('ASD')} {prov}"]))
    return out


def play_with_mischief(seed: int, edition: str, last_year: int = 3035):
    """Yield (game, report) for each phase of a bot game in which powers often misbehave."""
    rng = random.Random(seed)
    game = NecromancerDiplomacyGame(edition)
    while not game.state.winner and game.state.phase.year <= last_year:
        for power in game.powers:
            orders = random_orders(game, power, rng)
            if rng.random() < 0.5:
                orders = mischief(game, power, rng) + (orders if rng.random() < 0.5 else [])
            game.set_orders(power, orders)
        yield game, game.process()


def whys(lines) -> set[Why]:
    return {(line["reason"], json.dumps(line["why"], sort_keys=True)) for line in lines if line["why"]}


def reasons_of(game, report) -> set[Why]:
    return {w for viewer in (None, *game.powers) for w in whys(game.report_view(report, viewer)["orders"])}


@pytest.fixture(scope="module")
def game_reasons() -> set[Why]:
    found: set[Why] = set()
    for seed in range(4):
        for edition in ("2000", "2002"):
            for game, report in play_with_mischief(seed, edition):
                found |= reasons_of(game, report)
    return found


# --- crafted phases for the rarer reasons, through the JSON interface ---------------------------

def phase(phase, units, orders, **extra):
    if "dislodged" in extra:   # written here as a list; the document takes them by power
        by_power = {}
        for d in extra["dislodged"]:
            by_power.setdefault(d["power"], []).append({k: v for k, v in d.items() if k != "power"})
        extra["dislodged"] = by_power
    return {"variant": "necromancer", "phase": phase, "units": units, "orders": orders, **extra}


CRAFTED = [
    # the parser (orders.py)
    phase("TA2765M", {"GONDOR": ["A Los", "A Pel"]},
          {"GONDOR": ["", "A Los -", "A Los - Qqq", "A Xyz - Los", "A Los S A Pel foo", "A Los - Pel jump",
                      "A Los b", "A Los frobnicate", "Build", "A Los S A Pel -", "A Pel R", "A Los S A",
                      "C Wol - Edo - 2A Hel", "Activate Q", "Remove", "N MMo L", "A Los H" + " " * 300]}),
    # checking Movement orders (movement.py)
    phase("TA2765M", {"DWARVES": ["4A Eri"], "ELVES": ["A Woo", "A Lor"]},
          {"DWARVES": ["2A Eri - Ang", "A Eri S A Lor", "A Eri b E"],
           "ELVES": ["A Woo - Woo", "Waive", "A Lor S A Woo - Lor", "A Mor H"]}),
    phase("TA2765M", {"SARUMAN": ["W Anf", "A/F Anf", "A Ise", "A Dun"]},
          {"SARUMAN": ["W Anf - GSe", "A Ise b F", "A/F Anf - Ise - Fan", "A Dun L A Dun"]}),
    phase("TA2765M", {"SAURON": ["N MMo", "A Gor"]}, {"SAURON": ["N MMo S A Gor", "A Gor b E"]}),
    phase("TA2765M", {"SAURON": ["N MMo", "A Gor"]}, {"SAURON": ["N MMo b F"]}),
    phase("TA2765M", {"SAURON": ["N MMo", "A Gor"]}, {"SAURON": ["N MMo L A Gor"]}),
    phase("TA2765M", {"SAURON": ["N MMo", "A Gor"]}, {"SAURON": ["N MMo L A MMo"]}),
    phase("TA2765M", {"GONDOR": ["3A Pel", "A MTi"], "HARAD": ["A Los", "A SIt"]},
          {"GONDOR": ["2A Pel S A MTi - Los", "A Pel H", "A MTi - Los"], "HARAD": ["A SIt - Pel"]}),
    phase("TA2765M", {"GONDOR": ["A Pel", "A Los", "A Lam", "A MTi"]},
          {"GONDOR": ["A Pel - Gor", "A MTi S A Pel - SIt", "A Los - SIt", "A Lam S A Los"]}),
    phase("TA2765M", {"SAURON": ["N SIt"]}, {"SAURON": ["N SIt - Pel - TOL"]}),
    phase("TA2765M", {"DWARVES": ["A Ere"]}, {"DWARVES": ["A Ere S A Ere - Dal"]}),   # EN 4.2 viii
    phase("TA2765M", {"SAURON": ["2A MMo", "N MMo", "A/E NIt"]},
          {"SAURON": ["N MMo - SIt", "A MMo H", "A/E NIt b E"]}),
    phase("TA2765M", {"GONDOR": ["2A Pel", "A Los", "A Lam"]},
          {"GONDOR": ["2A Pel - SIt", "A Los S A Lam - DrF", "A Lam - DrF"]}),
    phase("TA2765M", {"GONDOR": ["2A Pel", "A/F TOL", "2A/1F DAm"]},
          {"GONDOR": ["A Pel - 3A SIt", "A Pel - 3A SIt", "A/F TOL b E", "2A DAm H"]}),
    # Movement results and Double Movement
    phase("TA2765M", {"GONDOR": ["A Los", "A Pel"], "HARAD": ["A SIt", "A Har"]},
          {"GONDOR": ["A Los - SIt", "A Pel S A Los - SIt"], "HARAD": ["A Har - Pel", "A SIt H"]}),
    phase("TA2765M", {"GONDOR": ["A Los", "A Pel", "A MTi"], "HARAD": ["A SIt"]},
          {"GONDOR": ["A Los - SIt", "A Pel S A Los - SIt", "A MTi S A Los - SIt"], "HARAD": ["A SIt S A Har"]}),
    phase("TA2765M", {"GONDOR": ["A Pel"], "HARAD": ["A Los"]}, {"GONDOR": ["A Pel b E"], "HARAD": ["A Los - Pel"]}),
    phase("TA2765M", {"ROHAN": ["C/F Wol", "C Edo"]}, {"ROHAN": ["C/F Wol - Bro - AND", "C Edo - Wes - Wes"]}),
    phase("TA2765M", {"ROHAN": ["C/F Wol"]}, {"ROHAN": ["C/F Wol - AND - Pel"]}),
    phase("TA2765M", {"ROHAN": ["C Wol"], "HARAD": ["A Edo"]}, {"ROHAN": ["C Wol - Edo - Wes"]}),
    phase("TA2765M", {"ROHAN": ["C Wol"], "HARAD": ["A Hel", "A Gap"]},
          {"ROHAN": ["C Wol - Edo - Wes"], "HARAD": ["A Hel - Wes", "A Gap - Wes"]}),
    phase("TA2765M", {"ROHAN": ["C Wol", "A Gap"], "HARAD": ["A Wes"]},
          {"ROHAN": ["C Wol - Edo - Wes", "A Gap S C Edo - Wes"]}),
    phase("TA2765M", {"GONDOR": ["3A Pel"], "HARAD": ["A Los", "A SIt"]},
          {"GONDOR": ["3A Pel S A Lam"], "HARAD": ["A Los - Pel", "A SIt S A Los - Pel"]}),
    phase("TA2765M", {"SARUMAN": ["W Fan"], "GONDOR": ["A Lor", "A Wol"]},
          {"GONDOR": ["A Lor S W Fan", "A Wol - Fan"]}, view="ROHAN"),
    # Retreats (retreats.py)
    phase("TA2765R", {"HARAD": ["A Los"]}, {"GONDOR": ["A SIt R Los", "A SIt R Pel", "A Pel R Lam"]},
          dislodged=[{"power": "GONDOR", "unit": "A SIt", "attacker_from": "Los"}]),
    phase("TA2765R", {}, {"GONDOR": ["A SIt H"]},
          dislodged=[{"power": "GONDOR", "unit": "A SIt", "attacker_from": "Los"}]),
    phase("TA2765R", {"SARUMAN": ["W NIt"]}, {"GONDOR": ["A SIt R NIt"]},
          dislodged=[{"power": "GONDOR", "unit": "A SIt", "attacker_from": "Los"}]),
    phase("TA2765R", {"HARAD": ["A MTi"]}, {"GONDOR": ["A SIt R MTi"]},
          dislodged=[{"power": "GONDOR", "unit": "A SIt", "attacker_from": "Har"}]),
    phase("TA2765R", {},
          {"GONDOR": ["A SIt R Pel"], "ELVES": ["A EMi R SMi"], "ROHAN": ["A Edo R Wes"], "SARUMAN": ["W Anf R GSe"]},
          dislodged=[{"power": "GONDOR", "unit": "A SIt", "attacker_from": "Har"},
                     {"power": "ELVES", "unit": "A EMi", "attacker_from": "Dal"},
                     {"power": "ROHAN", "unit": "A Edo", "attacker_from": "Wol", "also_forbidden": ["Wes"]},
                     {"power": "SARUMAN", "unit": "W Anf", "attacker_from": "Pin"}], standoffs=["Pel"]),
    phase("TA2765R", {}, {"GONDOR": ["A SIt R NIt"], "SAURON": ["N MMo R NIt"]},
          dislodged=[{"power": "GONDOR", "unit": "A SIt", "attacker_from": "Har"},
                     {"power": "SAURON", "unit": "N MMo", "attacker_from": "Gor"}]),
    # Adjustments (adjustments.py)
    phase("TA2750A", {"SARUMAN": ["A Ise", "W Ise"], "STANDING": ["A Gre", "A Gun"]},
          {"SARUMAN": ["Build A Gap", "Build A Ene"], "GONDOR": ["Build A MTi"], "ROHAN": ["Activate A Gre"],
           "SAURON": ["Activate A Gre", "Activate A Gun"]},
          supply_centers={"SARUMAN": ["Ise", "Dun"], "GONDOR": ["MTi"]}),
    phase("TA2750A", {}, {"SARUMAN": ["Build A Edo"], "SAURON": ["Activate A Mor"]},
          supply_centers={"SARUMAN": ["Ise", "Dun"]}),
    phase("TA2780A", {"SARUMAN": ["W Edo"], "ELVES": ["A EMi"]},
          {"ROHAN": ["Build A Edo", "Build 2A Hel", "Build C Edo", "Build A Los", "Build A/F Hel", "Waive"],
           "SAURON": ["Activate S EMi"], "DWARVES": ["Build 2A Eri", "Build W Ere"], "GONDOR": ["Build A Eri"],
           "HARAD": ["Build N Cit", "Remove A Cit"]},
          supply_centers={"ROHAN": ["Edo", "Hel", "Wol"], "DWARVES": ["Ere"], "GONDOR": ["MTi"], "HARAD": ["Cit"]}),
    phase("TA2780A", {"SARUMAN": ["W Wit", "A Ise", "A Dun", "A Gap", "A Ene"]},
          {"SAURON": ["Activate D Wit"], "SARUMAN": ["Remove A Ise", "Remove 3A Dun", "Remove A Dun", "Waive",
                                                     "Activate S EMi", "A Gap H"]},
          supply_centers={"SARUMAN": ["Ise"]}),
    phase("TA2780A", {}, {"SAURON": ["Activate S EMi"], "ROHAN": ["Build A Wes", "Build A Edo", "Build A Hel"]},
          supply_centers={"ROHAN": ["Edo"]}, state={"spiders_used": True}),
    phase("TA2780A", {"SAURON": ["A Gre"]}, {"SAURON": ["Activate A Gre", "Activate D EMi"]},
          supply_centers={"SAURON": ["Gre"]}),
    phase("TA2780A", {"SAURON": ["A Gre"]}, {"SAURON": ["Activate C Gre"]}, supply_centers={"SAURON": ["Gre"]}),
    phase("TA2780A", {"SARUMAN": ["W GSe", "A/F GSe"]}, {"SARUMAN": ["Build A GSe"]},
          supply_centers={"SARUMAN": ["Ise"]}),
    phase("TA2780A", {"SARUMAN": ["W Fan", "A Fan"]}, {"SARUMAN": ["Build A Fan"]},
          supply_centers={"SARUMAN": ["Ise", "Dun"]}),
    phase("TA2780A", {"SARUMAN": ["W Edo"]}, {"SARUMAN": ["Build A Edo"]},
          supply_centers={"SARUMAN": ["Ise"], "ROHAN": ["Edo"]}),
    phase("TA2780A", {"ROHAN": ["A Edo", "A Hel", "A Wes"]}, {"ROHAN": ["Remove A Wes"]},
          supply_centers={"ROHAN": ["Edo"]}),
    phase("TA2780A", {}, {"SAURON": ["Build N MMo"], "GONDOR": ["Build N MTi"]},
          supply_centers={"SAURON": ["MMo"], "GONDOR": ["MTi"]}),
    phase("TA2780A", {}, {"EASTERLINGS": ["Build A TOL"]}, supply_centers={"EASTERLINGS": ["TOL"]}),   # EN 4.3 iv
]


@pytest.fixture(scope="module")
def crafted_reasons() -> set[Why]:
    found: set[Why] = set()
    for doc in CRAFTED:
        found |= whys(adjudicate_necromancer(doc)["orders"])
    return found


def test_every_reason_of_misbehaving_bot_games_is_in_french(game_reasons):  # issue 3
    assert len(game_reasons) > 100
    assert_french(game_reasons)


def test_every_crafted_reason_is_in_french(crafted_reasons):  # issue 3
    assert_french(crafted_reasons)


def test_every_code_is_a_reason_the_judge_really_gives(game_reasons, crafted_reasons):
    """The registry has no dead code, and the reasons collected here reach every code, so a
    reason the judge gives and these tests miss would be a new one (refused actions are
    not report lines: tests/diplomacy/variants/necromancer/test_atomic_orders.py and
    tests/presentation/necromancer_diplomacy/test_wording.py cover them)."""
    used = {code for _, why in game_reasons | crafted_reasons for code in codes_in(json.loads(why))}
    assert sorted(c for c in set(CODES) - used if not c.startswith("necdip.act.")) == []


def test_every_reason_has_the_parameters_its_code_declares(game_reasons, crafted_reasons):  # issue 12
    for _, why in game_reasons | crafted_reasons:
        data = json.loads(why)
        assert sorted(data["params"]) == sorted(CODES[data["code"]]), data


# --- specific wordings, numbered as the French rulebook numbers them ------------------------------

def E(code: str, **params) -> dict:
    return {"code": "necdip." + code, "params": params}


@pytest.mark.parametrize("why,english,french", [
    # FR 4.2 ix (EN 4.2 vii): an MU's support reduced by the strongest cutting attack
    (E("result.reduced", n=1), "reduced to 1 (EN 4.2 vii)", "réduit à 1 (FR 4.2 ix)"),
    # FR 4.2 vi: the MU's size at departure and arrival
    (E("move.mu_size"), "write the MU's size at departure and arrival, e.g. '2A Los - 2A SIt' (FR 4.2 vi)",
     "indiquez la taille de l'UM au départ et à l'arrivée, par exemple « 2A Los - 2A SIt » (FR 4.2 vi)"),
    # FR 4.2 vii: several moves of one MU's Components to one Province are void
    (E("move.one_order_per_destination"), "an MU's Components moving to one province need one order (FR 4.2 vii)",
     "les Composantes d'une UM faisant mouvement vers une même Province doivent recevoir un seul ordre (FR 4.2 vii)"),
    # FR 4.2 xviii: an Auxiliary left out of the order is destroyed
    (E("move.auxiliary_left_out"), "an Auxiliary the order left out is destroyed (FR 4.2 xviii)",
     "un Auxiliaire omis dans l'ordre est détruit (FR 4.2 xviii)"),
    # FR 3.4 iii: Lever fails if the Unit is attacked
    (E("result.attacked"), "attacked (EN 3.4 iii)", "attaquée (FR 3.4 iii)"),
    # FR 3.2.2 viii: the first order of a Double mouvement failed
    (E("double.first_failed"), "the first order failed; the second is void (EN 3.2.2 viii)",
     "le premier ordre a échoué ; le second est nul (FR 3.2.2 viii)"),
    # FR 3.2.2 vi: a second Attaque into a Province where an attack was bounced
    (E("double.bounce", dest="Wes"), "Wes saw a bounce this turn (EN 3.2.2 vi)",
     "Wes a été le lieu d'une attaque repoussée ce tour (FR 3.2.2 vi)"),
    # FR 3.3 vi (EN 3.3 v): building where an enemy Personnalité stands
    (E("adjust.enemy_personality"), "an enemy Personality occupies it; the new units are lost (EN 3.3 v)",
     "une Personnalité ennemie occupe la Province ; les nouvelles Unités sont perdues (FR 3.3 vi)"),
    # FR 8.1 vi (EN 8.1 vii): no Retraite into an oppositely aligned Province, then the Unit is destroyed
    (E("retreat.disbands", reason=E("retreat.aligned")),
     "no unit may retreat into an oppositely aligned province (EN 8.1 vii); the unit disbands",
     "aucune Unité ne peut faire Retraite dans une Province d'un Alignement opposé (FR 8.1 vi)"
     " ; l'Unité est détruite"),
    # FR 2.2.2 iv, 3.3 v: two Retraites into one Province
    (E("retreat.clash", dest="NIt"), "another unit retreated to NIt; both are destroyed (EN 2.2.2 iv, FR 3.3 v)",
     "une autre Unité a fait Retraite en NIt ; les deux sont détruites (FR 2.2.2 iv, 3.3 v)"),
    # FR 7.8.1 vii: only the Nazgûl receives the Commandement order
    (E("move.only_nazgul_leads"), "only the Nazgul Leads (EN 7.8.1 vii)",
     "seul le Nazgûl peut recevoir l'ordre de Commandement (FR 7.8.1 vii)"),
    # FR 7.8.1 x: the Nazgûl leaves its UM
    (E("move.nazgul_leaves"), "the Nazgul leaves: this MU's orders are void unless they go with it (FR 7.8.1 x)",
     "le Nazgûl s'en va : les ordres de cette UM sont nuls à moins qu'elle ne bouge avec lui (FR 7.8.1 x)"),
    # FR 7.8.2 ii: where the Araignées start
    (E("adjust.beasts_start", provinces=["EMi", "NMi"]), "they start in EMi or NMi (EN 7.8.2 ii)",
     "leur Province de départ est EMi ou NMi (FR 7.8.2 ii)"),
    # FR 7.8.2 i: Armées en attente
    (E("adjust.no_standing_army", province="Gun"), "there is no unactivated Standing Army in Gun (EN 7.8.2 i)",
     "il n'y a pas d'Armée en attente non activée en Gun (FR 7.8.2 i)"),
    # FR 7.6 v: the Cavalerie's second order needs its Auxiliaire
    (E("double.needs_auxiliary"), "the second order needs the Auxiliary it would lose: ignored (EN 7.6 v)",
     "le second ordre exige l'Auxiliaire qui serait détruit : il est ignoré (FR 7.6 v)"),
    # FR 4.3 iv inside FR 3.2.2 (a second order no longer possible)
    (E("double.impossible", reason=E("move.fleet_only_sea")),
     "the second order is no longer possible: only units with a Fleet may go to sea (EN 4.3 iv)",
     "le second ordre n'est plus possible : "
     "seules les Unités attachées à une Flotte peuvent aller en mer (FR 4.3 iv)"),
    # FR 3.2.1 viii: a Soutien to a hidden Unit
    (E("result.support_hidden"), "only the supporting power learns this (EN 3.2.1 viii)",
     "seul le donneur du Soutien en est informé (FR 3.2.1 viii)"),
    # FR 2.2.3 i, iii and ii: a failed Attaque, a cut Soutien, then dislodged
    (E("result.and_dislodged", reason=E("result.did_not_prevail", dest="SIt")), "did not prevail in SIt; dislodged",
     "n'a pas pu entrer en SIt ; délogée"),
    (E("result.and_dislodged", reason=E("result.cut")), "cut; dislodged", "coupé ; délogée"),
    # the parser: a part of an order is missing, a Province is unknown
    (E("order.missing", what="support_destination"), "the supported move's destination is missing",
     "il manque la destination de l'Attaque soutenue"),
    (E("order.unknown_province", token="qqq"), "unknown province 'qqq'", "Province inconnue 'qqq'"),
    # FR 5.1 iii: no Soutien from Eriador
    (E("move.eriador_support"), "units in Eriador cannot Support (EN 5.1 iii)",
     "les Unités en Eriador ne peuvent pas Soutenir (FR 5.1 iii)"),
    # power names: French in French reasons, ids in English ones (as the reports print them)
    (E("move.not_yours", unit="A Los", owner="HARAD", power="GONDOR"), "A Los is HARAD's, not GONDOR's",
     "A Los appartient à Harad, pas à Gondor"),
])
def test_specific_french_wordings(why, english, french):
    names = {"HARAD": "Harad", "GONDOR": "Gondor"}
    assert reason_in("fr", why, names) == french
    assert reason_in("en", why) == english


def test_unknown_reasons_are_printed_as_their_code():
    assert reason_in("fr", E("something_new")) == "necdip.something_new {}"
    assert reason_in("en", E("result.cut")) == "cut"


# --- the French report of played phases ----------------------------------------------------------

def test_french_report_of_played_phases_has_no_english_reason():  # issue 3
    checked = 0
    for game, report in play_with_mischief(7, "2002", last_year=2900):
        for viewer in (None, "SAURON"):
            text = report_text(game, report, viewer, lang="fr")
            names = {p.id: p.name_fr for p in game.map.spec.powers}   # power names in French too
            for reason, why in whys(game.report_view(report, viewer)["orders"]):
                assert f"({reason_in('fr', json.loads(why), names)})" in text
                assert f"({reason})" not in text, reason
                checked += 1
            assert "(EN " not in text
            for line in text.splitlines():
                if "(" in line:
                    assert not english_left(line[line.index("(") + 1:]), line
    assert checked > 20
