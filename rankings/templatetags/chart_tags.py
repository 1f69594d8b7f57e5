"""Charts a page builds from what its view already read (no query here)."""
from django import template

from duels.pages.charts import points_over_turns

register = template.Library()


@register.simple_tag
def replay_points_charts(duel, steps, participants):
    """PF and PM turn by turn for the replay: from its steps (published declarations, in order)."""
    states = [(step.turn, step.declaration.state_after or {}) for step in steps]
    return points_over_turns(duel, states, list(participants)) if states else ()
