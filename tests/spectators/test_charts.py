"""Server-drawn SVG charts: one series per duellist, the same figures as a table."""
import re

import pytest
from django.urls import reverse

from common.charts import Series, bar_chart, line_chart
from duels.services import forfeit
from tests.support.duels import bet_for, declare, post, started_duel

pytestmark = pytest.mark.django_db


def series_of(page: str, chart_id: str) -> list[str]:
    figure = page[page.index(f'data-chart="{chart_id}"'):]
    figure = figure[:figure.index("</figure>")]
    return re.findall(r'data-series="([^"]+)"', figure)


def table_rows(page: str, chart_id: str) -> list[list[str]]:
    figure = page[page.index(f'data-chart="{chart_id}"'):]
    body = figure[figure.index("<tbody>"):figure.index("</tbody>")]
    return [re.findall(r"<t[hd][^>]*>([^<]*)</t[hd]>", row) for row in re.findall(r"<tr>(.*?)</tr>", body)]


def test_duel_page_charts_pf_and_pm_of_each_duellist_turn_by_turn(client):
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declare(duel, referee)
    duel.refresh_from_db()
    if duel.status == "defence":  # b may defend: let the hit through
        post(duel, b, [{"nothing": True}])
        declare(duel, referee)

    page = client.get(reverse("duels:duel", args=[duel.pk])).content.decode()
    assert series_of(page, "chart-pf") == [a.engine_id, b.engine_id]
    assert series_of(page, "chart-pm") == [a.engine_id, b.engine_id]
    rows = table_rows(page, "chart-pf")
    duel.refresh_from_db()
    pf_after = {d["id"]: d["pf"] for d in duel.state["duellists"]}
    assert rows[0] == ["départ", "16", "16"]  # year 3: 16 PF each
    assert rows[1] == ["1", str(pf_after[a.engine_id]), str(pf_after[b.engine_id])]
    assert pf_after[b.engine_id] < 16  # the bolt hit: the chart shows it
    svg = page[page.index('data-chart="chart-pf"'):]
    svg = svg[svg.index("<svg"):svg.index("</svg>")]
    # drawn in French, numbers still with a dot: "200,0" would be no length at all for the browser
    assert not re.search(r'\b(?:x|y|cx|cy|x1|x2|y1|y2|width|height)="-?\d+,\d', svg)
    assert re.search(r'points="\d+(\.\d+)?,\d+(\.\d+)? ', svg)


def test_a_2v2_chart_has_four_series_and_the_replay_draws_it_too(client):
    duel, referee, players = started_duel(format="2v2", years=(3, 3, 3, 3))
    for p in players:
        post(duel, p, [])
    declare(duel, referee)
    page = client.get(reverse("duels:duel", args=[duel.pk])).content.decode()
    assert len(series_of(page, "chart-pf")) == 4 and len(set(series_of(page, "chart-pm"))) == 4

    forfeit(duel=duel, by=players[0].duellist.user)
    forfeit(duel=duel, by=players[1].duellist.user)
    duel.refresh_from_db()
    assert duel.status == "finished"
    replay = client.get(reverse("rankings:duel", args=[duel.pk])).content.decode()
    assert len(series_of(replay, "chart-pf")) == 4


def test_no_chart_before_the_first_declaration(client):
    duel, _referee, _ = started_duel()
    page = client.get(reverse("duels:duel", args=[duel.pk])).content.decode()
    assert 'data-chart="chart-pf"' not in page


def test_line_geometry_and_table():
    chart = line_chart(title="t", x_title="Tour", labels=["0", "1", "2"],
                       series=[Series("A", [10, 5, None], key="a"), Series("B", [10, 10, 0], key="b")], y_max=10)
    a, b = chart["series"]
    assert len(a.dots) == 2 and len(b.dots) == 3  # None breaks the line
    assert a.dots[0][1] == chart["top"] and b.dots[2][1] == chart["bottom"]  # 10 at the top, 0 on the axis
    assert chart["table"]["rows"] == [["0", 10, 10], ["1", 5, 10], ["2", "—", 0]]


def test_bar_heights_are_proportional():
    chart = bar_chart(title="t", x_title="x", y_title="y", labels=["a", "b"], values=[10, 5], expected=7.5)
    tall, short = chart["bars"]
    assert tall["height"] == pytest.approx(2 * short["height"], abs=0.2)
    assert chart["top"] < chart["expected_y"] < chart["bottom"]
