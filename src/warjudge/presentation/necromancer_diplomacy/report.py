"""A Necromancer report as text a GM can mail, in English or French: every heading, power
name, order word, result and reason in the reader's language. It is built only from
`views.player_view`, so a player's report holds only what that player may see; the GM's
report says at its top that it must never be forwarded.

A report gives: the orders and their results (units given no order are listed as such),
dislodged units with their legal retreats, standoffs, eliminations, losses (civil
disorder, disbands), the position, centre ownership province by province with each
power's count, the builds or disbands due, Victory Points after adjustments, and what
comes next."""

from __future__ import annotations

import re

from warjudge.core.errors import OrderError
from warjudge.diplomacy.variants.necromancer.adjustments import wizard_at
from warjudge.diplomacy.variants.necromancer.orders import format_norder, parse_norder

WORDS = {
    "en": {"succeeds": "succeeds", "fails": "fails", "void": "void", "unknown": "unknown",
           "title": "Necromancer", "report_for": "report for", "gm": "the games master",
           "gm_warning": "GAMES MASTER'S COPY: it holds every secret order and position. Never forward it; "
                         "send each power its own report (warjudge diplomacy show --power).",
           "M": "Movement", "R": "Retreats", "A": "Adjustments", "orders": "Orders", "no_order": "no order",
           "dislodged": "Dislodged units", "from": "attacked from", "retreats": "may retreat to",
           "no_retreat": "no retreat open: it will be disbanded", "standoffs": "Standoffs",
           "eliminated": "Eliminated", "units": "Position", "none": "none",
           "centres": "Supply centres", "count": "{n} centre(s)", "unit_count": "{n} unit(s)",
           "builds": "builds {n}", "disbands": "must disband {n}", "even": "no adjustment",
           "points": "Victory Points", "eriador": "Eriador (home centre)", "wizard": "the Wizard",
           "winner": "{power} wins the game", "next": "Next", "over": "The game is over.",
           "STANDING": "Standing Armies", "TA": "TA"},
    "fr": {"succeeds": "réussit", "fails": "échoue", "void": "nul", "unknown": "inconnu",
           "title": "Le Nécromant", "report_for": "compte-rendu pour", "gm": "l'arbitre",
           "gm_warning": "EXEMPLAIRE DE L'ARBITRE : il contient tous les ordres et positions secrets. Ne le "
                         "transmettez jamais ; envoyez à chaque Puissance son propre compte-rendu "
                         "(warjudge diplomacy show --power).",
           "M": "Mouvements", "R": "Retraites", "A": "Ajustements", "orders": "Ordres", "no_order": "sans ordre",
           "dislodged": "Unités délogées", "from": "attaquée depuis", "retreats": "Retraites possibles",
           "no_retreat": "aucune Retraite possible : elle sera détruite", "standoffs": "Attaques repoussées",
           "eliminated": "Éliminées", "units": "Position", "none": "aucune",
           "centres": "Centres de ravitaillement", "count": "{n} CR", "unit_count": "{n} Unité(s)",
           "builds": "construit {n}", "disbands": "doit détruire {n}", "even": "pas d'ajustement",
           "points": "Points de victoire", "eriador": "Eriador (CD)", "wizard": "le Magicien",
           "winner": "{power} remporte la partie", "next": "Ensuite", "over": "La partie est terminée.",
           "STANDING": "Armées en attente", "TA": "TA"},
}
LANGS = tuple(WORDS)


