"""The French wording of the Necromancer Diplomacy judge's reasons: code (reasons.py) ->
template, in the French rulebook's terms and numbering (FR v0.5 with the 2002
amendments; FR 4.2 numbers its paragraphs differently after vi, FR 3.3 after iv, FR 3.4
i-ii and 8.1 v-vii are split differently). The French report and the server's French
answers come through `french`."""

from __future__ import annotations

from warjudge.core.events import Event
from warjudge.presentation.wording import Names, word

WHAT = {
    "unit_to_build": "l'Unité à construire", "unit_to_activate": "l'Unité à activer",
    "unit_to_disband": "l'Unité à détruire", "ordered_unit": "l'Unité qui reçoit l'ordre",
    "supported_unit": "l'Unité soutenue", "led_unit": "l'Unité commandée",
    "support_destination": "la destination de l'Attaque soutenue", "retreat_destination": "la destination de la Retraite",
    "destination": "la destination", "unit": "l'Unité",
}

TEMPLATES = {
    # the order parser
    "necdip.order.empty": "ordre vide",
    "necdip.order.too_long": "plus de {n} caractères",
    "necdip.order.missing": "il manque {what}",
    "necdip.order.unknown_province": "Province inconnue {token}",
    "necdip.order.bad_unit": "{what} : écrivez l'Unité comme « A Los » ou « 2A/1F Pel »",
    "necdip.order.trailing": "{rest} inattendu à la fin de l'ordre",
    "necdip.order.expected_step": "il faut un ordre de Tenir (« T ») ou d'Attaquer (« - Prov »)",
    "necdip.order.double_move_mu": "un Double mouvement ne peut pas former d'Unité multiple",
    "necdip.order.which_auxiliary": "précisez l'Auxiliaire à Lever : F (Flotte) ou E (Engin de siège)",
    "necdip.order.not_understood":
        "{token} incompris ; les ordres s'écrivent « A Los - SIt », « A Pel Soutenir A Los - SIt », « A Los Tenir »",
    "necdip.no_such_unit": "{power} n'a pas d'Unité {unit}",
    "necdip.occupied": "{province} est occupée",
    # checking Movement orders
    "necdip.move.adjustment_order":
        "les Constructions, Destructions et Activations appartiennent à la phase d'Ajustement",
    "necdip.move.retreat_order": "les Retraites et Destructions appartiennent aux phases de Retraite ou d'Ajustement",
    "necdip.move.already_ordered": "{unit} a déjà reçu un ordre (le premier compte)",
    "necdip.move.not_yours": "{unit} appartient à {owner}, pas à {power}",
    "necdip.move.auxiliary_left_out": "un Auxiliaire omis dans l'ordre est détruit (FR 4.2 xviii)",
    "necdip.move.mu_size":
        "indiquez la taille de l'UM au départ et à l'arrivée, par exemple « 2A Los - 2A SIt » (FR 4.2 vi)",
    "necdip.move.wizard_at_sea":
        "le Magicien ne va en mer qu'avec une Armée/Flotte de Saruman faisant le même mouvement (FR 7.7 vii)",
    "necdip.move.overfull_mu": "plus d'ordres que de Composantes : tous sont nuls (FR 4.2 v)",
    "necdip.move.one_order_per_destination":
        "les Composantes d'une UM faisant mouvement vers une même Province doivent recevoir un seul ordre (FR 4.2 vii)",
    "necdip.move.nazgul_leaves":
        "le Nazgûl s'en va : les ordres de cette UM sont nuls à moins qu'elle ne bouge avec lui (FR 7.8.1 x)",
    "necdip.move.nazgul_left":
        "le Nazgûl a quitté cette Unité multiple : les Unités en trop sont détruites (FR 7.8.1 ix)",
    "necdip.move.double_movers": "seuls la Cavalerie et le Nazgûl ont le Double mouvement (FR 7.6 ii, 7.8.1 iv)",
    "necdip.move.second_same": "le second ordre doit Attaquer une autre Province ou Tenir",
    "necdip.move.not_adjacent": "{dest} n'est pas adjacente à {src}",
    "necdip.move.mountains": "{src} et {dest} sont séparées par des montagnes (FR 5.2)",
    "necdip.move.nazgul_sea": "le Nazgûl ne peut jamais entrer dans une Province maritime (FR 7.8.1 vi)",
    "necdip.move.fleet_only_sea": "seules les Unités attachées à une Flotte peuvent aller en mer (FR 4.3 iv)",
    "necdip.move.own_province": "une Unité ne peut pas Attaquer sa propre Province",
    "necdip.move.no_multiple_units": "{power} n'a pas d'Unités multiples : donnez un ordre à chaque Unité (FR 4.2 i)",
    "necdip.move.personality_support": "une Personnalité ne peut pas accorder de Soutien (FR 3.3 i)",
    "necdip.move.eriador_support": "les Unités en Eriador ne peuvent pas Soutenir (FR 5.1 iii)",
    "necdip.move.support_own_province": "une Unité ne peut pas Soutenir une Attaque vers sa propre Province",
    "necdip.move.support_itself":
        "une Unité ne peut pas se Soutenir elle-même : seules les Composantes d'une même UM se Soutiennent (FR 4.2 viii)",
    "necdip.move.cannot_support_there": "{unit} ne peut pas aller en {dest}, elle ne peut donc pas y Soutenir",
    "necdip.move.personality_build": "une Personnalité ne peut pas Lever d'Auxiliaires (FR 3.3 i)",
    "necdip.move.eriador_build": "les Unités en Eriador ne peuvent pas Lever (FR 5.1 iii)",
    "necdip.move.fleet_coastal": "les Flottes ne peuvent être levées que dans les Provinces côtières (FR 4.3 ii)",
    "necdip.move.engine_land": "les Engins de siège ne peuvent être levés que dans les Provinces terrestres (FR 4.4 ii)",
    "necdip.move.one_engine": "une Province n'accepte qu'un Engin de siège (FR 4.4 iii)",
    "necdip.move.only_nazgul_leads": "seul le Nazgûl peut recevoir l'ordre de Commandement (FR 7.8.1 vii)",
    "necdip.move.lead_own_province": "le Nazgûl ne Commande qu'une Unité de sa propre Province (FR 7.8.1 vii)",
    "necdip.move.no_unit_to_lead": "{power} n'a pas d'Unité {unit} à Commander (FR 7.8.1 vii)",
    # Movement results and Double Movement
    "necdip.result.dislodged": "délogée",
    "necdip.result.did_not_prevail": "n'a pas pu entrer en {dest}",
    "necdip.result.unmatched_move": "l'Unité soutenue n'a pas reçu l'ordre d'y Attaquer",
    "necdip.result.unmatched_hold": "l'Unité soutenue n'a pas tenu",
    "necdip.result.cut": "coupé",
    "necdip.result.reduced": "réduit à {n} (FR 4.2 ix)",
    "necdip.result.attacked": "attaquée (FR 3.4 iii)",
    "necdip.result.and_dislodged": "{reason} ; délogée",
    "necdip.result.support_hidden": "seul le donneur du Soutien en est informé (FR 3.2.1 viii)",
    "necdip.double.first_failed": "le premier ordre a échoué ; le second est nul (FR 3.2.2 viii)",
    "necdip.double.bounce": "{dest} a été le lieu d'une attaque repoussée ce tour (FR 3.2.2 vi)",
    "necdip.double.impossible": "le second ordre n'est plus possible : {reason}",
    "necdip.double.needs_auxiliary": "le second ordre exige l'Auxiliaire qui serait détruit : il est ignoré (FR 7.6 v)",
    "necdip.double.second_failed": "le second ordre n'a pas pu entrer en {dest}",
    # Retreats
    "necdip.retreat.wizard_sea":
        "le Magicien ne fait Retraite en mer que depuis la mer, vers une Armée/Flotte de Saruman (FR 7.7 viii)",
    "necdip.retreat.attacker_origin":
        "une Unité ne peut pas faire Retraite vers la Province d'où venait son attaquant ({dest})",
    "necdip.retreat.overrun": "la Cavalerie qui l'a délogée est passée en {dest} (FR 7.6 iii)",
    "necdip.retreat.standoff": "{dest} est restée vide à la suite d'une attaque repoussée",
    "necdip.retreat.aligned": "aucune Unité ne peut faire Retraite dans une Province d'un Alignement opposé (FR 8.1 vi)",
    "necdip.retreat.wrong_phase": "seuls les ordres de Retraite et de Destruction sont permis en phase de Retraite",
    "necdip.retreat.no_dislodged": "{power} n'a pas d'Unité délogée en {province}",
    "necdip.retreat.already_ordered": "cette Unité a déjà reçu un ordre",
    "necdip.retreat.disbands": "{reason} ; l'Unité est détruite",
    "necdip.retreat.no_order": "pas d'ordre de Retraite : l'Unité est détruite",
    "necdip.retreat.clash":
        "une autre Unité a fait Retraite en {dest} ; les deux sont détruites (FR 2.2.2 iv, 3.3 v)",
    "necdip.retreat.personality": "une Personnalité ennemie en {dest} détruit l'Unité qui fait Retraite (FR 3.3 iv)",
    # Adjustments
    "necdip.adjust.only_sauron": "seul Sauron peut Activer (FR 7.8.2 iv)",
    "necdip.adjust.one_activation": "une seule Activation par phase d'Ajustement (FR 7.8.2 v)",
    "necdip.adjust.opening":
        "en TA 2750, seules l'Activation de Sauron et la troisième Armée de Saruman sont permises (FR 7.7 x)",
    "necdip.adjust.no_build_to_waive": "{power} n'a pas de Construction à laquelle renoncer",
    "necdip.adjust.wrong_phase":
        "seuls les ordres de Construire, Détruire, Renoncer et Activer sont permis en phase d'Ajustement",
    "necdip.adjust.civil_disorder": "désordre civil",
    "necdip.adjust.no_standing_army": "il n'y a pas d'Armée en attente non activée en {province} (FR 7.8.2 i)",
    "necdip.adjust.activate_what": "Sauron Active des Armées en attente, les Araignées ou les Dragons (FR 7.8.2 iv)",
    "necdip.adjust.beasts_once": "les Araignées et les Dragons ne peuvent être Activés qu'une seule fois chacun (FR 7.8.2 v)",
    "necdip.adjust.beasts_start": "leur Province de départ est {provinces} (FR 7.8.2 ii)",
    "necdip.adjust.hidden_unit":
        "une Unité au Mouvement caché s'y trouve : l'Activation échoue et ne peut être retentée (FR 7.8.2 vi)",
    "necdip.adjust.beasts_occupied": "{province} est occupée ; l'Activation reste possible plus tard (FR 7.8.2 v)",
    "necdip.adjust.auxiliaries":
        "les Auxiliaires sont Levés par les Unités en phase de Mouvement, pas pendant l'Ajustement (FR 3.4 i-ii)",
    "necdip.adjust.third_army_where": "la troisième Armée de Saruman se place en Agr, Ene, Fan, Gap ou Gld (FR 7.7 x)",
    "necdip.adjust.one_third_army": "Saruman ne place qu'une troisième Armée",
    "necdip.adjust.nazgul_rebuild": "seul Sauron reconstruit le Nazgûl, quand celui-ci n'est pas en jeu (FR 7.8.1 ii)",
    "necdip.adjust.never_built": "ces Unités ne sont jamais construites (FR 7.7 ix, 7.8.2 iii)",
    "necdip.adjust.rohan_cavalry": "le Rohan construit une Cavalerie par phase d'Ajustement, dans le Wold (FR 7.6 i)",
    "necdip.adjust.builds_left": "il reste {n} Construction(s) à {power}",
    "necdip.adjust.enemy_personality":
        "une Personnalité ennemie occupe la Province ; les nouvelles Unités sont perdues (FR 3.3 vi)",
    "necdip.adjust.eriador_homes": "les CD d'Eriador sont ceux des Nains et des Elfes (FR 5.1 iv)",
    "necdip.adjust.eriador_one": "chaque CD d'Eriador ne construit qu'une Unité par phase d'Ajustement (FR 5.1 v)",
    "necdip.adjust.wizard_at_sea": "pas sur le Magicien quand il est en mer (FR 7.7 iv)",
    "necdip.adjust.wizard_saruman_unit": "la Province du Magicien contient déjà une Unité de Saruman (FR 7.7 iv)",
    "necdip.adjust.wizard_home_centre": "la Province du Magicien est un CD d'une autre Puissance (FR 7.7 iv)",
    "necdip.adjust.not_home_centre": "{province} n'est pas un CD que possède {power}",
    "necdip.adjust.no_sea_build":
        "aucune Unité ne peut être construite en mer : une Armée sans Flotte ne peut s'y trouver (FR 4.3 iv, 3.4 i)",
    "necdip.adjust.one_unit_per_province": "{power} ne construit qu'une Unité par Province (FR 4.2 i)",
    "necdip.adjust.no_units_to_disband": "{power} n'a pas d'Unités à détruire",
    "necdip.adjust.disbands_only": "{power} ne peut plus détruire que {n} Unité(s)",
    "necdip.adjust.uncounted_disband":
        "le Nazgûl, le Magicien, les Araignées et les Dragons ne sont pas comptabilisés lors de l'Ajustement : "
        "aucun n'y est détruit (FR 3.3 vii, 7.8.2 iii)",
    # refused actions
    "necdip.act.no_order_to_retract": "{power} n'a pas d'ordre {order!r} à retirer",
    "necdip.act.owes_orders": "{power} doit encore des ordres : seuls les ordres facultatifs peuvent être refusés",
    "necdip.act.bad_action": "{power} peut donner un ordre ({{\"type\": \"order\", \"order\": \"A Los - SIt\"}}), en "
                             "retirer un ({{\"type\": \"retract\", \"order\": ...}}) ou renoncer aux Ajustements "
                             "facultatifs ({{\"type\": \"pass\"}}), pas {action}",
    "necdip.act.order_text": "un ordre est un texte d'au plus {n} caractères",
    "necdip.act.already_ordered": "{unit} a déjà un ordre ({order}) ; retirez-le d'abord pour en donner un autre",
    "necdip.act.nothing_there": "{power} n'a en {province} aucune unité à qui donner un ordre maintenant",
    "necdip.act.wrong_unit": "l'unité de cette province est {unit}, pas {given}",
    "necdip.act.no_such_order": "{unit} ne peut pas recevoir l'ordre {order} maintenant (pas de tel trajet, convoi ou soutien) ; par exemple : {examples}",
    "necdip.act.not_legal": "{order} n'est pas un ordre permis à {power} maintenant",
    "necdip.act.gm_bad_action":
        "l'arbitre peut saisir les ordres écrits d'une Puissance ('orders'), traiter la phase ('process') "
        "ou déclarer une nulle ('draw'), pas {action}",
}


def french(event: Event, names: Names = None) -> str:
    """A Necromancer reason in French (power ids printed as `names` gives them)."""
    return word(event, TEMPLATES, {"what": WHAT}, {"provinces": " ou ", "examples": " ; "}, names, french)
