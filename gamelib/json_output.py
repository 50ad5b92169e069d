"""What ``python -m gamelib COMMAND --json`` prints: one JSON object per command, and its schema.

Every exact figure (a probability, a return, a house edge) is given twice: ``exact``, the
fraction as a string (``"-257538/2544815"``), and ``value``, the same as a float for display.
Money is whole dollars (JSON integers). The schemas (JSON Schema, draft 2020-12) are
:data:`SCHEMAS`; ``python -m gamelib schema COMMAND`` prints one, and the tests validate every
command's output against its schema.

>>> exact(Fraction(1, 3))
{'exact': '1/3', 'value': 0.3333333333333333}
>>> sorted(SCHEMAS)
['analyze', 'design', 'odds', 'replay', 'settle', 'strategy']
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from numbers import Rational
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import pandas as pd
else:
    from gamelib.lazy import pandas as pd

if TYPE_CHECKING:
    from .analysis.banked.common import BankedAnalysis
    from .analysis.odds.results import Odds
    from .analysis.par_sheet.figures import ParSheet
    from .engine.banked import Settlement

#: A JSON value as these functions build it.
Json = None | bool | int | float | str | list["Json"] | dict[str, "Json"]

_EXACT: dict[str, Json] = {
    "type": "object", "required": ["exact", "value"], "additionalProperties": False,
    "properties": {"exact": {"type": "string", "pattern": r"^-?\d+(/\d+)?$"}, "value": {"type": "number"}},
}
_EXACT_OR_NULL: dict[str, Json] = {"anyOf": [_EXACT, {"type": "null"}]}
_CELL: dict[str, Json] = {"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "number"}, _EXACT,
                                    {"type": "null"}, {"type": "boolean"}]}
_ROWS: dict[str, Json] = {"type": "array", "items": {"type": "object", "additionalProperties": _CELL}}


def _object(required: Mapping[str, Json], optional: Mapping[str, Json] | None = None) -> dict[str, Json]:
    props: dict[str, Json] = {**required, **(optional or {})}
    return {"type": "object", "required": list(required), "properties": props, "additionalProperties": False}


_PAR_SHEET: dict[str, Json] = _object({
    "title": {"type": "string"},
    "wagers": {"type": "array", "items": _object({
        "wager": {"type": "string"}, "name": {"type": "string"}, "expected_return": _EXACT, "house_edge": _EXACT,
        "hit_frequency": _EXACT, "standard_deviation": {"type": "number"}, "largest_net": _EXACT,
        "figures": {"type": "array", "items": {"type": "array", "items": {"type": "string"},
                                               "minItems": 2, "maxItems": 2}}})},
})

#: A hand record's player (``p1``, ``p2``, ...), and its stacks in whole chips, one per player.
_PLAYER: dict[str, Json] = {"type": "string", "pattern": "^p[1-9][0-9]*$"}
_CHIPS: dict[str, Json] = {"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 2}
_CHIPS_OR_NULL: dict[str, Json] = {"anyOf": [_CHIPS, {"type": "null"}]}

#: The JSON Schema of each command's ``--json`` output.
SCHEMAS: dict[str, dict[str, Json]] = {
    "analyze": {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "gamelib analyze --json",
                **_object({
                    "game": {"type": "string"}, "title": {"type": "string"},
                    "wagers": {"type": "array", "items": _object({
                        "wager": {"type": "string"}, "return": _EXACT,
                        "total_combinations": {"type": "integer"}, "outcomes": _ROWS})},
                    "main_wagers": {"type": "array", "items": {"type": "string"}},
                    "expected_return": _EXACT, "house_edge": _EXACT, "average_wager": _EXACT,
                    "element_of_risk": _EXACT_OR_NULL, "notes": {"type": "array", "items": {"type": "string"}},
                }, {"caps": _ROWS, "par_sheet": _PAR_SHEET})},
    "design": {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "gamelib design --json",
               **_object({
                   "game": {"type": "string"}, "table": {"type": "string"}, "measure": {"type": "string"},
                   "target": _EXACT, "candidates": {"type": "integer"},
                   "tables": {"type": "array", "items": _object({
                       "pays": {"type": "object", "additionalProperties": _EXACT},
                       "house_edge": _EXACT, "main_game_house_edge": _EXACT, "distance": _EXACT,
                       "player_advantage": {"type": "boolean"}}, {"strategy_changes": {"type": "integer"}})},
               })},
    "odds": {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "gamelib odds --json",
             **_object({
                 "game": {"type": "string"}, "title": {"type": "string"}, "street": {"type": "string"},
                 "method": {"type": "string"}, "exact": {"type": "boolean"}, "deals": {"type": "integer"},
                 "ways": {"type": "integer"},
                 "seed": {"type": ["integer", "null"]}, "standard_error": {"type": "number"},
                 "portions": {"type": "array", "items": {"type": "string"}},
                 "players": {"type": "array", "items": _object({
                     "seat": {"type": "integer"}, "cards": {"type": "string"}, "random": {"type": "boolean"},
                     "equity": _EXACT, "scoop": _EXACT, "equity_standard_error": {"type": "number"},
                     "draw": {"type": "string"},
                     "portions": {"type": "array", "items": _object({
                         "portion": {"type": "string"}, "win": _EXACT, "tie": _EXACT, "share": _EXACT})}})},
                 "notes": {"type": "array", "items": {"type": "string"}},
             })},
    "settle": {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "gamelib settle --json",
               **_object({
                   "game": {"type": "string"},
                   "hands": {"type": "object", "additionalProperties": {"type": "string"}},
                   "wagers": {"type": "array", "items": _object({
                       "wager": {"type": "string"}, "name": {"type": "string"}, "amount": {"type": "integer"},
                       "result": {"type": "integer"}, "reason": {"type": "string"}})},
                   "cap_reduction": {"type": "integer"}, "cap_reason": {"type": "string"},
                   "total": {"type": "integer"},
               })},
    "strategy": {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "gamelib strategy --json",
                 **_object({
                     "game": {"type": "string"}, "cards": {"type": "string"},
                     "community": {"type": ["string", "null"]}, "wagered": {"type": ["integer", "null"]},
                     "play": {"type": "string"},
                 })},
    "replay": {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "gamelib replay --json",
               **_object({
                   "variant": {"type": "string"}, "game": {"type": "string"}, "structure": {"type": "string"},
                   "players": {"type": ["array", "null"], "items": {"type": "string"}},
                   "starting_stacks": _CHIPS, "complete": {"type": "boolean"},
                   "finishing_stacks": _CHIPS_OR_NULL, "recorded_finishing_stacks": _CHIPS_OR_NULL,
                   "matches_record": {"type": ["boolean", "null"]},
                   "pots": {"type": "array", "items": _object({
                       "amount": {"type": "integer", "minimum": 0},
                       "eligible": {"type": "array", "items": _PLAYER}})},
                   "awards": {"type": "array", "items": _object({
                       "pot": {"type": "string"}, "amount": {"type": "integer", "minimum": 0},
                       "portion": {"type": "string"}, "share": {"type": "string", "pattern": r"^\d+(/\d+)?$"},
                       "chips": {"type": "integer", "minimum": 0},
                       "paid": {"type": "array", "items": {"type": "array",
                                                          "prefixItems": [_PLAYER, {"type": "integer"}],
                                                          "items": False, "minItems": 2}},
                       "reason": {"type": "string"}, "odd_chips": {"type": "array", "items": {"type": "string"}}})},
                   "mucked_at_showdown": {"type": "array", "items": _PLAYER},
                   "violation": {"anyOf": [{"type": "null"}, _object({
                       "action": {"type": "integer", "minimum": 1}, "rule": {"type": "string"},
                       "words": {"type": "string"}, "continuation": {"type": "string"}})]},
               })},
}


def exact(x: Rational | int) -> dict[str, Json]:
    """An exact number as ``{"exact": "p/q", "value": float}``."""
    f = Fraction(x)
    return {"exact": str(f), "value": float(f)}


def _cell(v: object) -> Json:
    """A table cell as JSON: fractions exact, numpy numbers as Python numbers, NaN as null."""
    if v is None or isinstance(v, (bool, np.bool_)):
        return None if v is None else bool(v)
    if isinstance(v, Fraction):
        return exact(v)
    if isinstance(v, (int, np.integer)):
        return int(v)
    if isinstance(v, (float, np.floating)):
        return None if math.isnan(float(v)) else float(v)
    return str(v)


def rows(frame: pd.DataFrame) -> list[Json]:
    """A DataFrame as a list of row objects, every cell converted by :func:`_cell`."""
    return [{str(k): _cell(v) for k, v in rec.items()} for rec in frame.to_dict("records")]


def par_sheet_json(sheet: ParSheet) -> dict[str, Json]:
    """A par sheet: each wager's (and the main game's) exact figures and the sheet's lines."""
    wagers: list[Json] = []
    for key, w in sheet.sheets().items():
        wagers.append({"wager": key, "name": w.name, "expected_return": exact(w.expected_return),
                       "house_edge": exact(w.house_edge), "hit_frequency": exact(w.hit_frequency),
                       "standard_deviation": float(w.standard_deviation), "largest_net": exact(w.largest_net),
                       "figures": [[a, b] for a, b in w.figures()]})
    return {"title": sheet.title, "wagers": wagers}