# Every reason the Necromancer judge gives, as an English template and its French wording
# in the French rulebook's terms and numbering (FR v0.5 with the 2002 amendments; FR 4.2
# numbers its paragraphs differently after vi, FR 3.3 after iv, FR 3.4 i-ii and 8.1 v-vii
# are split differently). A template's {fields} are read back from the English reason:
#   {p}, {p2}  a province id          {power}  a Power id (printed as in the report)
#   {unit}     a written unit          {n}      a number
#   {q}        a quoted order word     {what}   a part of an order (see WHAT)
#   {list}     provinces joined by " or "
#   {reason}   another reason, itself translated (compound reasons)
# Whole-reason templates are tried in order, so a compound one never hides a plain one.
FRENCH_REASONS: list[tuple[str, str]] = [
    # --- the order parser (orders.py) -------------------------------------------------
    ("empty order", "ordre vide"),
    ("{what} is missing", "il manque {what}"),
    ("unknown province {q}", "Province inconnue {q}"),
    ("{what}: write the unit like 'A Los' or '2A/1F Pel'",
     "{what} : écrivez l'Unité comme « A Los » ou « 2A/1F Pel »"),
    ("unexpected {q} at the end", "{q} inattendu à la fin de l'ordre"),
    ("expected a hold ('H') or a move ('- Prov')", "il faut un ordre de Tenir (« T ») ou d'Attaquer (« - Prov »)"),
    ("a Double Move cannot form a Multiple Unit", "un Double mouvement ne peut pas former d'Unité multiple"),
    ("say which Auxiliary to build: F (Fleet) or E (Siege Engine)",
     "précisez l'Auxiliaire à Lever : F (Flotte) ou E (Engin de siège)"),
    ("cannot understand {q}; orders look like 'A Los - SIt', 'A Pel S A Los - SIt', 'A Los H'",
     "{q} incompris ; les ordres s'écrivent « A Los - SIt », « A Pel Soutenir A Los - SIt », « A Los Tenir »"),
    # --- checking Movement orders (movement.py) ---------------------------------------
    ("builds, disbands and Activations belong to an Adjustment phase",
     "les Constructions, Destructions et Activations appartiennent à la phase d'Ajustement"),
    ("retreats and disbands belong to a Retreat or Adjustment phase",
     "les Retraites et Destructions appartiennent aux phases de Retraite ou d'Ajustement"),
    ("{unit} already has an order (the first one counts)", "{unit} a déjà reçu un ordre (le premier compte)"),
    ("{unit} is {power}'s, not {power2}'s", "{unit} appartient à {power}, pas à {power2}"),
    ("{power} has no dislodged unit in {p}", "{power} n'a pas d'Unité délogée en {p}"),
    ("{power} has no build to waive", "{power} n'a pas de Construction à laquelle renoncer"),
    ("{power} has no units to disband", "{power} n'a pas d'Unités à détruire"),
    ("{power} has no Multiple Units: order these units one by one (EN 4.2 i)",
     "{power} n'a pas d'Unités multiples : donnez un ordre à chaque Unité (FR 4.2 i)"),
    ("{power} has no {unit}", "{power} n'a pas d'Unité {unit}"),
    ("{power} has no {unit} to Lead (EN 7.8.1 vii)", "{power} n'a pas d'Unité {unit} à Commander (FR 7.8.1 vii)"),
    ("an Auxiliary the order left out is destroyed (FR 4.2 xviii)",
     "un Auxiliaire omis dans l'ordre est détruit (FR 4.2 xviii)"),
    ("write the MU's size at departure and arrival, e.g. '2A Los - 2A SIt' (FR 4.2 vi)",
     "indiquez la taille de l'UM au départ et à l'arrivée, par exemple « 2A Los - 2A SIt » (FR 4.2 vi)"),
    ("the Wizard goes to sea only aboard a Saruman A/F making the same move (EN 7.7 vii)",
     "le Magicien ne va en mer qu'avec une Armée/Flotte de Saruman faisant le même mouvement (FR 7.7 vii)"),
    ("more orders than Components: all of them are void (EN/FR 4.2 v)",
     "plus d'ordres que de Composantes : tous sont nuls (FR 4.2 v)"),
    ("an MU's Components moving to one province need one order (FR 4.2 vii)",
     "les Composantes d'une UM faisant mouvement vers une même Province doivent recevoir un seul ordre (FR 4.2 vii)"),
    ("the Nazgul leaves: this MU's orders are void unless they go with it (FR 7.8.1 x)",
     "le Nazgûl s'en va : les ordres de cette UM sont nuls à moins qu'elle ne bouge avec lui (FR 7.8.1 x)"),
    ("only Cavalry and the Nazgul have Double Movement (EN 7.6 ii, 7.8.1 iv)",
     "seuls la Cavalerie et le Nazgûl ont le Double mouvement (FR 7.6 ii, 7.8.1 iv)"),
    ("the second order must move to another province or hold",
     "le second ordre doit Attaquer une autre Province ou Tenir"),
    ("{p} is not adjacent to {p2}", "{p} n'est pas adjacente à {p2}"),
    ("{p} and {p2} are separated by mountains (EN 5.2)", "{p} et {p2} sont séparées par des montagnes (FR 5.2)"),
    ("the Nazgul may never enter a sea province (EN 7.8.1 vi)",
     "le Nazgûl ne peut jamais entrer dans une Province maritime (FR 7.8.1 vi)"),
    ("only units with a Fleet may go to sea (EN 4.3 iv)",
     "seules les Unités attachées à une Flotte peuvent aller en mer (FR 4.3 iv)"),
    ("a unit cannot move to its own province", "une Unité ne peut pas Attaquer sa propre Province"),
    ("a Personality cannot Support (EN 3.3 i)", "une Personnalité ne peut pas accorder de Soutien (FR 3.3 i)"),
    ("units in Eriador cannot Support (EN 5.1 iii)", "les Unités en Eriador ne peuvent pas Soutenir (FR 5.1 iii)"),
    ("a unit cannot support a move into its own province",
     "une Unité ne peut pas Soutenir une Attaque vers sa propre Province"),
    ("a unit cannot support itself: only Components of one MU support each other (EN 4.2 viii)",
     "une Unité ne peut pas se Soutenir elle-même : seules les Composantes d'une même UM se Soutiennent (FR 4.2 viii)"),
    ("{unit} cannot move to {p}, so cannot support there",
     "{unit} ne peut pas aller en {p}, elle ne peut donc pas y Soutenir"),
    ("a Personality cannot build Auxiliaries (EN 3.3 i)",
     "une Personnalité ne peut pas Lever d'Auxiliaires (FR 3.3 i)"),
    ("units in Eriador cannot Build (EN 5.1 iii)", "les Unités en Eriador ne peuvent pas Lever (FR 5.1 iii)"),
    ("Fleets are built only in coastal provinces (EN 4.3 ii)",
     "les Flottes ne peuvent être levées que dans les Provinces côtières (FR 4.3 ii)"),
    ("Siege Engines are built only on land (EN 4.4 ii)",
     "les Engins de siège ne peuvent être levés que dans les Provinces terrestres (FR 4.4 ii)"),
    ("only one Siege Engine may be in a province (EN 4.4 iii)",
     "une Province n'accepte qu'un Engin de siège (FR 4.4 iii)"),
    ("only the Nazgul Leads (EN 7.8.1 vii)", "seul le Nazgûl peut recevoir l'ordre de Commandement (FR 7.8.1 vii)"),
    ("the Nazgul Leads a unit in its own province (EN 7.8.1 vii)",
     "le Nazgûl ne Commande qu'une Unité de sa propre Province (FR 7.8.1 vii)"),
    # --- Movement results and Double Movement -----------------------------------------
    ("did not prevail in {p}", "n'a pas pu entrer en {p}"),
    ("cut", "coupé"),
    ("the supported unit was not ordered to move there", "l'Unité soutenue n'a pas reçu l'ordre d'y Attaquer"),
    ("the supported unit did not hold", "l'Unité soutenue n'a pas tenu"),
    ("reduced to {n} (EN 4.2 vii)", "réduit à {n} (FR 4.2 ix)"),
    ("attacked (EN 3.4 iii)", "attaquée (FR 3.4 iii)"),
    ("dislodged", "délogée"),
    ("the first order failed; the second is void (EN 3.2.2 viii)",
     "le premier ordre a échoué ; le second est nul (FR 3.2.2 viii)"),
    ("{p} saw a bounce this turn (EN 3.2.2 vi)", "{p} a été le lieu d'une attaque repoussée ce tour (FR 3.2.2 vi)"),
    ("the second order is no longer possible: {reason}", "le second ordre n'est plus possible : {reason}"),
    ("the second order needs the Auxiliary it would lose: ignored (EN 7.6 v)",
     "le second ordre exige l'Auxiliaire qui serait détruit : il est ignoré (FR 7.6 v)"),
    ("the second order did not prevail in {p}", "le second ordre n'a pas pu entrer en {p}"),
    ("only the supporting power learns this (EN 3.2.1 viii)",
     "seul le donneur du Soutien en est informé (FR 3.2.1 viii)"),
    # --- Retreats (retreats.py) ---------------------------------------------------------
    ("the Wizard retreats to sea only from sea, to a Saruman A/F (EN 7.7 viii)",
     "le Magicien ne fait Retraite en mer que depuis la mer, vers une Armée/Flotte de Saruman (FR 7.7 viii)"),
    ("a unit cannot retreat to the province its attacker came from ({p})",
     "une Unité ne peut pas faire Retraite vers la Province d'où venait son attaquant ({p})"),
    ("the Cavalry that overran it went on to {p} (EN 7.6 iii)",
     "la Cavalerie qui l'a délogée est passée en {p} (FR 7.6 iii)"),
    ("{p} was left vacant by a standoff", "{p} est restée vide à la suite d'une attaque repoussée"),
    ("no unit may retreat into an oppositely aligned province (EN 8.1 vii)",
     "aucune Unité ne peut faire Retraite dans une Province d'un Alignement opposé (FR 8.1 vi)"),
    ("{p} is occupied", "{p} est occupée"),
    ("only retreat and disband orders are allowed in a retreat phase",
     "seuls les ordres de Retraite et de Destruction sont permis en phase de Retraite"),
    ("this unit already has an order", "cette Unité a déjà reçu un ordre"),
    ("no retreat order", "pas d'ordre de Retraite : l'Unité est détruite"),
    ("the Nazgul left this Multiple Unit: extra units are destroyed (FR 7.8.1 ix)",
     "le Nazgûl a quitté cette Unité multiple : les Unités en trop sont détruites (FR 7.8.1 ix)"),
    ("longer than {n} characters", "plus de {n} caractères"),
    ("another unit retreated to {p}; both are destroyed (EN 2.2.2 iv, FR 3.3 v)",
     "une autre Unité a fait Retraite en {p} ; les deux sont détruites (FR 2.2.2 iv, 3.3 v)"),
    ("an enemy Personality in {p} destroys the retreating unit (EN 3.3 iv)",
     "une Personnalité ennemie en {p} détruit l'Unité qui fait Retraite (FR 3.3 iv)"),
    # --- Adjustments (adjustments.py) ---------------------------------------------------
    ("only Sauron Activates (EN 7.8.2 iv)", "seul Sauron peut Activer (FR 7.8.2 iv)"),
    ("only one Activation in each Adjustment phase (EN 7.8.2 v)",
     "une seule Activation par phase d'Ajustement (FR 7.8.2 v)"),
    ("TA 2750 has only Sauron's Activation and Saruman's third army (EN 7.7 x)",
     "en TA 2750, seules l'Activation de Sauron et la troisième Armée de Saruman sont permises (FR 7.7 x)"),
    ("an enemy Personality occupies it; the new units are lost (EN 3.3 v)",
     "une Personnalité ennemie occupe la Province ; les nouvelles Unités sont perdues (FR 3.3 vi)"),
    ("only build, disband, waive and Activate orders in an Adjustment phase",
     "seuls les ordres de Construire, Détruire, Renoncer et Activer sont permis en phase d'Ajustement"),
    ("civil disorder", "désordre civil"),
    ("there is no unactivated Standing Army in {p} (EN 7.8.2 i)",
     "il n'y a pas d'Armée en attente non activée en {p} (FR 7.8.2 i)"),
    ("Sauron Activates Standing Armies, the Spiders or the Dragons (EN 7.8.2 iv)",
     "Sauron Active des Armées en attente, les Araignées ou les Dragons (FR 7.8.2 iv)"),
    ("the Spiders and the Dragons are Activated once each (EN 7.8.2 v)",
     "les Araignées et les Dragons ne peuvent être Activés qu'une seule fois chacun (FR 7.8.2 v)"),
    ("they start in {list} (EN 7.8.2 ii)", "leur Province de départ est {list} (FR 7.8.2 ii)"),
    ("a hidden unit is there: the Activation fails and cannot be tried again (EN 7.8.2 vi)",
     "une Unité au Mouvement caché s'y trouve : l'Activation échoue et ne peut être retentée (FR 7.8.2 vi)"),
    ("{p} is occupied; they may be Activated later (FR 7.8.2 v)",
     "{p} est occupée ; l'Activation reste possible plus tard (FR 7.8.2 v)"),
    ("Auxiliaries are built by units in a Movement phase, not in adjustments (EN 3.4 i)",
     "les Auxiliaires sont Levés par les Unités en phase de Mouvement, pas pendant l'Ajustement (FR 3.4 i-ii)"),
    ("Saruman's third army goes to Agr, Ene, Fan, Gap or Gld (EN 7.7 x)",
     "la troisième Armée de Saruman se place en Agr, Ene, Fan, Gap ou Gld (FR 7.7 x)"),
    ("Saruman places one third army", "Saruman ne place qu'une troisième Armée"),
    ("only Sauron rebuilds the Nazgul, when it is not in play (EN 7.8.1 ii)",
     "seul Sauron reconstruit le Nazgûl, quand celui-ci n'est pas en jeu (FR 7.8.1 ii)"),
    ("these units are never built (EN 7.7 ix, 7.8.2 iii)",
     "ces Unités ne sont jamais construites (FR 7.7 ix, 7.8.2 iii)"),
    ("Rohan builds one Cavalry a phase, in the Wold (EN 7.6 i)",
     "le Rohan construit une Cavalerie par phase d'Ajustement, dans le Wold (FR 7.6 i)"),
    ("{power} has {n} build(s) left", "il reste {n} Construction(s) à {power}"),
    ("Eriador's home centres are the Dwarves' and the Elves' (EN 5.1 iv)",
     "les CD d'Eriador sont ceux des Nains et des Elfes (FR 5.1 iv)"),
    ("each Eriador home centre builds one unit a phase (EN 5.1 v)",
     "chaque CD d'Eriador ne construit qu'une Unité par phase d'Ajustement (FR 5.1 v)"),
    ("not on the Wizard at sea (EN 7.7 iv)", "pas sur le Magicien quand il est en mer (FR 7.7 iv)"),
    ("the Wizard's province already holds a Saruman unit (EN 7.7 iv)",
     "la Province du Magicien contient déjà une Unité de Saruman (FR 7.7 iv)"),
    ("the Wizard's province is another power's home centre (EN 7.7 iv)",
     "la Province du Magicien est un CD d'une autre Puissance (FR 7.7 iv)"),
    ("{p} is not a home centre {power} owns", "{p} n'est pas un CD que possède {power}"),
    ("{power} builds one unit in a province (EN 4.2 i)", "{power} ne construit qu'une Unité par Province (FR 4.2 i)"),
    ("{power} disbands only {n} more", "{power} ne peut plus détruire que {n} Unité(s)"),
    # --- compound reasons: another reason with something added -----------------------
    ("{reason}; dislodged", "{reason} ; délogée"),
    ("{reason}; the unit disbands", "{reason} ; l'Unité est détruite"),
]

