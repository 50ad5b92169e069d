"""The answer of the odds calculator (``gamelib.analysis.odds.odds``): every player's chances
per portion of the pot (``PortionOdds``, ``PlayerOdds``), how many deals were judged and how
(``Odds``, with its plain-text table and its DataFrame), and the command line's progress bar.

>>> r = Odds("Badugi", ("badugi",), (), deals=44, exact=True, seed=None)
>>> r.method, r.ways
('exact, 44 deals', 44)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, TextIO

from ...cards import format_cards

if TYPE_CHECKING:
    import pandas as pd
else:
    from gamelib.lazy import pandas as pd


@dataclass(frozen=True)
class PortionOdds:
    """One player's chances in one portion of the pot.

    ``win``: the player takes the portion alone; ``tie``: the player shares it; ``share``: the
    share of the whole pot the portion brings the player on average.

    >>> PortionOdds("high", Fraction(1, 2), Fraction(0), Fraction(1, 4)).share
    Fraction(1, 4)
    """

    name: str
    win: Fraction
    tie: Fraction
    share: Fraction


@dataclass(frozen=True)
class PlayerOdds:
    """One player's chances: per portion, the expected share of the pot (``equity``) and the
    chance to take the whole pot alone (``scoop``); ``equity_se`` is the standard error of a
    sampled equity (0 when exact).

    >>> from gamelib.analysis.odds import odds
    >>> odds("badugi", ["As 2d 3h 4c", "Ks Qd Jh Tc"]).players[1].scoop
    Fraction(0, 1)
    """

    seat: int
    cards: tuple[int, ...]
    random: bool
    portions: tuple[PortionOdds, ...]
    equity: Fraction
    scoop: Fraction
    equity_se: float = 0.0
    draw: str = ""

    @property
    def label(self) -> str:
        """The player's known cards, or ``random``.

        >>> from gamelib.analysis.odds import odds
        >>> odds("badugi", ["As 2d 3h 4c", None]).players[1].label
        'random'
        """
        if self.random:
            return "random"
        return format_cards(self.cards) or "no cards known"


@dataclass(frozen=True)
class Odds:
    """The answer of ``odds``: every player's chances, how many deals were judged and how.

    >>> from gamelib.analysis.odds import odds
    >>> print(odds("badugi", ["As 2d 3h 4c", "Ks Qd Jh Tc"]).text().splitlines()[0])
    Badugi odds after the third draw: exact, 1 deal
    """

    title: str
    portions: tuple[str, ...]
    players: tuple[PlayerOdds, ...]
    deals: int
    exact: bool
    seed: int | None
    notes: tuple[str, ...] = ()
    #: The hands were valued from tables built once (``GroupTables``, ``BoardTables``), not deal by deal.
    from_tables: bool = field(default=False, compare=False)
    ways: int = 0
    drawn: bool = False
    flops: int = 0
    #: Where in the hand the question stands ("on fifth street", "on the flop"; ``OddsQuestion.street``).
    street: str = ""

    def __post_init__(self) -> None:
        if not self.ways:
            object.__setattr__(self, "ways", self.deals)

    @property
    def standard_error(self) -> float:
        """The largest standard error of a player's equity (0 when exact).

        >>> from gamelib.analysis.odds import odds
        >>> odds("badugi", ["8s 6d 4h 2c", None], samples=500, budget=10).standard_error > 0
        True
        """
        return max((p.equity_se for p in self.players), default=0.0)

    @property
    def method(self) -> str:
        """How the chances were found, in words: exact over every deal, or sampled (on ``flops``
        sampled flops, several deals each, when the automatic player's draw reads the flop).

        >>> from gamelib.analysis.odds import odds
        >>> odds("badugi", ["As 2d 3h 4c", "Ks Qd Jh Tc"], discards=["", "Ks"]).method
        'exact, 44 deals'
        """
        plural = "" if self.deals == 1 else "s"
        drawn = ", the automatic player drawing deal by deal" if self.drawn else ""
        if self.exact:
            weighted = f" (each weighted by its chance: {self.ways:,} equal ways)" if self.ways != self.deals else ""
            return f"exact, {self.deals:,} deal{plural}{drawn}{weighted}"
        flops = (f" on {self.flops:,} sampled flop{'s' if self.flops != 1 else ''} (the standard error from "
                 f"the spread between flops)" if self.flops else "")
        return (f"sampled, {self.deals:,} deal{plural}{flops}, seed {self.seed}, "
                f"standard error {self.standard_error:.4f}{drawn}")

    def frame(self) -> pd.DataFrame:
        """One row per seat and portion: the deals (out of ``deals``) the seat wins the portion
        alone and ties for it, its exact share of the pot from the portion (a ``Fraction``),
        and the seat's equity and scoop on its rows. When the automatic player's draws make
        some deals likelier than others, ``deals`` is the number of equally likely ways
        (``Odds.ways``) and the counts are out of it.

        >>> from gamelib.analysis.odds import odds
        >>> df = odds("badugi", ["As 2d 3h Kh", "2c 4d 6h 8s"], discards=["Kh", ""]).frame()
        >>> df[["seat", "portion", "wins", "ties", "deals"]].values.tolist()
        [[0, 'badugi', 5, 0, 44], [1, 'badugi', 39, 0, 44]]
        """
        rows = []
        for p in self.players:
            for q in p.portions:
                rows.append({"seat": p.seat, "cards": p.label, "portion": q.name,
                             "wins": int(q.win * self.ways), "ties": int(q.tie * self.ways), "deals": self.ways,
                             "share": q.share, "equity": p.equity, "scoop": p.scoop})
        return pd.DataFrame(rows)

    def text(self) -> str:
        """A plain-text table: one line per player, then each portion's win, tie and share.

        >>> from gamelib.analysis.odds import odds
        >>> print(odds("a5-triple-draw", ["As 2d 3h 4c 5s", "Ac 2h 3c 4d 6d"]).text())
        Ace-to-Five Triple Draw odds after the third draw: exact, 1 deal
        seat 0  As 2d 3h 4c 5s        equity 100.00%  scoop 100.00%  low win 100.00% tie 0.00%
        seat 1  Ac 2h 3c 4d 6d        equity   0.00%  scoop   0.00%  low win 0.00% tie 0.00%
        """
        where = f" {self.street}" if self.street else ""
        lines = [f"{self.title} odds{where}: {self.method}"]
        for p in self.players:
            parts = "  ".join(f"{q.name} win {float(q.win):.2%} tie {float(q.tie):.2%}" for q in p.portions)
            draw = f" ({p.draw})" if p.draw else ""
            lines.append(f"seat {p.seat}  {p.label + draw:<20}  equity {float(p.equity):7.2%}  "
                         f"scoop {float(p.scoop):7.2%}  {parts}")
        lines.extend(self.notes)
        return "\n".join(lines)


class ProgressBar:
    """A text progress bar for ``odds(progress=...)``, drawn on ``stream`` (the command line's
    stderr) for a long run: ``long`` deals or more, or once it has lasted ``after`` seconds.

    >>> import io
    >>> out = io.StringIO()
    >>> bar = ProgressBar(out, long=100)
    >>> bar(50, 100); bar(100, 100)
    >>> out.getvalue().splitlines()[-1].strip()
    '[########################################] 100% of 100 deals'
    """

    def __init__(self, stream: TextIO, after: float = 0.5, long: int = 250_000, width: int = 40) -> None:
        self.stream = stream
        self.after = after
        self.long = long
        self.width = width
        self.start = time.perf_counter()
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        if not (self.shown or total >= self.long or time.perf_counter() - self.start >= self.after):
            return
        self.shown = True
        filled = self.width * done // max(total, 1)
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done * 100 // max(total, 1):3d}% "
                          f"of {total:,} deals")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


__all__ = ["Odds", "PlayerOdds", "PortionOdds", "ProgressBar"]
