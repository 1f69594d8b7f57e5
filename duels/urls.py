from django.urls import path

from duels.views import duel, player, public, referee, referee_tools, rules

app_name = "duels"

urlpatterns = [
    path("", player.dashboard, name="dashboard"),
    path("inscription/", player.register, name="register"),
    path("inscription/<int:pk>/retirer/", player.withdraw, name="withdraw"),
    path("en-cours/", public.running, name="running"),
    path("reglement/", rules.rules_page, name="rules"),
    path("<int:pk>/", duel.duel_page, name="duel"),
    path("<int:pk>/phases/<int:window_pk>/", duel.turn_fragment, name="turn"),
    path("<int:pk>/journal/", duel.journal, name="journal"),
    path("<int:pk>/stage.png", public.stage_png, name="stage_png"),
    path("<int:pk>/tours/<int:turn>/stage.png", public.turn_stage_png, name="turn_stage_png"),
    path("<int:pk>/embed/", public.embed, name="embed"),
    path("<int:pk>/poster/", duel.post_create, name="post"),
    path("<int:pk>/types/", duel.types_choose, name="types"),
    path("<int:pk>/abandon/", duel.forfeit_confirm, name="forfeit"),
    path("<int:pk>/dispense/", duel.exemption_create, name="exemption"),
    path("arbitrage/", referee.dashboard, name="referee"),
    path("arbitrage/appariement/", referee.matchmaking, name="matchmaking"),
    path("arbitrage/appariement/confirmer/", referee.pairing_confirm, name="pairing_confirm"),
    path("arbitrage/dispenses/<int:pk>/", referee.exemption, name="exemption_decide"),
    path("<int:pk>/arbitrage/", referee.adjudicate, name="adjudicate"),
    path("<int:pk>/arbitrage/prendre/", referee.take, name="take"),
    path("<int:pk>/arbitrage/signal/", referee.start, name="start"),
    path("<int:pk>/arbitrage/preparer/", referee.prepare, name="prepare"),
    path("<int:pk>/arbitrage/publier/", referee.publish, name="publish"),
    path("<int:pk>/arbitrage/faute/", referee.fault, name="fault"),
    path("<int:pk>/arbitrage/absences/", referee.absences, name="absences"),
    path("<int:pk>/arbitrage/annuler/", referee.cancel, name="cancel"),
    path("<int:pk>/arbitrage/publier-tel-quel/", referee_tools.publish_as_is, name="publish_as_is"),
    path("<int:pk>/arbitrage/corriger/", referee_tools.correct, name="correct"),
    path("<int:pk>/arbitrage/delai/", referee_tools.deadline_extend, name="deadline_extend"),
    path("<int:pk>/arbitrage/rouvrir/", referee_tools.reopen, name="reopen"),
    path("<int:pk>/arbitrage/rendre/", referee_tools.release, name="release"),
    path("<int:pk>/arbitrage/reassigner/", referee_tools.reassign, name="reassign"),
]