# The parts of an order the parser names in its reasons ({what}).
WHAT = {
    "the unit to build": "l'Unité à construire",
    "the unit to activate": "l'Unité à activer",
    "the unit to disband": "l'Unité à détruire",
    "the ordered unit": "l'Unité qui reçoit l'ordre",
    "the supported unit": "l'Unité soutenue",
    "the led unit": "l'Unité commandée",
    "the supported move's destination": "la destination de l'Attaque soutenue",
    "the retreat destination": "la destination de la Retraite",
    "the destination": "la destination",
    "the unit": "l'Unité",
}

_FIELDS = {
    "p": r"[A-Za-z]{2,4}",
    "power": r"[A-Z]+",
    "unit": r"\S+ [A-Za-z]{2,4}",
    "n": r"-?\d+",
    "q": r".+",
    "what": "|".join(map(re.escape, sorted(WHAT, key=len, reverse=True))),
    "list": r"[A-Za-z]{2,4}(?: or [A-Za-z]{2,4})*",
    "reason": r".*",
}


def _compile(template: str) -> re.Pattern:
    parts = re.split(r"\{(\w+)\}", template)
    regex = ""
    for k, part in enumerate(parts):
        if k % 2 == 0:
            regex += re.escape(part)
        else:
            regex += f"(?P<{part}>{_FIELDS[part.rstrip('0123456789')]})"
    return re.compile(regex)