def analysis_json(a: BankedAnalysis, sheet: ParSheet | None = None) -> dict[str, Json]:
    """``analyze --json``: every wager's outcome table and exact return, the main game's figures."""
    wagers: list[Json] = []
    for key, table in a.tables.items():
        wagers.append({"wager": key,
                       "return": exact(a.returns[key]) if key in a.returns else exact(table.attrs["return"]),
                       "total_combinations": int(table.attrs["total"]), "outcomes": rows(table)})
    out: dict[str, Json] = {
        "game": a.game, "title": a.title, "wagers": wagers, "main_wagers": list(a.main_wagers),
        "expected_return": exact(a.expected_return), "house_edge": exact(a.house_edge),
        "average_wager": exact(a.average_wager),
        "element_of_risk": None if a.element_of_risk is None else exact(a.element_of_risk),
        "notes": [str(n) for n in a.notes],
    }
    if a.caps is not None:
        out["caps"] = rows(a.caps)
    if sheet is not None:
        out["par_sheet"] = par_sheet_json(sheet)
    return out


def odds_json(game: str, r: Odds) -> dict[str, Json]:
    """``odds --json``: each seat's exact (or sampled) chances, portion by portion."""
    players: list[Json] = []
    for p in r.players:
        players.append({"seat": p.seat, "cards": p.label, "random": bool(p.random), "equity": exact(p.equity),
                        "scoop": exact(p.scoop), "equity_standard_error": float(p.equity_se), "draw": p.draw,
                        "portions": [{"portion": q.name, "win": exact(q.win), "tie": exact(q.tie),
                                      "share": exact(q.share)} for q in p.portions]})
    return {"game": game, "title": r.title, "street": r.street, "method": r.method, "exact": bool(r.exact),
            "deals": int(r.deals),
            "ways": int(r.ways), "seed": r.seed, "standard_error": float(r.standard_error),
            "portions": list(r.portions), "players": players, "notes": list(r.notes)}


