"""The stage picture's legend: "hors de l'estrade" never runs over the PF gauge's label."""
import pytest
from PIL import ImageDraw, ImageFont

from duels.engine import DuelState
from duels.export import images
from duels.pages import presenters
from tests.support.duels import started_duel

pytestmark = pytest.mark.django_db


def test_off_stage_is_written_clear_of_the_pf_label(monkeypatch):
    duel, _referee, participants = started_duel(years=(4, 4))
    state = DuelState.from_dict(duel.state)
    state.duellist(participants[1].engine_id).pos = 12
    drawn = []
    original = ImageDraw.ImageDraw.text

    def record(self, xy, text, *args, **kwargs):
        drawn.append((xy[0], text, kwargs.get("font")))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", record)
    images.render_stage(presenters.stage(state, participants), title="Duel n°1 — tour 1")
    x_off, _text, font = next(item for item in drawn if item[1] == "hors de l'estrade")
    ends = x_off + ImageDraw.Draw(images.Image.new("RGB", (1, 1))).textlength("hors de l'estrade", font=font)
    pf_labels = [x for x, text, _font in drawn if text.startswith("PF ") and abs(x - x_off) < 400]
    assert pf_labels and all(x >= ends for x in pf_labels if x > x_off), (x_off, ends, pf_labels)
    assert isinstance(font, ImageFont.FreeTypeFont)