_TABLE = [(en, _compile(en), fr) for en, fr in FRENCH_REASONS]


def _translate(reason: str, used: list[str], names: dict[str, str] | None = None) -> str | None:
    for english, pattern, french in _TABLE:
        m = pattern.fullmatch(reason)
        if m is None:
            continue
        values = {}
        inner: list[str] = []
        for name, value in m.groupdict().items():
            kind = name.rstrip("0123456789")
            if kind == "what":
                value = WHAT[value]
            elif kind == "list":
                value = value.replace(" or ", " ou ")
            elif kind == "power" and names:
                value = names.get(value, value)
            elif kind == "reason" and value:
                value = _translate(value, inner, names)
                if value is None:
                    break
            values[name] = value
        else:
            used += [english, *inner]
            if values.get("reason") == "":   # "; dislodged" added to no reason
                french = french.replace("{reason} ; ", "")
            return french.format(**values)
    return None


def french_reason(reason: str, names: dict[str, str] | None = None) -> str | None:
    """The French wording of a judge's reason (power ids as `names` gives them), or None if
    no template fits it."""
    return _translate(reason, [], names)


def reason_templates(reason: str) -> list[str]:
    """The English templates (FRENCH_REASONS keys) that read `reason`, outer first."""
    used: list[str] = []
    _translate(reason, used)
    return used


