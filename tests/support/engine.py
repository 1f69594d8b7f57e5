"""Small builders for the engine tests (tests/engine/): scenarios to replay, and states set up by hand."""
import copy

from duels.engine import HouseRules, new_duel_state, replay, spell_from_dict
from tests.engine.sample_spells import PUBLIC_SPELLS, SAMPLE_SPELLS

BOLT_D2 = {"slug": "bolt", "name": "Bolt", "level": 1, "range": 5, "type": "malefices", "tags": [],
           "target": "opponent", "effect": {"damage": 2}, "bonus": {"damage": 3}}


def spell(slug, level=1, range=5, type=None, tags=(), target="opponent", effect=None, **extra):
    """A spell dict in the §7 vocabulary."""
    return {"slug": slug, "name": slug.capitalize(), "level": level, "range": range, "type": type,
            "tags": list(tags), "target": target, "effect": effect or {"damage": 1}, **extra}


def mv(zone):
    return {"move": zone}


def cast(slug, target=None, bet=None, roll=None, **keys):
    step = {"cast": slug}
    if target is not None:
        step["target"] = target
    if bet is not None:
        step["bet"] = bet
    if roll is not None:
        step["roll"] = roll
    step.update(keys)
    return step


def dodge(bet, roll):
    return {"dodge": bet, "roll": roll}


def post(by, *steps):
    return {"by": by, "steps": list(steps)}


def turn(*actions, defence=None):
    out = {"actions": list(actions)}
    if defence is not None:
        out["defence"] = list(defence)
    return out


def duellists_1v1(a_year=3, b_year=3, a_types=("defense",), b_types=("defense",), **extra):
    return [{"id": "A", "team": 1, "year": a_year, "types": list(a_types), **extra.get("A", {})},
            {"id": "B", "team": 2, "year": b_year, "types": list(b_types), **extra.get("B", {})}]


def duellists_2v2(years=(3, 3, 3, 3), types=("defense",) * 4):
    return [{"id": i, "team": 1 if i in "AC" else 2, "year": y, "types": [t] if y <= 5 else [t, "extra"]}
            for i, y, t in zip("ABCD", years, types, strict=True)]


def scenario(*turns, duellists=None, spells=None, fmt=None, rp=False, house=None):
    """A scenario dict; `house`: its house rules block (RULES.md §8), left out when None."""
    duellists = duellists or duellists_1v1()
    fmt = fmt or ("2v2" if len(duellists) == 4 else "1v1")
    out = {"duel": {"format": fmt, "rp": rp}, "duellists": copy.deepcopy(duellists),
           "spells": copy.deepcopy(PUBLIC_SPELLS if spells is None else spells), "turns": list(turns)}
    if house is not None:
        out["house"] = copy.deepcopy(house)
    return out


def play(*turns, **kwargs):
    """Replay the turns; returns the result dict."""
    return replay(scenario(*turns, **kwargs))


def error_code(result):
    return result["error"] and result["error"]["code"]


def state(duellists=None, spells=None, fmt=None, rp=False, house=None, **positions):
    """A fresh DuelState; keyword arguments place duellists: state(A=5, B=6); `house`: a dict of
    house rules (RULES.md §8) for HouseRules.from_dict."""
    duellists = duellists or duellists_1v1()
    fmt = fmt or ("2v2" if len(duellists) == 4 else "1v1")
    built = new_duel_state(format=fmt, rp=rp, duellists=duellists,
                           spells=[spell_from_dict(s) for s in (SAMPLE_SPELLS if spells is None else spells)],
                           house=HouseRules.from_dict(house or {}))
    for duellist_id, pos in positions.items():
        built.duellist(duellist_id).pos = pos
    return built


def points(result, duellist_id):
    """(pf, pm, pos, out) of a duellist in a replay result."""
    d = result["duellists"][duellist_id]
    return d["pf"], d["pm"], d["pos"], d["out"]
