"""The pot games' odds calculator: every deal, or a seeded sample, judged and tallied.

The front door of the family; what the book, the widgets and the command line call.

- :mod:`.calculator`: :func:`odds`, the one entry point;
- :mod:`.question`: the question checked and laid out as the groups of cards to deal;
- :mod:`.deals`: every deal or a seeded sample, judged and tallied;
- :mod:`.tables`: every deal counted from tables of each seat's values, each distinct hand
  valued once (where each value depends on one group of cards to deal);
- :mod:`.boards`: the fast path for board games (each board judged once per subset);
- :mod:`.draws`: the automatic player's draws, decided for many hands at once;
- :mod:`.deal_by_deal`: those draws made deal by deal, exact or sampled;
- :mod:`.results`: the answer (:class:`Odds`, :class:`PlayerOdds`, :class:`PortionOdds`) and the
  progress bar.

>>> from gamelib.analysis.odds import odds
>>> odds("badugi", ["As 2d 3h 4c", "Ks Qd Jh Tc"]).players[0].equity
Fraction(1, 1)
"""

from __future__ import annotations

from .calculator import (
                         AUTO_DECISIONS,
                         AUTO_SAMPLES,
                         DEFAULT_BUDGET,
                         DEFAULT_SAMPLES,
                         PAT_WORDS,
                         RANDOM_WORDS,
                         Odds,
                         PlayerOdds,
                         PortionOdds,
                         ProgressBar,
                         odds,
)

__all__ = ["odds", "ProgressBar", "Odds", "PlayerOdds", "PortionOdds", "DEFAULT_BUDGET", "DEFAULT_SAMPLES",
           "AUTO_SAMPLES", "AUTO_DECISIONS", "RANDOM_WORDS", "PAT_WORDS"]