def reason_in(lang: str, reason: str, names: dict[str, str] | None = None) -> str:
    """A judge's reason in the report's language; a reason the table does not know is
    printed as it is."""
    if lang != "fr":
        return reason
    french = french_reason(reason, names)
    return reason if french is None else french


def translated(text: str, power: str, nmap, lang: str) -> str:
    """An order in the reader's language (as written if it cannot be read)."""
    try:
        return format_norder(parse_norder(text, power, nmap), lang)
    except OrderError:
        return text


def power_name(nmap, power: str, lang: str) -> str:
    if power == "STANDING":
        return WORDS[lang]["STANDING"]
    spec = next((p for p in nmap.spec.powers if p.id == power), None)
    if spec is None:
        return power
    return spec.name_fr if lang == "fr" else spec.name


def phase_name(phase: str, lang: str) -> str:
    """'TA2780M' -> 'TA 2780 Movement'."""
    return f"TA {phase[2:6]} {WORDS[lang][phase[-1]]}"


def report_text(game, report, viewer: str | None, lang: str = "en") -> str:
    """The report `viewer` (None: the GM) may read, as text ready to mail."""
    w, nmap = WORDS[lang], game.map
    view = report.view(viewer)
    name = lambda p: power_name(nmap, p, lang)   # noqa: E731
    width = max(len(name(p)) for p in [*game.powers, "STANDING"]) + 2
    who = w["gm"] if viewer is None else name(viewer)
    lines = [f"{w['title']}: {phase_name(view['phase'], lang)}: {w['report_for']} {who}"]
    if viewer is None:
        lines.append(w["gm_warning"])
    lines += ["", f"{w['orders']}:"]
    rank = {p: k for k, p in enumerate(game.powers)}
    french_names = {p: name(p) for p in game.powers}
    for line in sorted(view["orders"], key=lambda o: rank.get(o["power"], len(rank))):
        order = translated(line["order"], line["power"], nmap, lang)
        notes = [reason_in(lang, line["reason"], french_names)] if line["reason"] else []
        if line.get("default") and not line["reason"]:
            notes.append(w["no_order"])
        note = f" ({'; '.join(notes)})" if notes else ""
        lines.append(f"  {name(line['power']):<{width}} {order:<30} {w.get(line['result'], line['result'])}{note}")
    if not view["orders"]:
        lines.append(f"  {w['none']}")
    if view["dislodged"]:
        lines += ["", f"{w['dislodged']}:"]
        for power, items in view["dislodged"].items():
            for d in items:
                text = f"  {name(power):<{width}} {d['unit']}, {w['from']} {d['attacker_from'] or '?'}"
                if "retreats" in d:
                    text += f"; {w['retreats']}: {', '.join(d['retreats'])}" if d["retreats"] else f"; {w['no_retreat']}"
                lines.append(text)
    if view["standoffs"]:
        lines += ["", f"{w['standoffs']}: {', '.join(view['standoffs'])}"]
    if view["eliminated"]:
        lines += ["", f"{w['eliminated']}: {', '.join(name(p) for p in view['eliminated'])}"]
    lines += ["", f"{w['units']}:"]
    for power, units in view["units"].items():
        lines.append(f"  {name(power):<{width}} {', '.join(units)}")
    lines += ["", f"{w['centres']}:"]
    for power in game.powers:
        owned = view["supply_centers"].get(power, [])
        extra = [w["eriador"]] if power in ("DWARVES", "ELVES") and report.state.eriador_alive else []
        if power == "SARUMAN" and wizard_at(report.state):
            extra.append(w["wizard"])
        facts = [w["count"].format(n=view["centres"][power]), w["unit_count"].format(n=view["unit_counts"][power])]
        if "adjustments" in view:
            delta = view["adjustments"][power]
            facts.append(w["builds"].format(n=delta) if delta > 0 else w["disbands"].format(n=-delta) if delta < 0
                         else w["even"])
        if "victory_points" in view:
            facts.append(f"{w['points']} {view['victory_points'][power]}")
        lines.append(f"  {name(power):<{width}} {', '.join(facts)}: {', '.join(owned + extra) or w['none']}")
    if view["winner"]:
        lines += ["", w["winner"].format(power=name(view["winner"]))]
    if game.is_over:
        lines.append(w["over"])
    elif not game.history or report is game.history[-1]:
        lines += ["", f"{w['next']}: {phase_name(view['next_phase'], lang)}"]
    return "\n".join(lines)
