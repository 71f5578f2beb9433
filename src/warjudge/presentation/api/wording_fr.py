"""The server's own refusals in French: the same codes as wording_en.py, for pages read in
French (the answer's `reason`, the error pages, the sign-in and account forms)."""

from __future__ import annotations

from warjudge.core.events import Event
from warjudge.presentation.api.wording_en import fill
from warjudge.presentation.wording import Names

CHANGES = {"take_seat": "prendre un siège", "seat_bot": "asseoir un bot", "replace_holder": "remplacer le tenant d'un siège"}
TOO_MANY = {"sign_ins": "de connexions manquées depuis cette adresse ou pour ce nom",
            "accounts": "de nouveaux comptes depuis cette adresse", "streams": "de flux de mise à jour"}
TEMPLATES = {
    "api.wrong_sign_in": "nom ou mot de passe erroné",
    "api.old_password_wrong": "l'ancien mot de passe est erroné ; le mot de passe est inchangé",
    "api.no_token": "vous n'avez pas de jeton {token}",
    "api.sign_in_bearer": "connectez-vous d'abord",
    "api.sign_in": "connectez-vous d'abord",
    "api.sign_in_mine": "mine=true : connectez-vous (un jeton) pour lister vos parties",
    "api.token_invalid": "ce jeton n'est pas valide ; demandez-en un nouveau",
    "api.token_expired": "ce jeton a expiré ; reconnectez-vous",
    "api.csrf": "cette requête n'a pas le jeton CSRF de la page ; rechargez la page",
    "api.form_expired": "ce formulaire a expiré ou vient d'un autre site : il n'a pas été envoyé ; réessayez",
    "api.name_taken": "le nom {name} est pris ; choisissez-en un autre",
    "api.no_account": "il n'y a pas de compte {name}",
    "api.too_many": "trop {what} ; réessayez dans {seconds} secondes",
    "api.control_character": "l'adresse contient un caractère de contrôle tel que NUL",
    "api.body_too_large": "la requête dépasse {kib} Kio",
    "api.invalid": "la requête n'est pas valide : {problems}",
    "api.http": "{detail}",
    "api.busy": "le serveur est occupé ; rien n'a été changé : réessayez",
    "api.internal": "erreur interne ; le journal du serveur en donne le détail",
    "api.db_unavailable": "la base de données est indisponible pour l'instant ; rien n'a été changé : réessayez",
    "api.db_lost": "la base de données a été perdue pendant l'enregistrement : le changement a peut-être été "
                   "enregistré ; regardez avant de réessayer",
    "api.streams_full": "le serveur tient déjà {total} flux de mise à jour, son maximum : réessayez plus tard",
    "api.streams_per_client": "vous tenez {most} flux de mise à jour ouverts, le maximum : fermez-en un d'abord",
    "api.lang": "lang : l'une de {choices}",
    "api.no_game": "il n'y a pas de partie {game}",
    "api.no_seat": "la partie {game} n'a pas de siège {seat} ; ses sièges : {seats}",
    "api.not_your_seat": "vous ne tenez pas le siège {seat} de la partie {game}",
    "api.several_seats": "vous tenez plusieurs sièges ({seats}) ; précisez lequel avec ?seat=",
    "api.gm_only": "seul le maître du jeu de la partie {game} peut faire cela",
    "api.seat_taken": "le siège {seat} de la partie {game} est déjà pris",
    "api.needs_invitation": "le siège {seat} attend son invitation du maître du jeu",
    "api.no_bot": "bot : {kind} n'a pas de bot {bot} ; ses bots : {bots}",
    "api.no_budget": "budget : le bot {bot} de {kind} n'a pas de budget de réflexion {budget} ; ses budgets : {budgets}",
    "api.takes_no_budget": "budget : le bot {bot} de {kind} ne prend pas de budget de réflexion, pas {budget} "
                           "(seul un bot de recherche réfléchit selon un budget)",
    "api.game_over": "la partie {game} est terminée",
    "api.over_no_change": "la partie {game} est terminée : {change} n'y changerait rien ; ses sièges restent tels "
                          "qu'à la fin",
    "api.not_loadable": "la partie {game} ne peut être chargée : {detail}",
    "api.not_replayable": "la partie {game} ne peut être rejouée : {detail}",
    "api.not_replayable_bug": "la partie {game} ne peut être rejouée ({kind} : {detail})",
    "api.unsplittable": "cette partie de {kind} rejoue son enregistrement sans `act` : ses phases ne peuvent être "
                        "distinguées, son historique ne peut être montré",
    "api.being_prepared": "la partie {game} est en préparation après une mise à jour ou un redémarrage : réessayez "
                          "dans quelques secondes",
    "api.phases_changed": "les phases de la partie {game} ont changé entre-temps : réessayez",
    "api.history_catching_up": "l'historique de la partie {game} est en cours de mise à jour ({phases} phases pour "
                               "l'instant) : réessayez",
    "api.no_phase_yet": "la partie {game} n'a que {phases} phases pour l'instant (0 à {last})",
    "api.no_board": "pas d'image du plateau pour les parties de {kind} ; jouez depuis les actions permises",
    "api.no_png": "les parties de {kind} ne dessinent leur plateau qu'en SVG : GET board.svg",
    "api.no_log": "les parties de {kind} n'ont pas de journal des résultats : leurs vues rendent compte de chaque phase",
    "api.no_record_yet": "la partie {game} n'est pas terminée : son enregistrement contient la graine des dés et "
                         "tous les secrets, qui restent sur le serveur jusqu'à la fin",
    "api.seed_option": "options : le serveur choisit la graine des dés ; « seed » n'est pas une option ici",
    "api.served_options": "options : {options} est fixé par le serveur",
    "api.bad_options": "{detail}",
    "api.unreadable_action": "la partie ne peut lire cette action : {action}",
    "api.orders_list": "orders : une liste d'ordres écrits, comme « A Par - Bur »",
    "api.orders_batch": "un lot d'ordres s'écrit {{\"orders\": [texte, …]}} avec, au besoin, \"replace\": true",
    "api.not_legal_now": "ce n'est pas l'une des actions permises à ce siège maintenant",
    "api.no_earlier_setup": "vous n'avez pas de mise en place antérieure comme {seat} à reprendre. Rien n'a été changé",
    "api.setup_refused": "{reason}. Rien n'a été changé",
    "api.no_setup": "une partie de {kind} n'a pas de mise en place à préparer",
    "api.phase_none": "phase : les vues de cette partie ne nomment pas de phase ; envoyez la requête sans",
    "api.phase_ended": "la phase {sent} est finie ; vous êtes maintenant en {now}. Rien n'a été changé : regardez "
                       "{now} et agissez à nouveau",
    "api.refused": "{reason}",
    "api.clock_not_waiting": "l'horloge de la partie {game} n'attend pas ses sièges",
    "api.paused_already": "la partie {game} est déjà en pause",
    "api.no_deadline_to_pause": "la partie {game} n'a pas d'échéance à suspendre",
    "api.no_deadline_yet": "la partie {game} n'a pas encore d'échéance : son horloge part quand tous les sièges sont "
                           "pris",
    "api.no_deadline_to_extend": "la partie {game} n'a pas d'échéance à prolonger",
    "api.not_paused": "la partie {game} n'est pas en pause",
    "api.nothing_to_adjudicate": "la partie {game} n'a rien à arbitrer maintenant",
    "api.no_such_phase": "la partie {game} a les phases 0 à {last} ; il n'y a pas de phase {phase}",
    "api.nothing_to_roll_back": "rien à annuler : la phase {phase} de la partie {game} n'a encore aucune action",
    "api.rollback_too_long": "la partie {game} compte {actions} actions avant la phase {phase} : un retour en arrière "
                             "rejoue au plus {most} actions par requête, il ne peut revenir qu'aux phases 0 à "
                             "{reachable}",
    "api.rollback_failed": "la partie {game} ne peut revenir à la phase {phase} : {detail}",
    "api.rollback_raced": "la partie {game} a changé pendant le calcul du retour en arrière : regardez ses phases et "
                          "réessayez",
    "api.press_no_message": "upto : le siège {seat} n'a pas de message numéro {upto}",
    "api.press_not_your_thread": "thread : nommez l'une de vos conversations : {seat} doit y participer",
    "api.press_none": "la partie {game} se joue sans messages : aucun ne peut être envoyé",
    "api.press_public_only": "la partie {game} n'admet que les messages publics : envoyez à « tous »",
    "api.press_no_seat": "to : la partie {game} n'a pas de siège {seat} ; ses sièges : {seats}",
    "api.press_nobody": "to : nommez au moins un siège autre que le vôtre, ou « tous »",
}


HTTP = {404: "introuvable", 405: "méthode non permise"}   # the framework's own answers (api.http)


def french(event: Event, names: Names = None) -> str:
    if event.code == "api.http" and event.params.get("status") in HTTP:
        return HTTP[event.params["status"]]
    return fill(event, TEMPLATES, {"change": CHANGES, "what": TOO_MANY}, "fr", names)
