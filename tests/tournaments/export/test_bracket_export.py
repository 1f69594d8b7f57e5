"""The bracket as a forum picture and as BBCode: the PNG decodes at forum width and grows with the
field; the BBCode names every entrant, marks the byes, the winners and the champion."""
import io

import pytest
from PIL import Image

from tournaments.engine import (
    A_WON,
    B_WON,
    FORFEIT,
    MatchKey,
    Result,
    bracket_state,
    build_bracket,
    standings,
    swiss_standings,
)
from tournaments.export import bbcode, images


def names_for(field):
    return {n: f"Sorcier {n}" for n in range(1, field + 1)}


def play_all(bracket):
    """Every match won by side a (the better seed), round after round."""
    results = {}
    state = bracket_state(bracket, results)
    while state.ready:
        for match in state.ready:
            results[match.next_duel] = Result(match.a, match.b, A_WON)
        state = bracket_state(bracket, results)
    return state


@pytest.mark.parametrize(("field", "height"), [(2, 138), (8, 276), (16, 460), (64, 1564)])
def test_the_bracket_png_decodes_at_forum_width_and_its_height_follows_round_one(field, height):
    state = bracket_state(build_bracket(list(range(1, field + 1))), {})
    png = images.render_bracket(state, names_for(field), title="Tournoi d'hiver")
    picture = Image.open(io.BytesIO(png))
    picture.load()
    assert picture.format == "PNG"
    assert picture.size == images.bracket_size(state) == (800, height)


def test_a_third_place_match_adds_its_row_under_the_bracket():
    plain = bracket_state(build_bracket(list(range(1, 9))), {})
    with_third = bracket_state(build_bracket(list(range(1, 9)), third_place=True), {})
    assert images.bracket_size(with_third)[1] == images.bracket_size(plain)[1] + images.THIRD_PLACE_HEIGHT
    picture = Image.open(io.BytesIO(images.render_bracket(play_all(with_third.bracket), names_for(8), title="T")))
    assert picture.size == images.bracket_size(with_third)


def test_a_result_changes_the_cached_picture_and_the_same_state_gives_the_same_bytes():
    bracket = build_bracket([1, 2, 3, 4])
    before = bracket_state(bracket, {})
    after = bracket_state(bracket, {MatchKey(1, 1): Result(1, 4, B_WON)})
    first = images.bracket_png(before, names_for(4), title="T")
    assert images.bracket_png(before, names_for(4), title="T") == first
    assert images.bracket_png(after, names_for(4), title="T") != first


def test_the_bbcode_names_every_entrant_and_marks_byes_winners_and_the_champion():
    bracket = build_bracket(list(range(1, 7)))  # 6 in a bracket of 8: seeds 1 and 2 have byes
    state = play_all(bracket)
    text = bbcode.bracket_bbcode(state, names_for(6), title="Coupe [des] Quatre")
    for n in range(1, 7):
        assert f"Sorcier {n}" in text
    assert text.count("exempt") == 2
    assert "(1) Sorcier 1 — exempt" in text and "(2) Sorcier 2 — exempt" in text
    assert "[b](3) Sorcier 3[/b] bat (6) Sorcier 6" in text
    assert "[b]Vainqueur : Sorcier 1[/b]" in text
    assert "[b]Coupe (des) Quatre[/b]" in text  # a name never opens a tag
    assert [line for line in text.splitlines() if line.startswith("[u]")] == [
        "[u]Quarts de finale[/u]", "[u]Demi-finales[/u]", "[u]Finale[/u]"]


def test_the_bbcode_says_what_a_match_waits_for_and_how_a_forfeit_decided():
    bracket = build_bracket([1, 2, 3, 4])
    state = bracket_state(bracket, {MatchKey(1, 1): Result.forfeited(1, 4, by="b", how=FORFEIT)})
    text = bbcode.bracket_bbcode(state, names_for(4), title="T", image_url="https://estrade.test/t.png")
    assert "[img]https://estrade.test/t.png[/img]" in text
    assert "[b](1) Sorcier 1[/b] bat (4) Sorcier 4 (forfait)" in text
    assert "(2) Sorcier 2 contre (3) Sorcier 3 — à jouer" in text
    assert "(1) Sorcier 1 contre ? — en attente" in text
    assert "Vainqueur" not in text


def test_the_standings_export_names_each_entrant_and_shows_buchholz_only_for_swiss():
    entrants = [1, 2, 3, 4]
    results = [Result(1, 2, A_WON, pf_left=(5, 0)), Result(3, 4, B_WON)]
    group = standings(entrants, results)
    text = bbcode.standings_bbcode([("Groupe A", group)], names_for(4), title="Poules")
    assert all(f"Sorcier {n}" in text for n in entrants) and "Buchholz" not in text
    assert "[tr][td]1[/td][td]Sorcier 1[/td][td]1[/td][td]1[/td][td]0[/td][td]0[/td][td]3[/td]" in text
    swiss = swiss_standings(entrants, results, byes=())
    assert "Buchholz" in bbcode.standings_bbcode([("Ronde 1", swiss)], names_for(4), title="Suisse")
    png = images.render_standings([("Groupe A", group), ("Groupe B", group)], names_for(4), title="Poules")
    assert Image.open(io.BytesIO(png)).size == images.standings_size([("Groupe A", group), ("Groupe B", group)])