def settlement_json(game: str, s: Settlement) -> dict[str, Json]:
    """``settle --json``: each wager's result in dollars and why, the cap, the total."""
    return {"game": game, "hands": dict(s.hands),
            "wagers": [{"wager": r.wager, "name": r.name, "amount": r.amount, "result": r.result, "reason": r.reason}
                       for r in s.results],
            "cap_reduction": s.cap_reduction, "cap_reason": s.cap_reason, "total": s.total}


def design_json(game: str, found: pd.DataFrame, varied: Sequence[str]) -> dict[str, Json]:
    """``design --json``: the candidate tables nearest the target, each with both edges."""
    tables: list[Json] = []
    for rec in found.to_dict("records"):
        row: dict[str, Json] = {"pays": {k: exact(rec[k]) for k in varied},
                                "house_edge": exact(rec["house edge"]),
                                "main_game_house_edge": exact(rec["main game house edge"]),
                                "distance": exact(rec["distance"]),
                                "player_advantage": bool(rec["main game house edge"] < 0 or rec["house edge"] < 0)}
        if "strategy changes" in rec:
            row["strategy_changes"] = int(rec["strategy changes"])
        tables.append(row)
    return {"game": game, "table": str(found.attrs["table"]), "measure": str(found.attrs["measure"]),
            "target": exact(found.attrs["target"]), "candidates": int(found.attrs["candidates"]), "tables": tables}


__all__ = ["SCHEMAS", "Json", "exact", "rows", "analysis_json", "par_sheet_json", "odds_json", "settlement_json",
           "design_json"]
