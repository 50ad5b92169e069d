"""Real hand records shipped with gamelib: published hands of the games gamelib shares with PHH.

The records in the package folder ``hands/`` are televised final-table hands of the World
Series of Poker (Seven Card Stud Eight or Better and Deuce-to-Seven Triple Draw), as
transcribed in pokerkit's tests and in the PHH specification's examples; each names its
source in its ``_source`` field, and ``hands/README.md`` says where each came from. The
trainer's replay drill deals its questions from them, and the dispute desk offers them as
examples.

``published_names(game)`` lists the records (of one game, or all), ``published(name)`` reads
one as a ``HandRecord``, ``published_text(name)`` gives its PHH text as shipped.

>>> published_games()
('27-triple-draw', 'stud8')
>>> published_names("27-triple-draw")[0], published("wsop-2019-58-yockey-arieh").variant
('wsop-2019-58-yockey-arieh', 'F2L3D')
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from ..errors import shown
from ..games import GAMES
from .record import HandRecord, HandRecordError, loads
from .variants import read_game


@lru_cache(maxsize=1)
def _texts() -> dict[str, str]:
    folder = resources.files(__package__ or "gamelib.handhistory") / "hands"
    return {f.name[:-len(".phh")]: f.read_text(encoding="utf-8")
            for f in sorted(folder.iterdir(), key=lambda f: f.name) if f.name.endswith(".phh")}


@lru_cache(maxsize=1)
def _games() -> dict[str, str]:
    return {name: read_game(loads(text))[0].key for name, text in _texts().items()}


def published_names(game: str | None = None) -> list[str]:
    """The shipped records' names (of ``game``'s hands only, if given), sorted.

    >>> len(published_names()), len(published_names("stud8"))
    (21, 13)
    """
    return [n for n, g in _games().items() if game is None or g == game]


def published_games() -> tuple[str, ...]:
    """The games the shipped records are of, in the book's order of games."""
    have = set(_games().values())
    return tuple(g for g in GAMES if g in have)


def published_text(name: str) -> str:
    """The PHH text of the shipped record ``name``, as shipped.

    >>> published_text("wsop-2019-58-yockey-arieh").splitlines()[0]
    'variant = "F2L3D"'
    """
    if name not in _texts():
        raise HandRecordError(f"no shipped hand record {shown(name)}; they are: {', '.join(_texts())}")
    return _texts()[name]


def published(name: str) -> HandRecord:
    """The shipped record ``name``, read.

    >>> published("wsop-2023-43-5-48-02-09-20").starting_stacks[:2]
    [4425000, 1850000]
    """
    return loads(published_text(name))


__all__ = ["published", "published_games", "published_names", "published_text"]
